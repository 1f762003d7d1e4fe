// Tests of the numeric core (reference/numeric/exact.h): +, -, *, /, pow, pow_truncated.
//
// Oracle: the exact result, or MPFR at 300+ bits with its ternary value (the sign of
// rounded - exact), rounded to the target format by routines written here and nowhere
// else:
// - round_scaled: scale to the target's last-bit weight (including the subnormal grid),
//   split into integer and fraction, compare the fraction with 1/2 (the ternary value
//   decides when the wide value sits exactly on a midpoint), ties to even, overflow when
//   the result reaches 2^(emax+1). Integers and comparisons only; no MPFR rounding to the
//   target, no mpfr_subnormalize, no double rounding.
// - round_by_table (float16, bfloat16): nearest value in the sorted table of all finite
//   values of the format, decided against exact midpoints.
// The two rounders are checked against each other and against _Float16 / float
// conversion of doubles. Inputs are decoded without reference/half.cpp (_Float16 for
// float16, the top half of a float32 for bfloat16).
// pow's special values are a table written from C11 F.10.4.4 (same as C99 Annex F);
// its finite values come from mpfr_pow at 300 bits on |x|, cross-checked against a second
// formulation, exp(y * log|x|) at 450 bits. pow_truncated is checked against values
// computed by hand or with exact integer arithmetic.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

// After <cstdint>: MPFR declares its intmax_t functions (mpfr_set_sj, ...) only then.
#include <gmp.h>
#include <mpfr.h>

#include "reference/numeric/exact.h"
#include "reference/tests/oracle.h"

