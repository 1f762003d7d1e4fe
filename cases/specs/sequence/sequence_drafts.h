// Drafting cases of the ops over sequences and optionals: inputs given as graph values
// (CaseDraft::values), the output's type named by a tag "output:<key>" where the op's
// output type parameter is not bound to an input (coverage counts it), values seeded by
// the case's id.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/sequence/sequence_cases.h"
#include "cases/value_keys.h"
#include "reference/node_check.h"
#include "reference/schema.h"

namespace touchstone::cases::seqdraft {

using Attrs = std::vector<onnx::AttributeProto>;

// The element types type parameter `param` of `row` allows in values of `kind`
// (kSequence: seq(tensor(T)); kOptionalTensor, kOptionalSequence), or as tensors (kTensor).
inline std::vector<DType> elems_of(const CatalogRow& row, std::string_view param, ValueType::Kind kind) {
  const Schema& schema = schema_of(row);
  if (kind == ValueType::kTensor) return allowed_dtypes(schema, param);
  const std::vector<std::string> keys = value_type_keys(schema, param);
  std::vector<DType> out;
  for (DType d : all_dtypes())
    if (std::find(keys.begin(), keys.end(), value_type_key({kind, d})) != keys.end()) out.push_back(d);
  return out;
}

inline std::string output_tag(const ValueType& t) { return "output:" + value_type_key(t); }

// A scalar position or split of type `t` (int32 or int64).
inline Tensor index_scalar(DType t, int64_t v) { return tensor_of(t, {}, {static_cast<double>(v)}); }

struct Drafter {
  const CatalogRow& row;
  std::vector<CaseDraft>& out;

  // Tensors of `t` in the given shapes, seeded by `name` and the type.
  std::vector<Tensor> tensors(DType t, const std::string& name, const std::vector<Shape>& shapes) const {
    Rng rng(seed_of(row.label() + "/" + std::string(dtype_short_name(t)) + "/" + name));
    std::vector<Tensor> items;
    for (const auto& s : shapes) items.push_back(exact::any_tensor(rng, t, s));
    return items;
  }
  Value seq(DType t, const std::string& name, const std::vector<Shape>& shapes) const {
    return Value::sequence(t, tensors(t, name, shapes));
  }
  CaseDraft& add(std::string name, Values values, std::vector<std::string> tags, Attrs attrs = {},
                 std::string rule = "", bool smoke = false) {
    if (!rule.empty()) tags.insert(tags.begin(), "negative");
    CaseDraft d;
    d.name = std::move(name);
    d.values = std::move(values);
    d.attributes = std::move(attrs);
    d.tags = std::move(tags);
    d.invalid_rule = rule.empty() ? "" : row.label() + ": " + rule;
    d.smoke = smoke;
    out.push_back(std::move(d));
    return out.back();
  }
};

}  // namespace touchstone::cases::seqdraft
