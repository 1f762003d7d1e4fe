// The comparator, on hand-made values (expectations from IEEE 754 and hand arithmetic).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "harness/compare.h"

using namespace touchstone;
using namespace touchstone::harness;

namespace {

ComparePolicy policy(Tolerance::Kind kind, int ulps = 0, double n = 0) {
  ComparePolicy p;
  p.tolerance.kind = kind;
  p.tolerance.ulps = ulps;
  p.tolerance.bound_terms = n;
  return p;
}
Tensor f32(std::vector<float> v) { return Tensor::from_values<float>({static_cast<int64_t>(v.size())}, v); }
const float kInf = std::numeric_limits<float>::infinity();
const float kNan = std::numeric_limits<float>::quiet_NaN();

}  // namespace

TEST_CASE("ulp distance on the ordered representation", "[compare]") {
  CHECK(ulp_distance(1.0, std::nextafter(1.0f, 2.0f), DType::kFloat) == 1);
  CHECK(ulp_distance(0.0, -0.0, DType::kFloat) == 0);
  // Across zero: the smallest subnormals of each sign are 2 apart.
  const double tiny = std::numeric_limits<float>::denorm_min();
  CHECK(ulp_distance(tiny, -tiny, DType::kFloat) == 2);
  CHECK(ulp_distance(1.0, 1.0 + std::ldexp(1.0, -10), DType::kFloat16) == 1);
  CHECK(ulp_distance(1.0, 1.0 + std::ldexp(1.0, -7), DType::kBFloat16) == 1);
  CHECK(ulp_distance(1.0, std::nextafter(1.0, 0.0), DType::kDouble) == 1);
  CHECK(std::isinf(ulp_distance(1.0, std::nan(""), DType::kFloat)));
  CHECK(ulp_distance(-std::numeric_limits<double>::max(), std::numeric_limits<double>::max(), DType::kDouble) > 1e18);
}

TEST_CASE("exact: bits equal, NaN equals NaN, infinities and zero signs must match", "[compare]") {
  const auto p = policy(Tolerance::kExact);
  CHECK(compare_tensor(f32({1, kNan, kInf, -0.0f}), f32({1, kNan, kInf, -0.0f}), p).ok());
  auto c = compare_tensor(f32({1, 2, 3}), f32({1, std::nextafter(2.0f, 3.0f), 3}), p);
  CHECK(c.kind == Comparison::kValues);
  CHECK(c.bad_count == 1);
  CHECK(c.max_ulp == 1);
  REQUIRE(c.first_mismatches.size() == 1);
  CHECK(c.first_mismatches[0].index == 1);
  CHECK(c.first_mismatches[0].expected == "2");
  CHECK_FALSE(compare_tensor(f32({0.0f}), f32({-0.0f}), p).ok());
  CHECK_FALSE(compare_tensor(f32({kInf}), f32({-kInf}), p).ok());
  CHECK_FALSE(compare_tensor(f32({kInf}), f32({std::numeric_limits<float>::max()}), p).ok());
  CHECK_FALSE(compare_tensor(f32({kNan}), f32({0}), p).ok());
  auto q = p;
  q.ignore_zero_sign = true;
  CHECK(compare_tensor(f32({0.0f}), f32({-0.0f}), q).ok());
}

TEST_CASE("ulp(N) allows N units", "[compare]") {
  const float one_up3 = std::nextafter(std::nextafter(std::nextafter(1.0f, 2.0f), 2.0f), 2.0f);
  CHECK(compare_tensor(f32({1}), f32({one_up3}), policy(Tolerance::kUlp, 3)).ok());
  CHECK_FALSE(compare_tensor(f32({1}), f32({one_up3}), policy(Tolerance::kUlp, 2)).ok());
  CHECK_FALSE(compare_tensor(f32({kInf}), f32({std::numeric_limits<float>::max()}), policy(Tolerance::kUlp, 4)).ok());
}

TEST_CASE("onnx: numpy isclose with rtol 1e-3, atol 1e-7", "[compare]") {
  const auto p = policy(Tolerance::kOnnx);
  CHECK(compare_tensor(f32({1000}), f32({1000.9f}), p).ok());
  CHECK_FALSE(compare_tensor(f32({1000}), f32({1001.1f}), p).ok());
  CHECK(compare_tensor(f32({0}), f32({5e-8f}), p).ok());
  CHECK(compare_tensor(f32({0.0f}), f32({-0.0f}), p).ok());
}

