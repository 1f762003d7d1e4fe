// The element bounds of BatchNormalization, InstanceNormalization and LRN: a first-order
// propagation of each step's rounding in the output type (u; sqrt, 1/sqrt and pow within
// kFunctionUlps, phi = 8u; eta the smallest subnormal), derived in
// reference/ops/norm/README.md ("How backends are judged"). The model of an honest backend:
// the text's formula in X's type (or wider), statistics by a two-pass mean and variance
// (ReduceMean, then the mean of squared deviations, as 14's text defines ReduceVar) in any
// summation order, or the folded form x * (scale / r) + (B - mean * scale / r).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/specs/norm/norm_cases.h"
#include "cases/specs/reduce/bounds.h"

namespace touchstone::cases {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double float_attr(const BoundCase& c, const char* name, double fallback) {
  for (const auto& a : c.node.attribute())
    if (a.name() == name) return a.f();
  return fallback;
}

// X as (N, C, inner): rank 1 is (N) with C = 1.
struct Layout {
  int64_t n = 1, c = 1, inner = 1;
  explicit Layout(const Shape& s) {
    n = s.empty() ? 1 : s[0];
    c = s.size() >= 2 ? s[1] : 1;
    for (size_t d = 2; d < s.size(); ++d) inner *= s[d];
  }
};

// A group's exact statistics (long double, two-pass) and the error an honest backend's carry.
struct GroupStats {
  double mean = 0, var = 0, e_mean = 0, e_var = 0;
  bool finite = true;
};

GroupStats stats_of(const std::vector<double>& x, const std::vector<int64_t>& members, const BoundUnits& k) {
  GroupStats g;
  const auto n = static_cast<double>(members.size());
  long double s = 0, abs = 0;
  for (int64_t e : members) s += x[e], abs += std::fabs(x[e]);
  g.finite = std::isfinite(static_cast<double>(abs)) && n > 0;
  if (!g.finite) return g;
  const long double m = s / n;
  long double q = 0;
  for (int64_t e : members) q += (x[e] - m) * (x[e] - m);
  g.mean = static_cast<double>(m);
  g.var = static_cast<double>(q / n);
  // mean: gamma_n over sum |x|, then the division; var: each deviation, square and the sum
  // (gamma_n + 3u), the division, and the mean's error squared (its first-order effect
  // sum 2 d_i e_mean / n vanishes: the deviations sum to zero).
  g.e_mean = k.gamma(n) * static_cast<double>(abs) / n + k.u * std::fabs(g.mean);
  g.e_var = (k.gamma(n) + 4 * k.u) * g.var + g.e_mean * g.e_mean;
  return g;
}

// y = (x - mean) / sqrt(var + eps) * s + b with mean and var known to e_mean and e_var.
double y_bound(double x, const GroupStats& g, double eps, double s, double b, double y, const BoundUnits& k) {
  const double w = g.var + eps;
  if (!(w > 0)) return 0;  // NaN or infinities expected: judged as such
  const double e_w = g.e_var + 3 * k.u * (std::fabs(g.var) + std::fabs(eps)) + k.eta;
  const double rel_r = e_w / (2 * w) + k.phi;
  const double r = std::sqrt(w);
  const double bound = std::fabs(s) / r * (g.e_mean + (std::fabs(x) + std::fabs(g.mean)) * (rel_r + 4 * k.u)) +
                       2 * k.u * (std::fabs(b) + std::fabs(y)) + 2 * k.eta;
  return first_order(rel_r, bound);
}

std::vector<double> values_or_empty(const std::optional<Tensor>& t) { return t ? values_of(*t) : std::vector<double>{}; }

// Training's statistics outputs: running = input * momentum + current * (1 - momentum).
double running_bound(double input, double current, double e_current, double momentum, double out, const BoundUnits& k) {
  const double rest = std::fabs(1 - momentum);
  return 2 * k.u * (std::fabs(input * momentum) + std::fabs(current) * rest) + rest * e_current + k.u * std::fabs(out) +
         k.eta;
}

struct BnMode {
  bool training = false, per_position = false;
};

BnMode mode_of(const BoundCase& c) {
  BnMode m;
  const int v = c.since_version;
  if (v < 9) m.per_position = c.int_attr("spatial").value_or(1) == 0;
  if (v < 7) m.training = c.int_attr("is_test").value_or(0) == 0;
  else if (v < 14) m.training = c.node.output_size() > 1;
  else m.training = c.int_attr("training_mode").value_or(0) != 0;
  return m;
}

}  // namespace

