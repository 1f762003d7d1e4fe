// A graph value: a tensor, a sequence of tensors, or an optional (empty, or holding a
// tensor or a sequence of tensors) — the value kinds of IR.md that the reference carries.
// Maps and sparse tensors are not values here (a model using them is refused as not
// implemented). A sequence knows its element type even when empty; an optional knows the
// type it would hold even when empty, so every value has one ONNX type string
// ("tensor(float)", "seq(tensor(int64))", "optional(seq(tensor(bool)))").
#pragma once
#include <string>
#include <vector>

#include "reference/tensor.h"

namespace touchstone {

// The type of a value, as ONNX's type constraints write it.
struct ValueType {
  enum Kind { kTensor, kSequence, kOptionalTensor, kOptionalSequence };
  Kind kind = kTensor;
  DType dtype = DType::kFloat;  // the tensor's, or the (held) sequence's element type
  std::string to_string() const;  // "optional(seq(tensor(float)))"
  bool is_optional() const { return kind == kOptionalTensor || kind == kOptionalSequence; }
  bool holds_sequence() const { return kind == kSequence || kind == kOptionalSequence; }
  friend bool operator==(const ValueType&, const ValueType&) = default;
};

class Value {
 public:
  Value() : Value(Tensor()) {}
  Value(Tensor tensor);  // NOLINT: a tensor is a value
  // A sequence of tensors of one element type (checked; empty is allowed).
  static Value sequence(DType elem, std::vector<Tensor> items);
  // An empty optional of the given optional type.
  static Value none(ValueType type);
  // An optional holding a tensor or a sequence (`held` must not itself be optional).
  static Value some(Value held);

  const ValueType& type() const { return type_; }
  std::string type_string() const { return type_.to_string(); }
  bool is_tensor() const { return type_.kind == ValueType::kTensor; }
  bool is_sequence() const { return type_.kind == ValueType::kSequence; }
  bool is_optional() const { return type_.is_optional(); }
  // An optional with a value (false for an empty optional; true for tensors and sequences).
  bool has_value() const { return has_value_; }

  // The tensor (a tensor, or an optional holding one); throws std::logic_error otherwise.
  const Tensor& tensor() const;
  // The same tensor, moved out of the value (which is left holding a moved-from tensor).
  Tensor take_tensor() &&;
  // The elements of a sequence, or of the sequence an optional holds; throws otherwise.
  const std::vector<Tensor>& items() const;
  // What an optional holds (a tensor or a sequence); throws for an empty optional.
  Value held() const;

  friend bool operator==(const Value&, const Value&) = default;

 private:
  ValueType type_;
  bool has_value_ = true;
  std::vector<Tensor> tensors_;  // the tensor (one), or the sequence's elements
};

using Values = std::vector<Value>;

// "float32 (2,3) [...]" for a tensor; "seq(tensor(float)) [2 tensors: ...]" for a sequence;
// "optional(tensor(float)) empty" / "optional(...) holding ..." for an optional.
std::string describe(const Value& value, size_t max_values = 8);

// Every value in `values` as a tensor; throws Error(kNotImplemented) naming `what` and the
// first non-tensor value's type (for callers that only handle tensors). Pass an rvalue to
// move the tensors out rather than copy them.
std::vector<Tensor> tensors_of(Values values, const std::string& what);

}  // namespace touchstone
