// What one LinearAttention-27 node computes, read from its inputs and attributes
// (linear_attention_plan.cpp has the rules and their refusals): the update rule, the heads and
// head sizes unpacked from the 3-D packed inputs, the scale, and every input as exact doubles.
// The kernel (linear_attention.cpp), the judging contract's bound and the fault backend read it.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::linear_attention {

enum class Rule { kLinear, kGated, kDelta, kGatedDelta };

struct Plan {
  int64_t batch = 0, seq = 0, q_heads = 0, kv_heads = 0, dk = 0, dv = 0;
  Rule rule = Rule::kGatedDelta;
  std::optional<float> scale;  // a non-zero attribute; absent or 0: 1/sqrt(d_k), the real number
  bool decay_per_key = false;  // decay (B, T, H_kv * d_k); else (B, T, H_kv)
  bool beta_per_head = false;  // beta (B, T, H_kv); else (B, T, 1)
  // (B, T, H * D) packed, as given; past (B, H_kv, d_k, d_v), empty when absent (zeros).
  std::vector<double> q, k, v, past, decay, beta;
  DType out_type = DType::kFloat, state_type = DType::kFloat;

  bool gated() const { return rule == Rule::kGated || rule == Rule::kGatedDelta; }
  bool delta() const { return rule == Rule::kDelta || rule == Rule::kGatedDelta; }
  int64_t kv_head_of(int64_t h) const { return h / (q_heads / kv_heads); }
  double q_at(int64_t b, int64_t t, int64_t h, int64_t i) const {
    return q[at(((b * seq + t) * q_heads + h) * dk + i)];
  }
  double k_at(int64_t b, int64_t t, int64_t hk, int64_t i) const {
    return k[at(((b * seq + t) * kv_heads + hk) * dk + i)];
  }
  double v_at(int64_t b, int64_t t, int64_t hk, int64_t j) const {
    return v[at(((b * seq + t) * kv_heads + hk) * dv + j)];
  }
  double past_at(int64_t b, int64_t hk, int64_t i, int64_t j) const {
    return past.empty() ? 0.0 : past[at(state_index(b, hk, i, j))];
  }
  // g_t for key dimension i (the head's one value when the decay is per head).
  double decay_at(int64_t b, int64_t t, int64_t hk, int64_t i) const {
    return decay_per_key ? decay[at(((b * seq + t) * kv_heads + hk) * dk + i)]
                         : decay[at((b * seq + t) * kv_heads + hk)];
  }
  double beta_at(int64_t b, int64_t t, int64_t hk) const {
    return beta_per_head ? beta[at((b * seq + t) * kv_heads + hk)] : beta[at(b * seq + t)];
  }
  int64_t output_index(int64_t b, int64_t t, int64_t h, int64_t j) const {
    return ((b * seq + t) * q_heads + h) * dv + j;
  }
  int64_t state_index(int64_t b, int64_t hk, int64_t i, int64_t j) const {
    return ((b * kv_heads + hk) * dk + i) * dv + j;
  }
  Shape output_shape() const { return {batch, seq, q_heads * dv}; }
  Shape state_shape() const { return {batch, kv_heads, dk, dv}; }

 private:
  static size_t at(int64_t i) { return static_cast<size_t>(i); }
};

// The plan of a LinearAttention-27 node, refusing what the text forbids (each refusal names
// its rule) and marking what it leaves open.
Plan linear_attention_plan(const Node& node, const Inputs& in);

}  // namespace touchstone::ops::linear_attention
