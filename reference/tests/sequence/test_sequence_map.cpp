// SequenceMap-17: the body per position, with tensor and sequence additional inputs;
// expected sequences computed by hand.
#include <catch2/catch.hpp>

#include "reference/tests/error_kind.h"
#include "reference/tests/sequence/run_value_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using Catch::Matchers::Contains;

namespace {


void declare(onnx::ValueInfoProto* v, const std::string& name, DType t) {
  v->set_name(name);
  v->mutable_type()->mutable_tensor_type()->set_elem_type(static_cast<int>(t));
}

// body(x, y) = (x + y, Shape(x)).
onnx::AttributeProto add_and_shape_body() {
  onnx::AttributeProto a;
  a.set_name("body");
  a.set_type(onnx::AttributeProto::GRAPH);
  auto* g = a.mutable_g();
  g->set_name("body");
  declare(g->add_input(), "x", DType::kFloat);
  declare(g->add_input(), "y", DType::kFloat);
  declare(g->add_output(), "sum", DType::kFloat);
  declare(g->add_output(), "shape", DType::kInt64);
  auto* add = g->add_node();
  add->set_op_type("Add");
  add->add_input("x");
  add->add_input("y");
  add->add_output("sum");
  auto* shape = g->add_node();
  shape->set_op_type("Shape");
  shape->add_input("x");
  shape->add_output("shape");
  return a;
}

}  // namespace

TEST_CASE("SequenceMap: the body per element, tensors whole, sequences by position", "[SequenceMap][sequence]") {
  const Value xs = float_seq({floats({2}, {1, 2}), floats({1}, {3})});
  const auto i64 = [](std::vector<int64_t> v) { return Tensor::from_values<int64_t>({static_cast<int64_t>(v.size())}, v); };
  // A tensor additional input is passed whole to every run (broadcast by Add).
  auto r = run_value_node("SequenceMap", 17, {xs, floats({1}, {10})}, {add_and_shape_body()}, 2);
  CHECK(r.outputs[0] == float_seq({floats({2}, {11, 12}), floats({1}, {13})}));
  CHECK(r.outputs[1] == Value::sequence(DType::kInt64, {i64({2}), i64({1})}));
  // A sequence additional input gives its i-th element to run i.
  r = run_value_node("SequenceMap", 17, {xs, float_seq({floats({2}, {100, 200}), floats({1}, {300})})}, {add_and_shape_body()}, 2);
  CHECK(r.outputs[0] == float_seq({floats({2}, {101, 202}), floats({1}, {303})}));
  // An empty first sequence: empty outputs of the types the body declares.
  r = run_value_node("SequenceMap", 17, {float_seq({}), floats({1}, {10})}, {add_and_shape_body()}, 2);
  CHECK(r.outputs[0] == float_seq({}));
  CHECK(r.outputs[1] == Value::sequence(DType::kInt64, {}));
  std::string message;
  CHECK(kind_of([&] { run_value_node("SequenceMap", 17, {xs, float_seq({floats({1}, {1})})}, {add_and_shape_body()}, 2); },
                &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("first's 2"));
  CHECK(kind_of([&] { run_value_node("SequenceMap", 17, {xs}, {add_and_shape_body()}, 2); }, &message) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("must match"));
}