std::vector<std::vector<double>> batch_norm_element_bounds(const BoundCase& c) {
  if (c.inputs.size() < 5 || c.expected.empty()) return {};
  const Tensor& xt = *c.inputs[0];
  const BoundUnits k(xt.dtype()), ks(c.expected.size() > 1 ? c.expected[1].dtype() : xt.dtype());
  const std::vector<double> x = values_of(xt), s = values_or_empty(c.inputs[1]), b = values_or_empty(c.inputs[2]),
                            m = values_or_empty(c.inputs[3]), v = values_or_empty(c.inputs[4]),
                            y = values_of(c.expected[0]);
  const Layout l(xt.shape());
  const BnMode mode = mode_of(c);
  const double eps = float_attr(c, "epsilon", 1e-5f), momentum = float_attr(c, "momentum", 0.9f);
  std::vector<std::vector<double>> out(c.expected.size());
  for (size_t i = 0; i < out.size(); ++i) out[i].assign(static_cast<size_t>(c.expected[i].size()), 0);
  const size_t groups = m.size();
  for (size_t g = 0; g < groups; ++g) {
    const auto gi = static_cast<int64_t>(g);
    const int64_t ch = mode.per_position ? gi / l.inner : gi;
    const int64_t first = mode.per_position ? gi % l.inner : 0, last = mode.per_position ? first + 1 : l.inner;
    std::vector<int64_t> members;
    for (int64_t n = 0; n < l.n; ++n)
      for (int64_t i = first; i < last; ++i) members.push_back((n * l.c + ch) * l.inner + i);
    GroupStats st;
    if (mode.training) st = stats_of(x, members, k);
    else st = {.mean = m[g], .var = v[g], .finite = std::isfinite(m[g]) && std::isfinite(v[g])};
    if (!st.finite || !std::isfinite(s[g]) || !std::isfinite(b[g])) continue;
    for (int64_t e : members)
      out[0][e] = std::isfinite(x[e]) ? y_bound(x[e], st, eps, s[g], b[g], y[e], k) : 0;
    if (!mode.training) continue;
    const BoundUnits kw(std::max(k.u, ks.u) == k.u ? xt.dtype() : c.expected[1].dtype());
    const double e_mean = std::max(st.e_mean, kw.gamma(static_cast<double>(members.size())) * std::fabs(st.mean));
    if (out.size() > 1) out[1][g] = running_bound(m[g], st.mean, e_mean, momentum, values_of(c.expected[1])[g], kw);
    if (out.size() > 2) out[2][g] = running_bound(v[g], st.var, st.e_var, momentum, values_of(c.expected[2])[g], kw);
    if (out.size() > 3) out[3][g] = st.e_mean + k.u * std::fabs(st.mean) + k.eta;
    if (out.size() > 4) out[4][g] = st.e_var + k.u * st.var + k.eta;
  }
  return out;
}

std::vector<std::vector<double>> instance_norm_element_bounds(const BoundCase& c) {
  if (c.inputs.size() < 3 || c.expected.empty()) return {};
  const Tensor& xt = *c.inputs[0];
  const BoundUnits k(xt.dtype());
  const std::vector<double> x = values_of(xt), s = values_or_empty(c.inputs[1]), b = values_or_empty(c.inputs[2]),
                            y = values_of(c.expected[0]);
  const Layout l(xt.shape());
  const double eps = float_attr(c, "epsilon", 1e-5f);
  std::vector<double> out(x.size(), 0);
  std::vector<int64_t> members;
  for (int64_t g = 0; g < l.n * l.c; ++g) {
    members.clear();
    for (int64_t i = 0; i < l.inner; ++i) members.push_back(g * l.inner + i);
    const GroupStats st = stats_of(x, members, k);
    const int64_t ch = g % l.c;
    if (!st.finite || !std::isfinite(s[ch]) || !std::isfinite(b[ch])) continue;
    for (int64_t e : members) out[e] = y_bound(x[e], st, eps, s[ch], b[ch], y[e], k);
  }
  return {out};
}

// y = x / base^beta, base = bias + alpha / size * S: S's sum (gamma_w, positive terms),
// alpha / size and the product (2u), the addition (u) and bias's and alpha's rounding to the
// type (u each) make base's relative error rho; pow turns it into |beta| rho + phi, the
// quotient and the result's rounding add 2u.
std::vector<std::vector<double>> lrn_element_bounds(const BoundCase& c) {
  const Tensor& xt = *c.inputs[0];
  const BoundUnits k(xt.dtype());
  const std::vector<double> x = values_of(xt), y = values_of(c.expected[0]);
  const auto size = c.int_attr("size").value_or(1);
  const double alpha = float_attr(c, "alpha", 1e-4f), beta = float_attr(c, "beta", 0.75f),
               bias = float_attr(c, "bias", 1.0f);
  const Layout l(xt.shape());
  const int64_t before = (size - 1) / 2, after = size - 1 - before;
  std::vector<double> out(x.size(), 0);
  for (int64_t n = 0; n < l.n; ++n)
    for (int64_t ch = 0; ch < l.c; ++ch)
      for (int64_t i = 0; i < l.inner; ++i) {
        const int64_t e = (n * l.c + ch) * l.inner + i;
        long double sq = 0;
        int64_t w = 0;
        for (int64_t j = std::max<int64_t>(0, ch - before); j <= std::min(l.c - 1, ch + after); ++j, ++w)
          sq += static_cast<long double>(x[(n * l.c + j) * l.inner + i]) * x[(n * l.c + j) * l.inner + i];
        const double scaled = std::fabs(alpha / static_cast<double>(size) * static_cast<double>(sq));
        const double base = bias + alpha / static_cast<double>(size) * static_cast<double>(sq);
        if (!std::isfinite(x[e]) || !std::isfinite(scaled) || !(base > 0)) continue;
        const double rho = ((k.gamma(static_cast<double>(w)) + 4 * k.u) * scaled + 2 * k.u * std::fabs(bias) + k.eta) / base;
        const double rel = std::fabs(beta) * rho + k.phi + 2 * k.u;
        out[e] = first_order(rho, rel * std::fabs(y[e]) + 2 * k.eta);
      }
  return {out};
}

}  // namespace touchstone::cases
