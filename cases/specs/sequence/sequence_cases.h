// Case specs of the ops over sequences and optionals (the recipes in this folder's files) and
// its spec table, sequence_table.cpp: a new op of the family adds its recipe here and its row
// there, no central file.
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

void identity_value_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// sequence_edit_specs.cpp
void sequence_empty_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void sequence_construct_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void sequence_insert_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void sequence_erase_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void sequence_at_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void sequence_length_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// sequence_tensor_specs.cpp
void concat_from_sequence_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void split_to_sequence_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// sequence_map_specs.cpp
void sequence_map_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// optional_specs.cpp
void optional_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void optional_get_element_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void optional_has_element_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
