// The touchstone subcommands. Each file adds one subcommand to the CLI11 app; parsing
// only records the options and sets `action`, so the command line is testable without
// doing any work. Exit codes: 0 ok, 1 the thing checked failed (or the model is
// invalid), 2 usage or I/O error.
#pragma once
#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <string>

namespace touchstone::cli {

using Action = std::function<int()>;

// The touchstone checkout (holds harness/backends/...): `option` (--root) when given, else
// TOUCHSTONE_ROOT, the folders above the executable, the source folder it was built from.
std::filesystem::path find_root(const std::string& option);

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

void add_ops_command(CLI::App& app, Action& action);
void add_spec_command(CLI::App& app, Action& action);
void add_eval_command(CLI::App& app, Action& action);
void add_run_command(CLI::App& app, Action& action);
void add_backends_command(CLI::App& app, Action& action);
void add_generate_command(CLI::App& app, Action& action);
void add_coverage_command(CLI::App& app, Action& action);
void add_report_command(CLI::App& app, Action& action);
void add_diff_command(CLI::App& app, Action& action);
void add_model_command(CLI::App& app, Action& action);

// Every subcommand, in the order `touchstone --help` lists them.
inline constexpr void (*kCommands[])(CLI::App&, Action&) = {
    add_ops_command,
    add_spec_command,
    add_eval_command,
    add_run_command,
    add_backends_command,
    add_generate_command,
    add_coverage_command,
    add_report_command,
    add_diff_command,
    add_model_command,
};

}  // namespace touchstone::cli
