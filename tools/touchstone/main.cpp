// touchstone: a conformance harness and exact reference implementation for ONNX operators.
#include <iostream>

#include "reference/error.h"
#include "reports/escape.h"
#include "tools/touchstone/commands.h"

int main(int argc, char** argv) {
  using namespace touchstone;
  CLI::App app{
      "touchstone: certify ONNX backends op-version by op-version against an exact reference.\n"
      "Exit status: 0 ok, 1 the check failed or the model is invalid, 2 usage or I/O error."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "touchstone " TOUCHSTONE_VERSION);
  cli::Action action;
  for (auto add : cli::kCommands) add(app, action);
  // An unknown command word gets a message that names the commands, not a parse error.
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    std::string names;
    for (const auto* sub : app.get_subcommands({})) {
      known |= sub->check_name(argv[1]);
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    if (!known) {
      std::cerr << "touchstone: unknown command '" << argv[1] << "'; the commands are " << names
                << " (touchstone --help, touchstone <command> --help)\n";
      return cli::kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? cli::kExitOk : cli::kExitUsage;
  }
  try {
    return action();
  } catch (const Error& e) {
    std::cerr << "touchstone: " << error_kind_name(e.kind()) << ": " << reports::terminal_escape(e.what(), true) << "\n";
    return e.kind() == ErrorKind::kInvalidModel ? cli::kExitFailed : cli::kExitUsage;
  } catch (const std::invalid_argument& e) {  // what the caller must supply or fix (a missing --dim)
    std::cerr << "touchstone: " << reports::terminal_escape(e.what(), true) << "\n";
    return cli::kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "touchstone: internal error: " << reports::terminal_escape(e.what(), true) << "\n";
    return cli::kExitUsage;
  }
}
