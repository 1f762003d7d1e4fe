// touchstone backends: each backend touchstone knows by name, its version, whether it is
// installed (and how to install it), and its options for --backend-option.
#include <iostream>
#include <nlohmann/json.hpp>

#include "harness/backends/registry.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct BackendsOptions {
  bool json = false;
  std::string root;
};

std::string join(const std::vector<std::string>& words, const char* sep) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

int run_backends(const BackendsOptions& o) {
  const auto root = find_root(o.root);
  std::error_code ec;
  const auto build_dir = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  nlohmann::json all = nlohmann::json::array();
  for (const auto& b : harness::known_backends()) {
    const auto status = harness::backend_status(b, root, build_dir);
    nlohmann::json options = nlohmann::json::array();
    for (const auto& opt : b.options)
      options.push_back({{"name", opt.name}, {"default", opt.default_value}, {"values", opt.values}, {"help", opt.help}});
    all.push_back({{"name", b.name}, {"description", b.description}, {"kind", b.kind}, {"installed", status.installed},
                   {"version", status.version}, {"why", status.why}, {"install", b.install}, {"options", options}});
    if (o.json) continue;
    std::cout << b.name << "  (" << b.kind << ")\n  " << b.description << "\n";
    if (!b.adapter.empty() || !b.plugin.empty()) {
      if (status.installed) {
        std::cout << "  installed: " << (b.plugin.empty() ? b.package + " " + status.version : b.plugin) << "\n";
      } else {
        std::cout << "  not installed: " << status.why << "\n";
      }
    }
    for (const auto& opt : b.options) {
      std::cout << "  --backend-option " << opt.name << "="
                << (opt.values.empty() ? std::string("N") : join(opt.values, "|")) << "  (default " << opt.default_value
                << ")\n      " << opt.help << "\n";
    }
    std::cout << "\n";
  }
  if (o.json) {
    std::cout << all.dump(2) << "\n";
  } else {
    std::cout << "plugin:<library.so>  a shared library behind harness/plugin/touchstone_plugin.h\n"
                 "command:<program and arguments>  any program speaking harness/PROTOCOL.md\n";
  }
  return kExitOk;
}

}  // namespace

void add_backends_command(CLI::App& app, Action& action) {
  auto o = std::make_shared<BackendsOptions>();
  auto* sub = app.add_subcommand("backends",
                                 "List the backends touchstone knows by name: version, whether installed (and the\n"
                                 "command that installs it), and the options --backend-option accepts.");
  sub->add_flag("--json", o->json, "Print JSON instead of text");
  sub->add_option("--root", o->root, "The touchstone checkout (default: found from the executable or TOUCHSTONE_ROOT)");
  sub->callback([o, &action] { action = [o] { return run_backends(*o); }; });
}

}  // namespace touchstone::cli
