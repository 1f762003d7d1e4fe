// Case specs of the pooling family (pool_specs.cpp) and its spec table, pool_table.cpp:
// MaxPool, AveragePool, LpPool; GlobalAveragePool, GlobalMaxPool, GlobalLpPool; MaxUnpool and
// MaxRoiPool (pool_specs_unpool.cpp, pool_specs_roi.cpp).
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void global_pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void max_unpool_cases(const CatalogRow& row, std::vector<CaseDraft>& out);    // pool_specs_unpool.cpp
void max_roi_pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out);  // pool_specs_roi.cpp

}  // namespace touchstone::cases
