// Test helper: run one node whose inputs may be sequences or optionals on the reference.
#pragma once
#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/value_proto.h"

namespace touchstone::testing {

// Runs `op` at `opset` on `inputs` (graph inputs in0, in1, ... declared as their value
// types), with `outputs` node outputs whose types are left undeclared.
inline ValueRunResult run_value_node(const std::string& op, int opset, const Values& inputs,
                                     const std::vector<onnx::AttributeProto>& attributes = {}, size_t outputs = 1) {
  SingleNodeModel spec{op, "", opset, {}, {}, attributes, 0};
  for (size_t i = 0; i < inputs.size(); ++i) spec.inputs.push_back({"in" + std::to_string(i), inputs[i].type().dtype, {}});
  for (size_t k = 0; k < outputs; ++k) spec.outputs.push_back({"out" + std::to_string(k), DType::kFloat, {}});
  auto proto = build_model(spec);
  for (size_t i = 0; i < inputs.size(); ++i)
    *proto.mutable_graph()->mutable_input(static_cast<int>(i))->mutable_type() = type_proto_of(inputs[i].type());
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", op + "-test").run_values(inputs);
}

inline Value run_value_node_output(const std::string& op, int opset, const Values& inputs,
                                   const std::vector<onnx::AttributeProto>& attributes = {}) {
  return run_value_node(op, opset, inputs, attributes).outputs.at(0);
}

// A float tensor of `shape` holding `values`, and a sequence of float tensors.
inline Tensor floats(Shape shape, std::vector<float> values) { return Tensor::from_values<float>(std::move(shape), values); }
inline Value float_seq(std::vector<Tensor> items) { return Value::sequence(DType::kFloat, std::move(items)); }

}  // namespace touchstone::testing
