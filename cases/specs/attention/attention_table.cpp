// The spec table of the attention family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables (../spec_table.cpp).
// Attention: a first-order bound propagated through the scores (T1), the softmax
// (softmax_precision) and the weighted sum (reference/ops/attention/README.md); RotaryEmbedding:
// two products and a sum; SwiGLU: Swish's 4 ulps and the product.
#include "cases/specs/attention/attention_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& attention_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Attention", attention_cases, "4-D/3-D, one head to GQA/MQA, v_head_size != head_size, seq 1 and head size 1, empty batch, 64 keys, scale, softcap, softmax_precision, is_causal square/offset, boolean and additive masks (fully masked rows), past/present (kv length 0), qk_matmul_output modes 0-3, NaN; 24: nonpad_kv_seqlen, causal offsets, a shorter mask; 25: windows; shape/heads/cache/mode/mask refusals", Judging::element("attention", attention_element_bounds, 0, 0)},
      {"", "LinearAttention", linear_attention_cases, "each update rule (linear, gated, delta, gated_delta; the default), decay per key and per head, beta per head and shared, past_state, GQA/MQA, T = 1 and T = 0, d_k = d_v = 1, empty batch, T = 16, scale, chunk_size 1 and 0, decay given to the linear rule, a NaN, every (T, S); heads/divisibility/missing decay or beta/update_rule/shape refusals", Judging::element("linear attention", linear_attention_element_bounds, 0, 1)},
      {"", "RotaryEmbedding", rotary_embedding_cases, "4-D/3-D, halves and interleaved, partial rotary_embedding_dim, position_ids or per-batch caches, sequence 1, empty batch, specials; num_heads/dim/cache/position refusals", Judging::element("rotary", rotary_element_bounds, 0, 0)},
      {"", "SwiGLU", swiglu_cases, "shapes to rank 4, alpha 1, 0.5, -1, 0, saturation, specials, shape refusal", Judging::ulp(kFunctionUlps + 1)},
      {"ai.onnx.preview", "FlexAttention", flex_attention_cases, "MHA/GQA/MQA, v_head_size != head_size, seq 1 and head size 1, kv length 1, empty batch, 32 keys, scale, softmax_precision float/double/float16, score_mod (causal -inf mask, softcap), prob_mod (x 1/2), both, a row masked whole, a NaN; rank/heads/size/length/softmax_precision and modifier (two inputs, another type, another shape) refusals", Judging::element("flex attention", flex_attention_element_bounds, 0, 1)},
  };
  return table;
}

}  // namespace touchstone::cases
