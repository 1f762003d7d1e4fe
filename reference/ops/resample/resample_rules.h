// The attribute and input rules of Resize and Upsample, by version (resample_rules.cpp): they
// turn a node into the plan's Options and one AxisRequest per axis of X.
#pragma once
#include <vector>

#include "reference/ops/resample/resample_plan.h"

namespace touchstone::ops::resample {

// What a version has.
struct Version {
  int since = 0;
  bool resize = true;           // Resize (coordinate modes from 11) or Upsample
  bool coordinate_modes = false;  // 11+
  bool cubic = false;           // 11+
  bool tf_half_pixel_for_nn = false;  // 11 only
  bool axes = false;            // 18+: axes, antialias, keep_aspect_ratio_policy
  bool half_pixel_symmetric = false;  // 19+
};
Version resize_version(int since);
Version upsample_version(int since);

// mode, coordinate_transformation_mode, nearest_mode, cubic_coeff_a, exclude_outside,
// antialias, extrapolation_value as the version has them; refuses unknown values and
// interpolation of non-numeric types.
Options read_options(const Node& node, const Version& v, DType x_type);

// One request per axis of X from the given scales (nullptr: none) or sizes (nullptr: none),
// roi (nullptr: none) and, from 18, axes and keep_aspect_ratio_policy.
std::vector<AxisRequest> read_requests(const Node& node, const Version& v, const Options& o, const Shape& x_shape,
                                       const Tensor* scales, const Tensor* sizes, const Tensor* roi);

// Requests from scales already read as doubles (Upsample-1 and 7's attributes), each >= 1.
std::vector<AxisRequest> upsample_requests(const Shape& x_shape, const std::vector<double>& scales);

// A node's options and per-axis requests, as its op-version reads them (resize.cpp,
// upsample.cpp); the kernels and the judge's bounds both start here.
struct NodePlan {
  Options options;
  std::vector<AxisRequest> requests;
};
NodePlan resize_plan(const Node& node, const Inputs& in, int since);
NodePlan upsample_plan(const Node& node, const Inputs& in, int since);

// Y: the plans of every axis applied to X.
Tensor resample(const Node& node, const Tensor& x, const std::vector<AxisRequest>& requests, const Options& o);

}  // namespace touchstone::ops::resample
