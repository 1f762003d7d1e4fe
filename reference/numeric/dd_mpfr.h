// Constants of the double-double functions, from MPFR values computed at 300 bits.
#pragma once
#include <mpfr.h>

#include "reference/numeric/double_double.h"

namespace touchstone::numeric::dd {

// x rounded to a double-double: hi = x rounded to nearest, lo = (x - hi) rounded to
// nearest. For x computed to 300 bits with its relative error below 2^-200, the
// double-double is within 2^-106 |x| of the real value (the difference x - hi is exact).
inline DD from_mpfr(mpfr_srcptr x) {
  const double hi = mpfr_get_d(x, MPFR_RNDN);
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(x));
  mpfr_sub_d(t, x, hi, MPFR_RNDN);
  const DD result{hi, mpfr_get_d(t, MPFR_RNDN)};
  mpfr_clear(t);
  return result;
}

}  // namespace touchstone::numeric::dd
