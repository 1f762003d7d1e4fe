// Case specs of SequenceEmpty, SequenceConstruct, SequenceInsert, SequenceErase, SequenceAt
// and SequenceLength (reference/ops/sequence/sequence_edit.cpp), every element type S
// allows (each with both position types where there is a position): positions at the
// front, the back, negative ones, -n and n (insert) and -n and n-1 (erase, at); insert at
// the end and erase of the last with no position; empty and one-element sequences; tensors
// of different shapes; special values carried bit for bit. Refusals named after the rule:
// positions out of range, a position that is not a scalar, a tensor of another type than
// the sequence's, erasing from an empty sequence, SequenceEmpty's dtype outside S.
#include "cases/specs/sequence/sequence_drafts.h"

namespace touchstone::cases {

namespace {

using namespace seqdraft;

const std::vector<Shape> kMixed = {{2, 3}, {}, {0, 4}};
constexpr DType kIndexTypes[] = {DType::kInt64, DType::kInt32};

Value specials_seq() {
  return Value::sequence(DType::kFloat, {special_values(DType::kFloat), special_values(DType::kFloat)});
}

}  // namespace

void sequence_empty_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "S", ValueType::kSequence))
    d.add("dtype_" + std::string(dtype_short_name(t)), {}, {output_tag({ValueType::kSequence, t})}, {make_attr("dtype", static_cast<int64_t>(t))}, "",
          true);
  // No values to carry: the special case is the attribute left out (float, by the text).
  d.add("default_dtype", {}, {output_tag({ValueType::kSequence, DType::kFloat}), "special-values"});
  d.add("refuse_dtype_bfloat16", {}, {"attribute"}, {make_attr("dtype", static_cast<int64_t>(DType::kBFloat16))},
        "dtype bfloat16 gives seq(tensor(bfloat16)), which S does not allow");
  d.add("refuse_dtype_unknown", {}, {"attribute"}, {make_attr("dtype", int64_t{0})}, "dtype 0 is not an element type");
}

void sequence_construct_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "T", ValueType::kTensor)) {
    const auto items = d.tensors(t, "three", kMixed);
    d.add("three", Values(items.begin(), items.end()), {output_tag({ValueType::kSequence, t})}, {}, "", true);
    if (t != DType::kFloat) continue;
    d.add("one", {Value(d.tensors(t, "one", {{5}}).front())}, {output_tag({ValueType::kSequence, t})});
  }
  d.add("special_values", {special_values(DType::kFloat), special_values(DType::kFloat)},
        {output_tag({ValueType::kSequence, DType::kFloat}), "special-values"});
  d.add("refuse_type_mismatch", {Value(tensor_of(DType::kFloat, {1}, {1})), Value(tensor_of(DType::kDouble, {1}, {1}))},
        {"type"}, {}, "the inputs are one type T: float and double given");
}

void sequence_insert_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "S", ValueType::kSequence)) {
    const Value s = d.seq(t, "seq", kMixed);
    const Tensor x = d.tensors(t, "tensor", {{3, 1}}).front();
    for (DType i : kIndexTypes) d.add("at_1", {s, x, index_scalar(i, 1)}, {"position"}, {}, "", true);
    if (t != DType::kFloat && t != DType::kString) continue;
    d.add("at_end_no_position", {s, x}, {"position"});
    for (int64_t p : {0, 3, -1, -3}) d.add("at_" + std::to_string(p), {s, x, index_scalar(DType::kInt64, p)}, {"position"});
    d.add("into_empty", {Value::sequence(t, {}), x, index_scalar(DType::kInt64, 0)}, {"empty"});
    d.add("into_empty_no_position", {Value::sequence(t, {}), x}, {"empty"});
  }
  const Value s = d.seq(DType::kFloat, "seq", kMixed);
  d.add("special_values", {specials_seq(), special_values(DType::kFloat), index_scalar(DType::kInt64, 1)},
        {"special-values"});
  for (int64_t p : {4, -4})
    d.add("refuse_position_" + std::to_string(p), {s, tensor_of(DType::kFloat, {1}, {1}), index_scalar(DType::kInt64, p)},
          {"position"}, {}, "position " + std::to_string(p) + " is outside [-n, n] = [-3, 3]");
  d.add("refuse_position_not_scalar", {s, tensor_of(DType::kFloat, {1}, {1}), tensor_of(DType::kInt64, {1}, {0})},
        {"position"}, {}, "position must be a scalar (tensor of empty shape)");
  d.add("refuse_tensor_type", {s, tensor_of(DType::kDouble, {1}, {1})}, {"type"}, {},
        "'tensor' must have the same data type as 'input_sequence'");
}

