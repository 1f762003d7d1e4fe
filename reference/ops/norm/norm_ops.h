// The normalization family (reference/ops/norm/README.md): BatchNormalization,
// InstanceNormalization, LayerNormalization, GroupNormalization, MeanVarianceNormalization,
// RMSNormalization, LRN and Dropout; one kernel per version whose rules differ (`<op>_v<since>`),
// versions that only widened the types share the previous kernel in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

}  // namespace touchstone::ops
