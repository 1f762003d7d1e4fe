// Reading and writing graph values (value.h) as ONNX stores them in its test layout: a
// tensor as a TensorProto, a sequence as a SequenceProto (elem_type TENSOR with the
// elements in tensor_values, or MAP with them in map_values), a map as a MapProto
// (key_type; keys, or string_keys for string keys; the values as a SequenceProto of the
// value type), an optional as an OptionalProto (elem_type TENSOR, SEQUENCE or MAP; no value
// field set when empty). The protos share field numbers, so a file is read as the kind its
// graph input or output declares; the declared type also gives an empty sequence's (or
// map's, or empty optional's) element types, which the protos do not store. Sparse tensors
// are neither read nor written here (kNotImplemented).
// Anything malformed throws Error(kMalformed) naming the file and what is wrong.
#pragma once
#include <filesystem>
#include <string>

#include "onnx/onnx-data_pb.h"
#include "onnx/onnx_pb.h"
#include "reference/value.h"

namespace touchstone {

// A declared graph type as text: "tensor(float)", "seq(tensor(int64))",
// "optional(seq(tensor(bool)))", "map(int64, float)" (a map value declared rank 0 is its
// bare element type), "seq(map(string, tensor(double)))", "sparse_tensor(float)".
std::string type_proto_string(const onnx::TypeProto& type);

// The declaration of a value type (element shapes left undeclared).
onnx::TypeProto type_proto_of(const ValueType& type);

// The value type a declaration names. Sequences of other than tensors and maps, maps of
// optionals or sparse tensors, and optionals of optionals or sparse tensors throw
// kNotImplemented (the reference does not carry them); a declaration with no type, an
// element type of 0 or unknown, or a map key type other than an integer or string throws
// kMalformed. `where` names the declaration.
ValueType value_type_of(const onnx::TypeProto& type, const std::string& where);

// A value against a declared type: "" when it fits (kind, element type where declared,
// shape where a tensor's is declared), else the reason ("is declared seq(tensor(float)) but
// is tensor(float)").
std::string value_mismatch(const onnx::TypeProto& declared, const Value& value);

// The element tensors of a value read as the declaration names them (ONNX 1.12 stores
// bfloat16 as uint16 bits: model.h as_declared, applied to each tensor).
Value value_as_declared(Value value, const onnx::TypeProto& declared);

onnx::SequenceProto sequence_to_proto(const Value& sequence, const std::string& name = "");
onnx::MapProto map_to_proto(const Value& map, const std::string& name = "");
onnx::OptionalProto optional_to_proto(const Value& optional, const std::string& name = "");
// `declared` is the type the graph declares for the value (its kind must match the proto's).
Value sequence_from_proto(const onnx::SequenceProto& proto, const onnx::TypeProto& declared,
                          const std::filesystem::path& base_dir, const std::string& where);
Value optional_from_proto(const onnx::OptionalProto& proto, const onnx::TypeProto& declared,
                          const std::filesystem::path& base_dir, const std::string& where);
// A map: the key_type and keys as declared, as many values as keys, no key twice, each
// key within its type's range, each value of the declared value type (else kMalformed).
Value map_from_proto(const onnx::MapProto& proto, const onnx::TypeProto& declared,
                     const std::filesystem::path& base_dir, const std::string& where);

// A value file (input_N.pb / output_N.pb), read as `declared` says; parse_value reads the
// same from the file's bytes (external data located against `base_dir`).
Value read_value_file(const std::filesystem::path& path, const onnx::TypeProto& declared);
Value parse_value(const std::string& bytes, const onnx::TypeProto& declared, const std::filesystem::path& base_dir,
                  const std::string& where);
// The bytes write_value_file writes: a TensorProto, SequenceProto, MapProto or OptionalProto.
std::string serialize_value(const Value& value, const std::string& name, const std::string& where);
void write_value_file(const std::filesystem::path& path, const Value& value, const std::string& name = "");

}  // namespace touchstone
