#include "diff/schema_diff.h"

#include <algorithm>
#include <map>

#include "diff/text_diff.h"
#include "reference/libonnx_doc.h"
#include "reference/node_check.h"

namespace touchstone {

namespace {

std::string attribute_text(const AttrSchema& a) {
  std::string s = attr_type_name(a.type);
  if (a.required) return s + ", required";
  if (a.default_value) return s + ", default " + a.default_value;
  return s + ", optional";
}

std::string formal_text(const FormalSchema& f) {
  std::string option = f.option == FormalOption::kOptional ? " (optional)"
                       : f.option == FormalOption::kVariadic ? " (variadic)" : "";
  return std::string(f.name) + ": " + std::string(f.type) + option;
}

std::vector<std::string> formals_diff(const std::vector<FormalSchema>& a, const std::vector<FormalSchema>& b,
                                      const char* what) {
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

std::string doc_or_pointer(const CatalogRow& row) {
  if (auto doc = libonnx_doc(row.domain, row.op, row.since_version)) return *doc;
  return "(the text of " + row.label() + " is in ONNX's " + changelog_anchor(row.domain, row.op, row.since_version) +
         "; this build carries ONNX 1.12's text only)\n";
}

}  // namespace

SchemaDiff schema_diff(const CatalogRow& old_row, const CatalogRow& new_row) {
  const Schema& a = schema_of(old_row);
  const Schema& b = schema_of(new_row);
  SchemaDiff d;
  for (const auto& attr : a.attributes) {
    const AttrSchema* now = b.attribute(attr.name);
    const std::string name(attr.name);
    if (!now) d.attributes.push_back("removed " + name + " (" + attribute_text(attr) + ")");
    else if (attribute_text(attr) != attribute_text(*now))
      d.attributes.push_back(name + ": " + attribute_text(attr) + " -> " + attribute_text(*now));
  }
  for (const auto& attr : b.attributes)
    if (!a.attribute(attr.name)) d.attributes.push_back("added " + std::string(attr.name) + " (" + attribute_text(attr) + ")");

  d.inputs = formals_diff(a.inputs, b.inputs, "input");
  d.outputs = formals_diff(a.outputs, b.outputs, "output");

  std::map<std::string, std::vector<std::string>> old_types, new_types;
  for (const auto& c : a.types) old_types[std::string(c.param)] = {c.allowed.begin(), c.allowed.end()};
  for (const auto& c : b.types) new_types[std::string(c.param)] = {c.allowed.begin(), c.allowed.end()};
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
  d.doc = unified_diff(doc_or_pointer(old_row), doc_or_pointer(new_row));
  return d;
}

nlohmann::json SchemaDiff::to_json() const {
  nlohmann::json types = nlohmann::json::array();
  for (const auto& c : type_changes) types.push_back({{"param", c.param}, {"removed", c.removed}, {"added", c.added}});
  return {{"attributes", attributes}, {"inputs", inputs},   {"outputs", outputs},
          {"type_constraints", type_constraints}, {"type_changes", types}, {"doc", doc}};
}

}  // namespace touchstone
