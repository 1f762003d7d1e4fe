// Cast's string conversions: reading numeric literals (Cast-9's "plain" and "scientific"
// forms and its reserved literals) and printing floats. Values go through MPFR so that a
// literal is rounded once to the target type, and printing checks its digits by reading
// them back the same way.
#include "reference/ops/elementwise/cast_string.h"

#include <gmp.h>
#include <mpfr.h>

#include "reference/numeric/functions.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string_view>

namespace touchstone::ops::cast_text {

namespace {

using numeric::MpfrValue;

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

Literal classify(const std::string& s) {
  for (std::string_view inf : {"+INF", "INF", "-INF"})
    if (equals_ignoring_case(s, inf)) return {Literal::kInfinity, s[0] == '-', false};
  if (equals_ignoring_case(s, "NaN")) return {Literal::kNaN, false, false};
  const Literal none{Literal::kNotNumeric, false, false};
  size_t i = 0;
  const bool negative = !s.empty() && s[0] == '-';
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) ++i;
  size_t digits = 0;
  bool zero = true, point = false;
  for (; i < s.size(); ++i) {
    if (is_digit(s[i])) {
      ++digits;
      zero = zero && s[i] == '0';
    } else if (s[i] == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (digits == 0) return none;
  bool exponent = false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    exponent = true;
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return none;
  }
  if (i != s.size()) return none;
  return {point || exponent ? Literal::kDecimal : Literal::kInteger, negative, zero};
}

double parse_rounded(const std::string& s, numeric::FloatFormat format) {
  const Literal literal = classify(s);
  if (literal.kind == Literal::kNaN) return NAN;
  if (literal.kind == Literal::kInfinity) return literal.negative ? -INFINITY : INFINITY;
  MpfrValue result(format.precision);
  // Rounded once to the target precision in MPFR's wide exponent range, keeping the
  // ternary value, then the target's range imposed with it (as numeric::pow_rounded).
  int ternary = mpfr_strtofr(result, s.c_str(), nullptr, 10, MPFR_RNDN);
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(format.min_exponent - format.precision + 2);
  mpfr_set_emax(format.max_exponent + 1);
  ternary = mpfr_check_range(result, ternary, MPFR_RNDN);
  mpfr_subnormalize(result, ternary, MPFR_RNDN);
  mpfr_set_emin(emin);  // nothing above throws
  mpfr_set_emax(emax);
  return mpfr_get_d(result, MPFR_RNDN);  // exact: the value is in the format
}

__int128 parse_truncated(const std::string& s) {
  // Rounding toward zero at 128 bits never crosses an integer below 2^65 in magnitude,
  // so truncating the rounded value truncates the literal's.
  MpfrValue v(128);
  mpfr_strtofr(v, s.c_str(), nullptr, 10, MPFR_RNDZ);
  mpfr_trunc(v, v);
  const __int128 limit = static_cast<__int128>(1) << 64;
  if (mpfr_cmp_d(v, 18446744073709551616.0) >= 0) return limit;
  if (mpfr_cmp_d(v, -18446744073709551616.0) <= 0) return -limit;
  if (mpfr_sgn(v.get()) >= 0) return static_cast<__int128>(mpfr_get_uj(v, MPFR_RNDZ));
  MpfrValue magnitude(128);
  mpfr_neg(magnitude, v, MPFR_RNDN);
  return -static_cast<__int128>(mpfr_get_uj(magnitude, MPFR_RNDZ));
}

std::string format_float(double v, numeric::FloatFormat format) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v < 0 ? "-INF" : "INF";
  const std::string sign = std::signbit(v) ? "-" : "";
  if (v == 0) return sign + "0.0";
  MpfrValue x(53);
  mpfr_set_d(x, std::fabs(v), MPFR_RNDN);
  // The shortest digit string that reads back as v; of those, the nearest (RNDN's), else
  // the one on the other side of v (near a power of two the interval is lopsided).
  std::string digits;
  long exponent = 0;  // |v| ~ 0.digits * 10^exponent
  for (size_t n = 1; n <= 17 && digits.empty(); ++n) {
    for (mpfr_rnd_t mode : {MPFR_RNDN, MPFR_RNDD, MPFR_RNDU}) {
      mpfr_exp_t e = 0;
      char* text = mpfr_get_str(nullptr, &e, 10, n, x, mode);
      const std::string candidate = text;
      mpfr_free_str(text);
      if (parse_rounded("0." + candidate + "e" + std::to_string(e), format) == std::fabs(v)) {
        digits = candidate;
        exponent = static_cast<long>(e);
        break;
      }
    }
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const long point = exponent - 1;  // |v| ~ d.ddd * 10^point
  MpfrValue scaled(53 + 14);
  mpfr_mul_ui(scaled, x, 10000, MPFR_RNDN);  // exact
  const bool positional = mpfr_cmp_ui(scaled, 1) >= 0 && std::fabs(v) < 1e16;
  if (positional) {
    const long k = static_cast<long>(digits.size());
    std::string whole, fraction;
    if (point >= 0) {
      whole = digits.substr(0, static_cast<size_t>(std::min(k, point + 1))) +
              std::string(static_cast<size_t>(std::max(0L, point + 1 - k)), '0');
      fraction = k > point + 1 ? digits.substr(static_cast<size_t>(point + 1)) : "0";
    } else {
      whole = "0";
      fraction = std::string(static_cast<size_t>(-point - 1), '0') + digits;
    }
    return sign + whole + "." + fraction;
  }
  std::string out = sign + digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "") + "e" +
                    (point < 0 ? "-" : "+");
  const std::string magnitude = std::to_string(point < 0 ? -point : point);
  return out + (magnitude.size() < 2 ? "0" : "") + magnitude;
}

}  // namespace touchstone::ops::cast_text