TEST_CASE("bound: gamma_n times the magnitudes of the terms", "[compare]") {
  // float, n = 4: u = 2^-24, gamma_4 = 4u/(1-4u). Terms of magnitude sum 8, expected 2
  // (the terms cancel): allowed 8*gamma_4 + 2u, about 34u = 2.03e-6 (8.5 ulp of 2).
  const double u = std::ldexp(1.0, -24);
  const double allowed = 8 * (4 * u / (1 - 4 * u)) + 2 * u;
  CHECK(accumulation_bound(2, 8, 4, DType::kFloat) == Approx(allowed).epsilon(1e-12));
  const auto p = policy(Tolerance::kBound, 0, 4);
  const std::vector<double> magnitudes = {8};
  const float near = 2.0f + 8 * std::ldexp(1.0f, -22);   // 8 ulp of 2 = 1.91e-6, inside
  const float far = 2.0f + 16 * std::ldexp(1.0f, -22);   // 3.81e-6, outside
  CHECK(compare_tensor(f32({2}), f32({near}), p, magnitudes).ok());
  CHECK_FALSE(compare_tensor(f32({2}), f32({far}), p, magnitudes).ok());
  // Without magnitudes the bound falls back to |expected|: 10u = 5.96e-7, tighter.
  CHECK_FALSE(compare_tensor(f32({2}), f32({near}), p).ok());
  CHECK(compare_tensor(f32({kNan}), f32({kNan}), p).ok());
}

TEST_CASE("flushing subnormals is accepted only with the flag", "[compare]") {
  const float sub = std::numeric_limits<float>::denorm_min() * 8;
  auto p = policy(Tolerance::kExact);
  CHECK_FALSE(compare_tensor(f32({sub}), f32({0}), p).ok());
  p.flush_subnormals = true;
  CHECK(compare_tensor(f32({sub}), f32({0}), p).ok());
  CHECK(compare_tensor(f32({-sub}), f32({0}), p).ok());
  CHECK_FALSE(compare_tensor(f32({std::numeric_limits<float>::min()}), f32({0}), p).ok());
}

TEST_CASE("dtype and shape first; integers, bools and strings exactly", "[compare]") {
  const auto p = policy(Tolerance::kOnnx);
  CHECK(compare_tensor(f32({1}), Tensor::from_values<double>({1}, {1.0}), p).kind == Comparison::kWrongDtype);
  CHECK(compare_tensor(f32({1, 2}), Tensor::from_values<float>({1, 2}, {1, 2}), p).kind == Comparison::kWrongShape);
  const auto i = compare_tensor(Tensor::from_values<int64_t>({3}, {1, 2, 3}), Tensor::from_values<int64_t>({3}, {1, 2, 7}), p);
  CHECK(i.kind == Comparison::kValues);
  CHECK(i.max_abs == 4);
  CHECK(i.first_mismatches.at(0).index == 2);
  CHECK(compare_tensor(Tensor::from_values<bool>({2}, {true, false}), Tensor::from_values<bool>({2}, {true, false}), p).ok());
  CHECK_FALSE(compare_tensor(Tensor::from_values<std::string>({1}, {"a"}), Tensor::from_values<std::string>({1}, {"b"}), p).ok());
  const auto h = compare_tensor(Tensor::from_values<Float16>({1}, {float16_from_double(1.0)}),
                                Tensor::from_values<Float16>({1}, {float16_from_double(1.0 + std::ldexp(1.0, -10))}),
                                policy(Tolerance::kUlp, 1));
  CHECK(h.ok());
  CHECK(h.max_ulp == 1);
}

TEST_CASE("outputs: count first, metrics merged, first differing output named", "[compare]") {
  const auto p = policy(Tolerance::kExact);
  CHECK(compare_outputs({f32({1})}, {}, p).kind == Comparison::kWrongCount);
  const auto c = compare_outputs({f32({1}), f32({2, 3})}, {f32({1}), f32({2, 4})}, p);
  CHECK(c.kind == Comparison::kValues);
  CHECK(c.output == 1);
  CHECK(c.message.rfind("output 1: 1 of 2 elements differ", 0) == 0);
  std::vector<float> many(20, 1.0f), off(20, 2.0f);
  const auto m = compare_tensor(f32(many), f32(off), p);
  CHECK(m.bad_count == 20);
  CHECK(m.first_mismatches.size() == 5);
}

