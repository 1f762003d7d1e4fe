// Test helpers for RNN, GRU and LSTM: one node with optional inputs left out and several
// outputs, run on the reference.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "reference/model.h"
#include "reference/model_builder.h"

namespace touchstone::testing::recurrent {

using MaybeTensors = std::vector<std::optional<Tensor>>;

// Runs `op` at `opset` with `inputs` by position (nullopt: the input left out) and `outputs`
// node outputs (Y, Y_h, Y_c).
inline RunResult run_recurrent(const std::string& op, int opset, const MaybeTensors& inputs,
                               const std::vector<onnx::AttributeProto>& attributes, size_t outputs) {
  SingleNodeModel spec{op, "", opset, {}, {}, attributes, 0};
  std::vector<Tensor> given;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) {
      spec.inputs.push_back({"", DType::kFloat, {}});
      continue;
    }
    spec.inputs.push_back({"in" + std::to_string(i), inputs[i]->dtype(), inputs[i]->shape()});
    given.push_back(*inputs[i]);
  }
  const char* names[] = {"Y", "Y_h", "Y_c"};
  for (size_t o = 0; o < outputs; ++o) spec.outputs.push_back({names[o], given[0].dtype(), {}});
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(given);
}

inline std::vector<double> doubles(const Tensor& t) {
  std::vector<double> out;
  if (t.dtype() == DType::kDouble)
    for (double v : t.data<double>()) out.push_back(v);
  else
    for (float v : t.data<float>()) out.push_back(v);
  return out;
}

}  // namespace touchstone::testing::recurrent
