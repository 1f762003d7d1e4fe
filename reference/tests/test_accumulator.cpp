// Tests of the exact accumulator (reference/numeric/accumulator.h): sums and dot products
// of float16, bfloat16, float and double, rounded once.
//
// Oracle: GMP rationals. Every term (and every product) is an mpq_t set exactly from the
// inputs decoded by the tests' own decoders (oracle.h value_of), summed exactly; the
// rational is then turned into an MPFR value at 6000 bits with its ternary value and
// rounded by the tests' own rounders (oracle.h round_to). Special values and the sign of
// an exact zero come from the rules written in the test (IEEE 754), not from the code.
#include <catch2/catch.hpp>
#include <random>

#include "reference/numeric/accumulator.h"
#include "reference/tests/oracle.h"

namespace {

namespace num = touchstone::numeric;
using namespace touchstone::oracle;
using touchstone::BFloat16;
using touchstone::Float16;

// The exact sum of products a_i * b_i (b empty: the sum of a_i), rounded to T by the oracle.
template <class T>
double oracle_dot(const std::vector<T>& a, const std::vector<T>& b) {
  bool nan = false, pos_inf = false, neg_inf = false, all_negative_zero = !a.empty();
  mpq_t sum, term, factor;
  mpq_inits(sum, term, factor, nullptr);
  for (size_t i = 0; i < a.size(); ++i) {
    const double x = value_of(a[i]), y = b.empty() ? 1.0 : value_of(b[i]);
    if (std::isnan(x) || std::isnan(y) || (std::isinf(x) && y == 0) || (std::isinf(y) && x == 0)) {
      nan = true;
      continue;
    }
    const bool negative = std::signbit(x) != std::signbit(y);
    if (std::isinf(x) || std::isinf(y)) {
      (negative ? neg_inf : pos_inf) = true;
      all_negative_zero = false;
      continue;
    }
    if (!(x == 0 || y == 0) || !negative) all_negative_zero = false;
    mpq_set_d(term, x);
    mpq_set_d(factor, y);
    mpq_mul(term, term, factor);
    mpq_add(sum, sum, term);
  }
  double result;
  if (nan || (pos_inf && neg_inf)) {
    result = NAN;
  } else if (pos_inf || neg_inf) {
    result = pos_inf ? INFINITY : -INFINITY;
  } else if (mpq_sgn(sum) == 0) {
    result = all_negative_zero ? -0.0 : 0.0;
  } else {
    Big wide(6000);
    const int ternary = mpfr_set_q(wide, sum, MPFR_RNDN);
    result = round_to<T>(wide, ternary);
  }
  mpq_clears(sum, term, factor, nullptr);
  return result;
}

template <class T>
double accumulated(const std::vector<T>& a, const std::vector<T>& b) {
  num::ExactAccumulator acc;
  for (size_t i = 0; i < a.size(); ++i) {
    if (b.empty()) acc.add(value_of(a[i]));
    else acc.add_product_of(a[i], b[i]);
  }
  return value_of(acc.template result<T>());
}

// Random finite values of T with exponents spread over [lo, hi] (clamped to T's range).
template <class T>
std::vector<T> random_values(std::mt19937_64& rng, size_t n, int lo, int hi) {
  std::vector<T> out;
  while (out.size() < n) {
    const double m = 1.0 + std::ldexp(static_cast<double>(rng() >> 11), -53);
    const int e = std::uniform_int_distribution<int>(lo, hi)(rng);
    const double v = std::ldexp(rng() & 1 ? -m : m, e);
    const T x = near_value<T>(v);
    if (std::isfinite(value_of(x))) out.push_back(x);
  }
  return out;
}

// Random bit patterns of T (every finite value, subnormals included), NaN and inf skipped.
template <class T>
std::vector<T> random_patterns(std::mt19937_64& rng, size_t n) {
  std::vector<T> out;
  while (out.size() < n) {
    const T x = from_bits<T>(rng());
    if (std::isfinite(value_of(x))) out.push_back(x);
  }
  return out;
}

// The same dot product through add_dot (as MatMul calls it): the first term alone (so
// the batch starts off a fold boundary), the rest with both factors read at stride 2 from
// one interleaved array.
template <class T>
double dotted(const std::vector<T>& a, const std::vector<T>& b) {
  num::ExactAccumulator acc;
  if (!a.empty()) acc.add_product_of(a[0], b[0]);
  std::vector<T> pairs;
  for (size_t i = 1; i < a.size(); ++i) {
    pairs.push_back(a[i]);
    pairs.push_back(b[i]);
  }
  acc.add_dot(pairs.data(), 2, pairs.data() + 1, 2, static_cast<int64_t>(a.size()) - 1);
  return value_of(acc.template result<T>());
}

template <class T>
void check(const std::vector<T>& a, const std::vector<T>& b, const char* what) {
  const double want = oracle_dot(a, b), got = accumulated(a, b);
  INFO(type_name<T>() << " " << what << " n=" << a.size() << (b.empty() ? " sum" : " dot") << ": got "
                      << show(got) << ", want " << show(want));
  CHECK(same_result(got, want));
  if (!b.empty()) {
    const double batch = dotted(a, b);
    INFO("add_dot: " << show(batch));
    CHECK(same_result(batch, want));
  }
}

template <class T>
void random_battery(uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto f = format_of<T>();
  for (int round = 0; round < 150; ++round) {
    const size_t n = std::uniform_int_distribution<size_t>(1, round < 100 ? 40 : 3000)(rng);
    // Narrow exponent windows cancel; wide ones exercise alignment; near the top overflow
    // naive partial sums; near the bottom give subnormal totals.
    const int windows[][2] = {{-3, 3}, {-30, 30}, {f.max_exponent - 2, f.max_exponent},
                              {f.min_exponent - f.precision, f.min_exponent + 2}, {f.min_exponent, f.max_exponent}};
    const auto& w = windows[round % 5];
    auto a = random_values<T>(rng, n, w[0], w[1]);
    check<T>(a, {}, "sum");
    auto b = random_values<T>(rng, n, round % 2 ? w[0] : -w[1] / 2, round % 2 ? w[1] : w[1] / 2);
    check<T>(a, b, "dot");
    auto p = random_patterns<T>(rng, n), q = random_patterns<T>(rng, n);
    check<T>(p, {}, "patterns");
    check<T>(p, q, "patterns");
    // Exact cancellation: the terms and their negations, plus one small term.
    auto c = a;
    for (const T& x : a) c.push_back(near_value<T>(-value_of(x)));
    check<T>(c, {}, "cancel-to-zero");
    c.push_back(near_value<T>(std::ldexp(1.0, f.min_exponent)));
    std::shuffle(c.begin(), c.end(), rng);
    check<T>(c, {}, "cancel");
  }
}

template <class T>
std::vector<T> of(std::initializer_list<double> v) {
  std::vector<T> out;
  for (double d : v) out.push_back(near_value<T>(d));
  return out;
}

}  // namespace

