// BatchNormalization-1, 6, 7, 9, 14, 15: Y = (X - mean) / sqrt(var + epsilon) * scale + B per
// channel, the exact real value rounded once (standardize.h), with the given statistics
// (inference) or the batch's own (training: mean and population variance over every axis
// but the channel's, exact sums; running statistics input * momentum + current *
// (1 - momentum), exact, rounded once).
//
// - 1: X is 4-D (NCHW); attributes is_test (default 0: training), spatial, consumed_inputs;
//   outputs Y, mean, var (running), saved_mean, saved_var (the batch's). 6: X (N, C, D...).
// - 7: no is_test: the text ties the mode to the outputs (Y alone: test mode; more: training).
//   spatial = 0: scale, B, mean and var are (C x D1 x ... x Dn), statistics over N alone.
// - 9: no spatial (per channel); X of rank 1 is (N) with C = 1. 14: training_mode with
//   outputs running_mean and running_var (type U of the statistics); extra outputs with
//   training_mode 0 are invalid, and training_mode 1 has all three (output case #1). 15: scale and B in their own type T1, statistics in T2.
// What ONNX leaves open (marked implementation-defined; the answer given):
// - training mode before 14: the text names the outputs but defines no formula (the
//   momentum rule is an "e.g."; saved_var could be a variance or an inverse deviation): Y
//   from the batch's mean and population variance, running = input * momentum + batch *
//   (1 - momentum), saved_mean and saved_var the batch's mean and population variance. 1 and 6
//   with is_test 0 and Y alone (the text pairs is_test 0 with five outputs) train likewise.
// - spatial = 0 in 1 and 6: their text keeps the parameters (C); the reference takes 7's
//   (C x D1 x ... x Dn).
// - var + epsilon <= 0 (IEEE: NaN, or (x - mean) * scale / 0); NaN or infinities among the
//   inputs (the double formula's IEEE answer); an empty batch in training (statistics 0/0:
//   NaN running statistics).
#include <algorithm>
#include <cmath>
#include <string>

#include "reference/numeric/exp_sums.h"
#include "reference/ops/norm/norm_ops.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops {

