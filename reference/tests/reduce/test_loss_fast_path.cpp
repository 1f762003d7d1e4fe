// The fast path of the sums of exponentials (numeric/fast_exp_row.h) and of the losses
// (ops/reduce/losses.cpp): SoftmaxCrossEntropyLoss (loss and log_prob),
// NegativeLogLikelihoodLoss, Softmax, LogSoftmax and log-sum-exp give bit for bit what the
// MPFR path alone gives (numeric::set_fast_path(false)), on random inputs of every float
// type; the approximations' intervals hold a 2200-bit MPFR value (an oracle written here);
// and on ordinary data the fast path decides nearly every value.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>

#include "reference/numeric/exp_sums.h"
#include "reference/numeric/fast_exp_row.h"
#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;
namespace num = touchstone::numeric;

namespace {

template <class T>
T from_double(double v) {
  if constexpr (std::is_same_v<T, Float16>) return float16_from_double(v);
  else if constexpr (std::is_same_v<T, BFloat16>) return bfloat16_from_double(v);
  else return static_cast<T>(v);
}

template <class T>
Tensor tensor_of(Shape shape, const std::vector<double>& values) {
  std::vector<T> v;
  for (double x : values) v.push_back(from_double<T>(x));
  return Tensor::from_values<T>(std::move(shape), v);
}

double first_value(const Tensor& t) {
  return visit_dtype(t.dtype(), [&]<class T>() -> double {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>)
      return num::widen(t.data<T>()[0]);
    else
      return NAN;
  });
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.shape() == b.shape() && a.bytes().size() == b.bytes().size() &&
         std::memcmp(a.bytes().data(), b.bytes().data(), a.bytes().size()) == 0;
}

// Runs one loss node with `outputs` outputs (undeclared types).
RunResult run_loss(const std::string& op, int opset, const std::vector<Tensor>& in,
                   const std::vector<onnx::AttributeProto>& attrs, int outputs) {
  SingleNodeModel spec{op, "", opset, {}, {{"Loss", DType::kFloat, {}}}, attrs, 0};
  if (outputs == 2) spec.outputs.push_back({"LogProb", DType::kFloat, {}});
  for (size_t i = 0; i < in.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), in[i].dtype(), in[i].shape()});
  auto proto = build_model(spec);
  for (int k = 0; k < outputs; ++k) proto.mutable_graph()->mutable_output(k)->clear_type();
  return Model::from_proto(proto, ".", op + "-fast-test").run(in);
}

// The node run with the fast path off, then on: every output identical bit for bit.
// Returns the fallbacks counted in the fast run.
unsigned long long check_same_both_ways(const std::string& op, int opset, const std::vector<Tensor>& in,
                                        const std::vector<onnx::AttributeProto>& attrs, int outputs) {
  num::set_fast_path(false);
  const RunResult slow = run_loss(op, opset, in, attrs, outputs);
  num::set_fast_path(true);
  const auto before = num::fallback_count();
  const RunResult fast = run_loss(op, opset, in, attrs, outputs);
  const auto fallbacks = num::fallback_count() - before;
  REQUIRE(fast.outputs.size() == slow.outputs.size());
  for (size_t k = 0; k < fast.outputs.size(); ++k) {
    CAPTURE(k);
    CHECK(same_bits(fast.outputs[k], slow.outputs[k]));
  }
  return fallbacks;
}

// Score generators: ordinary, wide, ties (small integers: equal maxima, equal rows),
// huge spreads (terms below e^-700 next to the largest; float64 beyond 1e300), and a few
// -inf entries.
enum class Scores { kOrdinary, kWide, kTies, kHugeSpread, kWithNegativeInfinity };
const Scores kAllScores[] = {Scores::kOrdinary, Scores::kWide, Scores::kTies, Scores::kHugeSpread,
                             Scores::kWithNegativeInfinity};

