#include "cases/case.h"
#include "cases/value_keys.h"

#include <algorithm>

#include "reference/node_check.h"

namespace touchstone::cases {

std::string case_id(const CatalogRow& row, const std::vector<DType>& input_dtypes, const std::string& name) {
  std::vector<std::string> keys;
  for (DType d : input_dtypes) keys.emplace_back(dtype_short_name(d));
  return case_id(row, keys, name);
}

std::string case_id(const CatalogRow& row, const std::vector<std::string>& input_keys, const std::string& name) {
  std::string types = input_keys.empty() ? "none" : "";  // Constant: no inputs
  const bool same = std::all_of(input_keys.begin(), input_keys.end(),
                                [&](const std::string& k) { return k == input_keys.front(); });
  for (size_t i = 0; i < input_keys.size(); ++i) {
    if (same && i > 0) break;
    types += (i ? "-" : "") + input_keys[i];
  }
  return row.label() + "/" + types + "/" + name;
}

std::string value_type_key(const ValueType& type) {
  const std::string name(dtype_short_name(type.dtype));
  switch (type.kind) {
    case ValueType::kTensor: return name;
    case ValueType::kSequence: return "seq-" + (type.element ? value_type_key(*type.element) : name);
    case ValueType::kOptionalTensor: return "opt-" + name;
    case ValueType::kOptionalSequence: return "opt-seq-" + name;
    case ValueType::kMap:  // "map-int64-float32"
      return "map-" + name + "-" + std::string(dtype_short_name(type.element->dtype));
    default: return type.to_string();  // sparse tensors: no case carries them yet
  }
}

namespace {

// The map types a constraint may list (ai.onnx.ml: int64 or string keys, scalar values) and
// sequences of them, as their keys ("map-string-float32", "seq-map-int64-float32").
void add_map_keys(std::string_view onnx_type, std::vector<std::string>& keys) {
  for (DType k : {DType::kInt64, DType::kString})
    for (DType v : all_dtypes()) {
      const ValueType m = ValueType::map_of(k, ValueType::scalar_of(v));
      if (m.to_string() == onnx_type) keys.push_back(value_type_key(m));
      if ("seq(" + m.to_string() + ")" == onnx_type) keys.push_back("seq-" + value_type_key(m));
    }
}

}  // namespace

// The non-tensor types a constraint lists ("seq(tensor(float))", "optional(...)"), by key.
std::vector<std::string> value_type_keys(const Schema& schema, std::string_view param) {
  const TypeConstraint* c = schema.constraint(param);
  std::vector<std::string> keys;
  if (!c) return keys;
  for (std::string_view onnx_type : c->allowed) {
    if (onnx_type.rfind("tensor(", 0) == 0) continue;
    for (auto kind : {ValueType::kSequence, ValueType::kOptionalTensor, ValueType::kOptionalSequence})
      for (DType d : all_dtypes())
        if (ValueType{kind, d}.to_string() == onnx_type) keys.push_back(value_type_key({kind, d}));
    if (onnx_type.rfind("map(", 0) == 0 || onnx_type.rfind("seq(map(", 0) == 0) add_map_keys(onnx_type, keys);
  }
  return keys;
}

std::string case_dir_name(const std::string& id) {
  std::string dir = "test_";
  for (char c : id) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '+' || c == '-';
    dir += safe ? c : '_';
  }
  return dir;
}

std::vector<TypeParam> input_type_params(const CatalogRow& row) {
  const auto& schema = schema_of(row);
  std::vector<TypeParam> params;
  const auto& formals = schema.inputs;
  for (size_t i = 0; i < formals.size(); ++i) {
    const std::string name(formals[i].type);
    auto it = std::find_if(params.begin(), params.end(), [&](const TypeParam& p) { return p.name == name; });
    if (it == params.end()) {
      TypeParam p{name, {}, {}};
      p.allowed = allowed_dtypes(schema, name);  // a constraint's types, or a fixed type ("tensor(int64)")
      p.allowed_values = value_type_keys(schema, name);
      params.push_back(p);
      it = params.end() - 1;
    }
    it->inputs.push_back(i);
  }
  return params;
}

std::vector<std::string> allowed_type_combos(const CatalogRow& row) {
  std::vector<std::string> combos = {""};
  for (const auto& p : input_type_params(row)) {
    std::vector<std::string> next;
    for (const auto& prefix : combos)
      for (DType d : p.allowed) next.push_back(prefix + (prefix.empty() ? "" : ",") + std::string(dtype_short_name(d)));
    for (const auto& prefix : combos)
      for (const auto& key : p.allowed_values) next.push_back(prefix + (prefix.empty() ? "" : ",") + key);
    combos = next;
  }
  return combos;
}

std::string type_combo_key(const CatalogRow& row, const std::vector<std::string>& input_dtypes) {
  std::string key;
  for (const auto& p : input_type_params(row)) {
    const size_t i = p.inputs.front();
    // A trailing optional input left out, of a fixed type (Resize's sizes when scales are
    // given): the only type it could have had.
    const bool fixed = p.allowed.size() == 1 && p.allowed_values.empty();
    const std::string absent = fixed ? std::string(dtype_short_name(p.allowed.front())) : std::string("?");
    key += (key.empty() ? "" : ",") + (i < input_dtypes.size() ? input_dtypes[i] : absent);
  }
  return key;
}

}  // namespace touchstone::cases
