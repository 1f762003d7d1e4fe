// Attention-23/24/25 against values worked out by hand (masks, causal offsets, windows,
// softcap, the default scale, fully masked rows, caches) and one case against an independent
// oracle: the text's diagram in long double loops (3-D inputs split into heads here again,
// grouped heads by floor(h / group), past ++ new, softcap, an additive mask), rounded to float.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "reference/model.h"
#include "reference/model_builder.h"

using namespace touchstone;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
constexpr size_t kAbsent = static_cast<size_t>(-1);

// Runs one node with the inputs at their positions (nullptr: omitted) and `outputs` outputs.
RunResult run_attention(int opset, const std::vector<const Tensor*>& in, const Attrs& attrs, size_t outputs,
                        const std::string& op = "Attention") {
  SingleNodeModel spec{op, "", opset, {}, {}, attrs, 0};
  std::vector<Tensor> given;
  const char* names[] = {"Q", "K", "V", "mask", "past_key", "past_value", "nonpad"};
  for (size_t i = 0; i < in.size(); ++i) {
    if (!in[i]) {
      spec.inputs.push_back({"", DType::kFloat, {}});
      continue;
    }
    spec.inputs.push_back({names[i], in[i]->dtype(), in[i]->shape()});
    given.push_back(*in[i]);
  }
  for (size_t k = 0; k < outputs; ++k) spec.outputs.push_back({"Out" + std::to_string(k), DType::kFloat, {}});
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(given);
}

Tensor floats(Shape s, std::vector<float> v) { return Tensor::from_values<float>(std::move(s), v); }
std::vector<float> values(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }
Tensor zeros(Shape s) { return floats(s, std::vector<float>(static_cast<size_t>(element_count(s)), 0.0f)); }
Tensor bools(Shape s, std::vector<int> v) {
  Tensor t(DType::kBool, std::move(s));
  for (size_t i = 0; i < v.size(); ++i) t.data<bool>()[i] = v[i] != 0;
  return t;
}
// The call must be refused as an invalid model whose message holds `fragment`.
template <class F>
void expect_refusal(const F& call, const std::string& fragment) {
  try {
    call();
    FAIL("accepted what it should refuse: " << fragment);
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains(fragment));
  }
}

onnx::AttributeProto iattr(const char* n, int64_t v) { return make_attr(n, v); }
onnx::AttributeProto fattr(const char* n, float v) { return make_attr(n, v); }

// V as one value per key (v_head_size 1): keys 0..n-1 hold 2, 4, 8, 16, ...
Tensor powers_of_two(int64_t n) {
  std::vector<float> v;
  for (int64_t j = 0; j < n; ++j) v.push_back(std::ldexp(1.0f, static_cast<int>(j + 1)));
  return floats({1, 1, n, 1}, v);
}

}  // namespace

TEST_CASE("Attention: a zero query weighs its allowed keys equally (boolean mask, fully masked row)", "[attention]") {
  const Tensor q = zeros({1, 1, 3, 2}), k = floats({1, 1, 3, 2}, {1, 2, -3, 4, 5, -6}), v = powers_of_two(3);
  const Tensor mask = bools({3, 3}, {1, 0, 1, 0, 0, 0, 0, 1, 0});
  const auto r = run_attention(23, {&q, &k, &v, &mask}, {}, 1);
  // Row 0 sees keys 0 and 2: (2 + 8) / 2; row 1 none: zeros (the 1.23 text); row 2 key 1 alone.
  CHECK(values(r.outputs.at(0)) == std::vector<float>{5, 0, 4});
}

TEST_CASE("Attention: an additive mask shifts the scores (equal scores + 0 and -inf)", "[attention]") {
  const Tensor q = zeros({1, 1, 2, 2}), k = zeros({1, 1, 2, 2}), v = powers_of_two(2);
  // Row 0: masks 0 and 0 -> (2 + 4) / 2; row 1: 0 and -inf -> 2. Scores exp(m_j) / sum.
  const Tensor mask = floats({2, 2}, {0, 0, 0, -INFINITY});
  CHECK(values(run_attention(23, {&q, &k, &v, &mask}, {}, 1).outputs.at(0)) == std::vector<float>{3, 2});
  // Masks 0 and ln 3 (as a float): weights 1 and 3 (within float), Y = (2 + 3 * 4) / 4 = 3.5.
  const Tensor mask3 = floats({1, 2}, {0, std::log(3.0f)});
  const auto y = values(run_attention(23, {&q, &k, &v, &mask3}, {}, 1).outputs.at(0));
  CHECK(y[0] == Approx(3.5).epsilon(1e-6));
}

