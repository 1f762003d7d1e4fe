#include "reference/node.h"

#include <algorithm>

#include "reference/error.h"

namespace touchstone {

const char* semantics_name(Semantics s) {
  switch (s) {
    case Semantics::kDefined: return "defined";
    case Semantics::kImplementationDefined: return "implementation-defined";
    case Semantics::kUndefined: return "undefined";
  }
  return "defined";
}

void SemanticsRecord::mark(Semantics s, const std::string& reason, bool shapes_too) {
  category = std::max(category, s);
  shape_open = shape_open || shapes_too;
  if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) reasons.push_back(reason);
}

void SemanticsRecord::merge(const SemanticsRecord& other) {
  for (const auto& r : other.reasons) mark(other.category, r);
  category = std::max(category, other.category);
  shape_open = shape_open || other.shape_open;
  record_terms(other.terms);
}

const onnx::AttributeProto* Node::find(const std::string& name) const {
  for (const auto& a : proto_.attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

int64_t Node::attr_int(const std::string& name, int64_t fallback) const {
  const auto* a = find(name);
  return a ? a->i() : fallback;
}

std::optional<int64_t> Node::attr_opt_int(const std::string& name) const {
  const auto* a = find(name);
  if (!a) return std::nullopt;
  return a->i();
}

float Node::attr_float(const std::string& name, float fallback) const {
  const auto* a = find(name);
  return a ? a->f() : fallback;
}

std::string Node::attr_string(const std::string& name, const std::string& fallback) const {
  const auto* a = find(name);
  return a ? a->s() : fallback;
}

std::vector<int64_t> Node::attr_ints(const std::string& name) const {
  const auto* a = find(name);
  if (!a) return {};
  return {a->ints().begin(), a->ints().end()};
}

Values Kernel::operator()(const Node& node, const ValueInputs& inputs) const {
  if (values_) return values_(node, inputs);
  if (!tensors_) throw std::logic_error(node.op_version() + " has no kernel");
  std::vector<const Tensor*> tensors;
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (inputs.has(k) && !inputs[k].is_tensor())
      not_implemented("input " + std::to_string(k) + " is " + inputs[k].type_string() +
                      ", and the reference's kernel for this op-version takes tensors only");
    tensors.push_back(inputs.has(k) ? &inputs[k].tensor() : nullptr);
  }
  Values outputs;
  for (auto& t : tensors_(node, Inputs(std::move(tensors)))) outputs.emplace_back(std::move(t));
  return outputs;
}

}  // namespace touchstone
