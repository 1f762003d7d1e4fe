// Tests of the numeric core's fast path (reference/numeric/fast.h): the decision that an
// approximation's interval rounds to one value, and the functions that use it.
//
// Oracle: MPFR at 300 bits with its ternary value, rounded to the target by the tests'
// own rounders (oracle.h: round_scaled, round_by_table), never by reference/numeric.
// Inputs: random values over each function's domain, edge values (tiny, near the
// thresholds where a formula changes, near multiples of pi/2), and inputs whose exact
// result lies near a midpoint of the target format, found here by scanning with MPFR;
// exact midpoints come from pow (odd integers squared). The fast path must give the
// oracle's answer, the same as MPFR alone, and must fall back to MPFR on the hard cases.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

// After <cstdint>: MPFR declares its intmax_t functions (mpfr_set_sj, ...) only then.
#include <gmp.h>
#include <mpfr.h>

#include "reference/numeric/functions.h"
#include "reference/tests/oracle.h"

namespace {

namespace num = touchstone::numeric;
using num::Fn;
using touchstone::BFloat16;
using touchstone::Float16;
using namespace touchstone::oracle;

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

struct FnCase {
  Fn fn;
  const char* name;
  MpfrUnary mpfr;
  double low, high;  // random inputs: uniform, or e^uniform when log_scale
  bool log_scale;
};

const std::vector<FnCase>& fn_cases() {
  static const std::vector<FnCase> list = {
      {Fn::kExp, "exp", mpfr_exp, -750, 720, false},      {Fn::kExpm1, "expm1", mpfr_expm1, -40, 40, false},
      {Fn::kLog, "log", mpfr_log, -700, 700, true},       {Fn::kSqrt, "sqrt", mpfr_sqrt, -700, 700, true},
      {Fn::kSin, "sin", mpfr_sin, -100, 100, false},      {Fn::kCos, "cos", mpfr_cos, -100, 100, false},
      {Fn::kTan, "tan", mpfr_tan, -100, 100, false},      {Fn::kAsin, "asin", mpfr_asin, -1, 1, false},
      {Fn::kAcos, "acos", mpfr_acos, -1, 1, false},       {Fn::kAtan, "atan", mpfr_atan, -50, 50, false},
      {Fn::kSinh, "sinh", mpfr_sinh, -30, 30, false},     {Fn::kCosh, "cosh", mpfr_cosh, -30, 30, false},
      {Fn::kTanh, "tanh", mpfr_tanh, -25, 25, false},     {Fn::kAsinh, "asinh", mpfr_asinh, -100, 100, false},
      {Fn::kAcosh, "acosh", mpfr_acosh, -10, 20, true},   {Fn::kAtanh, "atanh", mpfr_atanh, -1, 1, false},
      {Fn::kErf, "erf", mpfr_erf, -7, 7, false},
  };
  return list;
}

// f(x) at 300 bits, rounded by the oracle.
template <class T>
double oracle_of(const FnCase& c, double x) {
  Big in(64), out(300);
  mpfr_set_d(in, x, MPFR_RNDN);
  const int ternary = c.mpfr(out, in, MPFR_RNDN);
  return round_to<T>(out, ternary);
}

// |frac(|y| / u) - 1/2| where u is the weight of T's last bit at y: 0 on a midpoint.
template <class T>
double midpoint_distance(mpfr_ptr y) {
  if (!mpfr_regular_p(y)) return 1;
  const Format f = format_of<T>();
  const long lead = static_cast<long>(mpfr_get_exp(y)) - 1;
  const long q = std::max(lead, static_cast<long>(f.min_exponent)) - (f.precision - 1);
  Big s(mpfr_get_prec(y));
  mpfr_abs(s, y, MPFR_RNDN);
  mpfr_mul_2si(s, s, -q, MPFR_RNDN);
  mpfr_frac(s, s, MPFR_RNDN);
  mpfr_sub_d(s, s, 0.5, MPFR_RNDN);
  return std::fabs(mpfr_get_d(s, MPFR_RNDN));
}

// Random inputs of T over the case's domain, plus edge values.
template <class T>
std::vector<double> inputs_for(const FnCase& c, std::mt19937_64& rng, int count) {
  std::vector<double> v;
  std::uniform_real_distribution<double> u(c.low, c.high);
  for (int i = 0; i < count; ++i) {
    const double d = c.log_scale ? std::exp(u(rng)) : u(rng);
    v.push_back(value_of(near_value<T>(d)));
  }
  for (double e : {0x1p-1000, 0x1p-900, 0x1p-60, 0x1p-30, 0x1p-8, 0.0054, 0.03125, 0.5, 0.96875, 1.0, 1.03125,
                   19.999, 20.0, 20.001, 354.0, 664.999, 665.0, 665.001, 709.0, 1e6, 1048576.0, 1048577.0})
    for (double s : {1.0, -1.0}) v.push_back(value_of(near_value<T>(s * e)));
  for (int k : {1, 2, 3, 7, 100, 1000, 12345, 500000}) {  // near k pi/2
    const double a = value_of(near_value<T>(k * 1.5707963267948966));
    v.push_back(a);
    if constexpr (std::is_same_v<T, double>) {
      v.push_back(std::nextafter(a, 0.0));
      v.push_back(std::nextafter(a, INFINITY));
    }
  }
  return v;
}

// The inputs among `pool` whose exact f(x) lies nearest a midpoint of T (scanned with
// MPFR at 200 bits).
template <class T>
std::vector<double> nearest_to_midpoints(const FnCase& c, const std::vector<double>& pool, size_t keep) {
  std::vector<std::pair<double, double>> scored;
  Big in(64), out(200);
  for (double x : pool) {
    mpfr_set_d(in, x, MPFR_RNDN);
    c.mpfr(out, in, MPFR_RNDN);
    scored.push_back({midpoint_distance<T>(out), x});
  }
  std::sort(scored.begin(), scored.end());
  std::vector<double> best;
  for (size_t i = 0; i < std::min(keep, scored.size()); ++i) best.push_back(scored[i].second);
  return best;
}

template <class T>
double got_of(Fn fn, double x) {
  return value_of(num::rounded(fn, near_value<T>(x)));
}

template <class T>
void check_function(const FnCase& c) {
  std::mt19937_64 rng(std::hash<std::string>{}(std::string(c.name) + type_name<T>()));
  std::vector<double> xs = inputs_for<T>(c, rng, 1500);
  // Float16 and bfloat16 have their exhaustive tests (test_math.cpp); for float and
  // double, add the inputs nearest a midpoint among a larger pool.
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    const auto pool = inputs_for<T>(c, rng, 20000);
    for (double x : nearest_to_midpoints<T>(c, pool, 40)) xs.push_back(x);
  }
  int wrong = 0, differ = 0;
  for (double x : xs) {
    const double want = oracle_of<T>(c, x);
    num::set_fast_path(true);
    const double fast = got_of<T>(c.fn, x);
    num::set_fast_path(false);
    const double slow = got_of<T>(c.fn, x);
    num::set_fast_path(true);
    if (!same_result(fast, want) && ++wrong <= 5)
      FAIL_CHECK(c.name << "<" << type_name<T>() << ">(" << show(x) << ") = " << show(fast) << ", want "
                        << show(want));
    if (!same_result(fast, slow)) ++differ;
  }
  CHECK(wrong == 0);
  CHECK(differ == 0);
}

}  // namespace

