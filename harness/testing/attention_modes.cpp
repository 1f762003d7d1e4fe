// The Attention fault modes (attention_modes.h): the plan (heads, caches, bias) is the
// reference's own (attention_plan.h; FlexAttention's without modifiers, flex_attention.h); the
// arithmetic is a plain backend's: sequential dot products in float32, scale, softcap and the
// bias in float32, a max-subtracted softmax in float32 or float16, the weighted sum of V in
// float32, Y rounded to T1. LinearAttention: the recurrence in float32, its state kept in
// float32 or float16 (linear_attention_plan.h). FlexAttention's modifiers run in the
// reference's executor on S tensors, as a backend would run them.
#include "harness/testing/attention_modes.h"

#include <algorithm>
#include <cmath>

#include "harness/case_contents.h"
#include "reference/catalog.h"
#include "reference/graph.h"
#include "reference/model_builder.h"
#include "reference/numeric/exact.h"
#include "reference/ops/attention/attention_plan.h"
#include "reference/ops/attention/flex_attention.h"
#include "reference/ops/attention/linear_attention_plan.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::testing {

namespace {

using Round = double (*)(double);
double in_float(double v) { return static_cast<float>(v); }
double in_half(double v) { return numeric::widen(numeric::narrow<Float16>(v)); }

// One query row: Y's v_head_size values (before the rounding to T1).
std::vector<double> attend_row(const ops::attention::Plan& p, int64_t b, int64_t h, int64_t i, Round softmax_round) {
  const double scale = in_float(p.scale ? *p.scale : 1 / std::sqrt(static_cast<double>(p.head_size)));
  const double* q = p.q_row(b, h, i);
  const double* bias = p.bias_row(b, h, i);
  const int64_t hk = p.kv_head_of(h);
  std::vector<double> s(static_cast<size_t>(p.total), -INFINITY);
  double best = -INFINITY;
  for (int64_t j = 0; j < p.total; ++j) {
    if (bias[j] == -INFINITY) continue;
    double dot = 0;
    for (int64_t k = 0; k < p.head_size; ++k) dot = in_float(dot + in_float(q[k] * p.key_row(b, hk, j)[k]));
    double x = in_float(dot * scale);
    if (p.softcap != 0) x = in_float(p.softcap * in_float(std::tanh(in_float(x / p.softcap))));
    s[static_cast<size_t>(j)] = in_float(x + bias[j]);
    best = std::max(best, s[static_cast<size_t>(j)]);
  }
  std::vector<double> y(static_cast<size_t>(p.v_head_size), 0);
  if (best == -INFINITY) return y;  // fully masked: zeros
  double sum = 0;
  std::vector<double> w(s.size(), 0);
  for (size_t j = 0; j < s.size(); ++j) {
    if (s[j] == -INFINITY) continue;
    w[j] = softmax_round(std::exp(softmax_round(softmax_round(s[j]) - softmax_round(best))));
    sum = softmax_round(sum + w[j]);
  }
  for (size_t j = 0; j < s.size(); ++j) w[j] = in_float(softmax_round(w[j] / sum));
  for (int64_t v = 0; v < p.v_head_size; ++v)
    for (int64_t j = 0; j < p.total; ++j)
      y[static_cast<size_t>(v)] = in_float(y[static_cast<size_t>(v)] + in_float(w[static_cast<size_t>(j)] * p.value_row(b, hk, j)[v]));
  return y;
}

bool has_modifier_attr(const onnx::NodeProto& node, const char* name) {
  for (const auto& a : node.attribute())
    if (a.name() == name) return true;
  return false;
}

// LinearAttention's recurrence step by step in float32, the state kept in float32 or (the
// half mode) rounded to float16 after every update; output and present_state rounded to their types.
void recur_linear(const ops::linear_attention::Plan& p, Round state_round, std::vector<Tensor>& outputs) {
  std::vector<double> out(static_cast<size_t>(element_count(p.output_shape())), 0), state(static_cast<size_t>(element_count(p.state_shape())), 0);
  const double scale = in_float(p.scale ? *p.scale : 1 / std::sqrt(static_cast<double>(p.dk)));
  const int64_t group = p.q_heads / p.kv_heads;
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t hk = 0; hk < p.kv_heads; ++hk) {
      std::vector<double> s(static_cast<size_t>(p.dk * p.dv));
      auto at = [&](int64_t i, int64_t j) -> double& { return s[static_cast<size_t>(i * p.dv + j)]; };
      for (int64_t i = 0; i < p.dk; ++i)
        for (int64_t j = 0; j < p.dv; ++j) at(i, j) = p.past_at(b, hk, i, j);
      for (int64_t t = 0; t < p.seq; ++t) {
        if (p.gated())
          for (int64_t i = 0; i < p.dk; ++i)
            for (int64_t j = 0; j < p.dv; ++j) at(i, j) = state_round(in_float(at(i, j) * in_float(std::exp(p.decay_at(b, t, hk, i)))));
        for (int64_t j = 0; j < p.dv; ++j) {
          double r = p.v_at(b, t, hk, j);
          if (p.delta()) {
            for (int64_t i = 0; i < p.dk; ++i) r = in_float(r - in_float(at(i, j) * p.k_at(b, t, hk, i)));
            r = in_float(r * p.beta_at(b, t, hk));
          }
          for (int64_t i = 0; i < p.dk; ++i) at(i, j) = state_round(in_float(at(i, j) + in_float(p.k_at(b, t, hk, i) * r)));
        }
        for (int64_t h = hk * group; h < (hk + 1) * group; ++h)
          for (int64_t j = 0; j < p.dv; ++j) {
            double o = 0;
            for (int64_t i = 0; i < p.dk; ++i) o = in_float(o + in_float(p.q_at(b, t, h, i) * at(i, j)));
            out[static_cast<size_t>(p.output_index(b, t, h, j))] = in_float(o * scale);
          }
      }
      for (int64_t i = 0; i < p.dk; ++i)
        for (int64_t j = 0; j < p.dv; ++j) state[static_cast<size_t>(p.state_index(b, hk, i, j))] = at(i, j);
    }
  outputs[0] = ops::norm::tensor_of(outputs[0].dtype(), outputs[0].shape(), out);
  if (outputs.size() > 1) outputs[1] = ops::norm::tensor_of(outputs[1].dtype(), outputs[1].shape(), state);
}

