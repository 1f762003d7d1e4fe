// Hand-written probes of Resize's changes: 11 (coordinate modes, half_pixel by default where
// 10 has asymmetric; roi and sizes; cubic), 13 (tf_half_pixel_for_nn dropped; roi optional),
// 18 (antialias, axes, keep_aspect_ratio_policy), 19 (half_pixel_symmetric). The case specs'
// probes show these too, on random data; these on rows small enough to check by hand.
#include "diff/hand_probes.h"

namespace touchstone::hand {

namespace {

onnx::AttributeProto resize_text(const char* name, const char* v) { return make_attr(name, std::string(v)); }
const Tensor kResizeRow = f32({1, 1, 1, 2}, {1, 2});
const Tensor kResizeScale2 = f32({4}, {1, 1, 1, 2});
const Tensor kResizeNoRoi = f32({0}, {});

}  // namespace

// Resize-11: "coordinate_transformation_mode (default is half_pixel)"; 10 names none (the
// reference: asymmetric, x / scale). 11's inputs are X, roi, scales (and sizes).
std::vector<Probe> resize_11() {
  return {
      two_forms("linear, scale 2 over [1,2]: asymmetric x/2 = 0, .5, 1, 1.5 -> [1,1.5,2,2] (10) vs half_pixel "
                "(x+.5)/2-.5 = -.25, .25, .75, 1.25 -> [1,1.25,1.75,2] (11)",
                {{kResizeRow, kResizeScale2}, {resize_text("mode", "linear")}}, {{kResizeRow, kResizeNoRoi, kResizeScale2}, {resize_text("mode", "linear")}}),
      two_forms("nearest, scale 2 over [1,2]: [1,1,2,2] in both (floor of x/2; half_pixel rounded half down)",
                {{kResizeRow, kResizeScale2}, {}}, {{kResizeRow, kResizeNoRoi, kResizeScale2}, {}}),
      two_forms("cubic, scale 2 over [1,2]: refused by 10 (nearest or linear), Keys' a = -0.75 in 11",
                {{kResizeRow, kResizeScale2}, {resize_text("mode", "cubic")}}, {{kResizeRow, kResizeNoRoi, kResizeScale2}, {resize_text("mode", "cubic")}}),
  };
}

// Resize-13: tf_half_pixel_for_nn leaves the list of modes; roi and scales become optional.
std::vector<Probe> resize_13() {
  return {
      probe("tf_half_pixel_for_nn, nearest, scale 2 over [1,2]: (x+.5)/2 = .25, .75, 1.25, 1.75 -> [1,2,2,2] (11); "
            "13 refuses the mode",
            {kResizeRow, kResizeNoRoi, kResizeScale2}, {resize_text("coordinate_transformation_mode", "tf_half_pixel_for_nn")}),
      probe("X and scales with roi left empty: 11 requires roi, 13 does not: [1,1,2,2]", {kResizeRow, kResizeScale2}, {}, {1}),
  };
}

// Resize-18: antialias, axes, keep_aspect_ratio_policy.
std::vector<Probe> resize_18() {
  const Tensor row8 = f32({1, 1, 1, 8}, {0, 1, 2, 3, 4, 5, 6, 7});
  return {
      probe("antialias=1, linear, [0..7] to 4 (sizes): the filter stretched by 2, weights .125 .375 .375 .125 -> "
            "[.625, 2.5, 4.5, 6.375] (18); 13 has no antialias",
            {row8, i64({4}, {1, 1, 1, 4})}, {resize_text("mode", "linear"), make_attr("antialias", int64_t{1})}, {1, 2}),
      probe("axes=[3], scales [2] over [1,2]: only the last axis listed (18); 13 has no axes",
            {kResizeRow, f32({1}, {2})}, {make_attr("axes", std::vector<int64_t>{3})}, {1}),
      probe("keep_aspect_ratio_policy=not_larger, axes [2,3], sizes (4,4) on (1,1,1,2): scale min(4, 2) = 2 -> (1,1,2,4) (18)",
            {kResizeRow, i64({2}, {4, 4})},
            {resize_text("keep_aspect_ratio_policy", "not_larger"), make_attr("axes", std::vector<int64_t>{2, 3})}, {1, 2}),
  };
}

// Resize-19: half_pixel_symmetric.
std::vector<Probe> resize_19() {
  const Tensor row5 = f32({1, 1, 1, 5}, {0, 1, 2, 3, 4});
  return {
      probe("half_pixel_symmetric, linear, scale 0.5 over [0..4]: out floor(2.5) = 2, offset 2.5 x (1 - 2/2.5) = .5, "
            "x = .5 + (x+.5)/.5 - .5 = 1, 3 -> [1,3] (19); half_pixel gives .5, 2.5 -> [.5,2.5]; 18 refuses the mode",
            {row5, f32({4}, {1, 1, 1, 0.5f})},
            {resize_text("mode", "linear"), resize_text("coordinate_transformation_mode", "half_pixel_symmetric")}, {1}),
  };
}

}  // namespace touchstone::hand
