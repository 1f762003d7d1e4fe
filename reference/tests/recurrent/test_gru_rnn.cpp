// GRU and RNN against values worked by hand: GRU's linear_before_reset 0 and 1 with
// piecewise-linear activations (every intermediate exact), every activation function the
// texts name through a one-unit RNN against its formula written here, ragged reverse RNN.
#include <catch2/catch.hpp>

#include <cmath>

#include "reference/tests/recurrent/recurrent_testing.h"

using namespace touchstone;
using namespace touchstone::testing::recurrent;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

Tensor dt(const Shape& shape, const std::vector<double>& v) { return Tensor::from_values<double>(shape, v); }

// One unit, one input, two steps X = 1, 0; H0 = 2. Gates z, r = HardSigmoid(0.25 a + 0.5),
// h~ = Affine(1, 0) (the identity). Wz = Wr = 0, Wh = 1; Rz = 0, Rr = 0.5, Rh = 3; Rbh = 1.
RunResult gru_by_hand(int opset, int64_t linear_before_reset) {
  const Tensor x = dt({2, 1, 1}, {1, 0}), w = dt({1, 3, 1}, {0, 0, 1}), r = dt({1, 3, 1}, {0, 0.5, 3});
  const Tensor b = dt({1, 6}, {0, 0, 0, 0, 0, 1}), h0 = dt({1, 1, 1}, {2});
  Attrs attrs = {make_attr("hidden_size", int64_t{1}), make_strings_attr("activations", {"HardSigmoid", "Affine"}),
                 make_attr("activation_alpha", std::vector<float>{0.25f, 1.0f}),
                 make_attr("activation_beta", std::vector<float>{0.5f, 0.0f})};
  if (opset >= 3) attrs.push_back(make_attr("linear_before_reset", linear_before_reset));
  return run_recurrent("GRU", opset, {x, w, r, b, std::nullopt, h0}, attrs, 2);
}

}  // namespace

TEST_CASE("GRU: linear_before_reset 0 and 1 worked by hand", "[recurrent][gru]") {
  // Step 1: z = HS(0) = 1/2, r = HS(0.5 * 2 = 1) = 3/4.
  //   lbr 0: h~ = 1 + (3/4 * 2) * 3 + 1 = 6.5;  H1 = 1/2 * 6.5 + 1/2 * 2 = 4.25
  //   lbr 1: h~ = 1 + 3/4 * (2 * 3 + 1) = 6.25; H1 = 1/2 * 6.25 + 1 = 4.125
  // Step 2 (X = 0): r = HS(0.5 H1) = min(1, 0.25 * 0.5 H1 + 0.5) = 1 for both, z = 1/2.
  //   lbr 0: h~ = (1 * 4.25) * 3 + 1 = 13.75;  H2 = 6.875 + 2.125 = 9
  //   lbr 1: h~ = 1 * (4.125 * 3 + 1) = 13.375; H2 = 6.6875 + 2.0625 = 8.75
  for (int opset : {3, 7, 14, 22}) {
    const RunResult before = gru_by_hand(opset, 0), after = gru_by_hand(opset, 1);
    CHECK(doubles(before.outputs[0]) == std::vector<double>{4.25, 9});
    CHECK(doubles(before.outputs[1]) == std::vector<double>{9});
    CHECK(doubles(after.outputs[0]) == std::vector<double>{4.125, 8.75});
    CHECK(doubles(after.outputs[1]) == std::vector<double>{8.75});
  }
  // GRU-1 has no linear_before_reset: the reset gate before the linear map.
  CHECK(doubles(gru_by_hand(1, 0).outputs[0]) == std::vector<double>{4.25, 9});
}

TEST_CASE("GRU: default Sigmoid/Tanh, one step by hand", "[recurrent][gru]") {
  // Zero weights but biases: z = sigmoid(1), r = sigmoid(0), h~ = tanh(0.5); H = (1 - z) h~ + z H0.
  const Tensor x = dt({1, 1, 1}, {0}), w = dt({1, 3, 1}, {0, 0, 0}), r = dt({1, 3, 1}, {0, 0, 0});
  const Tensor b = dt({1, 6}, {1, 0, 0.25, 0, 0, 0.25}), h0 = dt({1, 1, 1}, {-0.5});
  const RunResult got = run_recurrent("GRU", 14, {x, w, r, b, std::nullopt, h0}, {make_attr("hidden_size", int64_t{1})}, 2);
  const long double z = 1 / (1 + std::exp(-1.0L)), want = (1 - z) * std::tanh(0.5L) + z * -0.5L;
  CHECK(doubles(got.outputs[0])[0] == static_cast<double>(want));
}

