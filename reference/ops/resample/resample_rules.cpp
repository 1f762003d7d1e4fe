// Resize's and Upsample's rules by version (resample_rules.h).
// - Output sizes: floor(in x scale) exactly (scale a float: an exact binary rational); with
//   tf_crop_and_resize and scales, the text's floor(in x (roi_end - roi_start) x scale)
//   (marked implementation-defined, shapes too, where it differs from floor(in x scale),
//   which ONNX's shape inference and ONNX Runtime use); sizes as given, or by
//   keep_aspect_ratio_policy (18): one scale for the listed axes, min (not_larger) or max
//   (not_smaller) of sizes[i] / in, and out = round_int(scale x in), halves up.
// - The coordinates' scale: the given one, out / in for sizes, the policy's common scale.
// - align_corners and tf_crop_and_resize divide by length_resized - 1; ONNX's reference by the
//   fractional in x scale - 1: marked where they differ.
// - Refused, named: scales not above 0 (Upsample: below 1), a scales or sizes length other
//   than the rank (or the axes'), both or neither of scales and sizes, negative sizes,
//   tf_crop_and_resize without a roi of 2 x that length, unknown modes, tf_half_pixel_for_nn
//   after 11, linear or cubic on bool or string X; axes outside [-r, r).
#include "reference/ops/resample/resample_rules.h"

#include <cmath>
#include <string>

#include "reference/numeric/exact.h"

namespace touchstone::ops::resample {

Version resize_version(int since) {
  return {.since = since,
          .resize = true,
          .coordinate_modes = since >= 11,
          .cubic = since >= 11,
          .tf_half_pixel_for_nn = since == 11,
          .axes = since >= 18,
          .half_pixel_symmetric = since >= 19};
}

Version upsample_version(int since) { return {.since = since, .resize = false}; }

namespace {

Mode read_mode(const Node& node, const Version& v) {
  const std::string m = node.attr_string("mode", "nearest");
  if (m == "nearest") return Mode::kNearest;
  if (m == "linear" || (!v.resize && v.since == 1 && m == "bilinear")) {
    if (!v.resize && v.since == 1 && m == "linear") invalid_model("mode is nearest or bilinear");
    return Mode::kLinear;
  }
  if (m == "cubic" && v.cubic) return Mode::kCubic;
  invalid_model(v.cubic ? "mode is nearest, linear or cubic"
                        : (!v.resize && v.since == 1 ? "mode is nearest or bilinear" : "mode is nearest or linear"));
}

Coordinates read_coordinates(const Node& node, const Version& v) {
  if (!v.coordinate_modes) return Coordinates::kAsymmetric;
  const std::string c = node.attr_string("coordinate_transformation_mode", "half_pixel");
  if (c == "half_pixel") return Coordinates::kHalfPixel;
  if (c == "pytorch_half_pixel") return Coordinates::kPytorchHalfPixel;
  if (c == "align_corners") return Coordinates::kAlignCorners;
  if (c == "asymmetric") return Coordinates::kAsymmetric;
  if (c == "tf_crop_and_resize") return Coordinates::kTfCropAndResize;
  if (c == "half_pixel_symmetric" && v.half_pixel_symmetric) return Coordinates::kHalfPixelSymmetric;
  if (c == "tf_half_pixel_for_nn") {
    if (v.tf_half_pixel_for_nn) return Coordinates::kTfHalfPixelForNn;
    invalid_model("coordinate_transformation_mode tf_half_pixel_for_nn is Resize-11's only (13 dropped it)");
  }
  invalid_model("coordinate_transformation_mode '" + c + "' is not one of this version's modes");
}

Rounding read_rounding(const Node& node, const Version& v) {
  if (!v.coordinate_modes) return Rounding::kFloorUnstated;
  const std::string r = node.attr_string("nearest_mode", "round_prefer_floor");
  if (r == "round_prefer_floor") return Rounding::kRoundPreferFloor;
  if (r == "round_prefer_ceil") return Rounding::kRoundPreferCeil;
  if (r == "floor") return Rounding::kFloor;
  if (r == "ceil") return Rounding::kCeil;
  invalid_model("nearest_mode is round_prefer_floor, round_prefer_ceil, floor or ceil");
}

std::vector<double> doubles_of(const Tensor& t) {
  std::vector<double> v;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (const T& e : t.data<T>()) v.push_back(numeric::widen(e));
  });
  return v;
}

