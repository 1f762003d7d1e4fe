// The quantization family's case specs (see README.md): one recipe per op.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

// quant_specs.cpp
void quantize_linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void dequantize_linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void dynamic_quantize_linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// qlinear_specs.cpp
void qlinear_matmul_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void integer_conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out);  // ConvInteger, QLinearConv

}  // namespace touchstone::cases
