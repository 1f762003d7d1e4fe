// The double-double atan, asin, acos and erf of the fast path (dd_atan_erf.cpp) at their
// hard inputs: the ends of the domains (±1 for asin and acos, huge arguments for atan,
// tiny ones, erf near 0 and where it rounds to ±1), the switches between formulas, and
// inputs whose exact result lies within 2^-40 ulp of a double midpoint (constructed from
// the functions' Taylor series near 0 and, for erf, from its tail near 1 - 2^-54).
//
// Oracle: MPFR at 300 bits with its ternary value, rounded by the tests' own rounders
// (oracle.h). Two properties: the approximation's interval holds the exact value (the
// argued bound), and the rounded result is the oracle's, with the fast path on and off.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

// After <cstdint>: MPFR declares its intmax_t functions only then.
#include <gmp.h>
#include <mpfr.h>

#include "reference/numeric/functions.h"
#include "reference/tests/oracle.h"

namespace {

namespace num = touchstone::numeric;
using num::Fn;
using namespace touchstone::oracle;

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

struct Inverse {
  Fn fn;
  const char* name;
  MpfrUnary mpfr;
};

const Inverse kAtan{Fn::kAtan, "atan", mpfr_atan}, kAsin{Fn::kAsin, "asin", mpfr_asin},
    kAcos{Fn::kAcos, "acos", mpfr_acos}, kErf{Fn::kErf, "erf", mpfr_erf};

// x, its two neighbours, and all three negated.
std::vector<double> around(std::vector<double> xs) {
  std::vector<double> out;
  for (double x : xs)
    for (double v : {x, std::nextafter(x, -INFINITY), std::nextafter(x, INFINITY)}) {
      out.push_back(v);
      out.push_back(-v);
    }
  return out;
}

const double kMax = 0x1.fffffffffffffp1023;

std::vector<double> edge_inputs(Fn fn) {
  std::vector<double> common = {0x1p-1074, 0x1p-1000, 0x1p-900, 0x1p-600, 0x1p-511, 0x1p-60, 0x1p-30, 0x1p-8, 1.0 / 128,
                                1.0 / 64, 3.0 / 128, 0.25, 0.5, 0.70710678118654757, 1.0};
  if (fn == Fn::kAtan)
    for (double x : {1.5, 2.0, 10.0, 1e6, 0x1p59, 0x1p60, 0x1p61, 0x1p500, 0x1p900, 1e300, kMax}) common.push_back(x);
  if (fn == Fn::kAsin || fn == Fn::kAcos)
    for (int k = 1; k <= 6; ++k) common.push_back(1 - k * 0x1p-53);
  if (fn == Fn::kErf)
    for (double x : {1.0 / 64 + 1.0 / 128, 2.5, 4.0, 5.8, 5.9, 5.92, 5.95, 5.99, 6.0, 6.5, 27.0, 1e300, kMax})
      common.push_back(x);
  return around(common);
}

template <class T>
double oracle_of(const Inverse& f, double x) {
  Big in(64), out(300);
  mpfr_set_d(in, x, MPFR_RNDN);
  return round_to<T>(out, f.mpfr(out, in, MPFR_RNDN));
}

double rounded_double(const Inverse& f, double x, bool fast) {
  num::set_fast_path(fast);
  const double r = num::rounded(f.fn, x);
  num::set_fast_path(true);
  return r;
}

// The exact value lies in [hi + lo - error, hi + lo + error] (checked in MPFR).
bool interval_holds(const Inverse& f, double x, const num::Approximation& a) {
  Big in(64), exact(300), d(300);
  mpfr_set_d(in, x, MPFR_RNDN);
  f.mpfr(exact, in, MPFR_RNDN);
  mpfr_set_d(d, a.hi, MPFR_RNDN);
  mpfr_add_d(d, d, a.lo, MPFR_RNDN);  // exact at 300 bits
  mpfr_sub(d, d, exact, MPFR_RNDN);
  return std::fabs(mpfr_get_d(d, MPFR_RNDU)) <= a.error;
}

// An input near x0 whose f lies nearest a midpoint of double, among the 400 doubles
// around x0, with its distance in ulps (oracle.h's scale).
std::pair<double, double> nearest_midpoint_near(const Inverse& f, double x0) {
  Big in(64), out(300), s(300);
  double best = x0, distance = 1;
  double x = x0;
  for (int i = 0; i < 200; ++i) x = std::nextafter(x, -INFINITY);
  for (int i = 0; i < 400; ++i, x = std::nextafter(x, INFINITY)) {
    mpfr_set_d(in, x, MPFR_RNDN);
    f.mpfr(out, in, MPFR_RNDN);
    const long q = static_cast<long>(mpfr_get_exp(out)) - 53;  // weight of the last bit
    mpfr_abs(s, out, MPFR_RNDN);
    mpfr_mul_2si(s, s, -q, MPFR_RNDN);
    mpfr_frac(s, s, MPFR_RNDN);
    mpfr_sub_d(s, s, 0.5, MPFR_RNDN);
    const double dist = std::fabs(mpfr_get_d(s, MPFR_RNDN));
    if (dist < distance) distance = dist, best = x;
  }
  return {best, distance};
}

}  // namespace

