// The resampling family's case specs (see README.md): one recipe per op.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

}  // namespace touchstone::cases
