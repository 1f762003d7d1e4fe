// The in-process backends: the reference itself, and the outputs stored in a suite.
#include "harness/backend.h"
#include "harness/oracle.h"
#include "reference/tensor_proto.h"

namespace touchstone::harness {

namespace {

class ReferenceBackend : public Backend {
 public:
  BackendInfo info() override { return {"reference", "touchstone " TOUCHSTONE_VERSION, ""}; }
  void submit(const std::string&, const CaseFiles& files, const std::filesystem::path&, double) override {
    files_ = files;
  }
  BackendOutcome collect() override {
    BackendOutcome o;
    try {
      o.outputs = run_reference(files_).outputs;  // tensors, sequences, optionals
    } catch (const Error& e) {
      o.message = e.what();
      o.status = e.kind() == ErrorKind::kInvalidModel     ? BackendOutcome::kRejected
                 : e.kind() == ErrorKind::kNotImplemented ? BackendOutcome::kUnsupported
                                                          : BackendOutcome::kError;
    }
    return o;
  }

 private:
  CaseFiles files_;
};

class ExpectedBackend : public Backend {
 public:
  BackendInfo info() override { return {"expected", "stored outputs", ""}; }
  void submit(const std::string&, const CaseFiles& files, const std::filesystem::path&, double) override {
    files_ = files;
  }
  BackendOutcome collect() override {
    BackendOutcome o;
    if (files_.expected.empty()) {
      o.status = BackendOutcome::kUnsupported;
      o.message = "the suite stores no outputs for this case";
      return o;
    }
    try {
      o.outputs = read_expected_outputs(files_);
    } catch (const Error& e) {
      o.status = BackendOutcome::kError;
      o.message = e.what();
    }
    return o;
  }

 private:
  CaseFiles files_;
};

}  // namespace

std::unique_ptr<Backend> make_reference_backend() { return std::make_unique<ReferenceBackend>(); }
std::unique_ptr<Backend> make_expected_backend() { return std::make_unique<ExpectedBackend>(); }

}  // namespace touchstone::harness
