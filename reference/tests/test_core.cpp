// Tests of the kernels' shared core (reference/ops/core/): the axis normalizer, strides,
// unravel/ravel, the index-space walker, the [outer, length, inner] split and its
// multi-axis form, the element copy and the exact integers. Expected values are worked
// out by hand in the comments (row-major order: the last dimension fastest).
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "reference/error.h"
#include "reference/ops/core/axes.h"
#include "reference/ops/core/copy.h"
#include "reference/ops/core/exact_integer.h"
#include "reference/ops/core/index_space.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::ops::core;
using Catch::Contains;

namespace {

// The message of the refusal `f` throws (fails the test if it throws nothing else).
template <class F>
std::string refusal_of(const F& f) {
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    return e.what();
  }
  FAIL("no refusal");
  return "";
}

size_t occurrences(const std::string& text, const std::string& word) {
  size_t n = 0;
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("normalize_axis: negative axes count from the back where allowed", "[core]") {
  // rank 3: allowed axes [-3, 2]; -1 is axis 2, -3 is axis 0.
  CHECK(normalize_axis(0, 3, Negative::kAllowed) == 0);
  CHECK(normalize_axis(2, 3, Negative::kAllowed) == 2);
  CHECK(normalize_axis(-1, 3, Negative::kAllowed) == 2);
  CHECK(normalize_axis(-3, 3, Negative::kAllowed) == 0);
  CHECK(normalize_axis(1, 3, Negative::kRefused) == 1);
  CHECK_THROWS_AS(normalize_axis(3, 3, Negative::kAllowed), Error);
  CHECK_THROWS_AS(normalize_axis(-4, 3, Negative::kAllowed), Error);
  CHECK_THROWS_AS(normalize_axis(-1, 3, Negative::kRefused), Error);
  // A scalar has no axis, not even 0 or -1.
  CHECK_THROWS_AS(normalize_axis(0, 0, Negative::kAllowed), Error);
  CHECK_THROWS_AS(normalize_axis(-1, 0, Negative::kAllowed), Error);
}

TEST_CASE("normalize_axis: each wording, and no op-version label", "[core]") {
  CHECK(refusal_of([] { normalize_axis(3, 2, Negative::kAllowed); }) == "axis 3 is outside [-2, 1] for rank 2");
  CHECK(refusal_of([] { normalize_axis(-1, 2, Negative::kRefused); }) == "axis -1 is outside [0, 1] for rank 2");
  CHECK(refusal_of([] { normalize_axis(-1, 2, Negative::kRefused, "axis", AxisWording::kRangeVersion); }) ==
        "axis -1 is outside [0, 1] for rank 2 (negative axes from version 11)");
  // The version note is given only where negatives are refused.
  CHECK(refusal_of([] { normalize_axis(2, 2, Negative::kAllowed, "axis", AxisWording::kRangeVersion); }) ==
        "axis 2 is outside [-2, 1] for rank 2");
  CHECK(refusal_of([] { normalize_axis(4, 3, Negative::kAllowed, "axes[0]", AxisWording::kRankR); }) ==
        "axes[0] 4 is outside [-r, r-1] = [-3, 2] for rank r = 3");
  CHECK(refusal_of([] { normalize_axis(-2, 3, Negative::kRefused, "axes[1]", AxisWording::kRankR); }) ==
        "axes[1] -2 is negative; negative axes are allowed only from opset 11");
  CHECK(refusal_of([] { normalize_axis(3, 3, Negative::kRefused, "axis", AxisWording::kRankR); }) ==
        "axis 3 is outside [0, r-1] = [0, 2] for rank r = 3");
}

TEST_CASE("an axis refusal names the op-version once (the executor's prefix)", "[core][Gather][ArgMax][Softmax]") {
  using testing::iota_float;
  using testing::run_node;
  using testing::vec;
  const Tensor x = iota_float({2, 3});
  const std::string gather = refusal_of([&] {
    run_node("Gather", 11, {x, vec<int64_t>({0})}, {make_attr("axis", int64_t{2})});
  });
  CHECK(occurrences(gather, "Gather-11") == 1);
  CHECK_THAT(gather, Contains("axis 2 is outside [-2, 1] for rank 2"));
  const std::string arg = refusal_of([&] { run_node("ArgMax", 1, {x}, {make_attr("axis", int64_t{-1})}); });
  CHECK(occurrences(arg, "ArgMax-1") == 1);
  CHECK_THAT(arg, Contains("axis -1 is outside [0, 1] for rank 2"));
  const std::string softmax = refusal_of([&] { run_node("Softmax", 1, {x}, {make_attr("axis", int64_t{-1})}); });
  CHECK(occurrences(softmax, "Softmax-1") == 1);
  CHECK_THAT(softmax, Contains("negative axes from version 11"));
}

TEST_CASE("strides, product_of, unravel and ravel", "[core]") {
  // Shape (2, 3, 4): strides (12, 4, 1).
  CHECK(strides_of({2, 3, 4}) == Shape{12, 4, 1});
  CHECK(strides_of({5}) == Shape{1});
  CHECK(strides_of({}).empty());
  CHECK(strides_of({2, 0, 3}) == Shape{0, 3, 1});
  CHECK(product_of({2, 3, 4}) == 24);
  CHECK(product_of({2, 3, 4}, 1) == 12);
  CHECK(product_of({2, 3, 4}, 0, 2) == 6);
  CHECK(product_of({2, 3, 4}, 1, 1) == 1);  // an empty run
  CHECK(product_of({}) == 1);
  // Flat 17 of (2, 3, 4): 17 = 1*12 + 1*4 + 1.
  CHECK(unravel(17, {2, 3, 4}) == Index{1, 1, 1});
  CHECK(unravel(23, {2, 3, 4}) == Index{1, 2, 3});
  CHECK(unravel(0, {}) == Index{});
  CHECK(ravel({1, 1, 1}, {12, 4, 1}) == 17);
  CHECK(ravel({1, 2, 3}, {12, 4, 1}) == 23);
  for (int64_t flat = 0; flat < 24; ++flat) CHECK(ravel(unravel(flat, {2, 3, 4}), {12, 4, 1}) == flat);
}

TEST_CASE("IndexSpace walks every index in row-major order", "[core]") {
  std::vector<Index> seen;
  for (const Index& i : IndexSpace({2, 3})) seen.push_back(i);
  CHECK(seen == std::vector<Index>{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}});
  // A scalar has one index (the empty one); a zero dimension, none.
  seen.clear();
  for (const Index& i : IndexSpace({})) seen.push_back(i);
  CHECK(seen == std::vector<Index>{{}});
  seen.clear();
  for (const Index& i : IndexSpace({3, 0, 2})) seen.push_back(i);
  CHECK(seen.empty());
  // for_each_index numbers them 0, 1, ...: each flat number is the index's row-major position.
  int64_t count = 0;
  for_each_index({2, 2, 3}, [&](int64_t flat, const Index& i) {
    CHECK(flat == count++);
    CHECK(flat == i[0] * 6 + i[1] * 3 + i[2]);
  });
  CHECK(count == 12);
}

