// Every kernel the catalog names. One file per op or small family; each file holds all
// versions of its ops side by side.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// arithmetic.cpp: Add, Sub, Mul, Div
Tensors add_limited(const Node& node, const Inputs& in);
Tensors add_multidirectional(const Node& node, const Inputs& in);
Tensors sub_limited(const Node& node, const Inputs& in);
Tensors sub_multidirectional(const Node& node, const Inputs& in);
Tensors mul_limited(const Node& node, const Inputs& in);
Tensors mul_multidirectional(const Node& node, const Inputs& in);
Tensors div_limited(const Node& node, const Inputs& in);
Tensors div_multidirectional(const Node& node, const Inputs& in);

// pow.cpp: Pow
Tensors pow_limited(const Node& node, const Inputs& in);
Tensors pow_multidirectional(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
