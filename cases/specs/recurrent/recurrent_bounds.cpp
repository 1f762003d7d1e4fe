// The element bound of RNN, GRU and LSTM (reference/ops/recurrent/README.md, "How backends
// are judged"): the recurrence rerun in long double beside a running error bound. Each
// quantity v carries e(v), a bound on |computed - exact| for a backend that evaluates the
// texts' equations in the output type T (unit roundoff u, library functions within
// kFunctionUlps ulps: phi = 8u relative):
// - a gate's pre-activation a = sum of n products and biases: e(a) = gamma_n M + sum_k |R_jk|
//   e(H_k) (+ |P_j| e(C_j)), M the sum of the terms' magnitudes;
// - clip is exact and 1-Lipschitz; an activation f: e(f(a)) = L_f e(a) + phi |f(a)| (the
//   functions' Lipschitz constants below; ThresholdedRelu also its jump |alpha| when a lies
//   within e(a) of alpha);
// - a product x y: |x| e(y) + |y| e(x) + e(x) e(y) + u (|x| + e(x)) (|y| + e(y)); a sum:
//   the parts' errors plus u times its magnitude.
// The output: e(H) + u |H| (the reference's own rounding) + the subnormal spacing. Vacuous
// (+inf) when it reaches the width of H's possible range, where the functions bound it: RNN
// f's range (2 for Tanh, 1 for Sigmoid); GRU with a gate f in [0, 1] (Sigmoid, HardSigmoid):
// g's range widened by the initial state; LSTM with such an f: h's range. A bound that wide
// admits every value a backend could give, so it is reported as +inf.
#include <cmath>
#include <limits>

#include "cases/judging.h"
#include "cases/specs/recurrent/recurrent_cases.h"
#include "reference/ops/recurrent/recurrent_plan.h"

namespace touchstone::cases {

namespace {

using ops::recurrent::Activation;
using ops::recurrent::Cell;
using ops::recurrent::Plan;
using Real = long double;
constexpr double kInf = std::numeric_limits<double>::infinity();

// A value and its error bound.
struct Tracked {
  Real v = 0, e = 0;
};

struct BoundWalk {
  const Plan& plan;
  const BoundUnits& k;
  int64_t d, bi;
  std::vector<Tracked> h, c;