TEST_CASE("for_each_window: every outer index times every window index", "[core]") {
  // A 1-D sum pooling of [1, 2, 3, 4] with window 2 and stride 1: [3, 5, 7].
  const std::vector<int> x = {1, 2, 3, 4};
  std::vector<int> y(3, 0);
  std::vector<std::pair<Index, Index>> order;
  for_each_window({3}, {2}, [&](const Index& o, const Index& w) {
    y[static_cast<size_t>(o[0])] += x[static_cast<size_t>(o[0] + w[0])];
    order.emplace_back(o, w);
  });
  CHECK(y == std::vector<int>{3, 5, 7});
  CHECK(order.size() == 6);
  CHECK(order[0] == std::pair<Index, Index>{{0}, {0}});
  CHECK(order[1] == std::pair<Index, Index>{{0}, {1}});
  CHECK(order[2] == std::pair<Index, Index>{{1}, {0}});
  // A 2x2 window over a 2x2 output of a 3x3 input (values 0..8), summed:
  // (0+1+3+4, 1+2+4+5, 3+4+6+7, 4+5+7+8) = (8, 12, 20, 24).
  std::vector<int> sums(4, 0);
  for_each_window({2, 2}, {2, 2}, [&](const Index& o, const Index& w) {
    sums[static_cast<size_t>(o[0] * 2 + o[1])] += static_cast<int>((o[0] + w[0]) * 3 + (o[1] + w[1]));
  });
  CHECK(sums == std::vector<int>{8, 12, 20, 24});
  // An empty window visits nothing; an empty outer shape too.
  int visits = 0;
  for_each_window({2}, {0}, [&](const Index&, const Index&) { ++visits; });
  for_each_window({0}, {2}, [&](const Index&, const Index&) { ++visits; });
  CHECK(visits == 0);
}

