// LSTM against an independent oracle: a ragged bidirectional LSTM with peepholes, B,
// initial_h and initial_c worked in long double by plain loops over the text's equations
// (written here again, not the kernel's code); layout 1 against layout 0; refusals.
#include <catch2/catch.hpp>

#include <cmath>

#include "reference/tests/logic_testing.h"
#include "reference/tests/recurrent/recurrent_testing.h"

using namespace touchstone;
using namespace touchstone::testing::recurrent;

namespace {

using Real = long double;
using Attrs = std::vector<onnx::AttributeProto>;

// Deterministic values in (-1, 1): a small linear congruential sequence.
std::vector<double> values(size_t n, uint32_t seed) {
  std::vector<double> out;
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    out.push_back(static_cast<double>((seed >> 8) % 2001) / 1000.0 - 1.0);
  }
  return out;
}

Tensor doubles_tensor(const Shape& shape, const std::vector<double>& v) { return Tensor::from_values<double>(shape, v); }

Real sigmoid(Real x) { return 1 / (1 + std::exp(-x)); }

struct LstmOracle {
  int64_t seq, batch, input, hidden;
  std::vector<double> x = {}, w = {}, r = {}, b = {}, p = {}, h0 = {}, c0 = {};
  std::vector<int> lens = {};
  std::vector<Real> y = {}, yh = {}, yc = {};  // layout 0

  void run() {
    const int64_t n = hidden;
    y.assign(static_cast<size_t>(seq * 2 * batch * n), 0);
    yh.assign(static_cast<size_t>(2 * batch * n), 0);
    yc = yh;
    for (int64_t d = 0; d < 2; ++d)
      for (int64_t bi = 0; bi < batch; ++bi) {
        std::vector<Real> h(static_cast<size_t>(n)), c(static_cast<size_t>(n));
        for (int64_t j = 0; j < n; ++j) h[j] = h0[(d * batch + bi) * n + j], c[j] = c0[(d * batch + bi) * n + j];
        const int len = lens[static_cast<size_t>(bi)];
        for (int s = 0; s < len; ++s) {
          const int64_t t = d == 0 ? s : len - 1 - s;
          // gates[g][j]: X W^T + H R^T + Wb + Rb, g in i, o, f, c order
          std::vector<std::vector<Real>> gate(4, std::vector<Real>(static_cast<size_t>(n)));
          for (int g = 0; g < 4; ++g)
            for (int64_t j = 0; j < n; ++j) {
              const int64_t row = g * n + j;
              Real acc = b[d * 8 * n + row] + b[d * 8 * n + 4 * n + row];
              for (int64_t k = 0; k < input; ++k) acc += static_cast<Real>(x[(t * batch + bi) * input + k]) * w[(d * 4 * n + row) * input + k];
              for (int64_t k = 0; k < n; ++k) acc += h[k] * r[(d * 4 * n + row) * n + k];
              gate[g][j] = acc;
            }
          std::vector<Real> hn(static_cast<size_t>(n)), cn(static_cast<size_t>(n));
          for (int64_t j = 0; j < n; ++j) {
            const Real it = sigmoid(gate[0][j] + p[d * 3 * n + j] * c[j]);
            const Real ft = sigmoid(gate[2][j] + p[d * 3 * n + 2 * n + j] * c[j]);
            const Real ct = std::tanh(gate[3][j]);
            cn[j] = ft * c[j] + it * ct;
            const Real ot = sigmoid(gate[1][j] + p[d * 3 * n + n + j] * cn[j]);
            hn[j] = ot * std::tanh(cn[j]);
          }
          h = hn, c = cn;
          for (int64_t j = 0; j < n; ++j) y[((t * 2 + d) * batch + bi) * n + j] = h[j];
        }
        for (int64_t j = 0; j < n; ++j) yh[(d * batch + bi) * n + j] = h[j], yc[(d * batch + bi) * n + j] = c[j];
      }
  }
};

