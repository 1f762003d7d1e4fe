// LinearAttention-27 against hand values (the linear rule's sums, a float16 tie) and an
// independent oracle: the text's four recurrences written again here in long double loops over
// the 3-D packed inputs (GQA by floor(h / group), past_state, decay per key dimension and per
// head, beta per head and shared), rounded to float; refusals named after their rule; the marks.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/numeric/exact.h"

using namespace touchstone;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// Runs LinearAttention-27 with inputs at their positions (nullptr: omitted), two outputs.
RunResult run_linear(const std::vector<const Tensor*>& in, const Attrs& attrs) {
  SingleNodeModel spec{"LinearAttention", "", 27, {}, {}, attrs, 0};
  std::vector<Tensor> given;
  const char* names[] = {"query", "key", "value", "past_state", "decay", "beta"};
  for (size_t i = 0; i < in.size(); ++i) {
    if (!in[i]) {
      spec.inputs.push_back({"", DType::kFloat, {}});
      continue;
    }
    spec.inputs.push_back({names[i], in[i]->dtype(), in[i]->shape()});
    given.push_back(*in[i]);
  }
  spec.outputs = {{"output", DType::kFloat, {}}, {"present_state", DType::kFloat, {}}};
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", "linear-attention-test").run(given);
}

Tensor floats(Shape s, std::vector<float> v) { return Tensor::from_values<float>(std::move(s), v); }
std::vector<float> values(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }
Attrs heads(int64_t q, int64_t kv, const std::string& rule) {
  return {make_attr("q_num_heads", q), make_attr("kv_num_heads", kv), make_attr("update_rule", rule)};
}

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

Tensor random_floats(Shape s, std::mt19937& gen, float lo, float hi) {
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(static_cast<size_t>(element_count(s)));
  for (auto& x : v) x = d(gen);
  return floats(std::move(s), v);
}

// The oracle: the text's recurrences in long double, over the packed layouts.
struct Oracle {
  int64_t b, t, hq, hkv, dk, dv;
  std::string rule;
  long double scale;
  bool decay_per_key, beta_per_head;
  std::vector<float> q, k, v, past, decay, beta;
  std::vector<long double> out, state;

  void run() {
    out.assign(static_cast<size_t>(b * t * hq * dv), 0);
    state.assign(static_cast<size_t>(b * hkv * dk * dv), 0);
    const bool gated = rule == "gated" || rule == "gated_delta",
               delta = rule == "delta" || rule == "gated_delta";
    for (int64_t n = 0; n < b; ++n)
      for (int64_t g = 0; g < hkv; ++g) {
        std::vector<std::vector<long double>> s(static_cast<size_t>(dk),
                                                std::vector<long double>(static_cast<size_t>(dv), 0));
        for (int64_t i = 0; i < dk; ++i)
          for (int64_t j = 0; j < dv; ++j)
            s[i][j] = past.empty() ? 0 : past[static_cast<size_t>(((n * hkv + g) * dk + i) * dv + j)];
        for (int64_t step = 0; step < t; ++step) {
          auto key = [&](int64_t i) -> long double {
            return k[static_cast<size_t>(((n * t + step) * hkv + g) * dk + i)];
          };
          auto val = [&](int64_t j) -> long double {
            return v[static_cast<size_t>(((n * t + step) * hkv + g) * dv + j)];
          };
          if (gated)
            for (int64_t i = 0; i < dk; ++i) {
              const size_t at = decay_per_key ? static_cast<size_t>(((n * t + step) * hkv + g) * dk + i)
                                              : static_cast<size_t>((n * t + step) * hkv + g);
              for (int64_t j = 0; j < dv; ++j) s[i][j] *= std::exp(static_cast<long double>(decay[at]));
            }
          const long double bt = delta ? beta[beta_per_head ? static_cast<size_t>((n * t + step) * hkv + g)
                                                            : static_cast<size_t>(n * t + step)]
                                       : 1;
          std::vector<long double> err(static_cast<size_t>(dv));  // v - S^T k (delta) or v
          for (int64_t j = 0; j < dv; ++j) {
            err[j] = val(j);
            if (delta)
              for (int64_t i = 0; i < dk; ++i) err[j] -= s[i][j] * key(i);
          }
          for (int64_t i = 0; i < dk; ++i)
            for (int64_t j = 0; j < dv; ++j) s[i][j] += bt * key(i) * err[j];
          for (int64_t h = g * (hq / hkv); h < (g + 1) * (hq / hkv); ++h)
            for (int64_t j = 0; j < dv; ++j) {
              long double o = 0;
              for (int64_t i = 0; i < dk; ++i)
                o += q[static_cast<size_t>(((n * t + step) * hq + h) * dk + i)] * s[i][j];
              out[static_cast<size_t>(((n * t + step) * hq + h) * dv + j)] = scale * o;
            }
        }
        for (int64_t i = 0; i < dk; ++i)
          for (int64_t j = 0; j < dv; ++j)
            state[static_cast<size_t>(((n * hkv + g) * dk + i) * dv + j)] = s[i][j];
      }
  }
};

