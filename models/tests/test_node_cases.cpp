// A model's nodes as cases (models/node_cases.h), on small models worked by hand.
#include <catch2/catch.hpp>

#include <cmath>

#include "cases/generator.h"
#include "cases/suite.h"
#include "models/model_inputs.h"
#include "models/model_summary.h"
#include "models/node_cases.h"
#include "reference/error.h"
#include "reference/tensor_proto.h"

using namespace touchstone;

namespace {

void add_value_info(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list, const std::string& name,
                    int elem_type, const std::vector<std::string>& dims) {
  auto* info = list->Add();
  info->set_name(name);
  auto* tensor = info->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(elem_type);
  for (const auto& d : dims) {
    auto* dim = tensor->mutable_shape()->add_dim();
    if (!d.empty() && std::isdigit(static_cast<unsigned char>(d[0]))) dim->set_dim_value(std::stoll(d));
    else dim->set_dim_param(d);
  }
}

onnx::NodeProto* add_node(onnx::GraphProto* g, const std::string& op, std::vector<std::string> in,
                          std::vector<std::string> out, const std::string& name = "") {
  auto* n = g->add_node();
  n->set_op_type(op);
  n->set_name(name);
  for (auto& s : in) n->add_input(s);
  for (auto& s : out) n->add_output(s);
  return n;
}

// x (float, [N, 3]) + w (initializer [3]) -> a; a * a -> b; ReduceSum(b) (all axes) -> s.
onnx::ModelProto chain_model() {
  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(13);
  auto* g = m.mutable_graph();
  g->set_name("chain");
  add_value_info(g->mutable_input(), "x", onnx::TensorProto::FLOAT, {"N", "3"});
  *g->add_initializer() = tensor_to_proto(Tensor::from_values<float>({3}, {0.5f, -1.0f, 0.25f}), "w");
  add_node(g, "Add", {"x", "w"}, {"a"}, "plus_w");
  add_node(g, "Mul", {"a", "a"}, {"b"}, "square");
  add_node(g, "ReduceSum", {"b"}, {"s"}, "total");
  add_value_info(g->mutable_output(), "s", onnx::TensorProto::FLOAT, {});
  return m;
}

std::vector<float> floats(const Value& v) {
  auto d = v.tensor().data<float>();
  return {d.begin(), d.end()};
}

}  // namespace

TEST_CASE("a model's summary: op-versions, inputs and symbolic dims", "[models]") {
  const auto s = models::summarize_model(chain_model());
  REQUIRE(s.main_nodes == 3);
  REQUIRE(s.ops.size() == 3);
  CHECK(s.ops[0].label() == "Add-13");
  CHECK(s.ops[1].label() == "Mul-13");
  CHECK(s.ops[2].label() == "ReduceSum-13");
  CHECK(s.runnable());
  REQUIRE(s.inputs.size() == 1);  // the initializer w is not an input to feed
  CHECK(s.inputs[0].dims[0].name == "N");
  CHECK(s.inputs[0].dims[1].value == 3);

  models::InputOptions none;
  CHECK_THROWS_WITH(models::model_inputs(s, none), Catch::Contains("--dim N=N"));
  models::InputOptions two;
  two.dims["N"] = 2;
  const Values generated = models::model_inputs(s, two);
  CHECK(generated[0].tensor().shape() == Shape{2, 3});
  CHECK(models::model_inputs(s, two)[0].tensor() == generated[0].tensor());  // deterministic
  two.seed = 1;
  CHECK_FALSE(models::model_inputs(s, two)[0].tensor() == generated[0].tensor());
  CHECK(models::parse_dim("batch=4") == std::pair<std::string, int64_t>{"batch", 4});
  CHECK_THROWS(models::parse_dim("batch"));
  CHECK_THROWS(models::parse_dim("batch=-1"));
  CHECK_THROWS(models::parse_dim("batch=4x"));
}

TEST_CASE("an op-version the catalog lacks is named, not hidden", "[models]") {
  auto m = chain_model();
  m.mutable_opset_import(0)->set_version(40);
  const auto s = models::summarize_model(m);
  CHECK_FALSE(s.runnable());
  CHECK(s.ops[0].label() == "Add (opset 40: beyond the catalog's ai.onnx 28)");
  m.mutable_graph()->mutable_node(1)->set_op_type("Multiply");
  m.mutable_opset_import(0)->set_version(13);
  CHECK(models::summarize_model(m).ops[1].label() == "Multiply (opset 13: not in the catalog)");
}

