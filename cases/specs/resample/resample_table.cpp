// The spec table of the resampling family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables (../spec_table.cpp).
// Resize and Upsample: nearest picks exact, interpolations by an element bound
// (resample_bounds.cpp: the float32 coordinate and weights to first order, and the sum).
#include "cases/specs/resample/resample_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& resample_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Resize", resize_cases, "nearest/linear/cubic under every coordinate mode of the version, up by scales, down by sizes, to one element, every nearest_mode on exact ties, cubic_coeff_a -0.5 with exclude_outside, tf_crop_and_resize (roi, extrapolation_value, scales length), axes, antialias, keep_aspect_ratio_policy (18), half_pixel_symmetric (19), 3-D, empty batch, specials, every type for nearest, integers interpolated, refusals", Judging::element("resample", resample_element_bounds, 0, 0)},
      {"", "Upsample", upsample_cases, "nearest and (bi)linear at integer and fractional scales, 3-D (7+), every type for nearest, integers interpolated, empty batch, scale and mode refusals; 10 deprecated", Judging::element("resample", resample_element_bounds, 0, 0)},
  };
  return table;
}

}  // namespace touchstone::cases
