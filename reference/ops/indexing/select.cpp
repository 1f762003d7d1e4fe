// OneHot, NonZero, Compress — every version. Results are exact in every type.
//
// OneHot-9: output = indices' shape with a new dimension of size depth at `axis` (-1: the
//   innermost; the text gives no other negative value a meaning, so others are refused;
//   otherwise [0, r]); on_value where the index is in [0, depth), off_value elsewhere —
//   negative indices give all off. OneHot-11: axis in [-r-1, r]; indices in [-depth,
//   depth-1] are valid, negative ones counting from the back (-1 is depth-1).
//   In both, indices and depth of a non-integer type are cast to int64 (truncation toward
//   zero, as Cast); depth must be a scalar or a 1-element rank-1 tensor holding a positive
//   count, values a rank-1 tensor of exactly two elements [off, on].
// NonZero-9, 13 (+bfloat16): the indices of the non-zero elements in row-major order, as a
//   (rank, count) int64 tensor; a scalar input gives shape (0, count), as its text says. NaN
//   is non-zero, -0 is zero; a complex number is non-zero when either part is.
// Compress-9: condition is rank 1; with `axis` the slices along it where condition is
//   true, else the elements of the flattened input; a condition shorter than the axis (or
//   the flattened size) discards the rest; a longer one is refused (the text allows only
//   "less than"). A negative axis is refused. Compress-11: axis in [-r, r-1].
// What ONNX leaves open, and the reference's answer (implementation-defined or undefined):
// - OneHot index or depth that is NaN, infinite or beyond int64 after truncation: the cast
//   is undefined; such an index gives all off, such a depth is refused.
// - NonZero of strings: a string is non-zero when it is not empty (numpy's truth value).
#include <cmath>

#include "reference/numeric/exact.h"
#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

namespace {

// A numeric value cast to int64 by truncation; nullopt when the cast is undefined.
std::optional<int64_t> as_int64(const Tensor& t, int64_t i) {
  return visit_dtype(t.dtype(), [&]<class T>() -> std::optional<int64_t> {
    const T& v = t.data<T>()[static_cast<size_t>(i)];
    if constexpr (is_real_float<T>) {
      const double d = std::trunc(numeric::widen(v));
      if (!(d >= -0x1p63 && d < 0x1p63)) return std::nullopt;
      return static_cast<int64_t>(d);
    } else if constexpr (std::is_same_v<T, uint64_t>) {
      if (v > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
      return static_cast<int64_t>(v);
    } else if constexpr (is_integer<T>) {
      return static_cast<int64_t>(v);
    } else {
      throw std::logic_error("OneHot of a non-numeric type");  // the schema check prevents it
    }
  });
}

Tensors onehot_impl(const Node& node, const Inputs& in, bool v11) {
  const Tensor& indices = in[0];
  const Tensor& depth_t = in[1];
  const Tensor& values = in[2];
  const std::string& label = node.op_version();
  if (!(depth_t.rank() == 0 || depth_t.shape() == Shape{1}))
    invalid_model(label + ": depth must be a scalar or a rank-1 tensor of one element, got shape " +
                  shape_to_string(depth_t.shape()));
  const auto depth = as_int64(depth_t, 0);
  if (!depth) invalid_model(label + ": depth is NaN, infinite or outside int64");
  if (*depth < 1) invalid_model(label + ": depth must be positive, got " + std::to_string(*depth));
  if (values.shape() != Shape{2})
    invalid_model(label + ": values must be a rank-1 tensor of two elements [off_value, on_value], got shape " +
                  shape_to_string(values.shape()));
  const int64_t r = indices.rank();
  int64_t axis = node.attr_int("axis", -1);
  if (v11) {
    if (axis < -r - 1 || axis > r)
      invalid_model(label + ": axis " + std::to_string(axis) + " is outside [" + std::to_string(-r - 1) + ", " +
                    std::to_string(r) + "]");
    if (axis < 0) axis += r + 1;
  } else {
    if (axis < -1 || axis > r)
      invalid_model(label + ": axis " + std::to_string(axis) + " must be -1 or in [0, " + std::to_string(r) +
                    "] (negative axes other than -1 only from opset 11)");
    if (axis == -1) axis = r;
  }
  Shape out_shape = indices.shape();
  out_shape.insert(out_shape.begin() + axis, *depth);
  Tensor out(values.dtype(), out_shape);
  const int64_t outer = product_of(indices.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = product_of(indices.shape(), static_cast<size_t>(axis));
  copy_elements(values, out, [&](auto copy) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t d = 0; d < *depth; ++d)
        for (int64_t i = 0; i < inner; ++i) copy(0, (o * *depth + d) * inner + i);
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        const auto k = as_int64(indices, o * inner + i);
        if (!k) {
          node.mark(Semantics::kUndefined, "OneHot index that is NaN, infinite or outside int64 (all off)");
          continue;
        }
        int64_t d = *k;
        if (v11 && d < 0) d += *depth;
        if (d < 0 || d >= *depth) continue;
        copy(1, (o * *depth + d) * inner + i);
      }
  });
  return {out};
}

