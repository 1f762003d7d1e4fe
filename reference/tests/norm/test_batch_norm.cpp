// BatchNormalization (every version), InstanceNormalization and LRN against values worked
// out by hand from the text's formulas and against an independent oracle written here: long
// double loops (two-pass mean and population variance, sqrtl, powl), whose value the
// reference's result must be the nearest representable value of (within the oracle's own
// 2^-60 or so).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "reference/numeric/exact.h"
#include "reference/tests/logic_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using logic::check_invalid;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
using LD = long double;

Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(std::move(shape), v); }

std::vector<double> doubles(const Tensor& t) {
  std::vector<double> out;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (const T& v : t.data<T>()) out.push_back(numeric::widen(v));
  });
  return out;
}

// Runs `op` with `outputs` outputs (Y, then O1, O2, ...: not the inputs' names).
std::vector<Tensor> run_outputs(const std::string& op, int opset, const std::vector<Tensor>& in, const Attrs& attrs,
                                int outputs) {
  SingleNodeModel spec{op, "", opset, {}, {}, attrs, 0};
  for (size_t i = 0; i < in.size(); ++i) spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), in[i].dtype(), in[i].shape()});
  for (int k = 0; k < outputs; ++k) spec.outputs.push_back({k == 0 ? "Y" : "O" + std::to_string(k), DType::kFloat, {}});
  auto proto = build_model(spec);
  for (int k = 0; k < outputs; ++k) proto.mutable_graph()->mutable_output(k)->clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(in).outputs;
}

// `got` is the value of `bits` significant bits nearest to `exact` (normal range).
void check_nearest(double got, LD exact, int bits, int emin = -126) {
  INFO("got " << got << ", oracle " << static_cast<double>(exact));
  if (exact == 0) {
    CHECK(got == 0);
    return;
  }
  const int e = std::max(std::ilogb(static_cast<double>(exact)), emin);
  const LD half_ulp = std::ldexp(1.0L, e - bits);  // half the spacing 2^(e - bits + 1)
  CHECK(std::fabs(static_cast<LD>(got) - exact) <= half_ulp * (1 + 1e-12L));
}

// The oracle: (x - mean) / sqrt(var + eps) * scale + B.
LD standardize(LD x, LD mean, LD var, LD eps, LD scale, LD bias) { return (x - mean) / std::sqrt(var + eps) * scale + bias; }

struct Moments {
  LD mean = 0, var = 0;
};
Moments moments(const std::vector<LD>& v) {
  Moments m;
  for (LD x : v) m.mean += x;
  m.mean /= static_cast<LD>(v.size());
  for (LD x : v) m.var += (x - m.mean) * (x - m.mean);
  m.var /= static_cast<LD>(v.size());
  return m;
}

// `v` rounded to type t (the inputs; the oracle reads them back exactly).
Tensor as_type(DType t, Shape shape, const std::vector<float>& v) {
  Tensor out(t, std::move(shape));
  visit_dtype(t, [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto d = out.data<T>();
      for (size_t i = 0; i < v.size(); ++i) d[i] = numeric::narrow<T>(v[i]);
    }
  });
  return out;
}

std::vector<float> random_floats(size_t n, unsigned seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = d(rng);
  return v;
}

}  // namespace

TEST_CASE("BatchNormalization inference: hand-worked values, exact where the formula is", "[norm][BatchNormalization]") {
  // (5 - 1) / sqrt(4 + 0) * 3 + 0.5 = 6.5; (-3 - 1) / 2 * 3 + 0.5 = -5.5; channel 1:
  // (2 - 2) / ... + 7 = 7 and (6 - 2) / sqrt(16) * -1 + 7 = 6.
  const Tensor x = floats({1, 2, 1, 2}, {5, -3, 2, 6});
  const std::vector<Tensor> in = {x, floats({2}, {3, -1}), floats({2}, {0.5f, 7}), floats({2}, {1, 2}), floats({2}, {4, 16})};
  for (int v : {6, 7, 9, 14, 15}) {
    Attrs a = {make_attr("epsilon", 0.0f)};
    if (v < 7) a.push_back(make_attr("is_test", int64_t{1}));
    CHECK(doubles(run_node_output("BatchNormalization", v, in, a)) == std::vector<double>{6.5, -5.5, 7, 6});
  }
  Attrs one = {make_attr("epsilon", 0.0f), make_attr("is_test", int64_t{1}), make_attr("consumed_inputs", std::vector<int64_t>{0, 0, 0, 1, 1})};
  CHECK(doubles(run_node_output("BatchNormalization", 1, in, one)) == std::vector<double>{6.5, -5.5, 7, 6});
}

