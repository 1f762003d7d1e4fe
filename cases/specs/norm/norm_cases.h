// The normalization family's case specs (see README.md): one recipe per op.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

// norm_specs_layer.cpp: LayerNormalization, RMSNormalization, GroupNormalization,
// MeanVarianceNormalization
void layer_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void rms_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void group_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void mean_variance_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// norm_bounds.cpp: their element bounds (first order, stage one in the stash precision)
std::vector<std::vector<double>> norm_element_bounds(const BoundCase& c);

}  // namespace touchstone::cases