LstmOracle ragged_case() {
  LstmOracle o{4, 3, 2, 3};
  const int64_t n = o.hidden;
  o.x = values(static_cast<size_t>(o.seq * o.batch * o.input), 1);
  o.w = values(static_cast<size_t>(2 * 4 * n * o.input), 2);
  o.r = values(static_cast<size_t>(2 * 4 * n * n), 3);
  o.b = values(static_cast<size_t>(2 * 8 * n), 4);
  o.p = values(static_cast<size_t>(2 * 3 * n), 5);
  o.h0 = values(static_cast<size_t>(2 * o.batch * n), 6);
  o.c0 = values(static_cast<size_t>(2 * o.batch * n), 7);
  o.lens = {4, 2, 1};
  o.run();
  return o;
}

MaybeTensors lstm_inputs(const LstmOracle& o) {
  const int64_t n = o.hidden;
  return {doubles_tensor({o.seq, o.batch, o.input}, o.x),
          doubles_tensor({2, 4 * n, o.input}, o.w),
          doubles_tensor({2, 4 * n, n}, o.r),
          doubles_tensor({2, 8 * n}, o.b),
          Tensor::from_values<int32_t>({o.batch}, {o.lens.begin(), o.lens.end()}),
          doubles_tensor({2, o.batch, n}, o.h0),
          doubles_tensor({2, o.batch, n}, o.c0),
          doubles_tensor({2, 3 * n}, o.p)};
}

Attrs bidirectional(int64_t hidden) { return {make_attr("hidden_size", hidden), make_attr("direction", std::string("bidirectional"))}; }

// Converts every double input to float (the values are multiples of 1/1000: rounded once).
MaybeTensors as_float(const MaybeTensors& in) {
  MaybeTensors out;
  for (const auto& t : in) {
    if (!t || t->dtype() != DType::kDouble) {
      out.push_back(t);
      continue;
    }
    std::vector<float> v;
    for (double e : t->data<double>()) v.push_back(static_cast<float>(e));
    out.push_back(Tensor::from_values<float>(t->shape(), v));
  }
  return out;
}

}  // namespace

TEST_CASE("LSTM: ragged bidirectional with peepholes against a long double oracle", "[recurrent][lstm]") {
  const LstmOracle o = ragged_case();
  for (int opset : {7, 14, 22}) {
    const RunResult r = run_recurrent("LSTM", opset, lstm_inputs(o), bidirectional(o.hidden), 3);
    REQUIRE(r.outputs.size() == 3);
    CHECK(r.outputs[0].shape() == Shape{4, 2, 3, 3});
    CHECK(r.semantics.category == Semantics::kDefined);
    const std::vector<Real>* want[] = {&o.y, &o.yh, &o.yc};
    for (size_t k = 0; k < 3; ++k) {
      const std::vector<double> got = doubles(r.outputs[k]);
      REQUIRE(got.size() == want[k]->size());
      for (size_t i = 0; i < got.size(); ++i) CHECK(std::fabs(got[i] - static_cast<double>((*want[k])[i])) <= 1e-15);
    }
  }
  // Past each length Y is zero: sequence 2 (length 1) has Y zero at t = 1, 2, 3 in both directions.
  const std::vector<double> y = doubles(run_recurrent("LSTM", 14, lstm_inputs(o), bidirectional(o.hidden), 1).outputs[0]);
  for (int64_t t = 1; t < 4; ++t)
    for (int64_t d = 0; d < 2; ++d)
      for (int64_t j = 0; j < 3; ++j) CHECK(y[static_cast<size_t>(((t * 2 + d) * 3 + 2) * 3 + j)] == 0.0);
  // The reverse direction of sequence 1 (length 2) starts at t = 1: its Y_h is Y at t = 0.
  const RunResult r = run_recurrent("LSTM", 14, lstm_inputs(o), bidirectional(o.hidden), 2);
  const std::vector<double> yy = doubles(r.outputs[0]), yh = doubles(r.outputs[1]);
  for (int64_t j = 0; j < 3; ++j) CHECK(yh[static_cast<size_t>((1 * 3 + 1) * 3 + j)] == yy[static_cast<size_t>(((0 * 2 + 1) * 3 + 1) * 3 + j)]);
}

