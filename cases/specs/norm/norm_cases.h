// The normalization family's case specs (see README.md): one recipe per op.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

// norm_specs_batch.cpp
void batch_norm_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void instance_norm_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void lrn_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// The element bounds of their judging contracts (norm_bounds_batch.cpp; derivations in
// reference/ops/norm/README.md).
std::vector<std::vector<double>> batch_norm_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> instance_norm_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> lrn_element_bounds(const BoundCase& c);
// norm_specs_layer.cpp: LayerNormalization, RMSNormalization, GroupNormalization,
// MeanVarianceNormalization
void layer_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void rms_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void group_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void mean_variance_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// norm_bounds.cpp: their element bounds (first order, stage one in the stash precision)
std::vector<std::vector<double>> norm_element_bounds(const BoundCase& c);
// norm_specs_dropout.cpp: Dropout's cases, and the property its random outputs are judged by.
void dropout_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
PropertyResult dropout_property(const BoundCase& c, const std::vector<Tensor>& actual);

}  // namespace touchstone::cases
