// Case specs of the ops over sequences and optionals (the recipes in this folder's files) and
// its spec table, sequence_table.cpp: a new op of the family adds its recipe here and its row
// there, no central file.
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

void identity_value_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
