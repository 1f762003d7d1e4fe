// Kernels of the indexing, selection and sorting family (see README.md), every version side by
// side in its file. The catalog (reference/catalog_table.cpp) names them; each is
// <op>_v<since>, the first version it serves.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// deprecated.cpp: the kernel of a deprecated op-version (Scatter-11). Model loading refuses
// such nodes first; the kernel refuses too, so no path runs one.
Tensors scatter_v11(const Node& node, const Inputs& in);

// gather.cpp: Gather, GatherElements, GatherND
Tensors gather_v1(const Node& node, const Inputs& in);
Tensors gather_v11(const Node& node, const Inputs& in);
Tensors gather_elements_v11(const Node& node, const Inputs& in);
Tensors gather_nd_v11(const Node& node, const Inputs& in);

// arg.cpp: ArgMax, ArgMin
Tensors argmax_v1(const Node& node, const Inputs& in);
Tensors argmax_v11(const Node& node, const Inputs& in);
Tensors argmax_v12(const Node& node, const Inputs& in);
Tensors argmin_v1(const Node& node, const Inputs& in);
Tensors argmin_v11(const Node& node, const Inputs& in);
Tensors argmin_v12(const Node& node, const Inputs& in);

// topk.cpp: TopK
Tensors topk_v1(const Node& node, const Inputs& in);
Tensors topk_v10(const Node& node, const Inputs& in);
Tensors topk_v11(const Node& node, const Inputs& in);

// scatter.cpp: Scatter, ScatterElements, ScatterND
Tensors scatter_v9(const Node& node, const Inputs& in);
Tensors scatter_elements_v11(const Node& node, const Inputs& in);
Tensors scatter_elements_v16(const Node& node, const Inputs& in);
Tensors scatter_elements_v18(const Node& node, const Inputs& in);
Tensors scatter_nd_v11(const Node& node, const Inputs& in);
Tensors scatter_nd_v16(const Node& node, const Inputs& in);
Tensors scatter_nd_v18(const Node& node, const Inputs& in);

// select.cpp: OneHot, NonZero, Compress
Tensors onehot_v9(const Node& node, const Inputs& in);
Tensors onehot_v11(const Node& node, const Inputs& in);
Tensors nonzero_v9(const Node& node, const Inputs& in);
Tensors compress_v9(const Node& node, const Inputs& in);
Tensors compress_v11(const Node& node, const Inputs& in);

// cumulative.cpp: CumSum, CumProd
Tensors cumsum_v11(const Node& node, const Inputs& in);
Tensors cumprod_v26(const Node& node, const Inputs& in);

// reverse_sequence.cpp: ReverseSequence
Tensors reverse_sequence_v10(const Node& node, const Inputs& in);

// unique.cpp: Unique
Tensors unique_v11(const Node& node, const Inputs& in);

// tensor_scatter.cpp: TensorScatter
Tensors tensor_scatter_v24(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
