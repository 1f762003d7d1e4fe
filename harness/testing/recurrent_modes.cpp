// The recurrent fault modes (recurrent_modes.h): the node rewritten so that the reference
// computes what a backend breaking one rule would, then run on the case's inputs.
#include "harness/testing/recurrent_modes.h"

#include "harness/case_contents.h"
#include "reference/error.h"
#include "reference/model.h"

namespace touchstone::testing {

namespace {

bool drop_sequence_lens(onnx::NodeProto& node) {
  if (node.input_size() <= 4 || node.input(4).empty()) return false;
  node.set_input(4, "");
  return true;
}

// linear_before_reset 0 <-> 1 (added as 1 when absent); GRU-1 has no such attribute.
bool swap_reset(onnx::NodeProto& node, int opset) {
  if (node.op_type() != "GRU" || opset < 3) return false;
  for (auto& a : *node.mutable_attribute())
    if (a.name() == "linear_before_reset") {
      a.set_i(a.i() == 0 ? 1 : 0);
      return true;
    }
  auto* a = node.add_attribute();
  a->set_name("linear_before_reset");
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(1);
  return true;
}

int default_opset(const onnx::ModelProto& proto) {
  for (const auto& o : proto.opset_import())
    if (o.domain().empty() || o.domain() == "ai.onnx") return static_cast<int>(o.version());
  return 0;
}

}  // namespace

bool is_recurrent_mode(const std::string& mode) {
  return mode == "recurrent-ignore-sequence-lens" || mode == "gru-reset-swapped";
}

void rerecur(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1) return;
  onnx::NodeProto& node = *proto.mutable_graph()->mutable_node(0);
  if (node.op_type() != "RNN" && node.op_type() != "GRU" && node.op_type() != "LSTM") return;
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) inputs.push_back(harness::case_input_tensor(files, i));
  if (inputs.empty()) return;
  const bool rewritten = mode == "gru-reset-swapped" ? swap_reset(node, default_opset(proto)) : drop_sequence_lens(node);
  if (!rewritten) return;
  try {
    outputs = Model::from_proto(proto, files.model.parent_path(), "recurrent-fault").run(inputs).outputs;
  } catch (const Error&) {
    // the rewritten node is not runnable: answer as the reference did
  }
}

}  // namespace touchstone::testing
