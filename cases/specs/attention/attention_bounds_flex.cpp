// The element bound of ai.onnx.preview FlexAttention-1 (derivation: reference/ops/attention/
// README.md). An honest backend: the scores in T1 (or wider) cast to S = softmax_precision, the
// softmax in S, the weights and the weighted sum of V in T1 — Attention's model (scores
// dx_j = gamma_{d+4}(u1) |scale| sum |q k| + (u1 + us) |x_j|, softmax_errors, the weighted sum).
// The modifiers are the model's subgraphs, run here by the reference's executor on S tensors:
// their effect on an error is taken as the hull of their outputs on the two ends of each
// input's allowance (x - dx, x + dx; p (1 - rel), p (1 + rel)), exact for the elementwise
// monotone modifiers the text has in mind (masks, biases, scalings, softcaps), plus their own
// rounding (phi_s + us of the output). A score_mod output of -inf at both ends disallows the key
// exactly; -inf at one end only, or NaN, makes the element vacuous. A fully masked row must be
// zeros exactly; NaN or inf in a row is judged as such (the case is implementation-defined).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/specs/attention/attention_cases.h"
#include "reference/catalog.h"
#include "reference/graph.h"
#include "reference/model_builder.h"
#include "reference/ops/attention/flex_attention.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::cases {

namespace {

constexpr double kFlexInf = std::numeric_limits<double>::infinity();

const onnx::GraphProto* flex_modifier_of(const onnx::NodeProto& node, const char* name) {
  for (const auto& a : node.attribute())
    if (a.name() == name && a.type() == onnx::AttributeProto::GRAPH) return &a.g();
  return nullptr;
}

// The modifier's outputs on `values` as an S tensor of `shape`.
std::vector<double> run_modifier_on(const onnx::GraphProto& g, DType s, const Shape& shape,
                                    const std::vector<double>& values) {
  static const ModelContext model{{{"", catalog_max_opset("")}, {"ai.onnx.preview", 1}},
                                  ir_version_for_opset(catalog_max_opset("")),
                                  "."};
  RunContext run(model);
  Scope outer;
  const Values out = run_graph(g, {Value(ops::norm::tensor_of(s, shape, values))}, outer, run, "modifier");
  return ops::norm::doubles_of(out.at(0).tensor());
}

// The hull of the modifier's change over each element's ends, plus its own rounding; `out`
// takes the modifier's value at the middle. -inf at all three: disallowed exactly (0).
std::vector<double> modified_errors(const onnx::GraphProto& g, DType s, const BoundUnits& ks,
                                    const Shape& shape, std::vector<double>& values,
                                    const std::vector<double>& lo, const std::vector<double>& hi) {
  const std::vector<double> fm = run_modifier_on(g, s, shape, values), fl = run_modifier_on(g, s, shape, lo),
                            fh = run_modifier_on(g, s, shape, hi);
  std::vector<double> err(values.size());
  for (size_t j = 0; j < values.size(); ++j) {
    values[j] = fm[j];
    if (fm[j] == -kFlexInf && fl[j] == -kFlexInf && fh[j] == -kFlexInf) {
      err[j] = 0;
      continue;
    }
    const double spread = std::max(std::fabs(fl[j] - fm[j]), std::fabs(fh[j] - fm[j]));
    err[j] = std::isfinite(fm[j]) && std::isfinite(spread) ? spread + (ks.phi + ks.u) * std::fabs(fm[j])
                                                           : kFlexInf;
  }
  return err;
}

}  // namespace

