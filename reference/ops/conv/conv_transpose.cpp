// ConvTranspose-1, 11, 22: every X element scatters W's kernel into Y, written as the sum
// each Y element gathers: Y[n, m, o] = B[m] + sum over (c, k) with o + pad_begin = i * stride
// + k * dilation of X[n, c, i] * W[c, m, k], exact and rounded once (conv_sum.h). W is
// (C, M/group, k...); the kernel's spatial shape comes from W.
//
// Output size along each axis (dk = (k - 1) * dilation + 1):
//   out = stride * (in - 1) + output_padding + dk - pad_begin - pad_end
// - explicit pads (auto_pad NOTSET), or VALID (no pads);
// - output_shape given (spatial dims only; pads then ignored): total padding
//   stride * (in - 1) + output_padding + dk - out, split by the version's equations
//   (floor division, as the text's Python reads): 1: "If auto_pads != SAME_UPPER:
//   pads[start] = total/2" (the odd pad last), SAME_UPPER the odd pad first; 11: "If
//   auto_pads == SAME_UPPER: pads[start] = total/2" (last), any other auto_pad first:
//   a negative total extends Y (the extra outputs are the bias alone).
// - SAME_UPPER / SAME_LOWER without output_shape: out = in * stride (version 11's text;
//   version 1's says "match the input": with a stride above 1 marked
//   implementation-defined, shapes too, in * stride given), the odd pad at the end for
//   UPPER and at the beginning for LOWER (the attribute's text in both versions).
// What the texts and implementations read differently, marked implementation-defined
// (shapes too) with the reference's answer above: an odd automatic total padding
// (version 1's equations put SAME_UPPER's odd pad first, its attribute text and version
// 11 last, and implementations have differed), and a negative SAME
// total (stride above dk + output_padding), which implementations clamp to 0.
// - 11: output_padding must be below the stride or the dilation (refused otherwise);
//   output_padding goes to the side of higher indices. 22: +bfloat16 (11's kernel).
#include "reference/error.h"
#include "reference/ops/conv/conv_ops.h"
#include "reference/ops/conv/conv_sum.h"
#include "reference/ops/pool/pool_geometry.h"