// A FlexAttention modifier run by the reference's executor on `v` as an S tensor of `shape`.
std::vector<double> run_flex_modifier_as_backend(const onnx::NodeProto& node, const char* name, DType s, const Shape& shape, const std::vector<double>& v) {
  for (const auto& a : node.attribute())
    if (a.name() == name) {
      static const ModelContext model{{{"", catalog_max_opset("")}, {"ai.onnx.preview", 1}}, ir_version_for_opset(catalog_max_opset("")), "."};
      RunContext run(model);
      Scope outer;
      return ops::norm::doubles_of(run_graph(a.g(), {Value(ops::norm::tensor_of(s, shape, v))}, outer, run, name).at(0).tensor());
    }
  return v;
}

// FlexAttention with its modifiers as a backend runs it: the scores in float32 cast to S,
// score_mod, the softmax (max-subtracted) in float32 or float16, the probabilities cast to S,
// prob_mod, the weighted sum of V in float32; an all -inf row gives zeros.
std::vector<double> flex_modified(const ops::attention::Plan& p, const onnx::NodeProto& node, DType s, Round softmax_round) {
  const auto n = static_cast<size_t>(p.total);
  const Shape shape{p.batch, p.q_heads, p.q_len, p.total};
  const double scale = in_float(p.scale ? *p.scale : 1 / std::sqrt(static_cast<double>(p.head_size)));
  std::vector<double> scores;
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.q_heads; ++h)
      for (int64_t i = 0; i < p.q_len; ++i)
        for (size_t j = 0; j < n; ++j) {
          double dot = 0;
          for (int64_t k = 0; k < p.head_size; ++k) dot = in_float(dot + in_float(p.q_row(b, h, i)[k] * p.key_row(b, p.kv_head_of(h), static_cast<int64_t>(j))[k]));
          scores.push_back(in_float(dot * scale));
        }
  scores = ops::norm::doubles_of(ops::norm::tensor_of(s, shape, scores));
  scores = run_flex_modifier_as_backend(node, "score_mod", s, shape, scores);
  std::vector<double> probs(scores.size(), 0);
  for (size_t row = 0; n > 0 && row < scores.size() / n; ++row) {
    double best = -INFINITY, sum = 0;
    for (size_t j = 0; j < n; ++j) best = std::max(best, scores[row * n + j]);
    if (best == -INFINITY) continue;
    for (size_t j = 0; j < n; ++j) {
      probs[row * n + j] = softmax_round(std::exp(softmax_round(softmax_round(scores[row * n + j]) - softmax_round(best))));
      sum = softmax_round(sum + probs[row * n + j]);
    }
    for (size_t j = 0; j < n; ++j) probs[row * n + j] = softmax_round(probs[row * n + j] / sum);
  }
  probs = run_flex_modifier_as_backend(node, "prob_mod", s, shape, ops::norm::doubles_of(ops::norm::tensor_of(s, shape, probs)));
  std::vector<double> y(static_cast<size_t>(p.batch * p.q_heads * p.q_len * p.v_head_size), 0);
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.q_heads; ++h)
      for (int64_t i = 0; i < p.q_len; ++i)
        for (int64_t v = 0; v < p.v_head_size; ++v) {
          double acc = 0;
          const size_t row = static_cast<size_t>((b * p.q_heads + h) * p.q_len + i);
          for (size_t j = 0; j < n; ++j) acc = in_float(acc + in_float(probs[row * n + j] * p.value_row(b, p.kv_head_of(h), static_cast<int64_t>(j))[v]));
          y[static_cast<size_t>(p.y_index(b, h, i, v))] = acc;
        }
  return y;
}

}  // namespace

