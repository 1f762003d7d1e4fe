// Hand-written probes of the normalizations' changes: GroupNormalization-21 (scale and bias
// per channel, where 18 had them per group). 18 is deprecated: models using it are refused, so
// its side runs its kernel (its last definition, ONNX 1.18-1.20) directly (behaviour_diff.cpp).
#include "diff/hand_probes.h"

namespace touchstone::hand {

// X (1, 4, 2): channels (1, 2) | (3, 4) make two groups of 2 channels x 2 positions.
std::vector<Probe> group_normalization_21() {
  const Tensor x = f32({1, 4, 2}, {1, 2, 3, 5, -1, 0, 4, 8});
  const auto groups = make_attr("num_groups", int64_t{2});
  const auto eps = make_attr("epsilon", 0.0f);
  return {
      two_forms("the same scaling: per group (2) in 18, each group's value repeated per channel (4) in 21",
                {{x, f32({2}, {2, -1}), f32({2}, {0.5f, 0})}, {groups, eps}},
                {{x, f32({4}, {2, 2, -1, -1}), f32({4}, {0.5f, 0.5f, 0, 0})}, {groups, eps}}),
      probe("scale and bias per channel (4): 21's shape, refused by 18 (per group)",
            {x, f32({4}, {1, 2, 3, 4}), f32({4}, {0, 0, 0, 0})}, {groups, eps}),
      probe("scale and bias per group (2): 18's shape, refused by 21 (per channel)",
            {x, f32({2}, {1, 2}), f32({2}, {0, 0})}, {groups, eps}),
  };
}

}  // namespace touchstone::hand
