// Helpers of the shape-op tests: run a node with any number of outputs and with optional
// inputs left empty, and build tensors of counting values.
#pragma once
#include <optional>

#include "reference/tests/exact_ops_testing.h"

namespace touchstone::testing {

using Attrs = std::vector<onnx::AttributeProto>;

// Runs `op` at `opset` with node inputs `inputs` (nullopt: an empty name, an absent
// optional input) and `outputs` node outputs, every output type left undeclared.
inline std::vector<Tensor> run_multi(const std::string& op, int opset, const std::vector<std::optional<Tensor>>& inputs,
                                     const Attrs& attrs = {}, size_t outputs = 1) {
  SingleNodeModel spec{op, "", opset, {}, {}, attrs, 0};
  std::vector<Tensor> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) {
      spec.inputs.push_back({"", DType::kFloat, {}});
      continue;
    }
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), inputs[i]->dtype(), inputs[i]->shape()});
    feeds.push_back(*inputs[i]);
  }
  for (size_t k = 0; k < outputs; ++k) spec.outputs.push_back({"Out" + std::to_string(k), DType::kFloat, {}});
  auto proto = build_model(spec);
  for (int k = 0; k < proto.graph().output_size(); ++k) proto.mutable_graph()->mutable_output(k)->clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(feeds).outputs;
}

inline void check_refused_multi(const std::string& op, int opset, const std::vector<std::optional<Tensor>>& in,
                                const Attrs& attrs, size_t outputs, const std::string& fragment) {
  try {
    run_multi(op, opset, in, attrs, outputs);
    FAIL(op << "-" << opset << " accepted what it should refuse (" << fragment << ")");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains(op + "-" + std::to_string(opset)) && Catch::Contains(fragment));
  }
}

// A tensor of T whose element at flat index i is first + i.
template <class T>
Tensor counting(const Shape& shape, int first = 0) {
  Tensor t(dtype_of<T>, shape);
  auto d = t.data<T>();
  for (size_t i = 0; i < d.size(); ++i) {
    const double v = first + static_cast<int>(i);
    if constexpr (std::is_same_v<T, Float16>) d[i] = float16_from_double(v);
    else if constexpr (std::is_same_v<T, BFloat16>) d[i] = bfloat16_from_double(v);
    else d[i] = static_cast<T>(v);
  }
  return t;
}

template <class T>
Tensor tensor(const Shape& shape, const std::vector<T>& values) {
  return Tensor::from_values<T>(shape, values);
}

inline Tensor ints(const std::vector<int64_t>& v) { return vec<int64_t>(v); }

}  // namespace touchstone::testing
