// NonMaxSuppression-10 (11 shares it: its text only restates, under iou_threshold, that a
// box is suppressed when its IoU is strictly greater).
//
// Per batch and class: the boxes whose score is not less than score_threshold ("boxes with
// score less than score_threshold are removed"; absent: all), taken by score descending;
// each is selected unless its IoU with a box already selected is strictly greater than
// iou_threshold (absent: 0), until max_output_boxes_per_class are selected (absent: 0,
// "which means no output"). Boxes are [y1, x1, y2, x2] with any diagonal pair of corners
// (center_point_box 0) or [x_center, y_center, width, height] (1). IoU is compared
// exactly: intersection > iou_threshold x union on rationals. The output lists
// [batch, class, box] rows batch by batch, class by class, in selection order (ONNX's
// node tests' order; the text calls the output a set, and backends are judged as one).
//
// What ONNX leaves open (marked implementation-defined, the reference's answer):
// - equal scores among a class's candidates (the lower box index first);
// - an IoU within float rounding of iou_threshold (the exact comparison);
// - two boxes of zero area (IoU 0/0: not suppressed);
// - a negative max_output_boxes_per_class (no output); NaN scores (never selected).
// Undefined: NaN or infinite box coordinates (treated as not overlapping).
// Refused: boxes not (num_batches, spatial_dimension, 4), scores not (num_batches,
// num_classes, spatial_dimension), center_point_box not 0 or 1, iou_threshold outside
// [0, 1], a non-scalar max_output_boxes_per_class, iou_threshold or score_threshold.
#include <algorithm>
#include <string>
#include <vector>

#include "reference/error.h"
#include "reference/ops/geometry/geometry_exact.h"
#include "reference/ops/geometry/geometry_ops.h"

namespace touchstone::ops {

namespace {

using geometry::Rational;

struct NmsBox {
  Rational y1, x1, y2, x2;  // y1 <= y2, x1 <= x2
  bool finite = true;
  Rational area() const { return (y2 - y1) * (x2 - x1); }
};

NmsBox box_of(const float* b, bool center) {
  NmsBox box;
  for (int k = 0; k < 4; ++k) box.finite = box.finite && std::isfinite(b[k]);
  if (!box.finite) return box;
  Rational a0, a1, b0, b1;  // two corners (y, x) of the diagonal
  if (center) {
    const Rational xc(b[0]), yc(b[1]), w(b[2]), h(b[3]);
    a0 = yc - h / 2, a1 = xc - w / 2, b0 = yc + h / 2, b1 = xc + w / 2;
  } else {
    a0 = b[0], a1 = b[1], b0 = b[2], b1 = b[3];
  }
  box.y1 = std::min(a0, b0), box.y2 = std::max(a0, b0);
  box.x1 = std::min(a1, b1), box.x2 = std::max(a1, b1);
  return box;
}

// Whether `a` suppresses `b`: IoU strictly greater than the threshold, exactly.
bool suppresses(const Node& node, const NmsBox& a, const NmsBox& b, const Rational& threshold) {
  if (!a.finite || !b.finite) return false;
  const Rational h = std::max(Rational(0), Rational(std::min(a.y2, b.y2) - std::max(a.y1, b.y1)));
  const Rational w = std::max(Rational(0), Rational(std::min(a.x2, b.x2) - std::max(a.x1, b.x1)));
  const Rational inter = h * w, uni = a.area() + b.area() - inter;
  if (uni == 0) {
    node.mark(Semantics::kImplementationDefined, "two boxes of zero area (IoU 0/0: not suppressed)");
    return false;
  }
  const Rational margin = inter - threshold * uni;
  if (margin != 0 && abs(margin) * (1 << 20) <= uni)
    node.mark(Semantics::kImplementationDefined, "an IoU within float rounding of iou_threshold (exact comparison)");
  return margin > 0;
}

// An optional scalar input's value, or `fallback` when absent.
template <class T>
std::optional<T> scalar_input(const Inputs& in, size_t i, const char* name) {
  if (!in.has(i)) return std::nullopt;
  if (in[i].size() != 1 || in[i].rank() > 1) invalid_model(std::string(name) + " is a scalar");
  return in[i].data<T>()[0];
}

// The selected boxes of one batch and class, in selection order.
std::vector<int64_t> select_boxes(const Node& node, const std::vector<NmsBox>& boxes, const float* scores,
                                  int64_t limit, const Rational& iou, std::optional<float> score_threshold) {
  std::vector<int64_t> order;
  for (int64_t i = 0; i < static_cast<int64_t>(boxes.size()); ++i) {
    if (std::isnan(scores[i])) {
      node.mark(Semantics::kImplementationDefined, "a NaN score (never selected)");
      continue;
    }
    if (!score_threshold || !(scores[i] < *score_threshold)) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return scores[a] > scores[b]; });
  for (size_t k = 1; k < order.size(); ++k)
    if (scores[order[k]] == scores[order[k - 1]])
      node.mark(Semantics::kImplementationDefined, "equal scores in a class (the lower box index first)");
  std::vector<int64_t> selected;
  for (int64_t i : order) {
    if (static_cast<int64_t>(selected.size()) >= limit) break;
    const bool kept = std::none_of(selected.begin(), selected.end(),
                                   [&](int64_t s) { return suppresses(node, boxes[s], boxes[i], iou); });
    if (!boxes[i].finite) node.mark(Semantics::kUndefined, "a NaN or infinite box coordinate");
    if (kept) selected.push_back(i);
  }
  return selected;
}

}  // namespace

