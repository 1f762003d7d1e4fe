// Det-11, Det-22: the determinant of each M x M matrix in the last two dimensions; the
// output has the batch dimensions. 22 adds bfloat16.
//
// Exact, rounded once: every finite float is m * 2^e with an integer m, so scaling the
// whole matrix by 2^-emin (emin the smallest exponent of its entries) gives an integer
// matrix, whose determinant fraction-free (Bareiss) elimination over GMP integers finds
// exactly; det(A) = det(scaled) * 2^(M * emin), rounded once to T. M = 0: 1 (the empty
// product).
// What ONNX leaves open (implementation-defined): a matrix holding an infinity or NaN, for
// M >= 2, gives NaN (no elimination order is implied); M = 1 gives the entry itself.
#include <gmpxx.h>
#include <mpfr.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <utility>
#include <vector>

#include "reference/numeric/functions.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/linalg/linalg_ops.h"

namespace touchstone::ops {

namespace {

// The determinant of the n x n matrix `a` (exact doubles, all finite), rounded once.
double exact_determinant(const std::vector<double>& a, int64_t n, numeric::FloatFormat format) {
  if (n == 0) return 1;
  // The smallest exponent of a nonzero entry's integer significand: x = m * 2^e.
  long emin = LONG_MAX;
  for (double v : a)
    if (v != 0) {
      int e;
      std::frexp(v, &e);  // v = f * 2^e, f in [0.5, 1): v = (f * 2^53) * 2^(e - 53)
      emin = std::min(emin, static_cast<long>(e) - 53);
    }
  if (emin == LONG_MAX) return 0;  // the zero matrix
  const auto size = static_cast<size_t>(n * n);
  const auto charge = scratch_for<mpz_class>(n * n, "an exact copy of the matrix");
  std::vector<mpz_class> m(size);
  for (size_t i = 0; i < size; ++i) {
    int e;
    const double f = std::frexp(a[i], &e);
    m[i] = std::ldexp(f, 53);  // exact: a 53-bit integer
    m[i] <<= static_cast<mp_bitcnt_t>(e - 53 - emin);
  }
  auto at = [&](int64_t i, int64_t j) -> mpz_class& { return m[static_cast<size_t>(i * n + j)]; };
  // Bareiss: after step k, entry (i, j) for i, j > k is the (k+2)-order leading minor
  // extended by row i and column j; each division is exact.
  mpz_class previous = 1, t;
  int sign = 1;
  bool zero = false;
  for (int64_t k = 0; k + 1 < n && !zero; ++k) {
    if (sgn(at(k, k)) == 0) {
      int64_t r = k + 1;
      while (r < n && sgn(at(r, k)) == 0) ++r;
      if (r == n) {
        zero = true;
        break;
      }
      for (int64_t j = 0; j < n; ++j) std::swap(at(k, j), at(r, j));
      sign = -sign;
    }
    for (int64_t i = k + 1; i < n; ++i) {
      for (int64_t j = k + 1; j < n; ++j) {
        t = at(i, j) * at(k, k) - at(i, k) * at(k, j);
        mpz_divexact(at(i, j).get_mpz_t(), t.get_mpz_t(), previous.get_mpz_t());
      }
    }
    previous = at(k, k);
  }
  mpz_class det = zero ? mpz_class(0) : at(n - 1, n - 1);
  if (sign < 0) det = -det;
  const long scale = emin * static_cast<long>(n);
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        // Exact: as many bits as the determinant has (MPFR's exponent range is far wider).
        const auto bits = static_cast<mpfr_prec_t>(mpz_sizeinbase(det.get_mpz_t(), 2));
        mpfr_set_prec(out, std::max(mpfr_get_prec(out), bits));
        mpfr_set_z(out, det.get_mpz_t(), MPFR_RNDN);
        mpfr_mul_2si(out, out, scale, MPFR_RNDN);
        return numeric::kExactResult;
      },
      format);
}

}  // namespace

// Det-11 (float16, float, double), Det-22 (+bfloat16).
Tensors det_v11(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  if (x.rank() < 2) invalid_model("X must have rank >= 2 ([*, M, M]), got " + shape_to_string(x.shape()));
  const Shape& s = x.shape();
  const int64_t n = s[s.size() - 1];
  if (s[s.size() - 2] != n)
    invalid_model("the inner-most 2 dimensions must form square matrices, got " + shape_to_string(s));
  Tensor y(x.dtype(), Shape(s.begin(), s.end() - 2));
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto xd = x.data<T>();
      auto yd = y.data<T>();
      const auto charge = scratch_for<double>(n * n, "a copy of one matrix");
      std::vector<double> a(static_cast<size_t>(n * n));
      for (size_t b = 0; b < yd.size(); ++b) {
        bool special = false;
        for (size_t i = 0; i < a.size(); ++i) {
          a[i] = numeric::widen(xd[b * a.size() + i]);
          special |= !std::isfinite(a[i]);
        }
        if (special && n == 1) {
          yd[b] = xd[b];
        } else if (special) {
          node.mark(Semantics::kImplementationDefined, "a matrix holding an infinity or NaN (its determinant is NaN)");
          yd[b] = numeric::narrow<T>(NAN);
        } else {
          yd[b] = numeric::narrow<T>(exact_determinant(a, n, numeric::float_format<T>()));
        }
      }
    } else {
      throw std::logic_error("Det on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace touchstone::ops
