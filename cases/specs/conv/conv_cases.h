// The convolution family's case specs (conv_specs.cpp): Conv and ConvTranspose.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void conv_transpose_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
