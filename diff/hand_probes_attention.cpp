// Hand-written probes of Attention's changes: 24 (nonpad_kv_seqlen, a mask shorter than the
// total sequence, the causal offset nonpad - q_len) and 25 (left/right windows). Q is zero, so
// every allowed key weighs the same and Y is the mean of the allowed values: each probe's
// answer is checked by hand. V holds 2, 4, 8, 16 (one value per key).
#include "diff/hand_probes.h"

namespace touchstone::hand {

namespace {

onnx::AttributeProto att_int(const char* name, int64_t v) { return make_attr(name, v); }
Tensor att_zero_q(int64_t q_len) { return f32({1, 1, q_len, 1}, std::vector<float>(static_cast<size_t>(q_len), 0.0f)); }
Tensor att_keys(int64_t n) { return f32({1, 1, n, 1}, std::vector<float>(static_cast<size_t>(n), 0.0f)); }
Tensor att_values4() { return f32({1, 1, 4, 1}, {2, 4, 8, 16}); }
Tensor att_booleans(Shape s, const std::vector<int>& v) {
  Tensor t(DType::kBool, std::move(s));
  for (size_t i = 0; i < v.size(); ++i) t.data<bool>()[i] = v[i] != 0;
  return t;
}

}  // namespace

// Attention-24: "An additional input nonpad_kv_seqlen of shape (batch_size,)"; "The last
// dimension can also be shorter than total_sequence_length and will be padded ... with
// negative infinity"; the causal offset "nonpad_kv_seqlen - q_sequence_length (per batch)".
std::vector<Probe> attention_24() {
  const Tensor nonpad2 = i64({1}, {2}), nonpad3 = i64({1}, {3});
  return {
      probe("nonpad_kv_seqlen = 2 over 4 keys: refused (23 has six inputs) vs the mean of keys 0..1 = 3 (24)",
            {att_zero_q(1), att_keys(4), att_values4(), nonpad2}, {}, {3, 4, 5}, 1),
      probe("is_causal with nonpad_kv_seqlen = 3, q_len 2: refused (23) vs offset 1: query 0 sees keys 0..1 "
            "(3), query 1 keys 0..2 (14/3) (24)",
            {att_zero_q(2), att_keys(4), att_values4(), nonpad3}, {att_int("is_causal", 1)}, {3, 4, 5}, 1),
      probe("attn_mask [true, false] over 4 keys: refused (23: not broadcastable to 4) vs padded with false: "
            "key 0 alone = 2 (24)",
            {att_zero_q(1), att_keys(4), att_values4(), att_booleans({1, 2}, {1, 0})}, {}, {}, 1),
      probe("is_causal, q_len 2, kv_len 4, no cache: offset 0 in both: query 0 sees key 0 (2), query 1 "
            "keys 0..1 (3)",
            {att_zero_q(2), att_keys(4), att_values4()}, {att_int("is_causal", 1)}, {}, 1),
  };
}

// Attention-25: "left_window_size and right_window_size independently restrict the keys
// visible to each query ... p - left_window_size <= j <= p + right_window_size".
std::vector<Probe> attention_25() {
  return {
      probe("left_window_size 1, right_window_size 0, q_len 3: 24 has no windows (run without them) and every "
            "query sees keys 0..3: [7.5, 7.5, 7.5]; 25's windows {0}, {0,1}, {1,2}: [2, 3, 6]",
            {att_zero_q(3), att_keys(4), att_values4()}, {att_int("left_window_size", 1), att_int("right_window_size", 0)}, {}, 1),
  };
}

}  // namespace touchstone::hand
