// A graph value, of every kind IR.md names: a tensor, a sequence (of tensors, or of maps as
// ai.onnx.ml's ZipMap gives), a map (ai.onnx.ml: keys of one integer or string type, each
// with a value of one type), an optional (empty, or holding a tensor, a sequence or a map),
// and a sparse tensor (the form a Constant's sparse_value is stored in; Constant itself
// densifies it, as its output type tensor(T) says). A sequence knows its element type
// even when empty, an optional the type it would hold, a map its key and value types, so
// every value has one ONNX type string ("tensor(float)", "seq(tensor(int64))",
// "optional(seq(tensor(bool)))", "map(int64, float)", "seq(map(string, float))",
// "sparse_tensor(float)"). Map types are written as ONNX's operator documents and type
// constraints write them (a comma and a space; a map value declared a scalar — rank 0 —
// is the bare element type, "float", as ONNX's type grammar has it; ONNX's C++ writes
// the same without the space).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "reference/tensor.h"

namespace touchstone {

// The type of a value, as ONNX's type constraints write it. The first four kinds are the
// ones with a tensor element type in `dtype` ({kSequence, kFloat} is seq(tensor(float)));
// a sequence or optional of maps has its element type in `element`; a map has its key
// type in `dtype` and its value type in `element`.
struct ValueType {
  enum Kind { kTensor, kSequence, kOptionalTensor, kOptionalSequence, kMap, kOptionalMap, kSparseTensor };
  Kind kind = kTensor;
  DType dtype = DType::kFloat;  // the tensor's, the sequence's tensors', a sparse tensor's; a map's key type
  // A sequence's (or held sequence's) element type when it is not tensor(dtype); a map's value type.
  std::shared_ptr<const ValueType> element = nullptr;
  // kTensor only: a tensor of rank 0, written as its bare element type ("float"); used for a
  // map's values, as ONNX's map(string, float) declares them.
  bool scalar = false;

  static ValueType tensor(DType dtype) { return {kTensor, dtype}; }
  static ValueType scalar_of(DType dtype) { return {kTensor, dtype, nullptr, true}; }
  static ValueType sparse(DType dtype) { return {kSparseTensor, dtype}; }
  // seq(tensor(T)) or seq(map(...)); other element kinds throw kNotImplemented.
  static ValueType sequence_of(const ValueType& elem);
  // map(K, V): K an integer type (int8..uint64) or string (onnx.proto's rule, else
  // std::logic_error); V a tensor, scalar, sequence or map type.
  static ValueType map_of(DType key, const ValueType& value);
  // optional(T) of a tensor, sequence or map type; other kinds throw kNotImplemented.
  static ValueType optional_of(const ValueType& held);

  std::string to_string() const;  // "optional(seq(tensor(float)))", "map(int64, float)"
  bool is_optional() const { return kind == kOptionalTensor || kind == kOptionalSequence || kind == kOptionalMap; }
  bool holds_sequence() const { return kind == kSequence || kind == kOptionalSequence; }
  bool holds_map() const { return kind == kMap || kind == kOptionalMap; }
  // A sequence's elements' type; a map's values' type; an optional's held type.
  ValueType element_type() const;
  ValueType held_type() const;
  friend bool operator==(const ValueType& a, const ValueType& b);
};

// A map key: an integer (int64; a uint64 key as its bits, as MapProto stores it) or a string.
using MapKey = std::variant<int64_t, std::string>;

// A sparse tensor in COO form, as SparseTensorProto holds it: the dense shape, the nonzero
// values (1-D) and their indices (int64, [NNZ] linearized or [NNZ, rank]).
struct SparseTensor {
  Shape dense_shape;
  Tensor values;
  Tensor indices;
  friend bool operator==(const SparseTensor&, const SparseTensor&) = default;
};

class Value {
 public:
  Value() : Value(Tensor()) {}
  Value(Tensor tensor);  // NOLINT: a tensor is a value
  // A sequence of tensors of one element type (checked; empty is allowed).
  static Value sequence(DType elem, std::vector<Tensor> items);
  // A sequence of maps (or of tensors) of one type `elem` (each element checked).
  static Value sequence_of(const ValueType& elem, std::vector<Value> items);
  // A map: keys of type `key`, each value fitting `value_type` (a scalar type admits rank-0
  // tensors). Entries are kept in ascending key order (a map is an associative table: the
  // order of its entries carries no meaning); a duplicate key or a key outside its type's
  // range throws kMalformed.
  static Value map(DType key, const ValueType& value_type, std::vector<std::pair<MapKey, Value>> entries);
  // A sparse tensor (shapes checked: values 1-D, indices int64 [NNZ] or [NNZ, rank]).
  static Value sparse(SparseTensor sparse);
  // An empty optional of the given optional type.
  static Value none(ValueType type);
  // An optional holding a tensor, a sequence or a map (`held` must not itself be optional).
  static Value some(Value held);

