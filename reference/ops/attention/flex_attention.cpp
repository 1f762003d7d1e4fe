// ai.onnx.preview FlexAttention-1: Scores = (Q K^T) scale; Scores = score_mod(Scores); Probs =
// Softmax(Scores); Probs = prob_mod(Probs); Y = Probs V, over rank-4 Q, K, V, query head h
// reading KV head floor(h / group) (the text fixes it). Without modifiers Y is Attention's exact
// value rounded once to T1 (exact_row.h: dot products exact, 1/sqrt(head_size), exp and the
// weighted sum in interval arithmetic at rising precision). The text fixes two roundings, and
// only where a modifier runs: the modifiers take and give tensors of S = softmax_precision's type
// (float for non-double T1, double for double, unless stated), so the scores handed to score_mod
// are the exact scale q.k rounded once to S, and the probabilities handed to prob_mod are the
// exact softmax (of the modified scores, or of the exact scores without score_mod) rounded once
// to S. Every other step is exact: the softmax of score_mod's S values, and Y = sum_j p_j V_j
// from prob_mod's values (or the exact weights), rounded once to T1. The modifiers run through
// the executor's subgraph mechanism in the node's scope; each must have one input and one
// output, tensors of type S (rank 4 where declared), and give back its input's shape (refused
// otherwise). Left open (marked implementation-defined): a row whose modified scores are all
// -inf (0/0 in the text's softmax; the reference gives zeros, as Attention's text and
// PyTorch's flex_attention do), NaN or +inf in a row (a long double evaluation).
#include "reference/ops/attention/flex_attention.h"

#include <algorithm>
#include <cmath>

#include "reference/numeric/accumulator.h"
#include "reference/ops/attention/attention_ops.h"
#include "reference/ops/attention/exact_row.h"
#include "reference/ops/control/control_values.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops {

namespace attention {

Plan flex_attention_plan(const Node& node, const Inputs& in) {
  const std::string rule = node.op_version() + ": ";
  const Shape &q = in[0].shape(), &k = in[1].shape(), &v = in[2].shape();
  if (q.size() != 4 || k.size() != 4 || v.size() != 4)
    invalid_model(rule + "Q, K and V MUST be rank-4 tensors: got " + shape_to_string(q) + ", " +
                  shape_to_string(k) + ", " + shape_to_string(v));
  if (k[0] != q[0] || v[0] != q[0]) invalid_model(rule + "Q, K and V have the same batch_size");
  if (k[3] != q[3]) invalid_model(rule + "Q and K have the same head_size");
  if (v[1] != k[1] || v[2] != k[2])
    invalid_model(rule + "K and V have the same kv_num_heads and kv_sequence_length");
  if (k[1] <= 0 || q[1] % k[1] != 0) invalid_model(rule + "q_num_heads must be a multiple of kv_num_heads");
  if (auto sp = node.attr_opt_int("softmax_precision"); sp && *sp != 1 && *sp != 10 && *sp != 11 && *sp != 16)
    invalid_model(
        rule + "softmax_precision names a float type: 1 (float), 10 (float16), 11 (double) or 16 (bfloat16)");
  Plan p;
  p.batch = q[0], p.q_heads = q[1], p.kv_heads = k[1], p.q_len = q[2], p.kv_len = k[2], p.total = k[2];
  p.head_size = q[3], p.v_head_size = v[3];
  if (node.has_attr("scale")) p.scale = node.attr_float("scale", 1.0f);
  p.q = norm::doubles_of(in[0]);
  p.keys = norm::doubles_of(in[1]);
  p.values = norm::doubles_of(in[2]);
  p.bias.assign(static_cast<size_t>(p.batch * p.q_heads * p.q_len * p.total), 0.0);
  p.key_type = in[1].dtype(), p.value_type = in[2].dtype();
  return p;
}

DType flex_softmax_type(const Node& node, DType t1) {
  if (auto sp = node.attr_opt_int("softmax_precision")) return static_cast<DType>(*sp);
  return t1 == DType::kDouble ? DType::kDouble : DType::kFloat;
}

Plan scores_plan(const Plan& p, const std::vector<double>& scores) {
  Plan s = p;
  s.head_size = 1, s.scale = 1.0f;
  s.q.assign(static_cast<size_t>(p.batch * p.q_heads * p.q_len), 0.0);
  s.keys.assign(static_cast<size_t>(p.batch * p.kv_heads * p.total), 0.0);
  s.bias = scores;
  return s;
}

void check_modifier(const Node& node, const std::string& attr, DType s) {
  const onnx::GraphProto& g = control::subgraph_of(node, attr);
  const std::string rule = node.op_version() + ": " + attr + " ";
  if (control::formal_input_count(g) != 1 || g.output_size() != 1)
    invalid_model(rule + "takes exactly one input and produces exactly one output (it has " +
                  std::to_string(control::formal_input_count(g)) + " and " + std::to_string(g.output_size()) +
                  ")");
  const std::string type = "a rank-4 tensor of softmax_precision's type (" + std::string(dtype_name(s)) + ")";
  auto check = [&](const onnx::ValueInfoProto& v, const char* what) {
    if (!v.has_type()) return;
    if (!v.type().has_tensor_type()) invalid_model(rule + what + " is " + type);
    const auto& t = v.type().tensor_type();
    if (t.elem_type() != 0 && t.elem_type() != static_cast<int>(s))
      invalid_model(rule + what + " is " + type);
    if (t.has_shape() && t.shape().dim_size() != 4) invalid_model(rule + what + " is " + type);
  };
  for (const auto& input : g.input())
    if (std::none_of(g.initializer().begin(), g.initializer().end(),
                     [&](const auto& i) { return i.name() == input.name(); }))
      check(input, "input");
  check(g.output(0), "output");
}

}  // namespace attention