TEST_CASE("LSTM: float outputs are the oracle's values rounded once", "[recurrent][lstm]") {
  LstmOracle o = ragged_case();
  // The oracle on the float inputs' exact values.
  for (auto* v : {&o.x, &o.w, &o.r, &o.b, &o.p, &o.h0, &o.c0})
    for (double& e : *v) e = static_cast<float>(e);
  o.run();
  const RunResult r = run_recurrent("LSTM", 14, as_float(lstm_inputs(o)), bidirectional(o.hidden), 3);
  const std::vector<Real>* want[] = {&o.y, &o.yh, &o.yc};
  for (size_t k = 0; k < 3; ++k) {
    const std::vector<double> got = doubles(r.outputs[k]);
    for (size_t i = 0; i < got.size(); ++i) CHECK(static_cast<float>(got[i]) == static_cast<float>((*want[k])[i]));
  }
}

TEST_CASE("LSTM: layout 1 gives layout 0's values transposed", "[recurrent][lstm]") {
  const LstmOracle o = ragged_case();
  MaybeTensors in = lstm_inputs(o);
  const int64_t s = o.seq, b = o.batch, in_n = o.input, n = o.hidden;
  std::vector<double> xt(o.x.size()), h0t(o.h0.size()), c0t(o.c0.size());
  for (int64_t t = 0; t < s; ++t)
    for (int64_t bi = 0; bi < b; ++bi)
      for (int64_t k = 0; k < in_n; ++k) xt[(bi * s + t) * in_n + k] = o.x[(t * b + bi) * in_n + k];
  for (int64_t d = 0; d < 2; ++d)
    for (int64_t bi = 0; bi < b; ++bi)
      for (int64_t j = 0; j < n; ++j) {
        h0t[(bi * 2 + d) * n + j] = o.h0[(d * b + bi) * n + j];
        c0t[(bi * 2 + d) * n + j] = o.c0[(d * b + bi) * n + j];
      }
  in[0] = doubles_tensor({b, s, in_n}, xt);
  in[5] = doubles_tensor({b, 2, n}, h0t);
  in[6] = doubles_tensor({b, 2, n}, c0t);
  Attrs attrs = bidirectional(n);
  attrs.push_back(make_attr("layout", int64_t{1}));
  const RunResult r = run_recurrent("LSTM", 14, in, attrs, 3);
  CHECK(r.outputs[0].shape() == Shape{b, s, 2, n});
  CHECK(r.outputs[1].shape() == Shape{b, 2, n});
  const std::vector<double> y = doubles(r.outputs[0]), yh = doubles(r.outputs[1]), yc = doubles(r.outputs[2]);
  for (int64_t t = 0; t < s; ++t)
    for (int64_t d = 0; d < 2; ++d)
      for (int64_t bi = 0; bi < b; ++bi)
        for (int64_t j = 0; j < n; ++j)
          CHECK(std::fabs(y[((bi * s + t) * 2 + d) * n + j] - static_cast<double>(o.y[((t * 2 + d) * b + bi) * n + j])) <= 1e-15);
  for (int64_t d = 0; d < 2; ++d)
    for (int64_t bi = 0; bi < b; ++bi)
      for (int64_t j = 0; j < n; ++j) {
        CHECK(std::fabs(yh[(bi * 2 + d) * n + j] - static_cast<double>(o.yh[(d * b + bi) * n + j])) <= 1e-15);
        CHECK(std::fabs(yc[(bi * 2 + d) * n + j] - static_cast<double>(o.yc[(d * b + bi) * n + j])) <= 1e-15);
      }
}

