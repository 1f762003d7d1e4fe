// The geometry family's case specs (see README.md): one recipe per op, and the judges
// (geometry_bounds.cpp) their spec rows name.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void grid_sample_cases(const CatalogRow& row, std::vector<CaseDraft>& out);         // geometry_specs_grid.cpp
void affine_grid_cases(const CatalogRow& row, std::vector<CaseDraft>& out);         // geometry_specs_grid.cpp
void roi_align_cases(const CatalogRow& row, std::vector<CaseDraft>& out);           // geometry_specs_roi.cpp
void non_max_suppression_cases(const CatalogRow& row, std::vector<CaseDraft>& out); // geometry_specs_roi.cpp

// geometry_bounds.cpp
std::vector<std::vector<double>> grid_sample_bounds(const BoundCase& c);
std::vector<std::vector<double>> roi_align_bounds(const BoundCase& c);
std::vector<std::vector<double>> affine_grid_bounds(const BoundCase& c);
PropertyResult nms_rows_property(const BoundCase& c, const std::vector<Tensor>& actual);

}  // namespace touchstone::cases
