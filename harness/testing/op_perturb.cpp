#include "harness/testing/op_perturb.h"

#include <fstream>

#include "models/node_cases.h"
#include "reference/model.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone::testing {

namespace {

constexpr const char* kPrefix = "perturb-";

onnx::NodeProto scale_constant(const std::string& name, DType dtype) {
  const double factor = 1.0 + 1.0 / 256;
  onnx::NodeProto c;
  c.set_op_type("Constant");
  c.add_output(name);
  auto* a = c.add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  *a->mutable_t() = tensor_to_proto(dtype == DType::kDouble ? Tensor::from_values<double>({}, {factor})
                                                            : Tensor::from_values<float>({}, {static_cast<float>(factor)}));
  return c;
}

}  // namespace

bool is_perturb_mode(const std::string& mode) { return mode.rfind(kPrefix, 0) == 0 && mode.size() > 8; }

harness::CaseFiles perturbed_case(const std::string& mode, const harness::CaseFiles& files, const std::filesystem::path& dir) {
  const std::string op = mode.substr(std::string(kPrefix).size());
  const std::filesystem::path path = files.model;
  onnx::ModelProto model = read_model_file(path);
  // The element type of every main-graph value, from one run of the unchanged model.
  const Model loaded = Model::from_proto(model, path.parent_path(), "perturb");
  Values inputs;
  for (size_t i = 0; i < files.inputs.size() && i < loaded.input_names().size(); ++i)
    inputs.push_back(read_value_file(files.inputs[i], loaded.input_type(i)));
  const auto run = models::run_keeping_values(model, path.parent_path(), "perturb", inputs);

  auto* graph = model.mutable_graph();
  google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
  for (const auto& node : graph->node()) {
    const auto it = node.op_type() == op && node.output_size() > 0 ? run.values.find(node.output(0)) : run.values.end();
    const bool scaled = it != run.values.end() && it->second.is_tensor() &&
                        (it->second.tensor().dtype() == DType::kFloat || it->second.tensor().dtype() == DType::kDouble);
    if (!scaled) {
      *nodes.Add() = node;
      continue;
    }
    const std::string y = node.output(0), raw = y + "::touchstone_raw", scale = y + "::touchstone_scale";
    onnx::NodeProto renamed = node;
    renamed.set_output(0, raw);
    *nodes.Add() = renamed;
    *nodes.Add() = scale_constant(scale, it->second.tensor().dtype());
    auto* mul = nodes.Add();
    mul->set_op_type("Mul");
    mul->add_input(raw);
    mul->add_input(scale);
    mul->add_output(y);
  }
  *graph->mutable_node() = std::move(nodes);
  harness::CaseFiles out = files;
  std::filesystem::create_directories(dir);
  out.model = dir / ("perturbed-" + path.filename().string());
  std::ofstream(out.model, std::ios::binary) << model.SerializeAsString();
  return out;
}

}  // namespace touchstone::testing
