// Adagrad-1, Adam-1 and Momentum-1 (ai.onnx.preview.training) against values worked out by
// hand from the Changelog's pseudo code, and irrational results against a long double
// oracle written here (far more precise than float; the values are not near a midpoint).
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// Runs one training node on R, T and `tensors`, with `outputs` outputs.
RunResult train(const std::string& op, float r, int64_t t, const std::vector<Tensor>& tensors,
                const Attrs& attrs, size_t outputs) {
  SingleNodeModel spec{op, "ai.onnx.preview.training", 1, {}, {}, attrs, 0};
  std::vector<Tensor> given = {Tensor::from_values<float>({}, {r}), Tensor::from_values<int64_t>({}, {t})};
  given.insert(given.end(), tensors.begin(), tensors.end());
  for (size_t i = 0; i < given.size(); ++i)
    spec.inputs.push_back({"in" + std::to_string(i), given[i].dtype(), given[i].shape()});
  for (size_t k = 0; k < outputs; ++k) spec.outputs.push_back({"out" + std::to_string(k), DType::kFloat, {}});
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(given);
}

float first(const Tensor& t) { return t.data<float>()[0]; }

Attrs momentum_attrs(float alpha, float beta, float norm, const std::string& mode) {
  return {make_attr("alpha", alpha), make_attr("beta", beta), make_attr("norm_coefficient", norm),
          make_attr("mode", mode)};
}

}  // namespace

TEST_CASE("Momentum-1: standard and nesterov by hand", "[training][Momentum][v1]") {
  // g = 0.5 * 2 + 1 = 2; V_new = 0.5 * 4 + 0.25 * 2 = 2.5 (T = 1); X_new = 2 - 0.5 * 2.5.
  const std::vector<Tensor> xgv = {vec<float>({2}), vec<float>({1}), vec<float>({4})};
  auto standard = train("Momentum", 0.5f, 1, xgv, momentum_attrs(0.5f, 0.25f, 0.5f, "standard"), 2);
  CHECK(first(standard.outputs[0]) == 0.75f);
  CHECK(first(standard.outputs[1]) == 2.5f);
  // T = 0: beta_adjusted = 1, V_new = 2 + 2 = 4, X_new = 2 - 2 = 0.
  auto first_step = train("Momentum", 0.5f, 0, xgv, momentum_attrs(0.5f, 0.25f, 0.5f, "standard"), 2);
  CHECK(first(first_step.outputs[0]) == 0.0f);
  CHECK(first(first_step.outputs[1]) == 4.0f);
  // Nesterov: X_new = 2 - 0.5 (2 + 0.5 * 2.5) = 0.375.
  auto nesterov = train("Momentum", 0.5f, 1, xgv, momentum_attrs(0.5f, 0.25f, 0.5f, "nesterov"), 2);
  CHECK(first(nesterov.outputs[0]) == 0.375f);
  CHECK(first(nesterov.outputs[1]) == 2.5f);
}

TEST_CASE("Momentum-1: two tensors keep their order; one rounding", "[training][Momentum][v1]") {
  // X_1 = [1, 2], X_2 = [[3]]; G = 1 everywhere, V = 0, alpha 1, beta 1, R 1, no norm:
  // V_new = 1, X_new = X - 1. Outputs: X_1', X_2', V_1', V_2'.
  const std::vector<Tensor> in = {vec<float>({1, 2}), Tensor::from_values<float>({1, 1}, {3}),
                                  vec<float>({1, 1}), Tensor::from_values<float>({1, 1}, {1}),
                                  vec<float>({0, 0}), Tensor::from_values<float>({1, 1}, {0})};
  auto r = train("Momentum", 1.0f, 1, in, momentum_attrs(1, 1, 0, "standard"), 4);
  CHECK(r.outputs[0].data<float>()[1] == 1.0f);
  CHECK(r.outputs[1].shape() == Shape{1, 1});
  CHECK(first(r.outputs[1]) == 2.0f);
  CHECK(first(r.outputs[3]) == 1.0f);
  // X_new = 1 - 2^-25 (1 + 2^-23): just below the midpoint 1 - 2^-25, so 1 - 2^-24.
  const float v = 1.0f + std::ldexp(1.0f, -23);
  auto near = train("Momentum", std::ldexp(1.0f, -25), 1, {vec<float>({1}), vec<float>({0}), vec<float>({v})},
                    momentum_attrs(1, 1, 0, "standard"), 2);
  CHECK(first(near.outputs[0]) == 1.0f - std::ldexp(1.0f, -24));
}