TEST_CASE("BatchNormalization inference against the long double oracle, every float type", "[norm][BatchNormalization][oracle]") {
  const auto xs = random_floats(2 * 3 * 4 * 5, 7, -4, 4), ss = random_floats(3, 8, -2, 2), bs = random_floats(3, 9, -2, 2),
             ms = random_floats(3, 10, -1, 1), vs = random_floats(3, 11, 0.01f, 3);
  const float eps = 1e-5f;
  const std::pair<DType, int> types[] = {{DType::kFloat, 24}, {DType::kDouble, 53}, {DType::kFloat16, 11}, {DType::kBFloat16, 8}};
  for (auto [t, bits] : types) {
    INFO(dtype_name(t));
    const int emin = t == DType::kFloat16 ? -14 : -126;
    const std::vector<Tensor> in = {as_type(t, {2, 3, 4, 5}, xs), as_type(t, {3}, ss), as_type(t, {3}, bs),
                                    as_type(t, {3}, ms), as_type(t, {3}, vs)};
    const auto x = doubles(in[0]), s = doubles(in[1]), b = doubles(in[2]), m = doubles(in[3]), v = doubles(in[4]);
    const auto got = doubles(run_node_output("BatchNormalization", 15, in));
    for (size_t e = 0; e < x.size(); ++e) {
      const size_t c = (e / 20) % 3;
      check_nearest(got[e], standardize(x[e], m[c], v[c], eps, s[c], b[c]), bits, emin);
    }
  }
  // float: every element the nearest float to the oracle's value.
  const Tensor y = run_node_output("BatchNormalization", 9, {floats({2, 3, 4, 5}, xs), floats({3}, ss), floats({3}, bs), floats({3}, ms), floats({3}, vs)});
  const auto got = doubles(y);
  for (size_t e = 0; e < xs.size(); ++e) {
    const size_t c = (e / 20) % 3;
    check_nearest(got[e], standardize(xs[e], ms[c], vs[c], eps, ss[c], bs[c]), 24);
  }
}

TEST_CASE("BatchNormalization-14 training: population variance, running statistics by momentum", "[norm][BatchNormalization][v14]") {
  // One channel, x = 1, 2, 3, 6: mean 3, population variance (4 + 1 + 0 + 9) / 4 = 3.5 (the
  // sample variance would be 14/3). momentum 0.5: running_mean = 0.5 * 1 + 0.5 * 3 = 2,
  // running_var = 0.5 * 2.25 + 0.5 * 3.5 = 2.875.
  const Tensor x = floats({2, 1, 2}, {1, 2, 3, 6});
  const std::vector<Tensor> in = {x, floats({1}, {2}), floats({1}, {1}), floats({1}, {1}), floats({1}, {2.25f})};
  const Attrs a = {make_attr("training_mode", int64_t{1}), make_attr("momentum", 0.5f), make_attr("epsilon", 0.0f)};
  for (int v : {14, 15}) {
    const auto out = run_outputs("BatchNormalization", v, in, a, 3);
    REQUIRE(out.size() == 3);
    CHECK(doubles(out[1]) == std::vector<double>{2});
    CHECK(doubles(out[2]) == std::vector<double>{2.875});
    const auto y = doubles(out[0]);
    const LD r = std::sqrt(3.5L);
    for (size_t e = 0; e < 4; ++e) check_nearest(y[e], (doubles(x)[e] - 3) / r * 2 + 1, 24);
  }
  // Without training_mode the given statistics: (x - 1) / sqrt(2.25) * 2 + 1.
  const auto y = doubles(run_node_output("BatchNormalization", 14, in, {make_attr("epsilon", 0.0f)}));
  for (size_t e = 0; e < 4; ++e) check_nearest(y[e], (doubles(x)[e] - 1) / 1.5L * 2 + 1, 24);
}

