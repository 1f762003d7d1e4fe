// The graph executor (graph.h) on hand-built nested graphs, the way If, Loop and Scan will
// run their bodies: names resolved innermost first, IR.md's rules for subgraph names
// (defined before use, here or outside; no shadowing), values that outlive a subgraph,
// the seeded random source, and the one kernel signature (tensor kernels adapted).
#include <catch2/catch.hpp>
#include <random>

#include "reference/tests/error_kind.h"
#include "reference/graph.h"
#include "reference/model.h"
#include "reference/model_builder.h"

using namespace touchstone;
using Catch::Matchers::Contains;

namespace {

onnx::NodeProto node(const std::string& op, std::vector<std::string> inputs, std::vector<std::string> outputs) {
  onnx::NodeProto n;
  n.set_op_type(op);
  for (const auto& i : inputs) n.add_input(i);
  for (const auto& o : outputs) n.add_output(o);
  return n;
}

// A subgraph: `inputs` and `outputs` by name (types undeclared, as IR.md lets a nested
// graph leave them), the nodes in order.
onnx::GraphProto graph(std::vector<std::string> inputs, std::vector<onnx::NodeProto> nodes,
                       std::vector<std::string> outputs) {
  onnx::GraphProto g;
  g.set_name("body");
  for (const auto& i : inputs) g.add_input()->set_name(i);
  for (auto& n : nodes) *g.add_node() = std::move(n);
  for (const auto& o : outputs) g.add_output()->set_name(o);
  return g;
}

Tensor floats(std::vector<float> v) { return Tensor::from_values<float>({static_cast<int64_t>(v.size())}, v); }

const ModelContext kOpset17{{{"", 17}}, 8, "."};

using testing::kind_of;

}  // namespace

TEST_CASE("graph: a subgraph reads a value of its enclosing scope", "[graph]") {
  Scope outer;
  outer.bind("x", floats({1, 2}));
  RunContext run(kOpset17);
  // body(y): z = Add(x, y), x from the enclosing scope.
  const auto body = graph({"y"}, {node("Add", {"x", "y"}, {"z"})}, {"z"});
  const Values out = run_graph(body, {floats({10, 20})}, outer, run);
  REQUIRE(out.size() == 1);
  CHECK(out[0] == Value(floats({11, 22})));
}

TEST_CASE("graph: names resolve innermost first through nested scopes", "[graph]") {
  Scope model_scope;
  model_scope.bind("a", floats({1}));
  model_scope.bind("v", floats({100}));
  Scope branch(&model_scope);  // as the scope of a branch that itself holds a subgraph
  branch.bind("b", floats({2}));
  branch.bind("v", floats({200}));  // a Scope looks up innermost first ...
  CHECK(*branch.find("v") == Value(floats({200})));
  CHECK(*branch.find("a") == Value(floats({1})));
  CHECK(branch.find("c") == nullptr);
  CHECK(model_scope.find("b") == nullptr);  // ... and never inward
  RunContext run(kOpset17);
  // inner(): s = Add(a, b) reads two levels out; w = Mul(s, v) reads the nearest v.
  const auto inner = graph({}, {node("Add", {"a", "b"}, {"s"}), node("Mul", {"s", "v"}, {"w"})}, {"w"});
  CHECK(run_graph(inner, {}, branch, run)[0] == Value(floats({600})));
}