// The axes the inputs list (18: the axes attribute, else all), non-negative.
std::vector<int64_t> listed_axes(const Node& node, const Version& v, int64_t rank) {
  std::vector<int64_t> axes;
  if (v.axes && node.has_attr("axes")) {
    for (int64_t a : node.attr_ints("axes")) {
      if (a < -rank || a >= rank) invalid_model("axes are within [-r, r-1]");
      axes.push_back(a < 0 ? a + rank : a);
    }
    for (size_t i = 0; i < axes.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (axes[i] == axes[j]) node.mark(Semantics::kUndefined, "an axis repeated in axes (the later entry applies)");
    return axes;
  }
  for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
  return axes;
}

void read_roi(const Node& node, const Options& o, const Tensor* roi, const std::vector<int64_t>& axes,
              std::vector<AxisRequest>& r) {
  if (o.coordinates != Coordinates::kTfCropAndResize) return;
  if (roi == nullptr || roi->size() != static_cast<int64_t>(2 * axes.size()))
    invalid_model("tf_crop_and_resize needs roi [start1, ..., startN, end1, ..., endN], N the rank (or the axes' count)");
  const std::vector<double> v = doubles_of(*roi);
  for (double e : v)
    if (!std::isfinite(e)) invalid_model("roi values are finite");
  (void)node;
  for (size_t i = 0; i < axes.size(); ++i) {
    r[axes[i]].roi_start = exact_rational(v[i]);
    r[axes[i]].roi_end = exact_rational(v[i + axes.size()]);
  }
}

void sizes_by_policy(const Node& node, const Version& v, const Tensor& sizes, const std::vector<int64_t>& axes,
                     std::vector<AxisRequest>& r) {
  auto s = sizes.data<int64_t>();
  for (int64_t e : s)
    if (e < 0) invalid_model("sizes are not negative");
  const std::string policy = v.axes ? node.attr_string("keep_aspect_ratio_policy", "stretch") : "stretch";
  if (policy == "stretch") {
    for (size_t i = 0; i < axes.size(); ++i) {
      AxisRequest& a = r[axes[i]];
      a.out = s[i];
      a.scale = a.in > 0 ? mpq_class(a.out, a.in) : mpq_class(1);
      a.scale.canonicalize();
    }
    return;
  }
  if (policy != "not_larger" && policy != "not_smaller")
    invalid_model("keep_aspect_ratio_policy is stretch, not_larger or not_smaller");
  mpq_class scale;
  for (size_t i = 0; i < axes.size(); ++i) {
    if (r[axes[i]].in == 0) invalid_model("keep_aspect_ratio_policy needs every listed axis of X nonempty");
    mpq_class q(s[i], r[axes[i]].in);
    q.canonicalize();
    if (i == 0 || (policy == "not_larger" ? q < scale : q > scale)) scale = q;
  }
  for (int64_t d : axes) {
    AxisRequest& a = r[d];
    const mpq_class target = scale * a.in + mpq_class(1, 2);  // round_int: halves up
    mpz_class f;
    mpz_fdiv_q(f.get_mpz_t(), target.get_num_mpz_t(), target.get_den_mpz_t());
    a.out = f.get_si();
    a.scale = scale;
  }
}

void sizes_by_scales(const Node& node, const Version& v, const Options& o, const Tensor& scales,
                     const std::vector<int64_t>& axes, std::vector<AxisRequest>& r) {
  const std::vector<double> s = doubles_of(scales);
  for (size_t i = 0; i < axes.size(); ++i) {
    if (!(s[i] > 0)) invalid_model(v.resize ? "scales are above 0" : "scales are at least 1");
    if (!v.resize && s[i] < 1) invalid_model("scales are at least 1");
    AxisRequest& a = r[axes[i]];
    a.scale = exact_rational(s[i]);
    mpq_class length = a.scale * a.in;
    mpz_class plain;
    mpz_fdiv_q(plain.get_mpz_t(), length.get_num_mpz_t(), length.get_den_mpz_t());
    if (o.coordinates == Coordinates::kTfCropAndResize) length *= a.roi_end - a.roi_start;
    mpz_class f;
    mpz_fdiv_q(f.get_mpz_t(), length.get_num_mpz_t(), length.get_den_mpz_t());
    if (sgn(f) < 0) invalid_model("the output length floor(in x (roi_end - roi_start) x scale) is not negative");
    if (f != plain)
      node.mark(Semantics::kImplementationDefined,
                "tf_crop_and_resize with scales: the text's length floor(in x (roi_end - roi_start) x scale), "
                "not floor(in x scale) as ONNX's shape inference has it",
                true);
    a.out = f.get_si();
  }
}

// Resize-11+: the coordinates use the given scale where the text says out / in.
void mark_scale_text(const Node& node, const Version& v, const Options& o, const std::vector<AxisRequest>& r) {
  if (!v.coordinate_modes || o.coordinates == Coordinates::kHalfPixelSymmetric) return;
  if (o.coordinates == Coordinates::kAlignCorners || o.coordinates == Coordinates::kTfCropAndResize) {
    for (const AxisRequest& a : r)
      if (a.in > 0 && a.scale * a.in != a.out)
        node.mark(Semantics::kImplementationDefined,
                  "align_corners or tf_crop_and_resize with in x scale not an integer: the text's length_resized - 1 "
                  "(ONNX's reference divides by in x scale - 1)");
    return;
  }
  for (const AxisRequest& a : r)
    if (a.in > 0 && a.scale * a.in != a.out && !(o.coordinates == Coordinates::kPytorchHalfPixel && a.out <= 1))
      node.mark(Semantics::kImplementationDefined,
                "a scale other than length_resized / length_original, which the text's coordinate formula names "
                "(the given scale, as ONNX's reference and ONNX Runtime use)");
}

}  // namespace

