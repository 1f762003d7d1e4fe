// The tolerance policy each case is judged by (DESIGN.md, "Comparison"): what a
// conformant backend must meet, which is not always what the reference guarantees (the
// reference is exact everywhere; ONNX does not ask backends for correctly rounded
// transcendental functions).
#pragma once
#include "cases/suite.h"
#include "reference/catalog.h"

namespace touchstone::cases {

// `inputs`: how many inputs the case gives the node (the reduction length of Sum/Mean).
// `terms`: the reduction length of a reducing op (Reduce*, MatMul, Gemm, Softmax, ...)
// as the case's spec states it; 0 when it does not.
Tolerance tolerance_for(const CatalogRow& row, size_t inputs, int64_t terms = 0);

}  // namespace touchstone::cases
