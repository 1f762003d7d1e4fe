// quant_exact.h: rational rounding and rounding to odd.
#include "reference/ops/quant/quant_exact.h"

#include <mpfr.h>

#include <bit>
#include <cstring>

namespace touchstone::ops::quant {

mpz_class round_half_even(const mpq_class& q) {
  mpz_class floor, rest;
  mpz_fdiv_qr(floor.get_mpz_t(), rest.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
  const int side = cmp(2 * rest, q.get_den());  // the fraction against 1/2
  if (side > 0 || (side == 0 && mpz_odd_p(floor.get_mpz_t()))) floor += 1;
  return floor;
}

bool is_half_integer(const mpq_class& q) { return q.get_den() == 2; }

namespace {

// The odd one of t and its neighbour away from zero when `inexact` (t's last bit even).
double make_odd(double t, bool inexact) {
  if (!inexact || t == 0) return t;
  if ((std::bit_cast<uint64_t>(t) & 1) != 0) return t;
  return std::nextafter(t, t > 0 ? INFINITY : -INFINITY);
}

}  // namespace

double odd_double(const mpq_class& q) {
  mpfr_t m;
  mpfr_init2(m, 53);
  const int ternary = mpfr_set_q(m, q.get_mpq_t(), MPFR_RNDZ);
  const double t = mpfr_get_d(m, MPFR_RNDZ);
  mpfr_clear(m);
  // An inexact truncation toward zero of a nonzero value below the smallest normal cannot
  // happen here (the callers' values are far above 2^-1000), so t != 0 when inexact.
  return make_odd(t, ternary != 0);
}

double odd_product(double a, double b) {
  const double p = a * b;
  const double error = std::fma(a, b, -p);  // exact: the product's rounding error
  if (error == 0) return p;
  // The true value lies strictly between p and its neighbour toward `error`; the odd one of
  // the two is the rounding to odd.
  if ((std::bit_cast<uint64_t>(p) & 1) != 0) return p;
  return std::nextafter(p, error > 0 ? INFINITY : -INFINITY);
}

}  // namespace touchstone::ops::quant
