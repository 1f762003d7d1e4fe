// The resampling fault mode (resample_modes.h): the node rewritten so that the reference
// computes what a backend confusing half_pixel with pytorch_half_pixel would.
#include "harness/testing/resample_modes.h"

#include "harness/case_contents.h"
#include "reference/error.h"
#include "reference/model.h"

namespace touchstone::testing {

namespace {

// The opset the model imports for ai.onnx.
int64_t onnx_opset(const onnx::ModelProto& model) {
  for (const auto& o : model.opset_import())
    if (o.domain().empty() || o.domain() == "ai.onnx") return o.version();
  return 0;
}

// half_pixel (named, or the default from 11) -> pytorch_half_pixel; false when another mode.
bool torch_for_half(onnx::NodeProto& node, int64_t opset) {
  for (auto& a : *node.mutable_attribute())
    if (a.name() == "coordinate_transformation_mode") {
      if (a.s() != "half_pixel") return false;
      a.set_s("pytorch_half_pixel");
      return true;
    }
  if (opset < 11) return false;  // Resize-10: no coordinate modes
  auto* a = node.add_attribute();
  a->set_name("coordinate_transformation_mode");
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s("pytorch_half_pixel");
  return true;
}

}  // namespace

bool is_resample_mode(const std::string& mode) { return mode == "resize-pytorch-for-half"; }

void reresample(const std::string&, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1) return;
  onnx::NodeProto& node = *proto.mutable_graph()->mutable_node(0);
  if (node.op_type() != "Resize" || !torch_for_half(node, onnx_opset(proto))) return;
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) inputs.push_back(harness::case_input_tensor(files, i));
  try {
    outputs = Model::from_proto(proto, files.model.parent_path(), "resample-fault").run(inputs).outputs;
  } catch (const Error&) {
    // the rewritten node is not runnable: answer as the reference did
  }
}

}  // namespace touchstone::testing
