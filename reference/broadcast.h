// The broadcasting rules of ONNX, each named, each a pure function of shapes.
//
// - limited_broadcast: Add/Sub/Mul/Div/Pow and the logical ops before opset 7
//   (the `broadcast`/`axis` attributes; OpenVINO calls it pdpd).
// - multidirectional_broadcast: numpy's rule, opset 7 and later.
// - unidirectional_broadcast: B stretched to A's shape only (Gemm's C, PRelu's slope).
//
// A rule that refuses the shapes throws invalid_model with the rule in its message;
// the executor prefixes the op-version.
#pragma once
#include <array>
#include <optional>
#include <vector>

#include "reference/tensor.h"

namespace touchstone {

// How each input maps onto the output: for input k, element (i0..in) of the output
// reads input k at sum(i_d * strides[k][d]) — stride 0 along stretched dimensions.
struct BroadcastPlan {
  Shape out;
  std::vector<std::vector<int64_t>> strides;  // one per input, out.size() entries each
};

// With broadcast=0 the shapes must be equal. With broadcast=1, B is either one element
// (any shape of rank <= rank(A)) or its shape is a contiguous run of A's dimensions,
// starting at `axis` when given, else ending at A's last dimension; sizes must match
// exactly ("1-dim expansion doesn't work yet"). The output has A's shape.
BroadcastPlan limited_broadcast(const Shape& a, const Shape& b, int64_t broadcast,
                                std::optional<int64_t> axis);

// numpy: shapes are aligned at their last dimension; each pair of sizes must be equal or
// one of them 1. Any number of inputs.
BroadcastPlan multidirectional_broadcast(const std::vector<Shape>& shapes);

// B stretched to A's shape by the numpy rule; the output has A's shape.
BroadcastPlan unidirectional_broadcast(const Shape& a, const Shape& b);

// Calls f(out_index, in_index[0], in_index[1], ...) for every output element, in
// row-major order of the output.
template <size_t N, class F>
void for_each_broadcast(const BroadcastPlan& plan, F&& f) {
  const size_t rank = plan.out.size();
  const int64_t total = element_count(plan.out);
  if (total == 0) return;
  std::vector<int64_t> counter(rank, 0);
  std::array<int64_t, N> offsets{};
  for (int64_t i = 0; i < total; ++i) {
    f(i, offsets);
    // Advance the odometer and the input offsets with it.
    for (size_t d = rank; d-- > 0;) {
      ++counter[d];
      for (size_t k = 0; k < N; ++k) offsets[k] += plan.strides[k][d];
      if (counter[d] < plan.out[d]) break;
      for (size_t k = 0; k < N; ++k) offsets[k] -= plan.strides[k][d] * counter[d];
      counter[d] = 0;
    }
  }
}

}  // namespace touchstone
