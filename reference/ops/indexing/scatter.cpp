// Scatter, ScatterElements, ScatterND — every version. The output is a copy of data with
// updates written (or reduced) into it at the positions the indices give.
//
// Scatter-9: as ScatterElements without negative indices (refused before opset 11).
// Scatter-11 is deprecated: the executor refuses models using it.
// ScatterElements-11: indices and updates of one shape, data's rank; index values in
//   [-s, s-1]. 13: +bfloat16. 16: `reduction` none/add/mul. 18: +max/min.
// ScatterND-11: index tuples of length k <= r into data's leading dimensions; updates of
//   shape indices.shape[:-1] ++ data.shape[k:]; negative values count from the back.
//   13: +bfloat16. 16: `reduction` none/add/mul. 18: +max/min.
// An out-of-range index is refused (the texts say it is an error, or "expected in the
// valid range"); so is an update shape the rules above do not allow, and a reduction
// that is not one of the version's names.
//
// What ONNX leaves open, and the reference's answer (implementation-defined each):
// - duplicate target positions with reduction none ("indices should not have duplicate
//   entries"): updates are applied in row-major order of `updates`, so the last one wins.
// - float add/mul with duplicates: applied in that same order, each step rounded once
//   (ScatterND: "the order of iteration is not specified", and rounding depends on it).
// - max/min of NaN gives NaN; of -0 and +0, max gives +0 and min -0 (as Max/Min).
// - bool reductions: add is or, mul and max are or/and as numpy's bool arithmetic
//   (add = or, mul = and, max = or, min = and).
// Integer add/mul overflow wraps (two's complement) and is marked undefined, as Add/Mul.
// Reductions on strings (and max/min on complex numbers) have no meaning and are refused.
#include <cmath>

#include "reference/numeric/exact.h"
#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

namespace {

enum class Reduction { kNone, kAdd, kMul, kMax, kMin };

// The `reduction` attribute: none/add/mul from 16, max/min from 18.
Reduction reduction_of(const Node& node, int since) {
  const std::string r = node.attr_string("reduction", "none");
  if (r == "none") return Reduction::kNone;
  if (since >= 16 && r == "add") return Reduction::kAdd;
  if (since >= 16 && r == "mul") return Reduction::kMul;
  if (since >= 18 && r == "max") return Reduction::kMax;
  if (since >= 18 && r == "min") return Reduction::kMin;
  invalid_model(node.op_version() + ": reduction '" + r + "' is not one of " +
                (since >= 18 ? "none, add, mul, max, min" : "none, add, mul"));
}

template <class T>
T reduce_one(const Node& node, Reduction r, const T& a, const T& b) {
  if constexpr (std::is_same_v<T, bool>) {
    node.mark(Semantics::kImplementationDefined, "Scatter reduction on bool (add and max are or, mul and min are and)");
    return (r == Reduction::kAdd || r == Reduction::kMax) ? (a || b) : (a && b);
  } else if constexpr (is_real_float<T>) {
    if (r == Reduction::kAdd) return numeric::add(a, b);
    if (r == Reduction::kMul) return numeric::mul(a, b);
    const double x = numeric::widen(a), y = numeric::widen(b);
    if (std::isnan(x) || std::isnan(y)) {
      node.mark(Semantics::kImplementationDefined, "Scatter max/min with a NaN (the result is NaN)");
      return std::isnan(x) ? a : b;
    }
    if (x == 0 && y == 0 && std::signbit(x) != std::signbit(y)) {
      node.mark(Semantics::kImplementationDefined, "Scatter max/min of -0 and +0 (max gives +0, min -0)");
      return (std::signbit(x) == (r == Reduction::kMin)) ? a : b;
    }
    return (r == Reduction::kMax) == (x < y) ? b : a;
  } else if constexpr (is_integer<T>) {
    T out{};
    if (r == Reduction::kAdd || r == Reduction::kMul) {
      const bool overflow = r == Reduction::kAdd ? __builtin_add_overflow(a, b, &out) : __builtin_mul_overflow(a, b, &out);
      if (overflow) node.mark(Semantics::kUndefined, "integer overflow in a Scatter reduction (the result wraps)");
      return out;
    }
    return (r == Reduction::kMax) == (a < b) ? b : a;
  } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    if (r == Reduction::kAdd) return a + b;
    if (r == Reduction::kMul) return a * b;
    invalid_model(node.op_version() + ": reduction max/min has no meaning on complex numbers");
  } else {
    invalid_model(node.op_version() + ": a reduction has no meaning on strings");
  }
}

// out = data; then, for each (update element u, target element t) in order,
// out[t] = updates[u] (none) or f(out[t], updates[u]).
Tensor scatter_into(const Node& node, const Tensor& data, const Tensor& updates,
                    const std::vector<std::pair<int64_t, int64_t>>& moves, Reduction r) {
  Tensor out = data;
  std::vector<bool> hit(static_cast<size_t>(data.size()), false);
  bool duplicate = false;
  for (const auto& m : moves) {
    const auto t = static_cast<size_t>(m.second);
    duplicate = duplicate || hit[t];
    hit[t] = true;
  }
  if (duplicate && r == Reduction::kNone)
    node.mark(Semantics::kImplementationDefined,
              "duplicate indices with reduction none (updates applied in row-major order: the last wins)");
  if (duplicate && (r == Reduction::kAdd || r == Reduction::kMul) && is_float_dtype(data.dtype()))
    node.mark(Semantics::kImplementationDefined,
              "float add/mul reduction at a repeated index (applied in row-major order of updates, each step rounded)");
  visit_dtype(data.dtype(), [&]<class T>() {
    auto u = updates.data<T>();
    auto o = out.data<T>();
    for (const auto& [i, t] : moves) {
      const auto ti = static_cast<size_t>(t), ui = static_cast<size_t>(i);
      o[ti] = r == Reduction::kNone ? u[ui] : reduce_one<T>(node, r, o[ti], u[ui]);
    }
  });
  return out;
}