TEST_CASE("LSTM: input_forget couples f = 1 - i; a length 0 keeps the initial state (both marked)", "[recurrent][lstm]") {
  // hidden 1, input 1, one step; W, R zero and biases chosen: i = sigmoid(0) = 1/2 -> f = 1/2.
  const Tensor x = doubles_tensor({1, 1, 1}, {1}), w = doubles_tensor({1, 4, 1}, {0, 0, 0, 0}), r = doubles_tensor({1, 4, 1}, {0, 0, 0, 0});
  const Tensor b = doubles_tensor({1, 8}, {0, 0, 5, 0, 0, 0, 0, 0});  // f's own bias 5: ignored when coupled
  const Tensor h0 = doubles_tensor({1, 1, 1}, {0.25}), c0 = doubles_tensor({1, 1, 1}, {2});
  Attrs attrs = {make_attr("hidden_size", int64_t{1}), make_attr("input_forget", int64_t{1})};
  const RunResult coupled = run_recurrent("LSTM", 14, {x, w, r, b, std::nullopt, h0, c0}, attrs, 3);
  // C = f C0 + i tanh(0) = 1/2 * 2 = 1; H = sigmoid(0) tanh(1).
  CHECK(doubles(coupled.outputs[2])[0] == 1.0);
  CHECK(std::fabs(doubles(coupled.outputs[1])[0] - 0.5 * std::tanh(1.0)) <= 1e-16);
  CHECK(coupled.semantics.category == Semantics::kImplementationDefined);
  const RunResult empty = run_recurrent("LSTM", 14, {x, w, r, b, Tensor::from_values<int32_t>({1}, {0}), h0, c0},
                                        {make_attr("hidden_size", int64_t{1})}, 3);
  CHECK(doubles(empty.outputs[0])[0] == 0.0);
  CHECK(doubles(empty.outputs[1])[0] == 0.25);
  CHECK(doubles(empty.outputs[2])[0] == 2.0);
  CHECK(empty.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("LSTM: refusals name the rule", "[recurrent][lstm]") {
  const LstmOracle o = ragged_case();
  auto refused = [&](Attrs attrs, MaybeTensors in, const std::string& fragment) {
    try {
      run_recurrent("LSTM", 14, in, attrs, 3);
      FAIL("accepted: " << fragment);
    } catch (const Error& e) {
      CHECK(e.kind() == ErrorKind::kInvalidModel);
      CHECK_THAT(e.what(), Catch::Contains(fragment));
    }
  };
  const MaybeTensors in = lstm_inputs(o);
  refused({make_attr("hidden_size", int64_t{4}), make_attr("direction", std::string("bidirectional"))}, in, "hidden_size (4) must equal R's last dimension");
  refused({make_attr("direction", std::string("both"))}, in, "direction must be forward, reverse or bidirectional");
  Attrs wrong_count = bidirectional(3);
  wrong_count.push_back(make_strings_attr("activations", {"Sigmoid", "Tanh", "Tanh"}));
  refused(wrong_count, in, "activations must list 3 functions per direction (6 here)");
  Attrs unknown = bidirectional(3);
  unknown.push_back(make_strings_attr("activations", {"Sigmoid", "Tanh", "Gelu", "Sigmoid", "Tanh", "Tanh"}));
  refused(unknown, in, "\"Gelu\" is not one of the activation functions");
  MaybeTensors long_lens = in;
  long_lens[4] = Tensor::from_values<int32_t>({3}, {5, 1, 1});
  refused(bidirectional(3), long_lens, "sequence_lens values must lie in [0, seq_length = 4]");
  MaybeTensors one_direction = in;
  one_direction[1] = doubles_tensor({1, 12, 2}, values(24, 9));
  refused(bidirectional(3), one_direction, "W must have shape (2,12,2)");
  Attrs layout = bidirectional(3);
  layout.push_back(make_attr("layout", int64_t{2}));
  refused(layout, in, "layout must be 0 or 1");
}
