// Hand-written probes of the geometry ops' changes: GridSample-20 (N-D X, modes renamed
// linear/cubic, a halfway nearest pick named: the even index) and RoiAlign-16
// (coordinate_transformation_mode, half_pixel by default: the roi shifted by -1/2). The case
// specs' probes show these too, on random data; these show them on inputs small enough to
// check by hand.
#include "diff/hand_probes.h"

namespace touchstone::hand {

namespace {

onnx::AttributeProto geometry_text(const char* name, const char* v) { return make_attr(name, std::string(v)); }
onnx::AttributeProto geometry_int(const char* name, int64_t v) { return make_attr(name, v); }

}  // namespace

// GridSample-20: "mode: linear (default), nearest and cubic"; "for an input X of rank r+2";
// "The "nearest" mode rounds to the nearest even index when the sampling point falls halfway".
// GridSample-16: "bilinear (default), nearest and bicubic"; "only spatial (4-D) inputs".
std::vector<Probe> grid_sample_20() {
  const Tensor square = f32({1, 1, 2, 2}, {1, 2, 3, 4}), centre = f32({1, 1, 1, 2}, {0, 0});
  return {
      probe("mode=bilinear at the centre of [[1,2],[3,4]]: 2.5 (16); 20 names it linear and refuses bilinear",
            {square, centre}, {geometry_text("mode", "bilinear")}),
      probe("mode=linear at the centre of [[1,2],[3,4]]: 16 refuses the name; 2.5 (20)", {square, centre},
            {geometry_text("mode", "linear")}),
      probe("default mode at the centre of [[1,2],[3,4]]: bilinear (16) and linear (20) agree: 2.5 in both",
            {square, centre}),
      probe("nearest, g = 0 on the row [10,20,30,40]: coordinate 1.5, halfway; 16 is silent (the reference: 30, "
            "implementation-defined), 20 rounds to the even index 2: 30",
            {f32({1, 1, 1, 4}, {10, 20, 30, 40}), centre}, {geometry_text("mode", "nearest")}),
      probe("volumetric X (1,1,2,2,2) = 1..8 at its centre: 16 refuses a 5-D X; 20: the mean 4.5",
            {f32({1, 1, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}), f32({1, 1, 1, 1, 3}, {0, 0, 0})}),
  };
}

// RoiAlign-16: "coordinate_transformation_mode ... (default is half_pixel) ... 'half_pixel' to
// pixel shift the input coordinates by -0.5 ... 'output_half_pixel' to omit the pixel shift
// (use this for a backward-compatible behavior)". RoiAlign-10 has no such attribute (no shift).
std::vector<Probe> roi_align_16() {
  // X(r, c) = 3r + c on 3x3: bilinear gives 3y + x; roi [0,0,2,2], one bin, 2x2 points.
  const Tensor ramp = f32({1, 1, 3, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8});
  const Tensor roi = f32({1, 4}, {0, 0, 2, 2});
  const Tensor batch = i64({1}, {0});
  return {
      probe("avg, roi [0,0,2,2] on X(r,c) = 3r + c, 2x2 points: points at 0.5, 1.5 (10): 4; half_pixel by "
            "default (16): points at 0, 1: 2",
            {ramp, roi, batch}, {geometry_int("sampling_ratio", 2)}),
      probe("max, the same roi: the largest point 3(1.5) + 1.5 = 6 (10) vs 3(1) + 1 = 4 (16)", {ramp, roi, batch},
            {geometry_int("sampling_ratio", 2), geometry_text("mode", "max")}),
      probe("coordinate_transformation_mode=output_half_pixel: 16's backward-compatible mode gives 10's value, 4 "
            "(10 has no such attribute and ignores it)",
            {ramp, roi, batch}, {geometry_int("sampling_ratio", 2), geometry_text("coordinate_transformation_mode", "output_half_pixel")}),
  };
}

}  // namespace touchstone::hand
