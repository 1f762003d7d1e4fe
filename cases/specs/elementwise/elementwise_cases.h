// Case specs of the elementwise family (the recipes in this folder's files) and its spec
// table, elementwise_table.cpp: a new op of the family adds its recipe here and its row there,
// no central file.
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

void exact_unary_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void identity_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void where_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void clip_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void bitshift_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void mod_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void activation_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// HardSigmoid's and HardSwish's element bounds (activation_bounds.cpp): the line
// alpha x + beta rounded in the input type, clamped.
std::vector<std::vector<double>> hard_sigmoid_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> hard_swish_element_bounds(const BoundCase& c);
void prelu_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void binary_arithmetic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void pow_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void cast_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void unary_math_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void logic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void variadic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void bitwise_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void bitcast_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
