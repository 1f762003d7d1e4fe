// ArgMax, ArgMin — every version. The index (int64) of the largest / smallest element
// along `axis`; keepdims keeps the reduced dimension as size 1.
//
// ArgMax/ArgMin-1: axis >= 0 (the text gives negative values no meaning: refused).
// -11: axis in [-r, r-1]; "the input tensor must not be empty": an empty input is refused.
// -12: select_last_index: among equal extremes, the last (1) or the first (0, default).
// -13: +bfloat16.
// In every version an empty reduced axis is refused (no element to point at); a scalar
// input has no axis and is refused.
// What ONNX leaves open, and the reference's answer (implementation-defined each):
// - ties before opset 12 (no rule): the first occurrence, as 12's default.
// - NaN in a slice: NaN counts as the extreme (larger than +inf for ArgMax, smaller than
//   -inf for ArgMin), so the first NaN is chosen (the last with select_last_index), as
//   numpy's argmax/argmin do. -0 and +0 are equal (a tie).
#include <cmath>

#include "reference/numeric/exact.h"
#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

namespace {

struct ArgRules {
  bool negative_axis;    // 11+
  bool refuse_empty;     // 11: "the input tensor must not be empty"
  bool has_select_last;  // 12+
};

// True when a beats b for ArgMax (larger) or ArgMin: a strictly more extreme; NaN is the
// most extreme of all.
template <class T>
bool beats(const T& a, const T& b, bool larger) {
  if constexpr (is_real_float<T>) {
    const double x = numeric::widen(a), y = numeric::widen(b);
    if (std::isnan(y)) return false;
    if (std::isnan(x)) return true;
    return larger ? x > y : x < y;
  } else {
    return larger ? a > b : a < b;
  }
}

template <class T>
bool is_nan(const T& v) {
  if constexpr (is_real_float<T>) return std::isnan(numeric::widen(v));
  else return false;
}

Tensors arg_extreme(const Node& node, const Inputs& in, bool larger, const ArgRules& rules) {
  const Tensor& data = in[0];
  const std::string& label = node.op_version();
  const int64_t axis = normalize_axis(node.attr_int("axis", 0), data.rank(),
                                      rules.negative_axis ? Negative::kAllowed : Negative::kRefused);
  if (rules.refuse_empty && data.size() == 0)
    invalid_model(label + ": the input tensor must not be empty, got shape " + shape_to_string(data.shape()));
  const AxisSplit line = split_at(data.shape(), axis);
  const int64_t n = line.length;
  if (n == 0 && line.outer * line.inner > 0)
    invalid_model(label + ": axis " + std::to_string(axis) + " of shape " + shape_to_string(data.shape()) +
                  " is empty, so there is no element to point at");
  const bool last = rules.has_select_last && node.attr_int("select_last_index", 0) != 0;
  const bool keepdims = node.attr_int("keepdims", 1) != 0;

  Shape out_shape = data.shape();
  if (keepdims) out_shape[static_cast<size_t>(axis)] = 1;
  else out_shape.erase(out_shape.begin() + axis);
  Tensor out(DType::kInt64, out_shape);
  auto y = out.data<int64_t>();
  visit_dtype(data.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || is_integer<T>) {
      auto x = data.data<T>();
      for (int64_t o = 0; o < line.outer; ++o)
        for (int64_t i = 0; i < line.inner; ++i) {
          auto at = [&](int64_t j) -> const T& { return x[static_cast<size_t>(line.at(o, j, i))]; };
          int64_t best = 0;
          bool tie = false, nan = is_nan(at(0));
          for (int64_t j = 1; j < n; ++j) {
            nan = nan || is_nan(at(j));
            if (beats(at(j), at(best), larger)) {
              best = j;
              tie = false;
            } else if (!beats(at(best), at(j), larger)) {  // equal (or both NaN)
              tie = true;
              if (last) best = j;
            }
          }
          if (nan)
            node.mark(Semantics::kImplementationDefined,
                      "NaN among ArgMax/ArgMin inputs (NaN counts as the extreme; first NaN, last with select_last_index)");
          else if (tie && !rules.has_select_last)
            node.mark(Semantics::kImplementationDefined, "tie in ArgMax/ArgMin before opset 12 (the first occurrence)");
          y[static_cast<size_t>(o * line.inner + i)] = best;
        }
    } else {
      throw std::logic_error("ArgMax/ArgMin of a non-numeric type");  // the schema check prevents it
    }
  });
  return {out};
}

constexpr ArgRules kArg1{false, false, false};
constexpr ArgRules kArg11{true, true, false};
constexpr ArgRules kArg12{true, false, true};

}  // namespace

// ArgMax-1: non-negative axis; ties open (first occurrence).
Tensors argmax_v1(const Node& node, const Inputs& in) { return arg_extreme(node, in, true, kArg1); }
// ArgMax-11: axis in [-r, r-1]; an empty input is refused; ties open (first).
Tensors argmax_v11(const Node& node, const Inputs& in) { return arg_extreme(node, in, true, kArg11); }
// ArgMax-12, 13: select_last_index decides ties.
Tensors argmax_v12(const Node& node, const Inputs& in) { return arg_extreme(node, in, true, kArg12); }

// ArgMin-1, 11, 12/13: as ArgMax.
Tensors argmin_v1(const Node& node, const Inputs& in) { return arg_extreme(node, in, false, kArg1); }
Tensors argmin_v11(const Node& node, const Inputs& in) { return arg_extreme(node, in, false, kArg11); }
Tensors argmin_v12(const Node& node, const Inputs& in) { return arg_extreme(node, in, false, kArg12); }

}  // namespace touchstone::ops
