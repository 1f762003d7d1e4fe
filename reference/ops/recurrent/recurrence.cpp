// RNN, GRU and LSTM: the whole recurrence on enclosures (enclosure.h) at a working precision
// p, every output element rounded once when its enclosure's two ends round alike; otherwise p
// doubles (Ziv's strategy) from the format's precision + 64, up to kRecurrentPrecisionCap.
// Exact values stay exact (point enclosures): zeros past a sequence's length, Relu's zeros,
// states that never moved. What is left undecided at the cap is a true value on a rounding
// midpoint that no enclosure reaches, or a kink of ThresholdedRelu/HardSigmoid/Relu hit by a
// value that is not exact at any precision: it takes the lower end's rounding and is marked.
//
// Per direction d and batch entry b with length L: forward runs t = 0 .. L-1, reverse runs
// t = L-1 .. 0 (a ragged sequence starts at its own last valid step, as the texts' padding
// implies); Y[t] is H_t, zero for t >= L; Y_h (Y_c) is the state after the last step taken.
#include "reference/ops/recurrent/recurrence.h"

#include <cmath>

#include "reference/numeric/functions.h"
#include "reference/ops/norm/standardize.h"
#include "reference/ops/recurrent/recurrent_ops.h"

namespace touchstone::ops::recurrent {

namespace {

using States = std::vector<Enclosure>;

// One direction of one batch entry as it steps.
struct Walk {
  const Plan& plan;
  mpfr_prec_t p;
  int64_t d, bi;
  States h, c;

