// LinearAttention-27's shapes, heads and inputs (linear_attention_plan.h). The text's rules, each
// refusal naming its own: query, key, value 3-D packed (B, T, H * D) with the same B and T;
// q_num_heads a positive multiple of kv_num_heads; each packed last dimension divisible by its
// heads; key's d_k that of the query; past_state (B, H_kv, d_k, d_v); decay (B, T, H_kv * d_k)
// or (B, T, H_kv), required by gated and gated_delta; beta (B, T, H_kv) or (B, T, 1), required
// by delta and gated_delta; update_rule one of the four names.
// What the text leaves open (marked implementation-defined): which query heads share a KV head
// (the reference: floor(h / group), FlexAttention's and Attention's choice); chunk_size <= 0 (a
// "tuning hint" that "does not affect output correctness" and has no stated range: the
// sequential recurrence is computed all the same). decay or beta given to a rule whose formula
// does not use them is ignored (the formulas fix it). Without past_state the type S of
// present_state is bound by nothing but the model's declaration: the reference gives T.
#include "reference/ops/attention/linear_attention_plan.h"

#include <string>

#include "reference/ops/norm/standardize.h"

namespace touchstone::ops::linear_attention {

namespace {

std::string dims(const Shape& s) { return shape_to_string(s); }

Rule rule_of(const Node& node) {
  const std::string r = node.attr_string("update_rule", "gated_delta");
  if (r == "linear") return Rule::kLinear;
  if (r == "gated") return Rule::kGated;
  if (r == "delta") return Rule::kDelta;
  if (r == "gated_delta") return Rule::kGatedDelta;
  invalid_model(node.op_version() +
                ": update_rule is one of 'linear', 'gated', 'delta', 'gated_delta' (not '" + r + "')");
}

}  // namespace

Plan linear_attention_plan(const Node& node, const Inputs& in) {
  const std::string rule = node.op_version() + ": ";
  Plan p;
  p.rule = rule_of(node);
  const Shape &qs = in[0].shape(), &ks = in[1].shape(), &vs = in[2].shape();
  if (qs.size() != 3 || ks.size() != 3 || vs.size() != 3)
    invalid_model(rule + "query, key and value are 3-D packed (B, T, H * D): got " + dims(qs) + ", " +
                  dims(ks) + ", " + dims(vs));
  if (ks[0] != qs[0] || vs[0] != qs[0] || ks[1] != qs[1] || vs[1] != qs[1])
    invalid_model(rule + "query, key and value have the same batch size B and sequence length T");
  p.q_heads = node.attr_int("q_num_heads", 0);
  p.kv_heads = node.attr_int("kv_num_heads", 0);
  if (p.kv_heads <= 0 || p.q_heads <= 0 || p.q_heads % p.kv_heads != 0)
    invalid_model(rule + "q_num_heads must be a positive multiple of kv_num_heads (" +
                  std::to_string(p.q_heads) + ", " + std::to_string(p.kv_heads) + ")");
  if (qs[2] % p.q_heads != 0)
    invalid_model(rule + "query's last dimension (" + std::to_string(qs[2]) +
                  ") is H_q * d_k: divisible by q_num_heads");
  if (ks[2] % p.kv_heads != 0)
    invalid_model(rule + "key's last dimension (" + std::to_string(ks[2]) +
                  ") is H_kv * d_k: divisible by kv_num_heads");
  if (vs[2] % p.kv_heads != 0)
    invalid_model(rule + "value's last dimension (" + std::to_string(vs[2]) +
                  ") is H_kv * d_v: divisible by kv_num_heads");
  p.batch = qs[0], p.seq = qs[1], p.dk = qs[2] / p.q_heads, p.dv = vs[2] / p.kv_heads;
  if (ks[2] / p.kv_heads != p.dk)
    invalid_model(rule + "key's head size (its last dimension / kv_num_heads) is query's d_k");
  if (in.has(3) && in[3].shape() != p.state_shape())
    invalid_model(rule + "past_state is (B, H_kv, d_k, d_v) = " + dims(p.state_shape()) + ", not " +
                  dims(in[3].shape()));
  if (in.has(4)) {
    const Shape& d = in[4].shape();
    const bool per_key = d == Shape{p.batch, p.seq, p.kv_heads * p.dk},
               per_head = d == Shape{p.batch, p.seq, p.kv_heads};
    if (!per_key && !per_head)
      invalid_model(rule + "decay is (B, T, H_kv * d_k) or (B, T, H_kv), not " + dims(d));
    p.decay_per_key = per_key;
    p.decay = norm::doubles_of(in[4]);
  } else if (p.gated()) {
    invalid_model(rule + "update_rule '" + node.attr_string("update_rule", "gated_delta") +
                  "' requires decay");
  }
  if (in.has(5)) {
    const Shape& b = in[5].shape();
    const bool per_head = b == Shape{p.batch, p.seq, p.kv_heads}, shared = b == Shape{p.batch, p.seq, 1};
    if (!per_head && !shared) invalid_model(rule + "beta is (B, T, H_kv) or (B, T, 1), not " + dims(b));
    p.beta_per_head = per_head;
    p.beta = norm::doubles_of(in[5]);
  } else if (p.delta()) {
    invalid_model(rule + "update_rule '" + node.attr_string("update_rule", "gated_delta") +
                  "' requires beta");
  }
  if (const float s = node.attr_float("scale", 0.0f); s != 0) p.scale = s;
  if (node.attr_int("chunk_size", 64) <= 0)
    node.mark(Semantics::kImplementationDefined,
              "chunk_size <= 0 (a tuning hint with no stated range that does not affect the output: the "
              "sequential recurrence)");
  if (p.q_heads != p.kv_heads)
    node.mark(Semantics::kImplementationDefined,
              "grouped KV heads: the text does not say which query heads share a KV head (the reference: "
              "floor(h / group))");
  p.q = norm::doubles_of(in[0]);
  p.k = norm::doubles_of(in[1]);
  p.v = norm::doubles_of(in[2]);
  if (in.has(3)) p.past = norm::doubles_of(in[3]);
  p.out_type = in[0].dtype();
  p.state_type = in.has(3) ? in[3].dtype() : in[0].dtype();
  return p;
}

}  // namespace touchstone::ops::linear_attention
