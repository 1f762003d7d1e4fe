// Optional, OptionalGetElement and OptionalHasElement against their text.
#include <catch2/catch.hpp>

#include "reference/tests/error_kind.h"
#include "reference/tests/sequence/run_value_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using Catch::Matchers::Contains;

namespace {

const Tensor kT = Tensor::from_values<float>({2}, {1.5f, -2.0f});
const Value kS = Value::sequence(DType::kInt64, {Tensor::from_values<int64_t>({1}, {4})});
const ValueType kOptFloat{ValueType::kOptionalTensor, DType::kFloat};
Value truth(bool b) { return Tensor::from_values<bool>({}, {b}); }

onnx::AttributeProto type_attr(const ValueType& t) {
  onnx::AttributeProto a;
  a.set_name("type");
  a.set_type(onnx::AttributeProto::TYPE_PROTO);
  *a.mutable_tp() = type_proto_of(t);
  return a;
}

ErrorKind refused(const std::string& op, int opset, const Values& in, const std::vector<onnx::AttributeProto>& attrs,
                  std::string* message) {
  return kind_of([&] { run_value_node(op, opset, in, attrs); }, message);
}

}  // namespace

TEST_CASE("Optional: holding its input, or empty of attribute type", "[Optional][sequence]") {
  CHECK(run_value_node_output("Optional", 15, {kT}) == Value::some(kT));
  CHECK(run_value_node_output("Optional", 15, {kS}) == Value::some(kS));
  CHECK(run_value_node_output("Optional", 15, {kT}, {type_attr(ValueType::tensor(DType::kFloat))}) == Value::some(kT));
  CHECK(run_value_node_output("Optional", 15, {}, {type_attr(ValueType::tensor(DType::kFloat))}) == Value::none(kOptFloat));
  CHECK(run_value_node_output("Optional", 15, {}, {type_attr({ValueType::kSequence, DType::kBool})}) ==
        Value::none({ValueType::kOptionalSequence, DType::kBool}));
  std::string message;
  CHECK(refused("Optional", 15, {}, {}, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("type is required"));
  CHECK(refused("Optional", 15, {kT}, {type_attr(ValueType::tensor(DType::kInt64))}, &message) == ErrorKind::kInvalidModel);
}

TEST_CASE("OptionalGetElement and OptionalHasElement, 15 and 18", "[OptionalGetElement][sequence]") {
  CHECK(run_value_node_output("OptionalGetElement", 15, {Value::some(kT)}) == Value(kT));
  CHECK(run_value_node_output("OptionalGetElement", 15, {Value::some(kS)}) == kS);
  CHECK(run_value_node_output("OptionalGetElement", 18, {kT}) == Value(kT));  // plain tensors from 18
  CHECK(run_value_node_output("OptionalGetElement", 18, {kS}) == kS);
  std::string message;
  CHECK(refused("OptionalGetElement", 15, {kT}, {}, &message) == ErrorKind::kInvalidModel);
  CHECK(refused("OptionalGetElement", 18, {Value::none(kOptFloat)}, {}, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("empty optional"));

  CHECK(run_value_node_output("OptionalHasElement", 15, {Value::some(kT)}) == truth(true));
  CHECK(run_value_node_output("OptionalHasElement", 15, {Value::none(kOptFloat)}) == truth(false));
  CHECK(run_value_node_output("OptionalHasElement", 18, {kS}) == truth(true));
  CHECK(run_value_node_output("OptionalHasElement", 18, {}) == truth(false));  // absent input
  CHECK(refused("OptionalHasElement", 15, {kT}, {}, &message) == ErrorKind::kInvalidModel);
  CHECK(refused("OptionalHasElement", 15, {}, {}, &message) == ErrorKind::kInvalidModel);  // input required in 15
}