TEST_CASE("fast path: every function agrees with the oracle, near midpoints too", "[numeric][fast]") {
  for (const auto& c : fn_cases()) {
    SECTION(c.name) {
      check_function<Float16>(c);
      check_function<BFloat16>(c);
      check_function<float>(c);
      check_function<double>(c);
    }
  }
}

// Float results whose exact value is within 2^-41 relative of a midpoint are beyond what
// libm's claimed 2^-40 can decide: the fast path must leave them to MPFR.
TEST_CASE("fast path: results near a float midpoint fall back to MPFR", "[numeric][fast]") {
  const FnCase exp_case{Fn::kExp, "exp", mpfr_exp, -80, 80, false};  // normal float results
  std::mt19937_64 rng(11);
  const auto pool = inputs_for<float>(exp_case, rng, 300000);
  const auto hard = nearest_to_midpoints<float>(exp_case, pool, 5);
  int within = 0;
  Big in(64), out(200);
  for (double x : hard) {
    mpfr_set_d(in, x, MPFR_RNDN);
    mpfr_exp(out, in, MPFR_RNDN);
    INFO("exp(" << show(x) << "), distance to a midpoint " << midpoint_distance<float>(out) << " ulp");
    const auto before = num::fallback_count();
    const double got = got_of<float>(Fn::kExp, x);
    CHECK(same_result(got, oracle_of<float>(exp_case, x)));
    // The claimed 2^-40 relative is at least 2^-17 ulp of a normal float result: nearer
    // to a midpoint than that, the interval holds it and MPFR decides.
    if (midpoint_distance<float>(out) < 0x1p-17) {
      ++within;
      CHECK(num::fallback_count() > before);
    }
  }
  CHECK(within > 0);
}