TEMPLATE_TEST_CASE("exact sums and dot products round once", "[numeric][accumulator]", Float16, BFloat16, float,
                   double) {
  random_battery<TestType>(42 + sizeof(TestType));
}

TEMPLATE_TEST_CASE("accumulator special values and zero signs", "[numeric][accumulator]", Float16, BFloat16, float,
                   double) {
  using T = TestType;
  const double inf = INFINITY;
  check<T>(of<T>({}), {}, "empty");
  check<T>(of<T>({-0.0}), {}, "-0");
  check<T>(of<T>({-0.0, -0.0}), {}, "-0 -0");
  check<T>(of<T>({-0.0, 0.0}), {}, "-0 +0");
  check<T>(of<T>({1, -1}), {}, "1 -1");
  check<T>(of<T>({-1, 1, -0.0}), {}, "-1 1 -0");
  check<T>(of<T>({inf, 1}), {}, "inf");
  check<T>(of<T>({-inf, 1, -inf}), {}, "-inf");
  check<T>(of<T>({inf, -inf}), {}, "inf-inf");
  check<T>(of<T>({NAN, 1}), {}, "nan");
  check<T>(of<T>({inf, 1}), of<T>({0, 1}), "inf*0");
  check<T>(of<T>({inf, 1}), of<T>({-2, 1}), "inf*-2");
  check<T>(of<T>({-0.0, 0.0}), of<T>({1, -1}), "-0*1 + 0*-1");
  check<T>(of<T>({-0.0, 3}), of<T>({1, 0}), "-0*1 + 3*0");
  // Ties: 1 + half an ulp + half an ulp is exactly 1 + ulp (pairwise rounding gives 1).
  const auto f = format_of<T>();
  const double half_ulp = std::ldexp(1.0, -f.precision);
  check<T>(of<T>({1, half_ulp, half_ulp}), {}, "tie");
  check<T>(of<T>({1, half_ulp}), {}, "tie to even");
  check<T>(of<T>({1 + 2 * half_ulp, half_ulp}), {}, "tie up");
  check<T>(of<T>({1, half_ulp, std::ldexp(half_ulp, -40)}), {}, "just above tie");
  // Overflow of naive partial sums that cancel: max + max - max = max; max + max = inf.
  const double max = std::ldexp(2.0 - 2 * half_ulp, f.max_exponent);
  check<T>(of<T>({max, max, -max}), {}, "max+max-max");
  check<T>(of<T>({max, max}), {}, "overflow");
  check<T>(of<T>({max, max, -max}), of<T>({max, max, max}), "max^2 products");
  // Smallest subnormals: their products underflow every format but the total is exact.
  const double tiny = std::ldexp(1.0, f.min_exponent - f.precision + 1);
  check<T>(of<T>({tiny, tiny, -tiny}), {}, "tiny");
  check<T>(of<T>({tiny, -tiny}), of<T>({tiny, tiny}), "tiny^2 cancels");
  check<T>(of<T>({tiny}), of<T>({tiny}), "tiny^2 rounds to 0");
  check<T>(of<T>({-tiny}), of<T>({tiny}), "-tiny^2 rounds to -0");
}

