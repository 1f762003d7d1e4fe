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
      {"", "RotaryEmbedding", rotary_embedding_cases, "4-D/3-D, halves and interleaved, partial rotary_embedding_dim, position_ids or per-batch caches, sequence 1, empty batch, specials; num_heads/dim/cache/position refusals", Judging::element("rotary", rotary_element_bounds, 0, 0)},
      {"", "SwiGLU", swiglu_cases, "shapes to rank 4, alpha 1, 0.5, -1, 0, saturation, specials, shape refusal", Judging::ulp(kFunctionUlps + 1)},
  };
  return table;
}

}  // namespace touchstone::cases