TEST_CASE("every node becomes a case with the real values it saw", "[models]") {
  const Values inputs = {Value(Tensor::from_values<float>({2, 3}, {1, 2, 3, 4, 5, 6}))};
  models::NodeCaseOptions options;
  options.model_name = "chain";
  const auto result = models::node_cases(chain_model(), ".", inputs, options);
  REQUIRE(result.cases.size() == 4);  // three nodes, then the whole model
  CHECK(result.cases[3].meta.id == "chain/whole");
  CHECK(result.cases[3].meta.semantics == Semantics::kImplementationDefined);
  CHECK(floats(result.cases[3].outputs[0]) == std::vector<float>{89.125f});

  // By hand: a = x + w = [1.5, 1, 3.25, 4.5, 4, 6.25]; b = a^2; s = sum(b).
  const std::vector<float> a = {1.5f, 1.0f, 3.25f, 4.5f, 4.0f, 6.25f};
  const std::vector<float> b = {2.25f, 1.0f, 10.5625f, 20.25f, 16.0f, 39.0625f};
  const auto& add = result.cases[0];
  CHECK(add.meta.id == "chain/n0-Add");
  CHECK(add.meta.since_version == 13);
  REQUIRE(add.inputs.size() == 2);  // x and the initializer w, both fed
  CHECK(floats(add.inputs[1]) == std::vector<float>{0.5f, -1.0f, 0.25f});
  CHECK(floats(add.outputs[0]) == a);
  CHECK(std::find(add.meta.tags.begin(), add.meta.tags.end(), "node:plus_w") != add.meta.tags.end());

  const auto& mul = result.cases[1];
  REQUIRE(mul.inputs.size() == 1);  // a, read twice, is one graph input
  CHECK(mul.model.graph().node(0).input_size() == 2);
  CHECK(floats(mul.inputs[0]) == a);
  CHECK(floats(mul.outputs[0]) == b);
  CHECK(mul.meta.tolerance.kind == Tolerance::kExact);

  const auto& sum = result.cases[2];
  CHECK(floats(sum.inputs[0]) == b);
  CHECK(floats(sum.outputs[0]) == std::vector<float>{89.125f});
  CHECK(sum.outputs[0].tensor().shape() == Shape{1, 1});  // keepdims defaults to 1
  // ReduceSum's contract: a sum of its six terms.
  CHECK(sum.meta.tolerance.kind == Tolerance::kBound);
  CHECK(sum.meta.tolerance.bound_terms == 6);
  CHECK(floats(result.run.outputs[0]) == std::vector<float>{89.125f});
}

TEST_CASE("a control-flow node takes the outer values its branches read", "[models]") {
  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(13);
  auto* g = m.mutable_graph();
  add_value_info(g->mutable_input(), "x", onnx::TensorProto::FLOAT, {"2"});
  add_value_info(g->mutable_input(), "cond", onnx::TensorProto::BOOL, {});
  add_node(g, "Abs", {"x"}, {"ax"});
  auto* branch = add_node(g, "If", {"cond"}, {"y"});
  for (const std::string which : {"then_branch", "else_branch"}) {
    auto* attr = branch->add_attribute();
    attr->set_name(which);
    attr->set_type(onnx::AttributeProto::GRAPH);
    auto* sub = attr->mutable_g();
    sub->set_name(which);
    add_node(sub, which == "then_branch" ? "Neg" : "Identity", {"ax"}, {which + "_out"});
    add_value_info(sub->mutable_output(), which + "_out", onnx::TensorProto::FLOAT, {"2"});
  }
  add_value_info(g->mutable_output(), "y", onnx::TensorProto::FLOAT, {"2"});
  CHECK(models::names_read(g->node(1)) == std::vector<std::string>{"cond", "ax"});

  Tensor yes(DType::kBool, {});
  yes.data<bool>()[0] = true;
  const Values inputs = {Value(Tensor::from_values<float>({2}, {-3, 4})), Value(yes)};
  models::NodeCaseOptions options;
  options.model_name = "branch";
  options.inline_decided_ifs = false;
  // The If node is one case: its inputs cond and the outer value its branches read,
  // ax = [3, 4]; its output the then branch's, [-3, -4].
  const auto result = models::node_cases(m, ".", inputs, options);
  REQUIRE(result.cases.size() == 3);  // Abs, If, then the whole model
  const auto& choice = result.cases[1];
  CHECK(choice.meta.op == "If");
  REQUIRE(choice.inputs.size() == 2);
  CHECK(floats(choice.inputs[1]) == std::vector<float>{3, 4});
  CHECK(floats(choice.outputs[0]) == std::vector<float>{-3, -4});
  CHECK(models::summarize_model(m).runnable());
  CHECK(models::summarize_model(m).subgraphs == 2);
  CHECK(models::summarize_model(m).all_nodes == 4);
}