Tensors non_max_suppression_v10(const Node& node, const Inputs& in) {
  const Tensor& boxes = in[0];
  const Tensor& scores = in[1];
  if (boxes.rank() != 3 || boxes.shape()[2] != 4)
    invalid_model("boxes is (num_batches, spatial_dimension, 4), not " + shape_to_string(boxes.shape()));
  const int64_t batches = boxes.shape()[0], count = boxes.shape()[1];
  if (scores.rank() != 3 || scores.shape()[0] != batches || scores.shape()[2] != count)
    invalid_model("scores is (num_batches, num_classes, spatial_dimension) = (" + std::to_string(batches) +
                  ", C, " + std::to_string(count) + "), not " + shape_to_string(scores.shape()));
  const int64_t classes = scores.shape()[1];
  const int64_t center = node.attr_int("center_point_box", 0);
  if (center != 0 && center != 1) invalid_model("center_point_box is 0 or 1");
  int64_t limit = scalar_input<int64_t>(in, 2, "max_output_boxes_per_class").value_or(0);
  const float iou = scalar_input<float>(in, 3, "iou_threshold").value_or(0.0f);
  if (!(iou >= 0 && iou <= 1)) invalid_model("iou_threshold is in [0, 1]");
  const std::optional<float> score_threshold = scalar_input<float>(in, 4, "score_threshold");
  if (limit < 0) {
    node.mark(Semantics::kImplementationDefined, "a negative max_output_boxes_per_class (no output)");
    limit = 0;
  }
  std::vector<int64_t> rows;
  const float* box_data = boxes.data<float>().data();
  for (int64_t b = 0; b < batches; ++b) {
    std::vector<NmsBox> bs;
    for (int64_t i = 0; i < count; ++i) bs.push_back(box_of(box_data + (b * count + i) * 4, center == 1));
    for (int64_t c = 0; c < classes; ++c) {
      const float* sc = scores.data<float>().data() + (b * classes + c) * count;
      for (int64_t i : select_boxes(node, bs, sc, limit, Rational(iou), score_threshold))
        rows.insert(rows.end(), {b, c, i});
    }
  }
  Tensor selected(DType::kInt64, {static_cast<int64_t>(rows.size() / 3), 3});
  std::copy(rows.begin(), rows.end(), selected.data<int64_t>().begin());
  return {std::move(selected)};
}

}  // namespace touchstone::ops
