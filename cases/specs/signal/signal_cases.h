// Case specs of the signal family (the recipes in this folder's files) and its spec table,
// signal_table.cpp (declared here rather than in specs.h, which every spec file includes).
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& signal_spec_table();

// window_specs.cpp: HannWindow, HammingWindow, BlackmanWindow
void window_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> window_element_bounds(const BoundCase& c);

}  // namespace touchstone::cases
