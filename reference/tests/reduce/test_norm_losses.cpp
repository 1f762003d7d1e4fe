// LpNormalization-1/22, NegativeLogLikelihoodLoss-12/13/22, SoftmaxCrossEntropyLoss-12/13:
// values from the spec's examples, by hand, and from an independent MPFR oracle (400 bits,
// rounded by oracle.h's rounders).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "reference/numeric/fast.h"
#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;
using namespace touchstone::testing::reduce;

namespace {

// MPFR at 400 bits here.
template <class F>
float oracle_float400(F&& f) { return oracle_float(std::forward<F>(f), 400); }

Tensor int64s(Shape shape, std::vector<int64_t> values) { return Tensor::from_values<int64_t>(std::move(shape), values); }
onnx::AttributeProto reduction(const std::string& r) { return make_attr("reduction", r); }

// x_k / ||x||_2 by MPFR.
float l2_quotient(const std::vector<float>& x, size_t k) {
  return oracle_float400([&](mpfr_ptr v) {
    oracle::Big s(400), t(400);
    mpfr_set_zero(s, 1);
    for (float e : x) {
      mpfr_set_flt(t, e, MPFR_RNDN);
      mpfr_sqr(t, t, MPFR_RNDN);
      mpfr_add(s, s, t, MPFR_RNDN);
    }
    mpfr_sqrt(s, s, MPFR_RNDN);
    mpfr_set_flt(t, x[k], MPFR_RNDN);
    return mpfr_div(v, t, s, MPFR_RNDN);
  });
}

// -log(softmax(row)[c]) = log(sum exp(row)) - row[c], into `out` (400 bits).
void neg_log_softmax(const std::vector<float>& row, size_t c, mpfr_ptr out) {
  oracle::Big s(400), t(400);
  mpfr_set_zero(s, 1);
  for (float e : row) {
    mpfr_set_flt(t, e, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  mpfr_log(out, s, MPFR_RNDN);
  mpfr_sub_d(out, out, row[c], MPFR_RNDN);
}

// SoftmaxCrossEntropyLoss with both outputs (loss, log_prob).
RunResult run_sce_two_outputs(const std::vector<Tensor>& in, const std::vector<onnx::AttributeProto>& attrs) {
  SingleNodeModel spec{"SoftmaxCrossEntropyLoss", "", 13, {}, {{"Loss", DType::kFloat, {}}, {"LogProb", DType::kFloat, {}}},
                       attrs, 0};
  for (size_t i = 0; i < in.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), in[i].dtype(), in[i].shape()});
  auto proto = build_model(spec);
  for (int k = 0; k < 2; ++k) proto.mutable_graph()->mutable_output(k)->clear_type();
  return Model::from_proto(proto, ".", "sce-test").run(in);
}

}  // namespace

TEST_CASE("LpNormalization: p = 1 and 2 along an axis, rounded once", "[LpNormalization][v1][v22]") {
  CHECK(values_of(run_node_output("LpNormalization", 1, {floats({2}, {3, 4})})) ==
        std::vector<float>{static_cast<float>(0.6), static_cast<float>(0.8)});
  CHECK(values_of(run_node_output("LpNormalization", 1, {floats({2}, {1, -3})}, {make_attr("p", int64_t{1})})) ==
        std::vector<float>{0.25f, -0.75f});
  // axis 0 of (2,2): columns [3,4] and [1,0].
  CHECK(values_of(run_node_output("LpNormalization", 22, {floats({2, 2}, {3, 1, 4, 0})}, {make_attr("axis", int64_t{0})})) ==
        std::vector<float>{static_cast<float>(0.6), 1, static_cast<float>(0.8), 0});
  // A zero norm gives zeros (the text).
  CHECK(values_of(run_node_output("LpNormalization", 1, {floats({2, 2}, {0, 0, 1, 1})})) ==
        std::vector<float>{0, 0, static_cast<float>(std::sqrt(0.5)), static_cast<float>(std::sqrt(0.5))});
  // Squares that overflow or underflow float: the exact norm does not.
  const float r = static_cast<float>(std::sqrt(0.5));
  CHECK(values_of(run_node_output("LpNormalization", 1, {floats({2}, {2e38f, -2e38f})})) == std::vector<float>{r, -r});
  const float tiny = std::numeric_limits<float>::denorm_min();
  CHECK(values_of(run_node_output("LpNormalization", 1, {floats({2}, {tiny, tiny})})) == std::vector<float>{r, r});
  // Random rows against the oracle.
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<float> unit(-4, 4);
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<float> x(7);
    for (auto& v : x) v = unit(rng);
    const auto y = values_of(run_node_output("LpNormalization", 1, {floats({7}, x)}));
    for (size_t k = 0; k < x.size(); ++k) CHECK(y[k] == l2_quotient(x, k));
  }
}

