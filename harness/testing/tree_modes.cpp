// The tree fault mode (tree_modes.h): the node's BRANCH_LEQ modes rewritten as BRANCH_LT
// (TreeEnsemble-5's uint8 mode 0 as 1), then the reference run on the case's inputs.
#include "harness/testing/tree_modes.h"

#include "harness/case_contents.h"
#include "reference/error.h"
#include "reference/model.h"

namespace touchstone::testing {

namespace {

bool leq_to_lt(onnx::NodeProto& node) {
  bool changed = false;
  for (auto& a : *node.mutable_attribute()) {
    if (a.name() != "nodes_modes") continue;
    for (auto& s : *a.mutable_strings())
      if (s == "BRANCH_LEQ") s = "BRANCH_LT", changed = true;
    if (a.has_t()) {  // TreeEnsemble-5: uint8 codes, 0 BRANCH_LEQ, 1 BRANCH_LT
      onnx::TensorProto& t = *a.mutable_t();
      for (auto& c : *t.mutable_raw_data())
        if (c == 0) c = 1, changed = true;
      for (int i = 0; i < t.int32_data_size(); ++i)
        if (t.int32_data(i) == 0) t.set_int32_data(i, 1), changed = true;
    }
  }
  return changed;
}

}  // namespace

bool is_tree_mode(const std::string& mode) { return mode == "tree-branch-lt"; }

void retree(const std::string&, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1) return;
  onnx::NodeProto& node = *proto.mutable_graph()->mutable_node(0);
  if (node.op_type().rfind("TreeEnsemble", 0) != 0 || !leq_to_lt(node)) return;
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) inputs.push_back(harness::case_input_tensor(files, i));
  try {
    outputs = Model::from_proto(proto, files.model.parent_path(), "tree-fault").run(inputs).outputs;
  } catch (const Error&) {
    // the rewritten node is not runnable: answer as the reference did
  }
}

}  // namespace touchstone::testing
