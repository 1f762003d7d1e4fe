// Case specs of the pooling family (pool_specs.cpp) and its spec table, pool_table.cpp:
// MaxPool, AveragePool, LpPool; GlobalAveragePool, GlobalMaxPool, GlobalLpPool.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void global_pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