TEST_CASE("the bound policy uses the magnitudes of the terms when the oracle gives them", "[compare][bound]") {
  // Sum of float32 {1e8, 1, -1e8}: exactly 1; a left-to-right float sum gives 0
  // ((1e8 + 1) rounds to 1e8). Recursive summation of n = 3 terms is within
  // gamma_3 * (|1e8| + |1| + |-1e8|) + u * |1| ~ 35.8 of the exact sum, so 0 passes
  // given the magnitude 200000001; judged by |expected| = 1 alone it would not.
  ComparePolicy p;
  p.tolerance.kind = Tolerance::kBound;
  p.tolerance.bound_terms = 3;
  const std::vector<Tensor> expected = {Tensor::from_values<float>({1}, {1.0f})};
  const std::vector<Tensor> actual = {Tensor::from_values<float>({1}, {0.0f})};
  CHECK(compare_outputs(expected, actual, p, {{200000001.0}}).ok());
  CHECK_FALSE(compare_outputs(expected, actual, p).ok());
  // A result outside the bound still fails: 100 is more than 35.8 away.
  const std::vector<Tensor> far = {Tensor::from_values<float>({1}, {100.0f})};
  CHECK_FALSE(compare_outputs(expected, far, p, {{200000001.0}}).ok());
}

TEST_CASE("unordered: (value, index) tuples per slice compared as multisets", "[compare][unordered]") {
  // TopK over the last axis of a (2, 3) input, k = 2, sorted = 0: any order of the chosen
  // pairs within a row passes; a pair from another row, a wrong index for an equal value
  // (a broken tiebreak) or a -0 for +0 does not.
  ComparePolicy p;
  p.tolerance.kind = Tolerance::kUnordered;
  p.tolerance.unordered_axis = 1;
  auto vals = [](std::vector<float> v) { return Tensor::from_values<float>({2, 2}, v); };
  auto idx = [](std::vector<int64_t> v) { return Tensor::from_values<int64_t>({2, 2}, v); };
  const std::vector<Tensor> expected = {vals({9, 5, 4, 4}), idx({2, 0, 0, 1})};
  CHECK(compare_outputs(expected, {vals({5, 9, 4, 4}), idx({0, 2, 1, 0})}, p).ok());
  CHECK(compare_outputs(expected, expected, p).ok());
  // The tie 4 (index 0) and 4 (index 1): choosing index 2 instead is a different multiset.
  const auto tie = compare_outputs(expected, {vals({9, 5, 4, 4}), idx({2, 0, 0, 2})}, p);
  CHECK(tie.kind == Comparison::kValues);
  CHECK(tie.message.find("multiset") != std::string::npos);
  // Swapping values without their indices breaks the pairs.
  CHECK_FALSE(compare_outputs(expected, {vals({5, 9, 4, 4}), idx({2, 0, 0, 1})}, p).ok());
  // Rows are separate slices: the multiset of the whole tensor is not enough.
  CHECK_FALSE(compare_outputs({vals({1, 2, 3, 4}), idx({0, 1, 0, 1})}, {vals({3, 2, 1, 4}), idx({0, 1, 0, 1})}, p).ok());
  CHECK_FALSE(compare_outputs({vals({0.0f, 1, 2, 3}), idx({0, 1, 0, 1})}, {vals({-0.0f, 1, 2, 3}), idx({0, 1, 0, 1})}, p).ok());
  // NaN matches NaN; shape and type are still checked first.
  CHECK(compare_outputs({vals({kNan, 1, 2, 3}), idx({0, 1, 0, 1})}, {vals({1, kNan, 2, 3}), idx({1, 0, 0, 1})}, p).ok());
  CHECK(compare_outputs(expected, {f32({9, 5, 4, 4}), idx({2, 0, 0, 1})}, p).kind == Comparison::kWrongShape);
  CHECK(Tolerance::parse("unordered(axis=1)").unordered_axis == 1);
}
