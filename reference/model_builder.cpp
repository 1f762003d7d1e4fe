#include "reference/model_builder.h"

namespace touchstone {

onnx::AttributeProto make_attr(const std::string& name, int64_t value) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INT);
  a.set_i(value);
  return a;
}

onnx::AttributeProto make_attr(const std::string& name, float value) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::FLOAT);
  a.set_f(value);
  return a;
}

onnx::AttributeProto make_attr(const std::string& name, const std::string& value) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRING);
  a.set_s(value);
  return a;
}

onnx::AttributeProto make_attr(const std::string& name, const std::vector<int64_t>& values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INTS);
  for (auto v : values) a.add_ints(v);
  return a;
}

onnx::AttributeProto make_attr(const std::string& name, const std::vector<float>& values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::FLOATS);
  for (auto v : values) a.add_floats(v);
  return a;
}

onnx::AttributeProto make_strings_attr(const std::string& name, const std::vector<std::string>& values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a.add_strings(v);
  return a;
}

int64_t ir_version_for_opset(int opset) {
  // ONNX's release table (docs/Versioning.md): the IR version of the release that
  // introduced each opset.
  if (opset <= 8) return 3;
  if (opset <= 9) return 4;
  if (opset <= 10) return 5;
  if (opset <= 11) return 6;
  if (opset <= 14) return 7;
  if (opset <= 18) return 8;
  if (opset <= 20) return 9;
  if (opset <= 22) return 10;
  if (opset <= 23) return 11;
  if (opset <= 24) return 12;
  return 13;
}

int64_t ir_version_for_ml_opset(int opset) {
  // The same table's ai.onnx.ml column: ml 1 came with IR 3, 2 with 6, 3 with 8, 4 with 9, 5 with 10.
  if (opset <= 1) return 3;
  if (opset <= 2) return 6;
  if (opset <= 3) return 8;
  if (opset <= 4) return 9;
  return 10;
}

namespace {
void fill_value_info(onnx::ValueInfoProto* info, const ValueSpec& v) {
  info->set_name(v.name);
  auto* tensor = info->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(static_cast<int>(v.dtype));
  auto* shape = tensor->mutable_shape();
  for (int64_t d : v.shape) shape->add_dim()->set_dim_value(d);
}
}  // namespace

onnx::ModelProto build_model(const SingleNodeModel& spec) {
  onnx::ModelProto model;
  // ai.onnx.preview.training 1 came with ONNX 1.7 (IR 7).
  const int64_t released = spec.domain == "ai.onnx.ml"                 ? ir_version_for_ml_opset(spec.opset)
                           : spec.domain == "ai.onnx.preview.training" ? 7
                                                                       : ir_version_for_opset(spec.opset);
  model.set_ir_version(spec.ir_version ? spec.ir_version : released);
  model.set_producer_name("touchstone");
  auto* opset = model.add_opset_import();
  opset->set_domain(spec.domain);
  opset->set_version(spec.opset);
  auto* graph = model.mutable_graph();
  graph->set_name(spec.op);
  auto* node = graph->add_node();
  node->set_op_type(spec.op);
  node->set_domain(spec.domain);
  for (const auto& a : spec.attributes) *node->add_attribute() = a;
  for (const auto& v : spec.inputs) {
    node->add_input(v.name);
    if (!v.name.empty()) fill_value_info(graph->add_input(), v);
  }
  for (const auto& v : spec.outputs) {
    node->add_output(v.name);
    if (!v.name.empty()) fill_value_info(graph->add_output(), v);
  }
  return model;
}

}  // namespace touchstone
