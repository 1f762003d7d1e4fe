// What the convolution family's tests share: the helpers they use and dyadic test data.
#pragma once
#include <random>
#include <vector>

#include "reference/tests/logic_testing.h"
#include "reference/tests/reduce/reduce_testing.h"

namespace touchstone::testing::conv {

using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;
using logic::check_invalid;
using reduce::floats;
using reduce::values_of;

// Multiples of 1/8 in [lo/8, hi/8] (default [-2, 2]): every product and every short sum of a
// few of them is exact.
inline std::vector<float> dyadic(size_t n, unsigned seed, int lo = -16, int hi = 16) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(d(rng)) / 8.0f;
  return v;
}

}  // namespace touchstone::testing::conv