bool is_attention_mode(const std::string& mode) { return mode == "attention-float" || mode == "attention-half-softmax"; }

void reattend(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || outputs.empty()) return;
  const onnx::NodeProto& proto_node = proto.graph().node(0);
  const std::string& op = proto_node.op_type();
  if (op != "Attention" && op != "FlexAttention" && op != "LinearAttention") return;
  std::vector<Tensor> in;
  for (size_t i = 0; i < files.inputs.size(); ++i) in.push_back(harness::case_input_tensor(files, i));
  std::vector<const Tensor*> ptrs;  // by node-input position (omitted ones absent)
  size_t next = 0;
  for (const auto& name : proto_node.input()) ptrs.push_back(name.empty() || next >= in.size() ? nullptr : &in[next++]);
  int version = 23;
  for (const auto& opset : proto.opset_import())
    if (opset.domain().empty() || opset.domain() == "ai.onnx") version = opset.version() >= 25 ? 25 : opset.version() >= 24 ? 24 : 23;
  SemanticsRecord sem;
  const Round softmax_round = mode == "attention-half-softmax" ? in_half : in_float;
  if (op == "LinearAttention") {
    const Node node(proto_node, "LinearAttention-27", sem);
    return recur_linear(ops::linear_attention::linear_attention_plan(node, Inputs(ptrs)), softmax_round, outputs);
  }
  const Node node(proto_node, op + "-" + std::to_string(op == "FlexAttention" ? 1 : version), sem);
  const ops::attention::Plan p = op == "FlexAttention" ? ops::attention::flex_attention_plan(node, Inputs(ptrs))
                                                       : ops::attention::attention_plan(node, Inputs(ptrs), version);
  if (op == "FlexAttention" && (has_modifier_attr(proto_node, "score_mod") || has_modifier_attr(proto_node, "prob_mod"))) {
    const DType s = ops::attention::flex_softmax_type(node, outputs[0].dtype());
    outputs[0] = ops::norm::tensor_of(outputs[0].dtype(), outputs[0].shape(), flex_modified(p, proto_node, s, softmax_round));
    return;
  }
  std::vector<double> y(static_cast<size_t>(outputs[0].size()));
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.q_heads; ++h)
      for (int64_t i = 0; i < p.q_len; ++i) {
        const std::vector<double> row = attend_row(p, b, h, i, softmax_round);
        for (int64_t v = 0; v < p.v_head_size; ++v) y[static_cast<size_t>(p.y_index(b, h, i, v))] = row[static_cast<size_t>(v)];
      }
  outputs[0] = ops::norm::tensor_of(outputs[0].dtype(), outputs[0].shape(), y);
}

}  // namespace touchstone::testing