template <class T>
double draw_score(Scores kind, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1, 1);
  const double big = std::is_same_v<T, Float16> ? 60000 : std::is_same_v<T, double> ? 1e300 : 1e30;
  switch (kind) {
    case Scores::kOrdinary: return 4 * unit(rng);
    case Scores::kWide: return 300 * unit(rng);
    case Scores::kTies: return std::floor(3 * unit(rng));
    case Scores::kHugeSpread: {
      const double u = unit(rng);
      return u < -0.3 ? big * unit(rng) : u < 0.3 ? 800 * unit(rng) : unit(rng);
    }
    case Scores::kWithNegativeInfinity: return unit(rng) < -0.7 ? -INFINITY : 5 * unit(rng);
  }
  return 0;
}

onnx::AttributeProto reduction(const std::string& r) { return make_attr("reduction", r); }
const char* const kReductions[] = {"none", "sum", "mean"};

// One random loss case of T: (N, C) or (N, C, d1, d2), targets with some ignored (index
// C - 1 or -1 when ignore_index is set), weights signed or not (opposite signs cancel).
template <class T>
struct LossCase {
  std::vector<Tensor> in;
  std::vector<onnx::AttributeProto> attrs;
  int64_t values = 0;  // elements of the scores
};

template <class T>
LossCase<T> random_case(Scores kind, const std::string& red, std::mt19937_64& rng) {
  std::uniform_int_distribution<int64_t> small(1, 4), classes(1, 6), coin(0, 3);
  const int64_t n = small(rng), c = classes(rng);
  Shape shape = {n, c};
  if (coin(rng) == 0) {
    shape.push_back(small(rng));
    shape.push_back(small(rng));
  }
  int64_t count = 1, samples = 1;
  for (size_t k = 0; k < shape.size(); ++k) {
    count *= shape[k];
    if (k != 1) samples *= shape[k];
  }
  Shape target_shape = shape;
  target_shape.erase(target_shape.begin() + 1);
  LossCase<T> lc;
  lc.values = count;
  std::vector<double> x(static_cast<size_t>(count));
  for (auto& v : x) v = draw_score<T>(kind, rng);
  const bool ignore = coin(rng) == 0;
  const int64_t ignored = coin(rng) == 0 ? -1 : c - 1;
  std::uniform_int_distribution<int64_t> cls(0, c - 1);
  std::vector<int64_t> t(static_cast<size_t>(samples));
  for (auto& v : t) v = ignore && coin(rng) == 0 ? ignored : cls(rng);
  lc.in = {tensor_of<T>(shape, x), Tensor::from_values<int64_t>(target_shape, t)};
  const int64_t weights = coin(rng);
  if (weights > 0) {
    std::uniform_real_distribution<double> w(weights == 1 ? -2 : 0.1, 2);
    std::vector<double> wv(static_cast<size_t>(c));
    for (auto& v : wv) v = w(rng);
    lc.in.push_back(tensor_of<T>({c}, wv));
  }
  lc.attrs = {reduction(red)};
  if (ignore) lc.attrs.push_back(make_attr("ignore_index", ignored));
  return lc;
}

template <class T>
void check_losses_both_ways(const std::string& op, int opset, int outputs) {
  std::mt19937_64 rng(std::hash<std::string>{}(op + std::to_string(sizeof(T))));
  int cases = 0;
  for (Scores kind : kAllScores) {
    for (const char* red : kReductions) {
      for (int trial = 0; trial < 12; ++trial) {
        const LossCase<T> lc = random_case<T>(kind, red, rng);
        CAPTURE(static_cast<int>(kind), red, trial);
        check_same_both_ways(op, opset, lc.in, lc.attrs, outputs);
        ++cases;
      }
    }
  }
  CHECK(cases == 5 * 3 * 12);
}

}  // namespace

TEMPLATE_TEST_CASE("SoftmaxCrossEntropyLoss: the fast path gives the MPFR path's bits", "[SoftmaxCrossEntropyLoss][fast]",
                   Float16, BFloat16, float, double) {
  check_losses_both_ways<TestType>("SoftmaxCrossEntropyLoss", 13, 2);
}

