// Pad and CenterCropPad: the spec's examples and hand-worked cases.
#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

const Tensor kData = Tensor::from_values<float>({3, 2}, {1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f});
const auto kMode = [](const char* m) { return make_attr("mode", std::string(m)); };

Tensor rows_of(const std::vector<std::vector<float>>& rows) {
  std::vector<float> v;
  for (const auto& r : rows) v.insert(v.end(), r.begin(), r.end());
  return Tensor::from_values<float>({static_cast<int64_t>(rows.size()), static_cast<int64_t>(rows[0].size())}, v);
}

}  // namespace

TEST_CASE("Pad: the spec's four mode examples", "[Pad][v2][v11][v13][v18][v19]") {
  const Tensor constant = rows_of({{0, 0, 1.0f, 1.2f}, {0, 0, 2.3f, 3.4f}, {0, 0, 4.5f, 5.7f}});
  const Tensor reflect = rows_of({{1.0f, 1.2f, 1.0f, 1.2f}, {2.3f, 3.4f, 2.3f, 3.4f}, {4.5f, 5.7f, 4.5f, 5.7f}});
  const Tensor edge = rows_of({{1.0f, 1.0f, 1.0f, 1.2f}, {2.3f, 2.3f, 2.3f, 3.4f}, {4.5f, 4.5f, 4.5f, 5.7f}});
  const auto pads = std::vector<int64_t>{0, 2, 0, 0};
  CHECK(run_node_output("Pad", 2, {kData}, {make_attr("pads", pads)}) == constant);
  CHECK(run_node_output("Pad", 2, {kData}, {make_attr("pads", pads), kMode("reflect")}) == reflect);
  CHECK(run_node_output("Pad", 2, {kData}, {make_attr("pads", pads), kMode("edge")}) == edge);
  for (int v : {11, 13, 18, 19, 21}) {
    CHECK(run_multi("Pad", v, {kData, ints(pads), scalar<float>(0)})[0] == constant);
    CHECK(run_multi("Pad", v, {kData, ints(pads)}, {kMode("reflect")})[0] == reflect);
    CHECK(run_multi("Pad", v, {kData, ints(pads)}, {kMode("edge")})[0] == edge);
  }
  // Example 4 (wrap), pads [2, 1, 1, 1]: rows -2..3 read 1, 2, 0, 1, 2, 0; columns -1..2 read 1, 0, 1, 0.
  std::vector<std::vector<float>> wrap;
  for (int r : {1, 2, 0, 1, 2, 0}) {
    const float a = kData.data<float>()[static_cast<size_t>(2 * r)], b = kData.data<float>()[static_cast<size_t>(2 * r + 1)];
    wrap.push_back({b, a, b, a});
  }
  for (int v : {19, 21, 25}) CHECK(run_multi("Pad", v, {kData, ints({2, 1, 1, 1})}, {kMode("wrap")})[0] == rows_of(wrap));
  check_refused_multi("Pad", 18, {kData, ints({2, 1, 1, 1})}, {kMode("wrap")}, 1, "wrap arrives in Pad-19");
  check_refused("Pad", 2, {kData}, {make_attr("pads", pads), kMode("wrap")}, "not one of constant, reflect, edge");
}

