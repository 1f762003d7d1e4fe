// The element bound of LinearAttention-27 (derivation: reference/ops/attention/README.md). The
// model of an honest backend: the recurrence computed step by step (or by chunks, which
// reassociates the same sums) in T or S or wider, so every operation errs by at most u, the
// unit roundoff of the coarser of T and S; exp(g) by a library (phi); output rounded to T and
// present_state to S. First order, the errors carried through the recurrence on magnitudes
// (long double values of the exact recurrence; the plan is the reference kernel's own):
//   decay   S' = e S:            E' = e E + (phi + u) e |S|
//   delta   r = v - S'^T k:      Er = sum_i |k_i| E'_i + gamma_{d_k+1} (|v| + sum_i |S'_i k_i|)
//           w = beta r:          Ew = |beta| Er + u |w|
//           S = S' + k (x) w:    E = E' + |k| Ew + gamma_2 (|S'| + |k w|)
//   linear  S = S' + k (x) v:    E = E' + gamma_2 (|S'| + |k v|)
//   output  o = scale q^T S:     |scale| (sum_i |q_i| E_i + gamma_{d_k+2} sum_i |q_i S_i|) + 2 u_T |o|
//   present_state:               E + 2 u_S |S|
// plus 2 (d_k + 2) eta of underflow. NaN or inf among the inputs: judged exactly (the case is
// implementation-defined, divergent at most).
#include <cmath>

#include "cases/specs/attention/attention_cases.h"
#include "reference/ops/attention/linear_attention_plan.h"

namespace touchstone::cases {

namespace {

using LinearPlan = ops::linear_attention::Plan;

bool linear_inputs_special(const LinearPlan& p) {
  for (const auto* list : {&p.q, &p.k, &p.v, &p.past, &p.decay, &p.beta})
    for (double x : *list)
      if (!std::isfinite(x)) return true;
  return false;
}

}  // namespace

std::vector<std::vector<double>> linear_attention_element_bounds(const BoundCase& c) {
  const BoundNode view(c);
  const LinearPlan p = ops::linear_attention::linear_attention_plan(view.node, view.inputs);
  const BoundUnits kt(p.out_type), ks(p.state_type);
  const BoundUnits& k = kt.u >= ks.u ? kt : ks;  // the coarser
  std::vector<double> out(static_cast<size_t>(element_count(p.output_shape())), 0.0);
  std::vector<double> state(static_cast<size_t>(element_count(p.state_shape())), 0.0);
  if (linear_inputs_special(p)) return {out, state};
  const long double scale = p.scale ? *p.scale : 1 / std::sqrt(static_cast<long double>(p.dk));
  const int64_t group = p.q_heads / p.kv_heads;
  const double eta = 2 * static_cast<double>(p.dk + 2) * k.eta;
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t hk = 0; hk < p.kv_heads; ++hk) {
      const auto n = static_cast<size_t>(p.dk * p.dv);
      std::vector<long double> s(n);
      std::vector<double> e(n, 0);
      auto at = [&](int64_t i, int64_t j) { return static_cast<size_t>(i * p.dv + j); };
      for (int64_t i = 0; i < p.dk; ++i)
        for (int64_t j = 0; j < p.dv; ++j) s[at(i, j)] = p.past_at(b, hk, i, j);
      for (int64_t t = 0; t < p.seq; ++t) {
        if (p.gated())
          for (int64_t i = 0; i < p.dk; ++i) {
            const long double g = std::exp(static_cast<long double>(p.decay_at(b, t, hk, i)));
            for (int64_t j = 0; j < p.dv; ++j) {
              e[at(i, j)] = static_cast<double>(g * e[at(i, j)] + (k.phi + k.u) * g * std::fabs(s[at(i, j)]));
              s[at(i, j)] *= g;
            }
          }
        for (int64_t j = 0; j < p.dv; ++j) {
          long double w = p.v_at(b, t, hk, j);
          double ew = 0;
          if (p.delta()) {
            long double mag = std::fabs(w);
            double er = 0;
            for (int64_t i = 0; i < p.dk; ++i) {
              const long double term = s[at(i, j)] * p.k_at(b, t, hk, i);
              w -= term, mag += std::fabs(term);
              er += std::fabs(p.k_at(b, t, hk, i)) * e[at(i, j)];
            }
            er += k.gamma(static_cast<double>(p.dk + 1)) * static_cast<double>(mag);
            const double beta = p.beta_at(b, t, hk);
            w *= beta;
            ew = std::fabs(beta) * er + k.u * static_cast<double>(std::fabs(w));
          }
          for (int64_t i = 0; i < p.dk; ++i) {
            const long double add = p.k_at(b, t, hk, i) * w;
            e[at(i, j)] += std::fabs(p.k_at(b, t, hk, i)) * ew +
                           k.gamma(2) * static_cast<double>(std::fabs(s[at(i, j)]) + std::fabs(add));
            s[at(i, j)] += add;
          }
        }
        for (int64_t h = hk * group; h < (hk + 1) * group; ++h)
          for (int64_t j = 0; j < p.dv; ++j) {
            long double o = 0, mag = 0;
            double carried = 0;
            for (int64_t i = 0; i < p.dk; ++i) {
              const long double term = p.q_at(b, t, h, i) * s[at(i, j)];
              o += term, mag += std::fabs(term);
              carried += std::fabs(p.q_at(b, t, h, i)) * e[at(i, j)];
            }
            const double err =
                static_cast<double>(std::fabs(scale)) *
                    (carried + k.gamma(static_cast<double>(p.dk + 2)) * static_cast<double>(mag)) +
                2 * kt.u * static_cast<double>(std::fabs(scale * o)) + eta;
            out[static_cast<size_t>(p.output_index(b, t, h, j))] = err;
          }
      }
      for (int64_t i = 0; i < p.dk; ++i)
        for (int64_t j = 0; j < p.dv; ++j)
          state[static_cast<size_t>(p.state_index(b, hk, i, j))] =
              e[at(i, j)] + 2 * ks.u * static_cast<double>(std::fabs(s[at(i, j)])) + eta;
    }
  if (c.expected.size() < 2) return {out};
  return {out, state};
}

}  // namespace touchstone::cases
