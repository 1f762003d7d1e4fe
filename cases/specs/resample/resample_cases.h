// The resampling family's case specs (resample_specs.cpp) and element bounds
// (resample_bounds.cpp): Resize and Upsample.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void resize_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void upsample_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// Per element: 0 for a nearest pick or an extrapolated element, else the first-order bound of
// an honest float32 interpolation (reference/ops/resample/README.md).
std::vector<std::vector<double>> resample_element_bounds(const BoundCase& c);

}  // namespace touchstone::cases
