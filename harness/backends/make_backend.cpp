// make_backend(): a backend by name (reference, expected, a known adapter or plugin,
// plugin:<lib>, command:<argv>), with what its sandbox lets it see of its own files.
#include <sstream>

#include "harness/backend.h"
#include "harness/backends/registry.h"
#include "harness/sandbox.h"
#include "reference/tensor_proto.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// A `command:` adapter's arguments that name a file (a script) or a folder: the script's
// folder (its modules) or the folder is bound, and the argument made absolute (the
// sandbox starts in /tmp).
std::vector<fs::path> argument_folders(std::vector<std::string>& argv) {
  std::vector<fs::path> install;
  for (size_t i = 1; i < argv.size(); ++i) {
    std::error_code ec;
    const auto st = fs::status(argv[i], ec);
    if (ec || !(fs::is_regular_file(st) || fs::is_directory(st))) continue;
    const fs::path p = fs::absolute(argv[i]).lexically_normal();
    argv[i] = p.string();
    if (!in_system_folders(p)) install.push_back(fs::is_directory(st) ? p : p.parent_path());
  }
  return install;
}

}  // namespace

std::unique_ptr<Backend> make_backend(const BackendSpec& spec) {
  const std::string& name = spec.name;
  // The adapter applies the same tensor size limit as the runner, and gets its options.
  std::map<std::string, std::string> env = backend_option_env(name, spec.options);
  env["TOUCHSTONE_MAX_TENSOR_BYTES"] = std::to_string(max_tensor_bytes());
  const auto make_process_backend = [&](std::vector<std::string> argv, std::vector<fs::path> install) {
    return harness::make_process_backend(std::move(argv), env, spec, std::move(install));
  };
  if (name == "reference") return make_reference_backend();
  if (name == "expected") return make_expected_backend();
  if (const KnownBackend* known = find_backend(name); known && !known->plugin.empty()) {
    const fs::path build_dir = spec.plugin_worker.parent_path();
    const BackendStatus status = backend_status(*known, spec.repo_root, build_dir);
    if (!status.installed) io_error("backend '" + name + "': " + status.why);
    const fs::path lib = build_dir / known->plugin;
    return make_process_backend({spec.plugin_worker.string(), lib.string()}, {lib});
  }
  if (const KnownBackend* known = find_backend(name); known && !known->adapter.empty()) {
    const fs::path adapter = fs::absolute(spec.repo_root / known->adapter);
    if (!fs::exists(adapter))
      io_error(adapter.string() + ": not found (set --root or TOUCHSTONE_ROOT to the touchstone checkout)");
    const BackendStatus status = backend_status(*known, spec.repo_root, spec.plugin_worker.parent_path());
    if (!status.installed) io_error("backend '" + name + "': " + status.why);
    // The adapters' folder with their npm packages (onnxruntime-web's uses onnxruntime's lib/).
    return make_process_backend({"node", adapter.string()}, {adapter.parent_path().parent_path()});
  }
  if (name.rfind("plugin:", 0) == 0) {
    const std::string lib = name.substr(7);
    if (!fs::exists(lib)) io_error(lib + ": plugin library not found");
    return make_process_backend({spec.plugin_worker.string(), fs::absolute(lib).string()}, {fs::absolute(lib)});
  }
  if (name.rfind("command:", 0) == 0) {
    auto argv = split_words(name.substr(8));
    if (argv.empty()) io_error("backend 'command:' needs a command line");
    std::vector<fs::path> install = argument_folders(argv);
    return make_process_backend(std::move(argv), std::move(install));
  }
  std::string names;
  for (const auto& b : known_backends()) names += b.name + ", ";
  io_error("unknown backend '" + name + "'; known: " + names +
           "plugin:<library.so>, command:<program and arguments> (see `touchstone backends`)");
}

}  // namespace touchstone::harness