// Every element within one float ulp of the oracle's long double value (which is itself within
// far less than that of the exact one), and most of them its exact float rounding.
void check_against(const std::vector<float>& got, const std::vector<long double>& want) {
  REQUIRE(got.size() == want.size());
  size_t same = 0;
  for (size_t n = 0; n < got.size(); ++n) {
    const float w = static_cast<float>(want[n]);
    INFO("element " << n << ": " << got[n] << " vs oracle " << static_cast<double>(want[n]));
    CHECK(std::fabs(got[n] - w) <= std::fabs(std::nextafter(w, INFINITY) - w));
    same += got[n] == w;
  }
  CHECK(same * 10 >= got.size() * 9);
}

}  // namespace

TEST_CASE("LinearAttention: the linear rule's running sums by hand (default scale 1/sqrt(4))",
          "[LinearAttention][v27]") {
  // d_k 4, d_v 1, one head: S_1 = k_1 v_1, S_2 = S_1 + k_2 v_2; o_t = q_t . S_t / 2.
  const Tensor q = floats({1, 2, 4}, {1, 0, 0, 0, 1, 1, 1, 1}),
               k = floats({1, 2, 4}, {1, 2, 3, 4, 1, 0, 0, 0});
  const Tensor v = floats({1, 2, 1}, {2, 10});
  const auto r = run_linear({&q, &k, &v}, heads(1, 1, "linear"));
  // S_1 = (2, 4, 6, 8): o_1 = 2 / 2; S_2 = (12, 4, 6, 8): o_2 = 30 / 2.
  CHECK(values(r.outputs.at(0)) == std::vector<float>{1, 15});
  CHECK(values(r.outputs.at(1)) == std::vector<float>{12, 4, 6, 8});
  CHECK(r.outputs.at(1).shape() == Shape{1, 1, 4, 1});
  CHECK(r.semantics.category == Semantics::kDefined);
}

TEST_CASE("LinearAttention: gated, delta and gated_delta by hand (decay 0, beta 1/2)",
          "[LinearAttention][v27]") {
  // One head, d_k = d_v = 1, scale 1, past_state 4, k = 1, v = 6, q = 1, decay 0 (e = 1):
  // gated: S = 4 + 6 = 10; delta: S = 4 + (6 - 4)/2 = 5; gated_delta the same.
  const Tensor q = floats({1, 1, 1}, {1}), k = floats({1, 1, 1}, {1}), v = floats({1, 1, 1}, {6});
  const Tensor past = floats({1, 1, 1, 1}, {4}), decay = floats({1, 1, 1}, {0}),
               beta = floats({1, 1, 1}, {0.5f});
  Attrs a = heads(1, 1, "gated");
  a.push_back(make_attr("scale", 1.0f));
  CHECK(values(run_linear({&q, &k, &v, &past, &decay}, a).outputs.at(0)) == std::vector<float>{10});
  a[2] = make_attr("update_rule", std::string("delta"));
  CHECK(values(run_linear({&q, &k, &v, &past, nullptr, &beta}, a).outputs.at(1)) == std::vector<float>{5});
  a[2] = make_attr("update_rule", std::string("gated_delta"));
  CHECK(values(run_linear({&q, &k, &v, &past, &decay, &beta}, a).outputs.at(0)) == std::vector<float>{5});
}

