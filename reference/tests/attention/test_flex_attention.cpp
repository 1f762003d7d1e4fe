// ai.onnx.preview FlexAttention-1 against hand values (a zero query's mean, the scores rounded to
// softmax_precision before score_mod) and an independent oracle written here in long double:
// grouped heads by floor(h / group) without modifiers, and a score_mod adding a causal -inf
// mask with a prob_mod doubling the probabilities (scores and probabilities rounded to float
// where the text hands them to a modifier); a fully masked row; refusals named after the rule.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "cases/specs/control/control_graphs.h"
#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/tensor_proto.h"

using namespace touchstone;
using namespace touchstone::cases::graphs;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

RunResult run_flex(const std::vector<Tensor>& in, const Attrs& attrs) {
  SingleNodeModel spec{"FlexAttention", "ai.onnx.preview", 1, {}, {{"Y", DType::kFloat, {}}}, attrs, 0};
  const char* names[] = {"Q", "K", "V"};
  for (size_t i = 0; i < in.size(); ++i) spec.inputs.push_back({names[i], in[i].dtype(), in[i].shape()});
  auto proto = build_model(spec);
  proto.set_ir_version(ir_version_for_opset(28));
  auto* onnx_domain = proto.add_opset_import();
  onnx_domain->set_domain("");
  onnx_domain->set_version(28);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", "flex-attention-test").run(in);
}

Tensor floats(Shape s, std::vector<float> v) { return Tensor::from_values<float>(std::move(s), v); }
std::vector<float> values(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }

onnx::NodeProto constant(const std::string& out, const Tensor& value) {
  onnx::AttributeProto a;
  a.set_name("value");
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(value, out);
  return node("Constant", {}, {out}, {a});
}

// A modifier (x) -> x `op` c, c a constant tensor; declared `type`.
onnx::AttributeProto modifier(const std::string& attr, const std::string& op, const Tensor& c,
                              DType type = DType::kFloat) {
  return graph_attr(attr, graph(attr, {{declare_tensor("x", type)},
                                       {declare_tensor("y", type)},
                                       {constant("c", c), node(op, {"x", "c"}, {"y"})}}));
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

Tensor random_floats(Shape s, std::mt19937& gen) {
  std::uniform_real_distribution<float> d(-1.5f, 1.5f);
  std::vector<float> v(static_cast<size_t>(element_count(s)));
  for (auto& x : v) x = d(gen);
  return floats(std::move(s), v);
}

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

// The oracle: Y[b,h,i] = sum_j p_j V[b, h / group, j] with p = modded softmax of the scores.
// mask: -inf where key j is after query i (causal, square) when `causal`; `rounded`: the scores
// and the probabilities pass through float (the modifiers' tensors), the probabilities doubled.
std::vector<long double> oracle(const Tensor& q, const Tensor& k, const Tensor& v, long double scale,
                                bool causal, bool modded) {
  const Shape &qs = q.shape(), &ks = k.shape(), &vs = v.shape();
  const int64_t group = qs[1] / ks[1];
  const auto Q = values(q), K = values(k), V = values(v);
  std::vector<long double> y;
  for (int64_t b = 0; b < qs[0]; ++b)
    for (int64_t h = 0; h < qs[1]; ++h)
      for (int64_t i = 0; i < qs[2]; ++i) {
        const int64_t g = h / group;
        std::vector<long double> s(static_cast<size_t>(ks[2]));
        long double best = -INFINITY;
        for (int64_t j = 0; j < ks[2]; ++j) {
          long double dot = 0;
          for (int64_t e = 0; e < qs[3]; ++e)
            dot += static_cast<long double>(Q[((b * qs[1] + h) * qs[2] + i) * qs[3] + e]) *
                   K[((b * ks[1] + g) * ks[2] + j) * ks[3] + e];
          s[j] = scale * dot;
          if (modded) s[j] = static_cast<float>(s[j]);
          if (causal && j > i) s[j] = -INFINITY;
          best = std::max(best, s[j]);
        }
        long double sum = 0;
        for (auto& x : s) sum += std::exp(x - best);
        for (int64_t e = 0; e < vs[3]; ++e) {
          long double acc = 0;
          for (int64_t j = 0; j < ks[2]; ++j) {
            long double p = std::exp(s[j] - best) / sum;
            if (modded) p = 2 * static_cast<long double>(static_cast<float>(p));
            acc += p * V[((b * vs[1] + g) * vs[2] + j) * vs[3] + e];
          }
          y.push_back(acc);
        }
      }
  return y;
}

}  // namespace

TEST_CASE("FlexAttention: a zero query weighs its keys equally, rounded once", "[FlexAttention][v1]") {
  const Tensor q = floats({1, 1, 1, 2}, {0, 0}), k = floats({1, 1, 3, 2}, {1, -2, 3, 4, -5, 6}),
               v = floats({1, 1, 3, 1}, {2, 4, 8});
  const auto r = run_flex({q, k, v}, {});
  CHECK(values(r.outputs.at(0)) == std::vector<float>{static_cast<float>(14.0 / 3)});
  CHECK(r.semantics.category == Semantics::kDefined);
}