namespace {

namespace num = touchstone::numeric;
using touchstone::BFloat16;
using touchstone::Float16;

using namespace touchstone::oracle;


struct Failures {
  long count = 0;
  long checked = 0;
  std::string first;
  void add(const std::string& what) {
    if (count++ < 8) first += what + "\n";
  }
};

// A random double with binary exponent uniform in [lo, hi] and a random sign.
double random_double(std::mt19937_64& rng, int lo, int hi) {
  const int e = std::uniform_int_distribution<int>(lo, hi)(rng);
  const double m = 1.0 + std::ldexp(static_cast<double>(rng() >> 12), -52);
  return (rng() & 1 ? -1.0 : 1.0) * std::ldexp(m, e);
}

template <class T>
std::vector<T> edge_values() {
  const Format f = format_of<T>();
  const double smallest = std::ldexp(1.0, f.min_exponent - f.precision + 1);
  const double largest = std::ldexp(2.0 - std::ldexp(1.0, 1 - f.precision), f.max_exponent);
  const double ulp1 = std::ldexp(1.0, 1 - f.precision);
  std::vector<T> out;
  for (double d : {0.0, smallest, 3 * smallest, std::ldexp(1.0, f.min_exponent) - smallest,
                   std::ldexp(1.0, f.min_exponent), 0.5, 1.0 - ulp1 / 2, 1.0, 1.0 + ulp1, 1.5, 2.0, 3.0, 10.0,
                   0.1, largest / 2, largest, static_cast<double>(INFINITY)})
    for (double s : {1.0, -1.0}) out.push_back(near_value<T>(s * d));
  out.push_back(near_value<T>(NAN));
  return out;
}

// ---------------------------------------------------------------------------------------
// +, -, *, /

using MpfrOp = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

template <class T>
double arithmetic_oracle(MpfrOp op, T a, T b, Failures& bad) {
  Big x(64), y(64), r(320);
  set_exact(x, a);
  set_exact(y, b);
  const int ternary = op(r, x, y, MPFR_RNDN);
  const double want = round_scaled(r, ternary, format_of<T>());
  if constexpr (touchstone::is_small_float<T>) {
    const double by_table = round_by_table(r, ternary, table_of<T>());
    if (!same_result(by_table, want))
      bad.add("oracles disagree: scaled " + show(want) + ", table " + show(by_table));
  }
  return want;
}

template <class T>
void check_arithmetic(const char* name, MpfrOp op, T (*f)(T, T), T a, T b, Failures& bad) {
  ++bad.checked;
  const double want = arithmetic_oracle(op, a, b, bad);
  const double got = value_of(f(a, b));
  if (!same_result(got, want))
    bad.add(std::string(type_name<T>()) + " " + show_input(a) + " " + name + " " + show_input(b) + ": got " +
            show(got) + ", want " + show(want));
}

// ---------------------------------------------------------------------------------------
// pow

bool is_odd_integer(mpfr_ptr y) {
  if (!mpfr_integer_p(y)) return false;
  Big half(mpfr_get_prec(y));
  mpfr_div_2ui(half, y, 1, MPFR_RNDN);
  return !mpfr_integer_p(half);
}

// x^y rounded to f. Special values as C11 F.10.4.4 lists them.
double pow_oracle(mpfr_ptr x, mpfr_ptr y, Format f, bool cross_check, Failures& bad) {
  if (mpfr_zero_p(y)) return 1.0;                            // pow(x, ±0) = 1, even for NaN x
  if (!mpfr_nan_p(x) && mpfr_cmp_si(x, 1) == 0) return 1.0;  // pow(+1, y) = 1, even for NaN y
  if (mpfr_nan_p(x) || mpfr_nan_p(y)) return NAN;
  const bool odd = is_odd_integer(y);
  const bool y_negative = mpfr_sgn(y) < 0;
  if (mpfr_zero_p(x)) {
    const bool x_negative = mpfr_signbit(x);
    if (y_negative) return odd && x_negative ? -INFINITY : INFINITY;  // ±inf for odd y < 0, else +inf
    return odd && x_negative ? -0.0 : 0.0;                            // ±0 for odd y > 0, else +0
  }
  if (mpfr_inf_p(y)) {
    const int magnitude = mpfr_cmpabs_ui(x, 1);
    if (magnitude == 0) return 1.0;  // pow(-1, ±inf) = 1
    if (y_negative) return magnitude < 0 ? INFINITY : 0.0;
    return magnitude < 0 ? 0.0 : INFINITY;
  }
  if (mpfr_inf_p(x)) {
    if (mpfr_sgn(x) < 0) {
      if (y_negative) return odd ? -0.0 : 0.0;
      return odd ? -INFINITY : INFINITY;
    }
    return y_negative ? 0.0 : INFINITY;
  }
  if (mpfr_sgn(x) < 0 && !mpfr_integer_p(y)) return NAN;  // finite x < 0, finite non-integer y

  Big magnitude(mpfr_get_prec(x)), r(300);
  mpfr_abs(magnitude, x, MPFR_RNDN);
  const int ternary = mpfr_pow(r, magnitude, y, MPFR_RNDN);
  if (cross_check && mpfr_regular_p(r) && std::labs(mpfr_get_exp(r)) < (1L << 28)) {
    // Second formulation: exp(y * log|x|) at 450 bits agrees to ~2^-299 relative.
    Big e(450), diff(450);
    mpfr_log(e, magnitude, MPFR_RNDN);
    mpfr_mul(e, e, y, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    mpfr_sub(diff, e, r, MPFR_RNDN);
    mpfr_div(diff, diff, r, MPFR_RNDN);
    if (!mpfr_zero_p(diff) && mpfr_get_exp(diff) > -290)
      bad.add("mpfr_pow and exp(y log x) disagree: " + show(mpfr_get_d(r, MPFR_RNDN)));
  }
  const double m = round_scaled(r, ternary, f);
  return mpfr_sgn(x) < 0 && odd ? -m : m;
}

template <class T, class Y>
double pow_expected(T x, Y y, bool cross_check, Failures& bad) {
  Big bx(64), by(64);
  set_exact(bx, x);
  set_exact(by, y);
  return pow_oracle(bx, by, format_of<T>(), cross_check, bad);
}

template <class T, class Y>
void check_pow(T x, Y y, Failures& bad, bool cross_check = false) {
  ++bad.checked;
  const double want = pow_expected(x, y, cross_check, bad);
  const double got = value_of(num::pow(x, y));
  if (!same_result(got, want))
    bad.add(std::string("pow<") + type_name<T>() + ", " + type_name<Y>() + ">(" + show_input(x) + ", " +
            show_input(y) + "): got " + show(got) + ", want " + show(want));
}

template <class T>
T random_base(std::mt19937_64& rng) {
  const Format f = format_of<T>();
  switch (rng() % 6) {
    case 0:
      return from_bits<T>(rng());  // anything, incl. NaN, inf, subnormals
    case 1:
      return near_value<T>(1.0 + std::ldexp(random_double(rng, 0, 0),
                                            -std::uniform_int_distribution<int>(1, f.precision)(rng)));
    case 2:
      return near_value<T>(random_double(rng, -4, 6));
    case 3:
      return near_value<T>(random_double(rng, f.min_exponent - f.precision, f.min_exponent));  // subnormal
    default:
      return near_value<T>(random_double(rng, -20, 20));
  }
}

template <class Y>
Y random_exponent(std::mt19937_64& rng) {
  if constexpr (touchstone::is_real_float<Y>) {
    switch (rng() % 5) {
      case 0:
        return from_bits<Y>(rng());
      case 1:
        return near_value<Y>(random_double(rng, -4, 6));
      case 2:
        return near_value<Y>(
            std::ldexp(static_cast<double>(static_cast<int>(rng() % 257) - 128), -(int)(rng() % 2)));
      default:
        return near_value<Y>(random_double(rng, -3, 3));
    }
  } else {
    switch (rng() % 3) {
      case 0:
        return static_cast<Y>(rng());
      default: {
        const long lo = std::is_signed_v<Y> ? -70 : 0;
        return static_cast<Y>(std::uniform_int_distribution<long>(lo, 70)(rng));
      }
    }
  }
}

// Exponents that take |base|^y across the overflow or underflow threshold of T.
template <class T, class Y>
void check_pow_thresholds(std::mt19937_64& rng, int rounds, Failures& bad) {
  const Format f = format_of<T>();
  const double log_largest = (f.max_exponent + 1) * std::log(2.0);
  const double log_smallest = (f.min_exponent - f.precision + 1) * std::log(2.0);
  for (int i = 0; i < rounds; ++i) {
    double b = std::exp(std::uniform_real_distribution<double>(-3.0, 3.0)(rng));
    if (rng() & 1) b = -b;
    const T x = near_value<T>(b);
    const double lx = std::log(std::fabs(value_of(x)));
    if (!std::isfinite(lx) || lx == 0) continue;
    for (double limit : {log_largest, log_smallest, log_smallest - std::log(2.0) / 2}) {
      const double y0 = limit / lx;
      for (double y : {y0, y0 * (1 + 1e-7), y0 * (1 - 1e-7), std::floor(y0), std::ceil(y0),
                       std::floor(y0) - 1, std::ceil(y0) + 1}) {
        if constexpr (touchstone::is_real_float<Y>) {
          check_pow(x, near_value<Y>(y), bad);
        } else {
          if (auto yy = exactly<Y>(std::round(y))) check_pow(x, *yy, bad);
        }
      }
    }
  }
}

template <class T, class Y>
void check_pow_pair(Failures& bad, uint64_t seed, int random_rounds) {
  std::mt19937_64 rng(seed);
  std::vector<Y> exponents;
  if constexpr (touchstone::is_real_float<Y>) {
    exponents = edge_values<Y>();
    for (double d : {0.5, -0.5, 1.0 / 3, -1.5, 2.5, 7.0, -7.0, 255.0, 2047.0, 16777215.0, 1e9, -1e9})
      exponents.push_back(near_value<Y>(d));
  } else {
    using L = std::numeric_limits<Y>;
    for (Y v : {Y(0), Y(1), Y(2), Y(3), Y(7), Y(10), L::max(), Y(L::max() - 1), L::min(), Y(L::min() + 1)})
      exponents.push_back(v);
    if constexpr (std::is_signed_v<Y>)
      for (Y v : {Y(-1), Y(-2), Y(-3), Y(-7), Y(-10)}) exponents.push_back(v);
  }
  for (T x : edge_values<T>())
    for (Y y : exponents) check_pow(x, y, bad, true);
  for (int i = 0; i < random_rounds; ++i)
    check_pow(random_base<T>(rng), random_exponent<Y>(rng), bad, i % 4 == 0);
  check_pow_thresholds<T, Y>(rng, random_rounds / 40, bad);
}

template <class T>
void check_pow_all_exponent_types(uint64_t seed, int random_rounds) {
  Failures bad;
  check_pow_pair<T, Float16>(bad, seed + 1, random_rounds);
  check_pow_pair<T, BFloat16>(bad, seed + 2, random_rounds);
  check_pow_pair<T, float>(bad, seed + 3, random_rounds);
  check_pow_pair<T, double>(bad, seed + 4, random_rounds);
  check_pow_pair<T, int8_t>(bad, seed + 5, random_rounds);
  check_pow_pair<T, int16_t>(bad, seed + 6, random_rounds);
  check_pow_pair<T, int32_t>(bad, seed + 7, random_rounds);
  check_pow_pair<T, int64_t>(bad, seed + 8, random_rounds);
  check_pow_pair<T, uint8_t>(bad, seed + 9, random_rounds);
  check_pow_pair<T, uint16_t>(bad, seed + 10, random_rounds);
  check_pow_pair<T, uint32_t>(bad, seed + 11, random_rounds);
  check_pow_pair<T, uint64_t>(bad, seed + 12, random_rounds);
  INFO(type_name<T>() << ": " << bad.checked << " cases\n" << bad.first);
  CHECK(bad.checked > 12 * random_rounds);
  REQUIRE(bad.count == 0);
}

}  // namespace

// ---------------------------------------------------------------------------------------

TEST_CASE("numeric oracle: the test's rounders agree with _Float16, float and each other", "[numeric]") {
  std::mt19937_64 rng(7);
  Failures bad;
  Big v(64);
  for (int i = 0; i < 200'000; ++i) {
    const double d16 = random_double(rng, -27, 17);
    mpfr_set_d(v, d16, MPFR_RNDN);
    if (!same_result(round_scaled(v, 0, format_of<Float16>()), value_of(near_value<Float16>(d16))))
      bad.add("float16 " + show(d16));
    if (!same_result(round_by_table(v, 0, table_of<Float16>()), value_of(near_value<Float16>(d16))))
      bad.add("float16 table " + show(d16));
    const double d32 = random_double(rng, -152, 130);
    mpfr_set_d(v, d32, MPFR_RNDN);
    if (!same_result(round_scaled(v, 0, format_of<float>()), static_cast<float>(d32)))
      bad.add("float " + show(d32));
    const double d8 = random_double(rng, -136, 129);
    mpfr_set_d(v, d8, MPFR_RNDN);
    if (!same_result(round_scaled(v, 0, format_of<BFloat16>()), round_by_table(v, 0, table_of<BFloat16>())))
      bad.add("bfloat16 " + show(d8));
  }
  // The ternary value breaks a tie: 1 + 2^-11 is the float16 midpoint of 1 and 1 + 2^-10.
  mpfr_set_d(v, 1.0 + std::ldexp(1.0, -11), MPFR_RNDN);
  CHECK(round_scaled(v, 0, format_of<Float16>()) == 1.0);
  CHECK(round_scaled(v, -1, format_of<Float16>()) == 1.0 + std::ldexp(1.0, -10));
  CHECK(round_scaled(v, 1, format_of<Float16>()) == 1.0);
  CHECK(round_by_table(v, -1, table_of<Float16>()) == 1.0 + std::ldexp(1.0, -10));
  INFO(bad.first);
  REQUIRE(bad.count == 0);
}

TEMPLATE_TEST_CASE("numeric: + - * / are correctly rounded", "[numeric]", Float16, BFloat16, float, double) {
  using T = TestType;
  const int bits = 8 * static_cast<int>(touchstone::is_small_float<T> ? 2 : sizeof(T));
  const Format f = format_of<T>();
  std::mt19937_64 rng(sizeof(T) * 31 + f.precision);
  Failures bad;
  struct Op {
    const char* name;
    MpfrOp mpfr;
    T (*f)(T, T);
  };
  const Op ops[] = {{"+", mpfr_add, num::add<T>},
                    {"-", mpfr_sub, num::sub<T>},
                    {"*", mpfr_mul, num::mul<T>},
                    {"/", mpfr_div, num::div<T>}};
  const std::vector<T> edges = edge_values<T>();
  for (const Op& op : ops) {
    for (T a : edges)
      for (T b : edges) check_arithmetic(op.name, op.mpfr, op.f, a, b, bad);
    for (int i = 0; i < 100'000; ++i) {
      const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
      const T a = from_bits<T>(rng() & mask);
      check_arithmetic(op.name, op.mpfr, op.f, a, from_bits<T>(rng() & mask), bad);
      // Close exponents, where additions cancel and products stay in range.
      const double da = random_double(rng, f.min_exponent - f.precision, f.max_exponent);
      const double db =
          std::ldexp(random_double(rng, 0, 0), std::ilogb(da) + static_cast<int>(rng() % 61) - 30);
      check_arithmetic(op.name, op.mpfr, op.f, near_value<T>(da), near_value<T>(db), bad);
    }
  }
  INFO(type_name<T>() << ": " << bad.checked << " cases\n" << bad.first);
  REQUIRE(bad.count == 0);
}

TEST_CASE("numeric: pow special values (C11 F.10.4.4)", "[numeric]") {
  const double inf = INFINITY, nan = NAN;
  struct Row {
    double x, y, want;
  };
  // Written from the standard's list, one row per clause (several inputs for some).
  const Row rows[] = {
      {0.0, -3, inf},       {-0.0, -3, -inf},  {0.0, -1, inf},    {-0.0, -1, -inf},   // ±0, odd y < 0
      {0.0, -2, inf},       {-0.0, -2, inf},   {-0.0, -0.5, inf}, {0.0, -0.5, inf},   // ±0, y < 0 other
      {0.0, -inf, inf},     {-0.0, -inf, inf},                                        // ±0, -inf
      {0.0, 3, 0.0},        {-0.0, 3, -0.0},   {-0.0, 1, -0.0},                       // ±0, odd y > 0
      {0.0, 2, 0.0},        {-0.0, 2, 0.0},    {-0.0, 0.5, 0.0},  {-0.0, inf, 0.0},   // ±0, y > 0 other
      {-1.0, inf, 1.0},     {-1.0, -inf, 1.0},                                        // -1, ±inf
      {1.0, nan, 1.0},      {1.0, inf, 1.0},   {1.0, -inf, 1.0},  {1.0, -3, 1.0},     // +1, any y
      {nan, 0.0, 1.0},      {nan, -0.0, 1.0},  {inf, 0.0, 1.0},   {-inf, -0.0, 1.0},  // any x, ±0
      {-0.0, 0.0, 1.0},     {-2.0, 0.0, 1.0},  {-2.0, 0.5, nan},  {-0.5, -1.5, nan},
      {-3.0, 1.0 / 3, nan},                                                           // x < 0, y non-integer
      {0.5, -inf, inf},     {-0.5, -inf, inf}, {2.0, -inf, 0.0},  {-2.0, -inf, 0.0},  // ±inf exponents
      {0.5, inf, 0.0},      {-0.5, inf, 0.0},  {2.0, inf, inf},   {-2.0, inf, inf},
      {-inf, -3, -0.0},     {-inf, -2, 0.0},   {-inf, -0.5, 0.0}, {-inf, 3, -inf},   // -inf base
      {-inf, 2, inf},       {-inf, 0.5, inf},  {inf, -2, 0.0},    {inf, -0.5, 0.0},  // +inf base
      {inf, 3, inf},        {inf, 0.5, inf},   {nan, 2, nan},     {2.0, nan, nan},
      {-1.0, nan, nan},     {nan, nan, nan},  // NaN otherwise
  };
  Failures bad;
  for (const Row& r : rows) {
    Big x(64), y(64);
    mpfr_set_d(x, r.x, MPFR_RNDN);
    mpfr_set_d(y, r.y, MPFR_RNDN);
    if (!same_result(pow_oracle(x, y, format_of<double>(), false, bad), r.want))
      bad.add("oracle " + show(r.x) + "^" + show(r.y));
    const auto each_exponent_type = [&]<class T>() {
      const auto run = [&]<class Y>() {
        const auto x_value = exactly<T>(r.x);
        const auto y_value = exactly<Y>(r.y);
        if (!x_value || !y_value) return;
        ++bad.checked;
        const double got = value_of(num::pow(*x_value, *y_value));
        if (!same_result(got, r.want))
          bad.add(std::string("pow<") + type_name<T>() + "," + type_name<Y>() + ">(" + show(r.x) + ", " +
                  show(r.y) + "): got " + show(got) + ", want " + show(r.want));
      };
      run.template operator()<Float16>();
      run.template operator()<BFloat16>();
      run.template operator()<float>();
      run.template operator()<double>();
      run.template operator()<int8_t>();
      run.template operator()<int64_t>();
      run.template operator()<uint8_t>();
      run.template operator()<uint64_t>();
    };
    each_exponent_type.template operator()<Float16>();
    each_exponent_type.template operator()<BFloat16>();
    each_exponent_type.template operator()<float>();
    each_exponent_type.template operator()<double>();
  }
  INFO(bad.checked << " cases\n" << bad.first);
  CHECK(bad.checked > 500);
  REQUIRE(bad.count == 0);
}

TEST_CASE("numeric: pow exact results, ties and thresholds computed by hand", "[numeric]") {
  const double e = 2.718281828459045090795598298427649;  // M_E, the double nearest e
  struct Case {
    double got;
    double want;
    const char* what;
  };
  const Case cases[] = {
      {num::pow(2.0, int64_t{10}), 1024.0, "2^10"},
      {num::pow(3.0f, int32_t{2}), 9.0, "3^2"},
      {num::pow(0.5, -3.0), 8.0, "0.5^-3"},
      {value_of(num::pow(Float16{0x3800}, int8_t{-3})), 8.0, "float16 0.5^-3"},
      // 63^2 = 3969 = 0b111110000001 needs 12 bits: float16 tie between 3968 and 3970.
      {value_of(num::pow(Float16{0x53E0}, int32_t{2})), 3968.0, "float16 63^2"},
      {value_of(num::pow(Float16{0x5410}, int32_t{2})), 4224.0, "float16 65^2 = 4225"},
      {value_of(num::pow(Float16{0x5BFF}, uint8_t{2})), 65472.0, "float16 255.875^2 = 65472.015625"},
      {value_of(num::pow(Float16{0x5C00}, uint8_t{2})), INFINITY, "float16 256^2"},
      // bfloat16 (8 bits): 17^2 = 289, 19^2 = 361, 21^2 = 441 are ties.
      {value_of(num::pow(BFloat16{0x4188}, int16_t{2})), 288.0, "bfloat16 17^2"},
      {value_of(num::pow(BFloat16{0x4198}, int16_t{2})), 360.0, "bfloat16 19^2"},
      {value_of(num::pow(BFloat16{0x41A8}, int16_t{2})), 440.0, "bfloat16 21^2"},
      {num::pow(4097.0f, 2.0f), 16785408.0, "float 4097^2 = 2^24 + 2^13 + 1"},
      {num::pow(134217727.0, uint32_t{2}), 18014398241046528.0, "double (2^27-1)^2 = 2^54 - 2^28 + 1"},
      // Ties on the subnormal grid: 3^5 / 2 = 121.5 -> 122, 27 / 2 = 13.5 -> 14, 9 / 2 -> 4.
      {num::pow(std::ldexp(3.0, -215), 5), std::ldexp(122.0, -1074), "double (3*2^-215)^5"},
      {num::pow(std::ldexp(1.0, -215), 5.0), 0.0, "double (2^-215)^5 = 2^-1075"},
      {num::pow(-std::ldexp(1.0, -215), 5.0), -0.0, "double (-2^-215)^5"},
      {num::pow(std::ldexp(3.0f, -30), 5), std::ldexp(122.0, -149), "float (3*2^-30)^5"},
      {num::pow(std::ldexp(3.0f, -50), 3.0), std::ldexp(14.0, -149), "float (3*2^-50)^3"},
      {value_of(num::pow(Float16{0x2E00}, int64_t{5})), std::ldexp(122.0, -24), "float16 (3*2^-5)^5"},
      {value_of(num::pow(BFloat16{0x1EC0}, 2.0)), std::ldexp(4.0, -133), "bfloat16 (3*2^-67)^2"},
      // Overflow and underflow thresholds.
      {num::pow(2.0, 1023), std::ldexp(1.0, 1023), "2^1023"},
      {num::pow(2.0, 1024), INFINITY, "2^1024"},
      {num::pow(-2.0, 1025), -INFINITY, "(-2)^1025"},
      {num::pow(2.0, -1074), std::ldexp(1.0, -1074), "2^-1074"},
      {num::pow(2.0, -1075), 0.0, "2^-1075"},
      {num::pow(-2.0, -1075), -0.0, "(-2)^-1075"},
      {num::pow(2.0, -1074.5), std::ldexp(1.0, -1074), "2^-1074.5"},
      {num::pow(0.5, uint16_t{1074}), std::ldexp(1.0, -1074), "0.5^1074"},
      {num::pow(2.0f, 128.0f), INFINITY, "float 2^128"},
      {num::pow(2.0f, 127.0f), std::ldexp(1.0, 127), "float 2^127"},
      {num::pow(2.0f, -149), std::ldexp(1.0, -149), "float 2^-149"},
      {num::pow(2.0f, -150), 0.0, "float 2^-150"},
      {num::pow(2.0f, -149.5f), std::ldexp(1.0, -149), "float 2^-149.5"},
      {value_of(num::pow(Float16{0x4000}, 16)), INFINITY, "float16 2^16"},
      {value_of(num::pow(Float16{0x4000}, 15)), 32768.0, "float16 2^15"},
      {value_of(num::pow(Float16{0x4000}, -24)), std::ldexp(1.0, -24), "float16 2^-24"},
      {value_of(num::pow(Float16{0x4000}, -25)), 0.0, "float16 2^-25"},
      {value_of(num::pow(Float16{0x4000}, Float16{0xCE20})), std::ldexp(1.0, -24), "float16 2^-24.5"},
      {value_of(num::pow(BFloat16{0x4000}, 128)), INFINITY, "bfloat16 2^128"},
      {value_of(num::pow(BFloat16{0x4000}, -133)), std::ldexp(1.0, -133), "bfloat16 2^-133"},
      {value_of(num::pow(BFloat16{0x4000}, -134)), 0.0, "bfloat16 2^-134"},
      // Huge integer exponents.
      {num::pow(-1.0, std::numeric_limits<int64_t>::min()), 1.0, "(-1)^-2^63"},
      {num::pow(-1.0, std::numeric_limits<uint64_t>::max()), -1.0, "(-1)^(2^64-1)"},
      {num::pow(-0.5, std::numeric_limits<int64_t>::max()), -0.0, "(-0.5)^(2^63-1)"},
      {num::pow(-2.0, std::numeric_limits<int64_t>::max()), -INFINITY, "(-2)^(2^63-1)"},
      {num::pow(-2.0, std::numeric_limits<int64_t>::min()), 0.0, "(-2)^-2^63"},
      {num::pow(-2.0, 9223372036854775808.0), INFINITY, "(-2)^2^63 (even)"},
      {num::pow(1.0 + std::ldexp(1.0, -52), std::ldexp(1.0, 52)), e, "(1+2^-52)^2^52 = e(1-2^-53..)"},
      {num::pow(1.0f + std::ldexp(1.0f, -23), uint64_t{1} << 63), INFINITY, "float (1+2^-23)^2^63"},
  };
  for (const Case& c : cases) {
    INFO(c.what << ": got " << show(c.got) << ", want " << show(c.want));
    CHECK(same_result(c.got, c.want));
  }
}

TEST_CASE("numeric: pow<float16, *> is correctly rounded", "[numeric]") {
  check_pow_all_exponent_types<Float16>(100, 4000);
}
TEST_CASE("numeric: pow<bfloat16, *> is correctly rounded", "[numeric]") {
  check_pow_all_exponent_types<BFloat16>(200, 4000);
}
TEST_CASE("numeric: pow<float, *> is correctly rounded", "[numeric]") {
  check_pow_all_exponent_types<float>(300, 4000);
}
TEST_CASE("numeric: pow<double, *> is correctly rounded", "[numeric]") {
  check_pow_all_exponent_types<double>(400, 4000);
}

TEMPLATE_TEST_CASE("numeric: pow of every 16-bit base to a few exponents", "[numeric]", Float16, BFloat16) {
  using T = TestType;
  Failures bad;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const T x{static_cast<uint16_t>(b)};
    check_pow(x, int32_t{2}, bad);
    check_pow(x, int64_t{-3}, bad);
    check_pow(x, near_value<T>(0.5), bad);
    check_pow(x, near_value<T>(-1.5), bad);
    check_pow(x, 1.0f / 3, bad);
  }
  INFO(type_name<T>() << ": " << bad.checked << " cases\n" << bad.first);
  REQUIRE(bad.count == 0);
}

