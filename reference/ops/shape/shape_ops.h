// Kernels of the shape and data-movement family (see README.md), every version side by side in
// its file. The catalog (reference/catalog_table.cpp) names them; each is <op>_v<since>, the
// first version it serves.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// reshape.cpp: Reshape, Flatten, Squeeze, Unsqueeze
Tensors reshape_v1(const Node& node, const Inputs& in);
Tensors reshape_v5(const Node& node, const Inputs& in);
Tensors reshape_v14(const Node& node, const Inputs& in);
Tensors flatten_v1(const Node& node, const Inputs& in);
Tensors flatten_v11(const Node& node, const Inputs& in);
Tensors squeeze_v1(const Node& node, const Inputs& in);
Tensors squeeze_v11(const Node& node, const Inputs& in);
Tensors squeeze_v13(const Node& node, const Inputs& in);
Tensors unsqueeze_v1(const Node& node, const Inputs& in);
Tensors unsqueeze_v11(const Node& node, const Inputs& in);
Tensors unsqueeze_v13(const Node& node, const Inputs& in);

// info.cpp: Shape, Size, Constant, ConstantOfShape
Tensors shape_v1(const Node& node, const Inputs& in);
Tensors shape_v15(const Node& node, const Inputs& in);
Tensors size_v1(const Node& node, const Inputs& in);
Tensors constant_v1(const Node& node, const Inputs& in);
Tensors constant_v11(const Node& node, const Inputs& in);
Tensors constant_v12(const Node& node, const Inputs& in);
Tensors constant_of_shape_v9(const Node& node, const Inputs& in);

// transpose.cpp: Transpose, DepthToSpace, SpaceToDepth
Tensors transpose_v1(const Node& node, const Inputs& in);
Tensors depth_to_space_v1(const Node& node, const Inputs& in);
Tensors depth_to_space_v11(const Node& node, const Inputs& in);
Tensors space_to_depth_v1(const Node& node, const Inputs& in);

// concat_split.cpp: Concat, Split
Tensors concat_v1(const Node& node, const Inputs& in);
Tensors concat_v4(const Node& node, const Inputs& in);
Tensors concat_v11(const Node& node, const Inputs& in);
Tensors split_v1(const Node& node, const Inputs& in);
Tensors split_v2(const Node& node, const Inputs& in);
Tensors split_v11(const Node& node, const Inputs& in);
Tensors split_v13(const Node& node, const Inputs& in);
Tensors split_v18(const Node& node, const Inputs& in);

// slice.cpp: Slice
Tensors slice_v1(const Node& node, const Inputs& in);
Tensors slice_v10(const Node& node, const Inputs& in);
Tensors slice_v11(const Node& node, const Inputs& in);

// expand_tile.cpp: Expand, Tile
Tensors expand_v8(const Node& node, const Inputs& in);
Tensors tile_v1(const Node& node, const Inputs& in);
Tensors tile_v6(const Node& node, const Inputs& in);

// pad.cpp: Pad, CenterCropPad
Tensors pad_v1(const Node& node, const Inputs& in);
Tensors pad_v2(const Node& node, const Inputs& in);
Tensors pad_v11(const Node& node, const Inputs& in);
Tensors pad_v18(const Node& node, const Inputs& in);
Tensors pad_v19(const Node& node, const Inputs& in);
Tensors center_crop_pad_v18(const Node& node, const Inputs& in);

// generate.cpp: EyeLike, Trilu, Range
Tensors eye_like_v9(const Node& node, const Inputs& in);
Tensors trilu_v14(const Node& node, const Inputs& in);
Tensors range_v11(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
