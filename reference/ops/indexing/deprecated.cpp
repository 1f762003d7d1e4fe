// The kernel of a deprecated op-version: ONNX's text says a model may not use it, so the
// whole behaviour is a refusal. reference/model.cpp refuses such a node when the model
// loads; this kernel is the catalog's row, and refuses as well should anything reach it.
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

Tensors scatter_v11(const Node& node, const Inputs&) {
  invalid_model(node.op_version() + " is deprecated: a model may not use it");
}

}  // namespace touchstone::ops
