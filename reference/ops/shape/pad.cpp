// Pad and CenterCropPad.
//
// Pad: output dimension d + begin + end; output position p reads input position p - begin
// when that lies in [0, d), else the mode decides: constant (the value), edge (the nearest
// end), reflect (mirrored on the first and last elements, not repeating them), wrap (as if
// the axis were a ring). Negative pads remove elements (from Pad-2).
// - Pad-1: attribute `paddings`, non-negative, float `value` (rounded once to T); modes
//   constant, reflect, edge. Its format text says [x1_begin, x2_begin, ..., x1_end,
//   x2_end], its example pads (3, 2) with [0, 0, 2, 0] to (3, 4), i.e. reads pairs
//   [x1_begin, x1_end, x2_begin, x2_end]. The reference follows the format text (as Pad-2
//   and later state it) and marks a case implementation-defined where the two readings
//   give different results.
// - Pad-2: attribute `pads` (negative removes), float `value`.
// - Pad-11 (+integers), 13 (+bfloat16, bool, string, complex): `pads` an int64 input of
//   length 2r, `constant_value` an optional input (default 0, "" or false).
// - Pad-18: optional input `axes` (int32/int64, negative from the back): `pads` has
//   2*len(axes) entries, for those axes only. A repeated axis is "undefined" in the text;
//   the reference refuses it.
// - Pad-19: mode `wrap`; 21, 23, 24, 25: types.
// - Pad-24's float8e8m0 has no 0 (its values are 2^-127 .. 2^127 and NaN), so the default
//   constant_value "0" names no value of it. The text says nothing more; the reference
//   pads with the all-zero byte 0x00 = 2^-127, which is what Cast-24 with its defaults
//   (saturate, round_mode up) makes of 0 (its table: 0 -> 0x00, E8M0_MIN), and marks a
//   case implementation-defined where that value reaches the output.
// Refused: pads of the wrong length, an output dimension below 0, an unknown mode, edge,
// reflect or wrap that must copy from an axis with no elements (nothing to copy; numpy
// refuses it too), constant_value not of one element.
// A crop on one side of an axis with a reflect/wrap pad on the other: implementation-defined
// where reading the cropped or the whole axis differ (axis_coords).
// Reflect pads wider than d-1 continue the reflection periodically, as numpy.pad does: the
// text's own example 2 pads an axis of 2 by 2 that way, so it is defined. Implementation-
// defined: reflect on an axis of size 1 (nothing to mirror; the element is repeated, as
// numpy does); constant_value of shape (1) instead of ().
//
// CenterCropPad-18: for each axis named (default all), the target size t from the `shape`
// input: t < d crops a window starting at floor((d - t) / 2); t > d pads zeros, floor((t -
// d) / 2) before and the rest (one more when odd) after. A repeated axis ("undefined") and
// a negative target are refused; so is a `shape` whose length differs from the axes'.
#include <algorithm>
#include <limits>

#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