namespace {

using attention::ExactRow;
using attention::Plan;

Tensor run_flex_modifier(const Node& node, const std::string& attr, Tensor input) {
  const Shape shape = input.shape();
  const DType type = input.dtype();
  Values out = node.run_subgraph(attr, {Value(std::move(input))});
  if (out.size() != 1 || !out[0].is_tensor() || out[0].tensor().dtype() != type ||
      out[0].tensor().shape() != shape)
    invalid_model(node.op_version() + ": " + attr + "'s output must have its input's shape " +
                  shape_to_string(shape) + " and element type");
  return std::move(out[0]).take_tensor();
}

void mark_flex_row(const Node& node, const ExactRow& row) {
  if (row.special())
    node.mark(Semantics::kImplementationDefined, "NaN or inf in an attention row (a long double evaluation)");
  if (row.fully_masked())
    node.mark(Semantics::kImplementationDefined,
              "a row whose scores are all -inf (softmax 0/0; the reference: zeros)");
}

}  // namespace

Tensors flex_attention_v1(const Node& node, const Inputs& in) {
  const Plan p = attention::flex_attention_plan(node, in);
  const DType t1 = in[0].dtype(), s = attention::flex_softmax_type(node, t1);
  const bool score_mod = node.has_attr("score_mod"), prob_mod = node.has_attr("prob_mod");
  if (score_mod) attention::check_modifier(node, "score_mod", s);
  if (prob_mod) attention::check_modifier(node, "prob_mod", s);
  node.record_terms(std::max<int64_t>({1, p.head_size, p.total}));
  const numeric::FloatFormat f1 = norm::format_of(t1), fs = norm::format_of(s);
  const Shape score_shape{p.batch, p.q_heads, p.q_len, p.total};
  auto each_row = [&](auto fn) {
    for (int64_t b = 0; b < p.batch; ++b)
      for (int64_t h = 0; h < p.q_heads; ++h)
        for (int64_t i = 0; i < p.q_len; ++i)
          fn(b, h, i, static_cast<size_t>(((b * p.q_heads + h) * p.q_len + i) * p.total));
  };
  Plan weighing = p;  // the plan whose softmax weighs V: the exact scores, or score_mod's
  if (score_mod) {
    std::vector<double> scores(static_cast<size_t>(element_count(score_shape)));
    each_row([&](int64_t b, int64_t h, int64_t i, size_t at) {
      ExactRow row(p, b, h, i);
      if (row.special())
        node.mark(Semantics::kImplementationDefined,
                  "NaN or inf in an attention row (a long double evaluation)");
      for (int64_t j = 0; j < p.total; ++j) scores[at + static_cast<size_t>(j)] = row.score(j, 0, fs);
    });
    weighing = attention::scores_plan(
        p, norm::doubles_of(run_flex_modifier(node, "score_mod", norm::tensor_of(s, score_shape, scores))));
  }
  std::vector<double> y(static_cast<size_t>(p.batch * p.q_heads * p.q_len * p.v_head_size));
  if (!prob_mod) {
    each_row([&](int64_t b, int64_t h, int64_t i, size_t) {
      ExactRow row(weighing, b, h, i);
      mark_flex_row(node, row);
      for (int64_t v = 0; v < p.v_head_size; ++v)
        y[static_cast<size_t>(p.y_index(b, h, i, v))] = row.output(v, f1);
    });
    return {norm::tensor_of(t1, {p.batch, p.q_heads, p.q_len, p.v_head_size}, y)};
  }
  std::vector<double> probs(static_cast<size_t>(element_count(score_shape)));
  each_row([&](int64_t b, int64_t h, int64_t i, size_t at) {
    ExactRow row(weighing, b, h, i);
    mark_flex_row(node, row);
    for (int64_t j = 0; j < p.total; ++j) probs[at + static_cast<size_t>(j)] = row.score(j, 3, fs);
  });
  const std::vector<double> modified =
      norm::doubles_of(run_flex_modifier(node, "prob_mod", norm::tensor_of(s, score_shape, probs)));
  each_row([&](int64_t b, int64_t h, int64_t i, size_t at) {
    for (int64_t v = 0; v < p.v_head_size; ++v) {
      numeric::ExactAccumulator acc;
      for (int64_t j = 0; j < p.total; ++j)
        acc.add_product(modified[at + static_cast<size_t>(j)], p.value_row(b, p.kv_head_of(h), j)[v]);
      y[static_cast<size_t>(p.y_index(b, h, i, v))] = acc.rounded(f1);
    }
  });
  return {norm::tensor_of(t1, {p.batch, p.q_heads, p.q_len, p.v_head_size}, y)};
}

}  // namespace touchstone::ops