TEST_CASE("node cases form a suite the loader reads back", "[models]") {
  const Values inputs = {Value(Tensor::from_values<float>({1, 3}, {1, 2, 3}))};
  models::NodeCaseOptions options;
  options.model_name = "chain";
  const auto result = models::node_cases(chain_model(), ".", inputs, options);
  const auto dir = std::filesystem::temp_directory_path() / "touchstone_node_cases_suite";
  std::filesystem::remove_all(dir);
  cases::write_suite(dir, result.cases, std::string("model:chain"));
  const auto suite = load_suite(dir);
  REQUIRE(suite.cases.size() == 4);
  CHECK(suite.cases[2].meta.op == "ReduceSum");
  CHECK(suite.cases[2].meta.tolerance.kind == Tolerance::kBound);
  CHECK(suite.cases[2].problem.empty());
  std::filesystem::remove_all(dir);
}

// An If whose then branch holds another If: x + x in the outer then branch, then the inner
// If negates it (c2 false) or multiplies it by x (c2 true); the outer else branch is x.
onnx::ModelProto nested_if_model() {
  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(13);
  auto* g = m.mutable_graph();
  add_value_info(g->mutable_input(), "x", onnx::TensorProto::FLOAT, {"2"});
  add_value_info(g->mutable_input(), "c1", onnx::TensorProto::BOOL, {});
  add_value_info(g->mutable_input(), "c2", onnx::TensorProto::BOOL, {});
  const auto branch = [](onnx::NodeProto* node, const std::string& which, const std::string& out) {
    auto* attr = node->add_attribute();
    attr->set_name(which);
    attr->set_type(onnx::AttributeProto::GRAPH);
    auto* sub = attr->mutable_g();
    sub->set_name(which);
    add_value_info(sub->mutable_output(), out, onnx::TensorProto::FLOAT, {"2"});
    return sub;
  };
  auto* outer = add_node(g, "If", {"c1"}, {"y"}, "outer");
  auto* then_g = branch(outer, "then_branch", "inner_y");
  add_node(then_g, "Add", {"x", "x"}, {"twice"});
  auto* inner = add_node(then_g, "If", {"c2"}, {"inner_y"}, "inner");
  add_node(branch(inner, "then_branch", "product"), "Mul", {"twice", "x"}, {"product"});
  add_node(branch(inner, "else_branch", "negated"), "Neg", {"twice"}, {"negated"});
  add_node(branch(outer, "else_branch", "plain"), "Identity", {"x"}, {"plain"});
  add_value_info(g->mutable_output(), "y", onnx::TensorProto::FLOAT, {"2"});
  return m;
}

TEST_CASE("Ifs whose branch the run decided give way to the branch's nodes, nested ones too", "[models][If]") {
  Tensor yes(DType::kBool, {}), no(DType::kBool, {});
  yes.data<bool>()[0] = true;
  no.data<bool>()[0] = false;
  const Values inputs = {Value(Tensor::from_values<float>({2}, {1.5f, -2})), Value(yes), Value(no)};
  models::NodeCaseOptions options;
  options.model_name = "nested";
  const auto result = models::node_cases(nested_if_model(), ".", inputs, options);
  CHECK(result.inlined_rounds == 2);
  std::vector<std::string> ops;
  for (const auto& c : result.cases) ops.push_back(c.meta.op);
  // The outer then branch's Add, the inner else branch's Neg, an Identity for each If's
  // output, then the whole model (still with its Ifs).
  CHECK(ops == std::vector<std::string>{"Add", "Neg", "Identity", "Identity", std::string(kGraphOp)});
  CHECK(floats(result.cases[0].outputs[0]) == std::vector<float>{3, -4});   // x + x
  CHECK(floats(result.cases[1].inputs[0]) == std::vector<float>{3, -4});
  CHECK(floats(result.cases[1].outputs[0]) == std::vector<float>{-3, 4});   // -(x + x)
  CHECK(floats(result.cases.back().outputs[0]) == std::vector<float>{-3, 4});
  CHECK(result.cases.back().model.graph().node(0).op_type() == "If");
  options.inline_decided_ifs = false;
  CHECK(models::node_cases(nested_if_model(), ".", inputs, options).cases.size() == 2);  // the If, the whole
}

