// What one Attention node computes, read from its inputs and attributes by each version's
// rules (attention.cpp has the rules and their refusals): the queries, the present keys and
// values (past ++ new, on the sequence axis) as exact doubles in 4-D order, and the additive
// bias of every (batch, query head, query, key) — the float mask's value, or -inf where the
// boolean mask, the causal frontier, the padding (nonpad_kv_seqlen) or the window (25)
// disallows the key. The kernel and the judging contract's bound both read it.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::attention {

struct Plan {
  int64_t batch = 0, q_heads = 0, kv_heads = 0, q_len = 0, kv_len = 0, past_len = 0, total = 0;
  int64_t head_size = 0, v_head_size = 0;
  bool q_three_d = false;  // Y is 3-D (batch, q_len, q_heads * v_head_size)
  std::optional<float> scale;  // the attribute; absent: 1/sqrt(head_size), the real number
  double softcap = 0;          // 0: none
  int64_t qk_mode = 0;
  // In 4-D order: q (batch, q_heads, q_len, head_size), keys (batch, kv_heads, total,
  // head_size), values (batch, kv_heads, total, v_head_size), bias (batch, q_heads, q_len, total).
  std::vector<double> q, keys, values, bias;
  DType key_type = DType::kFloat, value_type = DType::kFloat;

  int64_t kv_head_of(int64_t h) const { return h / (q_heads / kv_heads); }
  const double* q_row(int64_t b, int64_t h, int64_t i) const { return &q[static_cast<size_t>(((b * q_heads + h) * q_len + i) * head_size)]; }
  const double* key_row(int64_t b, int64_t hk, int64_t j) const { return &keys[static_cast<size_t>(((b * kv_heads + hk) * total + j) * head_size)]; }
  const double* value_row(int64_t b, int64_t hk, int64_t j) const { return &values[static_cast<size_t>(((b * kv_heads + hk) * total + j) * v_head_size)]; }
  const double* bias_row(int64_t b, int64_t h, int64_t i) const { return &bias[static_cast<size_t>(((b * q_heads + h) * q_len + i) * total)]; }
  // Y's flat index of (b, h, i, v) in Y's own layout (3-D or 4-D).
  int64_t y_index(int64_t b, int64_t h, int64_t i, int64_t v) const {
    return q_three_d ? ((b * q_len + i) * q_heads + h) * v_head_size + v : ((b * q_heads + h) * q_len + i) * v_head_size + v;
  }
};

// The plan of an Attention-`version` node (23, 24, 25), refusing what the version's text
// forbids (each refusal names its rule) and marking what it leaves open.
Plan attention_plan(const Node& node, const Inputs& in, int version);

}  // namespace touchstone::ops::attention
