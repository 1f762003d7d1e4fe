// Kernels of ops over sequences and optionals (value kernels), every version side by side in
// its file. The catalog (reference/catalog_table.cpp) names them; each is <op>_v<since>, the
// first version it serves.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// identity.cpp: Identity-14 on, over sequences and optionals
Values identity_v14(const Node& node, const ValueInputs& in);

}  // namespace touchstone::ops
