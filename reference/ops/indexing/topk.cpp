// TopK — every version. The k largest (or smallest) elements along `axis` and their
// indices (int64); equal values are ordered by index, the lower first (ONNX's tiebreaker,
// so ties are defined in every version).
//
// TopK-1: k is a required attribute (k >= 0; k = 0 gives empty outputs); float types.
// TopK-10: k moves to input K, "a 1-D tensor containing a single positive value": a K of
//   another shape, or k <= 0, is refused.
// TopK-11: `largest` (1: the k largest, 0: the k smallest) and `sorted`; numeric types
//   (integers too). With sorted = 0 "the order of returned Values and Indices is
//   undefined": the reference returns them sorted, and the case's tolerance compares
//   (value, index) pairs as a multiset (cases/tolerance.cpp), so any order passes; which
//   elements are chosen is still fixed by the tiebreaker.
// TopK-24: +bfloat16.
// In every version axis is in [-r, r-1] (its default is -1), and k larger than the axis is
// refused (the outputs' shape could not hold k elements).
// What ONNX leaves open, and the reference's answer (implementation-defined): NaN ranks
// above +inf whether largest is 1 or 0 (numpy's sort order), so NaNs come first among the
// largest and last among the smallest. -0 and +0 are equal (ordered by index).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "reference/numeric/exact.h"
#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

namespace {

// Position of a value in the order: numbers by value, NaN above everything.
template <class T>
bool less_value(const T& a, const T& b) {
  if constexpr (is_real_float<T>) {
    const double x = numeric::widen(a), y = numeric::widen(b);
    if (std::isnan(x)) return false;
    if (std::isnan(y)) return true;
    return x < y;
  } else {
    return a < b;
  }
}

Tensors topk_impl(const Node& node, const Tensor& x, int64_t k, bool largest) {
  const std::string& label = node.op_version();
  const int64_t axis = normalize_axis(node.attr_int("axis", -1), x.rank(), Negative::kAllowed);
  const int64_t n = x.shape()[static_cast<size_t>(axis)];
  if (k > n)
    invalid_model(label + ": k = " + std::to_string(k) + " is larger than axis " + std::to_string(axis) + " of shape " +
                  shape_to_string(x.shape()));
  Shape out_shape = x.shape();
  out_shape[static_cast<size_t>(axis)] = k;
  Tensor values(x.dtype(), out_shape), indices(DType::kInt64, out_shape);
  const int64_t outer = product_of(x.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = product_of(x.shape(), static_cast<size_t>(axis) + 1);
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || is_integer<T>) {
      auto in = x.data<T>();
      auto v = values.data<T>();
      auto ix = indices.data<int64_t>();
      const auto charge = scratch_for<int64_t>(n, "the order of one row");
      std::vector<int64_t> order(static_cast<size_t>(n));
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          auto at = [&](int64_t j) -> const T& { return in[static_cast<size_t>((o * n + j) * inner + i)]; };
          std::iota(order.begin(), order.end(), 0);
          // stable_sort keeps equal values in index order: the lower index first.
          std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
            return largest ? less_value(at(b), at(a)) : less_value(at(a), at(b));
          });
          if constexpr (is_real_float<T>)
            for (int64_t j = 0; j < n; ++j)
              if (std::isnan(numeric::widen(at(j))))
                node.mark(Semantics::kImplementationDefined, "NaN among TopK inputs (NaN ranks above +inf)");
          for (int64_t j = 0; j < k; ++j) {
            const size_t dst = static_cast<size_t>((o * k + j) * inner + i);
            v[dst] = at(order[static_cast<size_t>(j)]);
            ix[dst] = order[static_cast<size_t>(j)];
          }
        }
    } else {
      throw std::logic_error("TopK of a non-numeric type");  // the schema check prevents it
    }
  });
  return {values, indices};
}

// K of TopK-10 and later: a 1-D tensor holding one positive value.
int64_t k_input(const Node& node, const Tensor& k) {
  if (k.shape() != Shape{1})
    invalid_model(node.op_version() + ": K must be a 1-D tensor holding a single value, got shape " +
                  shape_to_string(k.shape()));
  const int64_t v = k.data<int64_t>()[0];
  if (v <= 0) invalid_model(node.op_version() + ": K must be positive, got " + std::to_string(v));
  return v;
}

}  // namespace

// TopK-1: k from the attribute; the largest, sorted.
Tensors topk_v1(const Node& node, const Inputs& in) {
  const auto k = node.attr_opt_int("k");
  if (!k) invalid_model(node.op_version() + ": attribute k is required");
  if (*k < 0) invalid_model(node.op_version() + ": k must not be negative, got " + std::to_string(*k));
  return topk_impl(node, in[0], *k, true);
}

// TopK-10: k from input K; the largest, sorted.
Tensors topk_v10(const Node& node, const Inputs& in) { return topk_impl(node, in[0], k_input(node, in[1]), true); }

// TopK-11, 24: largest and sorted attributes (sorted = 0 returns the same, sorted, order).
Tensors topk_v11(const Node& node, const Inputs& in) {
  return topk_impl(node, in[0], k_input(node, in[1]), node.attr_int("largest", 1) != 0);
}

}  // namespace touchstone::ops
