#include "reference/node_check.h"

#include <algorithm>
#include <map>

namespace touchstone {

namespace {

using onnx::AttributeProto;
using onnx::OpSchema;

std::string attribute_kind_name(AttributeProto::AttributeType t) {
  switch (t) {
    case AttributeProto::FLOAT: return "float";
    case AttributeProto::INT: return "int";
    case AttributeProto::STRING: return "string";
    case AttributeProto::TENSOR: return "tensor";
    case AttributeProto::GRAPH: return "graph";
    case AttributeProto::SPARSE_TENSOR: return "sparse tensor";
    case AttributeProto::TYPE_PROTO: return "type";
    case AttributeProto::FLOATS: return "list of floats";
    case AttributeProto::INTS: return "list of ints";
    case AttributeProto::STRINGS: return "list of strings";
    case AttributeProto::TENSORS: return "list of tensors";
    case AttributeProto::GRAPHS: return "list of graphs";
    case AttributeProto::SPARSE_TENSORS: return "list of sparse tensors";
    case AttributeProto::TYPE_PROTOS: return "list of types";
    default: return "undefined";
  }
}

// The kind of an attribute: its `type` field (required since IR version 3).
AttributeProto::AttributeType attribute_kind(const AttributeProto& a) { return a.type(); }

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// Index of the formal parameter that actual input/output `i` binds to.
size_t formal_index(const std::vector<OpSchema::FormalParameter>& formals, size_t i) {
  if (formals.empty()) return 0;
  return std::min(i, formals.size() - 1);  // a trailing variadic takes the rest
}

}  // namespace

const OpSchema& schema_of(const CatalogRow& row) {
  const OpSchema* s = onnx::OpSchemaRegistry::Schema(std::string(row.op), row.since_version,
                                                     std::string(row.domain));
  if (!s || s->SinceVersion() != row.since_version)
    throw std::logic_error("catalog row " + row.label() + " has no schema in ONNX's registry");
  return *s;
}

std::string tensor_type_string(DType dtype) { return "tensor(" + std::string(dtype_name(dtype)) + ")"; }

void check_node_structure(const onnx::NodeProto& node, const CatalogRow& row) {
  const OpSchema& schema = schema_of(row);
  const std::string label = row.label();
  const int inputs = node.input_size(), outputs = node.output_size();
  if (inputs < schema.min_input() || inputs > schema.max_input())
    invalid_model(label + ": " + std::to_string(inputs) + " inputs given; it takes " +
                  std::to_string(schema.min_input()) +
                  (schema.max_input() == schema.min_input() ? "" : " to " + std::to_string(schema.max_input())));
  if (outputs < schema.min_output() || outputs > schema.max_output())
    invalid_model(label + ": " + std::to_string(outputs) + " outputs given; it has " +
                  std::to_string(schema.min_output()) +
                  (schema.max_output() == schema.min_output() ? "" : " to " + std::to_string(schema.max_output())));
  // A required (single) input may not be left empty.
  const auto& formals = schema.inputs();
  for (int i = 0; i < inputs; ++i) {
    const auto& formal = formals[formal_index(formals, static_cast<size_t>(i))];
    if (node.input(i).empty() && formal.GetOption() != OpSchema::Optional)
      invalid_model(label + ": required input " + std::to_string(i) + " ('" + formal.GetName() +
                    "') is empty");
  }

  const auto& attributes = schema.attributes();
  std::vector<std::string> seen;
  for (const auto& a : node.attribute()) {
    if (std::find(seen.begin(), seen.end(), a.name()) != seen.end())
      invalid_model(label + ": attribute '" + a.name() + "' is given twice");
    seen.push_back(a.name());
    auto it = attributes.find(a.name());
    if (it == attributes.end()) {
      std::vector<std::string> known;
      for (const auto& [name, _] : attributes) known.push_back(name);
      invalid_model(label + ": unknown attribute '" + a.name() + "' (" +
                    (known.empty() ? "it has no attributes" : "it has: " + join(known)) + ")");
    }
    if (!a.ref_attr_name().empty())
      not_implemented(label + ": attribute '" + a.name() + "' refers to a function's attribute");
    if (attribute_kind(a) != it->second.type)
      invalid_model(label + ": attribute '" + a.name() + "' must be " +
                    attribute_kind_name(it->second.type) + ", got " +
                    attribute_kind_name(attribute_kind(a)));
  }
  for (const auto& [name, attribute] : attributes) {
    if (attribute.required && std::find(seen.begin(), seen.end(), name) == seen.end())
      invalid_model(label + ": required attribute '" + name + "' is missing");
  }
}

void check_input_types(const onnx::NodeProto& node, const CatalogRow& row,
                       const std::vector<const Tensor*>& inputs) {
  const OpSchema& schema = schema_of(row);
  const std::string label = row.label();
  std::map<std::string, std::vector<std::string>> allowed;
  for (const auto& c : schema.typeConstraintParams()) allowed[c.type_param_str] = c.allowed_type_strs;

  std::map<std::string, std::pair<DType, std::string>> bound;  // type parameter -> (type, who)
  const auto& formals = schema.inputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) continue;
    const auto& formal = formals[formal_index(formals, i)];
    const std::string& param = formal.GetTypeStr();
    const std::string type = tensor_type_string(inputs[i]->dtype());
    const std::string who = "input " + std::to_string(i) + " ('" + node.input(static_cast<int>(i)) + "', " +
                            formal.GetName() + ")";
    auto it = allowed.find(param);
    const std::vector<std::string> permitted = it == allowed.end() ? std::vector<std::string>{param} : it->second;
    if (std::find(permitted.begin(), permitted.end(), type) == permitted.end())
      invalid_model(label + ": " + who + " has type " + type + ", which " +
                    (it == allowed.end() ? "is not " + param : param + " does not allow (" + param + ": " + join(permitted) + ")"));
    if (it == allowed.end()) continue;
    if (formal.GetOption() == OpSchema::Variadic && !formal.GetIsHomogeneous()) continue;
    // A homogeneous variadic input and every input sharing a parameter bind one type.
    auto [b, inserted] = bound.emplace(param, std::make_pair(inputs[i]->dtype(), who));
    if (!inserted && b->second.first != inputs[i]->dtype())
      invalid_model(label + ": " + b->second.second + " and " + who + " must have the same type " + param +
                    ", got " + tensor_type_string(b->second.first) + " and " + type);
  }
}

}  // namespace touchstone
