// Helpers of the indexing-family tests: a node with several outputs (TopK, Unique),
// attribute lists, and refusal checks.
#pragma once
#include "reference/tests/exact_ops_testing.h"

namespace touchstone::testing {

using Attrs = std::vector<onnx::AttributeProto>;

// Runs `op` at `opset` with `outputs` node outputs (types left undeclared); "" in `names`
// leaves an optional input out.
inline RunResult run_outputs(const std::string& op, int opset, const std::vector<Tensor>& inputs, const Attrs& attrs,
                             size_t outputs) {
  SingleNodeModel spec{op, "", opset, {}, {}, attrs, 0};
  for (size_t i = 0; i < inputs.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), inputs[i].dtype(), inputs[i].shape()});
  for (size_t k = 0; k < outputs; ++k) spec.outputs.push_back({"Out" + std::to_string(k), DType::kFloat, {}});
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(inputs);
}

template <class T>
Tensor tensor(Shape shape, std::vector<T> values) {
  return Tensor::from_values<T>(std::move(shape), values);
}

inline Semantics semantics_of(const std::string& op, int opset, const std::vector<Tensor>& in, const Attrs& attrs = {},
                              size_t outputs = 1) {
  return run_outputs(op, opset, in, attrs, outputs).semantics.category;
}

// check_refused for ops with several outputs (TopK): the node declares `outputs` outputs.
inline void check_refused_outputs(const std::string& op, int opset, const std::vector<Tensor>& in, const Attrs& attrs,
                                  const std::string& fragment, size_t outputs) {
  try {
    run_outputs(op, opset, in, attrs, outputs);
    FAIL(op << "-" << opset << " accepted what it should refuse (" << fragment << ")");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains(op + "-" + std::to_string(opset)) && Catch::Contains(fragment));
  }
}

}  // namespace touchstone::testing