  const ValueType& type() const { return type_; }
  std::string type_string() const { return type_.to_string(); }
  bool is_tensor() const { return type_.kind == ValueType::kTensor; }
  bool is_sequence() const { return type_.kind == ValueType::kSequence; }
  bool is_map() const { return type_.kind == ValueType::kMap; }
  bool is_sparse() const { return type_.kind == ValueType::kSparseTensor; }
  bool is_optional() const { return type_.is_optional(); }
  // An optional with a value (false for an empty optional; true for every other value).
  bool has_value() const { return has_value_; }

  // The tensor (a tensor, or an optional holding one); throws std::logic_error otherwise.
  const Tensor& tensor() const;
  // The same tensor, moved out of the value (which is left holding a moved-from tensor).
  Tensor take_tensor() &&;
  // The elements of a sequence of tensors (or of the one an optional holds); throws otherwise.
  const std::vector<Tensor>& items() const;
  // The elements of any sequence (or held sequence) as values: tensors or maps.
  std::vector<Value> elements() const;
  // A map's (or held map's) keys, ascending, and its values in the same order.
  const std::vector<MapKey>& map_keys() const;
  const std::vector<Value>& map_values() const;
  // The value a map (or held map) gives `key`; nullptr when it has none.
  const Value* map_find(const MapKey& key) const;
  const SparseTensor& sparse() const;
  // What an optional holds (a tensor, a sequence or a map); throws for an empty optional.
  Value held() const;

  // Same type, and equal content (tensors bit for bit; maps entry by entry).
  friend bool operator==(const Value& a, const Value& b);

 private:
  ValueType type_;
  bool has_value_ = true;
  std::vector<Tensor> tensors_;  // the tensor (one), or a sequence's tensors
  std::vector<Value> values_;    // a sequence's maps; a map's values (in key order)
  std::vector<MapKey> keys_;     // a map's keys, ascending
  std::shared_ptr<const SparseTensor> sparse_;  // a sparse tensor's parts (immutable, shared by copies)
};

using Values = std::vector<Value>;

// Whether `value` is of `type`: its type exactly, or a rank-0 tensor of a scalar type.
bool fits(const ValueType& type, const Value& value);

// "7", "\"a\"": a map key as text.
std::string map_key_string(const MapKey& key);

// "float32 (2,3) [...]" for a tensor; "seq(tensor(float)) [2 tensors: ...]" for a sequence;
// "optional(tensor(float)) empty" / "optional(...) holding ..." for an optional;
// "map(int64, float) [2 entries: 1: float32 () [0.5]; 3: ...]" for a map (keys ascending);
// "sparse_tensor(float) (3,4) 2 nonzeros: values ..., indices ..." for a sparse tensor.
std::string describe(const Value& value, size_t max_values = 8);

// Every value in `values` as a tensor; throws Error(kNotImplemented) naming `what` and the
// first non-tensor value's type (for callers that only handle tensors). Pass an rvalue to
// move the tensors out rather than copy them.
std::vector<Tensor> tensors_of(Values values, const std::string& what);

}  // namespace touchstone
