// The attention family (reference/ops/attention/README.md): Attention, RotaryEmbedding, SwiGLU, LinearAttention and FlexAttention (ai.onnx.preview); one kernel per version whose
// rules differ (`<op>_v<since>`), versions that only widened the types share the previous kernel
// in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

}  // namespace touchstone::ops