namespace {

using norm::Standardizer;

// X as (N, C, inner): element e is channel (e / inner) % C at position e % inner.
struct Layout {
  int64_t n = 1, c = 1, inner = 1;
  int64_t channel(int64_t e) const { return (e / inner) % c; }
  int64_t position(int64_t e) const { return e % inner; }
};

struct BnRules {
  bool training = false;
  bool per_position = false;  // spatial = 0: parameters (C x D...), statistics over N alone
  int exact_rank = 0;         // 1: 4
  int min_rank = 2;           // 9 on: 1
};

Layout layout_of(const Tensor& x, const BnRules& r) {
  const Shape& s = x.shape();
  const int64_t rank = static_cast<int64_t>(s.size());
  if (r.exact_rank && rank != r.exact_rank) invalid_model("X is 4-dimensional (N, C, H, W), got rank " + std::to_string(rank));
  if (rank < r.min_rank)
    invalid_model(std::string("X is (N, C, D1, ..., Dn)") + (r.min_rank == 1 ? " or (N)" : "") + ", got rank " +
                  std::to_string(rank));
  Layout l;
  l.n = s[0];
  l.c = rank >= 2 ? s[1] : 1;
  for (int64_t d = 2; d < rank; ++d) l.inner *= s[static_cast<size_t>(d)];
  return l;
}

Shape parameter_shape(const Tensor& x, const BnRules& r) {
  const Shape& s = x.shape();
  if (s.size() < 2) return {1};
  if (!r.per_position) return {s[1]};
  return Shape(s.begin() + 1, s.end());
}

void check_parameters(const Inputs& in, const Shape& want, const BnRules& r) {
  const char* names[] = {"scale", "B", "mean", "var"};
  for (size_t k = 1; k <= 4; ++k)
    if (in[k].shape() != want)
      invalid_model(std::string(names[k - 1]) + " is " + (r.per_position ? "(C x D1 x ... x Dn)" : "(C)") + " = " +
                    shape_to_string(want) + ", got " + shape_to_string(in[k].shape()));
}

// (x - m) / sqrt(v + eps) * s + b in double: the inputs' specials (IEEE's answer).
double ieee_formula(double x, double m, double v, double eps, double s, double b) {
  return (x - m) / std::sqrt(v + eps) * s + b;
}

void mark_denominator(const Node& node, int sign) {
  if (sign < 0) node.mark(Semantics::kImplementationDefined, "var + epsilon < 0: sqrt of a negative (NaN)");
  if (sign == 0) node.mark(Semantics::kImplementationDefined, "var + epsilon = 0: (x - mean) * scale / 0 (inf or NaN)");
}

struct Parameters {
  std::vector<double> scale, bias, mean, var;
  explicit Parameters(const Inputs& in)
      : scale(norm::doubles_of(in[1])), bias(norm::doubles_of(in[2])), mean(norm::doubles_of(in[3])),
        var(norm::doubles_of(in[4])) {}
};

Tensor inference(const Node& node, const Inputs& in, const Layout& l, const BnRules& r, double eps) {
  const Parameters p(in);
  const std::vector<double> x = norm::doubles_of(in[0]);
  const auto format = norm::format_of(in[0].dtype());
  std::vector<double> y(x.size());
  std::vector<std::unique_ptr<Standardizer>> by_param(p.mean.size());
  for (size_t e = 0; e < x.size(); ++e) {
    const int64_t c = l.channel(static_cast<int64_t>(e));
    const size_t k = static_cast<size_t>(r.per_position ? c * l.inner + l.position(static_cast<int64_t>(e)) : c);
    const double v[] = {x[e], p.mean[k], p.var[k], p.scale[k], p.bias[k]};
    if (!std::all_of(std::begin(v), std::end(v), [](double d) { return std::isfinite(d); })) {
      node.mark(Semantics::kImplementationDefined, "NaN or infinity among X, scale, B, mean, var (IEEE's answer)");
      y[e] = ieee_formula(x[e], p.mean[k], p.var[k], eps, p.scale[k], p.bias[k]);
      continue;
    }
    if (!by_param[k]) by_param[k] = std::make_unique<Standardizer>(p.mean[k], p.var[k], eps);
    mark_denominator(node, by_param[k]->denominator_sign());
    y[e] = by_param[k]->apply(x[e], p.scale[k], p.bias[k], format);
  }
  return norm::tensor_of(in[0].dtype(), in[0].shape(), y);
}

// Training: Y from the batch's statistics, and the four statistics per group (running mean
// and variance, the batch's mean and variance), one group per parameter index.
Tensors training(const Node& node, const Inputs& in, const Layout& l, const BnRules& r, double eps, double momentum) {
  const Parameters p(in);
  const std::vector<double> x = norm::doubles_of(in[0]);
  const auto format = norm::format_of(in[0].dtype()), stats_format = norm::format_of(in[3].dtype());
  const size_t groups = p.mean.size();
  std::vector<double> y(x.size()), run_mean(groups), run_var(groups), saved_mean(groups), saved_var(groups);
  const int64_t members = r.per_position ? l.n : l.n * l.inner;
  node.record_terms(members);
  if (members == 0)
    node.mark(Semantics::kImplementationDefined, "training on an empty batch: the statistics are 0/0 (NaN)");
  numeric::ExactAccumulator sum, squares;
  std::vector<int64_t> index;
  for (size_t g = 0; g < groups; ++g) {
    const auto gi = static_cast<int64_t>(g);
    const int64_t c = r.per_position ? gi / l.inner : gi;
    const int64_t first = r.per_position ? gi % l.inner : 0, last = r.per_position ? first + 1 : l.inner;
    index.clear();
    for (int64_t b = 0; b < l.n; ++b)
      for (int64_t i = first; i < last; ++i) index.push_back((b * l.c + c) * l.inner + i);
    sum.clear();
    squares.clear();
    for (int64_t e : index) sum.add(x[e]), squares.add_product(x[e], x[e]);
    const bool special = sum.is_nan() || sum.is_inf() || squares.is_nan() || squares.is_inf() ||
                         !std::isfinite(p.scale[g]) || !std::isfinite(p.bias[g]) || !std::isfinite(p.mean[g]) ||
                         !std::isfinite(p.var[g]);
    if (special || index.empty()) {
      if (special) node.mark(Semantics::kImplementationDefined, "NaN or infinity in a training batch or its parameters (NaN)");
      for (int64_t e : index) y[e] = NAN;
      run_mean[g] = run_var[g] = saved_mean[g] = saved_var[g] = NAN;
      continue;
    }
    const auto n = static_cast<int64_t>(index.size());
    const Standardizer st(sum, squares, n, eps);
    mark_denominator(node, st.denominator_sign());
    for (int64_t e : index) y[e] = st.apply(x[e], p.scale[g], p.bias[g], format);
    numeric::MpfrValue s(2), q(2);
    sum.exact(s);
    squares.exact(q);
    run_mean[g] = norm::running_mean(p.mean[g], momentum, s, n, stats_format);
    run_var[g] = norm::running_var(p.var[g], momentum, s, q, n, stats_format);
    saved_mean[g] = numeric::sum_divided(sum, static_cast<unsigned long>(n), format);
    saved_var[g] = norm::population_var(s, q, n, format);
  }
  const DType t = in[0].dtype(), u = in[3].dtype();
  const Shape& ps = in[3].shape();
  return {norm::tensor_of(t, in[0].shape(), y), norm::tensor_of(u, ps, run_mean), norm::tensor_of(u, ps, run_var),
          norm::tensor_of(t, ps, saved_mean), norm::tensor_of(t, ps, saved_var)};
}

Tensors batch_normalization(const Node& node, const Inputs& in, const BnRules& r, double momentum) {
  const Layout l = layout_of(in[0], r);
  check_parameters(in, parameter_shape(in[0], r), r);
  const double eps = node.attr_float("epsilon", 1e-5f);
  if (!r.training) return {inference(node, in, l, r, eps)};
  return training(node, in, l, r, eps, momentum);
}

int outputs_of(const Node& node) { return node.proto().output_size(); }

// 1, 6, 7: spatial; 1, 6: is_test. Training is the open mode of these versions (above).
Tensors legacy(const Node& node, const Inputs& in, BnRules r, bool has_is_test) {
  r.per_position = node.attr_int("spatial", 1) == 0;
  if (r.per_position)
    node.mark(Semantics::kImplementationDefined, "spatial = 0: parameters (C x D1 x ... x Dn), statistics over N");
  if (has_is_test) {
    const bool is_test = node.attr_int("is_test", 0) != 0;
    if (is_test && outputs_of(node) > 1)
      invalid_model("is_test = 1 (test mode) has output Y alone; mean, var, saved_mean and saved_var are training's");
    r.training = !is_test;
  } else {
    r.training = outputs_of(node) > 1;
  }
  if (r.training)
    node.mark(Semantics::kImplementationDefined,
              "training mode before 14: batch mean and population variance; running = input * momentum + batch * (1 - momentum)");
  return batch_normalization(node, in, r, node.attr_float("momentum", 0.9f));
}

}  // namespace