TEST_CASE("split_at: the [outer, length, inner] view around an axis", "[core]") {
  // (2, 3, 4) at axis 1: outer 2, length 3, inner 4; element (o=1, k=2, i=3) is 1*12 + 2*4 + 3 = 23.
  const AxisSplit s = split_at({2, 3, 4}, 1);
  CHECK(s.outer == 2);
  CHECK(s.length == 3);
  CHECK(s.inner == 4);
  CHECK(s.at(1, 2, 3) == 23);
  CHECK(s.at(0, 1, 0) == 4);
  const AxisSplit first = split_at({2, 3, 4}, 0);
  CHECK((first.outer == 1 && first.length == 2 && first.inner == 12));
  const AxisSplit last = split_at({2, 3, 4}, 2);
  CHECK((last.outer == 6 && last.length == 4 && last.inner == 1));
  const AxisSplit empty = split_at({2, 0, 4}, 1);
  CHECK((empty.outer == 2 && empty.length == 0 && empty.inner == 4));
}

TEST_CASE("coerce_2d_at: rows before the axis, each the whole trailing block", "[core]") {
  // (2, 3, 4) at axis 1: 2 rows of 3*4 = 12; element k of row o is at o*12 + k.
  const AxisSplit s = coerce_2d_at({2, 3, 4}, 1);
  CHECK((s.outer == 2 && s.length == 12 && s.inner == 1));
  CHECK(s.at(1, 5, 0) == 17);
  const AxisSplit whole = coerce_2d_at({2, 3, 4}, 0);
  CHECK((whole.outer == 1 && whole.length == 24 && whole.inner == 1));
  const AxisSplit last = coerce_2d_at({2, 3, 4}, 2);
  CHECK((last.outer == 6 && last.length == 4 && last.inner == 1));
}

TEST_CASE("split_over: bases of the kept axes, offsets of the marked ones", "[core]") {
  // (2, 3, 4), strides (12, 4, 1), reducing axis 1: bases over (2, 4) = 0,1,2,3,12,13,14,15;
  // offsets over (3) = 0, 4, 8.
  AxesSplit s = split_over({2, 3, 4}, {false, true, false});
  CHECK(s.bases == std::vector<int64_t>{0, 1, 2, 3, 12, 13, 14, 15});
  CHECK(s.offsets == std::vector<int64_t>{0, 4, 8});
  // Reducing axes 0 and 2: bases over (3) = 0, 4, 8; offsets over (2, 4) = 0,1,2,3,12,13,14,15.
  s = split_over({2, 3, 4}, {true, false, true});
  CHECK(s.bases == std::vector<int64_t>{0, 4, 8});
  CHECK(s.offsets == std::vector<int64_t>{0, 1, 2, 3, 12, 13, 14, 15});
  // Reducing all: one base; none: one offset each.
  s = split_over({2, 2}, {true, true});
  CHECK(s.bases == std::vector<int64_t>{0});
  CHECK(s.offsets == std::vector<int64_t>{0, 1, 2, 3});
  s = split_over({2, 2}, {false, false});
  CHECK(s.bases == std::vector<int64_t>{0, 1, 2, 3});
  CHECK(s.offsets == std::vector<int64_t>{0});
  // A reduced axis of size 0: no offsets (an empty reduction); a kept one: no bases.
  s = split_over({2, 0}, {false, true});
  CHECK(s.bases == std::vector<int64_t>{0, 0});
  CHECK(s.offsets.empty());
  s = split_over({0, 2}, {false, true});
  CHECK(s.bases.empty());
}

