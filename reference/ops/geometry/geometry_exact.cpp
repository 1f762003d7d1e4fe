// The geometry family's exact arithmetic (geometry_exact.h).
#include "reference/ops/geometry/geometry_exact.h"

#include <mpfr.h>

#include <cmath>

#include "reference/numeric/functions.h"

namespace touchstone::ops::geometry {

double rounded(const Rational& q, numeric::FloatFormat format) {
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        const int ternary = mpfr_set_q(out, q.get_mpq_t(), MPFR_RNDN);
        return ternary == 0 ? numeric::kExactResult : 1;  // one rounding: half an ulp of the working precision
      },
      format);
}

mpz_class floor_of(const Rational& q) {
  mpz_class f;
  mpz_fdiv_q(f.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
  return f;
}

mpz_class nearest_even(const Rational& q, bool* tie) {
  const mpz_class below = floor_of(q);
  const Rational fraction = q - Rational(below);
  const int side = cmp(fraction, Rational(1, 2));
  if (tie) *tie = side == 0;
  if (side < 0) return below;
  if (side > 0) return below + 1;
  return mpz_even_p(below.get_mpz_t()) ? below : mpz_class(below + 1);
}

Rational distance_to_half(const Rational& q) {
  const Rational shifted = q - Rational(1, 2);
  const Rational d = shifted - Rational(nearest_even(shifted));
  return abs(d);
}

Rational unnormalize(const Rational& g, int64_t size, bool align_corners) {
  const Rational s(static_cast<long>(size));
  if (align_corners) return (g + 1) * (s - 1) / 2;
  return ((g + 1) * s - 1) / 2;
}

Borders reflection_borders(int64_t size, bool align_corners) {
  const Rational s(static_cast<long>(size));
  if (align_corners) return {Rational(0), s - 1};
  return {Rational(-1, 2), s - Rational(1, 2)};
}

Rational reflect(const Rational& x, const Borders& b) {
  const Rational range = b.high - b.low;
  if (x >= b.low && x <= b.high) return x;
  if (range == 0) return b.low;
  // The distance past the border crossed, in whole ranges n and a remainder r: an even n
  // lands r inside from that border, an odd one r inside from the other.
  const bool below = x < b.low;
  const Rational past = below ? Rational(b.low - x) : Rational(x - b.high);
  const Rational ranges = past / range;
  const mpz_class n = floor_of(ranges);
  const Rational r = past - Rational(n) * range;
  const bool even = mpz_even_p(n.get_mpz_t());
  if (below) return even ? Rational(b.low + r) : Rational(b.high - r);
  return even ? Rational(b.high - r) : Rational(b.low + r);
}

std::array<Rational, 4> cubic_weights(const Rational& t) {
  const Rational a(-3, 4);
  // Keys' kernel: |s| <= 1: (a + 2)|s|^3 - (a + 3)|s|^2 + 1; 1 < |s| < 2: a|s|^3 - 5a|s|^2 + 8a|s| - 4a.
  auto near = [&](const Rational& s) { return Rational((a + 2) * s * s * s - (a + 3) * s * s + 1); };
  auto far = [&](const Rational& s) { return Rational(a * s * s * s - 5 * a * s * s + 8 * a * s - 4 * a); };
  return {far(t + 1), near(t), near(1 - t), far(2 - t)};
}

double coordinate_tolerance(double g, int64_t size, double u) {
  return 4 * u * ((std::fabs(g) + 1) * static_cast<double>(size) + 1);
}

}  // namespace touchstone::ops::geometry