// Scatter-9 and ScatterElements: target = the update's own position with `axis` replaced by
// the index value.
Tensors scatter_elements_impl(const Node& node, const Inputs& in, bool negative_indices, Reduction r) {
  const Tensor& data = in[0];
  const Tensor& indices = in[1];
  const Tensor& updates = in[2];
  const std::string& label = node.op_version();
  if (data.rank() < 1) invalid_model(label + ": data must have rank >= 1, got a scalar");
  if (indices.rank() != data.rank())
    invalid_model(label + ": indices must have data's rank " + std::to_string(data.rank()) + ", got shape " +
                  shape_to_string(indices.shape()));
  if (updates.shape() != indices.shape())
    invalid_model(label + ": updates " + shape_to_string(updates.shape()) + " must have the shape of indices " +
                  shape_to_string(indices.shape()));
  const int64_t axis = normalize_axis(node.attr_int("axis", 0), data.rank(), Negative::kAllowed);
  for (size_t d = 0; d < data.shape().size(); ++d)
    if (static_cast<int64_t>(d) != axis && indices.shape()[d] > data.shape()[d])
      invalid_model(label + ": indices " + shape_to_string(indices.shape()) + " is larger than data " +
                    shape_to_string(data.shape()) + " on dimension " + std::to_string(d) +
                    " (other than axis), so it would write outside data");
  const std::vector<int64_t> idx = index_values(indices);
  const Shape ds = strides_of(data.shape());
  const int64_t s = data.shape()[static_cast<size_t>(axis)];
  std::vector<std::pair<int64_t, int64_t>> moves;
  for (int64_t j = 0; j < indices.size(); ++j) {
    Shape pos = unravel(j, indices.shape());
    pos[static_cast<size_t>(axis)] =
        resolve_index(idx[static_cast<size_t>(j)], s, negative_indices, "indices[" + std::to_string(j) + "]");
    int64_t t = 0;
    for (size_t d = 0; d < pos.size(); ++d) t += pos[d] * ds[d];
    moves.emplace_back(j, t);
  }
  return {scatter_into(node, data, updates, moves, r)};
}

Tensors scatter_nd_impl(const Node& node, const Inputs& in, Reduction r) {
  const Tensor& data = in[0];
  const Tensor& indices = in[1];
  const Tensor& updates = in[2];
  const std::string& label = node.op_version();
  const int64_t rank = data.rank(), q = indices.rank();
  if (rank < 1 || q < 1) invalid_model(label + ": data and indices must have rank >= 1");
  const int64_t k = indices.shape().back();
  if (k > rank)
    invalid_model(label + ": indices.shape[-1] = " + std::to_string(k) + " must be at most the rank of data, " +
                  std::to_string(rank));
  Shape want(indices.shape().begin(), indices.shape().end() - 1);
  want.insert(want.end(), data.shape().begin() + k, data.shape().end());
  if (updates.shape() != want)
    invalid_model(label + ": updates " + shape_to_string(updates.shape()) +
                  " must have shape indices.shape[:-1] ++ data.shape[k:] = " + shape_to_string(want));
  const std::vector<int64_t> idx = index_values(indices);
  const Shape ds = strides_of(data.shape());
  const int64_t tuples = product_of(indices.shape(), 0, static_cast<size_t>(q - 1));
  const int64_t slice = product_of(data.shape(), static_cast<size_t>(k));
  std::vector<std::pair<int64_t, int64_t>> moves;
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t offset = 0;
    for (int64_t j = 0; j < k; ++j) {
      const auto dim = static_cast<size_t>(j);
      offset += resolve_index(idx[static_cast<size_t>(t * k + j)], data.shape()[dim], true,
                              "indices[" + std::to_string(t) + "][" + std::to_string(j) + "]") *
                ds[dim];
    }
    for (int64_t e = 0; e < slice; ++e) moves.emplace_back(t * slice + e, offset + e);
  }
  return {scatter_into(node, data, updates, moves, r)};
}

}  // namespace

// Scatter-9: indices in [0, s-1]; no reduction.
Tensors scatter_v9(const Node& node, const Inputs& in) {
  return scatter_elements_impl(node, in, false, Reduction::kNone);
}

// ScatterElements-11, 13: indices in [-s, s-1]; no reduction.
Tensors scatter_elements_v11(const Node& node, const Inputs& in) {
  return scatter_elements_impl(node, in, true, Reduction::kNone);
}
// ScatterElements-16: reduction none/add/mul.
Tensors scatter_elements_v16(const Node& node, const Inputs& in) {
  return scatter_elements_impl(node, in, true, reduction_of(node, 16));
}
// ScatterElements-18: + max/min.
Tensors scatter_elements_v18(const Node& node, const Inputs& in) {
  return scatter_elements_impl(node, in, true, reduction_of(node, 18));
}

// ScatterND-11, 13: no reduction. 16: none/add/mul. 18: + max/min.
Tensors scatter_nd_v11(const Node& node, const Inputs& in) { return scatter_nd_impl(node, in, Reduction::kNone); }
Tensors scatter_nd_v16(const Node& node, const Inputs& in) { return scatter_nd_impl(node, in, reduction_of(node, 16)); }
Tensors scatter_nd_v18(const Node& node, const Inputs& in) { return scatter_nd_impl(node, in, reduction_of(node, 18)); }

}  // namespace touchstone::ops
