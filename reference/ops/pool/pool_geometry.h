// The window rules the pooling ops share, written once: the attributes (kernel_shape,
// strides, pads, dilations, auto_pad, ceil_mode) checked against X (N, C, D1, ..., Dn),
// each spatial axis's output size and padding, and every output position's window: the
// taps that land inside X and how many lie within the padded input.
//
// What each version's text gives (PoolRules; the kernels name their version's rules):
// - NOTSET: out = floor((in + pads - dk) / s) + 1, dk = (kernel - 1) * dilation + 1; with
//   ceil_mode, ceil instead of floor, and a window that would start in the right padding
//   ((out - 1) * s >= in + pad_begin) is dropped. Only the texts of version 22 say so; the
//   reference drops it in every version with ceil_mode (as PyTorch and ONNX Runtime do) and
//   marks the case implementation-defined, shapes too, where the drop decides the shape
//   before 22.
// - VALID: no padding, out = floor((in - dk) / s) + 1 (the older texts' ceil((in - dk + 1) / s)
//   is the same number). AveragePool-11's text says floor((in - dk + 1) / s) when ceil_mode is
//   0, which loses the last window that fits: where it differs the case is marked
//   implementation-defined (shapes too) and the reference keeps the window.
// - SAME_UPPER / SAME_LOWER: out = ceil(in / s), total pad max(0, (out - 1) s + dk - in), the
//   odd one at the end (UPPER) or the beginning (LOWER). AveragePool-11's text says
//   floor(in / s) when ceil_mode is 0 (its auto_pad attribute says ceil): marked the same way.
// - Refused: rank below 3; kernel_shape, strides, dilations of another length than the
//   spatial rank or below 1; pads of another length than twice the spatial rank or negative;
//   nonzero pads together with auto_pad; an unknown auto_pad; a negative output size (a
//   dilated kernel more than a stride longer than the padded input). A kernel up to a stride
//   longer gives 0 outputs along that axis, as ONNX's shape inference computes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reference/node.h"
#include "reference/tensor.h"

namespace touchstone::ops::pool {

// The rules one op-version's text gives.
struct PoolRules {
  bool ceil_mode = false;              // the ceil_mode attribute (MaxPool/AveragePool 10, LpPool 18)
  bool dilations = false;              // the dilations attribute (MaxPool 10, AveragePool 19, LpPool 18)
  bool dropped_window_named = false;   // "windows that would start in the right padded region are ignored" (22)
  bool floor_auto_pad_text = false;    // AveragePool-11's VALID/SAME floor formulas
};

// One spatial axis: input and output sizes and the window's placement.
struct AxisWindow {
  int64_t in = 0, out = 0, kernel = 1, stride = 1, dilation = 1, pad_begin = 0, pad_end = 0;
  // Position in X of tap k of the window of output o (negative or >= in: padding).
  int64_t position(int64_t o, int64_t k) const { return o * stride - pad_begin + k * dilation; }
};

struct PoolGeometry {
  int64_t images = 0;       // N * C
  std::vector<AxisWindow> axes;
  Shape out_shape;          // (N, C, out...)
  Shape in_spatial, out_spatial, kernel;
  int64_t image_size() const;      // elements of one (n, c) image of X
  int64_t out_image_size() const;  // of Y
  int64_t window_size() const;     // taps of one window
};

// The geometry of `node` over X's shape, or a refusal naming the rule broken. `kernel`:
// the kernel's spatial shape when it comes from elsewhere (Conv's W; kernel_shape, if
// present, must then agree), else empty (kernel_shape required).
PoolGeometry pool_geometry(const Node& node, const Shape& x, const PoolRules& rules, const Shape& kernel = {});

// An ints attribute of one entry per spatial axis (or `count` of them), each >= `least`;
// `fallback` when absent; another length or a smaller value refused.
std::vector<int64_t> per_axis(const Node& node, const std::string& name, size_t count, int64_t least,
                              int64_t fallback);

// The window of one output position: the taps inside X as flat offsets within an image
// (in window order: row-major over the kernel), how many taps lie within the padded input
// (pads included), and whether some lie beyond it (a ceil_mode window past the end pad).
struct WindowTaps {
  std::vector<int64_t> inside;
  int64_t padded = 0;
  bool overhang = false;
};

// Every output position's window, in row-major order of Y's spatial dims (the same for
// every image).
std::vector<WindowTaps> window_taps(const PoolGeometry& g);

// The geometry of a global pool: one window over each image's spatial dims (rank >= 3).
PoolGeometry global_geometry(const Shape& x);

// The position of flat offset `offset` within an image as a flat index in column-major
// order of the spatial dims (the first fastest): MaxPool's storage_order = 1.
int64_t column_major_offset(int64_t offset, const Shape& spatial);

}  // namespace touchstone::ops::pool