// Exact midpoints: a^2 for an odd integer a whose square has p + 1 significant bits is a
// tie of the p-bit format. The interval always contains it, so MPFR decides (to even).
TEMPLATE_TEST_CASE("fast path: pow with an exact midpoint result falls back and ties to even", "[numeric][fast]",
                   Float16, BFloat16, float, double) {
  const Format f = format_of<TestType>();
  // Odd a with 2^p <= a^2 < 2^(p+1): from ceil(2^(p/2)) up.
  const double start = std::ceil(std::sqrt(std::ldexp(1.0, f.precision)));
  int checked = 0;
  for (double a = start; checked < 20 && a * a < std::ldexp(1.0, f.precision + 1); a += 1) {
    if (std::fmod(a, 2.0) == 0) continue;
    const auto before = num::fallback_count();
    const double got = value_of(num::pow(near_value<TestType>(a), TestType(near_value<TestType>(2.0))));
    Big wide(300), base(64);
    mpfr_set_d(base, a, MPFR_RNDN);
    const int t = mpfr_sqr(wide, base, MPFR_RNDN);  // exact
    INFO(type_name<TestType>() << ": " << show(a) << "^2");
    CHECK(midpoint_distance<TestType>(wide) == 0);
    CHECK(same_result(got, round_to<TestType>(wide, t)));
    CHECK(num::fallback_count() > before);
    ++checked;
  }
  CHECK(checked > 0);
}

// The decision alone, on intervals placed against midpoints of each format.
TEMPLATE_TEST_CASE("fast path: decide rounds an interval only when one value covers it", "[numeric][fast]",
                   Float16, BFloat16, float, double) {
  std::mt19937_64 rng(5);
  int checked = 0;
  while (checked < 2000) {
    const TestType v = from_bits<TestType>(rng());
    const double a = value_of(v);
    if (!std::isfinite(a) || a == 0 || std::fabs(a) < 0x1p-900 || std::fabs(a) > 0x1p900) continue;
    // The next value of T away from zero and the midpoint between them (a double for the
    // 16-bit formats and float; for double, a + half its ulp as a double-double).
    const Format f = format_of<TestType>();
    const int e = std::max(std::ilogb(a), f.min_exponent);
    const double half_ulp = std::ldexp(0.5, e - (f.precision - 1));
    const double s = a > 0 ? 1 : -1;
    constexpr bool wide = std::is_same_v<TestType, double>;
    // Offsets that keep hi exact for the narrow formats (p + 1 bits and the offset's).
    const double small = std::is_same_v<TestType, float> ? 0x1p-20 : 0x1p-30;
    const double big = wide ? 0x1p-45 : small * 0x1p-8;
    for (double offset : {0.0, small, -small, big, -big}) {
      for (double spread : {0.0, 0x1p-70, 0x1p-35, 0x1p-25}) {
        // The interval: the midpoint after a, moved by offset half-ulps; radius spread
        // half-ulps. For the narrow formats it is centred on a double; for double on a
        // normalised double-double (hi the double nearest the centre).
        num::Approximation ap;
        if constexpr (wide) {
          if (offset > 0)
            ap = {std::nextafter(a, s * INFINITY), -s * half_ulp * (1 - offset), spread * half_ulp};
          else
            ap = {a, s * half_ulp * (1 + offset), spread * half_ulp};
        } else {
          ap = {a + s * half_ulp * (1 + offset), 0, spread * half_ulp};
        }
        const auto got = num::decide<TestType>(ap);
        // Oracle: the interval's centre, its distance to the nearest midpoint (in
        // half-ulps), and its rounding.
        Big centre(2200);
        mpfr_set_d(centre, ap.hi, MPFR_RNDN);
        mpfr_add_d(centre, centre, ap.lo, MPFR_RNDN);  // exact at 2200 bits
        const double distance = 2 * midpoint_distance<TestType>(centre);
        INFO(type_name<TestType>() << " a = " << show(a) << " offset " << offset << " spread " << spread);
        if (distance <= spread) {
          CHECK(!got);
        } else if (distance - spread > (wide ? 0x1p-40 : std::ldexp(1.0, f.precision + 3 - 53))) {
          REQUIRE(got);
          CHECK(same_result(value_of(*got), round_to<TestType>(centre, 0)));
        } else if (got) {  // within the decision's safety margin: either answer may come
          CHECK(same_result(value_of(*got), round_to<TestType>(centre, 0)));
        }
      }
    }
    ++checked;
  }
}

