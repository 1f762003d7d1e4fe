// touchstone's reference as a library: load an ONNX model, run it on the exact reference,
// get its outputs. Installed with a CMake package (`cmake --install build --prefix P`):
//
//   find_package(touchstone REQUIRED)
//   target_link_libraries(my_test PRIVATE touchstone::reference)
//   #include <touchstone/touchstone_reference.h>
//
//   touchstone::api::Reference ref("model.onnx");
//   std::vector<onnx::TensorProto> out = ref.run({x});        // tensors in, tensors out
//   ref.run_files("test_data_set_0", "answers");              // ONNX's test-data layout, any value kind
//
// Every output is the exact real result rounded once to its type (DESIGN.md), or, where an
// op-version says so in `touchstone ops`, within its stated bound; `semantics()` says what ONNX
// leaves open in the last run's outputs. Errors are touchstone::api::Error, whose kind() says
// whose fault: the model's (invalid_model), the reference's (not_implemented), a file's.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"

namespace touchstone::api {

class Error : public std::runtime_error {
 public:
  // "invalid_model", "not_implemented", "malformed", "io", "over_budget", "internal"
  Error(std::string kind, const std::string& message) : std::runtime_error(message), kind_(std::move(kind)) {}
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
};

class Reference {
 public:
  // Reads and checks the model (external data resolved beside it); throws Error.
  explicit Reference(const std::string& model_path);
  ~Reference();
  Reference(Reference&&) noexcept;
  Reference& operator=(Reference&&) noexcept;

  // The graph inputs a caller feeds (initializers excluded) and the outputs, in graph order.
  std::vector<std::string> input_names() const;
  std::vector<std::string> output_names() const;

  // Runs with `inputs` in input_names() order. Every input and output must be a tensor
  // (run_files takes sequences, optionals and maps too); throws Error.
  std::vector<onnx::TensorProto> run(const std::vector<onnx::TensorProto>& inputs);

  // Reads input_0.pb, input_1.pb, ... from `input_dir` (TensorProto, or SequenceProto /
  // OptionalProto / MapProto where the graph declares one), writes output_0.pb, ... to
  // `output_dir` (created). Throws Error.
  void run_files(const std::string& input_dir, const std::string& output_dir);

  // What ONNX leaves open in the last run's outputs: "" when the spec fixes every value,
  // else "implementation-defined: <why>" or "undefined: <why>".
  const std::string& semantics() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace touchstone::api
