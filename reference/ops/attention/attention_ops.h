// The attention family (reference/ops/attention/README.md): Attention, RotaryEmbedding, SwiGLU, LinearAttention and FlexAttention (ai.onnx.preview); one kernel per version whose
// rules differ (`<op>_v<since>`), versions that only widened the types share the previous kernel
// in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// Attention: 23 (past/present caches, causal offset past_len), 24 (+nonpad_kv_seqlen, a
// shorter mask), 25 (+left/right windows).
Tensors attention_v23(const Node& node, const Inputs& in);
Tensors attention_v24(const Node& node, const Inputs& in);
Tensors attention_v25(const Node& node, const Inputs& in);
Tensors rotary_embedding_v23(const Node& node, const Inputs& in);
// LinearAttention-27: the linear / gated / delta / gated_delta recurrence, exact.
Tensors linear_attention_v27(const Node& node, const Inputs& in);
// ai.onnx.preview FlexAttention-1: scaled dot-product attention with score_mod / prob_mod
// subgraphs run on softmax_precision tensors.
Tensors flex_attention_v1(const Node& node, const Inputs& in);
Tensors swiglu_v28(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
