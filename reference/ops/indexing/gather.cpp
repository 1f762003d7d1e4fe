// Gather, GatherElements, GatherND — every version. Results are copies of data elements,
// exact in every type (strings, bool, complex included).
//
// Gather-1: axis in [-r, r-1] (its text already allows negative axes); index values in
//   [0, s-1] — negative indices have no meaning before opset 11 and are refused.
// Gather-11: index values in [-s, s-1], negative ones counting from the back.
// Gather-13: +bfloat16.
// GatherElements-11, 13 (+bfloat16): indices has data's rank; out[i][j][k] =
//   data[index[i][j][k]][j][k] (axis 0). ONNX only asks for the same rank; an indices
//   dimension larger than data's on an axis other than `axis` would read outside data, so it
//   is refused (as an out-of-bounds index).
// GatherND-11: index tuples of length k (1 <= k <= r) into data's leading dimensions.
// GatherND-12: `batch_dims` b: the first b dimensions of data and indices are batches
//   (equal sizes, b < min(q, r)); tuple component j indexes data dimension b + j, so a
//   negative component counts from the back of that dimension. GatherND-13: +bfloat16.
// Every out-of-range index is refused: the texts say it is an error.
#include <algorithm>

#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

namespace {

Tensors gather_impl(const Node& node, const Inputs& in, bool negative_indices) {
  const Tensor& data = in[0];
  const Tensor& indices = in[1];
  if (data.rank() < 1) invalid_model(node.op_version() + ": data must have rank >= 1, got a scalar");
  const int64_t axis = normalize_axis(node.attr_int("axis", 0), data.rank(), Negative::kAllowed);
  const int64_t s = data.shape()[static_cast<size_t>(axis)];
  std::vector<int64_t> idx = index_values(indices);
  for (size_t i = 0; i < idx.size(); ++i)
    idx[i] = resolve_index(idx[i], s, negative_indices, "indices[" + std::to_string(i) + "]");

  Shape out_shape(data.shape().begin(), data.shape().begin() + axis);
  out_shape.insert(out_shape.end(), indices.shape().begin(), indices.shape().end());
  out_shape.insert(out_shape.end(), data.shape().begin() + axis + 1, data.shape().end());
  Tensor out(data.dtype(), out_shape);
  const int64_t outer = product_of(data.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = product_of(data.shape(), static_cast<size_t>(axis) + 1);
  const int64_t n = static_cast<int64_t>(idx.size());
  copy_elements(data, out, [&](auto copy) {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t q = 0; q < n; ++q)
        for (int64_t i = 0; i < inner; ++i) copy((o * s + idx[q]) * inner + i, (o * n + q) * inner + i);
  });
  return {out};
}

}  // namespace

// Gather-1: non-negative indices only.
Tensors gather_v1(const Node& node, const Inputs& in) { return gather_impl(node, in, false); }

// Gather-11, 13: indices in [-s, s-1].
Tensors gather_v11(const Node& node, const Inputs& in) { return gather_impl(node, in, true); }

