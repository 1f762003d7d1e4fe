// The random fault modes (random_modes.h): the case's model, with the mode's parameter
// removed from the node (its default then applies) or its input replaced, run by the
// reference with a seed of the mode's own.
#include "harness/testing/random_modes.h"

#include "harness/case_contents.h"
#include "reference/error.h"
#include "reference/model.h"
#include "reference/numeric/exact.h"

namespace touchstone::testing {

namespace {

constexpr uint64_t kOtherSeed = 20261129;

bool random_op(const std::string& op) {
  return op == "RandomUniform" || op == "RandomUniformLike" || op == "RandomNormal" ||
         op == "RandomNormalLike" || op == "Bernoulli" || op == "Multinomial";
}

void drop_attribute(onnx::NodeProto& node, const std::string& name) {
  auto* attrs = node.mutable_attribute();
  for (int i = attrs->size() - 1; i >= 0; --i)
    if (attrs->Get(i).name() == name) attrs->DeleteSubrange(i, 1);
}

// `t` with every element `v` (a float type).
Tensor constant_like(const Tensor& t, double v) {
  Tensor out(t.dtype(), t.shape());
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (auto& x : out.data<T>()) x = numeric::narrow<T>(v);
  });
  return out;
}

}  // namespace

bool is_random_mode(const std::string& mode) {
  return mode == "random-redrawn" || mode == "random-high-ignored" || mode == "random-scale-ignored" ||
         mode == "random-mean-ignored" || mode == "random-p-ignored" || mode == "random-logits-ignored";
}

void redraw(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || !random_op(proto.graph().node(0).op_type())) return;
  onnx::NodeProto& node = *proto.mutable_graph()->mutable_node(0);
  const std::string& op = node.op_type();
  Values inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) inputs.emplace_back(harness::case_input_tensor(files, i));
  const bool uniform = op.starts_with("RandomUniform"), normal = op.starts_with("RandomNormal");
  if (mode == "random-high-ignored" && uniform) drop_attribute(node, "high");
  if (mode == "random-scale-ignored" && normal) drop_attribute(node, "scale");
  if (mode == "random-mean-ignored" && normal) drop_attribute(node, "mean");
  if (mode == "random-p-ignored" && op == "Bernoulli")
    inputs[0] = Value(constant_like(inputs[0].tensor(), 0.5));
  if (mode == "random-logits-ignored" && op == "Multinomial")
    inputs[0] = Value(constant_like(inputs[0].tensor(), 0));
  try {
    const Model model = Model::from_proto(proto, ".", "random mode");
    ExecutionOptions options;
    options.seed = kOtherSeed;
    ValueRunResult result = model.run_values(inputs, options);
    outputs.clear();
    for (const auto& v : result.outputs) outputs.push_back(v.tensor());
  } catch (const Error&) {
    // a model the reference refuses: answer as it did
  }
}

}  // namespace touchstone::testing
