// SVMRegressor-1 against scores worked out by hand, and RBF and SIGMOID against an oracle
// in the test: long double expl and tanhl (64 bits decide a float rounding unless the
// value is within about 2^-38 of a midpoint; the inputs here are not).
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

Tensor regress(const Tensor& x, Attrs attrs) {
  return run_node("SVMRegressor", 1, {x}, attrs, "ai.onnx.ml").outputs.at(0);
}

std::vector<float> floats(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }

Attrs svm(const std::string& kernel, std::vector<float> params, std::vector<float> vectors,
          std::vector<float> coefficients, std::vector<float> rho, int64_t supports,
          std::string post = "NONE", int64_t one_class = 0) {
  Attrs a = {make_attr("kernel_type", kernel),        make_attr("support_vectors", vectors),
             make_attr("coefficients", coefficients), make_attr("rho", rho),
             make_attr("n_supports", supports),       make_attr("post_transform", post),
             make_attr("one_class", one_class)};
  if (!params.empty()) a.push_back(make_attr("kernel_params", params));
  return a;
}

}  // namespace

TEST_CASE("SVMRegressor-1: LINEAR and POLY scores by hand", "[ml][SVMRegressor][v1]") {
  const Tensor x = Tensor::from_values<float>({2, 2}, {1, 2, -1, 3});
  // K = x.(1,0), x.(0,1): rows (1, 2) and (-1, 3); s = 2 K1 - K2 + 0.5.
  const Tensor y = regress(x, svm("LINEAR", {}, {1, 0, 0, 1}, {2, -1}, {0.5f}, 2));
  CHECK(y.shape() == Shape{2, 1});
  CHECK(floats(y) == std::vector<float>{0.5f, -4.5f});
  // POLY (x.(1,1) + 1)^2: (3 + 1)^2 = 16, (2 + 1)^2 = 9; s = 0.5 K - 1.
  const Tensor p = regress(x, svm("POLY", {1, 1, 2}, {1, 1}, {0.5f}, {-1}, 1));
  CHECK(floats(p) == std::vector<float>{7, 3.5f});
  // A 1-D X is one row.
  CHECK(regress(vec<float>({1, 2}), svm("LINEAR", {}, {1, 0, 0, 1}, {2, -1}, {0.5f}, 2)).shape() ==
        Shape{1, 1});
  // The sum is exact: 2^30 + 1 - 2^30 (float accumulation in order gives 0).
  const Tensor c = regress(vec<float>({1}), svm("LINEAR", {}, {0x1p30f, 1, -0x1p30f}, {1, 1, 1}, {0}, 3));
  CHECK(floats(c) == std::vector<float>{1});
  // int64 past 2^53: (2^60 + 1) * 1 - 2^60 = 1.
  const Tensor i =
      regress(vec<int64_t>({(int64_t{1} << 60) + 1}), svm("LINEAR", {}, {1}, {1}, {-0x1p60f}, 1));
  CHECK(floats(i) == std::vector<float>{1});
  // n_supports = 0: the coefficients as one linear model, 1*0.5 + 2*(-1) + 2 = 0.5, the
  // kernel ignored (impl.-defined, as ONNX Runtime).
  const RunResult z = run_node("SVMRegressor", 1, {vec<float>({1, 2})},
                               svm("RBF", {1, 0, 0}, {}, {0.5f, -1}, {2}, 0), "ai.onnx.ml");
  CHECK(floats(z.outputs.at(0)) == std::vector<float>{0.5f});
  CHECK(z.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("SVMRegressor-1: RBF and SIGMOID against long double", "[ml][SVMRegressor][v1]") {
  const std::vector<float> xs = {0.5f, -1.25f, 2, 0.75f, 1.5f, -0.5f};
  const std::vector<float> sv = {1, 0, -1, 0.25f, 2, -0.75f};
  const std::vector<float> coef = {0.75f, -1.5f};
  const float rho = 0.125f, gamma = 0.3f, coef0 = -0.2f;
  const Tensor x = Tensor::from_values<float>({2, 3}, xs);
  const Tensor rbf = regress(x, svm("RBF", {gamma, 0, 0}, sv, coef, {rho}, 2));
  const Tensor sig = regress(x, svm("SIGMOID", {gamma, coef0, 0}, sv, coef, {rho}, 2));
  for (int r = 0; r < 2; ++r) {
    long double s_rbf = rho, s_sig = rho;
    for (int i = 0; i < 2; ++i) {
      long double dist = 0, dot = 0;
      for (int c = 0; c < 3; ++c) {
        const long double a = xs[r * 3 + c], b = sv[i * 3 + c];
        dist += (a - b) * (a - b), dot += a * b;
      }
      s_rbf += coef[i] * std::exp(-static_cast<long double>(gamma) * dist);
      s_sig += coef[i] * std::tanh(static_cast<long double>(gamma) * dot + coef0);
    }
    CHECK(rbf.data<float>()[r] == static_cast<float>(s_rbf));
    CHECK(sig.data<float>()[r] == static_cast<float>(s_sig));
  }
}

TEST_CASE("SVMRegressor-1: one_class, LOGISTIC, refusals", "[ml][SVMRegressor][v1]") {
  // RBF with gamma 1 around (0,0): e^0 - 0.5 > 0, e^-8 - 0.5 < 0.
  const Tensor x = Tensor::from_values<float>({2, 2}, {0, 0, 2, 2});
  const Tensor y = regress(x, svm("RBF", {1, 0, 0}, {0, 0}, {1}, {-0.5f}, 1, "NONE", 1));
  CHECK(floats(y) == std::vector<float>{1, -1});
  // A one-class score of exactly 0 (1 - 1) is -1, marked.
  const RunResult zero = run_node("SVMRegressor", 1, {vec<float>({1})},
                                  svm("LINEAR", {}, {1}, {1}, {-1}, 1, "NONE", 1), "ai.onnx.ml");
  CHECK(floats(zero.outputs.at(0)) == std::vector<float>{-1});
  CHECK(zero.semantics.category == Semantics::kImplementationDefined);
  // LOGISTIC of s = 0 is 1/2 exactly.
  const Tensor l = regress(vec<float>({1, 2}), svm("LINEAR", {}, {1, 0}, {1}, {-1}, 1, "LOGISTIC"));
  CHECK(floats(l) == std::vector<float>{0.5f});
  const Tensor two = Tensor::from_values<float>({1, 2}, {1, 2});
  CHECK(kind_of([&] { regress(two, svm("CUBIC", {}, {1, 0}, {1}, {0}, 1)); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { regress(two, svm("RBF", {1, 0}, {1, 0}, {1}, {0}, 1)); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          regress(two, svm("LINEAR", {}, {1, 0, 1}, {1}, {0}, 1));
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          regress(two, svm("LINEAR", {}, {1, 0}, {1, 2}, {0}, 1));
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { regress(two, svm("LINEAR", {}, {1, 0}, {1}, {}, 1)); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          regress(two, svm("LINEAR", {}, {1, 0}, {1}, {0}, 1, "EXP"));
        }) == ErrorKind::kInvalidModel);
}