TEST_CASE("LinearAttention: a float16 midpoint is rounded once, ties to even", "[LinearAttention][v27]") {
  // S_2 = 2048 + 1 = 2049, a float16 midpoint (2048, 2050): 2048; present_state in float keeps 2049.
  auto half = [](Shape s, std::vector<float> v) {
    Tensor t(DType::kFloat16, std::move(s));
    for (size_t i = 0; i < v.size(); ++i)
      t.data<Float16>()[i] = numeric::narrow<Float16>(static_cast<double>(v[i]));
    return t;
  };
  const Tensor q = half({1, 2, 1}, {1, 1}), k = half({1, 2, 1}, {1, 1}), v = half({1, 2, 1}, {2048, 1});
  const Tensor past = floats({1, 1, 1, 1}, {0});
  const auto r = run_linear({&q, &k, &v, &past}, heads(1, 1, "linear"));
  CHECK(to_double(r.outputs.at(0).data<Float16>()[1]) == 2048.0);
  CHECK(r.outputs.at(1).dtype() == DType::kFloat);
  CHECK(values(r.outputs.at(1)) == std::vector<float>{2049});
}

TEST_CASE("LinearAttention: every update rule against the long double oracle (GQA, past_state)",
          "[LinearAttention][v27]") {
  std::mt19937 gen(27);
  for (const std::string rule : {"linear", "gated", "delta", "gated_delta"})
    for (const bool per_key : {true, false}) {
      const bool per_head = per_key;  // beta per head with the per-key decay, shared with the per-head one
      Oracle o{2, 3, 4, 2, 3, 2, rule, 0, per_key, per_head, {}, {}, {}, {}, {}, {}, {}, {}};
      const Tensor q = random_floats({o.b, o.t, o.hq * o.dk}, gen, -1, 1),
                   k = random_floats({o.b, o.t, o.hkv * o.dk}, gen, -0.6f, 0.6f);
      const Tensor v = random_floats({o.b, o.t, o.hkv * o.dv}, gen, -2, 2),
                   past = random_floats({o.b, o.hkv, o.dk, o.dv}, gen, -0.5f, 0.5f);
      const Tensor decay = random_floats({o.b, o.t, per_key ? o.hkv * o.dk : o.hkv}, gen, -0.5f, 0);
      const Tensor beta = random_floats({o.b, o.t, per_head ? o.hkv : 1}, gen, 0, 1);
      o.scale = 1 / std::sqrt(3.0L);
      o.q = values(q), o.k = values(k), o.v = values(v), o.past = values(past), o.decay = values(decay),
      o.beta = values(beta);
      o.run();
      INFO(rule << (per_key ? " per-key decay, beta per head" : " per-head decay, shared beta"));
      const auto r = run_linear({&q, &k, &v, &past, &decay, &beta}, heads(4, 2, rule));
      CHECK(r.outputs.at(0).shape() == Shape{2, 3, 8});
      check_against(values(r.outputs.at(0)), o.out);
      check_against(values(r.outputs.at(1)), o.state);
      CHECK(r.semantics.category == Semantics::kImplementationDefined);  // which query heads share a KV head
    }
}

