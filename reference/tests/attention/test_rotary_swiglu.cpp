// RotaryEmbedding-23 against rotations worked by hand (halves, interleaved pairs, a partial
// rotary dimension, position 0 the identity) and one case against the text's algorithm in long
// double loops (its own indexing of 3-D inputs and position ids); SwiGLU-28 against hand values.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "reference/model.h"
#include "reference/model_builder.h"

using namespace touchstone;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

Tensor run_op(const std::string& op, int opset, const std::vector<Tensor>& in, const Attrs& attrs = {}) {
  SingleNodeModel spec{op, "", opset, {}, {{"Out", DType::kFloat, {}}}, attrs, 0};
  for (size_t i = 0; i < in.size(); ++i) spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), in[i].dtype(), in[i].shape()});
  auto proto = build_model(spec);
  proto.mutable_graph()->mutable_output(0)->clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(in).outputs.at(0);
}

Tensor floats(Shape s, std::vector<float> v) { return Tensor::from_values<float>(std::move(s), v); }
std::vector<float> values(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }
onnx::AttributeProto iattr(const char* n, int64_t v) { return make_attr(n, v); }

}  // namespace

TEST_CASE("RotaryEmbedding: halves and interleaved pairs by hand", "[attention][rotary]") {
  // One token, head_size 4: cos [0.5, 0], sin [0.5, 1].
  const Tensor x = floats({1, 1, 1, 4}, {1, 2, 3, 4});
  const Tensor c = floats({1, 1, 2}, {0.5f, 0}), s = floats({1, 1, 2}, {0.5f, 1});
  // Halves: x1 = [1, 2], x2 = [3, 4]: real = [0.5 - 1.5, 0 - 4], imag = [0.5 + 1.5, 2 + 0].
  CHECK(values(run_op("RotaryEmbedding", 23, {x, c, s})) == std::vector<float>{-1, -4, 2, 2});
  // Interleaved: pairs (1, 2), (3, 4): (0.5 - 1, 0.5 + 1), (0 - 4, 3 + 0).
  CHECK(values(run_op("RotaryEmbedding", 23, {x, c, s}, {iattr("interleaved", 1)})) == std::vector<float>{-0.5f, 1.5f, -4, 3});
  // Partial, rotary_embedding_dim 2: the pair (1, 2) with cos 0.5, sin 0.5; 3 and 4 copied.
  const Tensor c1 = floats({1, 1, 1}, {0.5f}), s1 = floats({1, 1, 1}, {0.5f});
  CHECK(values(run_op("RotaryEmbedding", 23, {x, c1, s1}, {iattr("rotary_embedding_dim", 2)})) == std::vector<float>{-0.5f, 1.5f, 3, 4});
  // Position ids pick the cache rows: row 0 is the identity (cos 1, sin 0).
  const Tensor cache_c = floats({2, 2}, {1, 1, 0.5f, 0}), cache_s = floats({2, 2}, {0, 0, 0.5f, 1});
  const Tensor ids = Tensor::from_values<int64_t>({1, 2}, {1, 0});
  const Tensor two = floats({1, 1, 2, 4}, {1, 2, 3, 4, 1, 2, 3, 4});
  CHECK(values(run_op("RotaryEmbedding", 23, {two, cache_c, cache_s, ids})) == std::vector<float>{-1, -4, 2, 2, 1, 2, 3, 4});
}

TEST_CASE("RotaryEmbedding: 3-D with num_heads and position ids, against long double loops", "[attention][rotary]") {
  const int B = 2, S = 3, H = 2, D = 8, half = 4, P = 5;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-2, 2);
  std::vector<float> x(B * S * H * D), c(P * half), s(P * half);
  for (auto& e : x) e = dist(rng);
  for (int p = 0; p < P; ++p)
    for (int m = 0; m < half; ++m) {
      c[p * half + m] = static_cast<float>(std::cos(p * std::pow(10000.0, -m / 4.0)));
      s[p * half + m] = static_cast<float>(std::sin(p * std::pow(10000.0, -m / 4.0)));
    }
  const std::vector<int64_t> pos = {4, 0, 2, 1, 3, 3};
  const Tensor y = run_op("RotaryEmbedding", 23,
                          {floats({B, S, H * D}, x), floats({P, half}, c), floats({P, half}, s), Tensor::from_values<int64_t>({B, S}, pos)},
                          {iattr("num_heads", H)});
  std::vector<float> expected(x.size());
  for (int b = 0; b < B; ++b)
    for (int t = 0; t < S; ++t)
      for (int h = 0; h < H; ++h) {
        const int base = ((b * S + t) * H + h) * D, p = static_cast<int>(pos[b * S + t]);
        for (int m = 0; m < half; ++m) {
          const long double x1 = x[base + m], x2 = x[base + m + half], cc = c[p * half + m], ss = s[p * half + m];
          expected[base + m] = static_cast<float>(cc * x1 - ss * x2);
          expected[base + m + half] = static_cast<float>(ss * x1 + cc * x2);
        }
      }
  CHECK(values(y) == expected);
}

TEST_CASE("SwiGLU: A B sigmoid(alpha A) by hand", "[attention][swiglu]") {
  const Tensor a = floats({4}, {1, 0, -2, 40}), b = floats({4}, {2, 5, 3, 0.5f});
  // 2 / (1 + e^-1) = 1.46211715726...; 0; -6 / (1 + e^2) = -0.71521291...; 40 * 0.5 (e^-40 < 2^-57).
  CHECK(values(run_op("SwiGLU", 28, {a, b})) ==
        std::vector<float>{static_cast<float>(2 / (1 + std::exp(-1.0L))), 0, static_cast<float>(-6 / (1 + std::exp(2.0L))), 20});
  // alpha 0: sigmoid(0) = 1/2 exactly: A B / 2.
  CHECK(values(run_op("SwiGLU", 28, {a, b}, {make_attr("alpha", 0.0f)})) == std::vector<float>{1, 0, -3, 10});
  try {
    run_op("SwiGLU", 28, {a, floats({2}, {1, 2})});
    FAIL("SwiGLU broadcast");
  } catch (const Error& e) {
    CHECK_THAT(e.what(), Catch::Contains("identical shapes"));
  }
}
