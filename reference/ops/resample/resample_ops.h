// The resampling family (reference/ops/resample/README.md): Resize and Upsample; one kernel per version whose
// rules differ (`<op>_v<since>`), versions that only widened the types share the previous kernel
// in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// resize.cpp: Resize-10 (scales only, asymmetric), 11 (coordinate modes, cubic, roi, sizes),
// 13 (tf_half_pixel_for_nn dropped), 18 (axes, antialias, keep_aspect_ratio_policy),
// 19 (half_pixel_symmetric)
Tensors resize_v10(const Node& node, const Inputs& in);
Tensors resize_v11(const Node& node, const Inputs& in);
Tensors resize_v13(const Node& node, const Inputs& in);
Tensors resize_v18(const Node& node, const Inputs& in);
Tensors resize_v19(const Node& node, const Inputs& in);

// upsample.cpp: Upsample-1 (height_scale/width_scale, 4-D), 7 (scales attribute), 9 (scales
// input), 10 (deprecated: refused)
Tensors upsample_v1(const Node& node, const Inputs& in);
Tensors upsample_v7(const Node& node, const Inputs& in);
Tensors upsample_v9(const Node& node, const Inputs& in);
Tensors upsample_v10(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