namespace {

using shape::Negative;

enum class Mode { kConstant, kReflect, kEdge, kWrap };

Mode mode_of(const Node& node, bool wrap_allowed) {
  const std::string m = node.attr_string("mode", "constant");
  if (m == "constant") return Mode::kConstant;
  if (m == "reflect") return Mode::kReflect;
  if (m == "edge") return Mode::kEdge;
  if (m == "wrap" && wrap_allowed) return Mode::kWrap;
  invalid_model("mode '" + m + "' is not one of constant, reflect, edge" + (wrap_allowed ? ", wrap" : "") +
                (m == "wrap" ? " (wrap arrives in Pad-19)" : ""));
}

// The input position that output position p reads along an axis of size d padded by
// (begin, end), outside-the-axis reads resolved by the mode; -1 is the constant.
int64_t source_of(const Node& node, int64_t p, int64_t d, int64_t begin, Mode mode, int64_t axis) {
  int64_t q = p - begin;
  if (q >= 0 && q < d) return q;
  if (mode == Mode::kConstant) return -1;
  if (d == 0)
    invalid_model("mode " + std::string(mode == Mode::kEdge ? "edge" : mode == Mode::kReflect ? "reflect" : "wrap") +
                  " must copy from axis " + std::to_string(axis) + ", which has no elements");
  if (mode == Mode::kEdge) return std::clamp<int64_t>(q, 0, d - 1);
  if (mode == Mode::kWrap) return ((q % d) + d) % d;
  if (d == 1) {
    node.mark(Semantics::kImplementationDefined, "Pad reflect on an axis of size 1 (the element is repeated)");
    return 0;
  }
  const int64_t period = 2 * (d - 1);
  const int64_t m = ((q % period) + period) % period;
  return m < d ? m : period - m;
}

// Source coordinates along one axis of size d padded by (begin, end); -1 is the constant.
// A negative pad on one side and a positive one on the other, in a mode other than
// constant: the text does not say whether the crop comes first (the mode then reads the
// cropped axis) or the mode reads the whole input axis. The reference reads the whole
// axis, and marks the case implementation-defined where the two readings differ (wrap
// reads the cropped elements at once; reflect when it reaches them).
std::vector<int64_t> axis_coords(const Node& node, int64_t d, int64_t begin, int64_t end, Mode mode, int64_t axis) {
  const int64_t out = d + begin + end;
  if (out < 0)
    invalid_model("pads (" + std::to_string(begin) + ", " + std::to_string(end) + ") on axis " + std::to_string(axis) +
                  " of size " + std::to_string(d) + " leave " + std::to_string(out) + " elements");
  const bool mixed = mode != Mode::kConstant && ((begin < 0 && end > 0) || (begin > 0 && end < 0));
  const int64_t cut_front = std::max<int64_t>(0, -begin), kept = d - cut_front - std::max<int64_t>(0, -end);
  bool differs = false;
  const auto charge = scratch_for<int64_t>(out, "the coordinates of an axis");
  std::vector<int64_t> c(static_cast<size_t>(out));
  for (int64_t p = 0; p < out; ++p) {
    c[static_cast<size_t>(p)] = source_of(node, p, d, begin, mode, axis);
    if (mixed && !differs && kept > 0) {
      const int64_t crop_first = cut_front + source_of(node, p, kept, std::max<int64_t>(0, begin), mode, axis);
      differs = crop_first != c[static_cast<size_t>(p)];
    }
  }
  if (differs)
    node.mark(Semantics::kImplementationDefined,
              "Pad with a crop on one side of an axis and a " + std::string(mode == Mode::kWrap ? "wrap" : mode == Mode::kReflect ? "reflect" : "edge") +
                  " pad on the other (whether the crop comes first is not said)");
  return c;
}

// Pads `x`: pads[i] and pads[i + n] are the begin and end of axes[i].
Tensor pad_tensor(const Node& node, const Tensor& x, const std::vector<int64_t>& pads, const std::vector<int64_t>& axes,
                  Mode mode, const Tensor& fill, const char* fill_note = nullptr) {
  if (pads.size() != 2 * axes.size())
    invalid_model("pads " + shape::list_to_string(pads) + " has " + std::to_string(pads.size()) +
                  " entries; it needs 2 per padded axis (" + std::to_string(2 * axes.size()) + ")");
  std::vector<int64_t> begin(static_cast<size_t>(x.rank()), 0), end(static_cast<size_t>(x.rank()), 0);
  for (size_t i = 0; i < axes.size(); ++i) {
    begin[static_cast<size_t>(axes[i])] = pads[i];
    end[static_cast<size_t>(axes[i])] = pads[i + axes.size()];
  }
  Shape padded;  // the output, checked against the memory budget before its coordinates are built
  for (int64_t a = 0; a < x.rank(); ++a) {
    const auto i = static_cast<size_t>(a);
    const __int128 size = static_cast<__int128>(x.shape()[i]) + begin[i] + end[i];
    padded.push_back(static_cast<int64_t>(std::clamp<__int128>(size, 0, std::numeric_limits<int64_t>::max())));
  }
  check_tensor_budget(x.dtype(), padded);
  std::vector<std::vector<int64_t>> coords;
  for (int64_t a = 0; a < x.rank(); ++a)
    coords.push_back(axis_coords(node, x.shape()[static_cast<size_t>(a)], begin[static_cast<size_t>(a)],
                                 end[static_cast<size_t>(a)], mode, a));
  // fill_note: the fill is open (see the top of the file); marked where it is written.
  const bool empty = std::any_of(coords.begin(), coords.end(), [](const auto& c) { return c.empty(); });
  const bool fills = std::any_of(coords.begin(), coords.end(), [](const auto& c) {
    return std::find(c.begin(), c.end(), -1) != c.end();
  });
  if (fill_note && fills && !empty) node.mark(Semantics::kImplementationDefined, fill_note);
  return shape::map_axes(x, coords, &fill);
}

std::vector<int64_t> all_axes(int64_t rank) {
  std::vector<int64_t> axes;
  for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
  return axes;
}

Tensor constant_value(const Node& node, const Inputs& in, DType dtype) {
  if (!in.has(2)) return shape::zero_of(dtype);
  const Tensor& v = in[2];
  if (v.size() != 1) invalid_model("constant_value must be a scalar, got shape " + shape_to_string(v.shape()));
  if (v.rank() != 0)
    node.mark(Semantics::kImplementationDefined, "Pad constant_value of shape " + shape_to_string(v.shape()) + " (not a scalar)");
  return shape::with_shape(v, {});
}

Tensor pad_inputs(const Node& node, const Inputs& in, bool with_axes, bool wrap) {
  const Mode mode = mode_of(node, wrap);
  const auto pads = shape::int_list(in[1], "pads");
  std::vector<int64_t> axes = all_axes(in[0].rank());
  if (with_axes && in.has(3)) axes = shape::normalize_axes(shape::int_list(in[3], "axes"), in[0].rank(), Negative::kAllowed, "axes");
  const bool e8m0_zero = in[0].dtype() == DType::kFloat8E8M0 && !in.has(2);
  return pad_tensor(node, in[0], pads, axes, mode, constant_value(node, in, in[0].dtype()),
                    e8m0_zero ? "Pad of float8e8m0 with the default constant_value 0, which float8e8m0 cannot hold "
                                "(the padding is 0x00 = 2^-127, what Cast-24 makes of 0)"
                              : nullptr);
}

}  // namespace

