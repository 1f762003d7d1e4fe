// The Dropout fault modes (dropout_modes.h): the node's mode read as the reference reads it,
// then a keep pattern drawn from the mode's own source and turned into outputs by the
// reference's own rule (ops::dropout::apply), with the fault applied.
#include "harness/testing/dropout_modes.h"

#include <random>

#include "harness/case_contents.h"
#include "reference/error.h"
#include "reference/ops/norm/dropout.h"

namespace touchstone::testing {

namespace {

// The Dropout version a model's opset resolves to.
int dropout_since(int opset) {
  int since = 1;
  for (int v : {1, 6, 7, 10, 12, 13, 22})
    if (v <= opset) since = v;
  return since;
}

std::vector<char> draws(size_t n, double ratio) {
  std::mt19937_64 source(20261127);
  std::vector<char> keep(n);
  for (char& k : keep) k = static_cast<double>(source() >> 11) * 0x1p-53 >= ratio ? 1 : 0;
  return keep;
}

}  // namespace

bool is_dropout_mode(const std::string& mode) {
  return mode == "dropout-redrawn" || mode == "dropout-keep-all" || mode == "dropout-unscaled" ||
         mode == "dropout-mask-flipped" || mode == "dropout-ratio-ignored";
}

void redrop(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || proto.graph().node(0).op_type() != "Dropout" || outputs.empty()) return;
  const onnx::NodeProto& node_proto = proto.graph().node(0);
  int opset = 0;
  for (const auto& o : proto.opset_import())
    if (o.domain().empty() || o.domain() == "ai.onnx") opset = static_cast<int>(o.version());
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) inputs.push_back(harness::case_input_tensor(files, i));
  std::vector<const Tensor*> pointers;
  for (size_t i = 0, k = 0; i < static_cast<size_t>(node_proto.input_size()); ++i)
    pointers.push_back(node_proto.input(static_cast<int>(i)).empty() || k >= inputs.size() ? nullptr : &inputs[k++]);
  SemanticsRecord record;
  const Node node(node_proto, "Dropout", record);
  try {
    ops::dropout::Mode m = ops::dropout::read_mode(node, Inputs(pointers), dropout_since(opset));
    if (!m.random()) return;
    const Tensor& x = inputs.at(0);
    const bool with_mask = outputs.size() > 1;
    if (mode == "dropout-ratio-ignored") m.ratio = 0.5;
    std::vector<char> keep = draws(static_cast<size_t>(x.size()), m.ratio);
    if (mode == "dropout-keep-all") {
      m.training = false;
      keep.assign(keep.size(), 1);
    }
    ops::dropout::Mode scaling = m;
    if (mode == "dropout-unscaled") scaling.ratio = 0;
    outputs = ops::dropout::apply(x, scaling, keep, with_mask);
    if (mode == "dropout-mask-flipped" && with_mask) {
      for (char& k : keep) k = k ? 0 : 1;
      outputs[1] = ops::dropout::apply(x, m, keep, true)[1];
    }
  } catch (const Error&) {
    // not a node the reference runs: answer as it did
  }
}

}  // namespace touchstone::testing
