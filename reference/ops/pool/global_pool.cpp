// GlobalAveragePool-1 (22), GlobalMaxPool-1 (22), GlobalLpPool-1, 2 (22): the pooling
// reductions over one window that is each (n, c) image's whole spatial extent; Y is
// (N, C, 1, ..., 1). 22 adds bfloat16; GlobalLpPool's p is a float in 1, an int from 2.
// The reductions and their open cases are the windowed ops' (pool_windows.h): a zero-size
// spatial dim leaves an empty window (Average: NaN, Max: -inf, Lp: 0; marked where open).
#include "reference/ops/pool/pool_ops.h"
#include "reference/ops/pool/pool_windows.h"

namespace touchstone::ops {

Tensors global_average_pool_v1(const Node& node, const Inputs& in) {
  return pool::average_over(node, in[0], pool::global_geometry(in[0].shape()), false);
}

Tensors global_max_pool_v1(const Node& node, const Inputs& in) {
  return pool::max_over(node, in[0], pool::global_geometry(in[0].shape()), pool::IndexOrder::kNone);
}

Tensors global_lp_pool_v1(const Node& node, const Inputs& in) {
  const double p = pool::p_attribute(node, false);
  return pool::lp_over(node, in[0], pool::global_geometry(in[0].shape()), p);
}

Tensors global_lp_pool_v2(const Node& node, const Inputs& in) {
  const double p = pool::p_attribute(node, true);
  return pool::lp_over(node, in[0], pool::global_geometry(in[0].shape()), p);
}

}  // namespace touchstone::ops