TEST_CASE("LpNormalization: specials, types, refusals", "[LpNormalization][v1][v22]") {
  auto res = run_node("LpNormalization", 1, {floats({3}, {1, INFINITY, 2})});
  const auto y = values_of(res.outputs[0]);
  CHECK(y[0] == 0);
  CHECK(std::isnan(y[1]));
  CHECK(res.semantics.category == Semantics::kImplementationDefined);
  CHECK(std::isnan(values_of(run_node_output("LpNormalization", 1, {floats({2}, {1, NAN})}))[0]));
  const Tensor bf = Tensor::from_values<BFloat16>({2}, {bfloat16_from_double(3), bfloat16_from_double(4)});
  check_invalid("LpNormalization", 1, {bf}, "tensor(bfloat16)");
  CHECK(to_double(run_node_output("LpNormalization", 22, {bf}).data<BFloat16>()[1]) == 0.80078125);  // 0.8 in bfloat16
  check_invalid("LpNormalization", 1, {floats({2}, {1, 2})}, "only 1 or 2", {make_attr("p", int64_t{3})});
  check_invalid("LpNormalization", 22, {floats({2}, {1, 2})}, "outside [-1, 0]", {make_attr("axis", int64_t{1})});
}

TEST_CASE("NegativeLogLikelihoodLoss: the spec's examples", "[NegativeLogLikelihoodLoss][v12][v13][v22]") {
  const Tensor input = floats({2, 3, 2}, {1, 2, 2, 2, 3, 2, 0, 1, 2, 2, 1, 2});
  const Tensor target = int64s({2, 2}, {2, 1, 0, 2});
  const Tensor weight = floats({3}, {0.2f, 0.3f, 0.1f});
  Tensor y = run_node_output("NegativeLogLikelihoodLoss", 12, {input, target}, {reduction("none")});
  CHECK(y.shape() == Shape{2, 2});
  CHECK(values_of(y) == std::vector<float>{-3, -2, -0.0f, -2});
  CHECK(std::signbit(values_of(y)[2]));
  // sum: -(3*0.1 + 2*0.3 + 0*0.2 + 2*0.1) = -1.1, the float weights' exact products rounded once.
  auto weighted_sum = [&](mpfr_ptr v) {
    oracle::Big t(400);
    mpfr_set_zero(v, 1);
    const float xs[] = {3, 2, 0, 2}, ws[] = {0.1f, 0.3f, 0.2f, 0.1f};
    for (int k = 0; k < 4; ++k) {
      mpfr_set_flt(t, xs[k], MPFR_RNDN);
      mpfr_mul_d(t, t, ws[k], MPFR_RNDN);
      mpfr_sub(v, v, t, MPFR_RNDN);
    }
    return 0;
  };
  y = run_node_output("NegativeLogLikelihoodLoss", 13, {input, target, weight}, {reduction("sum")});
  CHECK(y.shape() == Shape{});
  CHECK(values_of(y)[0] == oracle_float400(weighted_sum));
  CHECK(std::fabs(values_of(y)[0] + 1.1f) < 1e-6f);
  // mean: the sum over the sum of applied weights 0.1 + 0.3 + 0.2 + 0.1.
  y = run_node_output("NegativeLogLikelihoodLoss", 22, {input, target, weight}, {reduction("mean")});
  CHECK(values_of(y)[0] == oracle_float400([&](mpfr_ptr v) {
          weighted_sum(v);
          oracle::Big w(400);
          mpfr_set_d(w, 0.1f, MPFR_RNDN);
          mpfr_add_d(w, w, 0.3f, MPFR_RNDN);
          mpfr_add_d(w, w, 0.2f, MPFR_RNDN);
          mpfr_add_d(w, w, 0.1f, MPFR_RNDN);
          return mpfr_div(v, v, w, MPFR_RNDN);
        }));
  // Default reduction mean without weights: -(3 + 2 + 0 + 2) / 4.
  CHECK(values_of(run_node_output("NegativeLogLikelihoodLoss", 12, {input, target}))[0] == -1.75f);
}

