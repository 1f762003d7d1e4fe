// TensorScatter-24: a KV-cache update. present_cache = past_cache with, for every prefix
// index p (over the dimensions before `axis`, p[0] the batch) and sequence position s <
// sequence_length, present[p, w + s, ...] = update[p, s, ...], w = write_indices[p[0]]
// (0 without the input). Exact in every type.
//
// Rules: rank >= 2; axis in [-r, r-1] and not the batch dimension 0 (default -2); update
// has past_cache's shape except along axis, where sequence_length <= max_sequence_length;
// write_indices has shape (batch_size,); mode "linear" or "circular". Linear requires
// 0 <= w and w + sequence_length <= max_sequence_length (refused otherwise). Circular
// takes the sequence index modulo max_sequence_length (a negative w wraps too, as np.mod).
// What ONNX leaves open, and the reference's answer (implementation-defined): the
// pseudocode applies np.mod to the whole cache index, which would also wrap prefix indices
// of dimensions longer than max_sequence_length; the prose speaks of the update index
// only, and the reference wraps the sequence index only. A negative write index in
// circular mode: the text neither allows nor forbids it; the reference wraps it as np.mod
// and marks the case undefined (a backend may refuse it at run time).
#include <algorithm>

#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

Tensors tensor_scatter_v24(const Node& node, const Inputs& in) {
  const Tensor& past = in[0];
  const Tensor& update = in[1];
  const std::string& label = node.op_version();
  const int64_t r = past.rank();
  if (r < 2) invalid_model(label + ": past_cache must have rank >= 2, got shape " + shape_to_string(past.shape()));
  const int64_t axis = normalize_axis(node.attr_int("axis", -2), r, Negative::kAllowed);
  if (axis == 0) invalid_model(label + ": axis cannot be 0 (the batch dimension)");
  const std::string mode = node.attr_string("mode", "linear");
  if (mode != "linear" && mode != "circular")
    invalid_model(label + ": mode '" + mode + "' is not linear or circular");
  const bool circular = mode == "circular";
  const auto ax = static_cast<size_t>(axis);
  Shape want = past.shape();
  want[ax] = update.rank() == r ? update.shape()[ax] : -1;
  if (update.shape() != want)
    invalid_model(label + ": update " + shape_to_string(update.shape()) + " must have past_cache's shape " +
                  shape_to_string(past.shape()) + " except along axis " + std::to_string(axis));
  const int64_t max_len = past.shape()[ax], seq_len = update.shape()[ax], batch = past.shape()[0];
  if (seq_len > max_len)
    invalid_model(label + ": sequence_length " + std::to_string(seq_len) + " is above max_sequence_length " +
                  std::to_string(max_len));
  std::vector<int64_t> w(static_cast<size_t>(batch), 0);
  if (in.has(2)) {
    if (in[2].shape() != Shape{batch})
      invalid_model(label + ": write_indices must have shape (batch_size,) = (" + std::to_string(batch) + "), got " +
                    shape_to_string(in[2].shape()));
    w = index_values(in[2]);
  }
  if (!circular)
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t v = w[static_cast<size_t>(b)];
      if (v < 0 || v > max_len - seq_len)
        invalid_model(label + ": linear mode requires 0 <= write_indices[" + std::to_string(b) + "] and write_indices + " +
                      "sequence_length <= max_sequence_length; got " + std::to_string(v) + " + " + std::to_string(seq_len) +
                      " > " + std::to_string(max_len));
    }
  if (circular && std::any_of(w.begin(), w.end(), [](int64_t v) { return v < 0; }))
    node.mark(Semantics::kUndefined,
              "TensorScatter circular mode with a negative write index (the text wraps the index modulo "
              "max_sequence_length but does not say whether a negative one is allowed)");
  if (circular)
    for (int64_t d = 1; d < axis; ++d)
      if (past.shape()[static_cast<size_t>(d)] > max_len)
        node.mark(Semantics::kImplementationDefined,
                  "TensorScatter circular mode with a prefix dimension longer than max_sequence_length (only the "
                  "sequence index wraps)");
  const int64_t prefixes = product_of(past.shape(), 0, ax);
  const int64_t per_batch = product_of(past.shape(), 1, ax);
  const int64_t inner = product_of(past.shape(), ax + 1);
  Tensor present = past;
  copy_elements(update, present, [&](auto copy) {
    for (int64_t p = 0; p < prefixes; ++p) {
      const int64_t b = per_batch == 0 ? 0 : p / per_batch;
      for (int64_t s = 0; s < seq_len; ++s) {
        int64_t t = w[static_cast<size_t>(b)] + s;
        if (circular) t = ((t % max_len) + max_len) % max_len;
        for (int64_t i = 0; i < inner; ++i) copy((p * seq_len + s) * inner + i, (p * max_len + t) * inner + i);
      }
    }
  });
  return {present};
}

}  // namespace touchstone::ops