TEST_CASE("copy_elements copies as stored", "[core]") {
  // Reverse a float vector holding -0 and a NaN with a payload: bits are kept.
  const float payload_nan = std::bit_cast<float>(0x7fc01234u);
  const Tensor x = Tensor::from_values<float>({3}, {-0.0f, payload_nan, 2.5f});
  Tensor y(DType::kFloat, {3});
  copy_elements(x, y, [](auto copy) {
    for (int64_t j = 0; j < 3; ++j) copy(2 - j, j);
  });
  auto d = y.data<float>();
  CHECK(d[0] == 2.5f);
  CHECK(std::bit_cast<uint32_t>(d[1]) == 0x7fc01234u);
  CHECK(std::bit_cast<uint32_t>(d[2]) == 0x80000000u);
  const Tensor s = Tensor::from_values<std::string>({2}, {"a", "bc"});
  Tensor t(DType::kString, {2});
  copy_elements(s, t, [](auto copy) {
    copy(1, 0);
    copy(0, 1);
  });
  CHECK(t.data<std::string>()[0] == "bc");
  CHECK(t.data<std::string>()[1] == "a");
}

TEST_CASE("exact integers: every type read exactly; fits, wrap and saturate", "[core]") {
  CHECK(exact<int8_t>(-128) == -128);
  CHECK(exact<uint64_t>(UINT64_MAX) == mpz_class("18446744073709551615"));
  CHECK(exact<int64_t>(INT64_MIN) == mpz_class("-9223372036854775808"));
  CHECK(fits<int8_t>(mpz_class(127)));
  CHECK_FALSE(fits<int8_t>(mpz_class(128)));
  CHECK(fits<int8_t>(mpz_class(-128)));
  CHECK_FALSE(fits<int8_t>(mpz_class(-129)));
  CHECK_FALSE(fits<uint8_t>(mpz_class(-1)));
  CHECK(fits<uint64_t>(mpz_class("18446744073709551615")));
  CHECK_FALSE(fits<uint64_t>(mpz_class("18446744073709551616")));
  // Two's complement: 128 -> -128 in int8; 300 -> 44 in uint8 (300 - 256); -1 -> 255;
  // 2^64 + 5 -> 5 in int64; -2^63 - 1 -> 2^63 - 1.
  CHECK(wrap_to<int8_t>(mpz_class(128)) == -128);
  CHECK(wrap_to<uint8_t>(mpz_class(300)) == 44);
  CHECK(wrap_to<uint8_t>(mpz_class(-1)) == 255);
  CHECK(wrap_to<int64_t>(mpz_class("18446744073709551621")) == 5);
  CHECK(wrap_to<int64_t>(mpz_class("-9223372036854775809")) == INT64_MAX);
  CHECK(wrap_to<uint32_t>(mpz_class(-2)) == 4294967294u);
  // Saturation: the nearest end of the range.
  CHECK(saturate_to<int8_t>(mpz_class(1000)) == 127);
  CHECK(saturate_to<int8_t>(mpz_class(-1000)) == -128);
  CHECK(saturate_to<uint16_t>(mpz_class(-5)) == 0);
  CHECK(saturate_to<int16_t>(mpz_class(-5)) == -5);
  CHECK(saturate_to<uint64_t>(mpz_class("99999999999999999999")) == UINT64_MAX);
}

TEST_CASE("IntegerSum: exact sums of products, the overflow marked", "[core]") {
  IntegerSum sum;
  // 2^62 * 4 + (-3) * 5 = 2^64 - 15: beyond int64, exact here; wrapped: -15.
  sum.add_product<int64_t>(int64_t{1} << 62, 4);
  sum.add_product<int64_t>(-3, 5);
  CHECK(sum.value() == mpz_class("18446744073709551601"));
  onnx::NodeProto proto;
  SemanticsRecord record;
  const Node node(proto, "MatMul-13", record);
  CHECK(wrapped_result<int64_t>(node, sum.value(), kAccumulationOverflow) == -15);
  CHECK(record.category == Semantics::kUndefined);
  CHECK(record.reasons == std::vector<std::string>{std::string(kAccumulationOverflow)});
  // clear() starts again; a sum that fits is not marked.
  sum.clear();
  sum.add<uint8_t>(200);
  sum.add<uint8_t>(55);
  SemanticsRecord clean;
  const Node quiet(proto, "MatMul-13", clean);
  CHECK(wrapped_result<uint8_t>(quiet, sum.value(), kAccumulationOverflow) == 255);
  CHECK(clean.category == Semantics::kDefined);
  sum.add(mpz_class(1));
  CHECK(wrapped_result<uint8_t>(quiet, sum.value(), "overflow") == 0);
  CHECK(clean.category == Semantics::kUndefined);
}
