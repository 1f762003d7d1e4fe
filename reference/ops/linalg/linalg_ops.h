// Kernels of the matrix products: MatMul, MatMulInteger, Gemm, Einsum, Det, every version side
// by side in its file. The catalog (reference/catalog_table.cpp) names them; each is
// <op>_v<since>, the first version it serves.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// matmul.cpp: MatMul, MatMulInteger, Gemm
Tensors matmul_v1(const Node& node, const Inputs& in);
Tensors matmul_integer_v10(const Node& node, const Inputs& in);
Tensors gemm_v1(const Node& node, const Inputs& in);
Tensors gemm_v7(const Node& node, const Inputs& in);

// einsum.cpp: Einsum-12
Tensors einsum_v12(const Node& node, const Inputs& in);

// det.cpp: Det-11, Det-22 (exact determinants by fraction-free elimination)
Tensors det_v11(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
