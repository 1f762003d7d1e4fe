// One error type for every outcome the reference can refuse with, so that callers
// (the harness, the CLI) branch on the kind and never parse messages.
#pragma once
#include <stdexcept>
#include <string>

namespace touchstone {

enum class ErrorKind {
  kInvalidModel,    // the model breaks a rule of the op-version or of the IR
  kNotImplemented,  // a valid model the reference cannot run yet
  kMalformed,       // a file that is not what it claims (bad protobuf, size mismatch, ...)
  kIo,              // a file that cannot be read or written
  kOverBudget,      // a run that would need more memory than its limits (memory_budget.h)
};

const char* error_kind_name(ErrorKind kind);

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

[[noreturn]] inline void invalid_model(const std::string& message) {
  throw Error(ErrorKind::kInvalidModel, message);
}
[[noreturn]] inline void not_implemented(const std::string& message) {
  throw Error(ErrorKind::kNotImplemented, message);
}
[[noreturn]] inline void malformed(const std::string& message) {
  throw Error(ErrorKind::kMalformed, message);
}
[[noreturn]] inline void io_error(const std::string& message) { throw Error(ErrorKind::kIo, message); }

}  // namespace touchstone
