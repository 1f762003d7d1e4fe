// The attention family's case specs (see README.md): one recipe per op.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void attention_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void rotary_embedding_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void swiglu_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// The element bounds (attention_bounds.cpp; derivations in reference/ops/attention/README.md).
std::vector<std::vector<double>> attention_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> rotary_element_bounds(const BoundCase& c);

}  // namespace touchstone::cases
