// Case specs of RoiAlign and NonMaxSuppression (geometry_cases.h says what they sweep).
// Roi and box coordinates are short dyadic values, so the exact rules decide and the cases
// that reach an open rule (points outside X, tiny rois, equal scores) are tagged.
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/geometry/geometry_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;
using Rois = std::vector<std::vector<double>>;

struct RoiAlignDrafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  Tensor rois_of(const Rois& rois) const {
    std::vector<double> flat;
    for (const auto& r : rois) flat.insert(flat.end(), r.begin(), r.end());
    return tensor_of(t, {static_cast<int64_t>(rois.size()), 4}, flat);
  }
  void one(const std::string& name, const Rois& rois, std::vector<double> batch, Attrs attrs, const char* tag = "random",
           const Shape& x = {2, 2, 6, 8}) {
    if (row.since_version < 16)  // 10 has no coordinate_transformation_mode
      std::erase_if(attrs, [](const auto& a) { return a.name() == "coordinate_transformation_mode"; });
    add(out, name,
        {random_of(case_id(row, {t, t, DType::kInt64}, name), t, x), rois_of(rois),
         tensor_of(DType::kInt64, {static_cast<int64_t>(batch.size())}, batch)},
        std::move(attrs), {tag}, "", smoke);
    smoke = false;
  }
  void refuse(const std::string& name, const Tensor& rois, std::vector<double> batch, Attrs attrs, const std::string& rule) {
    add(out, name,
        {random_of(name, t, {2, 2, 6, 8}), rois, tensor_of(DType::kInt64, {static_cast<int64_t>(batch.size())}, batch)},
        std::move(attrs), {"attribute"}, row.label() + ": " + rule, false);
  }
};

onnx::AttributeProto ctm(const std::string& m) { return make_attr("coordinate_transformation_mode", m); }

void roi_align_sweep(RoiAlignDrafter& d, const std::string& transform) {
  // Rois inside X's pixel centres either way (half_pixel shifts them by -1/2).
  const Rois inside = {{1, 1, 6.5, 4.75}, {2.5, 1.5, 5, 4}, {1.25, 2, 3.75, 3.5}};
  for (const std::string mode : {"avg", "max"})
    for (int64_t ratio : {0, 2}) {
      const std::string name = transform + "_" + mode + "_ratio" + std::to_string(ratio);
      d.one(name, inside, {0, 1, 1},
            {ctm(transform), make_attr("mode", mode), make_attr("sampling_ratio", ratio),
             make_attr("output_height", int64_t{2}), make_attr("output_width", int64_t{3})});
    }
}

}  // namespace

void roi_align_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    RoiAlignDrafter d{row, t, out};
    roi_align_sweep(d, "output_half_pixel");
    if (row.since_version >= 16) roi_align_sweep(d, "half_pixel");
    const std::string tr = row.since_version >= 16 ? "half_pixel" : "output_half_pixel";
    d.one("spatial_scale_0.5", {{2, 2, 13, 9}, {4, 3, 10, 10}}, {1, 0},
          {ctm(tr), make_attr("spatial_scale", 0.5f), make_attr("output_height", int64_t{3}), make_attr("output_width", int64_t{2})});
    d.one("defaults", {{1, 1, 6.5, 4.75}}, {0}, {ctm(tr)});
    d.one("roi_past_x", {{-2, -1.5, 9.5, 7}}, {1},
          {ctm(tr), make_attr("output_height", int64_t{2}), make_attr("output_width", int64_t{2})}, "points-outside");
    d.one("tiny_roi", {{3, 2, 3.25, 2.5}}, {0},
          {ctm("output_half_pixel"), make_attr("output_height", int64_t{2}), make_attr("output_width", int64_t{2})}, "tiny-roi");
    d.one("no_rois", {}, {}, {ctm(tr)}, "empty");
    // X one row of the type's specials, a roi along it and one with a NaN corner.
    const int64_t specials = special_values(t).size();
    d.one("special_values", {{0, 0, static_cast<double>(specials - 1), 0}, {NAN, 0, 1, 1}}, {0, 0},
          {ctm(tr), make_attr("output_width", specials - 1), make_attr("sampling_ratio", int64_t{1})}, "special-values",
          {1, 1, 1, specials});
    out.back().inputs[0] = specials_as(t, {1, 1, 1, specials});
    if (row.since_version >= 16) {
      d.one("reversed_roi", {{5, 4, 2, 1.5}}, {0}, {ctm("half_pixel"), make_attr("sampling_ratio", int64_t{2})}, "roi-reversed");
      d.one("max_sharp_peak", {{1, 1, 5, 4}}, {0}, {ctm("half_pixel"), make_attr("mode", std::string("max"))}, "random",
            {1, 1, 6, 8});
    }
  }
  RoiAlignDrafter first{row, DType::kFloat, out, false};
  const Tensor roi = first.rois_of({{1, 1, 4, 4}});
  first.refuse("refuse_batch_index", roi, {2}, {}, "batch_indices[0] is an index into X's N");
  first.refuse("refuse_rois_shape", tensor_of(DType::kFloat, {1, 5}, {0, 1, 1, 4, 4}), {0}, {}, "rois is (num_rois, 4)");
  first.refuse("refuse_output_height", roi, {0}, {make_attr("output_height", int64_t{-1})}, "output_height and output_width are not negative");
  first.refuse("refuse_sampling_ratio", roi, {0}, {make_attr("sampling_ratio", int64_t{-1})}, "sampling_ratio is 0 (adaptive) or positive");
  first.refuse("refuse_mode", roi, {0}, {make_attr("mode", std::string("sum"))}, "mode is avg or max");
}