TEST_CASE("FlexAttention: grouped heads floor(h / group), the default scale, against the oracle",
          "[FlexAttention][v1]") {
  std::mt19937 gen(1);
  const Tensor q = random_floats({2, 4, 3, 3}, gen), k = random_floats({2, 2, 5, 3}, gen),
               v = random_floats({2, 2, 5, 2}, gen);
  const auto r = run_flex({q, k, v}, {});
  CHECK(r.outputs.at(0).shape() == Shape{2, 4, 3, 2});
  check_against(values(r.outputs.at(0)), oracle(q, k, v, 1 / std::sqrt(3.0L), false, false));
  CHECK(r.semantics.category == Semantics::kDefined);  // the text fixes the grouping
}

TEST_CASE("FlexAttention: score_mod adds a causal -inf mask, prob_mod doubles, against the oracle",
          "[FlexAttention][v1]") {
  std::mt19937 gen(2);
  const Tensor q = random_floats({1, 2, 4, 3}, gen), k = random_floats({1, 2, 4, 3}, gen),
               v = random_floats({1, 2, 4, 2}, gen);
  std::vector<float> mask(16, 0);
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) mask[static_cast<size_t>(i * 4 + j)] = -INFINITY;
  const Attrs attrs = {make_attr("scale", 0.5f), modifier("score_mod", "Add", floats({4, 4}, mask)),
                       modifier("prob_mod", "Mul", floats({}, {2}))};
  const auto r = run_flex({q, k, v}, attrs);
  check_against(values(r.outputs.at(0)), oracle(q, k, v, 0.5L, true, true));
  // Query 0 sees key 0 alone: weight 1, doubled: 2 v_0 exactly.
  CHECK(values(r.outputs.at(0))[0] == 2 * values(v)[0]);
  CHECK(r.semantics.category == Semantics::kDefined);
}

TEST_CASE("FlexAttention: the scores reach score_mod rounded to softmax_precision", "[FlexAttention][v1]") {
  // One query (1), keys 0 and 1 + 2^-12 (not a float16), V = (0, 1), scale 1: without score_mod
  // Y = sigmoid(1 + 2^-12); through an identity score_mod on float16 scores, sigmoid(1).
  const Tensor q = floats({1, 1, 1, 1}, {1}), k = floats({1, 1, 2, 1}, {0, 1 + std::ldexp(1.0f, -12)}),
               v = floats({1, 1, 2, 1}, {0, 1});
  auto sigmoid = [](long double x) { return static_cast<float>(1 / (1 + std::exp(-x))); };
  const Attrs plain = {make_attr("scale", 1.0f), make_attr("softmax_precision", int64_t{10})};
  CHECK(values(run_flex({q, k, v}, plain).outputs.at(0))[0] == sigmoid(1 + std::ldexp(1.0L, -12)));
  Attrs with_mod = plain;
  with_mod.push_back(
      modifier("score_mod", "Add", Tensor::from_values<Float16>({}, {Float16{0}}), DType::kFloat16));
  CHECK(values(run_flex({q, k, v}, with_mod).outputs.at(0))[0] == sigmoid(1));
}

TEST_CASE("FlexAttention: a row masked whole by score_mod is zeros, marked", "[FlexAttention][v1]") {
  const Tensor q = floats({1, 1, 2, 1}, {1, 2}), k = floats({1, 1, 2, 1}, {1, 1}),
               v = floats({1, 1, 2, 1}, {3, 5});
  const auto r = run_flex({q, k, v}, {modifier("score_mod", "Add", floats({2, 1}, {-INFINITY, 0}))});
  CHECK(values(r.outputs.at(0)) == std::vector<float>{0, 4});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("FlexAttention: refusals name the rule", "[FlexAttention][v1]") {
  const Tensor q = floats({1, 1, 1, 2}, {1, 2}), k = floats({1, 1, 2, 2}, {1, 2, 3, 4}),
               v = floats({1, 1, 2, 1}, {1, 2});
  expect_refusal([&] { run_flex({floats({1, 1, 2}, {1, 2}), k, v}, {}); }, "MUST be rank-4");
  const Tensor q3 = floats({1, 3, 1, 2}, {1, 2, 3, 4, 5, 6}),
               k2 = floats({1, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  const Tensor v2 = floats({1, 2, 2, 1}, {1, 2, 3, 4});
  expect_refusal([&] { run_flex({q3, k2, v2}, {}); }, "multiple of kv_num_heads");
  expect_refusal(
      [&] {
        run_flex({q, k, v}, {make_attr("softmax_precision", int64_t{7})});
      },
      "softmax_precision names a float type");
  expect_refusal(
      [&] {
        run_flex({q, k, v}, {modifier("score_mod", "Add", floats({}, {0}), DType::kFloat16)});
      },
      "score_mod input is a rank-4 tensor of softmax_precision's type");
  const auto two_inputs = graph_attr(
      "prob_mod", graph("p", {{declare_tensor("x", DType::kFloat), declare_tensor("z", DType::kFloat)},
                              {declare_tensor("y", DType::kFloat)},
                              {node("Add", {"x", "z"}, {"y"})}}));
  expect_refusal([&] { run_flex({q, k, v}, {two_inputs}); }, "prob_mod takes exactly one input");
  onnx::AttributeProto keep = make_attr("keepdims", int64_t{1});
  const auto reduce = graph_attr("score_mod", graph("r", {{declare_tensor("x", DType::kFloat)},
                                                          {declare_tensor("y", DType::kFloat)},
                                                          {node("ReduceMax", {"x"}, {"y"}, {keep})}}));
  expect_refusal([&] { run_flex({q, k, v}, {reduce}); }, "score_mod's output must have its input's shape");
}
