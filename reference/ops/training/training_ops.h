// The training family (reference/ops/training/README.md): ai.onnx.preview.training's
// optimizers. Each kernel is <op>_v<since>.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// optimizers.cpp: Adagrad-1, Adam-1, Momentum-1
Tensors adagrad_v1(const Node& node, const Inputs& in);
Tensors adam_v1(const Node& node, const Inputs& in);
Tensors momentum_v1(const Node& node, const Inputs& in);

// gradient.cpp: Gradient-1, through the containing graph (derivative_rules.h)
Tensors gradient_v1(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