TEST_CASE("Attention: is_causal aligns bottom-right with past (23) and nonpad (24)", "[attention]") {
  // q_len 2, past 2, new 2: query 0 sees keys 0..2, query 1 keys 0..3 (j <= i + past_len).
  const Tensor q = zeros({1, 1, 2, 1}), k = zeros({1, 1, 2, 1}), pk = zeros({1, 1, 2, 1});
  const Tensor pv = floats({1, 1, 2, 1}, {2, 4}), v = floats({1, 1, 2, 1}, {8, 16});
  const auto r = run_attention(23, {&q, &k, &v, nullptr, &pk, &pv}, {iattr("is_causal", 1)}, 3);
  CHECK(values(r.outputs.at(0)) == std::vector<float>{14.0f / 3, 7.5f});
  CHECK(values(r.outputs.at(2)) == std::vector<float>{2, 4, 8, 16});  // present_value: past ++ new
  CHECK(r.outputs.at(1).shape() == Shape{1, 1, 4, 1});
  // No past, q_len 2 < kv_len 4: offset 0 in 23 (top-left): query 0 sees key 0 alone.
  const Tensor k4 = zeros({1, 1, 4, 1}), v4 = powers_of_two(4);
  CHECK(values(run_attention(23, {&q, &k4, &v4}, {iattr("is_causal", 1)}, 1).outputs.at(0)) == std::vector<float>{2, 3});
  // 24 with nonpad 3: offset 3 - 2 = 1: query 0 sees keys 0..1, query 1 keys 0..2; key 3 is padding.
  const Tensor nonpad = Tensor::from_values<int64_t>({1}, {3});
  CHECK(values(run_attention(24, {&q, &k4, &v4, nullptr, nullptr, nullptr, &nonpad}, {iattr("is_causal", 1)}, 1).outputs.at(0)) ==
        std::vector<float>{3, 14.0f / 3});
  // nonpad 1 < q_len 3: offset -2; queries 0 and 1 see nothing (zeros), query 2 key 0.
  const Tensor q3 = zeros({1, 1, 3, 1}), one = Tensor::from_values<int64_t>({1}, {1});
  CHECK(values(run_attention(24, {&q3, &k4, &v4, nullptr, nullptr, nullptr, &one}, {iattr("is_causal", 1)}, 1).outputs.at(0)) ==
        std::vector<float>{0, 0, 2});
}

TEST_CASE("Attention-25: left and right windows around p = offset + i", "[attention]") {
  const Tensor q = zeros({1, 1, 3, 1}), k = zeros({1, 1, 4, 1}), v = powers_of_two(4);
  // left 1, right 0: query i sees keys i-1..i: {0}, {0,1}, {1,2}.
  CHECK(values(run_attention(25, {&q, &k, &v}, {iattr("left_window_size", 1), iattr("right_window_size", 0)}, 1).outputs.at(0)) ==
        std::vector<float>{2, 3, 6});
  // left 0, right 1: {0,1}, {1,2}, {2,3}.
  CHECK(values(run_attention(25, {&q, &k, &v}, {iattr("left_window_size", 0), iattr("right_window_size", 1)}, 1).outputs.at(0)) ==
        std::vector<float>{3, 6, 12});
}

TEST_CASE("Attention: qk_matmul_output modes, the default scale, softcap", "[attention]") {
  // head_size 2: scale 1/sqrt 2 (the real number), q.k = 1 -> 0.70710677f; q.k = 4 -> 2.828427f.
  const Tensor q = floats({1, 1, 1, 2}, {1, 0}), k = floats({1, 1, 2, 2}, {1, 5, 4, -1}), v = powers_of_two(2);
  const Tensor pk = Tensor(DType::kFloat, {1, 1, 0, 2}), pv = Tensor(DType::kFloat, {1, 1, 0, 1});
  const Tensor mask = bools({1, 2}, {1, 0});
  auto mode = [&](int m, float softcap) {
    return values(run_attention(23, {&q, &k, &v, &mask, &pk, &pv}, {iattr("qk_matmul_output_mode", m), fattr("softcap", softcap)}, 4).outputs.at(3));
  };
  CHECK(mode(0, 0) == std::vector<float>{static_cast<float>(1 / std::sqrt(2.0L)), static_cast<float>(4 / std::sqrt(2.0L))});
  // softcap 2: 2 tanh(x / 2); tanh(0.35355339...) = 0.33947...; 2 tanh(1.41421356) = 1.7775...
  const long double x0 = 1 / std::sqrt(2.0L), x1 = 4 / std::sqrt(2.0L);
  CHECK(mode(1, 2) == std::vector<float>{static_cast<float>(2 * std::tanh(x0 / 2)), static_cast<float>(2 * std::tanh(x1 / 2))});
  CHECK(mode(2, 2) == std::vector<float>{static_cast<float>(2 * std::tanh(x0 / 2)), -INFINITY});
  CHECK(mode(3, 2) == std::vector<float>{1, 0});  // one allowed key: weight 1 exactly
  // The present caches with an empty past are K and V themselves.
  const auto r = run_attention(23, {&q, &k, &v, &mask, &pk, &pv}, {}, 3);
  CHECK(values(r.outputs.at(1)) == values(k));
}

