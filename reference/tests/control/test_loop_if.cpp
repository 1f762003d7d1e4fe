// If and Loop on hand-built models, against oracles written here in plain C++ loops: a Loop
// nested in each branch of an If, both reading the main graph's values two scopes out; zero
// iterations (M = 0, cond false) and what they leave open; M without cond ignoring the
// body's condition; the refusals (no bound at all, malformed bodies and branches).
#include <catch2/catch.hpp>

#include "reference/tests/control/control_testing.h"
#include "reference/tests/error_kind.h"

using namespace touchstone;
using namespace touchstone::testing::control;
using Catch::Matchers::Contains;
using testing::kind_of;

namespace {

const Shape kThree = {3};

// A Loop over (n, "", start) whose body gives acc_in `step` other (the new carried value) and
// acc_in `trace_op` trace_with (the scan output); `other` and `trace_with` are outer names.
onnx::NodeProto loop_node(const std::string& prefix, const std::string& start, const std::string& step,
                          const std::string& other, const std::string& trace_op, const std::string& trace_with) {
  const std::string in = prefix + "_acc_in", out = prefix + "_acc_out", seen = prefix + "_seen";
  onnx::GraphProto body = graph(prefix + "_body", {{declare_tensor(prefix + "_i", DType::kInt64, Shape{}),
                                                    declare_tensor(prefix + "_c", DType::kBool, Shape{}),
                                                    declare_tensor(in, DType::kFloat, kThree)},
                                                   {declare_tensor(prefix + "_c", DType::kBool, Shape{}),
                                                    declare_tensor(out, DType::kFloat, kThree),
                                                    declare_tensor(seen, DType::kFloat, kThree)},
                                                   {node(step, {in, other}, {out}), node(trace_op, {in, trace_with}, {seen})}});
  return node("Loop", {"n", "", start}, {prefix + "_acc", prefix + "_trace"}, {graph_attr("body", body)});
}

// Main: If(c) then Loop(n, a: acc + b, trace acc * a) else Loop(n, b: acc - a, trace acc + acc).
GraphParts if_of_loops() {
  const auto branch = [](const std::string& p, onnx::NodeProto loop) {
    return graph(p, {{}, {declare_tensor(p + "_acc", DType::kFloat), declare_tensor(p + "_trace", DType::kFloat)}, {loop}});
  };
  onnx::GraphProto then_g = branch("then", loop_node("then", "a", "Add", "b", "Mul", "a"));
  onnx::GraphProto else_g = branch("else", loop_node("else", "b", "Sub", "a", "Add", "else_acc_in"));
  return {{declare_tensor("c", DType::kBool, Shape{}), declare_tensor("n", DType::kInt64, Shape{}),
           declare_tensor("a", DType::kFloat, kThree), declare_tensor("b", DType::kFloat, kThree)},
          {declare_tensor("acc", DType::kFloat), declare_tensor("trace", DType::kFloat)},
          {node("If", {"c"}, {"acc", "trace"}, {graph_attr("then_branch", then_g), graph_attr("else_branch", else_g)})}};
}

// The oracle: the same computation in plain loops over doubles (small integers: exact).
struct Expected {
  std::vector<double> acc, trace;  // trace: n rows of 3
};
Expected oracle(bool c, int64_t n, const std::vector<double>& a, const std::vector<double>& b) {
  Expected e{c ? a : b, {}};
  for (int64_t it = 0; it < n; ++it) {
    for (size_t k = 0; k < 3; ++k) e.trace.push_back(c ? e.acc[k] * a[k] : e.acc[k] + e.acc[k]);
    for (size_t k = 0; k < 3; ++k) e.acc[k] = c ? e.acc[k] + b[k] : e.acc[k] - a[k];
  }
  return e;
}

std::vector<double> as_doubles(const Value& v) {
  std::vector<double> out;
  for (float x : v.tensor().data<float>()) out.push_back(x);
  return out;
}

}  // namespace

TEST_CASE("Loop nested in If reads the main graph's values two scopes out (oracle: plain loops)", "[control][Loop][If]") {
  const std::vector<double> a = {1, -2, 3}, b = {4, 0, -5};
  for (bool c : {true, false})
    for (int64_t n : {1, 3, 4}) {
      INFO("c = " << c << ", n = " << n);
      const auto r = run_model(13, if_of_loops(),
                               {boolean(c), int64s({}, {n}), floats(kThree, {1, -2, 3}), floats(kThree, {4, 0, -5})});
      const Expected e = oracle(c, n, a, b);
      CHECK(as_doubles(r.outputs[0]) == e.acc);
      CHECK(r.outputs[1].tensor().shape() == Shape{n, 3});
      CHECK(as_doubles(r.outputs[1]) == e.trace);
      CHECK(r.semantics.category == Semantics::kDefined);
    }
}