// The inline 16-bit conversions of the fast path (numeric/small_float_bits.h) against
// the test's own decoders and rounders.
TEMPLATE_TEST_CASE("fast path: inline float16/bfloat16 conversions are exact", "[numeric][fast]", Float16, BFloat16) {
  for (uint32_t b = 0; b < 65536; ++b) {
    const TestType x{static_cast<uint16_t>(b)};
    const double want = value_of(x), got = num::bits::widen_small(x);
    if (!same_result(got, want)) FAIL_CHECK("widen " << b << ": " << show(got) << ", want " << show(want));
  }
  std::mt19937_64 rng(3);
  const double top = std::is_same_v<TestType, Float16> ? 17 : 130;
  std::uniform_real_distribution<double> exponent(-top - 12, top);
  int wrong = 0;
  for (int i = 0; i < 2000000; ++i) {
    const double d = (rng() & 1 ? -1 : 1) * std::exp2(exponent(rng)) * (1 + (rng() >> 11) * 0x1p-53);
    const auto got = num::bits::round_small<TestType>(d);
    if (!got) continue;  // below two smallest subnormals: the general path's job
    Big v(64);
    mpfr_set_d(v, d, MPFR_RNDN);
    const double want = round_to<TestType>(v, 0);
    if (!same_result(value_of(TestType{*got}), want) && ++wrong <= 5)
      FAIL_CHECK("round " << show(d) << ": " << show(value_of(TestType{*got})) << ", want " << show(want));
  }
  // Midpoints exactly: ties to even, including the overflow threshold.
  for (uint32_t b = 0; b < 0x7C00u; ++b) {
    const TestType x{static_cast<uint16_t>(b)}, next{static_cast<uint16_t>(b + 1)};
    const double a = value_of(x), c = value_of(next);
    if (!std::isfinite(a) || a == 0) continue;
    const double mid = std::isfinite(c) ? (a + c) / 2 : a + (a - value_of(TestType{static_cast<uint16_t>(b - 1)})) / 2;
    const auto got = num::bits::round_small<TestType>(mid);
    if (!got) continue;
    Big v(64);
    mpfr_set_d(v, mid, MPFR_RNDN);
    if (!same_result(value_of(TestType{*got}), round_to<TestType>(v, 0)) && ++wrong <= 10)
      FAIL_CHECK("midpoint " << show(mid));
  }
  CHECK(wrong == 0);
}