template <class T>
bool nonzero_value(const T& v) {
  if constexpr (std::is_same_v<T, std::string>) return !v.empty();
  else if constexpr (is_real_float<T>) return numeric::widen(v) != 0 || std::isnan(numeric::widen(v));
  else if constexpr (std::is_same_v<T, bool>) return v;
  else return v != T{};
}

}  // namespace

// OneHot-9: indices outside [0, depth) give all off.
Tensors onehot_v9(const Node& node, const Inputs& in) { return onehot_impl(node, in, false); }
// OneHot-11: indices in [-depth, -1] count from the back.
Tensors onehot_v11(const Node& node, const Inputs& in) { return onehot_impl(node, in, true); }

// NonZero-9, 13.
Tensors nonzero_v9(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  if (x.dtype() == DType::kString && x.size() > 0)
    node.mark(Semantics::kImplementationDefined, "NonZero of strings (non-empty strings are non-zero)");
  std::vector<int64_t> hits;
  visit_dtype(x.dtype(), [&]<class T>() {
    auto d = x.data<T>();
    for (size_t i = 0; i < d.size(); ++i)
      if (nonzero_value(d[i])) hits.push_back(static_cast<int64_t>(i));
  });
  const auto count = static_cast<int64_t>(hits.size());
  Tensor out(DType::kInt64, {x.rank(), count});
  auto y = out.data<int64_t>();
  for (int64_t j = 0; j < count; ++j) {
    const Shape pos = unravel(hits[static_cast<size_t>(j)], x.shape());
    for (int64_t d = 0; d < x.rank(); ++d) y[static_cast<size_t>(d * count + j)] = pos[static_cast<size_t>(d)];
  }
  return {out};
}

namespace {

Tensors compress_impl(const Node& node, const Inputs& in, bool negative_axis) {
  const Tensor& x = in[0];
  const Tensor& cond = in[1];
  const std::string& label = node.op_version();
  if (x.rank() < 1) invalid_model(label + ": input must have rank >= 1, got a scalar");
  if (cond.rank() != 1)
    invalid_model(label + ": condition must be a rank-1 tensor, got shape " + shape_to_string(cond.shape()));
  const auto axis_attr = node.attr_opt_int("axis");
  const Shape shape = axis_attr ? x.shape() : Shape{x.size()};
  const Negative negative = negative_axis ? Negative::kAllowed : Negative::kRefused;
  const int64_t axis = axis_attr ? normalize_axis(*axis_attr, x.rank(), negative) : 0;
  const int64_t n = shape[static_cast<size_t>(axis)];
  const int64_t len = cond.size();
  if (len > n)
    invalid_model(label + ": condition has " + std::to_string(len) + " elements, more than the " + std::to_string(n) +
                  " along " + (axis_attr ? "axis " + std::to_string(axis) : std::string("the flattened input")) +
                  " (it may only be shorter)");
  auto c = cond.data<bool>();
  std::vector<int64_t> kept;
  for (int64_t j = 0; j < len; ++j)
    if (c[static_cast<size_t>(j)]) kept.push_back(j);
  Shape out_shape = shape;
  out_shape[static_cast<size_t>(axis)] = static_cast<int64_t>(kept.size());
  Tensor out(x.dtype(), out_shape);
  const int64_t outer = product_of(shape, 0, static_cast<size_t>(axis));
  const int64_t inner = product_of(shape, static_cast<size_t>(axis) + 1);
  const auto m = static_cast<int64_t>(kept.size());
  copy_elements(x, out, [&](auto copy) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < m; ++j)
        for (int64_t i = 0; i < inner; ++i) copy((o * n + kept[static_cast<size_t>(j)]) * inner + i, (o * m + j) * inner + i);
  });
  return {out};
}

}  // namespace

// Compress-9: axis >= 0.
Tensors compress_v9(const Node& node, const Inputs& in) { return compress_impl(node, in, false); }
// Compress-11: axis in [-r, r-1].
Tensors compress_v11(const Node& node, const Inputs& in) { return compress_impl(node, in, true); }

}  // namespace touchstone::ops