TEST_CASE("fast inverse functions: the double-double interval holds the exact value", "[numeric][fast][inverse]") {
  for (const Inverse& f : {kAtan, kAsin, kAcos, kErf}) {
    INFO(f.name);
    std::vector<double> xs = edge_inputs(f.fn);
    // Random inputs over the domain, and the ends of the tables' steps (j/64, j/32 +- 1/64).
    uint64_t state = 12345;
    for (int i = 0; i < 3000; ++i) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const double u = static_cast<double>(state >> 11) * 0x1p-53;  // [0, 1)
      xs.push_back(f.fn == Fn::kAtan ? std::ldexp(u + 0.5, static_cast<int>(state % 80) - 40)
                   : f.fn == Fn::kErf ? 12 * u - 6 : 2 * u - 1);
    }
    for (int j = 1; j <= 192; ++j) {
      xs.push_back(j / 64.0 + 1.0 / 128);
      xs.push_back(j / 32.0 + 1.0 / 64);
    }
    int available = 0;
    for (double x : xs) {
      const num::Approximation a = num::approximate(f.fn, x, 53);
      if (!a.available()) continue;
      ++available;
      INFO("x = " << show(x) << ": " << show(a.hi) << " + " << a.lo << " +- " << a.error);
      CHECK(interval_holds(f, x, a));
    }
    CHECK(available > 3000);
  }
}

