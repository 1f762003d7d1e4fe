// Case specs of the matrix products (the recipes in this folder's files) and its spec table,
// linalg_table.cpp: a new op of the family adds its recipe here and its row there, no central
// file.
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

void matmul_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void einsum_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void det_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
Tolerance det_matrix_size(const CaseFacts& f, Tolerance t);          // n = the matrix size
Tolerance einsum_operand_products(const CaseFacts& f, Tolerance t);  // + 1 per operand past two

}  // namespace touchstone::cases
