// The tolerance each case is judged by (DESIGN.md, "Comparison"): what a conformant backend
// must meet, which is not always what the reference guarantees (the reference is exact
// everywhere; ONNX does not ask backends for correctly rounded transcendental functions).
// The op's judging contract (cases/judging.h, stated in its spec row) decides; this file
// only applies it, and knows no op by name.
#pragma once
#include "cases/case.h"
#include "cases/judging.h"
#include "cases/suite.h"
#include "reference/catalog.h"

namespace touchstone::cases {

// The contract of an op-version: its spec row's (exact for an op without specs).
const Judging& judging_of(const CatalogRow& row);
// The judging column of `touchstone ops`: the contract described, "-" for an op-version
// the reference does not implement or that has no case specs.
std::string judging_summary(const CatalogRow& row);

// The tolerance of one drafted case: the contract applied to the case's facts. A row whose
// numerics are not exact is judged by ONNX's own tolerance; another domain's, exactly.
Tolerance tolerance_for(const Judging& judging, const CaseFacts& facts);
// The same with the row's own contract; `terms`: the reduction length the reference's
// kernels reported answering the case (ValueRunResult::semantics.terms; 0 for a refusal).
Tolerance tolerance_for(const CatalogRow& row, const CaseDraft& draft, int64_t terms);

}  // namespace touchstone::cases
