// The executor's model checks: IR and opset limits, graph order, initializers, types.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

onnx::ModelProto sub_model(int opset) {
  return build_model({"Sub", "", opset, {{"A", DType::kFloat, {2}}, {"B", DType::kFloat, {2}}},
                      {{"C", DType::kFloat, {2}}}, {}, 0});
}

void check_error(const onnx::ModelProto& proto, ErrorKind kind, const std::string& fragment) {
  try {
    Model::from_proto(proto, ".", "m.onnx");
    FAIL("the model was accepted");
  } catch (const Error& e) {
    CHECK(e.kind() == kind);
    CHECK_THAT(e.what(), Catch::Contains(fragment));
  }
}

}  // namespace

TEST_CASE("a model newer than the catalog is refused, never resolved", "[model]") {
  check_error(sub_model(29), ErrorKind::kNotImplemented,
              "opset 29 for ai.onnx is newer than this build's catalog (28)");
  auto ir14 = sub_model(28);
  ir14.set_ir_version(14);
  check_error(ir14, ErrorKind::kNotImplemented, "IR version 14 is newer");
  // Opsets 18-28 and IR 9-13 load (libonnx 1.12 would refuse them or resolve ReduceMean-18
  // to ReduceMean-13).
  auto ir13 = sub_model(28);
  CHECK(ir13.ir_version() == 13);
  CHECK_NOTHROW(Model::from_proto(ir13, ".", "m.onnx"));
  auto ml5 = sub_model(25);
  ml5.add_opset_import()->set_domain("ai.onnx.ml");
  ml5.mutable_opset_import(1)->set_version(5);
  CHECK_NOTHROW(Model::from_proto(ml5, ".", "m.onnx"));
  ml5.mutable_opset_import(1)->set_version(6);
  check_error(ml5, ErrorKind::kNotImplemented, "opset 6 for ai.onnx.ml is newer than this build's catalog (5)");
  // An unknown domain's import must still be well formed (its use is refused at the node:
  // "a domain the catalog lacks may be imported when no node uses it").
  auto unknown_domain = sub_model(7);
  unknown_domain.add_opset_import()->set_domain("com.example");
  check_error(unknown_domain, ErrorKind::kInvalidModel, "opset 0 for com.example is not a valid version");
}

TEST_CASE("nodes resolve to op-versions or are refused", "[model]") {
  auto unknown = sub_model(7);
  unknown.mutable_graph()->mutable_node(0)->set_op_type("Subtract");
  check_error(unknown, ErrorKind::kInvalidModel, "no op 'Subtract' in ai.onnx");
  auto too_old = build_model({"Mod", "", 9, {{"A", DType::kInt32, {2}}, {"B", DType::kInt32, {2}}},
                              {{"C", DType::kInt32, {2}}}, {}, 0});
  check_error(too_old, ErrorKind::kInvalidModel, "not in ai.onnx opset 9 (its first version is 10)");
  // (A valid node of a version without a kernel is refused as kNotImplemented; after the
  // merges every row of the catalog has one: test_graph.cpp checks that a row is
  // "not yet" exactly when it has none.)
  auto no_opset = sub_model(7);
  no_opset.clear_opset_import();
  check_error(no_opset, ErrorKind::kInvalidModel, "imports no opset");
  auto empty_input = sub_model(7);
  empty_input.mutable_graph()->mutable_node(0)->set_input(1, "");
  check_error(empty_input, ErrorKind::kInvalidModel, "required input 1 ('B') is empty");
  auto three_inputs = sub_model(7);
  three_inputs.mutable_graph()->mutable_node(0)->add_input("A");
  check_error(three_inputs, ErrorKind::kInvalidModel, "Sub-7: 3 inputs given; it takes 2");
}

TEST_CASE("nodes must be in topological order and define each value once", "[model]") {
  // D = (A - B) - B, written with the second node first.
  auto proto = sub_model(7);
  auto* graph = proto.mutable_graph();
  auto* second = graph->add_node();
  *second = graph->node(0);
  second->set_input(0, "C");
  second->set_output(0, "D");
  graph->mutable_output(0)->set_name("D");
  CHECK_NOTHROW(Model::from_proto(proto, ".", "m.onnx"));
  auto out_of_order = proto;
  out_of_order.mutable_graph()->mutable_node()->SwapElements(0, 1);
  check_error(out_of_order, ErrorKind::kInvalidModel, "reads 'C', which no earlier node");
  auto twice = proto;
  twice.mutable_graph()->mutable_node(1)->set_output(0, "C");
  check_error(twice, ErrorKind::kInvalidModel, "value 'C' is defined twice");

  const Model model = Model::from_proto(proto, ".", "m.onnx");
  auto r = model.run({Tensor::from_values<float>({2}, {10, 20}), Tensor::from_values<float>({2}, {1, 2})});
  CHECK(r.outputs[0] == Tensor::from_values<float>({2}, {8, 16}));
}

