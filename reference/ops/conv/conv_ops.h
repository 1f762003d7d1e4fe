// The convolution family (reference/ops/conv/README.md): Conv, ConvTranspose, Col2Im,
// DeformConv and CausalConvWithState, one
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

// col2im.cpp: Col2Im-18 (blocks put back into images, overlaps summed exactly)
Tensors col2im_v18(const Node& node, const Inputs& in);

// deform_conv.cpp: DeformConv-19 (22 shares it: +bfloat16), bilinear samples summed exactly
Tensors deform_conv_v19(const Node& node, const Inputs& in);

// causal_conv.cpp: CausalConvWithState-27 (depthwise causal 1-D, carried state, fused silu)
Tensors causal_conv_with_state_v27(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
