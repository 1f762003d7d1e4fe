// Col2Im-18: the column blocks of `input` (N, C * prod(block_shape), L) put back into images
// (N, C, image_shape...), each block at its place, overlapping values summed.
//
// The block arithmetic (the text points to PyTorch's fold; the formula is Conv's window rule):
// along spatial axis d, with the dilated block db = (block - 1) * dilation + 1, there are
//   blocks[d] = floor((image + pad_begin + pad_end - db) / stride) + 1
// block positions, and L must be their product (blocks enumerated in row-major order of
// their grid index b, as the text's example enumerates them). Element k of block b (row-major
// over block_shape; row c * prod(block_shape) + k of channel c) lands at
//   position[d] = b[d] * stride - pad_begin + k[d] * dilation,
// dropped when that lies in the padding. Each image element is the exact sum of everything
// that lands on it (zero when nothing does), rounded once; integers exact (a sum that does not
// fit wraps, undefined). The number of overlapping values is recorded (Node::record_terms) for
// the sum bound.
//
// What ONNX leaves open, and the reference's answer (marked undefined where it decides):
// T lists bool and string beside the numeric types ("all numeric tensor types", its
// description says), which have no sum. Where every image element receives exactly one value
// (no overlap, no gap) the op is a rearrangement and defined; otherwise bool elements are the
// OR of what lands on them (false for none) and strings the concatenation in block order (""
// for none). Complex values: real and imaginary parts summed exactly, each rounded once.
// Refused (the rule named): rank other than 3; image_shape or block_shape not 1-D of the same
// length of at least 2 (the text: "size of at least 2"); a block size below 1; pads, strides,
// dilations of the wrong length or out of range; a second dim not a multiple of
// prod(block_shape); L not the number of blocks the formula gives.
#include <complex>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/ops/conv/conv_ops.h"
#include "reference/ops/core/exact_integer.h"
#include "reference/ops/core/index_space.h"
#include "reference/ops/pool/pool_geometry.h"

