// quant_layout.h's three granularities and their refusals.
#include "reference/ops/quant/quant_layout.h"

#include "reference/ops/core/axes.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops::quant {

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

QuantLayout blocked_layout(const Node& node, const Shape& x, const Shape& scale, int64_t block_size,
                           const std::string& scale_name) {
  if (scale.size() != x.size())
    invalid_model("blocked quantization (block_size " + std::to_string(block_size) + ") needs " + scale_name +
                  " of x's rank: x " + shape_to_string(x) + ", " + scale_name + " " + shape_to_string(scale));
  const int64_t axis = core::normalize_axis(node.attr_int("axis", 1), static_cast<int64_t>(x.size()),
                                            core::Negative::kAllowed, "axis", core::AxisWording::kRankR);
  for (size_t d = 0; d < x.size(); ++d)
    if (static_cast<int64_t>(d) != axis && scale[d] != x[d])
      invalid_model(scale_name + " " + shape_to_string(scale) + " must equal x's shape " + shape_to_string(x) +
                    " except along axis " + std::to_string(axis) + " (blocked quantization)");
  const int64_t length = x[axis], blocks = scale[axis];
  const bool fits = blocks >= 1 && block_size >= ceil_div(length, blocks) &&
                    (blocks == 1 || block_size <= ceil_div(length, blocks - 1) - 1);
  if (!fits && length > 0)
    invalid_model("block_size " + std::to_string(block_size) + " is outside the accepted range [ceil(D/S), ceil(D/(S-1))-1] for D = " +
                  std::to_string(length) + " and " + scale_name + "'s S = " + std::to_string(blocks) + " along axis " +
                  std::to_string(axis));
  QuantLayout l;
  l.form = QuantLayout::kBlocked;
  l.length = length;
  l.inner = core::split_at(x, axis).inner;
  l.block = block_size;
  l.blocks = blocks;
  return l;
}

}  // namespace

QuantLayout quant_layout(const Node& node, const Shape& x, const Shape& scale, const std::optional<Shape>& zero_point,
                         Granularities allowed, const char* scale_name_c) {
  const std::string scale_name = scale_name_c;
  if (zero_point && *zero_point != scale)
    invalid_model("the zero point " + shape_to_string(*zero_point) + " must have " + scale_name + "'s shape " +
                  shape_to_string(scale));
  const int64_t block_size = allowed == Granularities::kBlocked ? node.attr_int("block_size", 0) : 0;
  if (block_size < 0) invalid_model("block_size " + std::to_string(block_size) + " is negative; it is a positive integer");
  if (block_size > 0) return blocked_layout(node, x, scale, block_size, scale_name);
  // A scalar, or one element in a 1-D tensor (taken as the same): per tensor.
  if (scale.empty() || (scale == Shape{1} && (allowed == Granularities::kPerTensor || x.empty()))) return {};
  if (allowed == Granularities::kPerTensor)
    invalid_model(scale_name + " " + shape_to_string(scale) + " must be a scalar (per-tensor quantization only in this version)");
  if (scale.size() != 1)
    invalid_model(scale_name + " " + shape_to_string(scale) + " is neither a scalar (per tensor) nor 1-D (per axis)" +
                  (allowed == Granularities::kBlocked ? "; blocked quantization needs block_size" : ""));
  if (x.empty()) invalid_model("a 1-D " + scale_name + " (per axis) needs x of rank 1 or more, x is a scalar");
  const int64_t axis = core::normalize_axis(node.attr_int("axis", 1), static_cast<int64_t>(x.size()),
                                            core::Negative::kAllowed, "axis", core::AxisWording::kRankR);
  if (scale[0] != x[axis]) {
    if (scale[0] == 1) return {};  // one element: per tensor
    invalid_model("a 1-D " + scale_name + " (per axis) has x's extent along axis " + std::to_string(axis) + " (" +
                  std::to_string(x[axis]) + "), got " + shape_to_string(scale));
  }
  QuantLayout l;
  l.form = QuantLayout::kPerAxis;
  l.length = x[axis];
  l.inner = core::split_at(x, axis).inner;
  return l;
}

}  // namespace touchstone::ops::quant