TEST_CASE("NegativeLogLikelihoodLoss: ignore_index, exactness, refusals", "[NegativeLogLikelihoodLoss][v12][v13][v22]") {
  const Tensor input = floats({2, 3, 2}, {1, 2, 2, 2, 3, 2, 0, 1, 2, 2, 1, 2});
  const Tensor target = int64s({2, 2}, {2, 1, 0, 2});
  // ignore_index 2 (a valid class): samples 0 and 3 drop out; mean over the 2 others.
  const auto ii = make_attr("ignore_index", int64_t{2});
  CHECK(values_of(run_node_output("NegativeLogLikelihoodLoss", 12, {input, target}, {ii}))[0] == -1.0f);
  CHECK(values_of(run_node_output("NegativeLogLikelihoodLoss", 12, {input, target}, {ii, reduction("none")})) ==
        std::vector<float>{0, -2, -0.0f, 0});
  // Ignored samples lose -0 (ONNX's function body: Neg of the zero put in their place).
  CHECK(std::signbit(values_of(run_node_output("NegativeLogLikelihoodLoss", 12, {input, target}, {ii, reduction("none")}))[0]));
  // ignore_index outside [0, C) lets such targets through; others outside are refused.
  const Tensor neg = int64s({2, 2}, {-1, 1, 0, -1});
  CHECK(values_of(run_node_output("NegativeLogLikelihoodLoss", 12, {input, neg}, {make_attr("ignore_index", int64_t{-1})}))[0] ==
        -1.0f);
  check_invalid("NegativeLogLikelihoodLoss", 12, {input, neg}, "outside [0, C)");
  check_invalid("NegativeLogLikelihoodLoss", 12, {input, int64s({2, 2}, {3, 0, 0, 0})}, "outside [0, C)");
  // Every target ignored: 0/0 = NaN, implementation-defined.
  auto r = run_node("NegativeLogLikelihoodLoss", 13, {input, int64s({2, 2}, {2, 2, 2, 2})}, {ii});
  CHECK(std::isnan(values_of(r.outputs[0])[0]));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  // Exact: -(3e38 * 2) - (3e38 * -2) - 1 * 2 = -2, where float partial sums overflow.
  const Tensor big = floats({3, 2}, {3e38f, 0, 0, 3e38f, 1, 0});
  CHECK(values_of(run_node_output("NegativeLogLikelihoodLoss", 12, {big, int64s({3}, {0, 1, 0}), floats({2}, {2, -2})},
                                  {reduction("sum")}))[0] == -2);
  // Shapes, reduction, types.
  check_invalid("NegativeLogLikelihoodLoss", 12, {input, int64s({2}, {0, 0})}, "(N, d1, ..., dk)");
  check_invalid("NegativeLogLikelihoodLoss", 12, {input, target, floats({2}, {1, 1})}, "size C = 3");
  check_invalid("NegativeLogLikelihoodLoss", 12, {input, target}, "not one of none, sum, mean", {reduction("avg")});
  const Tensor bf = Tensor::from_values<BFloat16>({1, 2}, {bfloat16_from_double(1), bfloat16_from_double(2)});
  check_invalid("NegativeLogLikelihoodLoss", 13, {bf, int64s({1}, {1})}, "tensor(bfloat16)");
  CHECK(to_double(run_node_output("NegativeLogLikelihoodLoss", 22, {bf, int64s({1}, {1})}).data<BFloat16>()[0]) == -2);
}