void sequence_erase_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "S", ValueType::kSequence)) {
    const Value s = d.seq(t, "seq", kMixed);
    for (DType i : kIndexTypes) d.add("at_1", {s, index_scalar(i, 1)}, {"position"}, {}, "", true);
    if (t != DType::kFloat && t != DType::kString) continue;
    d.add("last_no_position", {s}, {"position"});
    for (int64_t p : {0, 2, -1, -3}) d.add("at_" + std::to_string(p), {s, index_scalar(DType::kInt64, p)}, {"position"});
    d.add("only_one", {d.seq(t, "one", {{2}})}, {"position"});
  }
  const Value s = d.seq(DType::kFloat, "seq", kMixed);
  d.add("special_values", {specials_seq(), index_scalar(DType::kInt64, 0)}, {"special-values"});
  for (int64_t p : {3, -4})
    d.add("refuse_position_" + std::to_string(p), {s, index_scalar(DType::kInt64, p)}, {"position"}, {},
          "position " + std::to_string(p) + " is outside [-n, n - 1] = [-3, 2]");
  d.add("refuse_empty_no_position", {Value::sequence(DType::kFloat, {})}, {"position", "empty"}, {},
        "an empty sequence has no last tensor to erase");
  d.add("refuse_empty_position_0", {Value::sequence(DType::kFloat, {}), index_scalar(DType::kInt64, 0)},
        {"position", "empty"}, {}, "position 0 is outside [-n, n - 1] = [0, -1]");
  d.add("refuse_position_not_scalar", {s, tensor_of(DType::kInt32, {1}, {0})}, {"position"}, {},
        "position must be a scalar (tensor of empty shape)");
}

void sequence_at_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "S", ValueType::kSequence)) {
    const Value s = d.seq(t, "seq", kMixed);
    for (DType i : kIndexTypes)
      d.add("at_0", {s, index_scalar(i, 0)}, {output_tag(ValueType::tensor(t))}, {}, "", true);
    if (t != DType::kFloat && t != DType::kString) continue;
    for (int64_t p : {1, 2, -1, -3})
      d.add("at_" + std::to_string(p), {s, index_scalar(DType::kInt64, p)}, {output_tag(ValueType::tensor(t))});
  }
  const Value s = d.seq(DType::kFloat, "seq", kMixed);
  d.add("special_values", {specials_seq(), index_scalar(DType::kInt64, -1)},
        {output_tag(ValueType::tensor(DType::kFloat)), "special-values"});
  for (int64_t p : {3, -4})
    d.add("refuse_position_" + std::to_string(p), {s, index_scalar(DType::kInt64, p)}, {"position"}, {},
          "position " + std::to_string(p) + " is outside [-n, n - 1] = [-3, 2]");
  d.add("refuse_empty", {Value::sequence(DType::kFloat, {}), index_scalar(DType::kInt32, 0)}, {"position", "empty"}, {},
        "an empty sequence has no position");
  d.add("refuse_position_not_scalar", {s, tensor_of(DType::kInt64, {1}, {0})}, {"position"}, {},
        "position must be a scalar (tensor of empty shape)");
}

void sequence_length_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "S", ValueType::kSequence)) {
    d.add("three", {d.seq(t, "seq", kMixed)}, {}, {}, "", true);
    if (t == DType::kFloat) d.add("empty", {Value::sequence(t, {})}, {"empty"});
  }
  d.add("special_values", {specials_seq()}, {"special-values"});
  d.add("refuse_tensor", {Value(tensor_of(DType::kFloat, {2}, {1, 2}))}, {"type"}, {},
        "input_sequence is S, a sequence type: a tensor is refused");
}

}  // namespace touchstone::cases
