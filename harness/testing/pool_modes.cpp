// The pooling fault modes (pool_modes.h): the node rewritten so that the reference computes
// what a backend breaking one window rule would, then run on the case's inputs.
#include "harness/testing/pool_modes.h"

#include "harness/case_contents.h"
#include "reference/error.h"
#include "reference/model.h"

namespace touchstone::testing {

namespace {

onnx::AttributeProto* find_attr(onnx::NodeProto& node, const std::string& name) {
  for (auto& a : *node.mutable_attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

// SAME_UPPER <-> SAME_LOWER; false when the node has neither.
bool swap_same(onnx::NodeProto& node) {
  onnx::AttributeProto* a = find_attr(node, "auto_pad");
  if (!a || (a->s() != "SAME_UPPER" && a->s() != "SAME_LOWER")) return false;
  a->set_s(a->s() == "SAME_UPPER" ? "SAME_LOWER" : "SAME_UPPER");
  return true;
}

bool drop_count_pad(onnx::NodeProto& node) {
  onnx::AttributeProto* a = find_attr(node, "count_include_pad");
  if (!a || a->i() == 0) return false;
  a->set_i(0);
  return true;
}

// ceil_mode off and, along each axis whose last ceil window starts in the right padding, one
// stride more end padding: the floor then counts that window too (an empty one).
bool keep_dropped(onnx::NodeProto& node, const Shape& x) {
  onnx::AttributeProto* ceil = find_attr(node, "ceil_mode");
  const onnx::AttributeProto* auto_pad = find_attr(node, "auto_pad");
  onnx::AttributeProto* pads = find_attr(node, "pads");
  const onnx::AttributeProto* kernel = find_attr(node, "kernel_shape");
  if (!ceil || ceil->i() == 0 || (auto_pad && auto_pad->s() != "NOTSET") || !pads || !kernel) return false;
  const int spatial = kernel->ints_size();
  if (static_cast<int>(x.size()) != spatial + 2 || pads->ints_size() != 2 * spatial) return false;
  const onnx::AttributeProto* strides = find_attr(node, "strides");
  const onnx::AttributeProto* dilations = find_attr(node, "dilations");
  bool changed = false;
  for (int i = 0; i < spatial; ++i) {
    const int64_t s = strides ? strides->ints(i) : 1, d = dilations ? dilations->ints(i) : 1;
    const int64_t in = x[static_cast<size_t>(i) + 2], begin = pads->ints(i), end = pads->ints(i + spatial);
    const int64_t span = in + begin + end - ((kernel->ints(i) - 1) * d + 1);
    if (span < 0) return false;
    const int64_t out = (span + s - 1) / s + 1;
    if ((out - 1) * s >= in + begin) {
      pads->set_ints(i + spatial, end + s);
      changed = true;
    }
  }
  if (!changed) return false;
  ceil->set_i(0);
  return true;
}

}  // namespace

bool is_pool_mode(const std::string& mode) {
  return mode == "pool-same-swapped" || mode == "pool-no-count-pad" || mode == "pool-keep-dropped";
}

void repool(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1) return;
  onnx::NodeProto& node = *proto.mutable_graph()->mutable_node(0);
  if (node.op_type() != "MaxPool" && node.op_type() != "AveragePool" && node.op_type() != "LpPool") return;
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) inputs.push_back(harness::case_input_tensor(files, i));
  if (inputs.empty()) return;
  const bool rewritten = mode == "pool-same-swapped" ? swap_same(node)
                         : mode == "pool-no-count-pad" ? drop_count_pad(node)
                                                       : keep_dropped(node, inputs[0].shape());
  if (!rewritten) return;
  for (auto& output : *proto.mutable_graph()->mutable_output()) output.clear_type();  // the kept window changes shapes
  try {
    outputs = Model::from_proto(proto, files.model.parent_path(), "pool-fault").run(inputs).outputs;
  } catch (const Error&) {
    // the rewritten node is not runnable: answer as the reference did
  }
}

}  // namespace touchstone::testing
