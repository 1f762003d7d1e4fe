// The pooling family (reference/ops/pool/README.md): MaxPool, AveragePool, LpPool and their
// Global forms, MaxUnpool and MaxRoiPool, one kernel per version whose rules differ; versions that only widened the
// types share the previous kernel in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// max_pool.cpp: MaxPool-1 (Y only), 8 (Indices, storage_order), 10 (ceil_mode, dilations; 11
// and 12 share it), 22 (the dropped ceil_mode window named)
Tensors max_pool_v1(const Node& node, const Inputs& in);
Tensors max_pool_v8(const Node& node, const Inputs& in);
Tensors max_pool_v10(const Node& node, const Inputs& in);
Tensors max_pool_v22(const Node& node, const Inputs& in);

// average_pool.cpp: AveragePool-1 (pads excluded), 7 (count_include_pad), 10 (ceil_mode),
// 11 (its text's floor formulas for auto_pad), 19 (dilations), 22 (the dropped window named)
Tensors average_pool_v1(const Node& node, const Inputs& in);
Tensors average_pool_v7(const Node& node, const Inputs& in);
Tensors average_pool_v10(const Node& node, const Inputs& in);
Tensors average_pool_v11(const Node& node, const Inputs& in);
Tensors average_pool_v19(const Node& node, const Inputs& in);
Tensors average_pool_v22(const Node& node, const Inputs& in);

// lp_pool.cpp: LpPool-1 (p a float), 2 (p an int; 11 shares it), 18 (ceil_mode, dilations),
// 22 (the dropped window named)
Tensors lp_pool_v1(const Node& node, const Inputs& in);
Tensors lp_pool_v2(const Node& node, const Inputs& in);
Tensors lp_pool_v18(const Node& node, const Inputs& in);
Tensors lp_pool_v22(const Node& node, const Inputs& in);

// global_pool.cpp: GlobalAveragePool-1, GlobalMaxPool-1 (22 share them: +bfloat16),
// GlobalLpPool-1 (p a float), 2 (p an int; 22 shares it)
Tensors global_average_pool_v1(const Node& node, const Inputs& in);
Tensors global_max_pool_v1(const Node& node, const Inputs& in);
Tensors global_lp_pool_v1(const Node& node, const Inputs& in);
Tensors global_lp_pool_v2(const Node& node, const Inputs& in);

// max_unpool.cpp: MaxUnpool-9 (strides without a stated default), 11 (strides default 1; 22
// shares it)
Tensors max_unpool_v9(const Node& node, const Inputs& in);
Tensors max_unpool_v11(const Node& node, const Inputs& in);

// max_roi_pool.cpp: MaxRoiPool-1 (22 shares it: +bfloat16), Caffe's bin arithmetic
Tensors max_roi_pool_v1(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
