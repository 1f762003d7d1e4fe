// EyeLike, Trilu, Range: tensors generated from a shape or from scalars.
//
// EyeLike-9 (numbers and bool), 22 (+bfloat16): a rank-2 input's shape, ones at [i, i+k]
// and zeros elsewhere; the output type is `dtype` (a TensorProto code T2 allows) or the
// input's. A `k` beyond the matrix gives all zeros (defined: no [i, i+k] exists).
//
// Trilu-14: rank >= 2, [*, N, M]; upper=1 (default) keeps j - i >= k, upper=0 keeps
// j - i <= k; the rest becomes the type's zero. `k` is an optional int64 0-D input.
// Open: upper other than 0/1 (read as true), k given as a one-element tensor of rank > 0
// (accepted); both implementation-defined.
//
// Range-11 (float, double, int16/32/64), 27 (+float16, bfloat16, `stash_type`): scalars
// start, limit, delta; n = max(ceil((limit - start) / delta), 0) in double arithmetic (the
// text does not say which; numpy.arange's and ONNX Runtime's choice; implementation-
// defined where the exact quotient's ceiling differs), integers exactly; element
// i is the exact start + i*delta rounded once to T (integers: exact). ONNX's function body
// adds delta repeatedly, which drifts from this by up to about n/2 ulps; the case
// tolerance states that bound. stash_type (27) names the precision of float16/bfloat16
// intermediates; an exact computation is the limit of every choice, so it does not change
// the reference's answer. Refused: delta 0, a non-finite input, non-scalar inputs (a
// one-element tensor of rank > 0 is accepted, implementation-defined). An output of more
// than 2^31 elements is not implemented (too large for the reference).
#include <cmath>

#include "reference/numeric/functions.h"
#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

namespace {

constexpr int64_t kMaxRangeElements = int64_t{1} << 31;

// The one element of a scalar input, as the Tensor itself reshaped to ().
const Tensor& scalar_input(const Node& node, const Tensor& t, const std::string& what) {
  if (t.size() != 1) invalid_model(what + " must be a scalar, got shape " + shape_to_string(t.shape()));
  if (t.rank() != 0)
    node.mark(Semantics::kImplementationDefined, what + " of shape " + shape_to_string(t.shape()) + " (not a scalar)");
  return t;
}

template <class T>
Tensor range_integers(T start, T limit, T delta) {
  if (delta == 0) invalid_model("delta is 0; the element count ceil((limit - start) / delta) is undefined");
  const __int128 span = static_cast<__int128>(limit) - start, d = delta;
  __int128 n = span / d;
  if (n * d != span && ((span > 0) == (d > 0))) ++n;  // ceil for a positive quotient
  if (n < 0) n = 0;
  if (n > kMaxRangeElements) not_implemented("Range of " + std::to_string(static_cast<int64_t>(n)) + " elements");
  std::vector<T> values;
  for (__int128 i = 0; i < n; ++i) values.push_back(static_cast<T>(start + i * d));
  return Tensor::from_values<T>({static_cast<int64_t>(n)}, values);
}

template <class T>
Tensor range_floats(const Node& node, double start, double limit, double delta) {
  if (!std::isfinite(start) || !std::isfinite(limit) || !std::isfinite(delta))
    invalid_model("start, limit and delta must be finite");
  if (delta == 0) invalid_model("delta is 0; the element count ceil((limit - start) / delta) is undefined");
  // The count: ceil((limit - start) / delta) evaluated in double, as numpy.arange (ONNX's
  // reference) and ONNX Runtime do; the text's formula does not say in which arithmetic.
  // Where the exact quotient has another ceiling (start 1, limit 8, delta the double
  // nearest 1/3: exactly 21.000...02, 21 in double), the case is implementation-defined.
  const double q = (limit - start) / delta;
  if (!(q > 0)) return Tensor(dtype_of<T>, {0});
  if (std::ceil(q) > static_cast<double>(kMaxRangeElements)) not_implemented("Range of more than 2^31 elements");
  const int64_t n = static_cast<int64_t>(std::ceil(q));
  numeric::MpfrValue diff(2200), exact_q(2200);
  mpfr_sub_d(diff, numeric::MpfrValue(2200, limit), start, MPFR_RNDN);  // exact at 2200 bits
  mpfr_div_d(exact_q, diff, delta, MPFR_RNDU);  // rounded upward: the same ceiling as the exact quotient
  mpfr_ceil(exact_q, exact_q);
  if (mpfr_cmp_si(exact_q, n) != 0)
    node.mark(Semantics::kImplementationDefined,
              "Range count: ceil((limit - start) / delta) differs between double and exact arithmetic");
  Tensor out(dtype_of<T>, {n});
  auto y = out.data<T>();
  for (int64_t i = 0; i < n; ++i) {
    y[static_cast<size_t>(i)] = numeric::correctly_rounded_as<T>([&](mpfr_ptr r) {
      numeric::MpfrValue step(mpfr_get_prec(r) + 128);
      mpfr_mul_si(step, numeric::MpfrValue(64, delta), i, MPFR_RNDN);  // exact: 53 + 63 bits fit
      const int inexact = mpfr_add_d(r, step, start, MPFR_RNDN);
      return inexact == 0 ? numeric::kExactResult : 1;
    });
  }
  return out;
}

}  // namespace

