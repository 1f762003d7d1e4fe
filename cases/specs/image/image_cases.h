// Case specs of the image family (image_specs.cpp) and its spec table, image_table.cpp
// (declared here rather than in specs.h, which every spec file includes).
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& image_spec_table();

// image_specs.cpp: ImageDecoder
void image_decoder_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// Every pixel within ops::image_level_bound of the reference's (exact for lossless 8-bit
// coding), the shapes exact.
PropertyResult image_levels_property(const BoundCase& c, const std::vector<Tensor>& actual);

}  // namespace touchstone::cases
