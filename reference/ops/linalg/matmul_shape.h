// numpy.matmul's shapes and the per-row / per-column forms of a quantization parameter,
// written once for MatMul, MatMulInteger and QLinearMatMul (../quant/qlinear_matmul.cpp).
#pragma once
#include <cstdint>
#include <string>

#include "reference/broadcast.h"
#include "reference/tensor.h"

namespace touchstone::ops::linalg {

// Where element (i, j) of each product reads A and B: A[a + i*a_row + k*a_col], B[b + k*b_row + j*b_col].
struct Product {
  int64_t m = 0, k = 0, n = 0;
  int64_t a_row = 0, a_col = 0, b_row = 0, b_col = 0;
};

// numpy.matmul's shapes: the product's extents and strides, the batch plan, the output shape.
// A 1-D A is (1, K) and a 1-D B is (K, 1), the added dimension removed from the output.
struct MatMulShape {
  Product p;
  BroadcastPlan batches;
  Shape out;
};

MatMulShape matmul_shape(const Shape& a_shape, const Shape& b_shape, const std::string& op);

// Which zero point (or scale) serves a row of A (or a column of B): one for all (per tensor),
// or one per row (column) of each matrix, read at batch * extent + row.
struct ZeroPoints {
  bool per_tensor = true;
  int64_t extent = 0;  // M for A, N for B

  int64_t index(int64_t batch, int64_t row) const { return per_tensor ? 0 : batch * extent + row; }
};

// The forms MatMulInteger-10 and QLinearMatMul allow: a scalar or one element (per tensor);
// for A (M, K) an M-vector, for A (..., M, K) shape (..., M, 1); for B (K, N) an N-vector,
// for B (..., K, N) shape (..., 1, N). 1-D matrices take only the per-tensor form. `name`
// names the parameter in the refusal.
ZeroPoints zero_points(const Shape& matrix, const Shape& zp, bool of_a, const char* name);

}  // namespace touchstone::ops::linalg
