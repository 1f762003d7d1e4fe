// The random family (reference/ops/random/README.md): RandomUniform(Like), RandomNormal(Like),
// Bernoulli, Multinomial. Every draw comes from the run's seeded source (Node::random()); a
// version that only widened the types shares the previous kernel in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// random_fill.cpp
Tensors random_uniform_v1(const Node& node, const Inputs& in);
Tensors random_uniform_like_v1(const Node& node, const Inputs& in);
Tensors random_normal_v1(const Node& node, const Inputs& in);
Tensors random_normal_like_v1(const Node& node, const Inputs& in);
// bernoulli.cpp
Tensors bernoulli_v15(const Node& node, const Inputs& in);
// multinomial.cpp
Tensors multinomial_v7(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
