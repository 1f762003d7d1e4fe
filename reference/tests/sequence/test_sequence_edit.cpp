// SequenceEmpty, SequenceConstruct, SequenceInsert, SequenceErase, SequenceAt and
// SequenceLength against their text: the expected sequences are written out by hand.
#include <catch2/catch.hpp>

#include "reference/tests/error_kind.h"
#include "reference/tests/sequence/run_value_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using Catch::Matchers::Contains;

namespace {

Tensor f1(std::vector<float> v) { return Tensor::from_values<float>({static_cast<int64_t>(v.size())}, v); }
Tensor pos(int64_t p) { return Tensor::from_values<int64_t>({}, {p}); }
Tensor pos32(int32_t p) { return Tensor::from_values<int32_t>({}, {p}); }

const Tensor kA = f1({1}), kB = f1({2, 2}), kC = f1({3, 3, 3}), kX = f1({9});
const Value kABC = Value::sequence(DType::kFloat, {kA, kB, kC});


std::string refusal(const std::string& op, const Values& in, const std::vector<onnx::AttributeProto>& attrs = {}) {
  std::string message;
  CHECK(kind_of([&] { run_value_node(op, 11, in, attrs); }, &message) == ErrorKind::kInvalidModel);
  return message;
}

}  // namespace

TEST_CASE("SequenceInsert: positions in [-n, n], the end by default", "[SequenceInsert][sequence]") {
  CHECK(run_value_node_output("SequenceInsert", 11, {kABC, kX}) == float_seq({kA, kB, kC, kX}));
  CHECK(run_value_node_output("SequenceInsert", 11, {kABC, kX, pos(0)}) == float_seq({kX, kA, kB, kC}));
  CHECK(run_value_node_output("SequenceInsert", 11, {kABC, kX, pos(3)}) == float_seq({kA, kB, kC, kX}));
  CHECK(run_value_node_output("SequenceInsert", 11, {kABC, kX, pos(-1)}) == float_seq({kA, kB, kX, kC}));
  CHECK(run_value_node_output("SequenceInsert", 11, {kABC, kX, pos32(-3)}) == float_seq({kX, kA, kB, kC}));
  CHECK(run_value_node_output("SequenceInsert", 11, {float_seq({}), kX}) == float_seq({kX}));
  CHECK_THAT(refusal("SequenceInsert", {kABC, kX, pos(4)}), Contains("[-3, 3]"));
  CHECK_THAT(refusal("SequenceInsert", {kABC, kX, pos(-4)}), Contains("[-3, 3]"));
  CHECK_THAT(refusal("SequenceInsert", {kABC, kX, Tensor::from_values<int64_t>({1}, {0})}), Contains("must be a scalar"));
  CHECK_THAT(refusal("SequenceInsert", {kABC, Tensor::from_values<double>({1}, {1.0})}), Contains("same data type"));
}

TEST_CASE("SequenceErase: positions in [-n, n-1], the last by default", "[SequenceErase][sequence]") {
  CHECK(run_value_node_output("SequenceErase", 11, {kABC}) == float_seq({kA, kB}));
  CHECK(run_value_node_output("SequenceErase", 11, {kABC, pos(0)}) == float_seq({kB, kC}));
  CHECK(run_value_node_output("SequenceErase", 11, {kABC, pos(-3)}) == float_seq({kB, kC}));
  CHECK(run_value_node_output("SequenceErase", 11, {kABC, pos32(2)}) == float_seq({kA, kB}));
  CHECK(run_value_node_output("SequenceErase", 11, {float_seq({kA})}) == float_seq({}));
  CHECK_THAT(refusal("SequenceErase", {kABC, pos(3)}), Contains("[-3, 2]"));
  CHECK_THAT(refusal("SequenceErase", {kABC, pos(-4)}), Contains("[-3, 2]"));
  CHECK_THAT(refusal("SequenceErase", {float_seq({})}), Contains("no last tensor"));
}

TEST_CASE("SequenceAt, SequenceLength, SequenceConstruct, SequenceEmpty", "[SequenceAt][sequence]") {
  CHECK(run_value_node_output("SequenceAt", 11, {kABC, pos(-1)}) == Value(kC));
  CHECK(run_value_node_output("SequenceAt", 11, {kABC, pos32(1)}) == Value(kB));
  CHECK_THAT(refusal("SequenceAt", {kABC, pos(3)}), Contains("[-3, 2]"));
  CHECK_THAT(refusal("SequenceAt", {float_seq({}), pos(0)}), Contains("[0, -1]"));
  CHECK(run_value_node_output("SequenceLength", 11, {kABC}) == Value(Tensor::from_values<int64_t>({}, {3})));
  CHECK(run_value_node_output("SequenceLength", 11, {float_seq({})}) == Value(Tensor::from_values<int64_t>({}, {0})));
  CHECK(run_value_node_output("SequenceConstruct", 11, {kC, kA}) == float_seq({kC, kA}));
  CHECK(run_value_node_output("SequenceEmpty", 11, {}) == float_seq({}));
  CHECK(run_value_node_output("SequenceEmpty", 11, {}, {make_attr("dtype", int64_t{7})}) ==
        Value::sequence(DType::kInt64, {}));
  CHECK_THAT(refusal("SequenceEmpty", {}, {make_attr("dtype", int64_t{16})}), Contains("S does not allow"));
}
