// Case specs of the indexing family (the recipes in this folder's files) and its spec table,
// indexing_table.cpp: a new op of the family adds its recipe here and its row there, no
// central file.
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

void gather_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void gather_elements_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void gather_nd_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void scatter_elements_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void scatter_nd_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void arg_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void topk_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void unique_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void onehot_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void nonzero_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void compress_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void reverse_sequence_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void cumulative_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void tensor_scatter_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
Tolerance topk_unordered(const CaseFacts& f, Tolerance t);           // sorted=0: a multiset along axis
Tolerance cumulative_axis_length(const CaseFacts& f, Tolerance t);   // floats: bound(n = axis length)

}  // namespace touchstone::cases
