#include "reference/broadcast.h"

#include <algorithm>

namespace touchstone {

namespace {

// Row-major strides of `shape`, placed at output dimensions [first, first + rank), with
// stride 0 wherever the input's size is 1 and the output's is not, and 0 outside.
std::vector<int64_t> placed_strides(const Shape& shape, const Shape& out, size_t first) {
  std::vector<int64_t> strides(out.size(), 0);
  int64_t stride = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] == out[first + d]) strides[first + d] = stride;
    stride *= shape[d];
  }
  return strides;
}

std::vector<int64_t> row_major_strides(const Shape& shape) { return placed_strides(shape, shape, 0); }

}  // namespace

BroadcastPlan limited_broadcast(const Shape& a, const Shape& b, int64_t broadcast,
                                std::optional<int64_t> axis) {
  const std::string shapes = "A " + shape_to_string(a) + " and B " + shape_to_string(b);
  if (broadcast != 0 && broadcast != 1)
    invalid_model("broadcast must be 0 or 1, got " + std::to_string(broadcast));
  if (broadcast == 0) {
    if (a != b) invalid_model(shapes + " differ, and broadcasting needs broadcast=1");
    return {a, {row_major_strides(a), row_major_strides(b)}};
  }
  if (b.size() > a.size())
    invalid_model(shapes + ": B has a higher rank than A, and only B is broadcast");
  // One element (a scalar, or (1,1), ...): the same value everywhere.
  if (element_count(b) == 1) return {a, {row_major_strides(a), std::vector<int64_t>(a.size(), 0)}};
  // Otherwise B's shape is a contiguous run of A's, placed at `axis` or at the end.
  const int64_t last_start = static_cast<int64_t>(a.size() - b.size());
  int64_t start = last_start;
  if (axis) {
    if (*axis < 0 || *axis > last_start)
      invalid_model(shapes + ": axis " + std::to_string(*axis) + " is outside [0, " +
                    std::to_string(last_start) + "], where B's run would fit in A");
    start = *axis;
  }
  for (size_t d = 0; d < b.size(); ++d) {
    if (b[d] != a[static_cast<size_t>(start) + d])
      invalid_model(shapes + ": B is not a contiguous run of A's shape " +
                    (axis ? "at axis " + std::to_string(start) : std::string("at its end")) +
                    " (sizes must match exactly; 1 does not stretch)");
  }
  return {a, {row_major_strides(a), placed_strides(b, a, static_cast<size_t>(start))}};
}

BroadcastPlan multidirectional_broadcast(const std::vector<Shape>& shapes) {
  size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  Shape out(rank, 1);
  for (const auto& s : shapes) {
    const size_t offset = rank - s.size();
    for (size_t d = 0; d < s.size(); ++d) {
      int64_t& o = out[offset + d];
      if (s[d] == o || s[d] == 1) continue;
      if (o == 1) {
        o = s[d];
        continue;
      }
      std::string all;
      for (const auto& t : shapes) all += (all.empty() ? "" : " and ") + shape_to_string(t);
      invalid_model("shapes " + all + " do not broadcast: sizes " + std::to_string(o) + " and " +
                    std::to_string(s[d]) + " meet at dimension " + std::to_string(offset + d) +
                    " of the result (numpy rule: equal, or one of them 1)");
    }
  }
  BroadcastPlan plan{out, {}};
  for (const auto& s : shapes) plan.strides.push_back(placed_strides(s, out, rank - s.size()));
  return plan;
}

BroadcastPlan unidirectional_broadcast(const Shape& a, const Shape& b) {
  BroadcastPlan plan = multidirectional_broadcast({a, b});
  if (plan.out != a)
    invalid_model("B " + shape_to_string(b) + " does not broadcast to A " + shape_to_string(a) +
                  " (unidirectional: only B may be stretched)");
  return plan;
}

}  // namespace touchstone