TEST_CASE("input recipes: a tone burst in noise, a constant, zeros; bad recipes named", "[models][inputs]") {
  const auto tone = models::parse_input_recipe("input=tone:2000/16000@1x16");
  CHECK(tone.input == "input");
  REQUIRE(tone.shape);
  CHECK(*tone.shape == Shape{1, 16});
  const Value v = models::recipe_value(tone, DType::kFloat, *tone.shape, 7);
  const auto x = floats(v);
  REQUIRE(x.size() == 16);
  // 2000 Hz at 16000 samples/s: 8 samples a period; the burst covers samples 4..11 at
  // amplitude 0.5 (sin(2 pi t / 8)), the rest is noise of amplitude 0.01.
  for (int t = 0; t < 16; ++t) {
    const double clean = (t >= 4 && t < 12) ? 0.5 * std::sin(2 * std::acos(-1.0) * t / 8) : 0.0;
    CHECK(std::abs(x[static_cast<size_t>(t)] - clean) <= 0.0101);
  }
  const auto rate = models::parse_input_recipe("sr=value:16000");
  const Value r = models::recipe_value(rate, DType::kInt64, {}, 0);
  CHECK(r.tensor().data<int64_t>()[0] == 16000);
  CHECK(floats(models::recipe_value(models::parse_input_recipe("h=zeros"), DType::kFloat, {2, 3}, 0)) == std::vector<float>(6, 0.0f));
  CHECK_THROWS_WITH(models::parse_input_recipe("h=noise"), Catch::Contains("unknown recipe 'noise'"));
  CHECK_THROWS_WITH(models::parse_input_recipe("h=tone:440"), Catch::Contains("tone:HZ/RATE"));
  CHECK_THROWS_WITH(models::parse_input_recipe("h=zeros@2xx3"), Catch::Contains("joined by 'x'"));
  CHECK_THROWS_WITH(models::parse_input_recipe("zeros"), Catch::Contains("NAME=RECIPE"));
}

TEST_CASE("input recipes: a text line drawn into an image, PaddleOCR's normalization", "[models][inputs]") {
  const auto r = models::parse_input_recipe("x=text:I-@1x3x14x20");
  const auto v = floats(models::recipe_value(r, DType::kFloat, *r.shape, 0));
  REQUIRE(v.size() == 3 * 14 * 20);
  // Height 14: glyph pixels of 1 (14 * 6 / 10 / 7 = 1), the 7 rows from y = 3, the text from
  // x = 2. 'I' is .###. on its first row: x = 3..5 ink (-1), x = 2 and 6 page (1).
  const auto at = [&](int c, int y, int x) { return v[static_cast<size_t>((c * 14 + y) * 20 + x)]; };
  for (int c = 0; c < 3; ++c) {
    CHECK(at(c, 3, 2) == 1.0f);
    CHECK(at(c, 3, 3) == -1.0f);
    CHECK(at(c, 3, 5) == -1.0f);
    CHECK(at(c, 3, 6) == 1.0f);
    CHECK(at(c, 6, 4) == -1.0f);  // the stem
    CHECK(at(c, 6, 3) == 1.0f);
    // '-' (the next glyph, 6 pixels on): its middle row (y = 6), x = 8..12.
    CHECK(at(c, 6, 8) == -1.0f);
    CHECK(at(c, 6, 12) == -1.0f);
    CHECK(at(c, 5, 10) == 1.0f);
    CHECK(at(c, 0, 0) == 1.0f);
  }
  CHECK_THROWS_WITH(models::parse_input_recipe("x=text:caf\xc3\xa9"), Catch::Contains("no glyph"));
}
