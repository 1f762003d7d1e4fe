// Case specs of the reduction family (the recipes in this folder's files) and its spec table,
// reduce_table.cpp: a new op of the family adds its recipe here and its row there, no central
// file.
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

void reduce_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void softmax_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void lp_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void loss_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
