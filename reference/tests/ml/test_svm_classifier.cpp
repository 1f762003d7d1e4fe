// SVMClassifier-1 against one-vs-one scores and votes worked out by hand, and its
// probabilities against an independent oracle in the test: libsvm's published iteration
// for the coupling (Wu, Lin and Weng's second method) run in long double to convergence,
// where the reference solves the same problem's linear system directly.
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

std::vector<float> floats(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }

// The classifier's two outputs (Y, Z), their types left undeclared.
RunResult classify(const Tensor& x, const Attrs& attrs) {
  SingleNodeModel spec{"SVMClassifier",
                       "ai.onnx.ml",
                       1,
                       {{"A", x.dtype(), x.shape()}},
                       {{"Y", DType::kInt64, {}}, {"Z", DType::kFloat, {}}},
                       attrs,
                       0};
  auto proto = build_model(spec);
  for (int i = 0; i < 2; ++i) proto.mutable_graph()->mutable_output(i)->clear_type();
  return Model::from_proto(proto, ".", "svm-classifier-test").run({x});
}

// Three classes of one support vector each (1, 2, -1), C = 1, LINEAR.
Attrs three_classes(std::vector<float> rho) {
  return {make_attr("vectors_per_class", std::vector<int64_t>{1, 1, 1}),
          make_attr("support_vectors", std::vector<float>{1, 2, -1}),
          make_attr("coefficients", std::vector<float>{1, -1, 0.5f, 2, 0.25f, -3}), make_attr("rho", rho),
          make_attr("classlabels_ints", std::vector<int64_t>{10, 20, 30})};
}

}  // namespace

TEST_CASE("SVMClassifier-1: one-vs-one scores and votes by hand", "[ml][SVMClassifier][v1]") {
  // x = 1: K = 1, 2, -1. Coefficient rows a = (1, -1, 0.5), b = (2, 0.25, -3).
  // s01 = a0 K0 + a1 K1 + 0.5 = -0.5 (a vote for 1); s02 = b0 K0 + a2 K2 - 1 = 0.5 (for 0);
  // s12 = b1 K1 + b2 K2 + 0 = 3.5 (for 1). Votes 1, 2, 0: label 20.
  const auto r = classify(Tensor::from_values<float>({1, 1}, {1}), three_classes({0.5f, -1, 0}));
  CHECK(r.outputs[0].data<int64_t>()[0] == 20);
  CHECK(r.outputs[1].shape() == Shape{1, 3});
  CHECK(floats(r.outputs[1]) == std::vector<float>{-0.5f, 0.5f, 3.5f});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);  // Z's layout
  // rho alone decides with zero coefficients: 0 beats 1, 2 beats 0, 1 beats 2: a tie of
  // one vote each, the first class.
  Attrs tie = three_classes({1, -1, 1});
  tie[2] = make_attr("coefficients", std::vector<float>(6, 0.0f));
  const auto t = classify(vec<float>({1}), tie);
  CHECK(t.outputs[0].data<int64_t>()[0] == 10);
  bool tie_marked = false;
  for (const auto& reason : t.semantics.reasons)
    tie_marked |= reason.find("equal votes") != std::string::npos;
  CHECK(tie_marked);
}

