// DeformConv's plan (deform_sampling.h): the shapes checked, the rules named.
#include "reference/ops/conv/deform_sampling.h"

#include "reference/error.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops::conv {

namespace {

void check_shape(const Tensor& t, const Shape& want, const char* name, const char* rule) {
  if (t.shape() != want)
    invalid_model(std::string(name) + " " + shape_to_string(t.shape()) + " must be " + shape_to_string(want) + " (" + rule + ")");
}

}  // namespace

DeformPlan deform_plan(const Node& node, const Inputs& in) {
  const Shape &x = in[0].shape(), &w = in[1].shape();
  if (x.size() < 3) invalid_model("X is (N, C, D1, ..., Dn): rank at least 3, got rank " + std::to_string(x.size()));
  if (w.size() != x.size()) invalid_model("W " + shape_to_string(w) + " must have X's rank " + std::to_string(x.size()));
  DeformPlan p;
  p.groups = node.attr_int("group", 1);
  p.offset_groups = node.attr_int("offset_group", 1);
  if (p.groups < 1) invalid_model("group = " + std::to_string(p.groups) + " is below 1");
  if (p.offset_groups < 1) invalid_model("offset_group = " + std::to_string(p.offset_groups) + " is below 1");
  p.batch = x[0];
  p.channels = x[1];
  p.out_channels = w[0];
  if (p.channels != w[1] * p.groups)
    invalid_model("X has " + std::to_string(p.channels) + " channels; W's C/group " + std::to_string(w[1]) + " times group " +
                  std::to_string(p.groups) + " must equal it");
  if (p.out_channels % p.groups != 0)
    invalid_model("W's oC = " + std::to_string(p.out_channels) + " is not a multiple of group " + std::to_string(p.groups));
  if (p.channels % p.offset_groups != 0)
    invalid_model("C = " + std::to_string(p.channels) + " is not a multiple of offset_group " + std::to_string(p.offset_groups));
  const Shape kernel(w.begin() + 2, w.end());
  p.g = pool::pool_geometry(node, x, {.dilations = true}, kernel);
  p.rank = static_cast<int64_t>(kernel.size());
  p.taps = core::product_of(kernel);
  p.out_image = core::product_of(p.g.out_spatial);
  p.in_image = core::product_of(x, 2);
  Shape offset = {p.batch, p.offset_groups * p.taps * p.rank}, mask = {p.batch, p.offset_groups * p.taps};
  offset.insert(offset.end(), p.g.out_spatial.begin(), p.g.out_spatial.end());
  mask.insert(mask.end(), p.g.out_spatial.begin(), p.g.out_spatial.end());
  check_shape(in[2], offset, "offset", "N, offset_group x kernel taps x spatial rank, Y's spatial dims");
  if (in.has(3)) check_shape(in[3], {p.out_channels}, "B", "1-D of the output channels");
  if (in.has(4)) check_shape(in[4], mask, "mask", "N, offset_group x kernel taps, Y's spatial dims");
  return p;
}

}  // namespace touchstone::ops::conv
