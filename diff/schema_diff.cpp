#include "diff/schema_diff.h"

#include <algorithm>
#include <map>

#include "diff/text_diff.h"
#include "reference/node_check.h"

namespace touchstone {

namespace {

using onnx::OpSchema;

std::string attribute_text(const OpSchema::Attribute& a) {
  static const char* kinds[] = {"undefined", "float", "int", "string", "tensor", "graph", "floats", "ints",
                                "strings", "tensors", "graphs", "sparse_tensor", "sparse_tensors",
                                "type_proto", "type_protos"};
  const int k = static_cast<int>(a.type);
  std::string s = std::string(k >= 0 && k < 15 ? kinds[k] : "?");
  if (a.required) return s + ", required";
  const auto& d = a.default_value;
  if (d.type() == onnx::AttributeProto::INT) return s + ", default " + std::to_string(d.i());
  if (d.type() == onnx::AttributeProto::FLOAT) return s + ", default " + std::to_string(d.f());
  if (d.type() == onnx::AttributeProto::STRING) return s + ", default \"" + d.s() + "\"";
  return s + ", optional";
}

std::string formal_text(const OpSchema::FormalParameter& f) {
  std::string option = f.GetOption() == OpSchema::Optional ? " (optional)"
                       : f.GetOption() == OpSchema::Variadic ? " (variadic)" : "";
  return f.GetName() + ": " + f.GetTypeStr() + option;
}

std::vector<std::string> formals_diff(const std::vector<OpSchema::FormalParameter>& a,
                                      const std::vector<OpSchema::FormalParameter>& b, const char* what) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string n = std::to_string(i);
    if (i >= a.size()) lines.push_back("added " + std::string(what) + " " + n + " " + formal_text(b[i]));
    else if (i >= b.size()) lines.push_back("removed " + std::string(what) + " " + n + " " + formal_text(a[i]));
    else if (formal_text(a[i]) != formal_text(b[i]))
      lines.push_back(std::string(what) + " " + n + ": " + formal_text(a[i]) + " -> " + formal_text(b[i]));
  }
  return lines;
}

std::vector<std::string> minus(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  for (const auto& x : a)
    if (std::find(b.begin(), b.end(), x) == b.end()) out.push_back(x);
  return out;
}

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

}  // namespace

SchemaDiff schema_diff(const CatalogRow& old_row, const CatalogRow& new_row) {
  const OpSchema& a = schema_of(old_row);
  const OpSchema& b = schema_of(new_row);
  SchemaDiff d;
  for (const auto& [name, attr] : a.attributes()) {
    auto it = b.attributes().find(name);
    if (it == b.attributes().end()) d.attributes.push_back("removed " + name + " (" + attribute_text(attr) + ")");
    else if (attribute_text(attr) != attribute_text(it->second))
      d.attributes.push_back(name + ": " + attribute_text(attr) + " -> " + attribute_text(it->second));
  }
  for (const auto& [name, attr] : b.attributes())
    if (!a.attributes().count(name)) d.attributes.push_back("added " + name + " (" + attribute_text(attr) + ")");

  d.inputs = formals_diff(a.inputs(), b.inputs(), "input");
  d.outputs = formals_diff(a.outputs(), b.outputs(), "output");

  std::map<std::string, std::vector<std::string>> old_types, new_types;
  for (const auto& c : a.typeConstraintParams()) old_types[c.type_param_str] = c.allowed_type_strs;
  for (const auto& c : b.typeConstraintParams()) new_types[c.type_param_str] = c.allowed_type_strs;
  std::map<std::string, bool> params;
  for (const auto& [p, _] : old_types) params[p] = true;
  for (const auto& [p, _] : new_types) params[p] = true;
  const std::vector<std::string> none;
  auto types_of = [&](const auto& m, const std::string& p) -> const std::vector<std::string>& {
    auto it = m.find(p);
    return it == m.end() ? none : it->second;
  };
  for (const auto& [param, _] : params) {
    const auto& was = types_of(old_types, param);
    const auto& now = types_of(new_types, param);
    SchemaDiff::TypeChange change{param, minus(was, now), minus(now, was)};
    std::sort(change.removed.begin(), change.removed.end());
    std::sort(change.added.begin(), change.added.end());
    if (!old_types.count(param)) d.type_constraints.push_back("added type parameter " + param + ": " + join(change.added));
    else if (!new_types.count(param)) d.type_constraints.push_back("removed type parameter " + param);
    else {
      if (!change.removed.empty()) d.type_constraints.push_back(param + ": removed " + join(change.removed));
      if (!change.added.empty()) d.type_constraints.push_back(param + ": added " + join(change.added));
    }
    if (!change.removed.empty() || !change.added.empty()) d.type_changes.push_back(change);
  }
  d.doc = unified_diff(a.doc() ? a.doc() : "", b.doc() ? b.doc() : "");
  return d;
}

nlohmann::json SchemaDiff::to_json() const {
  nlohmann::json types = nlohmann::json::array();
  for (const auto& c : type_changes) types.push_back({{"param", c.param}, {"removed", c.removed}, {"added", c.added}});
  return {{"attributes", attributes}, {"inputs", inputs},   {"outputs", outputs},
          {"type_constraints", type_constraints}, {"type_changes", types}, {"doc", doc}};
}

}  // namespace touchstone
