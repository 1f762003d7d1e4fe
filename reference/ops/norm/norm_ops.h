// The normalization family (reference/ops/norm/README.md): BatchNormalization,
// InstanceNormalization, LayerNormalization, GroupNormalization, MeanVarianceNormalization,
// RMSNormalization, LRN and Dropout; one kernel per version whose rules differ (`<op>_v<since>`),
// versions that only widened the types share the previous kernel in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// dropout.cpp: Dropout-1 (is_test, mask of type T; 6 shares it), 7 (always inference), 10 (the
// mask bool), 12 (ratio and training_mode inputs, seed; 13 and 22 share it)
Tensors dropout_v1(const Node& node, const Inputs& in);
Tensors dropout_v7(const Node& node, const Inputs& in);
Tensors dropout_v10(const Node& node, const Inputs& in);
Tensors dropout_v12(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