TEST_CASE("fast inverse functions: edge inputs round as the oracle says, fast path on and off", "[numeric][fast][inverse]") {
  for (const Inverse& f : {kAtan, kAsin, kAcos, kErf}) {
    std::vector<double> xs = edge_inputs(f.fn);
    for (double x : {0.0, -0.0, double(INFINITY), -double(INFINITY), double(NAN), 1.0000000000000002, -1.0000000000000002, 2.0})
      xs.push_back(x);
    for (double x : xs) {
      INFO(f.name << "(" << show(x) << ")");
      const double want = oracle_of<double>(f, x);
      CHECK(same_result(rounded_double(f, x, true), want));
      CHECK(same_result(rounded_double(f, x, false), want));
    }
  }
  // Hand-checked values: atan(±inf) and atan of huge x round to ±pi/2, asin(±1) = ±pi/2,
  // acos(1) = +0, acos(-1) = pi, erf from 6 up is 1 (1 - erf 6 < 2^-55).
  const double half_pi = 1.5707963267948966, pi = 3.141592653589793;
  CHECK(num::rounded(Fn::kAtan, double(INFINITY)) == half_pi);
  CHECK(num::rounded(Fn::kAtan, -kMax) == -half_pi);
  CHECK(num::rounded(Fn::kAtan, 0x1p60) == half_pi);
  CHECK(num::rounded(Fn::kAsin, 1.0) == half_pi);
  CHECK(num::rounded(Fn::kAsin, -1.0) == -half_pi);
  const double acos_one = num::rounded(Fn::kAcos, 1.0);
  CHECK((acos_one == 0 && !std::signbit(acos_one)));
  CHECK(num::rounded(Fn::kAcos, -1.0) == pi);
  CHECK(num::rounded(Fn::kErf, 6.0) == 1.0);
  CHECK(num::rounded(Fn::kErf, -27.0) == -1.0);
  CHECK(num::rounded(Fn::kErf, 5.95) == 1.0);
  // Tiny x: atan x, asin x and erf x / (2/sqrt(pi)) are x within x^3: atan and asin round
  // to x itself; acos to pi/2.
  CHECK(num::rounded(Fn::kAtan, 0x1p-600) == 0x1p-600);
  CHECK(num::rounded(Fn::kAsin, -0x1p-600) == -0x1p-600);
  CHECK(num::rounded(Fn::kAcos, 0x1p-600) == half_pi);
}

// Inputs whose results lie within 2^-40 ulp of a double midpoint: the interval (about
// 2^-38 ulp wide at most) cannot decide them, so MPFR must, and the result must be the
// oracle's.
// - atan x = x - x^3/3 + ...: for x near (3 2^-79)^(1/3) (in [2^-26, 2^-25), ulp 2^-78)
//   x^3/3 is half an ulp, and one step of x moves it by x^2 2^-78 = 2^-130: some x puts
//   atan x within about 2^-52 ulp of x - ulp/2.
// - asin x = x + x^3/6 + ...: likewise near (6 2^-79)^(1/3).
// - erf x near 1 - 2^-54 (the midpoint below 1): 1 - erf x = erfc x, which one step of
//   x (2^-50 near 5.9) moves by about 2^-100: the x nearest erfc x = 2^-54.
TEST_CASE("fast inverse functions: results next to a double midpoint fall back to MPFR", "[numeric][fast][inverse]") {
  Big target(300), x0(300);
  std::vector<std::pair<const Inverse*, double>> starts;
  starts.push_back({&kAtan, std::cbrt(3 * 0x1p-79)});
  starts.push_back({&kAsin, std::cbrt(6 * 0x1p-79)});
  // erfc x = 2^-54 by bisection in MPFR between 5 and 7.
  {
    Big lo(300), hi(300), mid(300), v(300);
    mpfr_set_ui(lo, 5, MPFR_RNDN);
    mpfr_set_ui(hi, 7, MPFR_RNDN);
    for (int i = 0; i < 80; ++i) {
      mpfr_add(mid, lo, hi, MPFR_RNDN);
      mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
      mpfr_erfc(v, mid, MPFR_RNDN);
      if (mpfr_cmp_d(v, 0x1p-54) > 0) mpfr_set(lo, mid, MPFR_RNDN);
      else mpfr_set(hi, mid, MPFR_RNDN);
    }
    starts.push_back({&kErf, mpfr_get_d(lo, MPFR_RNDN)});
  }
  for (const auto& [f, start] : starts) {
    for (double sign : {1.0, -1.0}) {
      const auto [x, distance] = nearest_midpoint_near(*f, sign * start);
      INFO(f->name << "(" << show(x) << "): " << distance << " ulp from a midpoint");
      CHECK(distance < 0x1p-40);
      const auto before = num::fallback_count();
      const double fast = rounded_double(*f, x, true);
      CHECK(num::fallback_count() > before);
      const double want = oracle_of<double>(*f, x);
      CHECK(same_result(fast, want));
      CHECK(same_result(rounded_double(*f, x, false), want));
    }
  }
}
