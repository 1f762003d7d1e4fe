#include "harness/backends/registry.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "reference/error.h"

namespace fs = std::filesystem;

namespace touchstone::harness {

namespace {

const std::vector<std::string> kOptLevels = {"disabled", "basic", "extended", "layout", "all"};

BackendOption graph_optimization() {
  return {"graph_optimization", "TOUCHSTONE_ORT_OPT_LEVEL", "disabled", kOptLevels,
          "ONNX Runtime's graph optimizations (fusions and constant folding change numerics and which kernel "
          "runs; off by default so that a difference points at the op's kernel)"};
}

}  // namespace

const std::vector<KnownBackend>& known_backends() {
  static const std::vector<KnownBackend> backends = {
      {"reference", "touchstone's own exact reference", "in-process", "", "", "", {}, "", ""},
      {"expected", "the outputs stored in the suite (output_N.pb)", "in-process", "", "", "", {}, "", ""},
      {"onnxruntime",
       "ONNX Runtime's CPU execution provider through npm onnxruntime-node (native library bundled)",
       "node adapter",
       "harness/backends/onnxruntime/adapter.js",
       "onnxruntime-node",
       "harness/backends/onnxruntime/install.sh",
       {graph_optimization(),
        {"threads", "TOUCHSTONE_ORT_THREADS", "1", {}, "intra-op threads (0: ONNX Runtime chooses)"}},
       "",
       ""},
      {"onnxruntime-web",
       "ONNX Runtime compiled to WebAssembly (npm onnxruntime-web), its wasm execution provider under Node.js, "
       "one thread",
       "node adapter",
       "harness/backends/onnxruntime-web/adapter.js",
       "onnxruntime-web",
       "harness/backends/install.sh onnxruntime-web",
       {graph_optimization()},
       "onnxruntime",  // the same ONNX Runtime core, so the same known failures
       ""},
      {"onnxjs",
       "onnxjs, Microsoft's earlier independent JavaScript ONNX runtime (npm onnxjs, no longer developed), "
       "under Node.js",
       "node adapter",
       "harness/backends/onnxjs/adapter.js",
       "onnxjs",
       "harness/backends/install.sh onnxjs",
       {{"backend", "TOUCHSTONE_ONNXJS_BACKEND", "cpu", {"cpu", "wasm"},
         "onnxjs's backend: JavaScript kernels (cpu) or its WebAssembly kernels with cpu for the rest (wasm)"}},
       "",
       ""},
      {"opencv",
       "OpenCV's DNN module (Debian libopencv-dnn-dev) through the plugin ABI: readNetFromONNX, its own CPU "
       "backend, float32 only",
       "plugin",
       "",
       "",
       "apt-get install libopencv-dnn-dev, then rebuild (tools/build.sh)",
       {},
       "",
       "libtouchstone_opencv_plugin.so"},
  };
  return backends;
}

const KnownBackend* find_backend(const std::string& name) {
  for (const auto& b : known_backends())
    if (b.name == name) return &b;
  return nullptr;
}

BackendStatus backend_status(const KnownBackend& backend, const fs::path& repo_root, const fs::path& build_dir) {
  BackendStatus status;
  if (!backend.plugin.empty()) {
    status.installed = fs::exists(build_dir / backend.plugin);
    if (!status.installed) status.why = (build_dir / backend.plugin).string() + " not built (" + backend.install + ")";
    return status;
  }
  if (backend.adapter.empty()) {
    status.installed = true;
    return status;
  }
  const fs::path adapter = repo_root / backend.adapter;
  if (!fs::exists(adapter)) {
    status.why = adapter.string() + " not found";
    return status;
  }
  const fs::path package = adapter.parent_path() / "node_modules" / backend.package / "package.json";
  std::ifstream in(package);
  if (!in) {
    status.why = "npm package " + backend.package + " not installed (run " + backend.install + ")";
    return status;
  }
  try {
    status.version = nlohmann::json::parse(in).value("version", "");
    status.installed = true;
  } catch (const std::exception& e) {
    status.why = package.string() + ": " + e.what();
  }
  return status;
}

std::map<std::string, std::string> parse_backend_options(const std::vector<std::string>& words) {
  std::map<std::string, std::string> options;
  for (const auto& word : words) {
    const auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
      io_error("--backend-option '" + word + "': expected NAME=VALUE (see `touchstone backends`)");
    const std::string name = word.substr(0, eq);
    if (!options.emplace(name, word.substr(eq + 1)).second)
      io_error("--backend-option " + name + " is given twice");
  }
  return options;
}

std::map<std::string, std::string> backend_option_env(const std::string& backend,
                                                      const std::map<std::string, std::string>& options) {
  std::map<std::string, std::string> env;
  if (options.empty()) return env;
  const KnownBackend* known = find_backend(backend);
  if (!known || known->options.empty())
    io_error("backend '" + backend + "' takes no options (see `touchstone backends`)");
  for (const auto& [name, value] : options) {
    const BackendOption* option = nullptr;
    std::string names;
    for (const auto& o : known->options) {
      if (o.name == name) option = &o;
      names += (names.empty() ? "" : ", ") + o.name;
    }
    if (!option) io_error("backend '" + backend + "' has no option '" + name + "'; its options: " + names);
    bool ok = false;
    std::string allowed;
    if (option->values.empty()) {
      ok = !value.empty() && value.size() < 6 && value.find_first_not_of("0123456789") == std::string::npos;
      allowed = "a non-negative integer";
    } else {
      for (const auto& v : option->values) {
        ok |= v == value;
        allowed += (allowed.empty() ? "" : ", ") + v;
      }
    }
    if (!ok) io_error("backend '" + backend + "' option " + name + "='" + value + "': must be " + allowed);
    env[option->env] = value;
  }
  return env;
}

}  // namespace touchstone::harness
