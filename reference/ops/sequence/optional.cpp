// The optional ops (value kernels).
//
// Optional-15: an optional holding the input (a tensor or a sequence), or, with no input,
// an empty optional of the attribute `type` (required then; when both are given the
// input's type must be `type`). OptionalGetElement-15: what a non-empty optional holds;
// 18 also takes a tensor or a sequence and gives it back. An empty optional is "an error
// ... the behavior is undefined": the reference refuses it (a backend that runs it is
// divergent, not failed). OptionalHasElement-15: whether the optional holds a value (a
// bool scalar); 18: true for a tensor or a sequence, false for an absent input.
#include <string>

#include "reference/ops/sequence/sequence_ops.h"
#include "reference/value_proto.h"

namespace touchstone::ops {

namespace {

const onnx::TypeProto* optional_type_attr(const Node& node) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == "type" && a.has_tp()) return &a.tp();
  return nullptr;
}

Tensor bool_scalar(bool b) { return Tensor::from_values<bool>({}, {b}); }

}  // namespace

// Optional-15.
Values optional_v15(const Node& node, const ValueInputs& in) {
  const onnx::TypeProto* declared = optional_type_attr(node);
  if (in.has(0)) {
    const Value& v = in[0];
    if (declared) {
      const ValueType t = value_type_of(*declared, "the attribute type");
      if (!(t == v.type()))
        invalid_model("the input is " + v.type_string() + " but the attribute type says " + t.to_string() +
                      "; the optional's element type is one");
    }
    return {Value::some(v)};
  }
  if (!declared) invalid_model("with no input, the attribute type is required (the empty optional's element type)");
  const ValueType held = value_type_of(*declared, "the attribute type");
  if (held.kind != ValueType::kTensor && held.kind != ValueType::kSequence)
    invalid_model("the attribute type is " + held.to_string() + "; O allows optionals of tensors and of sequences only");
  return {Value::none(ValueType::optional_of(held))};
}

// OptionalGetElement-15 and 18 (18's type constraint admits tensors and sequences too).
Values optional_get_element_v15(const Node&, const ValueInputs& in) {
  const Value& v = in[0];
  if (!v.is_optional()) return {v};
  if (!v.has_value())
    invalid_model("the input is an empty optional: it has no element (ONNX: an error, the behavior undefined)");
  return {v.held()};
}

// OptionalHasElement-15 and 18 (18: the input may be absent, or a tensor or a sequence).
Values optional_has_element_v15(const Node&, const ValueInputs& in) {
  if (!in.has(0)) return {bool_scalar(false)};
  return {bool_scalar(in[0].has_value())};
}

}  // namespace touchstone::ops