// EyeLike, every version.
Tensors eye_like_v9(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  if (x.rank() != 2) invalid_model("the input must be 2-D, got shape " + shape_to_string(x.shape()));
  DType dtype = x.dtype();
  if (node.has_attr("dtype")) {
    const int64_t code = node.attr_int("dtype", 0);
    auto d = dtype_from_code(static_cast<int>(code));
    if (!d) invalid_model("dtype " + std::to_string(code) + " is not an element type this reference knows");
    dtype = *d;
    shape::check_output_type(node, "T2", dtype, "dtype");
  }
  const int64_t k = node.attr_int("k", 0), rows = x.shape()[0], cols = x.shape()[1];
  Tensor out(dtype, x.shape());
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_real_float<T> || is_integer<T> || std::is_same_v<T, bool>) {
      const T one = shape::scalar_like(dtype, 1).data<T>()[0];
      auto y = out.data<T>();
      for (int64_t i = 0; i < rows; ++i) {
        const __int128 j = static_cast<__int128>(i) + k;
        if (j >= 0 && j < cols) y[static_cast<size_t>(i * cols + static_cast<int64_t>(j))] = one;
      }
    } else {
      throw std::logic_error("EyeLike of a type T2 does not allow");
    }
  });
  return {out};
}

// Trilu-14.
Tensors trilu_v14(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  if (x.rank() < 2) invalid_model("the input must have rank 2 or more, got shape " + shape_to_string(x.shape()));
  int64_t k = 0;
  if (in.has(1)) k = shape::int_values(scalar_input(node, in[1], "k"), "k")[0];
  const int64_t upper = node.attr_int("upper", 1);
  if (upper != 0 && upper != 1) node.mark(Semantics::kImplementationDefined, "Trilu upper other than 0 or 1 (read as true)");
  const int64_t n = x.shape()[static_cast<size_t>(x.rank() - 2)], m = x.shape()[static_cast<size_t>(x.rank() - 1)];
  const auto charge = scratch_for<int64_t>(x.size(), "an index map");
  std::vector<int64_t> src(static_cast<size_t>(x.size()));
  for (size_t f = 0; f < src.size(); ++f) {
    const int64_t i = static_cast<int64_t>(f) / m % n, j = static_cast<int64_t>(f) % m;
    const __int128 diff = static_cast<__int128>(j) - i;
    const bool keep = upper != 0 ? diff >= k : diff <= k;
    src[f] = keep ? static_cast<int64_t>(f) : -1;
  }
  const Tensor zero = shape::zero_of(x.dtype());
  return {shape::gather(x, x.shape(), src, &zero)};
}

// Range-11, 27.
Tensors range_v11(const Node& node, const Inputs& in) {
  const Tensor& s = scalar_input(node, in[0], "start");
  const Tensor& l = scalar_input(node, in[1], "limit");
  const Tensor& d = scalar_input(node, in[2], "delta");
  Tensor out;
  visit_dtype(s.dtype(), [&]<class T>() {
    if constexpr (is_integer<T>) {
      out = range_integers<T>(s.data<T>()[0], l.data<T>()[0], d.data<T>()[0]);
    } else if constexpr (is_real_float<T>) {
      out = range_floats<T>(node, numeric::widen(s.data<T>()[0]), numeric::widen(l.data<T>()[0]), numeric::widen(d.data<T>()[0]));
    } else {
      throw std::logic_error("Range of a type T does not allow");
    }
  });
  return {out};
}

}  // namespace touchstone::ops