TEST_CASE("BatchNormalization training against the oracle: a cancelling variance, momentum 0.9f", "[norm][BatchNormalization][oracle]") {
  // Values 1000 + small: E[x^2] - mean^2 cancels every bit a float has; the exact variance does not.
  std::vector<float> xs = random_floats(4 * 2 * 3, 21, 0, 0.01f);
  for (float& v : xs) v += 1000;
  const std::vector<float> ss = {1.5f, -0.5f}, bs = {0.25f, 2}, ms = {999, 1001}, vs = {0.5f, 2};
  const float eps = 1e-5f, mom = 0.9f;
  const std::vector<Tensor> in = {floats({4, 2, 3}, xs), floats({2}, ss), floats({2}, bs), floats({2}, ms), floats({2}, vs)};
  const auto out = run_outputs("BatchNormalization", 15, in, {make_attr("training_mode", int64_t{1})}, 3);
  const auto y = doubles(out[0]), rm = doubles(out[1]), rv = doubles(out[2]);
  for (size_t c = 0; c < 2; ++c) {
    std::vector<LD> group;
    for (size_t n = 0; n < 4; ++n)
      for (size_t i = 0; i < 3; ++i) group.push_back(xs[(n * 2 + c) * 3 + i]);
    const Moments mo = moments(group);
    check_nearest(rm[c], ms[c] * static_cast<LD>(mom) + mo.mean * (1 - static_cast<LD>(mom)), 24);
    check_nearest(rv[c], vs[c] * static_cast<LD>(mom) + mo.var * (1 - static_cast<LD>(mom)), 24);
    for (size_t n = 0; n < 4; ++n)
      for (size_t i = 0; i < 3; ++i) {
        const size_t e = (n * 2 + c) * 3 + i;
        check_nearest(y[e], standardize(xs[e], mo.mean, mo.var, eps, ss[c], bs[c]), 24);
      }
  }
}

TEST_CASE("BatchNormalization-15 separate types: X float16, scale/B float, mean/var double", "[norm][BatchNormalization][v15]") {
  const auto xs = random_floats(2 * 2 * 3, 31, -3, 3);
  const std::vector<Tensor> in = {as_type(DType::kFloat16, {2, 2, 3}, xs), floats({2}, {1.25f, -0.75f}), floats({2}, {0.1f, 0.2f}),
                                  Tensor::from_values<double>({2}, {0.3, -0.1}), Tensor::from_values<double>({2}, {0.7, 1.9})};
  const auto out = run_outputs("BatchNormalization", 15, in, {make_attr("training_mode", int64_t{1})}, 3);
  CHECK(out[0].dtype() == DType::kFloat16);
  CHECK(out[1].dtype() == DType::kDouble);
  const auto x = doubles(in[0]), y = doubles(out[0]), s = doubles(in[1]), b = doubles(in[2]);
  for (size_t c = 0; c < 2; ++c) {
    std::vector<LD> group;
    for (size_t n = 0; n < 2; ++n)
      for (size_t i = 0; i < 3; ++i) group.push_back(x[(n * 2 + c) * 3 + i]);
    const Moments mo = moments(group);
    check_nearest(doubles(out[1])[c], doubles(in[3])[c] * static_cast<LD>(0.9f) + mo.mean * (1 - static_cast<LD>(0.9f)), 53, -1022);
    for (size_t n = 0; n < 2; ++n)
      for (size_t i = 0; i < 3; ++i) {
        const size_t e = (n * 2 + c) * 3 + i;
        check_nearest(y[e], standardize(x[e], mo.mean, mo.var, 1e-5f, s[c], b[c]), 11, -14);
      }
  }
  // 14 has no T1: scale in float with X in float16 is refused by the type check.
  CHECK_THROWS(run_node("BatchNormalization", 14, in));
}

