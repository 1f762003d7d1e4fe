// Case specs of MaxUnpool and MaxRoiPool, every type each version allows.
// MaxUnpool: 1-D, 2-D and 3-D, strides, pads, indices as a MaxPool would give them (one tap
// of each window), output_shape equal to the inferred shape and larger (implementation-
// defined), strides absent (implementation-defined in 9), duplicate indices, an empty batch,
// special values; refusals: rank, I's shape, an index outside the output, output_shape's
// rank and N, C, kernel_shape's length. MaxRoiPool: several rois over two images, uneven bins,
// spatial_scale, a single-pixel roi; implementation-defined: a halfway coordinate, a roi past
// X (clipped), one wholly outside (empty bins), x2 < x1; no rois; special values; refusals:
// X's rank, rois' shape, pooled_shape's length, a batch_id outside N.
#include <algorithm>
#include <optional>
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/pool/pool_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;

onnx::AttributeProto ints(const char* name, Ints v) { return make_attr(name, v); }

// Indices as MaxPool would give them for X of `pooled` shape: output (n, c, o...) picks one
// tap of its window (tap (o1 + o2 + ...) mod kernel along each axis, inside the output),
// flat over the unpooled shape (N, C, (in - 1) s + k - pads).
Tensor pool_indices(const Shape& pooled, const Ints& kernel, const Ints& strides, const Ints& pads) {
  const size_t spatial = pooled.size() - 2;
  Shape out = {pooled[0], pooled[1]};
  for (size_t d = 0; d < spatial; ++d)
    out.push_back((pooled[d + 2] - 1) * strides[d] + kernel[d] - pads[d] - pads[d + spatial]);
  Tensor indices(DType::kInt64, pooled);
  auto data = indices.data<int64_t>();
  for (int64_t i = 0; i < indices.size(); ++i) {
    int64_t rest = i, flat_spatial = 0, stride_below = 1, sum = 0;
    std::vector<int64_t> o(spatial);
    for (size_t d = spatial; d-- > 0;) {
      o[d] = rest % pooled[d + 2];
      rest /= pooled[d + 2];
      sum += o[d];
    }
    for (size_t d = spatial; d-- > 0;) {
      const int64_t start = o[d] * strides[d] - pads[d];
      const int64_t at = std::clamp<int64_t>(start + sum % kernel[d], 0, out[d + 2] - 1);
      flat_spatial += at * stride_below;
      stride_below *= out[d + 2];
    }
    data[static_cast<size_t>(i)] = rest * stride_below + flat_spatial;  // rest = n * C + c
  }
  return indices;
}

struct Unpool {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  void one(const std::string& name, const Shape& pooled, const Ints& kernel, const Ints& strides, const Ints& pads,
           const char* tag = "random", std::optional<Shape> output_shape = {}, bool strides_attr = true) {
    std::vector<Tensor> inputs = {random_of(case_id(row, {t}, name), t, pooled), pool_indices(pooled, kernel, strides, pads)};
    if (output_shape) {
      const Shape& s = *output_shape;
      inputs.push_back(tensor_of(DType::kInt64, {static_cast<int64_t>(s.size())}, std::vector<double>(s.begin(), s.end())));
    }
    Attrs attrs = {ints("kernel_shape", kernel), ints("pads", pads)};
    if (strides_attr) attrs.push_back(ints("strides", strides));
    add(out, name, std::move(inputs), std::move(attrs), {tag}, "", smoke);
    smoke = false;
  }
  void refuse(const std::string& name, std::vector<Tensor> inputs, Attrs attrs, const std::string& rule) {
    add(out, name, std::move(inputs), std::move(attrs), {"attribute"}, row.label() + ": " + rule, false);
  }
};