TEST_CASE("Loop of zero iterations: carried outputs are the initial values, scan outputs empty (shape open)", "[control][Loop]") {
  const auto r = run_model(13, if_of_loops(), {boolean(true), int64s({}, {0}), floats(kThree, {1, -2, 3}), floats(kThree, {4, 0, -5})});
  CHECK(as_doubles(r.outputs[0]) == std::vector<double>{1, -2, 3});
  // The body declares the scan output (3): the reference gives (0, 3) and says it is its choice.
  CHECK(r.outputs[1].tensor().shape() == Shape{0, 3});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(r.semantics.shape_open);
  const auto negative = run_model(13, if_of_loops(), {boolean(false), int64s({}, {-2}), floats(kThree, {1, 2, 3}), floats(kThree, {7, 8, 9})});
  CHECK(as_doubles(negative.outputs[0]) == std::vector<double>{7, 8, 9});
  CHECK(negative.outputs[1].tensor().shape() == Shape{0, 3});
}

namespace {

// Loop(M?, cond?, x) whose body doubles x and gives cond_out = x_out < 10, scan output x_out.
GraphParts doubling_loop(bool with_m, bool with_cond) {
  onnx::GraphProto body = graph("body", {{declare_tensor("i", DType::kInt64, Shape{}), declare_tensor("c_in", DType::kBool, Shape{}),
                                          declare_tensor("x_in", DType::kFloat, Shape{})},
                                         {declare_tensor("c_out", DType::kBool, Shape{}), declare_tensor("x_out", DType::kFloat, Shape{}),
                                          declare_tensor("x_seen", DType::kFloat, Shape{})},
                                         {node("Add", {"x_in", "x_in"}, {"x_out"}), node("Less", {"x_out", "ten"}, {"c_out"}),
                                          node("Identity", {"x_out"}, {"x_seen"})},
                                         {{"ten", floats({}, {10})}}});
  GraphParts main{{declare_tensor("M", DType::kInt64, Shape{}), declare_tensor("cond", DType::kBool, Shape{}),
                   declare_tensor("x", DType::kFloat, Shape{})},
                  {declare_tensor("x_final", DType::kFloat), declare_tensor("xs", DType::kFloat)},
                  {node("Loop", {with_m ? "M" : "", with_cond ? "cond" : "", "x"}, {"x_final", "xs"}, {graph_attr("body", body)})}};
  return main;
}

}  // namespace

TEST_CASE("Loop: cond alone is a while loop, M alone ignores the body's condition, both stop at the first", "[control][Loop]") {
  const Values feeds = {int64s({}, {6}), boolean(true), floats({}, {1})};
  // While: 2, 4, 8, 16 (16 < 10 is false: the fourth iteration is the last).
  const auto w = run_model(11, doubling_loop(false, true), feeds);
  CHECK(values_of(w.outputs[0]) == std::vector<float>{16});
  CHECK(values_of(w.outputs[1]) == std::vector<float>{2, 4, 8, 16});
  // For: six iterations whatever the body's condition says (the text: "cond = ...; // ignored").
  const auto f = run_model(11, doubling_loop(true, false), feeds);
  CHECK(values_of(f.outputs[0]) == std::vector<float>{64});
  CHECK(values_of(f.outputs[1]).size() == 6);
  const auto both = run_model(11, doubling_loop(true, true), {int64s({}, {2}), boolean(true), floats({}, {1})});
  CHECK(values_of(both.outputs[1]) == std::vector<float>{2, 4});
  const auto never = run_model(11, doubling_loop(true, true), {int64s({}, {5}), boolean(false), floats({}, {3})});
  CHECK(values_of(never.outputs[0]) == std::vector<float>{3});
  CHECK(never.outputs[1].tensor().shape() == Shape{0});
}

TEST_CASE("Loop with neither M nor cond is refused rather than run forever", "[control][Loop]") {
  std::string message;
  CHECK(kind_of([&] { run_model(11, doubling_loop(false, false), {int64s({}, {1}), boolean(true), floats({}, {1})}); }, &message) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("never ends"));
}