TEST_CASE("graph: a subgraph may not shadow a name of an enclosing scope (IR.md)", "[graph]") {
  Scope outer;
  outer.bind("x", floats({1}));
  RunContext run(kOpset17);
  std::string message;
  // A node output named as an outer value.
  const auto by_node = graph({"y"}, {node("Identity", {"y"}, {"x"})}, {"x"});
  CHECK(kind_of([&] { run_graph(by_node, {floats({2})}, outer, run, "then_branch"); }, &message) ==
        ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("then_branch") && Contains("defines 'x'") && Contains("may not shadow"));
  // A subgraph input named as an outer value.
  const auto by_input = graph({"x"}, {node("Identity", {"x"}, {"y"})}, {"y"});
  CHECK(kind_of([&] { run_graph(by_input, {floats({2})}, outer, run); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("input defines 'x'"));
  // A subgraph initializer named as an outer value.
  auto by_initializer = graph({}, {node("Identity", {"x"}, {"y"})}, {"y"});
  auto* init = by_initializer.add_initializer();
  init->set_name("x");
  init->set_data_type(onnx::TensorProto::FLOAT);
  init->add_float_data(5);
  CHECK(kind_of([&] { run_graph(by_initializer, {}, outer, run); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("initializer defines 'x'"));
}

TEST_CASE("graph: a name no scope defines is refused before anything runs", "[graph]") {
  Scope outer;
  outer.bind("x", floats({1}));
  RunContext run(kOpset17);
  std::string message;
  const auto body = graph({}, {node("Add", {"x", "nowhere"}, {"z"})}, {"z"});
  CHECK(kind_of([&] { run_graph(body, {}, outer, run, "else_branch"); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("else_branch: node 0 (Add) reads 'nowhere'") && Contains("enclosing graph"));
  // A name defined only later in the subgraph is not defined yet (topological order).
  const auto late = graph({}, {node("Identity", {"t"}, {"z"}), node("Identity", {"x"}, {"t"})}, {"z"});
  CHECK(kind_of([&] { run_graph(late, {}, outer, run); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("reads 't'"));
  // An output nothing defines.
  const auto no_output = graph({}, {node("Identity", {"x"}, {"t"})}, {"u"});
  CHECK(kind_of([&] { run_graph(no_output, {}, outer, run); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("graph output 'u' is never defined"));
  // The subgraph gets as many inputs as it declares.
  const auto one_input = graph({"y"}, {node("Identity", {"y"}, {"z"})}, {"z"});
  CHECK(kind_of([&] { run_graph(one_input, {}, outer, run); }) == ErrorKind::kInvalidModel);
}

TEST_CASE("graph: values outlive the subgraph that computed them, its names do not", "[graph]") {
  RunContext run(kOpset17);
  Scope outer;
  outer.bind("x", floats({3, 4}));
  Values kept;
  {
    // body(y): t = Mul(x, y) (internal), z = Add(t, y); outputs z and x itself.
    const auto body = graph({"y"}, {node("Mul", {"x", "y"}, {"t"}), node("Add", {"t", "y"}, {"z"})}, {"z", "x"});
    kept = run_graph(body, {floats({2, 2})}, outer, run);
  }
  REQUIRE(kept.size() == 2);
  CHECK(kept[0] == Value(floats({8, 10})));
  CHECK(kept[1] == Value(floats({3, 4})));  // an outer value as an output is copied
  CHECK(*outer.find("x") == Value(floats({3, 4})));
  CHECK(outer.find("t") == nullptr);  // the subgraph's names ended with it
  CHECK(outer.find("z") == nullptr);
  // The caller binds a result under its own name and a later subgraph reads it, as the
  // nodes after an If read the If's outputs.
  outer.bind("if_out", kept[0]);
  const auto after = graph({}, {node("Add", {"if_out", "x"}, {"w"})}, {"w"});
  CHECK(run_graph(after, {}, outer, run)[0] == Value(floats({11, 14})));
}

TEST_CASE("graph: a subgraph's declared types are checked at its boundary", "[graph]") {
  RunContext run(kOpset17);
  Scope outer;
  auto body = graph({"y"}, {node("Identity", {"y"}, {"z"})}, {"z"});
  body.mutable_input(0)->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::INT64);
  std::string message;
  CHECK(kind_of([&] { run_graph(body, {floats({1})}, outer, run); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("input 'y' is declared tensor(int64) but is tensor(float)"));
}

TEST_CASE("graph: a model checks the subgraphs its nodes hold before anything runs", "[graph]") {
  // If-16's branches are checked before anything runs, against the names visible at the If node.
  auto proto = build_model({"If", "", 17, {{"cond", DType::kBool, {}}}, {{"out", DType::kFloat, {1}}}, {}, 0});
  auto* if_node = proto.mutable_graph()->mutable_node(0);
  auto branch = [&](const std::string& name, onnx::GraphProto g) {
    auto* a = if_node->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::GRAPH);
    *a->mutable_g() = std::move(g);
  };
  branch("then_branch", graph({}, {node("Identity", {"cond"}, {"r"})}, {"r"}));
  branch("else_branch", graph({}, {node("Identity", {"missing"}, {"r2"})}, {"r2"}));
  std::string message;
  CHECK(kind_of([&] { Model::from_proto(proto, ".", "if.onnx"); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("if.onnx: node 0 (If) attribute 'else_branch': node 0 (Identity) reads 'missing'"));
  // Shadowing the graph input `cond` inside a branch.
  *if_node->mutable_attribute(1)->mutable_g() = graph({}, {node("Identity", {"cond"}, {"cond"})}, {"cond"});
  CHECK(kind_of([&] { Model::from_proto(proto, ".", "if.onnx"); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("defines 'cond'"));
  // Well-formed branches: the model is accepted (If-16 is implemented: reference/ops/control).
  *if_node->mutable_attribute(1)->mutable_g() = graph({}, {node("Identity", {"cond"}, {"r2"})}, {"r2"});
  CHECK_NOTHROW(Model::from_proto(proto, ".", "if.onnx"));
}

TEST_CASE("graph: the random source is std::mt19937_64, reproducible by seed", "[graph]") {
  // The C++ standard fixes mt19937_64's 10000th output from its default seed 5489.
  RandomSource fixed;
  uint64_t x = 0;
  for (int i = 0; i < 10000; ++i) x = fixed.next_u64();
  CHECK(x == 9981545732273789042ull);

  RunContext a(kOpset17, {42}), b(kOpset17, {42}), c(kOpset17, {43});
  std::vector<uint64_t> from_a, from_b, from_c;
  for (int i = 0; i < 8; ++i) {
    from_a.push_back(a.random().next_u64());
    from_b.push_back(b.random().next_u64());
    from_c.push_back(c.random().next_u64());
  }
  CHECK(from_a == from_b);
  CHECK(from_a != from_c);
  std::mt19937_64 independent(42);
  CHECK(from_a.front() == independent());
  // next_double: the top 53 bits over 2^53, in [0, 1).
  RandomSource d(7);
  std::mt19937_64 e(7);
  CHECK(d.next_double() == static_cast<double>(e() >> 11) / 9007199254740992.0);
}

TEST_CASE("graph: a kernel reaches the run's random source and opsets through its node", "[graph]") {
  const onnx::GraphProto empty = graph({}, {}, {});
  const Graph g(empty, kOpset17, nullptr, "g");
  Scope scope;
  RunContext run(kOpset17, {9});
  const onnx::NodeProto proto = node("Identity", {"x"}, {"y"});
  const Node view(proto, "Identity-16", run.semantics(), NodeEnv{&g, 0, &scope, &run});
  CHECK(view.random().next_u64() == std::mt19937_64(9)());
  CHECK(view.opset("") == 17);
  CHECK(view.opset("ai.onnx") == 17);
  CHECK(view.opset("ai.onnx.ml") == 0);
  // A node a test runs by itself has no run.
  SemanticsRecord semantics;
  const Node alone(proto, "Identity-16", semantics);
  CHECK_THROWS_AS(alone.random(), std::logic_error);
  CHECK_THROWS_AS(alone.run_subgraph("body", {}), std::logic_error);
}

namespace {
Tensors doubled(const Node&, const Inputs& in) {
  Tensor out = in[0];
  for (auto& v : out.data<float>()) v *= 2;
  return {out};
}
Values first_of(const Node&, const ValueInputs& in) { return {in[0]}; }
}  // namespace

TEST_CASE("graph: one kernel signature; a tensor kernel is adapted", "[graph]") {
  const Kernel adapted = doubled, direct = first_of, none = nullptr;
  CHECK(adapted);
  CHECK(direct);
  CHECK(none == nullptr);
  SemanticsRecord semantics;
  const onnx::NodeProto proto = node("Op", {"a"}, {"b"});
  const Node view(proto, "Op-1", semantics);
  const Value t(floats({1.5f}));
  CHECK(adapted(view, ValueInputs({&t})) == Values{Value(floats({3}))});
  const Value seq = Value::sequence(DType::kFloat, {floats({1})});
  CHECK(direct(view, ValueInputs({&seq})) == Values{seq});
  std::string message;
  CHECK(kind_of([&] { adapted(view, ValueInputs({&seq})); }, &message) == ErrorKind::kNotImplemented);
  CHECK_THAT(message, Contains("input 0 is seq(tensor(float))") && Contains("takes tensors only"));
  // Every implemented catalog row has one callable kernel.
  for (const auto& row : catalog()) CHECK((row.status() == OpStatus::kNotYet) == (row.kernel == nullptr));
}
