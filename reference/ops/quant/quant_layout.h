// Which scale (and zero point) serves each element of x: the three granularities of
// QuantizeLinear and DequantizeLinear, written once for both ops.
//
// - per tensor (10 on; the only form of 10): one scale, a scalar (a 1-element 1-D tensor is
//   taken as the same);
// - per axis (13 on): a 1-D scale of length x.shape[axis];
// - blocked (21 on): a scale of x's rank, x's shape except along `axis`, where it has
//   ceil(D/B) entries for block size B (`block_size`, accepted in [ceil(D/S), ceil(D/(S-1))-1]).
// The zero point, when given, has the scale's shape in every version. Refusals name the rule.
#pragma once
#include <cstdint>
#include <optional>

#include "reference/node.h"

namespace touchstone::ops::quant {

enum class Granularities { kPerTensor, kPerAxis, kBlocked };  // the most a version allows

struct QuantLayout {
  enum Form { kPerTensor, kPerAxis, kBlocked } form = kPerTensor;
  int64_t inner = 1, length = 1;  // x's elements after the axis, x's extent along it
  int64_t block = 1, blocks = 1;  // blocked: the block size, the scale's extent along the axis

  // The scale's flat index for x's flat index i.
  int64_t scale_index(int64_t i) const {
    if (form == kPerTensor) return 0;
    const int64_t k = (i / inner) % length;
    if (form == kPerAxis) return k;
    const int64_t outer = i / (inner * length);
    return (outer * blocks + k / block) * inner + i % inner;
  }
};

// x's and the scale's shapes (and the zero point's, when present) checked against the forms
// `allowed`; `axis` and `block_size` read from the node where the version has them.
QuantLayout quant_layout(const Node& node, const Shape& x, const Shape& scale, const std::optional<Shape>& zero_point,
                         Granularities allowed, const char* scale_name);

}  // namespace touchstone::ops::quant
