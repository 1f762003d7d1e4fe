#include "reference/node_check.h"

#include <algorithm>
#include <map>

namespace touchstone {

namespace {

std::string attribute_kind_name(int code) {
  switch (code) {
    case onnx::AttributeProto::FLOAT: return "float";
    case onnx::AttributeProto::INT: return "int";
    case onnx::AttributeProto::STRING: return "string";
    case onnx::AttributeProto::TENSOR: return "tensor";
    case onnx::AttributeProto::GRAPH: return "graph";
    case onnx::AttributeProto::SPARSE_TENSOR: return "sparse_tensor";
    case onnx::AttributeProto::TYPE_PROTO: return "type_proto";
    case onnx::AttributeProto::FLOATS: return "list of floats";
    case onnx::AttributeProto::INTS: return "list of ints";
    case onnx::AttributeProto::STRINGS: return "list of strings";
    case onnx::AttributeProto::TENSORS: return "list of tensors";
    case onnx::AttributeProto::GRAPHS: return "list of graphs";
    case onnx::AttributeProto::SPARSE_TENSORS: return "list of sparse_tensors";
    case onnx::AttributeProto::TYPE_PROTOS: return "list of type_protos";
    default: return "undefined";
  }
}

template <class Items>
std::string join(const Items& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + std::string(i);
  return s;
}

std::string count_text(Count c) {
  if (c.max == c.min) return std::to_string(c.min);
  return std::to_string(c.min) + (c.max < 0 ? " or more" : " to " + std::to_string(c.max));
}

}  // namespace

const Schema& schema_of(const CatalogRow& row) {
  const Schema* s = find_schema(row.domain, row.op, row.since_version);
  if (!s) throw std::logic_error("catalog row " + row.label() + " has no schema in the table");
  return *s;
}

std::string tensor_type_string(DType dtype) { return "tensor(" + std::string(dtype_name(dtype)) + ")"; }

std::vector<DType> allowed_dtypes(const Schema& schema, std::string_view param_or_type) {
  const TypeConstraint* c = schema.constraint(param_or_type);
  std::vector<std::string_view> allowed = c ? c->allowed : std::vector<std::string_view>{param_or_type};
  std::vector<DType> types;
  for (DType d : all_dtypes())
    if (std::find(allowed.begin(), allowed.end(), tensor_type_string(d)) != allowed.end()) types.push_back(d);
  return types;
}

void check_node_structure(const onnx::NodeProto& node, const CatalogRow& row) {
  const Schema& schema = schema_of(row);
  const std::string label = row.label();
  const int inputs = node.input_size(), outputs = node.output_size();
  // Trailing empty names are absent optional inputs/outputs, not values.
  if (inputs < schema.input_count.min || (schema.input_count.max >= 0 && inputs > schema.input_count.max))
    invalid_model(label + ": " + std::to_string(inputs) + " inputs given; it takes " + count_text(schema.input_count));
  if (outputs < schema.output_count.min || (schema.output_count.max >= 0 && outputs > schema.output_count.max))
    invalid_model(label + ": " + std::to_string(outputs) + " outputs given; it has " + count_text(schema.output_count));
  for (int i = 0; i < inputs; ++i) {
    const FormalSchema* formal = schema.input_formal(static_cast<size_t>(i));
    if (node.input(i).empty() && formal && formal->option != FormalOption::kOptional)
      invalid_model(label + ": required input " + std::to_string(i) + " ('" + std::string(formal->name) +
                    "') is empty");
  }
  // A variadic takes at least its minimum arity of values.
  if (!schema.inputs.empty() && schema.inputs.back().option == FormalOption::kVariadic) {
    const int before = static_cast<int>(schema.inputs.size()) - 1;
    const int given = inputs - before;
    if (given < schema.inputs.back().min_arity)
      invalid_model(label + ": variadic input '" + std::string(schema.inputs.back().name) + "' needs at least " +
                    std::to_string(schema.inputs.back().min_arity) + " values, got " + std::to_string(std::max(given, 0)));
  }

  std::vector<std::string> seen;
  for (const auto& a : node.attribute()) {
    if (std::find(seen.begin(), seen.end(), a.name()) != seen.end())
      invalid_model(label + ": attribute '" + a.name() + "' is given twice");
    seen.push_back(a.name());
    const AttrSchema* attribute = schema.attribute(a.name());
    if (!attribute) {
      std::vector<std::string_view> known;
      for (const auto& k : schema.attributes) known.push_back(k.name);
      invalid_model(label + ": unknown attribute '" + a.name() + "' (" +
                    (known.empty() ? "it has no attributes" : "it has: " + join(known)) + ")");
    }
    if (!a.ref_attr_name().empty())
      not_implemented(label + ": attribute '" + a.name() + "' refers to a function's attribute");
    if (static_cast<int>(a.type()) != attr_type_code(attribute->type))
      invalid_model(label + ": attribute '" + a.name() + "' must be " + attr_type_name(attribute->type) + ", got " +
                    attribute_kind_name(static_cast<int>(a.type())));
  }
  for (const auto& attribute : schema.attributes) {
    if (attribute.required && std::find(seen.begin(), seen.end(), attribute.name) == seen.end())
      invalid_model(label + ": required attribute '" + std::string(attribute.name) + "' is missing");
  }
}

void check_input_types(const onnx::NodeProto& node, const CatalogRow& row,
                       const std::vector<const Tensor*>& inputs) {
  std::vector<Value> values;
  values.reserve(inputs.size());
  for (const Tensor* t : inputs) values.push_back(t ? Value(*t) : Value());
  std::vector<const Value*> pointers;
  for (size_t i = 0; i < inputs.size(); ++i) pointers.push_back(inputs[i] ? &values[i] : nullptr);
  check_input_types(node, row, pointers);
}

void check_input_types(const onnx::NodeProto& node, const CatalogRow& row,
                       const std::vector<const Value*>& inputs) {
  const Schema& schema = schema_of(row);
  const std::string label = row.label();
  std::map<std::string_view, std::pair<std::string, std::string>> bound;  // type parameter -> (type, who)
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]) continue;
    const FormalSchema* formal = schema.input_formal(i);
    if (!formal) continue;  // counts are checked before
    const std::string_view param = formal->type;
    const std::string type = inputs[i]->type_string();
    const std::string who = "input " + std::to_string(i) + " ('" + node.input(static_cast<int>(i)) + "', " +
                            std::string(formal->name) + ")";
    const TypeConstraint* constraint = schema.constraint(param);
    const auto permitted = schema.allowed_types(*formal);
    if (std::find(permitted.begin(), permitted.end(), type) == permitted.end())
      invalid_model(label + ": " + who + " has type " + type + ", which " +
                    (!constraint ? "is not " + std::string(param)
                                 : std::string(param) + " does not allow (" + std::string(param) + ": " + join(permitted) + ")"));
    if (!constraint) continue;
    if (formal->option == FormalOption::kVariadic && !formal->homogeneous) continue;
    // A homogeneous variadic input and every input sharing a parameter bind one type.
    auto [b, inserted] = bound.emplace(param, std::make_pair(type, who));
    if (!inserted && b->second.first != type)
      invalid_model(label + ": " + b->second.second + " and " + who + " must have the same type " +
                    std::string(param) + ", got " + b->second.first + " and " + type);
  }
}

}  // namespace touchstone