  Tracked product(Tracked x, Tracked y) const {
    const Real ax = std::fabs(x.v), ay = std::fabs(y.v);
    return {x.v * y.v, ax * y.e + ay * x.e + x.e * y.e + k.u * (ax + x.e) * (ay + y.e)};
  }
  Tracked sum(Tracked x, Tracked y) const { return {x.v + y.v, x.e + y.e + k.u * (std::fabs(x.v + y.v) + x.e + y.e)}; }
  Tracked pre(int64_t t, int64_t row, const std::vector<Tracked>* state) const {
    Real v = 0, m = 0, e = 0;
    int64_t n = plan.input + 2;
    for (int64_t q = 0; q < plan.input; ++q) {
      const Real term = static_cast<Real>(plan.x_at(t, bi, q)) * plan.w_at(d, row, q);
      v += term, m += std::fabs(term);
    }
    if (state) {
      n += plan.hidden;
      for (int64_t q = 0; q < plan.hidden; ++q) {
        const Tracked& s = (*state)[static_cast<size_t>(q)];
        const Real r = plan.r_at(d, row, q);
        v += s.v * r, m += std::fabs(s.v * r), e += std::fabs(r) * s.e;
      }
    }
    for (int which : {0, 1}) {
      if (which == 1 && !state) continue;
      v += plan.bias_at(d, which, row), m += std::fabs(plan.bias_at(d, which, row));
    }
    return {v, e + static_cast<Real>(k.gamma(static_cast<double>(n))) * m};
  }
  Tracked activate(Tracked a, int64_t which) const;
  void step(int64_t t);
  void gru_step(int64_t t);
  void lstm_step(int64_t t);
};

Real lipschitz(const Activation& f) {
  using A = Activation;
  switch (f.kind) {
    case A::kSigmoid: return 0.25L;
    case A::kAffine: case A::kHardSigmoid: return std::fabs(f.alpha);
    case A::kLeakyRelu: case A::kElu: return std::max<Real>(1, std::fabs(f.alpha));
    case A::kScaledTanh: return std::fabs(f.alpha * f.beta);
    default: return 1;
  }
}

Real apply(const Activation& f, Real x) {
  using A = Activation;
  switch (f.kind) {
    case A::kRelu: return x > 0 ? x : 0;
    case A::kTanh: return std::tanh(x);
    case A::kSigmoid: return 1 / (1 + std::exp(-x));
    case A::kAffine: return f.alpha * x + f.beta;
    case A::kLeakyRelu: return x >= 0 ? x : f.alpha * x;
    case A::kThresholdedRelu: return x >= f.alpha ? x : 0;
    case A::kScaledTanh: return f.alpha * std::tanh(f.beta * x);
    case A::kHardSigmoid: return std::min<Real>(std::max<Real>(f.alpha * x + f.beta, 0), 1);
    case A::kElu: return x >= 0 ? x : f.alpha * std::expm1(x);
    case A::kSoftsign: return x / (1 + std::fabs(x));
    case A::kSoftplus: return std::log1p(std::exp(x));
  }
  return x;
}

// The range's width of H's last function (+inf: unbounded).
Real range_width(const Activation& f) {
  using A = Activation;
  switch (f.kind) {
    case A::kTanh: case A::kSoftsign: return 2;
    case A::kSigmoid: case A::kHardSigmoid: return 1;
    case A::kScaledTanh: return 2 * std::fabs(f.alpha);
    default: return std::numeric_limits<Real>::infinity();
  }
}

bool unit_gate(const Activation& f) { return f.kind == Activation::kSigmoid || f.kind == Activation::kHardSigmoid; }

// The width of the range H can take in direction d (+inf: unbounded).
Real output_range_width(const Plan& plan, int64_t d) {
  const Real unbounded = std::numeric_limits<Real>::infinity();
  if (plan.cell == Cell::kRnn) return range_width(plan.activation(d, 0));
  if (!unit_gate(plan.activation(d, 0))) return unbounded;
  if (plan.cell == Cell::kLstm) return range_width(plan.activation(d, 2));
  Real initial = 0;
  for (double v : plan.h0) initial = std::max<Real>(initial, std::fabs(v));
  return range_width(plan.activation(d, 1)) + 2 * initial;
}

Tracked BoundWalk::activate(Tracked a, int64_t which) const {
  const Activation& f = plan.activation(d, which);
  if (plan.clip) a.v = std::clamp<Real>(a.v, -*plan.clip, *plan.clip);
  Real e = lipschitz(f) * a.e;
  const Real y = apply(f, a.v);
  if (f.kind == Activation::kThresholdedRelu && std::fabs(a.v - f.alpha) <= a.e) e += std::fabs(f.alpha);
  const bool exact_fn = f.kind == Activation::kRelu || f.kind == Activation::kThresholdedRelu;
  return {y, e + (exact_fn ? 0 : static_cast<Real>(8 * k.u)) * std::fabs(y) + static_cast<Real>(k.eta)};
}

void BoundWalk::gru_step(int64_t t) {
  const int64_t n = plan.hidden;
  std::vector<Tracked> z, r, reset_h, next;
  for (int64_t j = 0; j < n; ++j) {
    z.push_back(activate(pre(t, j, &h), 0));
    r.push_back(activate(pre(t, n + j, &h), 0));
  }
  for (int64_t j = 0; j < n; ++j) reset_h.push_back(product(r[static_cast<size_t>(j)], h[static_cast<size_t>(j)]));
  for (int64_t j = 0; j < n; ++j) {
    const int64_t row = 2 * n + j;
    Tracked a;
    if (plan.linear_before_reset) {
      Tracked s = pre(t, row, &h);  // X Wh + Wbh + H Rh + Rbh: split the input part off
      const Tracked x_part = pre(t, row, nullptr);
      s.v -= x_part.v;
      a = sum(x_part, product(r[static_cast<size_t>(j)], s));
    } else {
      a = pre(t, row, &reset_h);
    }
    const Tracked cand = activate(a, 1);
    const auto sj = static_cast<size_t>(j);
    const Tracked keep{1 - z[sj].v, z[sj].e + k.u * std::fabs(1 - z[sj].v)};
    next.push_back(sum(product(keep, cand), product(z[sj], h[sj])));
  }
  h = next;
}

void BoundWalk::lstm_step(int64_t t) {
  const int64_t n = plan.hidden;
  std::vector<Tracked> next_h, next_c;
  for (int64_t j = 0; j < n; ++j) {
    const auto sj = static_cast<size_t>(j);
    Tracked i = pre(t, j, &h), f = pre(t, 2 * n + j, &h), g = pre(t, 3 * n + j, &h), o = pre(t, n + j, &h);
    if (plan.peepholes) {
      i = sum(i, product({plan.p_at(d, j), 0}, c[sj]));
      f = sum(f, product({plan.p_at(d, 2 * n + j), 0}, c[sj]));
    }
    i = activate(i, 0);
    f = plan.input_forget ? Tracked{1 - i.v, i.e + k.u * std::fabs(1 - i.v)} : activate(f, 0);
    g = activate(g, 1);
    const Tracked cell = sum(product(f, c[sj]), product(i, g));
    if (plan.peepholes) o = sum(o, product({plan.p_at(d, n + j), 0}, cell));
    o = activate(o, 0);
    const Activation& hf = plan.activation(d, 2);
    const Tracked shown = {apply(hf, cell.v), lipschitz(hf) * cell.e + static_cast<Real>(8 * k.u) * std::fabs(apply(hf, cell.v))};
    next_h.push_back(product(o, shown));
    next_c.push_back(cell);
  }
  h = next_h;
  c = next_c;
}

void BoundWalk::step(int64_t t) {
  if (plan.cell == Cell::kGru) return gru_step(t);
  if (plan.cell == Cell::kLstm) return lstm_step(t);
  std::vector<Tracked> next;
  for (int64_t j = 0; j < plan.hidden; ++j) next.push_back(activate(pre(t, j, &h), 0));
  h = next;
}

// The bound of one output element: its error plus the reference's rounding; +inf when vacuous.
double element_bound(const Tracked& v, const BoundUnits& k, Real width) {
  const Real e = v.e + k.u * std::fabs(v.v) + k.eta;
  if (!std::isfinite(static_cast<double>(e)) || e >= width) return kInf;
  return static_cast<double>(e);
}

}  // namespace

std::vector<std::vector<double>> recurrent_element_bounds(const BoundCase& c) {
  const BoundNode view(c);
  const std::string& op = c.node.op_type();
  const Cell cell = op == "RNN" ? Cell::kRnn : op == "GRU" ? Cell::kGru : Cell::kLstm;
  const Plan plan = ops::recurrent::recurrent_plan(view.node, view.inputs, cell, c.since_version);
  const BoundUnits k(c.inputs[0]->dtype());
  std::vector<std::vector<double>> out;
  for (const auto& t : c.expected) out.emplace_back(static_cast<size_t>(t.size()), 0.0);
  for (int64_t d = 0; d < plan.dirs; ++d) {
    const Real width = output_range_width(plan, d);
    for (int64_t bi = 0; bi < plan.batch; ++bi) {
      BoundWalk walk{plan, k, d, bi, {}, {}};
      for (int64_t j = 0; j < plan.hidden; ++j) {
        walk.h.push_back({plan.h0_at(d, bi, j), 0});
        walk.c.push_back({plan.c0_at(d, bi, j), 0});
      }
      const int64_t len = plan.lens[static_cast<size_t>(bi)];
      for (int64_t s = 0; s < len; ++s) {
        const int64_t t = plan.reverse[static_cast<size_t>(d)] ? len - 1 - s : s;
        walk.step(t);
        if (!out.empty())
          for (int64_t j = 0; j < plan.hidden; ++j)
            out[0][static_cast<size_t>(plan.y_index(t, d, bi, j))] = element_bound(walk.h[static_cast<size_t>(j)], k, width);
      }
      for (int64_t j = 0; j < plan.hidden; ++j) {
        const auto at = static_cast<size_t>(plan.state_index(d, bi, j));
        if (out.size() > 1) out[1][at] = element_bound(walk.h[static_cast<size_t>(j)], k, width);
        if (out.size() > 2) out[2][at] = element_bound(walk.c[static_cast<size_t>(j)], k, std::numeric_limits<Real>::infinity());
      }
    }
  }
  return out;
}

}  // namespace touchstone::cases
