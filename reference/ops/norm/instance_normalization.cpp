// InstanceNormalization-1, 6, 22: y = scale * (x - mean) / sqrt(variance + epsilon) + B, mean
// and (population) variance per instance and channel, over the spatial axes: the exact real
// value rounded once (standardize.h, exact sums of x and x^2 per (n, c)).
//
// - 1: input 4-D (NCHW), attribute consumed_inputs (legacy, ignored). 6: (N, C, D1, ..., Dn).
//   22: bfloat16.
// What ONNX leaves open (marked implementation-defined; the answer given): a NaN or infinity
// in an instance's channel or its scale/B (that channel NaN); variance + epsilon = 0 (only
// with epsilon 0 and a constant channel: 0 * scale / 0, NaN).
#include <cmath>
#include <string>

#include "reference/ops/norm/norm_ops.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops {

namespace {

Tensors instance_normalization(const Node& node, const Inputs& in, bool four_d) {
  const Shape& shape = in[0].shape();
  const auto rank = static_cast<int64_t>(shape.size());
  if (four_d && rank != 4) invalid_model("input is 4-dimensional (N, C, H, W), got rank " + std::to_string(rank));
  if (rank < 3) invalid_model("input is (N, C, D1, ..., Dn), rank 3 or more, got rank " + std::to_string(rank));
  const int64_t n = shape[0], c = shape[1];
  int64_t inner = 1;
  for (int64_t d = 2; d < rank; ++d) inner *= shape[static_cast<size_t>(d)];
  for (size_t k : {size_t{1}, size_t{2}})
    if (in[k].shape() != Shape{c})
      invalid_model(std::string(k == 1 ? "scale" : "B") + " is (C) = (" + std::to_string(c) + "), got " +
                    shape_to_string(in[k].shape()));
  node.record_terms(inner);
  const std::vector<double> x = norm::doubles_of(in[0]), scale = norm::doubles_of(in[1]), bias = norm::doubles_of(in[2]);
  const auto format = norm::format_of(in[0].dtype());
  const double eps = node.attr_float("epsilon", 1e-5f);
  std::vector<double> y(x.size());
  numeric::ExactAccumulator sum, squares;
  for (int64_t g = 0; g < n * c && inner > 0; ++g) {
    const int64_t base = g * inner, ch = g % c;
    sum.clear();
    squares.clear();
    for (int64_t i = 0; i < inner; ++i) sum.add(x[base + i]), squares.add_product(x[base + i], x[base + i]);
    if (sum.is_nan() || sum.is_inf() || squares.is_inf() || !std::isfinite(scale[ch]) || !std::isfinite(bias[ch])) {
      node.mark(Semantics::kImplementationDefined, "NaN or infinity in a channel or its scale/B (that channel NaN)");
      for (int64_t i = 0; i < inner; ++i) y[base + i] = NAN;
      continue;
    }
    const norm::Standardizer st(sum, squares, inner, eps);
    if (st.denominator_sign() <= 0)
      node.mark(Semantics::kImplementationDefined, "variance + epsilon = 0: 0 * scale / 0 (NaN)");
    for (int64_t i = 0; i < inner; ++i) y[base + i] = st.apply(x[base + i], scale[ch], bias[ch], format);
  }
  return {norm::tensor_of(in[0].dtype(), shape, y)};
}

}  // namespace

Tensors instance_normalization_v1(const Node& node, const Inputs& in) { return instance_normalization(node, in, true); }
Tensors instance_normalization_v6(const Node& node, const Inputs& in) { return instance_normalization(node, in, false); }

}  // namespace touchstone::ops
