// The convolution family (reference/ops/conv/README.md): Conv and ConvTranspose, one
// kernel per version whose rules differ; versions that only widened the types share the
// previous kernel in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// conv.cpp: Conv-1 (SAME's text: "output size match the input"), 11 (SAME: ceil(in/stride);
// 22 shares it: +bfloat16)
Tensors conv_v1(const Node& node, const Inputs& in);
Tensors conv_v11(const Node& node, const Inputs& in);

// conv_transpose.cpp: ConvTranspose-1 (its pad equations: SAME_UPPER's odd pad first), 11
// (SAME_UPPER's odd pad last, output_padding below stride or dilation; 22 shares it)
Tensors conv_transpose_v1(const Node& node, const Inputs& in);
Tensors conv_transpose_v11(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
