// The tolerance policy each case is judged by (DESIGN.md, "Comparison"): what a
// conformant backend must meet, which is not always what the reference guarantees (the
// reference is exact everywhere; ONNX does not ask backends for correctly rounded
// transcendental functions).
#pragma once
#include "cases/case.h"
#include "cases/suite.h"
#include "reference/catalog.h"

namespace touchstone::cases {

// `inputs`: how many inputs the case gives the node (the reduction length of Sum/Mean).
Tolerance tolerance_for(const CatalogRow& row, size_t inputs);

// The policy of one drafted case: as above, plus what depends on its attributes and inputs —
// TopK with sorted=0 compares (value, index) pairs as a multiset along its axis; CumSum and
// CumProd on floats are judged by the accumulation bound for the axis length n (each
// output is a prefix of at most n terms, and the bound grows with n).
Tolerance tolerance_for(const CatalogRow& row, const CaseDraft& draft);

}  // namespace touchstone::cases