TEST_CASE("SVMClassifier-1: probabilities", "[ml][SVMClassifier][v1]") {
  // Two classes, sv 1 and -1, coefficients (1, -1): s = x + x - 1 = 1 at x = 1; r =
  // 1 / (1 + exp(-2 s)), p = (r, 1 - r).
  const Attrs binary = {make_attr("vectors_per_class", std::vector<int64_t>{1, 1}),
                        make_attr("support_vectors", std::vector<float>{1, -1}),
                        make_attr("coefficients", std::vector<float>{1, -1}),
                        make_attr("rho", std::vector<float>{-1}),
                        make_attr("prob_a", std::vector<float>{-2}),
                        make_attr("prob_b", std::vector<float>{0}),
                        make_strings_attr("classlabels_strings", {"no", "yes"})};
  const auto b = classify(vec<float>({1}), binary);
  const long double r = 1 / (1 + std::exp(-2.0L));
  CHECK(b.outputs[0].data<std::string>()[0] == "no");
  CHECK(floats(b.outputs[1]) == std::vector<float>{static_cast<float>(r), static_cast<float>(1 - r)});

  // Three classes: the scores of the hand case (-0.5, 0.5, 3.5) with prob_a, prob_b.
  Attrs three = three_classes({0.5f, -1, 0});
  const std::vector<float> pa = {-1.5f, -0.75f, -2}, pb = {0.25f, -0.125f, 0.5f};
  three.push_back(make_attr("prob_a", pa));
  three.push_back(make_attr("prob_b", pb));
  const auto p = classify(vec<float>({1}), three);
  // The oracle: pairwise r_ij, then libsvm's iteration to a fixed point in long double.
  const long double s[3] = {-0.5L, 0.5L, 3.5L};
  long double rr[3][3] = {};
  int q = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j, ++q) {
      rr[i][j] = 1 / (1 + std::exp(static_cast<long double>(pa[q]) * s[q] + pb[q]));
      rr[j][i] = 1 - rr[i][j];
    }
  long double Q[3][3] = {}, prob[3] = {1.0L / 3, 1.0L / 3, 1.0L / 3};
  for (int t = 0; t < 3; ++t)
    for (int j = 0; j < 3; ++j)
      if (j != t) Q[t][t] += rr[j][t] * rr[j][t], Q[t][j] = -rr[j][t] * rr[t][j];
  for (int iter = 0; iter < 100000; ++iter) {
    long double qp[3] = {}, pqp = 0;
    for (int t = 0; t < 3; ++t) {
      for (int j = 0; j < 3; ++j) qp[t] += Q[t][j] * prob[j];
      pqp += prob[t] * qp[t];
    }
    for (int t = 0; t < 3; ++t) {
      const long double diff = (-qp[t] + pqp) / Q[t][t];
      prob[t] += diff;
      pqp = (pqp + diff * (diff * Q[t][t] + 2 * qp[t])) / (1 + diff) / (1 + diff);
      for (int j = 0; j < 3; ++j) {
        qp[j] = (qp[j] + diff * Q[t][j]) / (1 + diff);
        prob[j] /= (1 + diff);
      }
    }
  }
  const std::vector<float> z = floats(p.outputs[1]);
  REQUIRE(z.size() == 3);
  for (int t = 0; t < 3; ++t) CHECK(z[static_cast<size_t>(t)] == static_cast<float>(prob[t]));
  CHECK(p.outputs[0].data<int64_t>()[0] == 20);  // by votes
}

TEST_CASE("SVMClassifier-1: refusals", "[ml][SVMClassifier][v1]") {
  const Tensor x = vec<float>({1});
  Attrs both = three_classes({0, 0, 0});
  both.push_back(make_strings_attr("classlabels_strings", {"a", "b", "c"}));
  CHECK(kind_of([&] { classify(x, both); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { classify(x, three_classes({0, 0})); }) == ErrorKind::kInvalidModel);
  Attrs half = three_classes({0, 0, 0});
  half.push_back(make_attr("prob_a", std::vector<float>{1, 1, 1}));
  CHECK(kind_of([&] { classify(x, half); }) == ErrorKind::kInvalidModel);
  Attrs coefficients = three_classes({0, 0, 0});
  coefficients[2] = make_attr("coefficients", std::vector<float>{1, 2, 3});
  CHECK(kind_of([&] { classify(x, coefficients); }) == ErrorKind::kInvalidModel);
  Attrs linear = three_classes({0, 0, 0});
  linear.erase(linear.begin());  // no vectors_per_class: ONNX Runtime's linear mode, not yet
  CHECK(kind_of([&] { classify(x, linear); }) == ErrorKind::kNotImplemented);
}
