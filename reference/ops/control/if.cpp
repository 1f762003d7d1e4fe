// If-1 and If-11 on: cond (a bool tensor of one element) picks then_branch or else_branch,
// which runs in the node's scope (it reads every name visible there) and whose outputs are
// the node's. Both branches have the node's number of outputs, and their k-th outputs the
// same data type where both declare one. If-1: "of the same shape" too, so branches that
// declare different static shapes are refused; If-11 on they may differ (the text). V admits
// tensors (1, 11), sequences of tensors (13), optionals (16), then more element types.
#include "reference/error.h"
#include "reference/ops/control/control_ops.h"
#include "reference/ops/control/control_values.h"
#include "reference/value_proto.h"

namespace touchstone::ops {

namespace {

using control::subgraph_of;

// Every dimension of a declared tensor type has a value: the shape is static.
bool static_shape(const onnx::TypeProto& t) {
  if (!t.has_tensor_type() || !t.tensor_type().has_shape()) return false;
  for (const auto& d : t.tensor_type().shape().dim())
    if (!d.has_dim_value()) return false;
  return true;
}

std::string shape_text(const onnx::TypeProto& t) {
  Shape s;
  for (const auto& d : t.tensor_type().shape().dim()) s.push_back(d.dim_value());
  return shape_to_string(s);
}

// The declared type with its shape left out (what "the same data type" compares).
onnx::TypeProto without_shape(onnx::TypeProto t) {
  if (t.has_tensor_type()) t.mutable_tensor_type()->clear_shape();
  return t;
}

void check_branches(const Node& node, bool same_shape) {
  const auto& then_g = subgraph_of(node, "then_branch");
  const auto& else_g = subgraph_of(node, "else_branch");
  if (then_g.output_size() != else_g.output_size())
    invalid_model("then_branch has " + std::to_string(then_g.output_size()) + " outputs and else_branch " +
                  std::to_string(else_g.output_size()) + " (the text: their numbers of outputs must match)");
  if (then_g.output_size() != node.proto().output_size())
    invalid_model("the node has " + std::to_string(node.proto().output_size()) + " outputs and its branches " +
                  std::to_string(then_g.output_size()) + " (the branches' outputs are the node's)");
  for (int k = 0; k < then_g.output_size(); ++k) {
    const auto& a = then_g.output(k).type();
    const auto& b = else_g.output(k).type();
    if (a.value_case() == onnx::TypeProto::VALUE_NOT_SET || b.value_case() == onnx::TypeProto::VALUE_NOT_SET) continue;
    if (type_proto_string(without_shape(a)) != type_proto_string(without_shape(b)))
      invalid_model("output " + std::to_string(k) + " is " + type_proto_string(a) + " in then_branch and " +
                    type_proto_string(b) + " in else_branch (the text: the same data type)");
    if (same_shape && static_shape(a) && static_shape(b) && shape_text(a) != shape_text(b))
      invalid_model("output " + std::to_string(k) + " has shape " + shape_text(a) + " in then_branch and " + shape_text(b) +
                    " in else_branch (If-1: the same shape; different shapes from If-11)");
  }
}

Values run_if(const Node& node, const ValueInputs& in, bool same_shape) {
  check_branches(node, same_shape);
  const bool cond = control::single_bool(in[0], "cond");
  Values outputs = node.run_subgraph(cond ? "then_branch" : "else_branch", {});
  const std::string branch = cond ? "then_branch" : "else_branch";
  for (size_t k = 0; k < outputs.size(); ++k) control::check_admitted(node, outputs[k], branch + "'s output " + std::to_string(k));
  return outputs;
}

}  // namespace

Values if_v1(const Node& node, const ValueInputs& in) { return run_if(node, in, true); }

Values if_v11(const Node& node, const ValueInputs& in) { return run_if(node, in, false); }

}  // namespace touchstone::ops
