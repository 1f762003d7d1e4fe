// LayerNormalization-17: Y = (X - Mean) / sqrt(Var + epsilon) * Scale + B over the trailing
// axes [axis, r) (axis in [-r, r), default -1); Mean and InvStdDev, the optional outputs, have
// X's shape with those axes 1 and the type U that stash_type names (1 float, 16 bfloat16: U's
// only types). Scale and B are unidirectionally broadcast to X (the text: "unidirectional
// broadcastable to tensor X"). stash_type also fixes stage one's precision in the function
// body; the reference gives the exact value whatever it is (group_standardize.h), and the judging
// contract allows a backend the errors of that precision.
#include "reference/ops/norm/norm_ops.h"
#include "reference/ops/norm/group_standardize.h"

namespace touchstone::ops {

norm::Plan norm::layer_normalization_plan(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  Plan plan = trailing_rows(node, x.shape());
  plan.scale_at = broadcast_index(x.shape(), in[1].shape(), "Scale");
  if (in.has(2)) plan.bias_at = broadcast_index(x.shape(), in[2].shape(), "B");
  return plan;
}

Tensors layer_normalization_v17(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const norm::Plan plan = norm::layer_normalization_plan(node, in);
  const DType u = norm::stash_dtype(node, {DType::kFloat, DType::kBFloat16},
                                    "stash_type is U, the type of Mean and InvStdDev: 1 (float) or 16 (bfloat16)");
  const int outputs = node.proto().output_size();
  const bool stats = outputs > 1;
  auto r = norm::standardize(node, x, &in[1], in.has(2) ? &in[2] : nullptr, plan, x.dtype(), stats, u);
  Tensors out;
  out.push_back(std::move(r.y));
  if (stats) {
    Shape s = x.shape();
    for (size_t d = static_cast<size_t>(plan.axis); d < s.size(); ++d) s[d] = 1;
    out.push_back(norm::tensor_from(u, s, r.mean));
    if (outputs > 2) out.push_back(norm::tensor_from(u, s, r.inv_std_dev));
  }
  return out;
}

}  // namespace touchstone::ops
