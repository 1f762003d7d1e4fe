// The convolution family's case specs (conv_specs.cpp): Conv and ConvTranspose; Col2Im,
// DeformConv and CausalConvWithState (conv_more_specs.cpp, deform_causal_specs.cpp).
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void conv_transpose_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// conv_more_specs.cpp, deform_causal_specs.cpp
void col2im_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void deform_conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void causal_conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// conv_bounds.cpp: the element bounds of DeformConv and CausalConvWithState (cases/judging.h)
std::vector<std::vector<double>> deform_conv_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> causal_conv_element_bounds(const BoundCase& c);

}  // namespace touchstone::cases