TEST_CASE("accumulator: double products over the whole exponent range", "[numeric][accumulator]") {
  const double big = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
  // max*max - max*max + 1 = 1: products far beyond double's range cancel exactly.
  check<double>({big, big, 1}, {big, -big, 1}, "max^2 cancel");
  check<double>({tiny, 1}, {tiny, tiny}, "tiny^2 + tiny");
  check<double>({big, tiny}, {tiny, big}, "max*tiny twice");
  // clear() resets the terms and the zero sign.
  num::ExactAccumulator acc;
  for (int i = 0; i < 3; ++i) acc.add(-1.0);
  CHECK(acc.result<double>() == -3.0);
  acc.clear();
  CHECK(acc.result<double>() == 0.0);
  CHECK(!std::signbit(acc.result<double>()));
  acc.add(-0.0);
  CHECK(std::signbit(acc.result<double>()));
}

TEST_CASE("accumulator: exact value into MPFR and power-of-two scaling", "[numeric][accumulator]") {
  num::ExactAccumulator acc;
  acc.add(std::ldexp(1.0, 1000));
  acc.add(-std::ldexp(1.0, -1000));
  Big v(2);
  acc.exact(v);
  Big want(2100);
  mpfr_set_d(want, std::ldexp(1.0, 1000), MPFR_RNDN);
  CHECK(mpfr_sub_d(want, want, std::ldexp(1.0, -1000), MPFR_RNDN) == 0);
  CHECK(mpfr_equal_p(v, want));
  // (1 + 3*2^-24) / 4 in float: exact scaling, then one rounding.
  acc.clear();
  acc.add(1.0);
  acc.add(3 * std::ldexp(1.0, -24));
  CHECK(acc.rounded_scaled(num::float_format<float>(), -2) == std::ldexp(1.0 + std::ldexp(1.0, -22), -2));
}