namespace touchstone::ops {

namespace {

struct TransposeAxis {
  int64_t in = 0, kernel = 1, stride = 1, dilation = 1, out_padding = 0, pad_begin = 0, pad_end = 0, out = 0;
  int64_t natural() const { return stride * (in - 1) + out_padding + (kernel - 1) * dilation + 1; }
  // The input element tap k of output o reads, or -1.
  int64_t input(int64_t o, int64_t k) const {
    const int64_t t = o + pad_begin - k * dilation;
    if (t < 0 || t % stride != 0 || t / stride >= in) return -1;
    return t / stride;
  }
};

int64_t floor_half(int64_t v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }

// Splits `total` automatic padding: the odd pad first when `odd_first`.
void split(const Node& node, TransposeAxis& a, int64_t total, bool odd_first, const std::string& why) {
  a.pad_begin = odd_first ? total - floor_half(total) : floor_half(total);
  a.pad_end = total - a.pad_begin;
  if (total % 2 != 0)
    node.mark(Semantics::kImplementationDefined,
              "an odd automatic total padding (" + why + "): texts and implementations place the odd pad on either side",
              true);
}

void place_axis(const Node& node, TransposeAxis& a, const std::string& auto_pad, int64_t wanted, bool version1) {
  const bool upper = auto_pad == "SAME_UPPER";
  if (wanted >= 0) {  // output_shape
    a.out = wanted;
    split(node, a, a.natural() - wanted, version1 ? upper : !upper, "output_shape");
    return;
  }
  if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    a.out = a.in * a.stride;
    if (version1 && a.stride > 1)
      node.mark(Semantics::kImplementationDefined,
                "auto_pad " + auto_pad + " with a stride above 1: ConvTranspose-1's text keeps the input's size, "
                "implementations and version 11 in * stride (the reference's)", true);
    int64_t total = a.natural() - a.out;
    if (total < 0) {
      node.mark(Semantics::kImplementationDefined,
                "auto_pad " + auto_pad + " with a stride above the dilated kernel plus output_padding: a negative total "
                "padding (clamped to 0 by implementations; the reference extends Y by it)", true);
    }
    split(node, a, total, !upper, auto_pad);
    return;
  }
  if (auto_pad == "VALID") a.pad_begin = a.pad_end = 0;
  a.out = a.natural() - a.pad_begin - a.pad_end;
  if (a.out < 0)
    invalid_model("the output size " + std::to_string(a.out) + " is negative: the pads exceed stride * (in - 1) + "
                  "output_padding + the dilated kernel");
}

Tensors conv_transpose(const Node& node, const Inputs& in, bool version1) {
  conv::ConvPlan plan;
  conv::plan_channels(node, in[0].shape(), in[1].shape(), in.has(2) ? std::optional(in[2].shape()) : std::nullopt, true,
                      plan);
  const Shape &x = in[0].shape(), &w = in[1].shape();
  const size_t rank = x.size() - 2;
  const Shape kernel(w.begin() + 2, w.end());
  if (node.has_attr("kernel_shape") && node.attr_ints("kernel_shape") != kernel)
    invalid_model("kernel_shape " + shape_to_string(node.attr_ints("kernel_shape")) + " disagrees with W's spatial dims " +
                  shape_to_string(kernel));
  const auto strides = pool::per_axis(node, "strides", rank, 1, 1);
  const auto dilations = pool::per_axis(node, "dilations", rank, 1, 1);
  const auto pads = pool::per_axis(node, "pads", 2 * rank, 0, 0);
  const auto out_padding = pool::per_axis(node, "output_padding", rank, 0, 0);
  const auto wanted = pool::per_axis(node, "output_shape", rank, 0, -1);
  const std::string auto_pad = node.attr_string("auto_pad", "NOTSET");
  if (auto_pad != "NOTSET" && auto_pad != "VALID" && auto_pad != "SAME_UPPER" && auto_pad != "SAME_LOWER")
    invalid_model("auto_pad '" + auto_pad + "' is not NOTSET, SAME_UPPER, SAME_LOWER or VALID");
  if (auto_pad != "NOTSET" && node.has_attr("pads") && !node.has_attr("output_shape"))
    for (int64_t p : pads)
      if (p != 0) invalid_model("pads cannot be used together with auto_pad " + auto_pad);
  std::vector<TransposeAxis> axes(rank);
  Shape in_spatial, out_spatial;
  for (size_t d = 0; d < rank; ++d) {
    TransposeAxis& a = axes[d];
    a = {x[d + 2], kernel[d], strides[d], dilations[d], out_padding[d], pads[d], pads[d + rank], 0};
    if (!version1 && a.out_padding >= a.stride && a.out_padding >= a.dilation)
      invalid_model("output_padding[" + std::to_string(d) + "] = " + std::to_string(a.out_padding) +
                    " must be less than the stride or the dilation");
    place_axis(node, a, auto_pad, wanted[d], version1);
    in_spatial.push_back(a.in);
    out_spatial.push_back(a.out);
  }
  plan.out_shape.insert(plan.out_shape.end(), out_spatial.begin(), out_spatial.end());
  plan.taps = conv::taps_of(in_spatial, out_spatial, kernel,
                            [&](size_t d, int64_t o, int64_t k) { return axes[d].input(o, k); });
  return {conv::convolve(node, in, plan)};
}

}  // namespace

Tensors conv_transpose_v1(const Node& node, const Inputs& in) { return conv_transpose(node, in, true); }
Tensors conv_transpose_v11(const Node& node, const Inputs& in) { return conv_transpose(node, in, false); }

}  // namespace touchstone::ops