TEST_CASE("SoftmaxCrossEntropyLoss: correctly rounded losses and log_prob", "[SoftmaxCrossEntropyLoss][v12][v13]") {
  // Equal scores: loss log 2, log_prob -log 2.
  const float log2 = oracle_float400([](mpfr_ptr v) { return mpfr_const_log2(v, MPFR_RNDN); });
  auto r = run_node("SoftmaxCrossEntropyLoss", 12, {floats({1, 2}, {5, 5}), int64s({1}, {0})});
  CHECK(values_of(r.outputs[0]) == std::vector<float>{log2});
  // Random scores, weights, sum and mean, against the oracle.
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<float> unit(-3, 3);
  std::uniform_int_distribution<int64_t> cls(0, 3);
  for (int trial = 0; trial < 10; ++trial) {
    std::vector<float> x(12), w(4);
    std::vector<int64_t> t(3);
    for (auto& v : x) v = unit(rng);
    for (auto& v : w) v = std::fabs(unit(rng));
    for (auto& v : t) v = cls(rng);
    auto weighted = [&](mpfr_ptr v, bool mean) {
      oracle::Big term(400), total(400);
      mpfr_set_zero(v, 1);
      mpfr_set_zero(total, 1);
      for (size_t i = 0; i < 3; ++i) {
        neg_log_softmax({x.begin() + 4 * i, x.begin() + 4 * i + 4}, static_cast<size_t>(t[i]), term);
        mpfr_mul_d(term, term, w[t[i]], MPFR_RNDN);
        mpfr_add(v, v, term, MPFR_RNDN);
        mpfr_add_d(total, total, w[t[i]], MPFR_RNDN);
      }
      return mean ? mpfr_div(v, v, total, MPFR_RNDN) : 0;
    };
    const std::vector<Tensor> in = {floats({3, 4}, x), int64s({3}, t), floats({4}, w)};
    CAPTURE(trial);
    CHECK(values_of(run_node_output("SoftmaxCrossEntropyLoss", 13, in, {reduction("sum")}))[0] ==
          oracle_float400([&](mpfr_ptr v) { return weighted(v, false); }));
    CHECK(values_of(run_node_output("SoftmaxCrossEntropyLoss", 13, in))[0] ==
          oracle_float400([&](mpfr_ptr v) { return weighted(v, true); }));
    const Tensor none = run_node_output("SoftmaxCrossEntropyLoss", 12, in, {reduction("none")});
    for (size_t i = 0; i < 3; ++i)
      CHECK(values_of(none)[i] == oracle_float400([&](mpfr_ptr v) {
              neg_log_softmax({x.begin() + 4 * i, x.begin() + 4 * i + 4}, static_cast<size_t>(t[i]), v);
              return mpfr_mul_d(v, v, w[t[i]], MPFR_RNDN);
            }));
  }
  // Scores of 1000s: finite (exp(x - max) never overflows); (N, C, d1) layout with the log_prob output.
  r = run_sce_two_outputs({floats({1, 2, 2}, {1000, 0, 1000, 0}), int64s({1, 2}, {0, 1})}, {reduction("none")});
  CHECK(r.outputs[0].shape() == Shape{1, 2});
  CHECK(values_of(r.outputs[0])[0] == log2);
  CHECK(values_of(r.outputs[0])[1] == log2);  // the rows are (1000, 1000) at d1 = 0 and (0, 0) at d1 = 1
  REQUIRE(r.outputs.size() == 2);
  CHECK(r.outputs[1].shape() == Shape{1, 2, 2});
  CHECK(values_of(r.outputs[1]) == std::vector<float>{-log2, -log2, -log2, -log2});
}

