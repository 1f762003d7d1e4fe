// The geometry family (reference/ops/geometry/README.md): GridSample, AffineGrid, RoiAlign and NonMaxSuppression; one kernel per version whose
// rules differ (`<op>_v<since>`), versions that only widened the types share the previous kernel
// in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// grid_sample.cpp: GridSample-16 (4-D; bilinear, nearest, bicubic), 20 (N-D; linear, nearest,
// cubic; halfway nearest picks the even index; 22 shares it)
Tensors grid_sample_v16(const Node& node, const Inputs& in);
Tensors grid_sample_v20(const Node& node, const Inputs& in);

// affine_grid.cpp: AffineGrid-20 (2-D and 3-D)
Tensors affine_grid_v20(const Node& node, const Inputs& in);

// roi_align.cpp: RoiAlign-10 (no pixel shift), 16 (coordinate_transformation_mode; 22 shares it)
Tensors roi_align_v10(const Node& node, const Inputs& in);
Tensors roi_align_v16(const Node& node, const Inputs& in);

// non_max_suppression.cpp: NonMaxSuppression-10 (11 shares it)
Tensors non_max_suppression_v10(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
