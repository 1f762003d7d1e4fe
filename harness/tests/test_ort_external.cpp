// Issue 25: the ONNX Runtime adapter runs legitimate external data that is not a
// top-level initializer's: a Constant node's value tensor and a subgraph's initializer
// (it answered `error`: harness/backends/onnxruntime/lib/model_info.js found only the
// top-level initializers' files). Hand-built models, expected outputs computed by hand,
// run through the adapter; skipped when onnxruntime-node is not installed.
#include <catch2/catch.hpp>

#include <fstream>

#include "harness/runner.h"
#include "harness/tests/fixture.h"

using namespace touchstone;
using namespace touchstone::harness;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;

namespace {

void set_external(onnx::TensorProto& t, const std::string& name, const std::string& location) {
  t.set_name(name);
  t.set_data_type(onnx::TensorProto::FLOAT);
  t.add_dims(3);
  t.set_data_location(onnx::TensorProto::EXTERNAL);
  auto* e = t.add_external_data();
  e->set_key("location");
  e->set_value(location);
}

void write_floats(const fs::path& p, const std::vector<float>& v) {
  std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * 4));
}

void value_info(onnx::ValueInfoProto* v, const std::string& name, int elem_type, std::vector<int64_t> dims) {
  v->set_name(name);
  auto* t = v->mutable_type()->mutable_tensor_type();
  t->set_elem_type(elem_type);
  auto* shape = t->mutable_shape();
  for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

onnx::ModelProto model_at_opset_13() {
  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(13);
  m.mutable_graph()->set_name("g");
  return m;
}

Tensor floats(const std::vector<float>& v) {
  Tensor t(DType::kFloat, {3});
  std::copy(v.begin(), v.end(), t.data<float>().begin());
  return t;
}

// The case folder's model, its one input and output, and the case naming op-13 `op`.
SuiteCase write_case(const fs::path& dir, const onnx::ModelProto& m, const Tensor& input, const std::string& input_name,
                     const Tensor& output, const std::string& output_name, const std::string& op) {
  write_model_file(dir / "model.onnx", m);
  write_tensor_file(dir / "test_data_set_0/input_0.pb", input, input_name);
  write_tensor_file(dir / "test_data_set_0/output_0.pb", output, output_name);
  SuiteCase c;
  c.dir = fs::absolute(dir);
  c.meta.id = dir.filename().string();
  c.meta.op = op;
  c.meta.opset = c.meta.since_version = 13;
  return c;
}

// C = A + Constant(value = const.bin {10, 20, 30}); A = {1, 2, 3}: C = {11, 22, 33}.
SuiteCase constant_case(const fs::path& root) {
  const fs::path dir = root / "constant";
  fs::create_directories(dir / "test_data_set_0");
  onnx::ModelProto m = model_at_opset_13();
  auto* g = m.mutable_graph();
  auto* k = g->add_node();
  k->set_op_type("Constant");
  k->add_output("K");
  auto* value = k->add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  set_external(*value->mutable_t(), "K", "const.bin");
  auto* add = g->add_node();
  add->set_op_type("Add");
  add->add_input("A");
  add->add_input("K");
  add->add_output("C");
  value_info(g->add_input(), "A", onnx::TensorProto::FLOAT, {3});
  value_info(g->add_output(), "C", onnx::TensorProto::FLOAT, {3});
  write_floats(dir / "const.bin", {10, 20, 30});
  return write_case(dir, m, floats({1, 2, 3}), "A", floats({11, 22, 33}), "C", "Add");
}

// Y = If(cond) then T (an initializer of the then branch, then.bin {1.5, 2.5, 3.5}) else
// E ({0, 0, 0}, inline); cond = true: Y = {1.5, 2.5, 3.5}.
SuiteCase subgraph_case(const fs::path& root) {
  const fs::path dir = root / "subgraph";
  fs::create_directories(dir / "test_data_set_0");
  onnx::ModelProto m = model_at_opset_13();
  auto* g = m.mutable_graph();
  auto* node = g->add_node();
  node->set_op_type("If");
  node->add_input("cond");
  node->add_output("Y");
  const auto branch = [&](const std::string& attr, const std::string& init, bool external) {
    auto* a = node->add_attribute();
    a->set_name(attr);
    a->set_type(onnx::AttributeProto::GRAPH);
    auto* sub = a->mutable_g();
    sub->set_name(attr);
    auto* t = sub->add_initializer();
    if (external) {
      set_external(*t, init, "then.bin");
    } else {
      t->set_name(init);
      t->set_data_type(onnx::TensorProto::FLOAT);
      t->add_dims(3);
      for (int i = 0; i < 3; ++i) t->add_float_data(0);
    }
    auto* id = sub->add_node();
    id->set_op_type("Identity");
    id->add_input(init);
    id->add_output(init + "_out");
    value_info(sub->add_output(), init + "_out", onnx::TensorProto::FLOAT, {3});
  };
  branch("then_branch", "T", true);
  branch("else_branch", "E", false);
  value_info(g->add_input(), "cond", onnx::TensorProto::BOOL, {});
  value_info(g->add_output(), "Y", onnx::TensorProto::FLOAT, {3});
  write_floats(dir / "then.bin", {1.5f, 2.5f, 3.5f});
  Tensor cond(DType::kBool, {});
  cond.data<bool>()[0] = true;
  return write_case(dir, m, cond, "cond", floats({1.5f, 2.5f, 3.5f}), "Y", "If");
}

}  // namespace

TEST_CASE("ONNX Runtime runs external data in a Constant's tensor and in a subgraph's initializer",
          "[onnxruntime][external-data]") {
  const fs::path adapter_dir = fs::path(TOUCHSTONE_SOURCE_DIR) / "harness/backends/onnxruntime";
  if (!fs::is_directory(adapter_dir / "node_modules")) {
    WARN("onnxruntime-node is not installed (harness/backends/install.sh): skipped");
    return;
  }
  const fs::path root = temp_dir("ort-external");
  Suite suite;
  suite.root = root / "suite";
  suite.cases = {constant_case(suite.root), subgraph_case(suite.root)};
  RunOptions o;
  o.backend.name = "onnxruntime";
  o.backend.repo_root = TOUCHSTONE_SOURCE_DIR;
  o.oracle = OracleKind::kExpected;  // the outputs above, computed by hand
  o.report_dir = root / "report";
  o.full_report = true;
  o.timeout_s = 60;
  const auto report = run_suite(suite, o);
  REQUIRE(report.cases.size() == 2);
  for (const auto& c : report.cases) {
    INFO(c.id << ": " << c.verdict << ": " << c.message);
    CHECK(c.verdict == "pass");
  }
  fs::remove_all(root);
}
