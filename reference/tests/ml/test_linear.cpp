// LinearRegressor-1 and LinearClassifier-1 against scores worked out by hand, and the
// post transforms against oracles in the test: long double exp for LOGISTIC and SOFTMAX
// (64 bits decide a float rounding unless the value is within 2^-40 of a midpoint), and
// PROBIT by the bracket it must satisfy, Phi(m-) < s < Phi(m+) around the float answer,
// with Phi from long double erfc (std::erfc, not MPFR).
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

Tensor regress(const Tensor& x, Attrs attrs) {
  return run_node("LinearRegressor", 1, {x}, attrs, "ai.onnx.ml").outputs.at(0);
}

std::vector<float> floats(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }

Attrs model(std::vector<float> coefficients, std::vector<float> intercepts, std::string post = "NONE",
            int64_t targets = 1) {
  Attrs a = {make_attr("coefficients", coefficients), make_attr("post_transform", post),
             make_attr("targets", targets)};
  if (!intercepts.empty()) a.push_back(make_attr("intercepts", intercepts));
  return a;
}

// LinearClassifier's two outputs (Y, Z), their types left undeclared.
RunResult classify(const Tensor& x, const Attrs& attrs) {
  SingleNodeModel spec{"LinearClassifier",
                       "ai.onnx.ml",
                       1,
                       {{"A", x.dtype(), x.shape()}},
                       {{"Y", DType::kInt64, {}}, {"Z", DType::kFloat, {}}},
                       attrs,
                       0};
  auto proto = build_model(spec);
  for (int i = 0; i < 2; ++i) proto.mutable_graph()->mutable_output(i)->clear_type();
  return Model::from_proto(proto, ".", "LinearClassifier-test").run({x});
}

long double phi(long double m) { return 0.5L * std::erfc(-m / std::sqrt(2.0L)); }

}  // namespace

