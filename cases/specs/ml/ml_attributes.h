// Attributes the ml cases need beyond model_builder.h's make_attr: string lists, tensors.
#pragma once
#include <string>
#include <vector>

#include "reference/tensor_proto.h"

namespace touchstone::cases {

inline onnx::AttributeProto tensor_attr(const std::string& name, const Tensor& t) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(t);
  return a;
}

// The floats of a node's attribute (empty when absent), for the element bounds.
inline std::vector<float> floats_attr(const onnx::NodeProto& node, const std::string& name) {
  for (const auto& a : node.attribute())
    if (a.name() == name) return {a.floats().begin(), a.floats().end()};
  return {};
}

}  // namespace touchstone::cases
