#include "cases/case.h"

#include <algorithm>

#include "reference/node_check.h"

namespace touchstone::cases {

std::string case_id(const CatalogRow& row, const std::vector<DType>& input_dtypes, const std::string& name) {
  std::string types = input_dtypes.empty() ? "none" : "";  // Constant: no inputs
  const bool same = std::all_of(input_dtypes.begin(), input_dtypes.end(),
                                [&](DType d) { return d == input_dtypes.front(); });
  for (size_t i = 0; i < input_dtypes.size(); ++i) {
    if (same && i > 0) break;
    types += (i ? "-" : "") + std::string(dtype_short_name(input_dtypes[i]));
  }
  return row.label() + "/" + types + "/" + name;
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
    combos = next;
  }
  return combos;
}

std::string type_combo_key(const CatalogRow& row, const std::vector<std::string>& input_dtypes) {
  std::string key;
  for (const auto& p : input_type_params(row)) {
    const size_t i = p.inputs.front();
    key += (key.empty() ? "" : ",") + (i < input_dtypes.size() ? input_dtypes[i] : std::string("?"));
  }
  return key;
}

}  // namespace touchstone::cases