TEST_CASE("LinearRegressor-1: scores by hand, one and two targets", "[ml][LinearRegressor][v1]") {
  const Tensor x = Tensor::from_values<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor y = regress(x, model({0.5f, -1, 2}, {0.25f}));
  CHECK(y.shape() == Shape{2, 1});
  CHECK(floats(y) == std::vector<float>{4.75f, 9.25f});  // 0.5 - 2 + 6 + 0.25; 2 - 5 + 12 + 0.25
  const Tensor two = regress(x, model({1, 0, 0, 0, 1, 0}, {1, -1}, "NONE", 2));
  CHECK(floats(two) == std::vector<float>{2, 1, 5, 4});
  // An exact sum: 2^30 + 1 - 2^30 cancels exactly (float accumulation in order would give 0).
  const Tensor c = regress(vec<float>({0x1p30f, 1, -0x1p30f}), model({1, 1, 1}, {}));
  CHECK(floats(c) == std::vector<float>{1});
  // int64 input past 2^53.
  const Tensor i = regress(vec<int64_t>({(int64_t{1} << 60) + 1}), model({1}, {-0x1p60f}));
  CHECK(floats(i) == std::vector<float>{1});
  CHECK(kind_of([&] { regress(x, model({1, 2}, {})); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { regress(x, model({1, 2, 3}, {1, 2})); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { regress(x, model({1, 2, 3}, {}, "EXP")); }) == ErrorKind::kInvalidModel);
}

TEST_CASE("LinearRegressor-1: LOGISTIC, SOFTMAX, SOFTMAX_ZERO rounded once", "[ml][LinearRegressor][v1]") {
  const Tensor x = vec<float>({1.0f});
  // scores 0, 1.5, -2 as three targets of one feature.
  const Attrs three = model({0, 1.5f, -2}, {}, "LOGISTIC", 3);
  const std::vector<float> logistic = floats(regress(x, three));
  CHECK(logistic[0] == 0.5f);
  CHECK(logistic[1] == static_cast<float>(1 / (1 + std::exp(-1.5L))));
  CHECK(logistic[2] == static_cast<float>(1 / (1 + std::exp(2.0L))));
  const std::vector<float> soft = floats(regress(x, model({0, 1.5f, -2}, {}, "SOFTMAX", 3)));
  const long double sum = 1 + std::exp(1.5L) + std::exp(-2.0L);
  CHECK(soft[0] == static_cast<float>(1 / sum));
  CHECK(soft[1] == static_cast<float>(std::exp(1.5L) / sum));
  CHECK(soft[2] == static_cast<float>(std::exp(-2.0L) / sum));
  CHECK(floats(regress(x, model({3, 3, 3, 3}, {}, "SOFTMAX", 4))) ==
        std::vector<float>{0.25f, 0.25f, 0.25f, 0.25f});
  // SOFTMAX_ZERO: the zero score gives 0, the others share the softmax.
  CHECK(floats(regress(x, model({0, 1, 1}, {}, "SOFTMAX_ZERO", 3))) == std::vector<float>{0, 0.5f, 0.5f});
  const auto zeros = run_node("LinearRegressor", 1, {x}, model({0, 0}, {}, "SOFTMAX_ZERO", 2), "ai.onnx.ml");
  CHECK(std::isnan(zeros.outputs[0].data<float>()[0]));
  CHECK(zeros.semantics.category == Semantics::kUndefined);
}

TEST_CASE("LinearRegressor-1: PROBIT brackets the normal quantile", "[ml][LinearRegressor][v1]") {
  const std::vector<float> ss = {0.975f, 0.5f, 0.025f, 0.3f, 0.9999f, 1e-6f, 0.50001f};
  std::vector<float> coefficients(ss.begin(), ss.end());
  const std::vector<float> y =
      floats(regress(vec<float>({1}), model(coefficients, {}, "PROBIT", static_cast<int64_t>(ss.size()))));
  CHECK(y[1] == 0.0f);
  CHECK(std::fabs(y[0] - 1.959964f) < 1e-5f);
  for (size_t i = 0; i < ss.size(); ++i) {
    if (ss[i] == 0.5f) continue;
    INFO("s = " << ss[i] << " probit " << y[i]);
    const long double below = std::nextafter(y[i], -INFINITY), above = std::nextafter(y[i], INFINITY);
    CHECK(phi((y[i] + below) / 2) < ss[i]);
    CHECK(phi((y[i] + above) / 2) > ss[i]);
  }
  const auto out =
      run_node("LinearRegressor", 1, {vec<float>({1})}, model({0, 1, 2}, {}, "PROBIT", 3), "ai.onnx.ml");
  CHECK(out.outputs[0].data<float>()[0] == -INFINITY);
  CHECK(out.outputs[0].data<float>()[1] == INFINITY);
  CHECK(std::isnan(out.outputs[0].data<float>()[2]));
  CHECK(out.semantics.category == Semantics::kUndefined);
}

TEST_CASE("LinearClassifier-1: the largest score's label, and the scores", "[ml][LinearClassifier][v1]") {
  const Tensor x = Tensor::from_values<float>({2, 2}, {1, 0, 0, 1});
  const Attrs three = {make_attr("coefficients", std::vector<float>{1, 2, 3, -1, 0, 0}),
                       make_attr("intercepts", std::vector<float>{0, 0.5f, 0}),
                       make_attr("classlabels_ints", std::vector<int64_t>{10, 20, 30})};
  const auto r = classify(x, three);
  // Row [1, 0]: scores 1, 3.5, 0 -> 20; row [0, 1]: 2, -0.5, 0 -> 10.
  CHECK(r.outputs[0].data<int64_t>()[0] == 20);
  CHECK(r.outputs[0].data<int64_t>()[1] == 10);
  CHECK(floats(r.outputs[1]) == std::vector<float>{1, 3.5f, 0, 2, -0.5f, 0});
  CHECK(r.semantics.category == Semantics::kDefined);
  // Binary: one set of coefficients, two string labels; score > 0 takes the second.
  const Attrs binary = {make_attr("coefficients", std::vector<float>{1, -1}),
                        make_strings_attr("classlabels_strings", {"no", "yes"})};
  const auto b = classify(Tensor::from_values<float>({3, 2}, {2, 1, 1, 2, 1, 1}), binary);
  CHECK(b.outputs[0].data<std::string>()[0] == "yes");
  CHECK(b.outputs[0].data<std::string>()[1] == "no");
  CHECK(b.outputs[0].data<std::string>()[2] == "no");  // score 0 is not above 0
  CHECK(b.outputs[1].shape() == Shape{3, 1});
  CHECK(b.semantics.category == Semantics::kImplementationDefined);
  // Ties take the first class, marked.
  const Attrs tied = {make_attr("coefficients", std::vector<float>{1, 1}),
                      make_attr("classlabels_ints", std::vector<int64_t>{7, 8})};
  const auto t = classify(vec<float>({2}), tied);
  CHECK(t.outputs[0].data<int64_t>()[0] == 7);
  CHECK(t.semantics.category == Semantics::kImplementationDefined);
  CHECK(kind_of([&] {
          classify(x, {make_attr("coefficients", std::vector<float>{1, 2, 3, -1, 0, 0})});
        }) == ErrorKind::kInvalidModel);
}
