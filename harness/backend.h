// Backends: what runs a case and answers with outputs or a classified failure.
// A Backend object belongs to one worker and runs one case at a time. Running is split
// in two so that the runner can compute the oracle while a process backend works:
// submit() hands the case over, collect() waits for the answer.
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

// The files of one case, in ONNX's backend-test layout (test_data_set_0).
struct CaseFiles {
  std::filesystem::path model;
  std::vector<std::filesystem::path> inputs;    // input_0.pb, input_1.pb, ... in order
  std::vector<std::filesystem::path> expected;  // output_0.pb, ... (may be empty)
  static CaseFiles of(const std::filesystem::path& case_dir);
};

class Backend {
 public:
  virtual ~Backend() = default;
  // Starts the backend if it needs starting (a process says hello); throws kIo on failure.
  virtual BackendInfo info() = 0;
  virtual void submit(const std::string& id, const CaseFiles& files, const std::filesystem::path& output_dir,
                      double timeout_s) = 0;
  virtual BackendOutcome collect() = 0;
  virtual void shutdown() {}
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
std::unique_ptr<Backend> make_process_backend(std::vector<std::string> argv,
                                              std::map<std::string, std::string> env = {});

// How the runner finds backends by name.
struct BackendSpec {
  std::string name;  // as given: reference, expected, onnxruntime, plugin:<lib>, command:<argv>
  std::filesystem::path repo_root;    // holds harness/backends/...
  std::filesystem::path plugin_worker;  // the touchstone-plugin-worker executable
};
// Throws kIo with the names it knows for an unknown name.
std::unique_ptr<Backend> make_backend(const BackendSpec& spec);

}  // namespace touchstone::harness