// Pad-1: `paddings` by the format text; the example's pairwise reading marked where it differs.
Tensors pad_v1(const Node& node, const Inputs& in) {
  const Mode mode = mode_of(node, false);
  const auto pads = node.attr_ints("paddings");
  for (int64_t p : pads)
    if (p < 0) invalid_model("paddings " + shape::list_to_string(pads) + " holds a negative count (removing arrives in Pad-2)");
  const Tensor fill = shape::scalar_like(in[0].dtype(), node.attr_float("value", 0.0f));
  const auto axes = all_axes(in[0].rank());
  Tensor out = pad_tensor(node, in[0], pads, axes, mode, fill);
  std::vector<int64_t> pairwise(pads.size());
  const size_t n = axes.size();
  for (size_t i = 0; i < n; ++i) {  // [b1, e1, b2, e2, ...] -> [b1, b2, ..., e1, e2, ...]
    pairwise[i] = pads[2 * i];
    pairwise[i + n] = pads[2 * i + 1];
  }
  SemanticsRecord scratch;
  const Node quiet(node.proto(), node.op_version(), scratch);
  if (pairwise != pads && !(pad_tensor(quiet, in[0], pairwise, axes, mode, fill) == out))
    node.mark(Semantics::kImplementationDefined,
              "Pad-1 paddings whose format text ([x1_begin, x2_begin, ..., x1_end, ...]) and example (pairs per axis) "
              "readings differ (the reference follows the format text)");
  return {out};
}

// Pad-2: `pads` attribute, negative removes; float `value`.
Tensors pad_v2(const Node& node, const Inputs& in) {
  const Tensor fill = shape::scalar_like(in[0].dtype(), node.attr_float("value", 0.0f));
  return {pad_tensor(node, in[0], node.attr_ints("pads"), all_axes(in[0].rank()), mode_of(node, false), fill)};
}

// Pad-11, 13: `pads` and `constant_value` inputs.
Tensors pad_v11(const Node& node, const Inputs& in) { return {pad_inputs(node, in, false, false)}; }

// Pad-18: + `axes`.
Tensors pad_v18(const Node& node, const Inputs& in) { return {pad_inputs(node, in, true, false)}; }

// Pad-19 and later: + mode wrap.
Tensors pad_v19(const Node& node, const Inputs& in) { return {pad_inputs(node, in, true, true)}; }

// CenterCropPad-18.
Tensors center_crop_pad_v18(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const auto target = shape::int_list(in[1], "shape");
  std::vector<int64_t> axes = all_axes(x.rank());
  if (node.has_attr("axes")) axes = shape::normalize_axes(node.attr_ints("axes"), x.rank(), Negative::kAllowed, "axes");
  if (target.size() != axes.size())
    invalid_model("shape " + shape::list_to_string(target) + " has " + std::to_string(target.size()) +
                  " entries for " + std::to_string(axes.size()) + " axes; it needs one per axis");
  std::vector<std::vector<int64_t>> coords;
  for (int64_t a = 0; a < x.rank(); ++a) {
    const int64_t d = x.shape()[static_cast<size_t>(a)];
    auto it = std::find(axes.begin(), axes.end(), a);
    const int64_t t = it == axes.end() ? d : target[static_cast<size_t>(it - axes.begin())];
    if (t < 0) invalid_model("shape " + shape::list_to_string(target) + " holds a negative size");
    // Crop: start at floor((d - t) / 2). Pad: floor((t - d) / 2) before.
    const int64_t offset = t <= d ? (d - t) / 2 : -((t - d) / 2);
    const auto charge = scratch_for<int64_t>(t, "the coordinates of an axis");
    std::vector<int64_t> c(static_cast<size_t>(t));
    for (int64_t p = 0; p < t; ++p) {
      const int64_t q = p + offset;
      c[static_cast<size_t>(p)] = q >= 0 && q < d ? q : -1;
    }
    coords.push_back(std::move(c));
  }
  const Tensor zero = shape::zero_of(x.dtype());
  return {shape::map_axes(x, coords, &zero)};
}

}  // namespace touchstone::ops
