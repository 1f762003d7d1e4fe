#include "reference/ops/core/axes.h"

#include <string>

#include "reference/error.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops::core {

namespace {
thread_local EarlyNegativeAxes* innermost_early_negative_axes = nullptr;
}  // namespace

EarlyNegativeAxes::EarlyNegativeAxes(SemanticsRecord& record, std::string label)
    : record_(record), label_(std::move(label)), outer_(innermost_early_negative_axes) {
  innermost_early_negative_axes = this;
}

EarlyNegativeAxes::~EarlyNegativeAxes() { innermost_early_negative_axes = outer_; }

EarlyNegativeAxes* EarlyNegativeAxes::current() { return innermost_early_negative_axes; }

void EarlyNegativeAxes::note(std::string_view what, int64_t axis) {
  record_.mark(Semantics::kImplementationDefined,
               label_ + ": " + std::string(what) + " " + std::to_string(axis) +
                   " is negative where the text does not say what that means (negative axes came with opset 11); "
                   "counted from the back, as later versions do");
}

int64_t normalize_axis(int64_t axis, int64_t rank, Negative negative, std::string_view what,
                       AxisWording wording) {
  const bool allowed = negative == Negative::kAllowed;
  const int64_t lowest = allowed ? -rank : 0;
  if (axis >= lowest && axis < rank) return axis < 0 ? axis + rank : axis;
  if (!allowed && axis < 0 && axis >= -rank && EarlyNegativeAxes::current()) {
    EarlyNegativeAxes::current()->note(what, axis);
    return axis + rank;
  }
  const std::string named = std::string(what) + " " + std::to_string(axis);
  const std::string highest = std::to_string(rank - 1);
  switch (wording) {
    case AxisWording::kRange:
    case AxisWording::kRangeVersion:
      invalid_model(named + " is outside [" + std::to_string(lowest) + ", " + highest + "] for rank " +
                    std::to_string(rank) +
                    (wording == AxisWording::kRangeVersion && !allowed ? " (negative axes from version 11)"
                                                                        : ""));
    case AxisWording::kRankR:
      if (allowed)
        invalid_model(named + " is outside [-r, r-1] = [" + std::to_string(-rank) + ", " + highest +
                      "] for rank r = " + std::to_string(rank));
      if (axis < 0) invalid_model(named + " is negative; negative axes are allowed only from opset 11");
      invalid_model(named + " is outside [0, r-1] = [0, " + highest + "] for rank r = " +
                    std::to_string(rank));
  }
  throw std::logic_error("normalize_axis: unknown wording");
}

AxisSplit split_at(const Shape& shape, int64_t axis) {
  const auto a = static_cast<size_t>(axis);
  return {product_of(shape, 0, a), shape[a], product_of(shape, a + 1)};
}

AxisSplit coerce_2d_at(const Shape& shape, int64_t axis) {
  const auto a = static_cast<size_t>(axis);
  return {product_of(shape, 0, a), product_of(shape, a), 1};
}

namespace {

// The flat positions of every index of `dims` under `strides`, in row-major order.
std::vector<int64_t> positions(const Shape& dims, const Shape& strides) {
  const auto charge = scratch_for<int64_t>(element_count(dims), "a list of positions");
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(element_count(dims)));
  for (const Index& index : IndexSpace(dims)) out.push_back(ravel(index, strides));
  return out;
}

}  // namespace

AxesSplit split_over(const Shape& shape, const std::vector<bool>& reduced) {
  const Shape strides = strides_of(shape);
  Shape kept_dims, kept_strides, reduced_dims, reduced_strides;
  for (size_t d = 0; d < shape.size(); ++d) {
    (reduced[d] ? reduced_dims : kept_dims).push_back(shape[d]);
    (reduced[d] ? reduced_strides : kept_strides).push_back(strides[d]);
  }
  return {positions(kept_dims, kept_strides), positions(reduced_dims, reduced_strides)};
}

}  // namespace touchstone::ops::core