TEMPLATE_TEST_CASE("NegativeLogLikelihoodLoss: the fast path gives the MPFR path's bits",
                   "[NegativeLogLikelihoodLoss][fast]", Float16, BFloat16, float, double) {
  check_losses_both_ways<TestType>("NegativeLogLikelihoodLoss", 22, 1);
}

TEMPLATE_TEST_CASE("SoftmaxCrossEntropyLoss: cancelling weights and exact sums fall back", "[SoftmaxCrossEntropyLoss][fast]",
                   Float16, BFloat16, float, double) {
  // Two samples with the same row, classes 0 and 1 weighted +1 and -1: the sum of losses
  // is x_1 - x_0 exactly (the log-sum-exps cancel): 0 when x_0 = x_1, one ulp of x_0 when
  // they are neighbours. The fast path cannot decide 0 (nor, for float and double, the
  // ulp: its bound of about 2^-38 is wider than that result's ulp); 16-bit ulps of 1.5
  // (2^-10, 2^-7) are wide enough to be decided.
  using T = TestType;
  const double x0 = 1.5, x1_values[] = {1.5, 1.5 + (std::is_same_v<T, double>  ? 0x1p-52
                                                      : std::is_same_v<T, float> ? 0x1p-23
                                                      : std::is_same_v<T, Float16> ? 0x1p-10
                                                                                   : 0x1p-7)};
  for (double x1 : x1_values) {
    const Tensor scores = tensor_of<T>({2, 3}, {x0, x1, -2, x0, x1, -2});
    const Tensor target = Tensor::from_values<int64_t>({2}, {0, 1});
    const Tensor weight = tensor_of<T>({3}, {1, -1, 1});
    for (const char* red : {"sum", "mean"}) {
      CAPTURE(x1, red);
      const auto fallbacks = check_same_both_ways("SoftmaxCrossEntropyLoss", 13, {scores, target, weight}, {reduction(red)}, 2);
      if (x1 == x0 || std::is_same_v<T, float> || std::is_same_v<T, double>) CHECK(fallbacks >= 1);
      num::set_fast_path(true);
      const RunResult r = run_loss("SoftmaxCrossEntropyLoss", 13, {scores, target, weight}, {reduction("sum")}, 1);
      CHECK(first_value(r.outputs[0]) == x1 - x0);  // exact in T: x0 and x1 are neighbours
    }
  }
}

TEST_CASE("SoftmaxCrossEntropyLoss, NegativeLogLikelihoodLoss: the fast path decides nearly every value",
          "[SoftmaxCrossEntropyLoss][NegativeLogLikelihoodLoss][fast]") {
  // Ordinary scores (N, C, d1, d2) = (3, 5, 4, 4): 240 log_prob values and 48 losses per
  // run. A fallback happens when a value lies within the bound (about 2^-39 relative
  // for float, 2^-83 for double) of a rounding boundary: far below 1 in 100.
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> unit(-4, 4), positive(0.1, 2);
  std::uniform_int_distribution<int64_t> cls(0, 4);
  std::vector<double> x(240), w(5);
  std::vector<int64_t> t(48);
  for (auto& v : x) v = unit(rng);
  for (auto& v : w) v = positive(rng);
  for (auto& v : t) v = cls(rng);
  const Tensor target = Tensor::from_values<int64_t>({3, 4, 4}, t);
  unsigned long long values = 0, fallbacks = 0;
  for (const char* red : kReductions) {
    for (bool as_double : {false, true}) {
      const Tensor scores = as_double ? tensor_of<double>({3, 5, 4, 4}, x) : tensor_of<float>({3, 5, 4, 4}, x);
      const Tensor weight = as_double ? tensor_of<double>({5}, w) : tensor_of<float>({5}, w);
      CAPTURE(red, as_double);
      fallbacks += check_same_both_ways("SoftmaxCrossEntropyLoss", 13, {scores, target, weight}, {reduction(red)}, 2);
      values += 240 + (std::string(red) == "none" ? 48 : 1);
      if (!as_double) {  // NLL's only fast step is the mean's quotient, for targets up to 24 bits
        fallbacks += check_same_both_ways("NegativeLogLikelihoodLoss", 22, {scores, target, weight}, {reduction(red)}, 1);
        values += std::string(red) == "mean" ? 1 : 0;
      }
    }
  }
  CAPTURE(values, fallbacks);
  CHECK(values == 3 * 2 * 240 + 2 * 48 + 4 + 1);
  CHECK(fallbacks * 100 <= values);
}