TEST_CASE("SoftmaxCrossEntropyLoss: specials, ignore_index, refusals", "[SoftmaxCrossEntropyLoss][v12][v13]") {
  auto r = run_node("SoftmaxCrossEntropyLoss", 12, {floats({2, 2}, {NAN, 0, 1, 1}), int64s({2}, {0, 1})}, {reduction("none")});
  CHECK(std::isnan(values_of(r.outputs[0])[0]));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  r = run_node("SoftmaxCrossEntropyLoss", 12, {floats({1, 2}, {-INFINITY, 0}), int64s({1}, {0})}, {reduction("sum")});
  CHECK(values_of(r.outputs[0])[0] == INFINITY);
  // ignore_index: mean over the samples not ignored.
  const float log2 = oracle_float400([](mpfr_ptr v) { return mpfr_const_log2(v, MPFR_RNDN); });
  CHECK(values_of(run_node_output("SoftmaxCrossEntropyLoss", 13, {floats({2, 2}, {0, 0, 7, 1}), int64s({2}, {1, 5})},
                                  {make_attr("ignore_index", int64_t{5})}))[0] == log2);
  check_invalid("SoftmaxCrossEntropyLoss", 13, {floats({2, 2}, {0, 0, 7, 1}), int64s({2}, {1, 5})}, "outside [0, C)");
  const Tensor bf = Tensor::from_values<BFloat16>({1, 2}, {bfloat16_from_double(1), bfloat16_from_double(1)});
  check_invalid("SoftmaxCrossEntropyLoss", 12, {bf, int64s({1}, {1})}, "tensor(bfloat16)");
  CHECK(to_double(run_node_output("SoftmaxCrossEntropyLoss", 13, {bf, int64s({1}, {1})}).data<BFloat16>()[0]) ==
        0.69140625);  // log 2 in bfloat16
}

TEST_CASE("LpNormalization: a zero norm gives zeros of an open sign", "[LpNormalization][v1][v22]") {
  // "the output is defined to be zero": which zero is not said. The reference keeps x's.
  for (int v : {1, 22}) {
    const auto r = run_node("LpNormalization", v, {floats({2, 2}, {0, -0.0f, 3, 4})});
    const auto y = values_of(r.outputs[0]);
    CHECK(y == std::vector<float>{0, 0, 0.6f, 0.8f});
    CHECK(!std::signbit(y[0]));
    CHECK(std::signbit(y[1]));
    CHECK(r.semantics.category == Semantics::kImplementationDefined);
    // A nonzero norm: each zero is x / norm, whose sign IEEE division fixes.
    const auto defined = run_node("LpNormalization", v, {floats({3}, {-0.0f, 3, 4})}, {make_attr("p", int64_t{1})});
    CHECK(std::signbit(values_of(defined.outputs[0])[0]));
    CHECK(defined.semantics.category == Semantics::kDefined);
  }
}

TEST_CASE("NegativeLogLikelihoodLoss: an ignored sample's zero has an open sign", "[NegativeLogLikelihoodLoss][v12][v13][v22]") {
  // "loss is zero for the case when target-value equals ignore_index": no sign. The
  // reference gives -0 (the function body's Neg) and marks it where it reaches the output.
  const Tensor input = floats({2, 3, 2}, {1, 2, 2, 2, 3, 2, 0, 1, 2, 2, 1, 2});
  const Tensor target = int64s({2, 2}, {2, 1, 0, 2});
  const auto ii = make_attr("ignore_index", int64_t{2});
  for (int v : {12, 13, 22}) {
    CAPTURE(v);
    const auto none = run_node("NegativeLogLikelihoodLoss", v, {input, target}, {ii, reduction("none")});
    CHECK(std::signbit(values_of(none.outputs[0])[0]));
    CHECK(none.semantics.category == Semantics::kImplementationDefined);
    // Without an ignored sample, or with a nonzero total: defined.
    CHECK(run_node("NegativeLogLikelihoodLoss", v, {input, target}, {reduction("none")}).semantics.category ==
          Semantics::kDefined);
    for (const char* red : {"sum", "mean"})
      CHECK(run_node("NegativeLogLikelihoodLoss", v, {input, target}, {ii, reduction(red)}).semantics.category ==
            Semantics::kDefined);
    // A zero total with an ignored sample among the terms: sample 1 reads input +0 (loss
    // -0), sample 0 is ignored; IEEE's -0 + -0 or -0 + +0 depends on the ignored zero.
    const Tensor zeros = floats({2, 2}, {5, 7, 9, 0});
    const auto sum = run_node("NegativeLogLikelihoodLoss", v, {zeros, int64s({2}, {0, 1})},
                              {make_attr("ignore_index", int64_t{0}), reduction("sum")});
    CHECK(values_of(sum.outputs[0])[0] == 0);
    CHECK(sum.semantics.category == Semantics::kImplementationDefined);
  }
}