TEST_CASE("Loop stops at 2^20 iterations when its condition never turns false", "[control][Loop]") {
  onnx::GraphProto body = graph("body", {{declare_tensor("i", DType::kInt64, Shape{}), declare_tensor("c_in", DType::kBool, Shape{}),
                                          declare_tensor("x_in", DType::kFloat, Shape{})},
                                         {declare_tensor("c_in", DType::kBool, Shape{}), declare_tensor("x_in", DType::kFloat, Shape{})}});
  GraphParts main{{declare_tensor("cond", DType::kBool, Shape{}), declare_tensor("x", DType::kFloat, Shape{})},
                  {declare_tensor("x_final", DType::kFloat)},
                  {node("Loop", {"", "cond", "x"}, {"x_final"}, {graph_attr("body", body)})}};
  std::string message;
  CHECK(kind_of([&] { run_model(11, main, {boolean(true), floats({}, {1})}); }, &message) == ErrorKind::kOverBudget);
  CHECK_THAT(message, Contains("1048576 iterations"));
}

TEST_CASE("Loop and If refuse malformed subgraphs, naming the rule", "[control][Loop][If]") {
  std::string message;
  GraphParts bad = doubling_loop(true, true);
  *bad.nodes[0].mutable_attribute(0)->mutable_g()->add_input() = declare_tensor("extra", DType::kFloat, Shape{});  // 4 inputs for 1 carried value
  CHECK(kind_of([&] { run_model(11, bad, {int64s({}, {2}), boolean(true), floats({}, {1})}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("2 + N"));
  GraphParts mistyped = doubling_loop(true, true);
  mistyped.nodes[0].mutable_attribute(0)->mutable_g()->mutable_output(1)->mutable_type()->mutable_tensor_type()->set_elem_type(
      static_cast<int>(DType::kInt32));
  CHECK(kind_of([&] { run_model(11, mistyped, {int64s({}, {2}), boolean(true), floats({}, {1})}); }, &message) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("x_out"));
  // If: branches of different output counts; a branch reading a name nowhere defined.
  const auto constant = [](const std::string& name, std::vector<float> v) {
    return graph(name, {{}, {declare_tensor(name + "_v", DType::kFloat, Shape{static_cast<int64_t>(v.size())})}, {},
                        {{name + "_v", floats({static_cast<int64_t>(v.size())}, v)}}});
  };
  onnx::GraphProto two = constant("else", {1, 2});
  *two.add_output() = two.output(0);
  GraphParts counts{{declare_tensor("c", DType::kBool, Shape{})}, {declare_tensor("y", DType::kFloat)},
                    {node("If", {"c"}, {"y"}, {graph_attr("then_branch", constant("then", {1})), graph_attr("else_branch", two)})}};
  CHECK(kind_of([&] { run_model(11, counts, {boolean(true)}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("numbers of outputs must match"));
  onnx::GraphProto nowhere = graph("then", {{}, {declare_tensor("t", DType::kFloat)}, {node("Identity", {"nowhere"}, {"t"})}});
  GraphParts unresolved{{declare_tensor("c", DType::kBool, Shape{})}, {declare_tensor("y", DType::kFloat)},
                        {node("If", {"c"}, {"y"}, {graph_attr("then_branch", nowhere), graph_attr("else_branch", constant("else", {1}))})}};
  CHECK(kind_of([&] { run_model(11, unresolved, {boolean(false)}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("'nowhere'"));
}

TEST_CASE("If-1 refuses branches of different static shapes; If-11 runs them", "[control][If]") {
  const auto constant = [](const std::string& name, std::vector<float> v) {
    return graph(name, {{}, {declare_tensor(name + "_v", DType::kFloat, Shape{static_cast<int64_t>(v.size())})}, {},
                        {{name + "_v", floats({static_cast<int64_t>(v.size())}, v)}}});
  };
  GraphParts main{{declare_tensor("c", DType::kBool, Shape{})}, {declare_tensor("y", DType::kFloat)},
                  {node("If", {"c"}, {"y"}, {graph_attr("then_branch", constant("then", {1, 2})),
                                             graph_attr("else_branch", constant("else", {3, 4, 5}))})}};
  std::string message;
  CHECK(kind_of([&] { run_model(1, main, {boolean(true)}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("If-1: the same shape"));
  CHECK(values_of(run_model(11, main, {boolean(true)}).outputs[0]) == std::vector<float>{1, 2});
  CHECK(values_of(run_model(11, main, {boolean(false)}).outputs[0]) == std::vector<float>{3, 4, 5});
}