namespace {

struct NmsDrafter {
  const CatalogRow& row;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  // Optional inputs: < 0 leaves max_output out, NaN leaves a threshold out.
  void one(const std::string& name, const Shape& boxes_shape, std::vector<double> boxes, const Shape& scores_shape,
           std::vector<double> scores, int64_t max_out, double iou, double score, int64_t center = 0,
           const char* tag = "nms") {
    std::vector<Tensor> in = {tensor_of(DType::kFloat, boxes_shape, boxes), tensor_of(DType::kFloat, scores_shape, scores)};
    std::vector<size_t> omitted;
    const std::vector<std::pair<bool, Tensor>> optional = {
        {max_out >= 0, tensor_of(DType::kInt64, {1}, {static_cast<double>(max_out)})},
        {!std::isnan(iou), tensor_of(DType::kFloat, {1}, {iou})},
        {!std::isnan(score), tensor_of(DType::kFloat, {1}, {score})}};
    size_t last = 0;  // the last optional input present
    for (size_t k = 0; k < optional.size(); ++k)
      if (optional[k].first) last = k + 1;
    for (size_t k = 0; k < last; ++k) {
      if (optional[k].first) in.push_back(optional[k].second);
      else omitted.push_back(k + 2);
    }
    Attrs attrs;
    if (center != 0) attrs.push_back(make_attr("center_point_box", center));
    add(out, name, std::move(in), std::move(attrs), {tag}, "", smoke);
    out.back().omitted_inputs = omitted;
    smoke = false;
  }
};

}  // namespace