TEST_CASE("SoftmaxCrossEntropyLoss: ignored samples' zeros, and the mean without weights", "[SoftmaxCrossEntropyLoss][v12][v13]") {
  const float log2 = oracle_float400([](mpfr_ptr v) { return mpfr_const_log2(v, MPFR_RNDN); });
  const Tensor scores = floats({2, 2}, {0, 0, 7, 1});
  const Tensor labels = int64s({2}, {1, 5});
  const auto ii = make_attr("ignore_index", int64_t{5});
  for (int v : {12, 13}) {
    CAPTURE(v);
    // none: the ignored sample's loss is a zero of open sign (-0 here).
    const auto none = run_node("SoftmaxCrossEntropyLoss", v, {scores, labels}, {ii, reduction("none")});
    CHECK(values_of(none.outputs[0])[0] == log2);
    CHECK(std::signbit(values_of(none.outputs[0])[1]));
    CHECK(none.semantics.category == Semantics::kImplementationDefined);
    // mean without weights: the text's number of elements (2: log 2 / 2) or the function
    // body's samples not ignored (1: log 2, the reference's answer) - implementation-defined.
    const auto mean = run_node("SoftmaxCrossEntropyLoss", v, {scores, labels}, {ii});
    CHECK(values_of(mean.outputs[0])[0] == log2);
    CHECK(mean.semantics.category == Semantics::kImplementationDefined);
    // With weights both say ReduceSum(L) / ReduceSum(W): defined.
    const auto weighted = run_node("SoftmaxCrossEntropyLoss", v, {scores, labels, floats({2}, {1, 1})}, {ii});
    CHECK(values_of(weighted.outputs[0])[0] == log2);
    CHECK(weighted.semantics.category == Semantics::kDefined);
    // No sample ignored: both readings divide by 2.
    const auto all = run_node("SoftmaxCrossEntropyLoss", v, {floats({2, 2}, {0, 0, 0, 0}), int64s({2}, {1, 0})}, {ii});
    CHECK(values_of(all.outputs[0])[0] == log2);
    CHECK(all.semantics.category == Semantics::kDefined);
  }
}

TEST_CASE("SoftmaxCrossEntropyLoss: a sum whose first approximation cancels to 0 is not 0",
          "[SoftmaxCrossEntropyLoss][v13][fast]") {
  // Samples (0, 0) at class 0 and (-t, 0) at class 1, t = 2^-100, weights +1 and -1: the
  // sum is log 2 - log(1 + e^-t) = t/2 - t^2/8 + O(t^3), which rounds to 2^-101 in float.
  // At the first working precision (90 bits) e^-t rounds to 1 and both losses to the same
  // log 2: an exact 0 that only more precision resolves. The fast path cannot decide 0.
  const Tensor scores = floats({2, 2}, {0, 0, -0x1p-100f, 0});
  const Tensor labels = int64s({2}, {0, 1});
  const float log2 = oracle_float400([](mpfr_ptr v) { return mpfr_const_log2(v, MPFR_RNDN); });
  for (bool fast : {false, true}) {
    CAPTURE(fast);
    numeric::set_fast_path(fast);
    const auto plus = run_node("SoftmaxCrossEntropyLoss", 13, {scores, labels, floats({2}, {1, -1})}, {reduction("sum")});
    CHECK(values_of(plus.outputs[0])[0] == 0x1p-101f);
    const auto minus = run_node("SoftmaxCrossEntropyLoss", 13, {scores, labels, floats({2}, {-1, 1})}, {reduction("sum")});
    CHECK(values_of(minus.outputs[0])[0] == -0x1p-101f);
    // Each loss alone (reduction none): log 2 and log 2 - t/2, both rounding to float's log 2.
    const auto none = run_node("SoftmaxCrossEntropyLoss", 13, {scores, labels}, {reduction("none")});
    CHECK(values_of(none.outputs[0]) == std::vector<float>{log2, log2});
  }
  numeric::set_fast_path(true);
}
