// The normalization family (reference/ops/norm/README.md): BatchNormalization,
// InstanceNormalization, LayerNormalization, GroupNormalization, MeanVarianceNormalization,
// RMSNormalization, LRN and Dropout; one kernel per version whose rules differ (`<op>_v<since>`),
// versions that only widened the types share the previous kernel in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// batch_normalization.cpp
Tensors batch_normalization_v1(const Node& node, const Inputs& in);
Tensors batch_normalization_v6(const Node& node, const Inputs& in);
Tensors batch_normalization_v7(const Node& node, const Inputs& in);
Tensors batch_normalization_v9(const Node& node, const Inputs& in);
Tensors batch_normalization_v14(const Node& node, const Inputs& in);
// instance_normalization.cpp
Tensors instance_normalization_v1(const Node& node, const Inputs& in);
Tensors instance_normalization_v6(const Node& node, const Inputs& in);
// lrn.cpp
Tensors lrn_v1(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
