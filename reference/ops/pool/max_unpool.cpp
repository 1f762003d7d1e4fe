// MaxUnpool-9, 11 (22): X scattered into zeros at the flat indices I (row-major over the
// whole output N x C x D1 x ... x Dn, padding not counted), the partial inverse of MaxPool.
//
// - The output shape: (N, C, (in - 1) * stride + kernel - pad_begin - pad_end per spatial
//   axis) from kernel_shape, strides and pads, or the output_shape input (pads then ignored).
// - 9: strides has no default in the text (the reference: 1, marked implementation-defined
//   where strides is absent). 11: "If not present, the stride defaults to 1". 22: +bfloat16.
// What ONNX leaves open (marked implementation-defined, the answer given):
// - an output_shape other than the inferred one: the text says it "will cause pads values to
//   be auto generated" (ONNX's node test test_maxunpool_export_with_output_shape moves the
//   values as if the extra rows and columns were padding); ONNX Runtime and PyTorch scatter I's
//   flat indices into output_shape as they are, which the reference does (onnx/onnx#2398).
// - duplicate indices: the last in X's row-major order wins.
// Refused: rank below 3; I not of X's shape; kernel_shape, strides, pads as the pools check
// them; a negative inferred size; output_shape not of X's rank, or with another N or C; an
// index outside the output.
#include <algorithm>
#include <string>
#include <vector>

#include "reference/error.h"
#include "reference/ops/pool/pool_geometry.h"
#include "reference/ops/pool/pool_ops.h"

namespace touchstone::ops {

namespace {

// The inferred output shape: (N, C, (in - 1) * stride + kernel - pads).
Shape inferred_shape(const Node& node, const Shape& x, bool strides_default_stated) {
  const size_t spatial = x.size() - 2;
  if (!node.has_attr("kernel_shape")) invalid_model("kernel_shape is required");
  const auto kernel = pool::per_axis(node, "kernel_shape", spatial, 1, 1);
  if (!strides_default_stated && !node.has_attr("strides"))
    node.mark(Semantics::kImplementationDefined, "strides absent: 9's text gives no default (the reference: 1, as 11 states)");
  const auto strides = pool::per_axis(node, "strides", spatial, 1, 1);
  const auto pads = pool::per_axis(node, "pads", 2 * spatial, 0, 0);
  Shape out = {x[0], x[1]};
  for (size_t i = 0; i < spatial; ++i) {
    const int64_t size = (x[i + 2] - 1) * strides[i] + kernel[i] - pads[i] - pads[i + spatial];
    if (size < 0)
      invalid_model("the output size (in - 1) * stride + kernel - pads along spatial axis " + std::to_string(i) +
                    " is " + std::to_string(size) + ", below 0");
    out.push_back(size);
  }
  return out;
}

// output_shape: one value per axis of X, N and C as X's, sizes at least 0.
Shape given_shape(const Node& node, const Tensor& t, const Shape& x, const Shape& inferred) {
  if (t.rank() != 1 || t.size() != static_cast<int64_t>(x.size()))
    invalid_model("output_shape is 1-D with one value per axis of X (" + std::to_string(x.size()) + "), not " +
                  shape_to_string(t.shape()));
  auto d = t.data<int64_t>();
  Shape out(d.begin(), d.end());
  if (out[0] != x[0] || out[1] != x[1]) invalid_model("output_shape keeps X's N and C");
  for (int64_t v : out)
    if (v < 0) invalid_model("output_shape's sizes are at least 0");
  if (out != inferred)
    node.mark(Semantics::kImplementationDefined,
              "output_shape other than the inferred " + shape_to_string(inferred) +
                  ": I's flat indices scattered into it as they are (ONNX Runtime, PyTorch; the text's \"pads auto "
                  "generated\" and ONNX's node test move them)");
  return out;
}

Tensors max_unpool(const Node& node, const Inputs& in, bool strides_default_stated) {
  const Tensor& x = in[0];
  const Tensor& indices = in[1];
  if (x.rank() < 3) invalid_model("X is (N, C, D1, ..., Dn): rank at least 3, got rank " + std::to_string(x.rank()));
  if (indices.shape() != x.shape())
    invalid_model("I has X's shape " + shape_to_string(x.shape()) + ", not " + shape_to_string(indices.shape()));
  const Shape inferred = inferred_shape(node, x.shape(), strides_default_stated);
  const Shape shape = in.has(2) ? given_shape(node, in[2], x.shape(), inferred) : inferred;
  Tensor y(x.dtype(), shape);  // zeros
  const int64_t total = y.size();
  const size_t width = dtype_size(x.dtype());
  auto from = x.bytes();
  auto to = y.mutable_bytes();
  auto at = indices.data<int64_t>();
  std::vector<char> written(static_cast<size_t>(total), 0);
  for (size_t i = 0; i < at.size(); ++i) {
    const int64_t k = at[i];
    if (k < 0 || k >= total)
      invalid_model("I[" + std::to_string(i) + "] = " + std::to_string(k) + " is outside the output's [0, " +
                    std::to_string(total) + ")");
    if (written[static_cast<size_t>(k)])
      node.mark(Semantics::kImplementationDefined, "duplicate indices in I (the last in X's order wins)");
    written[static_cast<size_t>(k)] = 1;
    std::copy_n(from.begin() + static_cast<std::ptrdiff_t>(i * width), width,
                to.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(k) * width));
  }
  return {std::move(y)};
}

}  // namespace

Tensors max_unpool_v9(const Node& node, const Inputs& in) { return max_unpool(node, in, false); }
Tensors max_unpool_v11(const Node& node, const Inputs& in) { return max_unpool(node, in, true); }

}  // namespace touchstone::ops
