// HardSigmoid's and HardSwish's element bounds (cases/specs/elementwise/activation_bounds.cpp):
// an honest float computation of the line passes wherever it cancels; the clamp's exact
// ends stay exact; a wrong line fails.
#include <catch2/catch.hpp>
#include <cmath>

#include "cases/specs/elementwise/elementwise_cases.h"

using namespace touchstone;
using namespace touchstone::cases;

namespace {

BoundCase hard_sigmoid_case(const std::vector<float>& xs, float alpha, float beta) {
  BoundCase c;
  c.node.set_op_type("HardSigmoid");
  auto* a = c.node.add_attribute();
  a->set_name("alpha");
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(alpha);
  auto* b = c.node.add_attribute();
  b->set_name("beta");
  b->set_type(onnx::AttributeProto::FLOAT);
  b->set_f(beta);
  c.since_version = 6;
  c.inputs.push_back(Tensor::from_values<float>({static_cast<int64_t>(xs.size())}, xs));
  return c;
}

// x near the line's zero -beta/alpha = -2.5, where alpha x + beta cancels.
std::vector<float> near_the_zero() {
  std::vector<float> xs;
  for (int k = -400; k <= 400; ++k) xs.push_back(-2.5f + static_cast<float>(k) * 1.0e-6f);
  return xs;
}

}  // namespace

TEST_CASE("HardSigmoid: the float line alpha*x + beta, two roundings, is within the bound", "[judging][bounds]") {
  const float alpha = 0.2f, beta = 0.5f;
  const auto xs = near_the_zero();
  const auto allowed = hard_sigmoid_element_bounds(hard_sigmoid_case(xs, alpha, beta))[0];
  int beyond_four_ulps = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    // The real value: alpha*x exact in double (24 + 24 bits), plus beta rounded once more.
    const double exact = std::fmin(1.0, std::fmax(0.0, static_cast<double>(alpha) * xs[i] + beta));
    const volatile float product = alpha * xs[i];  // two float roundings, not fused
    const float honest = std::fmin(1.0f, std::fmax(0.0f, product + beta));
    const double rounded = static_cast<float>(exact);
    CHECK(std::fabs(honest - exact) <= allowed[i]);
    if (rounded != 0 && std::fabs(honest - rounded) > 4 * std::fabs(std::nextafter(static_cast<float>(rounded), 2.0f) - static_cast<float>(rounded)))
      ++beyond_four_ulps;
    // A line with the wrong slope (HardSwish's 1/6) is caught.
    const float wrong = std::fmin(1.0f, std::fmax(0.0f, xs[i] / 6.0f + beta));
    CHECK(std::fabs(wrong - exact) > allowed[i]);
  }
  CHECK(beyond_four_ulps > 0);  // why a ulp contract is wrong here
}

TEST_CASE("HardSigmoid: where the clamp decides, only 0 and 1 pass", "[judging][bounds]") {
  const float inf = std::numeric_limits<float>::infinity();
  const auto allowed = hard_sigmoid_element_bounds(hard_sigmoid_case({10, -10, 1e30f, -inf, inf, 2.4999f}, 0.2f, 0.5f))[0];
  CHECK(allowed[0] == 0);
  CHECK(allowed[1] == 0);
  CHECK(allowed[2] == 0);
  CHECK(allowed[3] == 0);
  CHECK(allowed[4] == 0);
  CHECK(allowed[5] > 0);  // 0.2 * 2.4999 + 0.5 = 0.99998: within rounding of the edge
  CHECK(allowed[5] < 1e-6);
}

TEST_CASE("HardSwish: x times the clamped line x/6 + 1/2", "[judging][bounds]") {
  BoundCase c;
  c.node.set_op_type("HardSwish");
  c.since_version = 14;
  std::vector<float> xs = near_the_zero();
  for (auto& x : xs) x *= 1.2f;  // around -3, the line's zero
  xs.push_back(4);                // clamped at 1: y = x exactly
  xs.push_back(-4);               // clamped at 0
  c.inputs.push_back(Tensor::from_values<float>({static_cast<int64_t>(xs.size())}, xs));
  const auto allowed = hard_swish_element_bounds(c)[0];
  for (size_t i = 0; i + 2 < xs.size(); ++i) {
    const double x = xs[i];
    const double exact = x * std::fmin(1.0, std::fmax(0.0, x / 6 + 0.5));
    const volatile float sixth = xs[i] * (1.0f / 6.0f);
    const float honest = xs[i] * std::fmin(1.0f, std::fmax(0.0f, sixth + 0.5f));
    CHECK(std::fabs(honest - exact) <= allowed[i]);
  }
  CHECK(allowed[xs.size() - 2] == 0);
  CHECK(allowed[xs.size() - 1] == 0);
}
