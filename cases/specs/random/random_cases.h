// The random family's case specs (random_specs.cpp) and the properties their outputs are
// judged by (random_table.cpp; reference/ops/random/distribution.h holds the tests).
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& random_spec_table();

void random_uniform_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void random_normal_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void random_uniform_like_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void random_normal_like_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void bernoulli_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void multinomial_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// The property of the node's op on a backend's outputs (one function: the op's name picks
// the test), the four contracts below naming it.
PropertyResult random_property(const BoundCase& c, const std::vector<Tensor>& actual);

}  // namespace touchstone::cases
