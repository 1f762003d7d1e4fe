// AveragePool-1, 7, 10, 11, 19, 22: each window's exact sum (numeric/accumulator.h) divided
// by its count, rounded once to the output type.
//
// - 1: the count excludes padding ("divided by the number of elements exclude pad").
// - 7: count_include_pad (default 0): 1 counts the padding too.
// - 10: ceil_mode. 11: the text's floor formulas for auto_pad VALID/SAME with ceil_mode 0
//   (pool_geometry.h: disagreeing cases marked). 19: dilations. 22: bfloat16, and the
//   ceil_mode window that would start in the right padding named as dropped.
// What ONNX leaves open (marked implementation-defined, the answer given):
// - count_include_pad 1 with a ceil_mode window reaching past the end padding: the taps
//   beyond the padded input are not counted (PyTorch's and ONNX Runtime's count).
// - a window with no element of X (count_include_pad 0, pads as large as the kernel): 0/0,
//   NaN.
#include <cmath>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/exp_sums.h"
#include "reference/ops/pool/pool_ops.h"
#include "reference/ops/pool/pool_windows.h"

namespace touchstone::ops {

namespace pool {

Tensors average_over(const Node& node, const Tensor& x, const PoolGeometry& g, bool count_pad) {
  node.record_terms(g.window_size());
  numeric::ExactAccumulator acc;
  auto mean = [&](const std::vector<double>& values, const WindowTaps& w, numeric::FloatFormat format) {
    const int64_t count = count_pad ? w.padded : static_cast<int64_t>(values.size());
    if (count_pad && w.overhang)
      node.mark(Semantics::kImplementationDefined,
                "count_include_pad with a ceil_mode window past the end padding (taps beyond it not counted)");
    if (count == 0) {
      node.mark(Semantics::kImplementationDefined, "a window with no element of X to count (0/0: NaN)");
      return static_cast<double>(NAN);
    }
    acc.clear();
    for (double v : values) acc.add(v);
    return numeric::sum_divided(acc, static_cast<unsigned long>(count), format);
  };
  return {float_windows(x, g, "AveragePool", mean)};
}

}  // namespace pool

namespace {

Tensors average_pool(const Node& node, const Inputs& in, const pool::PoolRules& rules, bool has_count_pad) {
  const pool::PoolGeometry g = pool::pool_geometry(node, in[0].shape(), rules);
  const bool count_pad = has_count_pad && node.attr_int("count_include_pad", 0) != 0;
  return pool::average_over(node, in[0], g, count_pad);
}

}  // namespace

Tensors average_pool_v1(const Node& node, const Inputs& in) { return average_pool(node, in, {}, false); }
Tensors average_pool_v7(const Node& node, const Inputs& in) { return average_pool(node, in, {}, true); }
Tensors average_pool_v10(const Node& node, const Inputs& in) {
  return average_pool(node, in, {.ceil_mode = true}, true);
}
Tensors average_pool_v11(const Node& node, const Inputs& in) {
  return average_pool(node, in, {.ceil_mode = true, .floor_auto_pad_text = true}, true);
}
Tensors average_pool_v19(const Node& node, const Inputs& in) {
  return average_pool(node, in, {.ceil_mode = true, .dilations = true}, true);
}
Tensors average_pool_v22(const Node& node, const Inputs& in) {
  return average_pool(node, in, {.ceil_mode = true, .dilations = true, .dropped_window_named = true}, true);
}

}  // namespace touchstone::ops
