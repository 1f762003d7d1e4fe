// Case specs of the control-flow family (control_specs_if.cpp, control_specs_loop.cpp,
// control_specs_scan.cpp; their subgraphs built with control_graphs.h) and its spec table,
// control_table.cpp: If, Loop, Scan.
#pragma once
#include <vector>

#include "cases/specs/specs.h"
#include "cases/values.h"

namespace touchstone::cases {

// The family's spec table (control_table.cpp), joined by ../spec_table.cpp.
const std::vector<SpecEntry>& control_spec_table();

void if_cases(const CatalogRow& row, std::vector<CaseDraft>& out);    // control_specs_if.cpp
void loop_cases(const CatalogRow& row, std::vector<CaseDraft>& out);  // control_specs_loop.cpp
void scan_cases(const CatalogRow& row, std::vector<CaseDraft>& out);  // control_specs_scan.cpp

// Shared by the If and Loop recipes (control_specs_loop.cpp): the sequence and optional
// types a type parameter admits (TypeParam::allowed_values, as ValueTypes), and a value of
// one: a tensor (2, 2), a sequence of two tensors, an optional holding a tensor or a sequence.
std::vector<ValueType> admitted_value_types(const TypeParam& param);
Value value_of_type(Rng& rng, const ValueType& type);

// The float specials (NaN, ±inf, −0, the subnormals: values.h) repeated as the rows of a
// tensor of shape `leading` + [n]: the pass-through cases carry them through a branch, a
// loop, a scan.
Tensor special_rows(const Shape& leading);

}  // namespace touchstone::cases
