// The backends touchstone knows by name, their options, and whether each is installed:
// what `touchstone backends` lists and what `--backend NAME --backend-option K=V` checks.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace touchstone::harness {

struct BackendOption {
  std::string name;           // as given on the command line: graph_optimization
  std::string env;            // the adapter reads it from this environment variable
  std::string default_value;  // what the adapter uses when the option is not given
  std::vector<std::string> values;  // the allowed values; empty: a non-negative integer
  std::string help;
};

struct KnownBackend {
  std::string name;
  std::string description;
  std::string kind;     // "in-process", "node adapter", "plugin"
  std::string adapter;  // a node adapter's script, relative to the repository root ("" otherwise)
  std::string package;  // the npm package the adapter drives ("" otherwise)
  std::string install;  // the command that installs it
  std::vector<BackendOption> options;
  // harness/expected_failures/<this>.txt holds its known failures ("" : its own name).
  std::string expected_failures;
  // A plugin backend's shared library, built beside the touchstone executable ("" : none).
  std::string plugin;
};

// reference, expected, onnxruntime, onnxruntime-web, onnxjs, opencv (plugin:… and command:… are
// open-ended and take no options).
const std::vector<KnownBackend>& known_backends();
const KnownBackend* find_backend(const std::string& name);

struct BackendStatus {
  bool installed = false;
  std::string version;  // the package's version when installed
  std::string why;      // what is missing when not installed
};
// `build_dir` holds the touchstone executable and the plugins built with it.
BackendStatus backend_status(const KnownBackend& backend, const std::filesystem::path& repo_root,
                             const std::filesystem::path& build_dir);

// Parses "K=V" words into a map; throws kIo for a malformed word or a repeated name.
std::map<std::string, std::string> parse_backend_options(const std::vector<std::string>& words);

// Checks `options` against the backend's and returns the environment the adapter gets.
// Throws kIo naming the backend, the option and what is allowed: an unknown name, a bad
// value, or options for a backend that takes none.
std::map<std::string, std::string> backend_option_env(const std::string& backend,
                                                      const std::map<std::string, std::string>& options);

}  // namespace touchstone::harness