void unpool_refusals(Unpool& u) {
  const Tensor x = random_of(case_id(u.row, {u.t}, "refuse"), u.t, {1, 1, 2, 2});
  const Tensor good = pool_indices({1, 1, 2, 2}, {2, 2}, {2, 2}, {0, 0, 0, 0});
  const Attrs k2 = {ints("kernel_shape", {2, 2}), ints("strides", {2, 2})};
  u.refuse("refuse_rank_2", {random_of("r2", u.t, {2, 2}), tensor_of(DType::kInt64, {2, 2}, {0, 1, 2, 3})},
           {ints("kernel_shape", {2}), ints("strides", {2})}, "X is (N, C, D1, ..., Dn), rank 3 or more");
  u.refuse("refuse_indices_shape", {x, tensor_of(DType::kInt64, {1, 1, 4}, {0, 1, 2, 3})}, k2, "I has X's shape");
  u.refuse("refuse_index_outside", {x, tensor_of(DType::kInt64, {1, 1, 2, 2}, {0, 3, 8, 16})}, k2,
           "I's values are in [0, N x C x D1 x ... x Dn) of the output");
  u.refuse("refuse_negative_index", {x, tensor_of(DType::kInt64, {1, 1, 2, 2}, {0, -1, 8, 10})}, k2,
           "I's values are in [0, N x C x D1 x ... x Dn) of the output");
  u.refuse("refuse_output_shape_rank", {x, good, tensor_of(DType::kInt64, {2}, {4, 4})}, k2,
           "output_shape has one value per axis of X");
  u.refuse("refuse_output_shape_channels", {x, good, tensor_of(DType::kInt64, {4}, {1, 2, 4, 4})}, k2,
           "output_shape keeps X's N and C");
  u.refuse("refuse_kernel_length", {x, good}, {ints("kernel_shape", {2}), ints("strides", {2, 2})},
           "kernel_shape has one value per spatial axis");
}

}  // namespace

void max_unpool_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    Unpool u{row, t, out};
    u.one("k2_s2_2d", {1, 2, 2, 3}, {2, 2}, {2, 2}, {0, 0, 0, 0});
    u.one("k3_s2_pads_2d", {2, 1, 3, 3}, {3, 3}, {2, 2}, {1, 1, 1, 1});
    u.one("k3_s1_1d", {2, 3, 4}, {3}, {1}, {0, 0});
    u.one("k2_s2_3d", {1, 2, 2, 2, 3}, {2, 2, 2}, {2, 2, 2}, {0, 0, 0, 0, 0, 0});
    u.one("k2_s3_pads_1_0_0_2", {1, 1, 3, 3}, {2, 2}, {3, 3}, {1, 0, 0, 2});
    u.one("output_shape_inferred", {1, 2, 2, 3}, {2, 2}, {2, 2}, {0, 0, 0, 0}, "random", Shape{1, 2, 4, 6});
    // 5x7 for an inferred 4x6 (a 5x7 input pooled by 2x2 at stride 2 floors to 2x3).
    u.one("output_shape_larger", {1, 2, 2, 3}, {2, 2}, {2, 2}, {0, 0, 0, 0}, "output-shape", Shape{1, 2, 5, 7});
    if (row.since_version < 11)
      u.one("strides_absent", {1, 1, 3, 3}, {2, 2}, {1, 1}, {0, 0, 0, 0}, "strides-default", {}, false);
    else
      u.one("strides_default_1", {1, 1, 3, 3}, {2, 2}, {1, 1}, {0, 0, 0, 0}, "random", {}, false);
    u.one("empty_batch", {0, 2, 2, 2}, {2, 2}, {2, 2}, {0, 0, 0, 0}, "empty");
    // Overlapping windows (kernel 3, stride 1) picking the same tap: indices repeat.
    add(out, "duplicate_indices", {random_of(case_id(row, {t}, "duplicate_indices"), t, {1, 1, 1, 3}),
                                   tensor_of(DType::kInt64, {1, 1, 1, 3}, {2, 2, 3})},
        {ints("kernel_shape", {1, 3}), ints("strides", {1, 1})}, {"duplicate-indices"}, "", false);
    const Tensor s = special_values(t);
    Tensor row_of(t, {1, 1, s.size()});
    std::copy(s.bytes().begin(), s.bytes().end(), row_of.mutable_bytes().begin());
    add(out, "special_values", {row_of, pool_indices({1, 1, s.size()}, {2}, {2}, {0, 0})},
        {ints("kernel_shape", {2}), ints("strides", {2})}, {"special-values"}, "", false);
  }
  Unpool first{row, allowed.front(), out, false};
  unpool_refusals(first);
}

}  // namespace touchstone::cases
