// Case specs of the shape and data-movement family (the recipes in this folder's files) and
// its spec table, shape_table.cpp: a new op of the family adds its recipe here and its row
// there, no central file.
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

void reshape_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void flatten_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void squeeze_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void unsqueeze_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void shape_op_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void size_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void constant_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void constant_of_shape_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void transpose_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void depth_space_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void concat_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void split_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void expand_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void tile_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void slice_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void pad_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void center_crop_pad_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void eye_like_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void trilu_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void range_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
