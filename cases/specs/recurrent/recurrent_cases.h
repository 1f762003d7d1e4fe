// Case specs of the recurrent family (recurrent_specs.cpp) and its spec table,
// recurrent_table.cpp: RNN, GRU, LSTM; the judging contract's element bound
// (recurrent_bounds.cpp).
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

// The family's spec table (recurrent_table.cpp), joined in ../spec_table.cpp.
const std::vector<SpecEntry>& recurrent_spec_table();

void recurrent_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// Per output, per element: a backend's allowed |a - e| (reference/ops/recurrent/README.md).
std::vector<std::vector<double>> recurrent_element_bounds(const BoundCase& c);

}  // namespace touchstone::cases
