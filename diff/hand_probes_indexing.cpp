// Hand-written probes of the indexing ops' changes: OneHot-11, TopK-11, ScatterND-16/18.
#include "diff/hand_probes.h"

namespace touchstone::hand {

// OneHot-11: indices in [-depth, -1] count from the back. OneHot-9: "values outside the
// range [0, depth) will result in one-hot representation with all 'off_value' values".
std::vector<Probe> onehot_11() {
  const Tensor depth = i64({}, {3}), values = f32({2}, {0, 1});
  return {
      probe("index -1, depth 3: all off (9) vs the last position on (11)", {i64({1}, {-1}), depth, values}),
      probe("indices [-3,-4,3,1], depth 3: -3 wraps to 0 (11); -4 and 3 are outside in both",
            {i64({4}, {-3, -4, 3, 1}), depth, values}),
      probe("indices [0,2] in [0, depth): the same in both", {i64({2}, {0, 2}), depth, values}),
  };
}

// TopK-11: `largest` (0: the k smallest), `sorted` (0: order open), integer types.
std::vector<Probe> topk_11() {
  const Tensor x = f32({5}, {3, 1, 4, 1, 5}), k = i64({1}, {2});
  auto attr = [](const char* name, int64_t v) { return make_attr(name, v); };
  return {
      probe("largest=0, k 2 of [3,1,4,1,5]: the 2 largest (10 has no largest) vs the 2 smallest, ties by "
            "lower index (11)",
            {x, k}, {attr("largest", 0)}),
      probe("largest=1 sorted=1 (the defaults): the same in both", {x, k},
            {attr("largest", 1), attr("sorted", 1)}),
      probe("sorted=0: any order of the 2 largest (11; the reference keeps them sorted)", {x, k},
            {attr("sorted", 0)}),
      probe("int32 X: integer types from 11", {i32({5}, {3, 1, 4, 1, 5}), k}),
  };
}

// ScatterND-16: `reduction` none/add/mul ("output[indices[idx]] += updates[idx]").
std::vector<Probe> scatter_nd_16() {
  const Tensor data = f32({4}, {1, 2, 3, 4});
  const Tensor at_1_3 = i64({2, 1}, {1, 3}), twice_1 = i64({2, 1}, {1, 1}), updates = f32({2}, {7, 9});
  auto reduction = [](const char* r) { return make_attr("reduction", std::string(r)); };
  return {
      probe("reduction=add at [1],[3]: replaced (13 has no reduction) vs added (16)", {data, at_1_3, updates},
            {reduction("add")}),
      probe("reduction=mul at [1],[3]: replaced vs multiplied (16)", {data, at_1_3, updates},
            {reduction("mul")}),
      probe("reduction=add at [1] twice: both updates added (16); without a reduction duplicates are open",
            {data, twice_1, updates}, {reduction("add")}),
      probe("reduction=none: the same in both", {data, at_1_3, updates}, {reduction("none")}),
  };
}

// ScatterND-18: `reduction` max/min too.
std::vector<Probe> scatter_nd_18() {
  const Tensor data = f32({4}, {1, 2, 3, 4}), at_1_3 = i64({2, 1}, {1, 3}), updates = f32({2}, {0, 9});
  auto reduction = [](const char* r) { return make_attr("reduction", std::string(r)); };
  return {
      probe("reduction=min at [1],[3] with [0,9]: the smaller of each pair (min from 18)",
            {data, at_1_3, updates}, {reduction("min")}),
      probe("reduction=max at [1],[3] with [0,9]: the larger of each pair (max from 18)",
            {data, at_1_3, updates}, {reduction("max")}),
      probe("reduction=max at [2] twice with [7,5]: the largest of data and both updates (18)",
            {data, i64({2, 1}, {2, 2}), f32({2}, {7, 5})}, {reduction("max")}),
      probe("reduction=add (from 16): unchanged by 18", {data, at_1_3, updates}, {reduction("add")}),
  };
}

}  // namespace touchstone::hand