namespace touchstone::ops {

namespace {

struct BlockPlan {
  int64_t batch = 0, channels = 0, block_volume = 0, blocks = 0;  // blocks: L
  Shape image;
  // Per image element (row-major), the offsets k * L + l of what lands on it within one
  // channel's (block_volume, L) slab of the input.
  std::vector<std::vector<int64_t>> sources;
};

Shape shape_input(const Tensor& t, const char* name) {
  if (t.shape().size() != 1 || t.shape()[0] < 2)
    invalid_model(std::string(name) + " " + shape_to_string(t.shape()) +
                  " must be a 1-D tensor of at least 2 values (one per spatial axis)");
  const auto v = t.data<int64_t>();
  return Shape(v.begin(), v.end());
}

BlockPlan block_plan(const Node& node, const Inputs& in) {
  const Shape& x = in[0].shape();
  if (x.size() != 3)
    invalid_model("input is (N, C * product(block_shape), L): rank 3, got rank " + std::to_string(x.size()));
  BlockPlan p;
  p.image = shape_input(in[1], "image_shape");
  const Shape block = shape_input(in[2], "block_shape");
  const size_t rank = p.image.size();
  if (block.size() != rank)
    invalid_model("block_shape " + shape_to_string(block) + " must have image_shape's length " + std::to_string(rank));
  for (size_t d = 0; d < rank; ++d) {
    if (block[d] < 1) invalid_model("block_shape " + shape_to_string(block) + ": every block size is at least 1");
    if (p.image[d] < 0) invalid_model("image_shape " + shape_to_string(p.image) + ": sizes are not negative");
  }
  const auto strides = pool::per_axis(node, "strides", rank, 1, 1);
  const auto dilations = pool::per_axis(node, "dilations", rank, 1, 1);
  const auto pads = pool::per_axis(node, "pads", 2 * rank, 0, 0);
  p.block_volume = core::product_of(block);
  if (x[1] % p.block_volume != 0)
    invalid_model("input's second dim " + std::to_string(x[1]) + " is not a multiple of product(block_shape) " +
                  std::to_string(p.block_volume));
  Shape grid(rank);
  for (size_t d = 0; d < rank; ++d) {
    const int64_t span = p.image[d] + pads[d] + pads[d + rank] - ((block[d] - 1) * dilations[d] + 1);
    grid[d] = (span >= 0 ? span / strides[d] : -((-span + strides[d] - 1) / strides[d])) + 1;
    if (grid[d] < 0)
      invalid_model("the dilated block " + std::to_string((block[d] - 1) * dilations[d] + 1) + " is more than a stride longer than the padded image along axis " + std::to_string(d) + ": a negative number of blocks");
  }
  p.batch = x[0];
  p.channels = x[1] / p.block_volume;
  p.blocks = core::product_of(grid);
  if (x[2] != p.blocks)
    invalid_model("L = " + std::to_string(x[2]) + ", but the blocks of " + shape_to_string(block) + " over image " +
                  shape_to_string(p.image) + " (pads, strides, dilations) number " + std::to_string(p.blocks) +
                  ": floor((image + pads - dilated block) / stride) + 1 along each axis, multiplied");
  p.sources.resize(static_cast<size_t>(core::product_of(p.image)));
  const Shape image_strides = core::strides_of(p.image), block_strides = core::strides_of(block),
              grid_strides = core::strides_of(grid);
  core::for_each_window(grid, block, [&](const core::Index& b, const core::Index& k) {
    int64_t at = 0;
    for (size_t d = 0; d < rank; ++d) {
      const int64_t position = b[d] * strides[d] - pads[d] + k[d] * dilations[d];
      if (position < 0 || position >= p.image[d]) return;
      at += position * image_strides[d];
    }
    p.sources[static_cast<size_t>(at)].push_back(core::ravel(k, block_strides) * p.blocks + core::ravel(b, grid_strides));
  });
  return p;
}

template <class T>
T sum_of(const Node& node, const T* slab, const std::vector<int64_t>& sources, numeric::ExactAccumulator& acc) {
  if constexpr (is_real_float<T>) {
    acc.clear();
    for (int64_t s : sources) acc.add(numeric::widen(slab[s]));
    return sources.empty() ? T{} : acc.result<T>();
  } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    using Part = typename T::value_type;
    auto part = [&](bool real) {
      acc.clear();
      for (int64_t s : sources) acc.add(real ? slab[s].real() : slab[s].imag());
      return sources.empty() ? Part{} : acc.result<Part>();
    };
    return T(part(true), part(false));
  } else if constexpr (std::is_same_v<T, bool>) {
    bool any = false;
    for (int64_t s : sources) any = any || slab[s];
    return any;
  } else if constexpr (std::is_same_v<T, std::string>) {
    std::string joined;
    for (int64_t s : sources) joined += slab[s];
    return joined;
  } else if constexpr (std::numeric_limits<T>::is_integer) {
    mpz_class sum = 0;
    for (int64_t s : sources) sum += core::exact(slab[s]);
    return core::wrapped_result<T>(node, sum, "integer overflow of the sum of overlapping blocks (the result wraps)");
  } else {
    throw std::logic_error("Col2Im on a type the schema does not allow");
  }
}

template <class T>
void place_blocks(const Node& node, const Tensor& x, const BlockPlan& p, Tensor& y) {
  const auto in = x.data<T>();
  auto out = y.data<T>();
  numeric::ExactAccumulator acc;
  const int64_t slab = p.block_volume * p.blocks;
  size_t at = 0;
  for (int64_t image = 0; image < p.batch * p.channels; ++image)
    for (const auto& sources : p.sources) out[at++] = sum_of<T>(node, in.data() + image * slab, sources, acc);
}

}  // namespace

Tensors col2im_v18(const Node& node, const Inputs& in) {
  const BlockPlan p = block_plan(node, in);
  size_t most = 0;
  bool rearrangement = true;
  for (const auto& s : p.sources) {
    most = std::max(most, s.size());
    rearrangement = rearrangement && s.size() == 1;
  }
  node.record_terms(static_cast<int64_t>(most));
  const DType t = in[0].dtype();
  if ((t == DType::kBool || t == DType::kString) && !rearrangement && p.batch * p.channels > 0)
    node.mark(Semantics::kUndefined, std::string(dtype_name(t)) +
                                         " blocks that overlap or leave gaps: no sum for this type (the reference: " +
                                         (t == DType::kBool ? "OR, false for none)" : "concatenation in block order, \"\" for none)"));
  Shape shape = {p.batch, p.channels};
  shape.insert(shape.end(), p.image.begin(), p.image.end());
  Tensor y(t, shape);
  visit_dtype(t, [&]<class T>() { place_blocks<T>(node, in[0], p, y); });
  return {y};
}

}  // namespace touchstone::ops
