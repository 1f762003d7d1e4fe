// ReverseSequence-10: for each batch slice i, the first sequence_lens[i] elements along
// the time axis are reversed and the rest copied. Exact in every type.
//
// Rules: input of rank >= 2; (batch_axis, time_axis) is (1, 0) or (0, 1) ("must be one of
// 1 or 0", and they must differ); sequence_lens has shape [batch_size]. A length outside
// [0, time size] names no prefix of the time axis: ONNX does not say; the reference refuses
// it as an out-of-range index (a length of 0 reverses nothing).
#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

Tensors reverse_sequence_v10(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const Tensor& lens = in[1];
  const std::string& label = node.op_version();
  if (x.rank() < 2) invalid_model(label + ": input must have rank >= 2, got shape " + shape_to_string(x.shape()));
  const int64_t batch_axis = node.attr_int("batch_axis", 1), time_axis = node.attr_int("time_axis", 0);
  if (!((batch_axis == 1 && time_axis == 0) || (batch_axis == 0 && time_axis == 1)))
    invalid_model(label + ": (batch_axis, time_axis) must be (1, 0) or (0, 1), got (" + std::to_string(batch_axis) +
                  ", " + std::to_string(time_axis) + ")");
  const int64_t batch = x.shape()[static_cast<size_t>(batch_axis)], time = x.shape()[static_cast<size_t>(time_axis)];
  if (lens.shape() != Shape{batch})
    invalid_model(label + ": sequence_lens must have shape [batch_size] = (" + std::to_string(batch) + "), got " +
                  shape_to_string(lens.shape()));
  const auto l = lens.data<int64_t>();
  for (int64_t b = 0; b < batch; ++b)
    if (l[static_cast<size_t>(b)] < 0 || l[static_cast<size_t>(b)] > time)
      invalid_model(label + ": sequence_lens[" + std::to_string(b) + "] = " + std::to_string(l[static_cast<size_t>(b)]) +
                    " is outside [0, " + std::to_string(time) + "] (the time axis' size)");
  const Shape st = strides_of(x.shape());
  const int64_t inner = product_of(x.shape(), 2);
  Tensor y(x.dtype(), x.shape());
  copy_elements(x, y, [&](auto copy) {
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t t = 0; t < time; ++t) {
        const int64_t n = l[static_cast<size_t>(b)];
        const int64_t src_t = t < n ? n - 1 - t : t;
        const int64_t bs = b * st[static_cast<size_t>(batch_axis)];
        for (int64_t i = 0; i < inner; ++i)
          copy(bs + src_t * st[static_cast<size_t>(time_axis)] + i, bs + t * st[static_cast<size_t>(time_axis)] + i);
      }
  });
  return {y};
}

}  // namespace touchstone::ops
