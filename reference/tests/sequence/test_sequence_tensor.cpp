// ConcatFromSequence and SplitToSequence against their text, expected tensors by hand.
#include <catch2/catch.hpp>

#include "reference/tests/error_kind.h"
#include "reference/tests/sequence/run_value_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using Catch::Matchers::Contains;

namespace {

std::vector<onnx::AttributeProto> axis(int64_t a, int64_t new_axis = 0) {
  return {make_attr("axis", a), make_attr("new_axis", new_axis)};
}

std::string refusal(const std::string& op, const Values& in, const std::vector<onnx::AttributeProto>& attrs, int opset = 11) {
  std::string message;
  CHECK(kind_of([&] { run_value_node(op, opset, in, attrs); }, &message) == ErrorKind::kInvalidModel);
  return message;
}

}  // namespace

TEST_CASE("ConcatFromSequence: concatenate, and stack with new_axis", "[ConcatFromSequence][sequence]") {
  const Value two = float_seq({floats({1, 2}, {1, 2}), floats({1, 2}, {3, 4})});
  CHECK(run_value_node_output("ConcatFromSequence", 11, {two}, axis(0)) == Value(floats({2, 2}, {1, 2, 3, 4})));
  CHECK(run_value_node_output("ConcatFromSequence", 11, {two}, axis(-1)) == Value(floats({1, 4}, {1, 2, 3, 4})));
  // new_axis=1: axis r (= 2) is allowed and stacks last; -r-1 (= -3) stacks first.
  CHECK(run_value_node_output("ConcatFromSequence", 11, {two}, axis(2, 1)) == Value(floats({1, 2, 2}, {1, 3, 2, 4})));
  CHECK(run_value_node_output("ConcatFromSequence", 11, {two}, axis(-3, 1)) == Value(floats({2, 1, 2}, {1, 2, 3, 4})));
  CHECK(run_value_node_output("ConcatFromSequence", 11, {two}, axis(1, 1)) == Value(floats({1, 2, 2}, {1, 2, 3, 4})));
  const Value scalars = float_seq({floats({}, {5}), floats({}, {6}), floats({}, {7})});
  CHECK(run_value_node_output("ConcatFromSequence", 11, {scalars}, axis(0, 1)) == Value(floats({3}, {5, 6, 7})));
  CHECK_THAT(refusal("ConcatFromSequence", {two}, axis(2)), Contains("axis 2"));
  CHECK_THAT(refusal("ConcatFromSequence", {two}, axis(3, 1)), Contains("[-3, 2]"));
  CHECK_THAT(refusal("ConcatFromSequence", {float_seq({floats({1, 2}, {1, 2}), floats({2, 1}, {1, 2})})}, axis(0)),
             Contains("same shape except along axis"));
  CHECK_THAT(refusal("ConcatFromSequence", {float_seq({})}, axis(0)), Contains("empty"));
}

TEST_CASE("SplitToSequence: scalar, list and no split; keepdims", "[SplitToSequence][sequence]") {
  const Tensor x = floats({5}, {0, 1, 2, 3, 4});
  const auto i64 = [](Shape s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(std::move(s), v); };
  CHECK(run_value_node_output("SplitToSequence", 11, {x, i64({}, {2})}) ==
        float_seq({floats({2}, {0, 1}), floats({2}, {2, 3}), floats({1}, {4})}));
  CHECK(run_value_node_output("SplitToSequence", 11, {x, i64({}, {7})}) == float_seq({x}));
  CHECK(run_value_node_output("SplitToSequence", 24, {x, i64({2}, {1, 4})}, {make_attr("keepdims", int64_t{0})}) ==
        float_seq({floats({1}, {0}), floats({4}, {1, 2, 3, 4})}));  // keepdims ignored when split is given
  CHECK(run_value_node_output("SplitToSequence", 11, {x}) ==
        float_seq({floats({1}, {0}), floats({1}, {1}), floats({1}, {2}), floats({1}, {3}), floats({1}, {4})}));
  const Tensor m = floats({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(run_value_node_output("SplitToSequence", 11, {m}, {make_attr("axis", int64_t{-1}), make_attr("keepdims", int64_t{0})}) ==
        float_seq({floats({2}, {1, 4}), floats({2}, {2, 5}), floats({2}, {3, 6})}));
  const auto zero = run_value_node("SplitToSequence", 11, {x, i64({3}, {2, 0, 3})});
  CHECK(zero.outputs[0] == float_seq({floats({2}, {0, 1}), floats({0}, {}), floats({3}, {2, 3, 4})}));
  CHECK(zero.semantics.category == Semantics::kImplementationDefined);
  CHECK_THAT(refusal("SplitToSequence", {x, i64({2}, {1, 2})}, {}), Contains("sums to 3"));
  CHECK_THAT(refusal("SplitToSequence", {x, i64({}, {0})}, {}), Contains("not positive"));
  CHECK_THAT(refusal("SplitToSequence", {x, i64({1, 1}, {5})}, {}), Contains("scalar or a 1-D"));
  CHECK_THAT(refusal("SplitToSequence", {floats({}, {1})}, {}), Contains("scalar"));
  // bfloat16 from 24 only.
  const Tensor b(DType::kBFloat16, {2});
  CHECK(run_value_node_output("SplitToSequence", 24, {b}).items().size() == 2);
  CHECK_THAT(refusal("SplitToSequence", {b}, {}, 11), Contains("bfloat16"));
}
