// Case specs of Optional, OptionalGetElement and OptionalHasElement (reference/ops/sequence/
// optional.cpp), every type each version allows: an optional of each tensor and sequence
// type (Optional's input, with `type` given too for some), the empty optional of each type
// from `type`; GetElement of each optional kind (18: of plain tensors and sequences too);
// HasElement of holding and empty optionals (18: tensors, sequences, an absent input).
// Refusals: Optional with neither input nor type, a type disagreeing with the input;
// GetElement of an empty optional (undefined by the text: a backend running it is
// divergent), a plain tensor or sequence into the 15 versions.
#include "cases/specs/sequence/sequence_drafts.h"
#include "reference/value_proto.h"

namespace touchstone::cases {

namespace {

using namespace seqdraft;

onnx::AttributeProto type_attr(const ValueType& held) {
  onnx::AttributeProto a;
  a.set_name("type");
  a.set_type(onnx::AttributeProto::TYPE_PROTO);
  *a.mutable_tp() = type_proto_of(held);
  return a;
}

const std::vector<Shape> kTwo = {{2, 2}, {3}};

// A value of `kind` (tensor or sequence) of element type `t`.
Value held_value(const Drafter& d, ValueType::Kind kind, DType t, const std::string& name) {
  if (kind == ValueType::kTensor) return d.tensors(t, name, {{2, 3}}).front();
  return d.seq(t, name, kTwo);
}

ValueType optional_kind(ValueType::Kind held) {
  return {held == ValueType::kTensor ? ValueType::kOptionalTensor : ValueType::kOptionalSequence, DType::kFloat};
}

}  // namespace

void optional_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (auto kind : {ValueType::kTensor, ValueType::kSequence}) {
    for (DType t : elems_of(row, "V", kind)) {
      const ValueType held = kind == ValueType::kTensor ? ValueType::tensor(t) : ValueType{kind, t};
      const ValueType opt{optional_kind(kind).kind, t};
      d.add("holding", {held_value(d, kind, t, "holding")}, {output_tag(opt)}, {}, "", true);
      d.add("empty_from_type_" + value_type_key(opt), {}, {output_tag(opt), "empty"}, {type_attr(held)}, "", t == DType::kFloat);
      if (t == DType::kFloat || t == DType::kString)
        d.add("holding_with_type", {held_value(d, kind, t, "typed")}, {output_tag(opt)}, {type_attr(held)});
    }
  }
  d.add("holding_empty_sequence", {Value::sequence(DType::kInt64, {})},
        {output_tag({ValueType::kOptionalSequence, DType::kInt64}), "empty"});
  d.add("special_values", {special_values(DType::kFloat)},
        {output_tag({ValueType::kOptionalTensor, DType::kFloat}), "special-values"});
  d.add("refuse_no_input_no_type", {}, {"attribute"}, {}, "with no input, the attribute type is required");
  d.add("refuse_type_disagrees", {tensor_of(DType::kFloat, {1}, {1})}, {"attribute"},
        {type_attr(ValueType::tensor(DType::kInt64))}, "the input's type must be the attribute type");
}

void optional_get_element_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  const bool plain = row.since_version >= 18;
  for (auto kind : {ValueType::kTensor, ValueType::kSequence}) {
    const ValueType::Kind opt = optional_kind(kind).kind;
    for (DType t : elems_of(row, "O", opt)) {
      const ValueType held = kind == ValueType::kTensor ? ValueType::tensor(t) : ValueType{kind, t};
      d.add("holding", {Value::some(held_value(d, kind, t, "holding"))}, {output_tag(held)}, {}, "", true);
    }
    for (DType t : plain ? elems_of(row, "O", kind) : std::vector<DType>{}) {
      const ValueType held = kind == ValueType::kTensor ? ValueType::tensor(t) : ValueType{kind, t};
      d.add("plain", {held_value(d, kind, t, "plain")}, {output_tag(held)}, {}, "", true);
    }
  }
  d.add("special_values", {Value::some(special_values(DType::kFloat))},
        {output_tag(ValueType::tensor(DType::kFloat)), "special-values"});
  CaseDraft& empty = d.add("refuse_empty", {Value::none({ValueType::kOptionalTensor, DType::kFloat})}, {"empty"}, {},
                           "an empty optional has no element (an error, the behavior undefined)");
  empty.tags.push_back("undefined-if-run");
  if (!plain)
    d.add("refuse_plain_tensor", {tensor_of(DType::kFloat, {1}, {1})}, {"type"}, {},
          "O admits optionals only; plain tensors from OptionalGetElement-18");
}

void optional_has_element_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  const bool plain = row.since_version >= 18;
  for (auto kind : {ValueType::kTensor, ValueType::kSequence}) {
    const ValueType::Kind opt = optional_kind(kind).kind;
    for (DType t : elems_of(row, "O", opt)) {
      d.add("holding", {Value::some(held_value(d, kind, t, "holding"))}, {}, {}, "", true);
      d.add("empty", {Value::none({opt, t})}, {"empty"}, {}, "", t == DType::kFloat);
    }
    for (DType t : plain ? elems_of(row, "O", kind) : std::vector<DType>{})
      d.add("plain", {held_value(d, kind, t, "plain")}, {}, {}, "", true);
  }
  if (plain) d.add("absent_input", {}, {"empty"});
  d.add("special_values", {Value::some(special_values(DType::kFloat))}, {"special-values"});
  if (!plain)
    d.add("refuse_plain_tensor", {tensor_of(DType::kFloat, {1}, {1})}, {"type"}, {},
          "O admits optionals only; plain tensors from OptionalHasElement-18");
  else
    d.add("refuse_two_inputs", {Value::some(tensor_of(DType::kFloat, {1}, {1})), Value::some(tensor_of(DType::kFloat, {1}, {1}))},
          {"arity"}, {}, "it takes 0 or 1 inputs");
}

}  // namespace touchstone::cases
