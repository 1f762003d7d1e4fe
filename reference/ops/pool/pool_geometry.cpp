// The pooling ops' window rules (pool_geometry.h says which version's text gives what).
#include "reference/ops/pool/pool_geometry.h"

#include <algorithm>

#include "reference/error.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops::pool {

namespace {

std::string axis_name(size_t i) { return "spatial axis " + std::to_string(i); }

// floor(a / b) and ceil(a / b) for b > 0 and any a.
int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }

// The size the text's formula gives, floor((span) / s) + 1; a negative one is refused (ONNX's
// shape inference gives 0 for a kernel up to a stride longer than the padded input: Y is
// then empty there).
int64_t windows_along(int64_t span, int64_t stride, int64_t dk, int64_t padded, size_t i) {
  const int64_t out = floor_div(span, stride) + 1;
  if (out < 0)
    invalid_model("the dilated kernel (" + std::to_string(dk) + ") is more than a stride longer than the padded input (" +
                  std::to_string(padded) + ") along " + axis_name(i) + ": the output size would be negative");
  return out;
}

// Output size and padding of one axis under auto_pad NOTSET (explicit pads).
void explicit_axis(const Node& node, AxisWindow& a, int64_t dk, bool ceil_mode, const PoolRules& rules, size_t i) {
  const int64_t padded = a.in + a.pad_begin + a.pad_end, span = padded - dk;
  a.out = windows_along(span, a.stride, dk, padded, i);
  if (!ceil_mode) return;
  a.out = ceil_div(span, a.stride) + 1;
  if ((a.out - 1) * a.stride >= a.in + a.pad_begin) {
    --a.out;  // the last window would start in the right padding
    if (!rules.dropped_window_named)
      node.mark(Semantics::kImplementationDefined,
                "ceil_mode: a window that would start in the right padding is dropped (the text says so from version 22)",
                true);
  }
}

// Output size and padding of one axis under VALID or SAME_*.
void auto_axis(const Node& node, AxisWindow& a, int64_t dk, const std::string& auto_pad, bool ceil_mode,
               const PoolRules& rules, size_t i) {
  int64_t text_out = 0;
  if (auto_pad == "VALID") {
    a.out = windows_along(a.in - dk, a.stride, dk, a.in, i);
    text_out = std::max<int64_t>(0, floor_div(a.in - dk + 1, a.stride));
  } else {
    a.out = ceil_div(a.in, a.stride);
    const int64_t total = std::max<int64_t>(0, (a.out - 1) * a.stride + dk - a.in);
    a.pad_end = auto_pad == "SAME_UPPER" ? total - total / 2 : total / 2;
    a.pad_begin = total - a.pad_end;
    text_out = a.in / a.stride;
  }
  if (rules.floor_auto_pad_text && !ceil_mode && text_out != a.out)
    node.mark(Semantics::kImplementationDefined,
              "auto_pad " + auto_pad + " with ceil_mode 0: this version's text gives " + std::to_string(text_out) +
                  " outputs along " + axis_name(i) + ", its auto_pad attribute and later texts " +
                  std::to_string(a.out) + " (the reference's answer)",
              true);
}

}  // namespace

std::vector<int64_t> per_axis(const Node& node, const std::string& name, size_t count, int64_t least,
                              int64_t fallback) {
  if (!node.has_attr(name)) return std::vector<int64_t>(count, fallback);
  std::vector<int64_t> v = node.attr_ints(name);
  if (v.size() != count)
    invalid_model(name + " has " + std::to_string(v.size()) + " values; X's spatial rank needs " +
                  std::to_string(count));
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i] < least)
      invalid_model(name + "[" + std::to_string(i) + "] = " + std::to_string(v[i]) + " is below " +
                    std::to_string(least));
  return v;
}

int64_t PoolGeometry::image_size() const { return core::product_of(in_spatial); }
int64_t PoolGeometry::out_image_size() const { return core::product_of(out_spatial); }
int64_t PoolGeometry::window_size() const { return core::product_of(kernel); }

