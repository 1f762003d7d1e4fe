// RotaryEmbedding-23's indexing (rotary_embedding.cpp has the rules), shared by the kernel and
// the judging contract's bound: for each output element, the pair (x1, x2) it rotates and
// the cos/sin it uses, or that it is copied.
#pragma once
#include <cstdint>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::rotary {

struct Term {
  int64_t x1 = -1, x2 = -1;  // flat indices into X (x1 < 0: the element is copied)
  int64_t angle = 0;         // flat index into cos_cache and sin_cache
  bool imaginary = false;    // sin x1 + cos x2 (else cos x1 - sin x2)
};

// One Term per element of X (in X's own layout); refuses what the text forbids.
std::vector<Term> rotary_terms(const Node& node, const Inputs& in);

}  // namespace touchstone::ops::rotary