  // X_t W_row + H R_row + Wb_row + Rb_row (the R term left out when `with_r` is false).
  Enclosure pre(int64_t t, int64_t row, bool with_r = true) const {
    Enclosure e(p);
    for (int64_t k = 0; k < plan.input; ++k) e.add_product(plan.x_at(t, bi, k), plan.w_at(d, row, k));
    if (with_r)
      for (int64_t k = 0; k < plan.hidden; ++k) e.add_product(h[static_cast<size_t>(k)], plan.r_at(d, row, k));
    e.add(plan.bias_at(d, 0, row));
    if (with_r) e.add(plan.bias_at(d, 1, row));
    return e;
  }
  void activate_clipped(Enclosure& e, int64_t which) const {
    if (plan.clip) clamp(e, *plan.clip);
    activate(e, plan.activation(d, which));
  }
  void step(int64_t t) {
    if (plan.cell == Cell::kRnn) return rnn_step(t);
    if (plan.cell == Cell::kGru) return gru_step(t);
    lstm_step(t);
  }
  void rnn_step(int64_t t) {
    States next;
    for (int64_t j = 0; j < plan.hidden; ++j) {
      next.push_back(pre(t, j));
      activate_clipped(next.back(), 0);
    }
    h = std::move(next);
  }
  void gru_step(int64_t t);
  void lstm_step(int64_t t);
};

// z = f(.), r = f(.), h~ = g(X Wh + (r (.) H) Rh + Wbh + Rbh) or, with linear_before_reset,
// g(X Wh + Wbh + r (.) (H Rh + Rbh)); H = (1 - z) (.) h~ + z (.) H.
void Walk::gru_step(int64_t t) {
  const int64_t n = plan.hidden;
  States z, r;
  for (int64_t j = 0; j < n; ++j) {
    z.push_back(pre(t, j));
    activate_clipped(z.back(), 0);
    r.push_back(pre(t, n + j));
    activate_clipped(r.back(), 0);
  }
  States reset_h;
  if (!plan.linear_before_reset)
    for (int64_t k = 0; k < n; ++k) {
      reset_h.emplace_back(p);
      multiply(reset_h.back(), r[static_cast<size_t>(k)], h[static_cast<size_t>(k)]);
    }
  States next;
  for (int64_t j = 0; j < n; ++j) {
    const int64_t row = 2 * n + j;
    Enclosure a = pre(t, row, false);
    Enclosure recurrent(p);
    for (int64_t k = 0; k < n; ++k)
      recurrent.add_product(plan.linear_before_reset ? h[static_cast<size_t>(k)] : reset_h[static_cast<size_t>(k)], plan.r_at(d, row, k));
    recurrent.add(plan.bias_at(d, 1, row));
    if (plan.linear_before_reset) multiply(recurrent, recurrent, r[static_cast<size_t>(j)]);
    a.add(recurrent);
    activate_clipped(a, 1);
    Enclosure keep(p), out(p);
    one_minus(keep, z[static_cast<size_t>(j)]);
    multiply(out, keep, a);
    multiply(keep, z[static_cast<size_t>(j)], h[static_cast<size_t>(j)]);
    out.add(keep);
    next.push_back(std::move(out));
  }
  h = std::move(next);
}

// Gates in the order i, o, f, c (W's rows); peepholes P[iof]: i and f see C_{t-1}, o sees C_t.
void Walk::lstm_step(int64_t t) {
  const int64_t n = plan.hidden;
  States next_h, next_c;
  for (int64_t j = 0; j < n; ++j) {
    const auto sj = static_cast<size_t>(j);
    Enclosure i = pre(t, j), f = pre(t, 2 * n + j), g = pre(t, 3 * n + j);
    if (plan.peepholes) {
      i.add_product(c[sj], plan.p_at(d, j));
      f.add_product(c[sj], plan.p_at(d, 2 * n + j));
    }
    activate_clipped(i, 0);
    if (plan.input_forget) {
      one_minus(f, i);
    } else {
      activate_clipped(f, 0);
    }
    activate_clipped(g, 1);
    Enclosure cell(p), term(p);
    multiply(cell, f, c[sj]);
    multiply(term, i, g);
    cell.add(term);
    Enclosure o = pre(t, n + j);
    if (plan.peepholes) o.add_product(cell, plan.p_at(d, n + j));
    activate_clipped(o, 0);
    Enclosure shown(cell);
    activate(shown, plan.activation(d, 2));
    multiply(shown, o, shown);
    next_h.push_back(std::move(shown));
    next_c.push_back(std::move(cell));
  }
  h = std::move(next_h);
  c = std::move(next_c);
}

States initial(const Plan& plan, mpfr_prec_t p, int64_t d, int64_t bi, bool cell) {
  States s;
  for (int64_t j = 0; j < plan.hidden; ++j) s.emplace_back(p, cell ? plan.c0_at(d, bi, j) : plan.h0_at(d, bi, j));
  return s;
}

std::vector<Enclosure> zeros(mpfr_prec_t p, int64_t n) {
  std::vector<Enclosure> out;
  out.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out.emplace_back(p);
  return out;
}

bool has_special(const Plan& plan) {
  for (const auto* v : {&plan.x, &plan.w, &plan.r, &plan.b, &plan.h0, &plan.c0, &plan.p})
    for (double e : *v)
      if (!std::isfinite(e)) return true;
  return false;
}

// The element's value when both ends round alike (a zero either way: +0).
std::optional<double> decided(const Enclosure& e, numeric::FloatFormat f) {
  const double a = numeric::round_to_format(e.lo(), f), b = numeric::round_to_format(e.hi(), f);
  if (std::isnan(a) || std::isnan(b)) return static_cast<double>(NAN);
  if (a != b) return std::nullopt;
  return a == 0 ? 0.0 : a;
}

}  // namespace

OutputEnclosures run_recurrence(const Plan& plan, mpfr_prec_t p) {
  OutputEnclosures out{zeros(p, plan.seq * plan.dirs * plan.batch * plan.hidden),
                       zeros(p, plan.dirs * plan.batch * plan.hidden), zeros(p, plan.dirs * plan.batch * plan.hidden)};
  for (int64_t d = 0; d < plan.dirs; ++d)
    for (int64_t bi = 0; bi < plan.batch; ++bi) {
      Walk walk{plan, p, d, bi, initial(plan, p, d, bi, false), initial(plan, p, d, bi, true)};
      const int64_t len = plan.lens[static_cast<size_t>(bi)];
      for (int64_t s = 0; s < len; ++s) {
        const int64_t t = plan.reverse[static_cast<size_t>(d)] ? len - 1 - s : s;
        walk.step(t);
        for (int64_t j = 0; j < plan.hidden; ++j) out.y[static_cast<size_t>(plan.y_index(t, d, bi, j))] = walk.h[static_cast<size_t>(j)];
      }
      for (int64_t j = 0; j < plan.hidden; ++j) {
        out.y_h[static_cast<size_t>(plan.state_index(d, bi, j))] = walk.h[static_cast<size_t>(j)];
        out.y_c[static_cast<size_t>(plan.state_index(d, bi, j))] = walk.c[static_cast<size_t>(j)];
      }
    }
  return out;
}

Tensors recurrent_outputs(const Node& node, const Plan& plan, DType dtype) {
  node.record_terms(plan.input + plan.hidden + 2);
  const numeric::FloatFormat f = norm::format_of(dtype);
  const bool special = has_special(plan);
  if (special) node.mark(Semantics::kImplementationDefined, "NaN or inf in an input (interval propagation: NaN where it reaches)");
  std::vector<std::vector<double>> values(3);
  std::vector<bool> done;
  for (mpfr_prec_t p = f.precision + 64;; p *= 2) {
    const OutputEnclosures e = run_recurrence(plan, p);
    bool all = true;
    size_t index = 0;
    for (const auto* list : {&e.y, &e.y_h, &e.y_c}) {
      auto& v = values[static_cast<size_t>(list == &e.y ? 0 : list == &e.y_h ? 1 : 2)];
      v.resize(list->size());
      for (size_t i = 0; i < list->size(); ++i, ++index) {
        if (done.size() <= index) done.push_back(false);
        if (done[index]) continue;
        if (auto r = decided((*list)[i], f)) {
          v[i] = *r, done[index] = true;
        } else if (special || p >= kRecurrentPrecisionCap) {
          v[i] = special ? static_cast<double>(NAN) : numeric::round_to_format((*list)[i].lo(), f), done[index] = true;
          if (!special) node.mark(Semantics::kImplementationDefined, "an output its enclosure did not decide at 2048 bits (the lower end's rounding)");
        } else {
          all = false;
        }
      }
    }
    if (all) break;
  }
  Tensors out;
  const int outputs = node.proto().output_size();
  out.push_back(norm::tensor_of(dtype, plan.y_shape(), values[0]));
  if (outputs > 1) out.push_back(norm::tensor_of(dtype, plan.state_shape(), values[1]));
  if (outputs > 2) out.push_back(norm::tensor_of(dtype, plan.state_shape(), values[2]));
  return out;
}

}  // namespace touchstone::ops::recurrent

namespace touchstone::ops {

namespace {

Tensors recur(const Node& node, const Inputs& in, recurrent::Cell cell, int version) {
  const recurrent::Plan plan = recurrent::recurrent_plan(node, in, cell, version);
  return recurrent::recurrent_outputs(node, plan, in[0].dtype());
}

}  // namespace

Tensors rnn_v1(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kRnn, 1); }
Tensors rnn_v7(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kRnn, 7); }
Tensors rnn_v14(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kRnn, 14); }
Tensors gru_v1(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kGru, 1); }
Tensors gru_v3(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kGru, 3); }
Tensors gru_v7(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kGru, 7); }
Tensors gru_v14(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kGru, 14); }
Tensors lstm_v1(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kLstm, 1); }
Tensors lstm_v7(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kLstm, 7); }
Tensors lstm_v14(const Node& node, const Inputs& in) { return recur(node, in, recurrent::Cell::kLstm, 14); }

}  // namespace touchstone::ops