TEST_CASE("Pad-1: paddings by the format text; the example's reading is implementation-defined", "[Pad][v1]") {
  // Format text: [x1_begin, x2_begin, x1_end, x2_end] = [0, 0, 2, 0] adds 2 rows at the end.
  const auto r = run_node("Pad", 1, {kData}, {make_attr("paddings", std::vector<int64_t>{0, 0, 2, 0})});
  CHECK(r.outputs[0] == rows_of({{1.0f, 1.2f}, {2.3f, 3.4f}, {4.5f, 5.7f}, {0, 0}, {0, 0}}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  // [1, 1, 1, 1] reads the same both ways: defined.
  const auto same = run_node("Pad", 1, {kData}, {make_attr("paddings", std::vector<int64_t>{1, 1, 1, 1}),
                                                 make_attr("value", 0.1f)});
  CHECK(same.semantics.category == Semantics::kDefined);
  CHECK(same.outputs[0].shape() == Shape{5, 4});
  CHECK(same.outputs[0].data<float>()[0] == 0.1f);
  // The float value is rounded once to float16.
  const Tensor h = run_node_output("Pad", 1, {vec<Float16>({float16_from_double(1)})},
                                   {make_attr("paddings", std::vector<int64_t>{1, 0}), make_attr("value", 0.1f)});
  CHECK(h == vec<Float16>({float16_from_double(0.1f), float16_from_double(1)}));
  check_refused("Pad", 1, {kData}, {make_attr("paddings", std::vector<int64_t>{0, -1, 0, 0})}, "removing arrives in Pad-2");
  check_refused("Pad", 1, {kData}, {make_attr("paddings", std::vector<int64_t>{0, 1})}, "2 per padded axis");
}

TEST_CASE("Pad: negative pads crop; refusals", "[Pad][v2][v11][v18]") {
  const Tensor x = counting<int32_t>({2, 4});
  CHECK(run_multi("Pad", 11, {x, ints({0, -1, 0, -2})})[0] == Tensor::from_values<int32_t>({2, 1}, {1, 5}));
  CHECK(run_multi("Pad", 11, {x, ints({-1, 1, 0, 0})}, {kMode("edge")})[0] ==
        Tensor::from_values<int32_t>({1, 5}, {4, 4, 5, 6, 7}));
  check_refused_multi("Pad", 11, {x, ints({0, -3, 0, -2})}, {}, 1, "leave -1 elements");
  check_refused_multi("Pad", 11, {x, ints({0, 1})}, {}, 1, "2 per padded axis");
  check_refused_multi("Pad", 11, {Tensor(DType::kInt32, {0, 2}), ints({1, 0, 0, 0})}, {kMode("edge")}, 1, "has no elements");
  check_refused_multi("Pad", 19, {Tensor(DType::kInt32, {0, 2}), ints({1, 0, 0, 0})}, {kMode("wrap")}, 1, "has no elements");
  // Constant mode on an empty axis is fine.
  CHECK(run_multi("Pad", 11, {Tensor(DType::kInt32, {0, 2}), ints({1, 0, 0, 0}), scalar<int32_t>(7)})[0] ==
        Tensor::from_values<int32_t>({1, 2}, {7, 7}));
  check_refused_multi("Pad", 11, {x, ints({0, 0, 0, 0}), vec<int32_t>({1, 2})}, {}, 1, "constant_value must be a scalar");
  // Pad-18 axes: pad only axis -1 by (1, 2) with 9.
  CHECK(run_multi("Pad", 18, {x, ints({1, 2}), scalar<int32_t>(9), ints({-1})})[0] ==
        Tensor::from_values<int32_t>({2, 7}, {9, 0, 1, 2, 3, 9, 9, 9, 4, 5, 6, 7, 9, 9}));
  check_refused_multi("Pad", 18, {x, ints({1, 2, 0, 0}), std::nullopt, ints({1, -1})}, {}, 1, "twice");
  check_refused_multi("Pad", 13, {x, ints({1, 2}), std::nullopt, ints({1})}, {}, 1, "inputs given");
  // Strings pad with "" by default (13+).
  CHECK(run_multi("Pad", 13, {vec<std::string>({"a"}), ints({1, 1})})[0] == vec<std::string>({"", "a", ""}));
}

TEST_CASE("Pad reflect and wrap wider than the axis", "[Pad][v11][v19]") {
  const Tensor x = vec<int64_t>({1, 2, 3});
  // Reflect period 4 over [1 2 3]: positions -5..7 read 2 1 2 3 2 1 2 3 2 1 2 3 2.
  const auto r = run_node("Pad", 11, {x, ints({5, 5})}, {kMode("reflect")});
  CHECK(r.outputs[0] == vec<int64_t>({2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2}));
  CHECK(r.semantics.category == Semantics::kDefined);  // periodic, as the text's example 2 shows
  const auto one = run_node("Pad", 11, {vec<int64_t>({4}), ints({2, 1})}, {kMode("reflect")});
  CHECK(one.outputs[0] == vec<int64_t>({4, 4, 4, 4}));
  CHECK(one.semantics.category == Semantics::kImplementationDefined);
  const auto within = run_node("Pad", 11, {x, ints({2, 2})}, {kMode("reflect")});
  CHECK(within.outputs[0] == vec<int64_t>({3, 2, 1, 2, 3, 2, 1}));
  CHECK(within.semantics.category == Semantics::kDefined);
  // Wrap is a ring: positions -4..7 read 3 1 2 3 | 1 2 3 | 1 2 3 1 2.
  CHECK(run_multi("Pad", 19, {x, ints({4, 5})}, {kMode("wrap")})[0] == vec<int64_t>({3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2}));
}

TEST_CASE("CenterCropPad-18: crop left-biased, pad right-biased", "[CenterCropPad][v18]") {
  const Tensor x = counting<int32_t>({5, 4});
  // Rows 5 -> 2: start floor(3/2) = 1 (rows 1, 2). Columns 4 -> 7: pad 1 before, 2 after.
  const Tensor expect = Tensor::from_values<int32_t>({2, 7}, {0, 4, 5, 6, 7, 0, 0, 0, 8, 9, 10, 11, 0, 0});
  CHECK(run_node_output("CenterCropPad", 18, {x, ints({2, 7})}) == expect);
  CHECK(run_node_output("CenterCropPad", 18, {x, vec<int32_t>({2, 7})}) == expect);
  CHECK(run_node_output("CenterCropPad", 18, {x, ints({3})}, {make_attr("axes", std::vector<int64_t>{-1})}) ==
        Tensor::from_values<int32_t>({5, 3}, {0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18}));
  CHECK(run_node_output("CenterCropPad", 18, {vec<std::string>({"a"}), ints({2})}) == vec<std::string>({"a", ""}));
  check_refused("CenterCropPad", 18, {x, ints({2})}, {}, "one per axis");
  check_refused("CenterCropPad", 18, {x, ints({2, -1})}, {}, "negative size");
  check_refused("CenterCropPad", 18, {x, ints({2, 2})}, {make_attr("axes", std::vector<int64_t>{0, -2})}, "twice");
}

TEST_CASE("Pad: a crop on one side and a wrap/reflect pad on the other is implementation-defined where the order matters",
          "[Pad][v19]") {
  const Tensor x = Tensor::from_values<float>({4}, {0, 1, 2, 3});
  // Pads (-1, 2), wrap: reading the whole axis gives 1 2 3 | 0 1; cropping first gives
  // 1 2 3 | 1 2. The text does not order the two.
  const auto wrap = run_node("Pad", 19, {x, ints({-1, 2})}, {kMode("wrap")});
  CHECK(wrap.outputs[0] == Tensor::from_values<float>({5}, {1, 2, 3, 0, 1}));
  CHECK(wrap.semantics.category == Semantics::kImplementationDefined);
  // Edge reads the same element either way: defined.
  const auto edge = run_node("Pad", 19, {x, ints({-1, 2})}, {kMode("edge")});
  CHECK(edge.outputs[0] == Tensor::from_values<float>({5}, {1, 2, 3, 3, 3}));
  CHECK(edge.semantics.category == Semantics::kDefined);
  // Reflect by 1 after a crop of 1 at the front: 2 either way (defined); by 3 it reaches
  // the cropped element (whole axis: 2 1 0; cropped [1 2 3]: 2 1 2).
  CHECK(run_node("Pad", 19, {x, ints({-1, 1})}, {kMode("reflect")}).semantics.category == Semantics::kDefined);
  const auto far = run_node("Pad", 19, {x, ints({-1, 3})}, {kMode("reflect")});
  CHECK(far.outputs[0] == Tensor::from_values<float>({6}, {1, 2, 3, 2, 1, 0}));
  CHECK(far.semantics.category == Semantics::kImplementationDefined);
  // Pads of one sign: defined.
  CHECK(run_node("Pad", 19, {x, ints({1, 2})}, {kMode("wrap")}).semantics.category == Semantics::kDefined);
}

TEST_CASE("Pad-24/25: float8e8m0 with the default constant_value 0, which it cannot hold", "[Pad][v24][v25]") {
  // float8e8m0 has no 0: the padding is 0x00 = 2^-127 (Cast-24's default cast of 0, its
  // table's "0 -> 0" row), implementation-defined wherever it is written.
  const Tensor x = vec<Float8E8M0>({Float8E8M0{127}, Float8E8M0{128}});  // 1, 2
  for (int v : {24, 25}) {
    CAPTURE(v);
    const auto padded = run_node("Pad", v, {x, ints({1, 2})});
    CHECK(padded.outputs[0] ==
          vec<Float8E8M0>({Float8E8M0{0}, Float8E8M0{127}, Float8E8M0{128}, Float8E8M0{0}, Float8E8M0{0}}));
    CHECK(padded.semantics.category == Semantics::kImplementationDefined);
    // No padding written (a crop, or edge mode), or an explicit value: defined.
    CHECK(run_node("Pad", v, {x, ints({0, -1})}).semantics.category == Semantics::kDefined);
    CHECK(run_node("Pad", v, {x, ints({1, 1})}, {kMode("edge")}).semantics.category == Semantics::kDefined);
    const auto explicit_value = run_node("Pad", v, {x, ints({1, 0}), vec<Float8E8M0>({Float8E8M0{0xFF}})});
    CHECK(explicit_value.outputs[0] == vec<Float8E8M0>({Float8E8M0{0xFF}, Float8E8M0{127}, Float8E8M0{128}}));
    CHECK(explicit_value.semantics.category == Semantics::kImplementationDefined);  // shape (1), not a scalar
    const Tensor scalar_nan = Tensor::from_values<Float8E8M0>({}, {Float8E8M0{0xFF}});
    CHECK(run_node("Pad", v, {x, ints({1, 0}), scalar_nan}).semantics.category == Semantics::kDefined);
  }
  // Other types' default 0 is a value of theirs: defined.
  CHECK(run_node("Pad", 24, {vec<Float8E5M2>({Float8E5M2{0x3C}}), ints({1, 1})}).semantics.category ==
        Semantics::kDefined);
}