TEST_CASE("numeric: pow_truncated", "[numeric]") {
  using num::ExactValue;
  const auto s = [](int64_t v) { return ExactValue{ExactValue::kSigned, 0, v, 0}; };
  const auto u = [](uint64_t v) { return ExactValue{ExactValue::kUnsigned, 0, 0, v}; };
  const auto d = [](double v) { return ExactValue{ExactValue::kDouble, v, 0, 0}; };
  const auto truncated = [](ExactValue x, ExactValue y) { return num::pow_truncated(x, y); };
  using Opt = std::optional<__int128>;
  const __int128 two63 = static_cast<__int128>(1) << 63;

  CHECK(truncated(s(7), d(2.5)) == Opt(129));  // 7^2.5 = 49 * sqrt(7) = 129.64...
  CHECK(truncated(s(-7), d(2.5)) == Opt());    // negative base, non-integer exponent: NaN
  CHECK(truncated(s(-8), d(1.0f / 3)) == Opt());
  // 1/3 as double is just below 1/3, as float just above: 1000^that is just below or above 10.
  CHECK(truncated(s(1000), d(1.0 / 3)) == Opt(9));
  CHECK(truncated(s(1000), d(static_cast<double>(1.0f / 3))) == Opt(10));
  CHECK(truncated(s(8), d(1.0 / 3)) == Opt(1));
  CHECK(truncated(s(10), d(0.5)) == Opt(3));
  CHECK(truncated(s(-10), d(2.0)) == Opt(100));
  CHECK(truncated(s(-10), d(3.0)) == Opt(-1000));
  CHECK(truncated(s(2), d(-1.0)) == Opt(0));   // 0.5
  CHECK(truncated(s(-2), d(-1.0)) == Opt(0));  // -0.5
  CHECK(truncated(s(2), d(-0.5)) == Opt(0));
  CHECK(truncated(s(0), d(-1.0)) == Opt());  // +inf
  CHECK(truncated(s(0), d(0.0)) == Opt(1));
  CHECK(truncated(s(0), d(2.0)) == Opt(0));
  CHECK(truncated(s(5), d(NAN)) == Opt());
  CHECK(truncated(s(1), d(NAN)) == Opt(1));  // pow(1, NaN) = 1
  CHECK(truncated(s(5), d(-0.0)) == Opt(1));
  CHECK(truncated(s(2), d(INFINITY)) == Opt());
  CHECK(truncated(s(2), d(-INFINITY)) == Opt(0));
  CHECK(truncated(s(-1), d(INFINITY)) == Opt(1));
  // The range is [-2^63, 2^64).
  CHECK(truncated(s(2), d(62.0)) == Opt(two63 / 2));
  CHECK(truncated(s(2), d(63.0)) == Opt(two63));
  CHECK(truncated(s(2), d(63.5)) == Opt(static_cast<__int128>(13043817825332782212ull)));  // 2^63 sqrt 2
  CHECK(truncated(s(2), d(64.0)) == Opt());
  CHECK(truncated(s(-2), d(63.0)) == Opt(-two63));
  CHECK(truncated(s(-2), d(64.0)) == Opt());
  CHECK(truncated(s(-2), d(65.0)) == Opt());
  CHECK(truncated(s(std::numeric_limits<int64_t>::min()), d(1.0)) == Opt(-two63));
  CHECK(truncated(s(std::numeric_limits<int64_t>::min()), d(2.0)) == Opt());
  CHECK(truncated(s(std::numeric_limits<int64_t>::min()), d(0.5)) == Opt());
  CHECK(truncated(u(std::numeric_limits<uint64_t>::max()), d(1.0)) ==
        Opt(std::numeric_limits<uint64_t>::max()));
  CHECK(truncated(u(std::numeric_limits<uint64_t>::max()), d(0.5)) == Opt(4294967295));  // 2^32 - 2^-33...
  CHECK(truncated(u(4294967295), d(2.0)) == Opt(static_cast<__int128>(18446744065119617025ull)));
  CHECK(truncated(u(4294967296), d(2.0)) == Opt());
  // 3^40 < 2^64 < 3^40.5, by exact integer arithmetic.
  __int128 three40 = 1;
  for (int i = 0; i < 40; ++i) three40 *= 3;
  CHECK(three40 == static_cast<__int128>(12157665459056928801ull));
  CHECK(truncated(s(3), d(40.0)) == Opt(three40));
  CHECK(truncated(s(-3), d(40.0)) == Opt(three40));
  CHECK(truncated(s(-3), d(39.0)) == Opt(-three40 / 3));
  CHECK(truncated(s(3), d(40.5)) == Opt());
  CHECK(truncated(s(3), d(41.0)) == Opt());
  // Integer powers against exact integer arithmetic.
  for (int64_t base : {-13, -7, -2, 2, 5, 11, 1000}) {
    __int128 p = 1;
    for (int k = 0; k < 70; ++k) {
      const bool fits = p >= -two63 && p < 2 * two63;
      INFO(static_cast<long>(base) << "^" << k);
      CHECK(truncated(s(base), d(k)) == (fits ? Opt(p) : Opt()));
      if (p > 4 * two63 || p < -4 * two63) break;
      p *= base;
    }
  }
}