TEST_CASE("Attention: refusals name the rule", "[attention]") {
  const Tensor q = zeros({1, 3, 2, 4}), k = zeros({1, 2, 2, 4}), v = zeros({1, 2, 2, 4});
  expect_refusal([&] { run_attention(23, {&q, &k, &v}, {}, 1); }, "multiple of kv_num_heads");
  const Tensor q2 = zeros({1, 2, 2, 4}), pk = zeros({1, 2, 1, 4});
  expect_refusal([&] { run_attention(23, {&q2, &k, &v, nullptr, &pk}, {}, 1); }, "past_key and past_value are given together");
  const Tensor q3 = zeros({1, 2, 8});
  expect_refusal([&] { run_attention(23, {&q3, &k, &v}, {}, 1); }, "a 3-D Q needs q_num_heads");
  expect_refusal([&] { run_attention(23, {&q2, &k, &v}, {iattr("qk_matmul_output_mode", 4)}, 1); }, "qk_matmul_output_mode");
}

namespace {

// The oracle: the text's diagram in long double. Q (B, Sq, Hq*D) and K/V (B, Skv, Hkv*D) 3-D;
// past 4-D; mask (Sq, T) additive; softcap c; scale 1/sqrt(D).
std::vector<float> textbook(const std::vector<float>& q, const std::vector<float>& k, const std::vector<float>& v,
                            const std::vector<float>& pk, const std::vector<float>& pv, const std::vector<float>& mask,
                            int B, int Hq, int Hkv, int Sq, int Skv, int P, int D, int Dv, long double c) {
  const int T = P + Skv;
  std::vector<float> y(static_cast<size_t>(B * Sq * Hq * Dv));
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < Hq; ++h) {
      const int g = h / (Hq / Hkv);
      auto key = [&](int j, int d) -> long double {
        return j < P ? pk[((b * Hkv + g) * P + j) * D + d] : k[((b * Skv + (j - P)) * Hkv + g) * D + d];
      };
      auto val = [&](int j, int d) -> long double {
        return j < P ? pv[((b * Hkv + g) * P + j) * Dv + d] : v[((b * Skv + (j - P)) * Hkv + g) * Dv + d];
      };
      for (int i = 0; i < Sq; ++i) {
        std::vector<long double> s(static_cast<size_t>(T));
        long double best = -INFINITY;
        for (int j = 0; j < T; ++j) {
          long double dot = 0;
          for (int d = 0; d < D; ++d) dot += static_cast<long double>(q[((b * Sq + i) * Hq + h) * D + d]) * key(j, d);
          const long double x = dot / std::sqrt(static_cast<long double>(D));
          s[j] = c * std::tanh(x / c) + mask[i * T + j];
          best = std::max(best, s[j]);
        }
        long double sum = 0;
        for (int j = 0; j < T; ++j) sum += std::exp(s[j] - best);
        for (int d = 0; d < Dv; ++d) {
          long double acc = 0;
          for (int j = 0; j < T; ++j) acc += std::exp(s[j] - best) / sum * val(j, d);
          y[((b * Sq + i) * Hq + h) * Dv + d] = static_cast<float>(acc);
        }
      }
    }
  return y;
}

std::vector<float> draw(size_t n, unsigned seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& e : v) e = dist(rng);
  return v;
}

}  // namespace

TEST_CASE("Attention: 3-D grouped heads with past, softcap and an additive mask, against long double", "[attention]") {
  const int B = 2, Hq = 4, Hkv = 2, Sq = 3, Skv = 2, P = 3, D = 4, Dv = 3, T = P + Skv;
  const auto qv = draw(B * Sq * Hq * D, 1, -1, 1), kv = draw(B * Skv * Hkv * D, 2, -1, 1), vv = draw(B * Skv * Hkv * Dv, 3, -2, 2);
  const auto pkv = draw(B * Hkv * P * D, 4, -1, 1), pvv = draw(B * Hkv * P * Dv, 5, -2, 2), mv = draw(Sq * T, 6, -1, 1);
  const Tensor q = floats({B, Sq, Hq * D}, qv), k = floats({B, Skv, Hkv * D}, kv), v = floats({B, Skv, Hkv * Dv}, vv);
  const Tensor pk = floats({B, Hkv, P, D}, pkv), pv = floats({B, Hkv, P, Dv}, pvv), mask = floats({Sq, T}, mv);
  const auto r = run_attention(23, {&q, &k, &v, &mask, &pk, &pv},
                               {iattr("q_num_heads", Hq), iattr("kv_num_heads", Hkv), fattr("softcap", 1.5f)}, 3);
  CHECK(r.outputs.at(0).shape() == Shape{B, Sq, Hq * Dv});
  CHECK(values(r.outputs.at(0)) == textbook(qv, kv, vv, pkv, pvv, mv, B, Hq, Hkv, Sq, Skv, P, D, Dv, 1.5L));
}