TEST_CASE("BatchNormalization's modes by version: is_test, the outputs, spatial 0, rank 1 and 2", "[norm][BatchNormalization]") {
  // One channel, x = 1, 2, 3, 6 (batch mean 3, variance 3.5); given mean 0, var 1, eps 0.
  const std::vector<Tensor> in = {floats({4, 1}, {1, 2, 3, 6}), floats({1}, {1}), floats({1}, {0}), floats({1}, {0}), floats({1}, {1})};
  const Attrs eps0 = {make_attr("epsilon", 0.0f)};
  const std::vector<double> given = {1, 2, 3, 6};
  // 6 with is_test 0 (the default): training, batch statistics, even with Y alone.
  const auto trained = doubles(run_node_output("BatchNormalization", 6, in, eps0));
  check_nearest(trained[0], -2 / std::sqrt(3.5L), 24);
  Attrs test = eps0;
  test.push_back(make_attr("is_test", int64_t{1}));
  CHECK(doubles(run_node_output("BatchNormalization", 6, in, test)) == given);
  // 7 and 9: Y alone is test mode; five outputs train (saved_mean 3, saved_var 3.5).
  CHECK(doubles(run_node_output("BatchNormalization", 9, in, eps0)) == given);
  const auto five = run_outputs("BatchNormalization", 9, in, eps0, 5);
  check_nearest(doubles(five[0])[0], -2 / std::sqrt(3.5L), 24);
  CHECK(doubles(five[3]) == std::vector<double>{3});
  CHECK(doubles(five[4]) == std::vector<double>{3.5});
  check_nearest(doubles(five[1])[0], 3 * (1 - static_cast<LD>(0.9f)), 24);
  // 9: rank 1 is (N) with C = 1.
  const std::vector<Tensor> flat = {floats({4}, {1, 2, 3, 6}), floats({1}, {1}), floats({1}, {0}), floats({1}, {0}), floats({1}, {4})};
  CHECK(doubles(run_node_output("BatchNormalization", 9, flat, eps0)) == std::vector<double>{0.5, 1, 1.5, 3});
  check_invalid("BatchNormalization", 7, flat, "X is (N, C, D1, ..., Dn)", eps0);
  // 7 spatial 0: parameters per (c, position); statistics over N in training.
  const Tensor x = floats({2, 1, 2}, {1, 10, 3, 30});
  const std::vector<Tensor> per_position = {x, floats({1, 2}, {1, 1}), floats({1, 2}, {0, 0}), floats({1, 2}, {1, 10}),
                                            floats({1, 2}, {4, 400})};
  Attrs spatial0 = {make_attr("epsilon", 0.0f), make_attr("spatial", int64_t{0})};
  // (1 - 1)/2, (10 - 10)/20, (3 - 1)/2, (30 - 10)/20.
  CHECK(doubles(run_node_output("BatchNormalization", 7, per_position, spatial0)) == std::vector<double>{0, 0, 1, 1});
  // Training: position 0 holds 1 and 3 (mean 2, variance 1): -1, 1; position 1 likewise.
  const auto t7 = run_outputs("BatchNormalization", 7, per_position, spatial0, 5);
  CHECK(doubles(t7[0]) == std::vector<double>{-1, -1, 1, 1});
  CHECK(doubles(t7[3]) == std::vector<double>{2, 20});
  CHECK(doubles(t7[4]) == std::vector<double>{1, 100});
  check_invalid("BatchNormalization", 9, per_position, "scale is (C)", eps0);
}

TEST_CASE("BatchNormalization refusals: rank, parameter shapes, outputs against the mode", "[norm][BatchNormalization]") {
  const std::vector<Tensor> in = {floats({2, 3, 2}, std::vector<float>(12, 1)), floats({3}, {1, 1, 1}), floats({3}, {0, 0, 0}),
                                  floats({3}, {0, 0, 0}), floats({3}, {1, 1, 1})};
  const Attrs consumed = {make_attr("consumed_inputs", std::vector<int64_t>{0, 0, 0, 1, 1}), make_attr("is_test", int64_t{1})};
  check_invalid("BatchNormalization", 1, in, "X is 4-dimensional", consumed);
  std::vector<Tensor> wrong = in;
  wrong[2] = floats({2}, {0, 0});
  check_invalid("BatchNormalization", 14, wrong, "B is (C)");
  try {
    run_outputs("BatchNormalization", 14, in, {}, 3);
    FAIL("BatchNormalization-14 ran training outputs with training_mode 0");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("training_mode = 0 has output Y alone"));
  }
  try {
    run_outputs("BatchNormalization", 15, in, {make_attr("training_mode", int64_t{1})}, 1);
    FAIL("BatchNormalization-15 trained with Y alone");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("training_mode = 1 has three outputs"));
  }
  try {
    run_outputs("BatchNormalization", 6, in, {make_attr("is_test", int64_t{1})}, 5);
    FAIL("BatchNormalization-6 ran training outputs with is_test 1");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("is_test = 1"));
  }
}