TEMPLATE_TEST_CASE("Softmax, LogSoftmax, log-sum-exp: the fast path gives the MPFR path's bits", "[softmax][fast]",
                   Float16, BFloat16, float, double) {
  using T = TestType;
  constexpr auto format = num::float_format<T>();
  std::mt19937_64 rng(std::hash<std::string>{}("softmax" + std::to_string(sizeof(T))));
  std::uniform_int_distribution<int> length(1, 9);
  for (Scores kind : kAllScores) {
    for (int trial = 0; trial < 60; ++trial) {
      std::vector<double> row(static_cast<size_t>(length(rng)));
      for (auto& v : row) v = num::widen(from_double<T>(draw_score<T>(kind, rng)));
      CAPTURE(static_cast<int>(kind), trial, row);
      for (bool log : {false, true}) {
        std::vector<double> fast(row.size()), slow(row.size());
        num::set_fast_path(false);
        num::softmax(row, log, format, slow);
        const double slow_lse = num::log_sum_exp(row, format);
        num::set_fast_path(true);
        num::softmax(row, log, format, fast);
        const double fast_lse = num::log_sum_exp(row, format);
        CAPTURE(log, fast, slow);
        CHECK(std::memcmp(fast.data(), slow.data(), fast.size() * sizeof(double)) == 0);
        CHECK(std::memcmp(&fast_lse, &slow_lse, sizeof(double)) == 0);
      }
    }
  }
}

namespace {

// Bits enough for the difference of any two doubles to be exact.
constexpr mpfr_prec_t kExactBits = 2200;

// sum_j exp(x_j - m) (finite entries) and its log at kExactBits: 1 plus terms down to
// e^-1500 exactly enough (what is lost is below 2^-2100, far inside every bound).
void oracle_log_sum(const std::vector<double>& row, double m, mpfr_ptr log_sum) {
  oracle::Big s(kExactBits), t(kExactBits), d(kExactBits);
  mpfr_set_zero(s, 1);
  for (double v : row) {
    if (v == -INFINITY) continue;
    mpfr_set_d(d, v, MPFR_RNDN);
    mpfr_sub_d(d, d, m, MPFR_RNDN);  // exact
    mpfr_exp(t, d, MPFR_RNDN);
    mpfr_add(s, s, t, MPFR_RNDN);
  }
  mpfr_log(log_sum, s, MPFR_RNDN);
}

// |hi + lo - value| <= error.
bool holds(const num::Approximation& a, mpfr_ptr value) {
  if (!a.available()) return true;
  oracle::Big d(kExactBits);
  mpfr_set_d(d, a.hi, MPFR_RNDN);
  mpfr_add_d(d, d, a.lo, MPFR_RNDN);
  mpfr_sub(d, d, value, MPFR_RNDN);
  return mpfr_cmpabs_ui(d, 0) == 0 || mpfr_get_d(d, MPFR_RNDU) <= a.error && -mpfr_get_d(d, MPFR_RNDD) <= a.error;
}

}  // namespace