Tensors batch_normalization_v1(const Node& node, const Inputs& in) { return legacy(node, in, {.exact_rank = 4}, true); }
Tensors batch_normalization_v6(const Node& node, const Inputs& in) { return legacy(node, in, {}, true); }
Tensors batch_normalization_v7(const Node& node, const Inputs& in) { return legacy(node, in, {}, false); }

Tensors batch_normalization_v9(const Node& node, const Inputs& in) {
  BnRules r{.min_rank = 1};
  r.training = outputs_of(node) > 1;
  if (r.training)
    node.mark(Semantics::kImplementationDefined,
              "training mode before 14: batch mean and population variance; running = input * momentum + batch * (1 - momentum)");
  return batch_normalization(node, in, r, node.attr_float("momentum", 0.9f));
}

// 14 and 15 (15 only widens scale and B to their own type T1).
Tensors batch_normalization_v14(const Node& node, const Inputs& in) {
  BnRules r{.min_rank = 1};
  r.training = node.attr_int("training_mode", 0) != 0;
  if (!r.training && outputs_of(node) > 1)
    invalid_model("training_mode = 0 has output Y alone: running_mean and running_var are invalid");
  // Output case #1; ONNX's shape inference refuses another count too.
  if (r.training && outputs_of(node) != 3)
    invalid_model("training_mode = 1 has three outputs: Y, running_mean, running_var (output case #1)");
  Tensors out = batch_normalization(node, in, r, node.attr_float("momentum", 0.9f));
  out.resize(r.training ? 3 : 1);
  return out;
}

}  // namespace touchstone::ops
