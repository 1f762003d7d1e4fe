// The bound policy against backends that sum in different orders (issue 13): every honest
// order (forward, reversed, pairwise, blocked, wider accumulator) passes; a float16
// accumulator passes the worst-case bound, which is all ONNX asks; a dropped term fails;
// where n*u >= 1 the bound is vacuous and says so (infinite).
//
// Expected values are the exact sum rounded once (the reference's accumulator, itself
// tested against GMP rationals); the magnitudes are the exact sums of |x|.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <random>

#include "harness/compare.h"
#include "reference/numeric/accumulator.h"

using namespace touchstone;
using namespace touchstone::harness;

namespace {

template <class T>
std::vector<T> data(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> m(1.0, 2.0);
  std::uniform_int_distribution<int> e(-6, 6);
  std::vector<T> v;
  for (size_t i = 0; i < n; ++i) v.push_back(numeric::narrow<T>(std::ldexp(rng() & 1 ? -m(rng) : m(rng), e(rng))));
  return v;
}

// A backend's sum of x: `add` is its accumulator's addition, in its own type.
template <class Acc, class T>
Acc forward(const std::vector<T>& x, size_t lo, size_t hi) {
  Acc s = 0;
  for (size_t i = lo; i < hi; ++i) s += static_cast<Acc>(numeric::widen(x[i]));
  return s;
}
template <class Acc, class T>
Acc pairwise(const std::vector<T>& x, size_t lo, size_t hi) {
  if (hi - lo <= 2) return forward<Acc>(x, lo, hi);
  const size_t mid = lo + (hi - lo) / 2;
  return pairwise<Acc>(x, lo, mid) + pairwise<Acc>(x, mid, hi);
}
template <class Acc, class T>
Acc blocked(const std::vector<T>& x, size_t block) {
  Acc s = 0;
  for (size_t lo = 0; lo < x.size(); lo += block) s += forward<Acc>(x, lo, std::min(x.size(), lo + block));
  return s;
}

// float16 arithmetic: each addition rounded to float16.
struct Half {
  double v = 0;
  Half(double x = 0) : v(numeric::widen(numeric::narrow<Float16>(x))) {}
  Half& operator+=(Half o) {
    *this = Half(v + o.v);
    return *this;
  }
  friend Half operator+(Half a, Half b) { return Half(a.v + b.v); }
};

template <class T>
struct Judge {
  std::vector<T> x;
  T expected;
  double magnitude;
  explicit Judge(std::vector<T> values) : x(std::move(values)) {
    numeric::ExactAccumulator sum, abs;
    for (const T& v : x) {
      sum.add(numeric::widen(v));
      abs.add(std::fabs(numeric::widen(v)));
    }
    expected = sum.template result<T>();
    magnitude = abs.rounded(numeric::float_format<double>());
  }
  bool passes(double actual) const {
    ComparePolicy p;
    p.tolerance.kind = Tolerance::kBound;
    p.tolerance.bound_terms = static_cast<double>(x.size());
    const std::vector<double> m = {magnitude};
    const Tensor e = Tensor::from_values<T>({1}, {expected});
    const Tensor a = Tensor::from_values<T>({1}, {numeric::narrow<T>(actual)});
    return compare_tensor(e, a, p, m).ok();
  }
};

}  // namespace

TEST_CASE("bound: honest summation orders of 4096 float32 terms pass, a dropped term fails", "[compare][bound][orders]") {
  const Judge<float> j(data<float>(4096, 1));
  CHECK(j.passes(forward<float>(j.x, 0, j.x.size())));
  std::vector<float> reversed(j.x.rbegin(), j.x.rend());
  CHECK(j.passes(forward<float>(reversed, 0, reversed.size())));
  CHECK(j.passes(pairwise<float>(j.x, 0, j.x.size())));
  CHECK(j.passes(blocked<float>(j.x, 64)));
  CHECK(j.passes(forward<double>(j.x, 0, j.x.size())));
  // Dropping one term of magnitude >= 64 moves the sum by more than gamma_n * sum|x| (~0.5 here).
  size_t big = 0;
  for (size_t i = 0; i < j.x.size(); ++i)
    if (std::fabs(j.x[i]) > std::fabs(j.x[big])) big = i;
  REQUIRE(std::fabs(j.x[big]) >= 64);
  CHECK(!j.passes(forward<double>(j.x, 0, j.x.size()) - j.x[big]));
}