TEST_CASE("LinearAttention: degenerate shapes (T = 1, empty batch, T = 0 keeps past_state)",
          "[LinearAttention][v27]") {
  const Tensor q = floats({1, 1, 2}, {1, 1}), k = floats({1, 1, 2}, {1, 0}), v = floats({1, 1, 1}, {3});
  Attrs a = heads(1, 1, "linear");
  a.push_back(make_attr("scale", 0.5f));
  CHECK(values(run_linear({&q, &k, &v}, a).outputs.at(0)) == std::vector<float>{1.5f});
  const Tensor e = floats({0, 2, 2}, {}), ev = floats({0, 2, 1}, {});
  const auto empty = run_linear({&e, &e, &ev}, a);
  CHECK(empty.outputs.at(0).shape() == Shape{0, 2, 1});
  CHECK(empty.outputs.at(1).shape() == Shape{0, 1, 2, 1});
  const Tensor z = floats({1, 0, 2}, {}), zv = floats({1, 0, 1}, {}), past = floats({1, 1, 2, 1}, {7, -8});
  CHECK(values(run_linear({&z, &z, &zv, &past}, a).outputs.at(1)) == std::vector<float>{7, -8});
}

TEST_CASE("LinearAttention: refusals name the rule; chunk_size <= 0 is marked", "[LinearAttention][v27]") {
  const Tensor q = floats({1, 1, 4}, {1, 2, 3, 4}), v = floats({1, 1, 2}, {1, 2});
  const Tensor decay = floats({1, 1, 1}, {0}), beta = floats({1, 1, 1}, {1});
  expect_refusal(
      [&] {
        run_linear({&q, &q, &v}, heads(3, 2, "linear"));
      },
      "positive multiple of kv_num_heads");
  expect_refusal([&] { run_linear({&q, &q, &v}, heads(3, 1, "linear")); }, "divisible by q_num_heads");
  expect_refusal([&] { run_linear({&q, &q, &v}, heads(1, 1, "gated")); }, "requires decay");
  expect_refusal(
      [&] {
        run_linear({&q, &q, &v, nullptr, &decay}, heads(1, 1, "gated_delta"));
      },
      "requires beta");
  expect_refusal([&] { run_linear({&q, &q, &v}, heads(1, 1, "delta")); }, "requires beta");
  expect_refusal([&] { run_linear({&q, &q, &v}, heads(1, 1, "retnet")); }, "update_rule is one of");
  const Tensor flat = floats({4}, {1, 2, 3, 4});
  expect_refusal([&] { run_linear({&flat, &q, &v}, heads(1, 1, "linear")); }, "3-D packed");
  const Tensor bad_decay = floats({1, 1, 3}, {0, 0, 0});
  expect_refusal(
      [&] {
        run_linear({&q, &q, &v, nullptr, &bad_decay}, heads(1, 1, "gated"));
      },
      "decay is (B, T, H_kv * d_k) or (B, T, H_kv)");
  const Tensor bad_beta = floats({1, 1, 2}, {1, 1});
  expect_refusal(
      [&] {
        run_linear({&q, &q, &v, nullptr, nullptr, &bad_beta}, heads(1, 1, "delta"));
      },
      "beta is (B, T, H_kv) or (B, T, 1)");
  const Tensor bad_past = floats({1, 1, 2, 2}, {0, 0, 0, 0});
  expect_refusal(
      [&] {
        run_linear({&q, &q, &v, &bad_past}, heads(1, 1, "linear"));
      },
      "past_state is (B, H_kv, d_k, d_v)");
  const Tensor k2 = floats({1, 1, 2}, {1, 2});
  expect_refusal([&] { run_linear({&q, &k2, &v}, heads(1, 1, "linear")); }, "query's d_k");
  Attrs a = heads(1, 1, "linear");
  a.push_back(make_attr("chunk_size", int64_t{0}));
  CHECK(run_linear({&q, &q, &v}, a).semantics.category == Semantics::kImplementationDefined);
  a.back() = make_attr("chunk_size", int64_t{1});
  const auto one = run_linear({&q, &q, &v}, a);
  CHECK(one.semantics.category == Semantics::kDefined);
  // S = k (x) v = (1,2,3,4) (x) (1,2); o = q.S / 2 = 30 (1, 2) / 2.
  CHECK(values(one.outputs.at(0)) == std::vector<float>{15, 30});
}
