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
// layer_normalization.cpp: LayerNormalization-17 (axis, epsilon, stash_type; Mean, InvStdDev)
Tensors layer_normalization_v17(const Node& node, const Inputs& in);
// group_normalization.cpp: GroupNormalization-18 (scale, bias per group; deprecated), 21 (per
// channel, stash_type)
Tensors group_normalization_v18(const Node& node, const Inputs& in);
Tensors group_normalization_v21(const Node& node, const Inputs& in);
// mean_variance_normalization.cpp: MeanVarianceNormalization-9, 13 (+bfloat16)
Tensors mean_variance_normalization_v9(const Node& node, const Inputs& in);
Tensors mean_variance_normalization_v13(const Node& node, const Inputs& in);
// rms_normalization.cpp: RMSNormalization-23 (axis, epsilon, stash_type; X and scale types apart)
Tensors rms_normalization_v23(const Node& node, const Inputs& in);
// dropout.cpp: Dropout-1 (is_test, mask of type T; 6 shares it), 7 (always inference), 10 (the
// mask bool), 12 (ratio and training_mode inputs, seed; 13 and 22 share it)
Tensors dropout_v1(const Node& node, const Inputs& in);
Tensors dropout_v7(const Node& node, const Inputs& in);
Tensors dropout_v10(const Node& node, const Inputs& in);
Tensors dropout_v12(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
