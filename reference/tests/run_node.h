// Test helper: run one node on the reference.
#pragma once
#include "reference/model.h"
#include "reference/model_builder.h"

namespace touchstone::testing {

// Runs `op` at `opset` on `inputs` (named A, B, C, ... as graph inputs). The graph
// output's type is left undeclared, so the test sees whatever the kernel gives.
inline RunResult run_node(const std::string& op, int opset, const std::vector<Tensor>& inputs,
                          const std::vector<onnx::AttributeProto>& attributes = {},
                          const std::string& domain = "") {
  SingleNodeModel spec{op, domain, opset, {}, {{"Out", DType::kFloat, {}}}, attributes, 0};
  for (size_t i = 0; i < inputs.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), inputs[i].dtype(), inputs[i].shape()});
  auto proto = build_model(spec);
  proto.mutable_graph()->mutable_output(0)->clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(inputs);
}

inline Tensor run_node_output(const std::string& op, int opset, const std::vector<Tensor>& inputs,
                              const std::vector<onnx::AttributeProto>& attributes = {}) {
  return run_node(op, opset, inputs, attributes).outputs.at(0);
}

// A tensor of shape (n,) holding `values`.
template <class T>
Tensor vec(std::vector<T> values) {
  return Tensor::from_values<T>({static_cast<int64_t>(values.size())}, values);
}

// A float tensor whose element at flat index i is i (exact in float up to 2^24).
inline Tensor iota_float(const Shape& shape, float scale = 1.0f) {
  Tensor t(DType::kFloat, shape);
  auto d = t.data<float>();
  for (size_t i = 0; i < d.size(); ++i) d[i] = static_cast<float>(i) * scale;
  return t;
}

}  // namespace touchstone::testing
