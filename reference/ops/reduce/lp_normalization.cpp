// LpNormalization-1, LpNormalization-22: output = input / Lp_norm(input, axis), p in {1, 2}
// (default 2), axis default -1, in [-r, r-1]. 22 adds bfloat16.
//
// Exact, rounded once: the norm's sum (|x| or x*x) is exact (numeric/accumulator.h); each
// quotient x_i / S (p = 1) or x_i / sqrt(S) (p = 2) is correctly rounded in MPFR.
// - A norm of zero (every element along the axis zero): the output is zero, as the text
//   defines, without fixing its sign: implementation-defined; each element keeps its own
//   zero's sign (x_i itself).
// - Open (implementation-defined): a NaN along the axis makes the row NaN; an infinity
//   makes the norm infinite, and the formula gives x / inf = ±0 for the finite elements
//   and inf / inf = NaN for the infinite ones.
#include <cmath>
#include <vector>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/functions.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/reduce/reduce_ops.h"

namespace touchstone::ops {

namespace {

// x / S (p = 1) or x / sqrt(S) (p = 2), S > 0 exact, x finite and nonzero, rounded once.
double quotient(double x, mpfr_ptr s, int64_t p, numeric::FloatFormat format) {
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        numeric::MpfrValue xv(64, x);
        if (p == 1) return mpfr_div(out, xv, s, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
        // sqrt rounded at prec(out) + 8 bits, then the quotient: relative error below
        // 2^-p + 2^-(p+8) + their product < 2^(1-p); both exact: the result is.
        numeric::MpfrValue root(mpfr_get_prec(out) + 8);
        const bool exact_root = mpfr_sqrt(root, s, MPFR_RNDN) == 0;
        const bool exact = mpfr_div(out, xv, root, MPFR_RNDN) == 0;
        return exact_root && exact ? numeric::kExactResult : 2;
      },
      format);
}

}  // namespace

// LpNormalization-1 (float16, float, double), LpNormalization-22 (+bfloat16).
Tensors lp_normalization_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const int64_t rank = x.rank();
  int64_t axis = node.attr_int("axis", -1);
  const int64_t p = node.attr_int("p", 2);
  if (p != 1 && p != 2) invalid_model("p = " + std::to_string(p) + ", only 1 or 2 are supported");
  if (axis < -rank || axis >= rank)
    invalid_model("axis " + std::to_string(axis) + " is outside [" + std::to_string(-rank) + ", " +
                  std::to_string(rank - 1) + "] for rank " + std::to_string(rank));
  if (axis < 0) axis += rank;
  int64_t outer = 1, len = x.shape()[static_cast<size_t>(axis)], inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.shape()[static_cast<size_t>(d)];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= x.shape()[static_cast<size_t>(d)];
  node.record_terms(len);
  Tensor y(x.dtype(), x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto xd = x.data<T>();
      auto yd = y.data<T>();
      constexpr auto format = numeric::float_format<T>();
      numeric::ExactAccumulator acc;
      numeric::MpfrValue norm(2);
      std::vector<double> row(static_cast<size_t>(len));
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          const int64_t base = o * len * inner + i;
          acc.clear();
          for (int64_t k = 0; k < len; ++k) {
            row[k] = numeric::widen(xd[base + k * inner]);
            if (p == 1) acc.add(std::fabs(row[k]));
            else acc.add_product(row[k], row[k]);
          }
          const bool nan = acc.is_nan(), inf = acc.is_inf();
          if (nan || inf)
            node.mark(Semantics::kImplementationDefined,
                      "NaN or infinity along the axis (NaN row; or x / inf: zeros, NaN at the infinities)");
          const bool zero_norm = !nan && !inf && acc.is_zero();
          if (zero_norm && len > 0)
            node.mark(Semantics::kImplementationDefined,
                      "a zero norm along the axis: the output is zero, of a sign the text does not fix (x's own)");
          if (!nan && !inf && !zero_norm) acc.exact(norm);
          for (int64_t k = 0; k < len; ++k) {
            const double v = row[k];
            double r;
            if (nan) r = NAN;
            else if (inf) r = v / INFINITY;  // ±0, or NaN for an infinity
            else if (v == 0) r = v;           // also the whole row when the norm is zero
            else r = quotient(v, norm, p, format);
            yd[base + k * inner] = numeric::narrow<T>(r);
          }
        }
    } else {
      throw std::logic_error("LpNormalization on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace touchstone::ops