TEST_CASE("correctly_rounded: a zero approximation is final only when the formula proves it", "[numeric][fast]") {
  // (1 + 2^-200) - 1 at p bits: 1 + 2^-200 rounds to 1 below 201 bits, so the first
  // approximations are an exact 0 with an error bound relative to 1, not to the result.
  std::vector<mpfr_prec_t> seen;
  auto cancelling = [&](double sign) {
    return [&, sign](mpfr_ptr out) {
      seen.push_back(mpfr_get_prec(out));
      Big one_plus(mpfr_get_prec(out));
      const int t1 = mpfr_set_d(one_plus, 1, MPFR_RNDN);
      const int t2 = mpfr_add_d(one_plus, one_plus, 0x1p-200, MPFR_RNDN);
      const int t3 = mpfr_sub_ui(out, one_plus, 1, MPFR_RNDN);
      mpfr_mul_d(out, out, sign, MPFR_RNDN);
      if (t1 == 0 && t2 == 0 && t3 == 0) return num::kExactResult;
      if (mpfr_zero_p(out)) return 64;  // what the absolute bound says of a zero: nothing
      return static_cast<int>(1 - mpfr_get_exp(out)) + 1;
    };
  };
  for (double sign : {1.0, -1.0}) {
    seen.clear();
    const double r = num::correctly_rounded(cancelling(sign), num::float_format<double>());
    CHECK(r == sign * 0x1p-200);
    CHECK(seen.size() >= 2);  // the first (93 bits) gave 0 and was not taken
    CHECK(seen.back() > 200);
  }
  // A zero the formula proves exact is final at once, with its sign.
  seen.clear();
  const double minus_zero = num::correctly_rounded(
      [&](mpfr_ptr out) {
        seen.push_back(mpfr_get_prec(out));
        mpfr_set_zero(out, -1);
        return num::kExactResult;
      },
      num::float_format<float>());
  CHECK(minus_zero == 0);
  CHECK(std::signbit(minus_zero));
  CHECK(seen.size() == 1);
  // A zero never proved is taken at the last precision (the loop ends).
  seen.clear();
  const double unproved = num::correctly_rounded(
      [&](mpfr_ptr out) {
        seen.push_back(mpfr_get_prec(out));
        mpfr_set_zero(out, 1);
        return 1;
      },
      num::float_format<Float16>());
  CHECK(unproved == 0);
  CHECK(seen.back() == num::kMaxWorkingPrecision);
}

TEST_CASE("round_once: the fast approximation when it decides, else the formula", "[numeric][fast]") {
  const auto format = num::float_format<float>();
  int slow_calls = 0;
  auto third = [&](mpfr_ptr out) {
    ++slow_calls;
    return mpfr_ui_div(out, 1, num::MpfrValue(64, 3.0), MPFR_RNDN) == 0 ? num::kExactResult : 1;
  };
  const double want = static_cast<double>(1.0f / 3.0f);  // IEEE division: correctly rounded
  const num::Approximation close{1.0 / 3.0, 0, 0x1p-60}, wide{1.0 / 3.0, 0, 0x1p-10};
  num::set_fast_path(true);
  auto before = num::fallback_count();
  CHECK(num::round_once([&] { return close; }, third, format) == want);
  CHECK(slow_calls == 0);
  CHECK(num::fallback_count() == before);
  CHECK(num::round_once([&] { return wide; }, third, format) == want);  // undecided: MPFR
  CHECK(slow_calls >= 1);
  CHECK(num::fallback_count() == before + 1);
  // A fast step that decides by itself (std::optional<double>), and one that does not.
  slow_calls = 0;
  CHECK(num::round_once([] { return std::optional<double>(0.25); }, third, format) == 0.25);
  CHECK(slow_calls == 0);
  CHECK(num::round_once([] { return std::optional<double>(); }, third, format) == want);
  CHECK(slow_calls >= 1);
  // Off: the fast step is not even asked.
  num::set_fast_path(false);
  bool asked = false;
  before = num::fallback_count();
  CHECK(num::round_once([&] { asked = true; return close; }, third, format) == want);
  CHECK(!asked);
  CHECK(num::fallback_count() == before);
  num::set_fast_path(true);
}
