// Axes, written once: an axis attribute or input checked against the rank (negative axes
// count from the back where the op-version allows them: most ops from opset 11), and the
// views of a shape around its axes that the kernels loop over.
//
// An axis out of range is refused with what the caller names it ("axis", "axes[1]") and
// the allowed range; the executor puts the op-version label in front of the message, so
// no message here names it.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "reference/node.h"
#include "reference/tensor.h"

namespace touchstone::ops::core {

// Whether negative axes are allowed: "negative axes count from the back", the rule most
// ops gained in opset 11.
enum class Negative { kRefused, kAllowed };

// How a refusal is worded (each family keeps the wording its tests and notes quote):
enum class AxisWording {
  kRange,         // "axis 3 is outside [-2, 1] for rank 2"
  kRangeVersion,  // the same, and " (negative axes from version 11)" where negatives are refused
  kRankR,         // "axis 3 is outside [-r, r-1] = [-2, 1] for rank r = 2"; a refused negative
                  // axis: "axis -1 is negative; negative axes are allowed only from opset 11"
};

// While one lives on a thread (the executor makes one around each kernel of a model that
// asks for it: graph.h kEarlyNegativeAxesKey), a negative axis in [-rank, -1] where the
// op-version refuses negatives is counted from the back instead, and marks `record`
// implementation-defined, naming `label` and the axis.
class EarlyNegativeAxes {
 public:
  EarlyNegativeAxes(SemanticsRecord& record, std::string label);
  ~EarlyNegativeAxes();
  EarlyNegativeAxes(const EarlyNegativeAxes&) = delete;
  EarlyNegativeAxes& operator=(const EarlyNegativeAxes&) = delete;
  // The innermost one on this thread; nullptr when none.
  static EarlyNegativeAxes* current();
  void note(std::string_view what, int64_t axis);

 private:
  SemanticsRecord& record_;
  std::string label_;
  EarlyNegativeAxes* outer_;
};

// `axis` checked against `rank` and made non-negative: in [0, rank-1], or in [-rank,
// rank-1] when negative axes are allowed (-1 is the last axis). A rank-0 tensor has no
// axis. `what` names the axis in the message.
int64_t normalize_axis(int64_t axis, int64_t rank, Negative negative, std::string_view what = "axis",
                       AxisWording wording = AxisWording::kRange);

// The [outer, length, inner] view of a shape around one axis: the dimensions before the
// axis, the axis, the dimensions after it. Element k along the axis of line (o, i) is at
// at(o, k, i); a kernel that walks one axis loops over o < outer and i < inner.
struct AxisSplit {
  int64_t outer = 1, length = 1, inner = 1;
  int64_t at(int64_t o, int64_t k, int64_t i) const { return (o * length + k) * inner + i; }
};

// `shape` split at `axis` (already normalized).
AxisSplit split_at(const Shape& shape, int64_t axis);

// `shape` coerced to 2-D at `axis` (already normalized; Softmax-1/11, Flatten): the rows
// are the dimensions before the axis, and each row is the whole trailing block, so
// length = the product of the dimensions from `axis` on and inner = 1.
AxisSplit coerce_2d_at(const Shape& shape, int64_t axis);

// The multi-axis form: `shape` split into the axes `reduced` marks and the others. For
// each index of the kept axes (row-major), `bases` holds the flat position of its first
// element; for each index of the marked axes (row-major), `offsets` holds the flat offset
// from a base. Element (base b, offset k) is at bases[b] + offsets[k].
struct AxesSplit {
  std::vector<int64_t> bases;
  std::vector<int64_t> offsets;
};

AxesSplit split_over(const Shape& shape, const std::vector<bool>& reduced);

}  // namespace touchstone::ops::core
