// Test helpers for the control-flow kernels: a model of hand-built nodes at one opset (its
// graph inputs and outputs declared by the caller), run on the reference.
#pragma once
#include <string>
#include <vector>

#include "cases/specs/control/control_graphs.h"
#include "reference/model.h"
#include "reference/model_builder.h"

namespace touchstone::testing::control {

using namespace touchstone::cases::graphs;

inline onnx::ModelProto model_of(int opset, const GraphParts& parts) {
  onnx::ModelProto m;
  m.set_ir_version(ir_version_for_opset(opset));
  auto* op = m.add_opset_import();
  op->set_domain("");
  op->set_version(opset);
  *m.mutable_graph() = graph("main", parts);
  return m;
}

inline ValueRunResult run_model(int opset, const GraphParts& parts, const Values& feeds) {
  return Model::from_proto(model_of(opset, parts), ".", "control-test").run_values(feeds);
}

inline Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(std::move(shape), v); }
inline Tensor int64s(Shape shape, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(std::move(shape), v); }
inline Tensor boolean(bool b) { return Tensor::from_values<bool>({}, {b}); }

inline std::vector<float> values_of(const Value& v) {
  auto d = v.tensor().data<float>();
  return {d.begin(), d.end()};
}

}  // namespace touchstone::testing::control
