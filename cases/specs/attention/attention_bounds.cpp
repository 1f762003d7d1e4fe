// The element bounds of Attention and RotaryEmbedding (the derivations:
// reference/ops/attention/README.md, "Judging"). The rows, heads, caches and masks are the
// reference kernel's own (attention_plan.h), read from the case's node.
//
// The model of an honest Attention backend: the scores in T1 (or wider), in any summation
// order, with scale applied to Q and K (sqrt(scale) each) or to the product; softcap by a
// library tanh; the bias added in T1; the softmax in the precision S that softmax_precision
// names (T1 when absent), the weights cast back to T1; the weighted sum of V in T1. First
// order: a row whose weights' relative error reaches 1/2 gets +inf (vacuous).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/specs/attention/attention_cases.h"
#include "reference/ops/attention/attention_plan.h"
#include "reference/ops/attention/rotary_embedding.h"

namespace touchstone::cases {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

SoftmaxErrors softmax_errors(const std::vector<double>& s, const std::vector<double>& ds, const BoundUnits& k1, const BoundUnits& ks) {
  const size_t n = s.size();
  SoftmaxErrors r{std::vector<double>(n, 0), std::vector<double>(n, 0), false};
  double best = -kInf, sum = 0, dbar = 0, spread = 0;
  for (double x : s) best = std::max(best, x);
  if (best == -kInf) return r;
  for (size_t j = 0; j < n; ++j)
    if (s[j] != -kInf) sum += std::exp(s[j] - best);
  for (size_t j = 0; j < n; ++j)
    if (s[j] != -kInf) {
      r.p[j] = std::exp(s[j] - best) / sum;
      dbar += r.p[j] * std::fabs(s[j] - best);
      spread += r.p[j] * ds[j];
    }
  const double count = static_cast<double>(n);
  const double rho = ks.phi + ks.u * dbar + ks.gamma(count) + count * ks.eta;  // the softmax's sum
  for (size_t j = 0; j < n; ++j)
    if (s[j] != -kInf) {
      r.rel[j] = ds[j] + spread + ks.phi + ks.u * std::fabs(s[j] - best) + rho + 3 * ks.u + k1.u;
      r.vacuous |= r.rel[j] >= 0.5;
    }
  return r;
}

namespace {

struct RowErrors {
  std::vector<double> x, t, s, dx, dt, ds, p, rel;  // per key; p and rel only where allowed
  bool masked = true, special = false, vacuous = false;
};

// One query row's scores, weights and their first-order errors.
RowErrors row_errors(const ops::attention::Plan& plan, int64_t b, int64_t h, int64_t i, const BoundUnits& k1,
                     const BoundUnits& ks) {
  RowErrors r;
  const double scale = plan.scale ? *plan.scale : 1 / std::sqrt(static_cast<double>(plan.head_size));
  const double* q = plan.q_row(b, h, i);
  const double* bias = plan.bias_row(b, h, i);
  const double c = std::fabs(plan.softcap);
  const auto n = static_cast<size_t>(plan.total);
  r.x.resize(n), r.t.resize(n), r.s.resize(n), r.dx.resize(n), r.dt.resize(n), r.ds.resize(n), r.p.assign(n, 0), r.rel.assign(n, 0);
  for (size_t j = 0; j < n; ++j) {
    const double* key = plan.key_row(b, plan.kv_head_of(h), static_cast<int64_t>(j));
    long double dot = 0, mag = 0;
    for (int64_t k = 0; k < plan.head_size; ++k) dot += static_cast<long double>(q[k]) * key[k], mag += std::fabs(static_cast<long double>(q[k]) * key[k]);
    r.x[j] = static_cast<double>(scale * dot);
    r.t[j] = c == 0 ? r.x[j] : c * std::tanh(r.x[j] / c);
    r.s[j] = r.t[j] + bias[j];
    r.dx[j] = k1.gamma(static_cast<double>(plan.head_size + 4)) * std::fabs(scale) * static_cast<double>(mag);
    r.dt[j] = r.dx[j] + (c == 0 ? 0 : (k1.phi + 2 * k1.u) * std::fabs(r.t[j]));
    r.ds[j] = r.dt[j] + (k1.u + ks.u) * std::fabs(r.s[j]);
    r.special |= !std::isfinite(r.x[j]) || std::isnan(bias[j]) || bias[j] == kInf;
    if (bias[j] != -kInf) r.masked = false;
  }
  if (r.masked || r.special) return r;
  std::vector<double> scores(n);
  for (size_t j = 0; j < n; ++j) scores[j] = bias[j] == -kInf ? -kInf : r.s[j];
  SoftmaxErrors e = softmax_errors(scores, r.ds, k1, ks);
  r.p = std::move(e.p), r.rel = std::move(e.rel), r.vacuous = e.vacuous;
  return r;
}

DType softmax_type(const BoundCase& c, DType t1) {
  const auto sp = c.int_attr("softmax_precision");
  return sp ? dtype_from_code(static_cast<int>(*sp)).value_or(t1) : t1;
}

}  // namespace

std::vector<std::vector<double>> attention_element_bounds(const BoundCase& c) {
  const BoundNode view(c);
  const ops::attention::Plan plan = ops::attention::attention_plan(view.node, view.inputs, c.since_version);
  const DType t1 = c.inputs[0]->dtype();
  const BoundUnits k1(t1), ks(softmax_type(c, t1));
  std::vector<double> y(static_cast<size_t>(c.expected[0].size()), 0);
  std::vector<double> qk(static_cast<size_t>(plan.batch * plan.q_heads * plan.q_len * plan.total), 0);
  const double n = static_cast<double>(plan.total);
  for (int64_t b = 0; b < plan.batch; ++b)
    for (int64_t h = 0; h < plan.q_heads; ++h)
      for (int64_t i = 0; i < plan.q_len; ++i) {
        const RowErrors r = row_errors(plan, b, h, i, k1, ks);
        const int64_t hk = plan.kv_head_of(h);
        if (r.special) continue;  // NaN/inf judged as such (the case is implementation-defined)
        for (int64_t j = 0; j < plan.total; ++j) {
          const auto k = static_cast<size_t>(j);
          const bool masked = plan.bias_row(b, h, i)[j] == -kInf;
          double e = 0;
          switch (plan.qk_mode) {
            case 0: e = r.dx[k] + k1.u * std::fabs(r.x[k]); break;
            case 1: e = r.dt[k] + k1.u * std::fabs(r.t[k]); break;
            case 2: e = masked ? 0 : r.ds[k] + k1.u * std::fabs(r.s[k]); break;
            default: e = masked || r.masked ? 0 : (r.vacuous ? kInf : r.p[k] * (r.rel[k] + k1.u)); break;
          }
          qk[static_cast<size_t>(((b * plan.q_heads + h) * plan.q_len + i) * plan.total + j)] = e + 2 * k1.eta;
        }
        if (r.masked) continue;  // a zero row, exactly
        for (int64_t v = 0; v < plan.v_head_size; ++v) {
          double weighted = 0, value = 0, mass = 0;
          for (int64_t j = 0; j < plan.total; ++j) {
            const double vj = std::fabs(plan.value_row(b, hk, j)[v]);
            weighted += r.p[static_cast<size_t>(j)] * r.rel[static_cast<size_t>(j)] * vj;
            mass += r.p[static_cast<size_t>(j)] * vj;
            value += r.p[static_cast<size_t>(j)] * plan.value_row(b, hk, j)[v];
          }
          const double err = weighted + k1.gamma(n + 1) * mass + k1.u * std::fabs(value) + 2 * (n + 1) * k1.eta;
          y[static_cast<size_t>(plan.y_index(b, h, i, v))] = r.vacuous ? kInf : err;
        }
      }
  std::vector<std::vector<double>> out = {y};
  for (size_t o = 1; o < c.expected.size(); ++o)
    out.push_back(o == 3 ? qk : std::vector<double>(static_cast<size_t>(c.expected[o].size()), 0));
  return out;
}

// RotaryEmbedding: c x1 - s x2 (or s x1 + c x2) as two products and a sum in T: gamma_2 of
// the products' magnitudes, and the reference's own rounding u|y|; copied elements exactly.
std::vector<std::vector<double>> rotary_element_bounds(const BoundCase& c) {
  const BoundNode view(c);
  const std::vector<ops::rotary::Term> terms = ops::rotary::rotary_terms(view.node, view.inputs);
  const std::vector<double> x = values_of(*c.inputs[0]), co = values_of(*c.inputs[1]), si = values_of(*c.inputs[2]);
  const BoundUnits k(c.inputs[0]->dtype());
  std::vector<double> out(x.size(), 0);
  for (size_t i = 0; i < terms.size(); ++i) {
    const auto& t = terms[i];
    if (t.x1 < 0) continue;
    const auto a = static_cast<size_t>(t.angle);
    const double x1 = x[static_cast<size_t>(t.x1)], x2 = x[static_cast<size_t>(t.x2)];
    const double p1 = t.imaginary ? si[a] * x1 : co[a] * x1, p2 = t.imaginary ? co[a] * x2 : si[a] * x2;
    const double y = t.imaginary ? p1 + p2 : p1 - p2;
    out[i] = k.gamma(2) * (std::fabs(p1) + std::fabs(p2)) + k.u * std::fabs(y) + 3 * k.eta;
  }
  return {out};
}

}  // namespace touchstone::cases
