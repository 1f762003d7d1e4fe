// HannWindow-17, HammingWindow-17, BlackmanWindow-17: w[n] for n in [0, size), with
// N = size (periodic=1, the default) or size - 1 (periodic=0, symmetric). The text names
// the windows by a paper; its examples fix the coefficients:
//   Hann      0.5 - 0.5 cos(2 pi n/N)
//   Hamming   25/46 - 21/46 cos(2 pi n/N)
//   Blackman  0.42 - 0.5 cos(2 pi n/N) + 0.08 cos(4 pi n/N)
// (the decimals as exact reals). With s = sin(pi n/N) (cos 2x = 1 - 2 sin^2 x) the three
// are sums of positive terms, so the reference evaluates them without cancellation:
//   Hann s^2,  Hamming (2 + 21 s^2)/23,  Blackman s^2 (9 + 16 s^2)/25,
// and rounds the exact real value once to the output type (Ziv's strategy over MPFR).
// Open (impl.-defined): a symmetric window of size 1 (N = 0: the formula divides by zero;
// the reference gives 1, as numpy's and scipy's windows do), and an integer
// output_datatype (the text does not say how a value in [0, 1] becomes an integer: the
// reference truncates the exact value, so 1 only where it is exactly 1, n = N/2).
#include <mpfr.h>

#include <string>

#include "reference/node_check.h"
#include "reference/numeric/functions.h"
#include "reference/ops/shape/core.h"
#include "reference/ops/signal/signal_ops.h"

namespace touchstone::ops {

namespace {

enum class WindowKind { kHann, kHamming, kBlackman };

// s = sin(pi n/N) for 0 <= n <= N/2 (the half where sin rises: n/N <= 1/2), to a relative
// error below 2^(2-p): the quotient n/N rounds once (relative 2^-p; sin(pi q) >= 2q on
// [0, 1/2], so sin's relative change is at most pi q 2^-p / 2q < 2^(1-p)), sinpi once more.
// Returns true when s is exact (n = 0: 0, n = N/2: 1).
bool window_sine(mpfr_ptr s, int64_t n, int64_t N) {
  if (n == 0) return mpfr_set_ui(s, 0, MPFR_RNDN), true;
  if (2 * n == N) return mpfr_set_ui(s, 1, MPFR_RNDN), true;
  numeric::MpfrValue q(mpfr_get_prec(s));
  mpfr_set_si(q, n, MPFR_RNDN);
  mpfr_div_si(q, q, N, MPFR_RNDN);
  mpfr_sinpi(s, q, MPFR_RNDN);
  return false;
}

// The window's value at n (0 <= n <= N/2) into `out`; its slack (functions.h Formula).
// Every step adds positive quantities or scales, so the relative errors add: s^2 within
// 2^(5-p) of its value, and at most three more roundings.
int window_formula(mpfr_ptr out, WindowKind kind, int64_t n, int64_t N) {
  const mpfr_prec_t p = mpfr_get_prec(out);
  numeric::MpfrValue s(p + 8), s2(p + 8);
  const bool exact = window_sine(s, n, N);
  mpfr_sqr(s2, s, MPFR_RNDN);
  switch (kind) {
    case WindowKind::kHann: mpfr_set(out, s2, MPFR_RNDN); break;
    case WindowKind::kHamming:  // (2 + 21 s^2) / 23
      mpfr_mul_ui(out, s2, 21, MPFR_RNDN);
      mpfr_add_ui(out, out, 2, MPFR_RNDN);
      mpfr_div_ui(out, out, 23, MPFR_RNDN);
      break;
    case WindowKind::kBlackman: {  // s^2 (9 + 16 s^2) / 25
      numeric::MpfrValue t(p + 8);
      mpfr_mul_ui(t, s2, 16, MPFR_RNDN);
      mpfr_add_ui(t, t, 9, MPFR_RNDN);
      mpfr_mul(out, t, s2, MPFR_RNDN);
      mpfr_div_ui(out, out, 25, MPFR_RNDN);
      break;
    }
  }
  // Exact s (0 or 1) gives exact 0 and 1 for Hann, Blackman; Hamming's 2/23 and 1 are not
  // both exact (2/23 is not dyadic), so only its value at 1 is, and only then is s^2 = 1.
  if (exact && (kind != WindowKind::kHamming || mpfr_cmp_ui(s, 1) == 0)) return numeric::kExactResult;
  return 8;
}

Tensors window(const Node& node, const Inputs& in, WindowKind kind) {
  const Tensor& size_t_in = in[0];
  if (size_t_in.rank() != 0)
    invalid_model("size has shape " + shape_to_string(size_t_in.shape()) + "; it must be a scalar");
  const int64_t size = shape::int_values(size_t_in, "size").front();
  if (size < 0) invalid_model("size " + std::to_string(size) + " is negative");
  const int64_t code = node.attr_int("output_datatype", 1);
  const auto dtype = dtype_from_code(static_cast<int>(code));
  if (!dtype) invalid_model("output_datatype " + std::to_string(code) + " is not an element type");
  shape::check_output_type(node, "T2", *dtype, "output_datatype");
  const int64_t periodic = node.attr_int("periodic", 1);
  if (periodic != 0 && periodic != 1) invalid_model("periodic " + std::to_string(periodic) + " is not 0 or 1");
  const int64_t N = periodic ? size : size - 1;
  if (N == 0 && size == 1)
    node.mark(Semantics::kImplementationDefined, "a symmetric window of size 1 divides by N = 0; the reference gives 1");
  if (is_integer_dtype(*dtype))
    node.mark(Semantics::kImplementationDefined,
              "an integer output_datatype: the text does not say how a window value becomes an integer; the reference truncates the exact value");
  Tensor out(*dtype, {size});
  visit_dtype(*dtype, [&]<class T>() {
    if constexpr (is_real_float<T> || is_integer<T>) {
      auto y = out.data<T>();
      for (int64_t n = 0; n < size; ++n) {
        if (N == 0) { y[static_cast<size_t>(n)] = T(1); continue; }
        const int64_t m = 2 * n <= N ? n : N - n;  // w[n] = w[N - n]
        if constexpr (is_integer<T>) {
          y[static_cast<size_t>(n)] = T(2 * m == N ? 1 : 0);  // the exact value is < 1 elsewhere
        } else {
          y[static_cast<size_t>(n)] = numeric::correctly_rounded_as<T>(
              [&](mpfr_ptr o) { return window_formula(o, kind, m, N); });
        }
      }
    } else {
      throw std::logic_error("a window of a type T2 does not allow");
    }
  });
  return {out};
}

}  // namespace

Tensors hann_window_v17(const Node& node, const Inputs& in) { return window(node, in, WindowKind::kHann); }
Tensors hamming_window_v17(const Node& node, const Inputs& in) { return window(node, in, WindowKind::kHamming); }
Tensors blackman_window_v17(const Node& node, const Inputs& in) { return window(node, in, WindowKind::kBlackman); }

}  // namespace touchstone::ops
