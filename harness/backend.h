// Backends: what runs a case and answers with outputs or a classified failure.
// A Backend object belongs to one worker and runs one case at a time. Running is split
// in two so that the runner can compute the oracle while a process backend works:
// submit() hands the case over, collect() waits for the answer (the oldest answer, when a
// backend that pipelines holds the next case too).
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cases/suite.h"
#include "harness/verdict.h"

namespace touchstone::harness {

struct BackendInfo {
  std::string name;     // "onnxruntime"
  std::string version;  // the backend's own version
  std::string hello;    // a process adapter's hello line (JSON), for the report
};

struct CaseContents;  // harness/case_contents.h

// The files of one case, in ONNX's backend-test layout (one test_data_set_N).
struct CaseFiles {
  std::filesystem::path model;
  std::vector<std::filesystem::path> inputs;    // input_0.pb, input_1.pb, ... in order
  std::vector<std::filesystem::path> expected;  // output_0.pb, ... (may be empty)
  int data_set = 0;                             // N of test_data_set_N
  // The files' bytes, read once (harness/case_contents.h); unset: read from the paths.
  // A generated case has only these: its paths name files that do not exist.
  std::shared_ptr<const CaseContents> contents;
  static CaseFiles of(const std::filesystem::path& case_dir, int data_set = 0);
  // Every test_data_set_N of the case, by N (one with no inputs when there is none).
  static std::vector<CaseFiles> sets(const std::filesystem::path& case_dir);
};

class Backend {
 public:
  virtual ~Backend() = default;
  // Starts the backend if it needs starting (a process says hello); throws kIo on failure.
  virtual BackendInfo info() = 0;
  // `output_dir` is an empty folder (the runner empties it off the critical path), so a
  // file found there after the answer was written for this case.
  virtual void submit(const std::string& id, const CaseFiles& files, const std::filesystem::path& output_dir,
                      double timeout_s) = 0;
  virtual BackendOutcome collect() = 0;
  // True when submit() may be called once more before collect(): the backend then holds two
  // cases, runs them in order and collect() answers the older first (a process adapter
  // whose hello says "pipelining": true). Known after info().
  virtual bool pipelines() const { return false; }
  virtual void shutdown() {}
  // True for a backend outside this process: the runner hands it a private copy of the
  // case's model and inputs (never the expected outputs) and names its output files.
  virtual bool isolated() const { return false; }
  // An isolated backend's own folder, made when it is created and bound into its sandbox
  // at every start: the runner stages cases in its case0/ and case1/ and names out0/ and
  // out1/ for the outputs. Empty: the runner uses a folder of its own.
  virtual std::filesystem::path work_folder() const { return {}; }
  // How the backend runs, for the report and the terminal (harness/sandbox.h): "namespaces
  // (bubblewrap 0.8.0); memory ..., CPU ... per adapter process", "not isolated: <why>; ...",
  // "in process (no adapter)".
  virtual std::string isolation() const { return "in process (no adapter)"; }
  BackendOutcome run(const std::string& id, const CaseFiles& files, const std::filesystem::path& output_dir,
                     double timeout_s) {
    submit(id, files, output_dir, timeout_s);
    return collect();
  }
};

// The reference, in process.
std::unique_ptr<Backend> make_reference_backend();
// The outputs stored in the suite (output_N.pb); unsupported when a case has none.
std::unique_ptr<Backend> make_expected_backend();
// A program speaking PROTOCOL.md; restarted after a crash, a timeout or a garbled answer.
// Reply lines longer than `max_line_bytes` are a protocol error.
struct BackendSpec;
std::unique_ptr<Backend> make_process_backend(std::vector<std::string> argv,
                                              std::map<std::string, std::string> env = {},
                                              size_t max_line_bytes = size_t{1} << 20);
// The same under `spec`'s sandbox, limits and scratch base; `install` is what the adapter
// sees of its own files (harness/sandbox.h).
std::unique_ptr<Backend> make_process_backend(std::vector<std::string> argv, std::map<std::string, std::string> env,
                                              const BackendSpec& spec, std::vector<std::filesystem::path> install);

// Text from a backend made fit for a message: terminal escape sequences (colours) dropped,
// other control characters but newline and tab replaced by '?'.
std::string plain_text(const std::string& text);

// How the runner finds backends by name.
struct BackendSpec {
  std::string name;  // as given: reference, expected, onnxruntime, ..., plugin:<lib>, command:<argv>
  std::map<std::string, std::string> options;  // --backend-option NAME=VALUE (backends/registry.h)
  std::filesystem::path repo_root;    // holds harness/backends/...
  std::filesystem::path plugin_worker;  // the touchstone-plugin-worker executable
  size_t max_line_bytes = size_t{1} << 20;  // longest reply line a process adapter may send
  // Process adapters run in the sandbox of harness/sandbox.h; false (--no-sandbox): not
  // isolated, and the report says so. Either way their memory and CPU time are limited:
  // 0 is the default (half the machine's memory; an hour of CPU per adapter process).
  bool sandbox = true;
  uint64_t adapter_memory_bytes = 0;
  uint64_t adapter_cpu_seconds = 0;
  std::vector<std::filesystem::path> hidden;  // never seen by an adapter: the suite, the report folder
  std::filesystem::path scratch_base;         // where adapters' work folders are made ("": /dev/shm or temp)
};
// Throws kIo with the names it knows for an unknown name.
std::unique_ptr<Backend> make_backend(const BackendSpec& spec);

}  // namespace touchstone::harness
