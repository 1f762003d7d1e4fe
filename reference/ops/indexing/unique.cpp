// Unique-11: the unique elements of the flattened input (no axis), or the unique slices
// along `axis` ([-r, r-1]); outputs Y, indices (first occurrence), inverse_indices and
// counts (int64). sorted = 1 orders Y ascending (slices lexicographically), sorted = 0 by
// first occurrence. Y holds each group's first occurrence. Exact in every type.
//
// Order: numbers by value, bool false < true, strings bytewise, complex numbers by real
// part then imaginary part (numpy's order).
// What ONNX leaves open, and the reference's answer (implementation-defined each):
// - NaN: all NaNs are equal to each other (one group, as numpy's equal_nan) and sort above
//   every number.
// - -0 and +0 are equal (one group); Y keeps the first occurrence's sign.
#include <algorithm>
#include <cmath>
#include <complex>
#include <numeric>

#include "reference/minifloat.h"
#include "reference/numeric/exact.h"
#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

namespace {

// Three-way comparison of one real value: NaN above all, NaNs equal.
int compare_real(double a, double b) {
  const bool na = std::isnan(a), nb = std::isnan(b);
  if (na || nb) return na == nb ? 0 : (na ? 1 : -1);
  return a < b ? -1 : (a > b ? 1 : 0);
}

template <class T>
int compare_element(const T& a, const T& b) {
  if constexpr (is_real_float<T>) {
    return compare_real(numeric::widen(a), numeric::widen(b));
  } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    const int re = compare_real(a.real(), b.real());
    return re != 0 ? re : compare_real(a.imag(), b.imag());
  } else if constexpr (is_minifloat<T> || is_small_int<T>) {
    throw std::logic_error("Unique: T excludes the float8, float4 and 4-/2-bit types");  // node_check refuses them
  } else {
    return a < b ? -1 : (b < a ? 1 : 0);
  }
}

template <class T>
bool is_nan_element(const T& v) {
  if constexpr (is_real_float<T>) return std::isnan(numeric::widen(v));
  else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
    return std::isnan(v.real()) || std::isnan(v.imag());
  else return false;
}

template <class T>
bool is_signed_zero_pair(const T& a, const T& b) {
  if constexpr (is_real_float<T>) {
    const double x = numeric::widen(a), y = numeric::widen(b);
    return x == 0 && y == 0 && std::signbit(x) != std::signbit(y);
  } else {
    return false;
  }
}

}  // namespace

Tensors unique_v11(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const auto axis_attr = node.attr_opt_int("axis");
  const int64_t sorted = node.attr_int("sorted", 1);
  if (sorted != 0 && sorted != 1)
    invalid_model(node.op_version() + ": sorted must be 0 or 1, got " + std::to_string(sorted));
  const Shape shape = axis_attr ? x.shape() : Shape{x.size()};
  const int64_t axis = axis_attr ? normalize_axis(*axis_attr, x.rank(), Negative::kAllowed) : 0;
  const int64_t n = shape[static_cast<size_t>(axis)];
  const int64_t outer = product_of(shape, 0, static_cast<size_t>(axis));
  const int64_t inner = product_of(shape, static_cast<size_t>(axis) + 1);

  const auto charge = scratch_for<int64_t>(n, "the inverse indices");
  std::vector<int64_t> first, counts, inverse(static_cast<size_t>(n));
  std::vector<int64_t> order;  // group positions in output order
  visit_dtype(x.dtype(), [&]<class T>() {
    auto d = x.data<T>();
    auto at = [&](int64_t slice, int64_t o, int64_t i) -> const T& {
      return d[static_cast<size_t>((o * n + slice) * inner + i)];
    };
    // Three-way comparison of slices a and b, element by element in row-major order.
    auto compare = [&](int64_t a, int64_t b) {
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i)
          if (const int c = compare_element(at(a, o, i), at(b, o, i)); c != 0) return c;
      return 0;
    };
    bool nan = false, zeros = false;
    for (int64_t j = 0; j < n; ++j) {
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) nan = nan || is_nan_element(at(j, o, i));
      size_t g = 0;
      while (g < first.size() && compare(first[g], j) != 0) ++g;
      if (g == first.size()) {
        first.push_back(j);
        counts.push_back(0);
      } else {
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t i = 0; i < inner; ++i) zeros = zeros || is_signed_zero_pair(at(first[g], o, i), at(j, o, i));
      }
      ++counts[g];
      inverse[static_cast<size_t>(j)] = static_cast<int64_t>(g);
    }
    // Either choice decides how many values Y has, so the output shapes are open too.
    if (nan) node.mark(Semantics::kImplementationDefined, "NaN in Unique (NaNs are one value, sorted above numbers)", true);
    if (zeros) node.mark(Semantics::kImplementationDefined, "-0 and +0 in Unique (one value; Y keeps the first's sign)", true);
    order.resize(first.size());
    std::iota(order.begin(), order.end(), 0);
    if (sorted == 1)
      std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        return compare(first[static_cast<size_t>(a)], first[static_cast<size_t>(b)]) < 0;
      });
  });

  const auto m = static_cast<int64_t>(order.size());
  std::vector<int64_t> position(order.size());  // group -> output position
  for (int64_t p = 0; p < m; ++p) position[static_cast<size_t>(order[static_cast<size_t>(p)])] = p;
  Shape y_shape = shape;
  y_shape[static_cast<size_t>(axis)] = m;
  Tensor y(x.dtype(), y_shape), indices(DType::kInt64, {m}), inv(DType::kInt64, {n}), cnt(DType::kInt64, {m});
  copy_elements(x, y, [&](auto copy) {
    for (int64_t p = 0; p < m; ++p) {
      const int64_t src = first[static_cast<size_t>(order[static_cast<size_t>(p)])];
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) copy((o * n + src) * inner + i, (o * m + p) * inner + i);
    }
  });
  for (int64_t p = 0; p < m; ++p) {
    const auto g = static_cast<size_t>(order[static_cast<size_t>(p)]);
    indices.data<int64_t>()[static_cast<size_t>(p)] = first[g];
    cnt.data<int64_t>()[static_cast<size_t>(p)] = counts[g];
  }
  for (int64_t j = 0; j < n; ++j)
    inv.data<int64_t>()[static_cast<size_t>(j)] = position[static_cast<size_t>(inverse[static_cast<size_t>(j)])];
  return {y, indices, inv, cnt};
}

}  // namespace touchstone::ops
