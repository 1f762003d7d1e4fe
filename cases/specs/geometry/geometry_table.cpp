// The spec table of the geometry family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables (../spec_table.cpp).
#include "cases/specs/geometry/geometry_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& geometry_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "AffineGrid", affine_grid_cases, "2-D and 3-D theta, align_corners 0/1, one-pixel axes, an empty size; theta shape, size length and batch refusals", Judging::element("affine_grid", affine_grid_bounds)},
      {"", "GridSample", grid_sample_cases, "every mode x padding_mode x align_corners on 4-D X of each float type, far reflections, a halfway nearest pick, specials, an empty grid; 3-D and 1-D X (20+); nearest/linear/cubic of integer, bool, string and complex X; each grid type; grid shape, mode name and rank refusals", Judging::element("grid_sample", grid_sample_bounds)},
      {"", "NonMaxSuppression", non_max_suppression_cases, "IoU suppression, a score equal to score_threshold (kept), an IoU equal to iou_threshold (kept) and just above, max_output limit and absent, thresholds absent, flipped corners, center_point_box, two batches x two classes, equal scores, no boxes, zero-area boxes; threshold and shape refusals", Judging::property_of("nms_rows", nms_rows_property)},
      {"", "RoiAlign", roi_align_cases, "avg and max, sampling_ratio 0 (adaptive) and 2, output_half_pixel and half_pixel (16+), spatial_scale, rois past X, a tiny roi, a reversed roi, no rois; batch index, rois shape, output size, sampling_ratio and mode refusals", Judging::element("roi_align", roi_align_bounds)},
  };
  return table;
}

}  // namespace touchstone::cases