std::vector<std::vector<double>> flex_attention_element_bounds(const BoundCase& c) {
  const BoundNode view(c);
  const ops::attention::Plan p = ops::attention::flex_attention_plan(view.node, view.inputs);
  const DType t1 = c.inputs[0]->dtype(), s = ops::attention::flex_softmax_type(view.node, t1);
  const BoundUnits k1(t1), ks(s);
  const auto n = static_cast<size_t>(p.total);
  const size_t rows = static_cast<size_t>(p.batch * p.q_heads * p.q_len);
  const Shape shape{p.batch, p.q_heads, p.q_len, p.total};
  const double scale = p.scale ? *p.scale : 1 / std::sqrt(static_cast<double>(p.head_size));
  std::vector<double> x(rows * n), dx(rows * n);
  std::vector<bool> special(rows, false);
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.q_heads; ++h)
      for (int64_t i = 0; i < p.q_len; ++i) {
        const size_t row = static_cast<size_t>((b * p.q_heads + h) * p.q_len + i);
        for (size_t j = 0; j < n; ++j) {
          const double* q = p.q_row(b, h, i);
          const double* key = p.key_row(b, p.kv_head_of(h), static_cast<int64_t>(j));
          long double dot = 0, mag = 0;
          for (int64_t e = 0; e < p.head_size; ++e)
            dot += static_cast<long double>(q[e]) * key[e],
                mag += std::fabs(static_cast<long double>(q[e]) * key[e]);
          const size_t at = row * n + j;
          x[at] = static_cast<double>(scale * dot);
          dx[at] =
              k1.gamma(static_cast<double>(p.head_size + 4)) * std::fabs(scale) * static_cast<double>(mag) +
              (k1.u + ks.u) * std::fabs(x[at]);
          special[row] = special[row] || !std::isfinite(x[at]);
        }
      }
  if (const onnx::GraphProto* g = flex_modifier_of(c.node, "score_mod"); g && rows * n > 0) {
    std::vector<double> lo(x.size()), hi(x.size());
    for (size_t at = 0; at < x.size(); ++at) lo[at] = x[at] - dx[at], hi[at] = x[at] + dx[at];
    dx = modified_errors(*g, s, ks, shape, x, lo, hi);
  }
  std::vector<double> y(static_cast<size_t>(c.expected[0].size()), 0);
  std::vector<SoftmaxErrors> soft(rows);
  for (size_t row = 0; row < rows; ++row) {
    const std::vector<double> sr(x.begin() + static_cast<std::ptrdiff_t>(row * n),
                                 x.begin() + static_cast<std::ptrdiff_t>((row + 1) * n));
    const std::vector<double> dr(dx.begin() + static_cast<std::ptrdiff_t>(row * n),
                                 dx.begin() + static_cast<std::ptrdiff_t>((row + 1) * n));
    for (double v : sr) special[row] = special[row] || std::isnan(v) || v == kFlexInf;
    if (!special[row]) soft[row] = softmax_errors(sr, dr, k1, ks);
  }
  std::vector<double> weights(rows * n, 0), dweights(rows * n, 0);  // what multiplies V, and its error
  for (size_t row = 0; row < rows; ++row)
    for (size_t j = 0; j < n && !special[row]; ++j) {
      weights[row * n + j] = soft[row].p[j];
      dweights[row * n + j] = soft[row].p[j] * soft[row].rel[j];
    }
  if (const onnx::GraphProto* g = flex_modifier_of(c.node, "prob_mod"); g && rows * n > 0) {
    std::vector<double> lo(weights.size()), hi(weights.size());
    for (size_t at = 0; at < weights.size(); ++at)
      lo[at] = weights[at] - dweights[at], hi[at] = weights[at] + dweights[at];
    dweights = modified_errors(*g, s, ks, shape, weights, lo, hi);
  }
  const double count = static_cast<double>(n);
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.q_heads; ++h)
      for (int64_t i = 0; i < p.q_len; ++i) {
        const size_t row = static_cast<size_t>((b * p.q_heads + h) * p.q_len + i);
        const bool masked = std::all_of(x.begin() + static_cast<std::ptrdiff_t>(row * n),
                                        x.begin() + static_cast<std::ptrdiff_t>((row + 1) * n),
                                        [](double v) { return v == -kFlexInf; });
        if (special[row] || masked) continue;
        for (int64_t v = 0; v < p.v_head_size; ++v) {
          double carried = 0, mass = 0, value = 0;
          for (size_t j = 0; j < n; ++j) {
            const double vj = p.value_row(b, p.kv_head_of(h), static_cast<int64_t>(j))[v];
            carried += dweights[row * n + j] * std::fabs(vj);
            mass += std::fabs(weights[row * n + j] * vj);
            value += weights[row * n + j] * vj;
          }
          const double err =
              carried + k1.gamma(count + 1) * mass + k1.u * std::fabs(value) + 2 * (count + 1) * k1.eta;
          y[static_cast<size_t>(p.y_index(b, h, i, v))] =
              soft[row].vacuous || !std::isfinite(err) ? kFlexInf : err;
        }
      }
  return {y};
}

}  // namespace touchstone::cases