void non_max_suppression_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  NmsDrafter d{row, out};
  const double none = NAN;
  // Six boxes [y1, x1, y2, x2]: two clusters and a far one (ONNX's node tests' layout).
  const std::vector<double> six = {0, 0, 1, 1, 0, 0.125, 1, 1.125, 0, -0.125, 1, 0.875, 0, 10, 1, 11, 0, 10.125, 1, 11.125, 0, 100, 1, 101};
  const std::vector<double> scores6 = {0.875, 0.75, 0.5625, 0.9375, 0.5, 0.25};
  d.one("suppress_by_iou", {1, 6, 4}, six, {1, 1, 6}, scores6, 3, 0.5, 0);
  d.one("score_threshold", {1, 6, 4}, six, {1, 1, 6}, scores6, 3, 0.5, 0.5625);  // 0.5625 equals a score: kept
  d.one("limit_output", {1, 6, 4}, six, {1, 1, 6}, scores6, 2, 0.5, 0);
  d.one("no_limit_input", {1, 6, 4}, six, {1, 1, 6}, scores6, -1, none, none);  // absent: 0, no output
  d.one("iou_threshold_absent", {1, 6, 4}, six, {1, 1, 6}, scores6, 10, none, none);
  // Flipped corners: the same boxes by another diagonal.
  const std::vector<double> flipped = {1, 1, 0, 0, 0, 1.125, 1, 0.125, 1, -0.125, 0, 0.875, 1, 11, 0, 10, 0, 11.125, 1, 10.125, 1, 101, 0, 100};
  d.one("flipped_corners", {1, 6, 4}, flipped, {1, 1, 6}, scores6, 3, 0.5, 0);
  // Centre format: the six boxes as [x_c, y_c, w, h].
  const std::vector<double> centres = {0.5, 0.5, 1, 1, 0.625, 0.5, 1, 1, 0.375, 0.5, 1, 1, 10.5, 0.5, 1, 1, 10.625, 0.5, 1, 1, 100.5, 0.5, 1, 1};
  d.one("center_point_box", {1, 6, 4}, centres, {1, 1, 6}, scores6, 3, 0.5, 0, 1);
  // [0,0,2,2] and [0,1,2,3]: intersection 2, union 6, IoU 1/3; [0,0,2,2] and [0,0,2,1]: 1/2 exactly.
  const std::vector<double> exact = {0, 0, 2, 2, 0, 1, 2, 3, 0, 0, 2, 1};
  d.one("iou_equal_threshold_kept", {1, 3, 4}, exact, {1, 1, 3}, {0.75, 0.5, 0.25}, 3, 0.5, none);
  d.one("iou_just_above", {1, 3, 4}, exact, {1, 1, 3}, {0.75, 0.5, 0.25}, 3, 0.4921875, none);
  // Two batches, two classes, different scores per class.
  std::vector<double> two = six;
  two.insert(two.end(), six.begin(), six.end());
  d.one("two_batches_two_classes", {2, 6, 4}, two, {2, 2, 6},
        {0.875, 0.75, 0.5625, 0.9375, 0.5, 0.25, 0.25, 0.5, 0.9375, 0.125, 0.625, 0.75,
         0.5, 0.625, 0.75, 0.875, 0.9375, 0.0625, 0.9375, 0.875, 0.75, 0.625, 0.5, 0.375}, 2, 0.5, 0);
  d.one("equal_scores", {1, 6, 4}, six, {1, 1, 6}, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, 3, 0.5, 0, 0, "equal-scores");
  d.one("no_boxes", {1, 0, 4}, {}, {1, 2, 0}, {}, 3, 0.5, 0, 0, "empty");
  // Scores +inf, NaN, -inf among finite ones; an infinite box coordinate.
  std::vector<double> odd = six;
  odd[9] = INFINITY;
  d.one("special_values", {1, 6, 4}, odd, {1, 1, 6}, {INFINITY, NAN, -INFINITY, 0.9375, 0.5, 0}, 4, 0.5, none, 0,
        "special-values");
  d.one("zero_area_boxes", {1, 2, 4}, {0, 0, 0, 0, 0, 0, 0, 0}, {1, 1, 2}, {0.5, 0.25}, 2, 0, none, 0, "zero-area");
  auto refuse = [&](const std::string& name, const Shape& bs, const Shape& ss, double iou, const std::string& rule) {
    int64_t nb = 1, ns = 1;
    for (int64_t v : bs) nb *= v;
    for (int64_t v : ss) ns *= v;
    add(out, name,
        {tensor_of(DType::kFloat, bs, std::vector<double>(static_cast<size_t>(nb), 0.5)),
         tensor_of(DType::kFloat, ss, std::vector<double>(static_cast<size_t>(ns), 0.5)), tensor_of(DType::kInt64, {1}, {2}),
         tensor_of(DType::kFloat, {1}, {iou})},
        {}, {"attribute"}, row.label() + ": " + rule, false);
  };
  refuse("refuse_iou_threshold", {1, 2, 4}, {1, 1, 2}, 1.5, "iou_threshold is in [0, 1]");
  refuse("refuse_boxes_shape", {1, 2, 5}, {1, 1, 2}, 0.5, "boxes is (num_batches, spatial_dimension, 4)");
  refuse("refuse_scores_shape", {1, 2, 4}, {1, 1, 3}, 0.5, "scores is (num_batches, num_classes, spatial_dimension)");
}

}  // namespace touchstone::cases