PoolGeometry pool_geometry(const Node& node, const Shape& x, const PoolRules& rules, const Shape& given_kernel) {
  if (x.size() < 3)
    invalid_model("X is (N, C, D1, ..., Dn): rank at least 3, got rank " + std::to_string(x.size()));
  const size_t spatial = x.size() - 2;
  if (given_kernel.empty() && !node.has_attr("kernel_shape")) invalid_model("kernel_shape is required");
  const std::vector<int64_t> kernel = given_kernel.empty() ? per_axis(node, "kernel_shape", spatial, 1, 1) : given_kernel;
  if (!given_kernel.empty() && node.has_attr("kernel_shape") && node.attr_ints("kernel_shape") != given_kernel)
    invalid_model("kernel_shape " + shape_to_string(node.attr_ints("kernel_shape")) +
                  " disagrees with W's spatial dims " + shape_to_string(given_kernel));
  const std::vector<int64_t> strides = per_axis(node, "strides", spatial, 1, 1);
  const std::vector<int64_t> dilations =
      rules.dilations ? per_axis(node, "dilations", spatial, 1, 1) : std::vector<int64_t>(spatial, 1);
  const std::vector<int64_t> pads = per_axis(node, "pads", 2 * spatial, 0, 0);
  const std::string auto_pad = node.attr_string("auto_pad", "NOTSET");
  if (auto_pad != "NOTSET" && auto_pad != "VALID" && auto_pad != "SAME_UPPER" && auto_pad != "SAME_LOWER")
    invalid_model("auto_pad '" + auto_pad + "' is not NOTSET, SAME_UPPER, SAME_LOWER or VALID");
  const bool any_pad = std::any_of(pads.begin(), pads.end(), [](int64_t p) { return p != 0; });
  if (auto_pad != "NOTSET" && any_pad)
    invalid_model("pads cannot be used together with auto_pad " + auto_pad);
  const bool ceil_mode = rules.ceil_mode && node.attr_int("ceil_mode", 0) != 0;

  PoolGeometry g;
  g.images = x[0] * x[1];
  g.out_shape = {x[0], x[1]};
  for (size_t i = 0; i < spatial; ++i) {
    AxisWindow a;
    a.in = x[i + 2];
    a.kernel = kernel[i];
    a.stride = strides[i];
    a.dilation = dilations[i];
    a.pad_begin = pads[i];
    a.pad_end = pads[i + spatial];
    const int64_t dk = (a.kernel - 1) * a.dilation + 1;
    if (auto_pad == "NOTSET") explicit_axis(node, a, dk, ceil_mode, rules, i);
    else auto_axis(node, a, dk, auto_pad, ceil_mode, rules, i);
    g.axes.push_back(a);
    g.out_shape.push_back(a.out);
    g.in_spatial.push_back(a.in);
    g.out_spatial.push_back(a.out);
    g.kernel.push_back(a.kernel);
  }
  return g;
}

std::vector<WindowTaps> window_taps(const PoolGeometry& g) {
  std::vector<WindowTaps> windows(static_cast<size_t>(g.out_image_size()));
  const Shape strides = core::strides_of(g.in_spatial), out_strides = core::strides_of(g.out_spatial);
  core::for_each_window(g.out_spatial, g.kernel, [&](const core::Index& o, const core::Index& k) {
    WindowTaps& w = windows[static_cast<size_t>(core::ravel(o, out_strides))];
    bool inside = true, padded = true;
    int64_t offset = 0;
    for (size_t d = 0; d < g.axes.size(); ++d) {
      const AxisWindow& a = g.axes[d];
      const int64_t p = a.position(o[d], k[d]);
      if (p < 0 || p >= a.in) inside = false;
      if (p < -a.pad_begin || p >= a.in + a.pad_end) padded = false;
      offset += p * strides[d];
    }
    if (inside) w.inside.push_back(offset);
    if (padded) ++w.padded;
    else w.overhang = true;
  });
  return windows;
}

PoolGeometry global_geometry(const Shape& x) {
  if (x.size() < 3)
    invalid_model("X is (N, C, D1, ..., Dn): rank at least 3, got rank " + std::to_string(x.size()));
  PoolGeometry g;
  g.images = x[0] * x[1];
  g.out_shape = {x[0], x[1]};
  for (size_t i = 2; i < x.size(); ++i) {
    AxisWindow a;
    a.in = x[i];
    a.kernel = x[i];
    a.out = 1;
    g.axes.push_back(a);
    g.out_shape.push_back(1);
    g.in_spatial.push_back(a.in);
    g.out_spatial.push_back(1);
    g.kernel.push_back(a.kernel);
  }
  return g;
}

int64_t column_major_offset(int64_t offset, const Shape& spatial) {
  const core::Index index = core::unravel(offset, spatial);
  int64_t flat = 0, stride = 1;
  for (size_t d = 0; d < spatial.size(); ++d) {
    flat += index[d] * stride;
    stride *= spatial[d];
  }
  return flat;
}

}  // namespace touchstone::ops::pool