namespace {

// Y of a one-unit RNN with W = 1, R = 0: f(x) for every x of the batch.
std::vector<double> rnn_activation(const std::string& name, const std::vector<double>& xs, std::vector<float> alpha = {},
                                   std::vector<float> beta = {}) {
  const auto n = static_cast<int64_t>(xs.size());
  Attrs attrs = {make_attr("hidden_size", int64_t{1}), make_strings_attr("activations", {name})};
  if (!alpha.empty()) attrs.push_back(make_attr("activation_alpha", alpha));
  if (!beta.empty()) attrs.push_back(make_attr("activation_beta", beta));
  return doubles(run_recurrent("RNN", 14, {dt({1, n, 1}, xs), dt({1, 1, 1}, {1}), dt({1, 1, 1}, {0})}, attrs, 1).outputs[0]);
}

}  // namespace

TEST_CASE("RNN: every activation function the texts name, defaults and given alpha/beta", "[recurrent][rnn]") {
  const std::vector<double> xs = {-2, -0.5, 0, 0.125, 0.5, 1, 3};
  using L = long double;
  auto check = [&](const std::string& name, auto formula, std::vector<float> alpha = {}, std::vector<float> beta = {}) {
    const std::vector<double> got = rnn_activation(name, xs, alpha, beta);
    REQUIRE(got.size() == xs.size());
    for (size_t i = 0; i < xs.size(); ++i) {
      INFO(name << "(" << xs[i] << ")");
      CHECK(got[i] == static_cast<double>(formula(static_cast<L>(xs[i]))));
    }
  };
  const L a01 = 0.01f, a02 = 0.2f;
  check("Relu", [](L x) { return x > 0 ? x : 0; });
  check("Tanh", [](L x) { return std::tanh(x); });
  check("Sigmoid", [](L x) { return 1 / (1 + std::exp(-x)); });
  check("Affine", [](L x) { return x; });  // defaults alpha 1, beta 0
  check("Affine", [](L x) { return 0.5L * x - 0.25L; }, {0.5f}, {-0.25f});
  check("LeakyRelu", [&](L x) { return x >= 0 ? x : a01 * x; });
  check("LeakyRelu", [](L x) { return x >= 0 ? x : 0.25L * x; }, {0.25f});
  check("ThresholdedRelu", [](L x) { return x >= 1 ? x : 0; });  // x >= alpha: 1 stays 1 (the text)
  check("ThresholdedRelu", [](L x) { return x >= 0.125L ? x : 0; }, {0.125f});
  check("ScaledTanh", [](L x) { return std::tanh(x); });  // defaults 1, 1
  check("ScaledTanh", [](L x) { return 1.5L * std::tanh(0.75L * x); }, {1.5f}, {0.75f});
  check("HardSigmoid", [&](L x) { return std::min<L>(std::max<L>(a02 * x + 0.5L, 0), 1); });
  check("HardSigmoid", [](L x) { return std::min<L>(std::max<L>(0.375L * x + 0.5L, 0), 1); }, {0.375f}, {0.5f});
  check("Elu", [](L x) { return x >= 0 ? x : std::expm1(x); });
  check("Elu", [](L x) { return x >= 0 ? x : 0.75L * std::expm1(x); }, {0.75f});
  check("Softsign", [](L x) { return x / (1 + std::fabs(x)); });
  check("Softplus", [](L x) { return std::log1p(std::exp(x)); });
}

TEST_CASE("RNN: ragged reverse starts at each sequence's own last step; clip bounds the pre-activation", "[recurrent][rnn]") {
  // Relu, W = 1, R = 1: H_t = relu(x_t + H_{t+1}) backwards. Sequence 0 (length 3): 1, 2, 4 ->
  // H = 7, 6, 4; sequence 1 (length 2): 8, 16 (the padding 32 unread) -> H = 24, 16, then 0.
  const Tensor x = dt({3, 2, 1}, {1, 8, 2, 16, 4, 32});
  const Tensor lens = Tensor::from_values<int32_t>({2}, {3, 2});
  const Attrs attrs = {make_attr("hidden_size", int64_t{1}), make_attr("direction", std::string("reverse")),
                       make_strings_attr("activations", {"Relu"})};
  const RunResult r = run_recurrent("RNN", 7, {x, dt({1, 1, 1}, {1}), dt({1, 1, 1}, {1}), std::nullopt, lens}, attrs, 2);
  CHECK(doubles(r.outputs[0]) == std::vector<double>{7, 24, 6, 16, 4, 0});
  CHECK(doubles(r.outputs[1]) == std::vector<double>{7, 24});
  Attrs clipped = attrs;
  clipped.push_back(make_attr("clip", 5.0f));  // H_t = relu(clip(x_t + H_{t+1}, 5))
  const RunResult c = run_recurrent("RNN", 7, {x, dt({1, 1, 1}, {1}), dt({1, 1, 1}, {1}), std::nullopt, lens}, clipped, 2);
  CHECK(doubles(c.outputs[0]) == std::vector<double>{5, 5, 5, 5, 4, 0});
}