// GatherElements-11, 13: out[...] = data[... index ... ] along axis; out has indices' shape.
Tensors gather_elements_v11(const Node& node, const Inputs& in) {
  const Tensor& data = in[0];
  const Tensor& indices = in[1];
  if (data.rank() < 1) invalid_model(node.op_version() + ": data must have rank >= 1, got a scalar");
  if (indices.rank() != data.rank())
    invalid_model(node.op_version() + ": indices must have data's rank " + std::to_string(data.rank()) + ", got shape " +
                  shape_to_string(indices.shape()));
  const int64_t axis = normalize_axis(node.attr_int("axis", 0), data.rank(), Negative::kAllowed);
  for (size_t d = 0; d < data.shape().size(); ++d)
    if (static_cast<int64_t>(d) != axis && indices.shape()[d] > data.shape()[d])
      invalid_model(node.op_version() + ": indices " + shape_to_string(indices.shape()) + " is larger than data " +
                    shape_to_string(data.shape()) + " on dimension " + std::to_string(d) +
                    " (other than axis), so it would index outside data");
  const std::vector<int64_t> idx = index_values(indices);
  const Shape ds = strides_of(data.shape());
  const int64_t s = data.shape()[static_cast<size_t>(axis)];
  Tensor out(data.dtype(), indices.shape());
  copy_elements(data, out, [&](auto copy) {
    for (int64_t j = 0; j < indices.size(); ++j) {
      Shape pos = unravel(j, indices.shape());
      pos[static_cast<size_t>(axis)] =
          resolve_index(idx[static_cast<size_t>(j)], s, true, "indices[" + std::to_string(j) + "]");
      int64_t i = 0;
      for (size_t d = 0; d < pos.size(); ++d) i += pos[d] * ds[d];
      copy(i, j);
    }
  });
  return {out};
}

// GatherND-11 (b = 0), 12, 13 (batch_dims b).
Tensors gather_nd_v11(const Node& node, const Inputs& in) {
  const Tensor& data = in[0];
  const Tensor& indices = in[1];
  const int64_t r = data.rank(), q = indices.rank();
  const int64_t b = node.attr_int("batch_dims", 0);
  const std::string& label = node.op_version();
  if (r < 1 || q < 1) invalid_model(label + ": data and indices must have rank >= 1");
  if (b < 0 || b >= std::min(q, r))
    invalid_model(label + ": batch_dims " + std::to_string(b) + " must be in [0, min(q, r) - 1] = [0, " +
                  std::to_string(std::min(q, r) - 1) + "]");
  for (int64_t d = 0; d < b; ++d)
    if (data.shape()[static_cast<size_t>(d)] != indices.shape()[static_cast<size_t>(d)])
      invalid_model(label + ": the first batch_dims dimensions of data " + shape_to_string(data.shape()) +
                    " and indices " + shape_to_string(indices.shape()) + " must be equal");
  const int64_t k = indices.shape().back();
  if (k < 1 || k > r - b)
    invalid_model(label + ": indices.shape[-1] = " + std::to_string(k) + " must be in [1, r - batch_dims] = [1, " +
                  std::to_string(r - b) + "]");

  Shape out_shape(indices.shape().begin(), indices.shape().end() - 1);
  out_shape.insert(out_shape.end(), data.shape().begin() + b + k, data.shape().end());
  Tensor out(data.dtype(), out_shape);
  const std::vector<int64_t> idx = index_values(indices);
  const Shape ds = strides_of(data.shape());
  const int64_t batches = product_of(data.shape(), 0, static_cast<size_t>(b));
  const int64_t batch_stride = product_of(data.shape(), static_cast<size_t>(b));
  const int64_t tuples_per_batch = product_of(indices.shape(), static_cast<size_t>(b), static_cast<size_t>(q - 1));
  const int64_t slice = product_of(data.shape(), static_cast<size_t>(b + k));
  copy_elements(data, out, [&](auto copy) {
    for (int64_t bi = 0; bi < batches; ++bi)
      for (int64_t t = 0; t < tuples_per_batch; ++t) {
        const int64_t tuple = bi * tuples_per_batch + t;
        int64_t offset = bi * batch_stride;
        for (int64_t j = 0; j < k; ++j) {
          const size_t dim = static_cast<size_t>(b + j);
          const int64_t v = idx[static_cast<size_t>(tuple * k + j)];
          offset += resolve_index(v, data.shape()[dim], true,
                                  "indices[" + std::to_string(tuple) + "][" + std::to_string(j) + "] (data dimension " +
                                      std::to_string(dim) + ")") *
                    ds[dim];
        }
        for (int64_t e = 0; e < slice; ++e) copy(offset + e, tuple * slice + e);
      }
  });
  return {out};
}

}  // namespace touchstone::ops