TEST_CASE("Momentum-1: refusals", "[training][Momentum][v1]") {
  const std::vector<Tensor> xgv = {vec<float>({2}), vec<float>({1}), vec<float>({4})};
  CHECK(kind_of([&] { train("Momentum", 1, 1, xgv, momentum_attrs(1, 1, 0, "heavy"), 2); }) ==
        ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          train("Momentum", 1, 1, xgv,
                {make_attr("alpha", 1.0f), make_attr("beta", 1.0f), make_attr("mode", "standard")}, 2);
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          train("Momentum", 1, 1, {vec<float>({2}), vec<float>({1, 1}), vec<float>({4})},
                momentum_attrs(1, 1, 0, "standard"), 2);
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          train("Momentum", 1, 1, {vec<float>({2}), vec<float>({1})}, momentum_attrs(1, 1, 0, "standard"), 1);
        }) == ErrorKind::kInvalidModel);
}

TEST_CASE("Adagrad-1: by hand, with decay and epsilon; an irrational step", "[training][Adagrad][v1]") {
  // H_new = 16 + 3^2 = 25; X_new = 1 - 3 / 5 = 0.4 (T = 0: r = R).
  const std::vector<Tensor> xgh = {vec<float>({1}), vec<float>({3}), vec<float>({16})};
  auto plain = train("Adagrad", 1, 0, xgh, {}, 2);
  CHECK(first(plain.outputs[0]) == 0.4f);
  CHECK(first(plain.outputs[1]) == 25.0f);
  // T = 2, decay 0.5: r = 1 / 2, X_new = 1 - 0.3 = 0.7; epsilon 1: 1 - 0.5 * 3 / 6 = 0.75.
  CHECK(first(train("Adagrad", 1, 2, xgh, {make_attr("decay_factor", 0.5f)}, 2).outputs[0]) == 0.7f);
  CHECK(first(train("Adagrad", 1, 2, xgh, {make_attr("decay_factor", 0.5f), make_attr("epsilon", 1.0f)}, 2)
                  .outputs[0]) == 0.75f);
  // norm_coefficient 2, H = 0: g = 2 + 3 = 5, H_new = 25, X_new = 1 - 5 / 5 = +0.
  auto zero = train("Adagrad", 1, 0, {vec<float>({1}), vec<float>({3}), vec<float>({0})},
                    {make_attr("norm_coefficient", 2.0f)}, 2);
  CHECK(first(zero.outputs[0]) == 0.0f);
  CHECK(!std::signbit(first(zero.outputs[0])));
  // H = G = X = 1: X_new = 1 - 1 / sqrt(2).
  auto root = train("Adagrad", 1, 0, {vec<float>({1}), vec<float>({1}), vec<float>({1})}, {}, 2);
  CHECK(first(root.outputs[0]) == static_cast<float>(1.0L - 1.0L / std::sqrt(2.0L)));
  CHECK(first(root.outputs[1]) == 2.0f);
}

TEST_CASE("Adam-1: by hand, and the bias correction against an oracle", "[training][Adam][v1]") {
  const Attrs attrs = {make_attr("alpha", 0.5f), make_attr("beta", 0.75f)};
  // V_new = 0.5 * 2 = 1, H_new = 0.25 * 4 = 1; T = 0: X = 1 - 1 / 1 = 0; T = 1: R_adj = 0.5 / 0.5.
  const std::vector<Tensor> xgvh = {vec<float>({1}), vec<float>({2}), vec<float>({0}), vec<float>({0})};
  for (int64_t t : {0, 1}) {
    auto r = train("Adam", 1, t, xgvh, attrs, 3);
    CHECK(first(r.outputs[0]) == 0.0f);
    CHECK(first(r.outputs[1]) == 1.0f);
    CHECK(first(r.outputs[2]) == 1.0f);
  }
  // T = 2: R_adj = sqrt(1 - 0.5625) / 0.75; X = 1 - R_adj; post 0.5 halves it.
  const long double adj = std::sqrt(1.0L - 0.5625L) / 0.75L;
  CHECK(first(train("Adam", 1, 2, xgvh, attrs, 3).outputs[0]) == static_cast<float>(1.0L - adj));
  Attrs post = attrs;
  post.push_back(make_attr("norm_coefficient_post", 0.5f));
  CHECK(first(train("Adam", 1, 2, xgvh, post, 3).outputs[0]) == static_cast<float>(0.5L * (1.0L - adj)));
  // Three groups of one are not four: refused.
  CHECK(kind_of([&] {
          train("Adam", 1, 0, {vec<float>({1}), vec<float>({2}), vec<float>({0})}, attrs, 3);
        }) == ErrorKind::kInvalidModel);
}