TEST_CASE("initializers bind, and from IR version 4 a graph input may shadow one", "[model]") {
  auto proto = sub_model(9);  // IR version 4
  *proto.mutable_graph()->add_initializer() = [] {
    onnx::TensorProto t;
    t.set_name("B");
    t.set_data_type(onnx::TensorProto::FLOAT);
    t.add_dims(2);
    t.add_float_data(1);
    t.add_float_data(2);
    return t;
  }();
  const Model model = Model::from_proto(proto, ".", "m.onnx");
  REQUIRE(model.input_names() == std::vector<std::string>{"A"});
  auto a = Tensor::from_values<float>({2}, {10, 20});
  CHECK(model.run(std::vector<Tensor>{a}).outputs[0] == Tensor::from_values<float>({2}, {9, 18}));
  std::map<std::string, Tensor> feeds = {{"A", a}, {"B", Tensor::from_values<float>({2}, {5, 5})}};
  CHECK(model.run_named(feeds).outputs[0] == Tensor::from_values<float>({2}, {5, 15}));

  // Before IR version 4 every initializer must also be a graph input.
  auto old = proto;
  old.set_ir_version(3);
  old.mutable_graph()->mutable_input()->RemoveLast();
  check_error(old, ErrorKind::kInvalidModel, "initializer 'B' is not a graph input");
}

TEST_CASE("fed tensors and results must match the declared types", "[model]") {
  const Model model = Model::from_proto(sub_model(7), ".", "m.onnx");
  auto f = Tensor::from_values<float>({2}, {1, 2});
  auto i = Tensor::from_values<int32_t>({2}, {1, 2});
  CHECK_THROWS_WITH(model.run({f, i}), Catch::Contains("input 'B' is declared tensor(float) but is tensor(int32)"));
  CHECK_THROWS_WITH(model.run({f, Tensor::from_values<float>({3}, {1, 2, 3})}),
                    Catch::Contains("declared with shape (2) but has shape (3)"));
  CHECK_THROWS_WITH(model.run(std::vector<Tensor>{f}), Catch::Contains("takes 2 inputs, got 1"));
  auto wrong_output = sub_model(7);
  wrong_output.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::INT32);
  CHECK_THROWS_WITH(Model::from_proto(wrong_output, ".", "m.onnx").run({f, f}),
                    Catch::Contains("graph output 'C' is declared tensor(int32) but is tensor(float)"));
}

TEST_CASE("a deprecated op-version is refused, naming it", "[model]") {
  // Scatter-11 and Upsample-10 are deprecated in ONNX's text: a model may not use them.
  auto scatter = build_model({"Scatter", "", 11,
                              {{"data", DType::kFloat, {3}}, {"indices", DType::kInt64, {1}}, {"updates", DType::kFloat, {1}}},
                              {{"y", DType::kFloat, {3}}}, {}, 0});
  check_error(scatter, ErrorKind::kInvalidModel, "Scatter-11 is deprecated");
  auto upsample = build_model({"Upsample", "", 12, {{"X", DType::kFloat, {2}}, {"scales", DType::kFloat, {1}}},
                               {{"Y", DType::kFloat, {4}}}, {}, 0});
  check_error(upsample, ErrorKind::kInvalidModel, "Upsample-10 is deprecated");
}

TEST_CASE("large tensors are zero-filled and start on a 2 MiB boundary (huge pages)", "[model][tensor]") {
  for (int64_t n : {int64_t{10}, int64_t{262144}, int64_t{1000000}, int64_t{3} << 20}) {
    INFO(n << " floats");
    Tensor t(DType::kFloat, {n});
    auto d = t.data<float>();
    CHECK(std::all_of(d.begin(), d.end(), [](float v) { return v == 0 && !std::signbit(v); }));
    // 1 MiB (262,144 floats) and more: whole 2 MiB pages (tensor.h).
    if (n * 4 >= (int64_t{1} << 20)) CHECK(reinterpret_cast<uintptr_t>(d.data()) % (uintptr_t{1} << 21) == 0);
    d[static_cast<size_t>(n - 1)] = 5;
    Tensor copy = t;
    CHECK(copy == t);
    copy.data<float>()[0] = 1;
    CHECK_FALSE(copy == t);
  }
}

TEST_CASE("a value named twice among the graph outputs is given twice (outputs are moved out once)", "[model]") {
  auto proto = sub_model(14);
  *proto.mutable_graph()->add_output() = proto.graph().output(0);
  const Model m = Model::from_proto(proto, ".", "m.onnx");
  const auto r = m.run({Tensor::from_values<float>({2}, {1, 2}), Tensor::from_values<float>({2}, {0.5f, 0.5f})});
  REQUIRE(r.outputs.size() == 2);
  CHECK(r.outputs[0] == Tensor::from_values<float>({2}, {0.5f, 1.5f}));
  CHECK(r.outputs[1] == Tensor::from_values<float>({2}, {0.5f, 1.5f}));
}

TEST_CASE("a domain the catalog lacks may be imported when no node uses it", "[model]") {
  // Silero VAD's legacy model imports ai.onnx.training and uses none of its ops.
  auto quiet = sub_model(13);
  auto* imp = quiet.add_opset_import();
  imp->set_domain("ai.onnx.training");
  imp->set_version(1);
  const Model m = Model::from_proto(quiet, ".", "m.onnx");
  const auto out = m.run({Tensor::from_values<float>({2}, {5, 1}), Tensor::from_values<float>({2}, {2, 3})});
  CHECK(out.outputs[0].data<float>()[0] == 3);
  CHECK(out.outputs[0].data<float>()[1] == -2);
  // A node of it is refused, naming the op.
  auto used = quiet;
  used.mutable_graph()->mutable_node(0)->set_domain("ai.onnx.training");
  try {
    Model::from_proto(used, ".", "m.onnx");
    FAIL("a node of an unknown domain was accepted");
  } catch (const Error& e) {
    CHECK(e.kind() != ErrorKind::kIo);
    CHECK_THAT(e.what(), Catch::Contains("Sub"));
  }
}
