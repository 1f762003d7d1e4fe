// Case specs of Identity over sequences and optionals (Identity-14 on; reference/ops/sequence).
//
// Identity-14+: for every seq(tensor(T)) the version allows, a sequence of 3 tensors of
// different shapes (rank 2, a scalar, an empty (0,4)); for a few T also the empty sequence
// and a sequence of 1. Identity-16+: for every optional(tensor(T)) an optional holding a
// tensor, for every optional(seq(tensor(T))) one holding a sequence of 2; for a few T also
// the empty optionals (of a tensor, of a sequence) and an optional holding an empty
// sequence. Refusals: a sequence into Identity-1/13 (V admits sequences from 14), an
// optional into Identity-14 (optionals from 16), and from 16 a sequence of bfloat16 (V lists
// tensor(bfloat16) but no seq(tensor(bfloat16))).
#include <algorithm>

#include "cases/specs/sequence/sequence_cases.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/value_proto.h"

namespace touchstone::cases {

namespace {

using namespace exact;

// Element types that also get the empty and one-element forms.
bool few(DType t) {
  return t == DType::kFloat || t == DType::kInt64 || t == DType::kString || t == DType::kBool || t == DType::kFloat16;
}

// The element types V allows for a kind of value ("seq-", "opt-", "opt-seq-" keys).
std::vector<DType> allowed_elems(const CatalogRow& row, ValueType::Kind kind) {
  std::vector<DType> out;
  const std::vector<std::string> keys = input_type_params(row).front().allowed_values;  // a copy: the params are a temporary
  for (DType d : all_dtypes())
    if (std::find(keys.begin(), keys.end(), value_type_key({kind, d})) != keys.end()) out.push_back(d);
  return out;
}

void add_value_case(std::vector<CaseDraft>& out, std::string name, Value v, std::vector<std::string> tags,
                    std::string rule = "", bool smoke = false) {
  CaseDraft d;
  d.name = std::move(name);
  d.values = {std::move(v)};
  d.tags = std::move(tags);
  d.invalid_rule = std::move(rule);
  d.smoke = smoke;
  out.push_back(std::move(d));
}

// Tensors of `t` in the given shapes, values seeded by the case's id.
std::vector<Tensor> tensors(const CatalogRow& row, const std::string& key, const std::string& name, DType t,
                            const std::vector<Shape>& shapes) {
  Rng rng(seed_of(case_id(row, std::vector<std::string>{key}, name)));
  std::vector<Tensor> items;
  for (const auto& s : shapes) items.push_back(any_tensor(rng, t, s));
  return items;
}

const std::vector<Shape> kThree = {{2, 3}, {}, {0, 4}};

}  // namespace

void identity_value_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  if (v < 14) {  // a sequence into Identity-1/13
    const std::string key = value_type_key({ValueType::kSequence, DType::kFloat});
    add_value_case(out, "refuse_sequence", Value::sequence(DType::kFloat, tensors(row, key, "refuse_sequence", DType::kFloat, {{2}})),
                   {"sequence", "type"}, row.label() + ": the type constraint admits tensors only; sequences from Identity-14", true);
    return;
  }
  for (DType t : allowed_elems(row, ValueType::kSequence)) {
    const std::string key = value_type_key({ValueType::kSequence, t});
    // The smoke profile covers every type too (one case each).
    add_value_case(out, "seq_3", Value::sequence(t, tensors(row, key, "seq_3", t, kThree)), {"sequence"}, "", true);
    if (!few(t)) continue;
    add_value_case(out, "seq_empty", Value::sequence(t, {}), {"sequence", "empty"});
    add_value_case(out, "seq_1", Value::sequence(t, tensors(row, key, "seq_1", t, {{3}})), {"sequence"});
  }
  if (v < 16) {  // an optional into Identity-14
    const ValueType type{ValueType::kOptionalTensor, DType::kFloat};
    add_value_case(out, "refuse_optional",
                   Value::some(tensors(row, value_type_key(type), "refuse_optional", DType::kFloat, {{2}}).front()),
                   {"optional", "type"}, row.label() + ": V admits tensors and sequences; optionals from Identity-16", true);
    return;
  }
  for (DType t : allowed_elems(row, ValueType::kOptionalTensor)) {
    const ValueType type{ValueType::kOptionalTensor, t};
    add_value_case(out, "opt_tensor", Value::some(tensors(row, value_type_key(type), "opt_tensor", t, {{2, 2}}).front()),
                   {"optional"}, "", true);
    if (few(t)) add_value_case(out, "opt_empty", Value::none(type), {"optional", "empty"}, "", t == DType::kFloat);
  }
  for (DType t : allowed_elems(row, ValueType::kOptionalSequence)) {
    const ValueType type{ValueType::kOptionalSequence, t};
    add_value_case(out, "opt_seq_2",
                   Value::some(Value::sequence(t, tensors(row, value_type_key(type), "opt_seq_2", t, {{1, 3}, {2}}))),
                   {"optional", "sequence"}, "", true);
    if (!few(t)) continue;
    add_value_case(out, "opt_seq_empty", Value::none(type), {"optional", "sequence", "empty"});
    add_value_case(out, "opt_holding_empty_seq", Value::some(Value::sequence(t, {})), {"optional", "sequence", "empty"});
  }
  // V lists tensor(bfloat16) but no seq(tensor(bfloat16)).
  const std::string key = value_type_key({ValueType::kSequence, DType::kBFloat16});
  add_value_case(out, "refuse_seq_bfloat16",
                 Value::sequence(DType::kBFloat16, tensors(row, key, "refuse_seq_bfloat16", DType::kBFloat16, {{2}})),
                 {"sequence", "type"}, row.label() + ": V has no seq(tensor(bfloat16)) (tensor(bfloat16) only)");
}

}  // namespace touchstone::cases
