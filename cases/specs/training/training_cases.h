// Case specs of the training family (ai.onnx.preview.training; optimizer_specs.cpp) and its
// spec table, training_table.cpp (declared here rather than in specs.h).
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& training_spec_table();

// optimizer_specs.cpp: Adagrad, Adam, Momentum and their element bounds
void adagrad_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void adam_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void momentum_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> optimizer_element_bounds(const BoundCase& c);

// gradient_specs.cpp: Gradient-1 on small graphs after its node
void gradient_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