TEST_CASE("InstanceNormalization: per (n, c), population variance, against the oracle", "[norm][InstanceNormalization][oracle]") {
  // Hand: one instance-channel 1, 2, 3, 6 (mean 3, variance 3.5), epsilon 0, scale 2, B 1.
  const auto hand = doubles(run_node_output("InstanceNormalization", 6,
                                            {floats({1, 1, 4}, {1, 2, 3, 6}), floats({1}, {2}), floats({1}, {1})},
                                            {make_attr("epsilon", 0.0f)}));
  for (size_t e = 0; e < 4; ++e) check_nearest(hand[e], (std::vector<LD>{1, 2, 3, 6}[e] - 3) / std::sqrt(3.5L) * 2 + 1, 24);
  const auto xs = random_floats(2 * 3 * 4 * 5, 41, -5, 5), ss = random_floats(3, 42, -2, 2), bs = random_floats(3, 43, -1, 1);
  for (int v : {1, 6, 22}) {
    const auto y = doubles(run_node_output("InstanceNormalization", v, {floats({2, 3, 4, 5}, xs), floats({3}, ss), floats({3}, bs)}));
    for (size_t g = 0; g < 6; ++g) {
      const std::vector<LD> group(xs.begin() + g * 20, xs.begin() + (g + 1) * 20);
      const Moments mo = moments(group);
      for (size_t i = 0; i < 20; ++i)
        check_nearest(y[g * 20 + i], standardize(group[i], mo.mean, mo.var, 1e-5f, ss[g % 3], bs[g % 3]), 24);
    }
  }
  check_invalid("InstanceNormalization", 6, {floats({2, 3}, std::vector<float>(6, 1)), floats({3}, {1, 1, 1}), floats({3}, {0, 0, 0})},
                "rank 3 or more");
  check_invalid("InstanceNormalization", 1, {floats({2, 3, 4}, std::vector<float>(24, 1)), floats({3}, {1, 1, 1}), floats({3}, {0, 0, 0})},
                "4-dimensional");
}

TEST_CASE("LRN: the channel window floor((size-1)/2) before, ceil after; the real power", "[norm][LRN]") {
  // alpha = size, bias 1, beta 1: y = x / (1 + square_sum). size 2: window c .. c + 1:
  // 1/(1 + 1 + 4), 2/(1 + 4 + 9), 3/(1 + 9).
  const Tensor x = floats({1, 3, 1, 1}, {1, 2, 3});
  const Attrs two = {make_attr("size", int64_t{2}), make_attr("alpha", 2.0f), make_attr("beta", 1.0f), make_attr("bias", 1.0f)};
  const auto y2 = doubles(run_node_output("LRN", 13, {x}, two));
  check_nearest(y2[0], 1 / 6.0L, 24);
  check_nearest(y2[1], 2 / 14.0L, 24);
  check_nearest(y2[2], 3 / 10.0L, 24);
  // size 4 over C = 4: window c - 1 .. c + 2.
  const Tensor x4 = floats({1, 4, 1, 1}, {1, 2, 3, 4});
  const Attrs four = {make_attr("size", int64_t{4}), make_attr("alpha", 4.0f), make_attr("beta", 1.0f)};
  const auto y4 = doubles(run_node_output("LRN", 1, {x4}, four));
  const LD sums[] = {1 + 4 + 9, 1 + 4 + 9 + 16, 4 + 9 + 16, 9 + 16};
  for (size_t c = 0; c < 4; ++c) check_nearest(y4[c], (c + 1) / (1 + sums[c]), 24);
  // Defaults (alpha 1e-4, beta 0.75, bias 1), size 3, random values: powl.
  const auto xs = random_floats(2 * 5 * 3, 51, -20, 20);
  const auto y = doubles(run_node_output("LRN", 13, {floats({2, 5, 3}, xs)}, {make_attr("size", int64_t{3})}));
  for (size_t n = 0; n < 2; ++n)
    for (size_t c = 0; c < 5; ++c)
      for (size_t i = 0; i < 3; ++i) {
        LD sq = 0;
        for (size_t k = c == 0 ? 0 : c - 1; k <= std::min<size_t>(4, c + 1); ++k) sq += static_cast<LD>(xs[(n * 5 + k) * 3 + i]) * xs[(n * 5 + k) * 3 + i];
        const LD base = 1 + static_cast<LD>(1e-4f) / 3 * sq;
        check_nearest(y[(n * 5 + c) * 3 + i], xs[(n * 5 + c) * 3 + i] / std::pow(base, static_cast<LD>(0.75f)), 24);
      }
  check_invalid("LRN", 13, {x}, "size is the number of channels to sum over, at least 1", {make_attr("size", int64_t{0})});
}
