// Hand-written probes of the shape ops' changes, and the table that picks the probes of
// the changes between two versions.
#include "diff/hand_probes.h"

#include <string_view>

namespace touchstone {

namespace hand {

// Reshape-14: allowzero. "allowzero=1 indicates that if any value in the 'shape' input is
// set to zero, the zero value is honored"; before, a 0 always copies the input's dimension.
std::vector<Probe> reshape_14() {
  const Tensor data = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  return {
      probe("allowzero=1, shape [0,3] on (2,3): a 0 copies dim 0 (13) or is a literal 0 (14)",
            {data, i64({2}, {0, 3})}, {make_attr("allowzero", int64_t{1})}),
      probe("allowzero=1, shape [3,0] on an empty (0,3): a 0 copies dim 1 (13) or is a literal 0 (14)",
            {f32({0, 3}, {}), i64({2}, {3, 0})}, {make_attr("allowzero", int64_t{1})}),
      probe("allowzero=1, shape [0,-1]: a 0 with -1 (14 refuses: the -1 is not determined)",
            {data, i64({2}, {0, -1})}, {make_attr("allowzero", int64_t{1})}),
      probe("allowzero=0 (the default), shape [0,-1]: a 0 copies the dim in both", {data, i64({2}, {0, -1})},
            {make_attr("allowzero", int64_t{0})}),
  };
}

// Slice-10: starts/ends/axes move from attributes to inputs, and steps (negative: backward).
std::vector<Probe> slice_10() {
  const Tensor data = f32({2, 4}, {1, 2, 3, 4, 5, 6, 7, 8});
  return {
      two_forms(
          "spec example 1: starts [1,0] ends [2,3] axes [0,1], attributes (1) vs inputs (10)",
          {{data},
           {make_attr("starts", std::vector<int64_t>{1, 0}), make_attr("ends", std::vector<int64_t>{2, 3}),
            make_attr("axes", std::vector<int64_t>{0, 1})}},
          {{data, i64({2}, {1, 0}), i64({2}, {2, 3}), i64({2}, {0, 1})}, {}}),
      two_forms(
          "spec example 2: starts [0,1] ends [-1,1000] (negative end, end past n), attributes vs inputs",
          {{data},
           {make_attr("starts", std::vector<int64_t>{0, 1}),
            make_attr("ends", std::vector<int64_t>{-1, 1000})}},
          {{data, i64({2}, {0, 1}), i64({2}, {-1, 1000})}, {}}),
      probe("steps [1,2] (inputs from 10): every second column",
            {data, i64({2}, {1, 0}), i64({2}, {2, 3}), i64({2}, {0, 1}), i64({2}, {1, 2})}),
      probe("a negative step: starts [3] ends [0] axes [1] steps [-1] walks backward",
            {data, i64({1}, {3}), i64({1}, {0}), i64({1}, {1}), i64({1}, {-1})}),
      probe("starts/ends as attributes under 10: refused (they are inputs now)", {data},
            {make_attr("starts", std::vector<int64_t>{1}), make_attr("ends", std::vector<int64_t>{2})}),
  };
}

// Split-18: num_outputs; "If the tensor is not evenly splittable the last chunk will be
// smaller". Split-13 splits into equal parts (as many as outputs) when `split` is absent.
std::vector<Probe> split_18() {
  auto n = [](int64_t k) { return make_attr("num_outputs", k); };
  return {
      probe("num_outputs=2 on 5 elements: parts 3 and 2 (18); 13 needs equal parts",
            {f32({5}, {1, 2, 3, 4, 5})}, {n(2)}, {}, 2),
      probe("num_outputs=3 on 7 elements: parts 3, 3 and 1 (18)", {f32({7}, {1, 2, 3, 4, 5, 6, 7})}, {n(3)},
            {}, 3),
      probe("num_outputs=3 on 6 elements: equal parts in both", {f32({6}, {1, 2, 3, 4, 5, 6})}, {n(3)}, {},
            3),
      probe("neither split nor num_outputs: equal parts (13); 18 needs exactly one of them",
            {f32({4}, {1, 2, 3, 4})}, {}, {}, 2),
      probe("split input [2,3]: the given lengths in both", {f32({5}, {1, 2, 3, 4, 5}), i64({2}, {2, 3})}, {},
            {}, 2),
  };
}

// Pad-18: the optional `axes` input (pads then hold 2 values per listed axis).
std::vector<Probe> pad_18() {
  const Tensor data = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  return {
      probe("axes [1], pads [1,2]: only axis 1, one before and two after (18)",
            {data, i64({2}, {1, 2}), i64({1}, {1})}, {}, {2}),
      probe("axes [-1] (negative), pads [0,1]: one after the last axis (18)",
            {data, i64({2}, {0, 1}), i64({1}, {-1})}, {}, {2}),
      two_forms("the same padding: pads [0,1,0,2] for every axis (13) vs axes [1] pads [1,2] (18)",
                {{data, i64({4}, {0, 1, 0, 2})}, {}}, {{data, i64({2}, {1, 2}), i64({1}, {1})}, {}, {2}}),
      probe("no axes: pads [0,1,0,0] cover every axis in both", {data, i64({4}, {0, 1, 0, 0})}),
  };
}

// Pad-19: mode "wrap", "wrap-around padding as if the data tensor forms a torus".
std::vector<Probe> pad_19() {
  const Tensor data = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  auto mode = [](const char* m) { return make_attr("mode", std::string(m)); };
  return {
      probe("mode=wrap, pads [0,2,0,1]: two columns from the end before, one from the start after (19)",
            {data, i64({4}, {0, 2, 0, 1})}, {mode("wrap")}),
      probe("mode=wrap, pads [1,0,0,0]: the last row before the first (19)", {data, i64({4}, {1, 0, 0, 0})},
            {mode("wrap")}),
      probe("mode=reflect, pads [0,1,0,1]: the same in both", {data, i64({4}, {0, 1, 0, 1})},
            {mode("reflect")}),
  };
}

// Tile-6: one `repeats` count per dimension (int64), where Tile-1 took `tiles` copies along
// one `axis` (both inputs of the data's float type).
std::vector<Probe> tile_6() {
  const Tensor data = f32({2, 2}, {1, 2, 3, 4});
  return {
      two_forms("the same tiling: tiles 2 on axis 1 (1) vs repeats [1,2] (6)",
                {{data, f32({1}, {2}), f32({1}, {1})}, {}}, {{data, i64({2}, {1, 2})}, {}}),
      probe("repeats [2,2]: every axis at once (6)", {data, i64({2}, {2, 2})}),
      probe("tiles 3 on axis 0 in Tile-1's form (float tiles and axis inputs): refused by 6",
            {data, f32({1}, {3}), f32({1}, {0})}),
      probe("int32 data: Tile-6 takes every type, Tile-1 only floats",
            {i32({2, 2}, {1, 2, 3, 4}), i64({2}, {1, 2})}),
  };
}

}  // namespace hand

namespace {

// One change: the probes of `op`'s version `version`, shown for a pair (a, b) with
// a < version <= b and a >= min_old (the first version the probes' form fits).
struct HandChange {
  std::string_view op;
  int version;
  int min_old;
  std::vector<Probe> (*make)();
};

constexpr HandChange kChanges[] = {
    {"Reshape", 14, 5, hand::reshape_14},
    {"Slice", 10, 1, hand::slice_10},
    {"Split", 18, 13, hand::split_18},
    {"Pad", 18, 11, hand::pad_18},
    {"Pad", 19, 11, hand::pad_19},
    {"Tile", 6, 1, hand::tile_6},
    {"OneHot", 11, 9, hand::onehot_11},
    {"TopK", 11, 10, hand::topk_11},
    {"ScatterND", 16, 11, hand::scatter_nd_16},
    {"ScatterND", 18, 11, hand::scatter_nd_18},
    {"GroupNormalization", 21, 18, hand::group_normalization_21},
    {"MaxPool", 10, 8, hand::max_pool_10},
    {"AveragePool", 11, 10, hand::average_pool_11},
    {"AveragePool", 19, 11, hand::average_pool_19},
    {"LpPool", 2, 1, hand::lp_pool_2},
    {"Attention", 24, 23, hand::attention_24},
    {"Attention", 25, 23, hand::attention_25},
    {"Resize", 11, 10, hand::resize_11},
    {"Resize", 13, 11, hand::resize_13},
    {"Resize", 18, 13, hand::resize_18},
    {"Resize", 19, 18, hand::resize_19},
    {"GridSample", 20, 16, hand::grid_sample_20},
    {"RoiAlign", 16, 10, hand::roi_align_16},
    {"Scan", 9, 8, hand::scan_9},
    {"If", 11, 1, hand::if_11},
    {"If", 13, 11, hand::if_13},
    {"If", 16, 13, hand::if_16},
};

}  // namespace

std::vector<Probe> hand_probes(const CatalogRow& a, const CatalogRow& b) {
  std::vector<Probe> out;
  if (!a.domain.empty()) return out;
  for (const auto& c : kChanges) {
    if (c.op != a.op || a.since_version >= c.version || c.version > b.since_version ||
        a.since_version < c.min_old)
      continue;
    for (auto& p : c.make()) {
      p.name = std::string(a.op) + "-" + std::to_string(c.version) + ": " + p.name;
      out.push_back(std::move(p));
    }
  }
  return out;
}

}  // namespace touchstone
