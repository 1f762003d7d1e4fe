// The resampling family (reference/ops/resample/README.md): Resize and Upsample; one kernel per version whose
// rules differ (`<op>_v<since>`), versions that only widened the types share the previous kernel
// in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

}  // namespace touchstone::ops
