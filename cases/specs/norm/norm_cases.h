// The normalization family's case specs (see README.md): one recipe per op.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

// norm_specs_dropout.cpp: Dropout's cases, and the property its random outputs are judged by.
void dropout_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
PropertyResult dropout_property(const BoundCase& c, const std::vector<Tensor>& actual);

}  // namespace touchstone::cases
