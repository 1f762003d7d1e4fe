// Kernels of the indexing, selection and sorting family (reference/ops/indexing/), all
// versions side by side in their files. ops.h includes this header.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// gather.cpp: Gather, GatherElements, GatherND
Tensors gather_1(const Node& node, const Inputs& in);
Tensors gather_11(const Node& node, const Inputs& in);
Tensors gather_elements(const Node& node, const Inputs& in);
Tensors gather_nd(const Node& node, const Inputs& in);

// arg.cpp: ArgMax, ArgMin
Tensors argmax_1(const Node& node, const Inputs& in);
Tensors argmax_11(const Node& node, const Inputs& in);
Tensors argmax_12(const Node& node, const Inputs& in);
Tensors argmin_1(const Node& node, const Inputs& in);
Tensors argmin_11(const Node& node, const Inputs& in);
Tensors argmin_12(const Node& node, const Inputs& in);

// topk.cpp: TopK
Tensors topk_1(const Node& node, const Inputs& in);
Tensors topk_10(const Node& node, const Inputs& in);
Tensors topk_11(const Node& node, const Inputs& in);

// scatter.cpp: Scatter, ScatterElements, ScatterND
Tensors scatter_9(const Node& node, const Inputs& in);
Tensors scatter_elements_11(const Node& node, const Inputs& in);
Tensors scatter_elements_16(const Node& node, const Inputs& in);
Tensors scatter_elements_18(const Node& node, const Inputs& in);
Tensors scatter_nd_11(const Node& node, const Inputs& in);
Tensors scatter_nd_16(const Node& node, const Inputs& in);
Tensors scatter_nd_18(const Node& node, const Inputs& in);

// select.cpp: OneHot, NonZero, Compress
Tensors onehot_9(const Node& node, const Inputs& in);
Tensors onehot_11(const Node& node, const Inputs& in);
Tensors nonzero(const Node& node, const Inputs& in);
Tensors compress_9(const Node& node, const Inputs& in);
Tensors compress_11(const Node& node, const Inputs& in);

// cumulative.cpp: CumSum, CumProd
Tensors cumsum(const Node& node, const Inputs& in);
Tensors cumprod(const Node& node, const Inputs& in);

// reverse_sequence.cpp: ReverseSequence
Tensors reverse_sequence(const Node& node, const Inputs& in);

// unique.cpp: Unique
Tensors unique(const Node& node, const Inputs& in);

// tensor_scatter.cpp: TensorScatter
Tensors tensor_scatter(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