TEST_CASE("FastExpRow: each interval holds the oracle's value", "[softmax][fast]") {
  // Rows of modest and huge spread (terms below the tail thresholds), values of float
  // (libm path, precision 24) and of double (double-double path, precision 53).
  std::mt19937_64 rng(1414);
  std::uniform_int_distribution<int> length(1, 8);
  int checked = 0;
  for (int precision : {24, 53}) {
    for (Scores kind : kAllScores) {
      for (int trial = 0; trial < 80; ++trial) {
        std::vector<double> row(static_cast<size_t>(length(rng)));
        for (auto& v : row)
          v = precision == 24 ? static_cast<float>(draw_score<float>(kind, rng)) : draw_score<double>(kind, rng);
        const num::FastExpRow fast(row, precision);
        if (!fast.available()) continue;
        double m = -INFINITY;
        for (double v : row) m = std::max(m, v);
        oracle::Big l(kExactBits), want(kExactBits);
        oracle_log_sum(row, m, l);
        CAPTURE(precision, static_cast<int>(kind), trial, row);
        mpfr_add_d(want, l, m, MPFR_RNDN);
        CHECK(holds(fast.log_sum_exp(), want));
        for (double v : row) {
          if (v == -INFINITY) continue;
          // log_softmax = (v - m) - L; the loss -(that) * w with w = -1.75.
          mpfr_set_d(want, v, MPFR_RNDN);
          mpfr_sub_d(want, want, m, MPFR_RNDN);
          mpfr_sub(want, want, l, MPFR_RNDN);
          CHECK(holds(fast.log_softmax(v), want));
          mpfr_mul_d(want, want, 1.75, MPFR_RNDN);
          CHECK(holds(fast.weighted_loss(v, -1.75), want));
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("LogSoftmax, SoftmaxCrossEntropyLoss: a dominant score's tiny log_prob and loss, not 0", "[softmax][fast]") {
  // Row (0, -100) in float: log_prob[0] = -log1p(e^-100), a float subnormal near -3.7e-44,
  // and the loss at class 0 its negation; row (0, -700) in double: about -9.9e-305. 1 + T
  // rounds to 1 at any working precision below 145 (float) or 1010 (double) bits, which
  // MPFR's log of the whole sum turned into 0; both paths must give the oracle's value.
  auto tiny_log = [](double gap, mpfr_ptr v) {
    oracle::Big t(400);
    mpfr_set_d(t, -gap, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    return mpfr_log1p(v, t, MPFR_RNDN);  // L = log1p(e^-gap): the loss; log_prob = -L
  };
  oracle::Big l(400);
  const int ternary_f = tiny_log(100, l);
  const double want_float = oracle::round_to<float>(l, ternary_f);
  const int ternary_d = tiny_log(700, l);
  const double want_double = oracle::round_to<double>(l, ternary_d);
  REQUIRE(want_float > 0);
  REQUIRE(want_double > 0);
  for (bool fast : {false, true}) {
    CAPTURE(fast);
    num::set_fast_path(fast);
    std::vector<double> out(2);
    num::softmax(std::vector<double>{0, -100}, true, num::float_format<float>(), out);
    CHECK(out[0] == -want_float);
    num::softmax(std::vector<double>{0, -700}, true, num::float_format<double>(), out);
    CHECK(out[0] == -want_double);
    const Tensor target = Tensor::from_values<int64_t>({1}, {0});
    const RunResult rf = run_loss("SoftmaxCrossEntropyLoss", 13, {tensor_of<float>({1, 2}, {0, -100}), target}, {}, 2);
    CHECK(first_value(rf.outputs[0]) == want_float);
    CHECK(first_value(rf.outputs[1]) == -want_float);
    const RunResult rd = run_loss("SoftmaxCrossEntropyLoss", 13, {tensor_of<double>({1, 2}, {0, -700}), target},
                                  {reduction("none")}, 2);
    CHECK(first_value(rd.outputs[0]) == want_double);
    CHECK(first_value(rd.outputs[1]) == -want_double);
  }
  num::set_fast_path(true);
}