Options read_options(const Node& node, const Version& v, DType x_type) {
  Options o;
  o.mode = read_mode(node, v);
  o.coordinates = read_coordinates(node, v);
  o.rounding = read_rounding(node, v);
  if (v.coordinate_modes) {
    o.cubic_a = exact_rational(node.attr_float("cubic_coeff_a", -0.75f));
    o.exclude_outside = node.attr_int("exclude_outside", 0) != 0;
    o.extrapolation = node.attr_float("extrapolation_value", 0.0f);
  }
  if (v.axes) o.antialias = node.attr_int("antialias", 0) != 0;
  if (o.mode != Mode::kNearest) {
    if (x_type == DType::kBool || x_type == DType::kString)
      invalid_model("linear and cubic interpolate numbers: X is " + std::string(dtype_name(x_type)));
    if (x_type == DType::kComplex64 || x_type == DType::kComplex128)
      not_implemented("linear and cubic interpolation of complex X");
  }
  return o;
}

std::vector<AxisRequest> read_requests(const Node& node, const Version& v, const Options& o, const Shape& x_shape,
                                       const Tensor* scales, const Tensor* sizes, const Tensor* roi) {
  const int64_t rank = static_cast<int64_t>(x_shape.size());
  std::vector<AxisRequest> r(x_shape.size());
  for (int64_t d = 0; d < rank; ++d) r[d].in = r[d].out = x_shape[d];
  const std::vector<int64_t> axes = listed_axes(node, v, rank);
  if (scales && scales->size() == 0) scales = nullptr;  // an empty scales stands for none (11's rule)
  if (sizes && sizes->size() == 0 && scales) sizes = nullptr;
  if ((scales == nullptr) == (sizes == nullptr)) invalid_model("exactly one of scales and sizes is given");
  const int64_t count = scales ? scales->size() : sizes->size();
  if (count != static_cast<int64_t>(axes.size()))
    invalid_model(std::string(scales ? "scales" : "sizes") + " has one value per axis of X (or per entry of axes)");
  read_roi(node, o, roi, axes, r);
  if (scales) sizes_by_scales(node, v, o, *scales, axes, r);
  else sizes_by_policy(node, v, *sizes, axes, r);
  mark_scale_text(node, v, o, r);
  return r;
}

std::vector<AxisRequest> upsample_requests(const Shape& x_shape, const std::vector<double>& scales) {
  if (scales.size() != x_shape.size()) invalid_model("scales has one value per axis of X");
  std::vector<AxisRequest> r(x_shape.size());
  for (size_t d = 0; d < x_shape.size(); ++d) {
    if (!(scales[d] >= 1)) invalid_model("scales are at least 1");
    r[d].in = x_shape[d];
    r[d].scale = exact_rational(scales[d]);
    const mpq_class length = r[d].scale * r[d].in;
    mpz_class f;
    mpz_fdiv_q(f.get_mpz_t(), length.get_num_mpz_t(), length.get_den_mpz_t());
    r[d].out = f.get_si();
  }
  return r;
}

Tensor resample(const Node& node, const Tensor& x, const std::vector<AxisRequest>& requests, const Options& o) {
  Shape out;
  for (const AxisRequest& a : requests) out.push_back(a.out);
  check_tensor_budget(x.dtype(), out);
  std::vector<AxisPlan> plans;
  for (const AxisRequest& a : requests) plans.push_back(axis_plan(node, a, o));
  return apply_plan(node, x, plans, o);
}

}  // namespace touchstone::ops::resample