TEST_CASE("bound: float16 data, float32 accumulation passes; a float16 accumulator passes the worst case", "[compare][bound][orders]") {
  const Judge<Float16> j(data<Float16>(1000, 2));
  CHECK(j.passes(forward<float>(j.x, 0, j.x.size())));
  CHECK(j.passes(pairwise<float>(j.x, 0, j.x.size())));
  CHECK(j.passes(forward<Half>(j.x, 0, j.x.size()).v));  // ONNX does not fix the accumulator
  // 2048 or more float16 terms: n*u >= 1, the worst-case bound is vacuous (infinite).
  CHECK(std::isinf(accumulation_bound(1, 1, 2048, DType::kFloat16)));
  CHECK(std::isfinite(accumulation_bound(1, 1, 2047, DType::kFloat16)));
}

namespace {

// Sixteen sums of `n` float16 terms each, judged together so that the suspicious-
// accumulator statistic has elements to work on. `sum(row)` is the backend's answer.
Comparison judge_rows(size_t n, const std::function<double(const std::vector<Float16>&)>& sum) {
  const size_t rows = 16;
  std::vector<Float16> expected, actual;
  std::vector<double> magnitudes;
  for (size_t r = 0; r < rows; ++r) {
    const Judge<Float16> j(data<Float16>(n, 100 + r));
    expected.push_back(j.expected);
    magnitudes.push_back(j.magnitude);
    actual.push_back(numeric::narrow<Float16>(sum(j.x)));
  }
  ComparePolicy p;
  p.tolerance.kind = Tolerance::kBound;
  p.tolerance.bound_terms = static_cast<double>(n);
  const Shape shape = {static_cast<int64_t>(rows)};
  return compare_tensor(Tensor::from_values<Float16>(shape, expected), Tensor::from_values<Float16>(shape, actual), p,
                        magnitudes);
}

}  // namespace

TEST_CASE("suspicious accumulator: float16 summed in float16 passes the bound with a warning; honest orders without",
          "[compare][bound][orders][suspicious]") {
  using Row = std::vector<Float16>;
  for (size_t n : {size_t{1000}, size_t{64}}) {
    INFO("n = " << n);
    for (auto honest : {+[](const Row& x) { return static_cast<double>(forward<float>(x, 0, x.size())); },
                        +[](const Row& x) { return static_cast<double>(pairwise<float>(x, 0, x.size())); },
                        +[](const Row& x) { return static_cast<double>(blocked<float>(x, 32)); },
                        +[](const Row& x) {
                          const Row r(x.rbegin(), x.rend());
                          return static_cast<double>(forward<float>(r, 0, r.size()));
                        }}) {
      const Comparison c = judge_rows(n, honest);
      CHECK(c.ok());
      CHECK(c.warning.empty());
      CHECK(c.stats.count == 16);
      CHECK_FALSE(c.vacuous());
    }
  }
  const Comparison half = judge_rows(1000, [](const Row& x) { return forward<Half>(x, 0, x.size()).v; });
  CHECK(half.ok());  // the worst-case bound allows it: ONNX does not fix the accumulator
  CHECK_THAT(half.warning, Catch::Contains("suspicious accumulator"));
  CHECK(half.stats.variance > 0);
  // A dropped term fails, and the failure says by how much.
  const Comparison dropped = judge_rows(64, [](const Row& x) {
    size_t big = 0;
    for (size_t i = 0; i < x.size(); ++i)
      if (std::fabs(numeric::widen(x[i])) > std::fabs(numeric::widen(x[big]))) big = i;
    return forward<double>(x, 0, x.size()) - numeric::widen(x[big]);
  });
  CHECK_FALSE(dropped.ok());
  REQUIRE_FALSE(dropped.first_mismatches.empty());
  CHECK(dropped.first_mismatches.front().margin > 1);
  CHECK(dropped.max_margin > 1);
  CHECK_THAT(dropped.message, Catch::Contains("error/allowed"));
}

TEST_CASE("vacuous bound: 2048 float16 terms check nothing but NaN and infinities, and say so", "[compare][bound][vacuous]") {
  const Comparison c = judge_rows(2048, [](const std::vector<Float16>& x) { return forward<float>(x, 0, x.size()) + 1e3; });
  CHECK(c.ok());
  CHECK(c.vacuous());
  CHECK(c.vacuous_elements == 16);
}
