// Softmax, LogSoftmax, Hardmax (1, 11, 13).
//
// - 1, 11: the input is coerced to 2-D at `axis` (default 1): rows are the product of the
//   dimensions before it, and each row is the whole trailing block (all dimensions from
//   `axis` on). 11 accepts negative axes ([-r, r-1]); 1 takes [0, r-1].
// - 13: one axis (default -1) is normalized; every other index is a separate row.
//   13 also adds bfloat16.
// The two differ whenever a dimension after `axis` is larger than 1.
//
// Softmax and LogSoftmax are exact and rounded once (numeric/exp_sums.h: exp(x - max)
// summed without overflow). What ONNX leaves open, and the answers (implementation-defined):
// a NaN or +inf in a row, or a row of only -inf, makes the whole row NaN (the definition's
// inf/inf and 0/0). Hardmax: 1 at the first largest value of each row (ties: the first, as
// the text says since 13 and numpy's argmax before); a NaN counts as the largest (as
// numpy's argmax), implementation-defined.
#include <algorithm>
#include <cmath>
#include <vector>

#include "reference/numeric/exp_sums.h"
#include "reference/ops/core/axes.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/reduce/reduce_ops.h"
#include "reference/ops/reduce/reduce_plan.h"

namespace touchstone::ops {

namespace reduce {

// Rows of the normalization: element k of row (o, i) is at rows.at(o, k, i).
Rows softmax_rows(const Node& node, const Shape& shape, int version) {
  const bool two_d = version < 13, negative_axes = version >= 11;
  const auto rank = static_cast<int64_t>(shape.size());
  const int64_t axis = core::normalize_axis(node.attr_int("axis", two_d ? 1 : -1), rank,
                                            negative_axes ? core::Negative::kAllowed : core::Negative::kRefused,
                                            "axis", core::AxisWording::kRangeVersion);
  return two_d ? core::coerce_2d_at(shape, axis) : core::split_at(shape, axis);
}

}  // namespace reduce

namespace {

using reduce::Rows;

enum class Kind { kSoftmax, kLogSoftmax, kHardmax };

Tensors normalize(const Node& node, const Inputs& in, Kind kind, int version) {
  const Tensor& x = in[0];
  const Rows r = reduce::softmax_rows(node, x.shape(), version);
  node.record_terms(r.length);
  Tensor y(x.dtype(), x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto xd = x.data<T>();
      auto yd = y.data<T>();
      std::vector<double> row(static_cast<size_t>(r.length)), out(static_cast<size_t>(r.length));
      for (int64_t o = 0; o < r.outer; ++o)
        for (int64_t i = 0; i < r.inner; ++i) {
          const int64_t base = r.at(o, 0, i);
          bool special = false;
          for (int64_t k = 0; k < r.length; ++k) {
            row[k] = numeric::widen(xd[base + k * r.inner]);
            special |= std::isnan(row[k]) || row[k] == INFINITY;
          }
          if (kind == Kind::kHardmax) {
            int64_t best = 0;
            for (int64_t k = 1; k < r.length; ++k)
              if (!std::isnan(row[best]) && (std::isnan(row[k]) || row[k] > row[best])) best = k;
            if (std::any_of(row.begin(), row.end(), [](double v) { return std::isnan(v); }))
              node.mark(Semantics::kImplementationDefined, "NaN in a Hardmax row (the first NaN counts as the largest)");
            for (int64_t k = 0; k < r.length; ++k) out[k] = k == best ? 1.0 : 0.0;
          } else {
            numeric::softmax(row, kind == Kind::kLogSoftmax, numeric::float_format<T>(), out);
            if (special || std::all_of(row.begin(), row.end(), [](double v) { return v == -INFINITY; }))
              node.mark(Semantics::kImplementationDefined,
                        "NaN or +inf in a row, or a row of only -inf (the row is NaN)");
          }
          for (int64_t k = 0; k < r.length; ++k) yd[base + k * r.inner] = numeric::narrow<T>(out[k]);
        }
    } else {
      throw std::logic_error("Softmax family on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace

// Softmax-1 (axis >= 0), Softmax-11 (negative axes): 2-D coercion. Softmax-13: one axis.
Tensors softmax_v1(const Node& node, const Inputs& in) { return normalize(node, in, Kind::kSoftmax, 1); }
Tensors softmax_v11(const Node& node, const Inputs& in) { return normalize(node, in, Kind::kSoftmax, 11); }
Tensors softmax_v13(const Node& node, const Inputs& in) { return normalize(node, in, Kind::kSoftmax, 13); }
Tensors log_softmax_v1(const Node& node, const Inputs& in) {
  return normalize(node, in, Kind::kLogSoftmax, 1);
}
Tensors log_softmax_v11(const Node& node, const Inputs& in) {
  return normalize(node, in, Kind::kLogSoftmax, 11);
}
Tensors log_softmax_v13(const Node& node, const Inputs& in) {
  return normalize(node, in, Kind::kLogSoftmax, 13);
}
Tensors hardmax_v1(const Node& node, const Inputs& in) { return normalize(node, in, Kind::kHardmax, 1); }
Tensors hardmax_v11(const Node& node, const Inputs& in) { return normalize(node, in, Kind::kHardmax, 11); }
Tensors hardmax_v13(const Node& node, const Inputs& in) {
  return normalize(node, in, Kind::kHardmax, 13);
}

}  // namespace touchstone::ops
