// touchstone's own schema table: every op-version ONNX defines through ONNX 1.23 (opset 28;
// ai.onnx.ml 5; ai.onnx.preview 1; ai.onnx.preview.training 1), facts only, generated from
// the specification text by tools/dev/gen_schema_table.py into schema_table.cpp.
// Debian's libonnx (1.12, opset 17) is no longer consulted for schemas.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace touchstone {

// An attribute's kind, as the specification names it ("list of ints" is kInts).
enum class AttrType {
  kFloat, kInt, kString, kTensor, kGraph, kSparseTensor, kTypeProto,
  kFloats, kInts, kStrings, kTensors, kGraphs, kSparseTensors, kTypeProtos,
};
// "float", "list of ints", ... as the specification writes them.
const char* attr_type_name(AttrType t);
// The AttributeProto.AttributeType code of a kind (FLOAT = 1, INT = 2, ...).
int attr_type_code(AttrType t);

struct AttrSchema {
  std::string_view name;
  AttrType type;
  bool required;
  const char* default_value;  // as the text gives it ("0", "1e-05", "up", "['Tanh', 'Tanh']"); nullptr: none
};

enum class FormalOption { kSingle, kOptional, kVariadic };

struct FormalSchema {
  std::string_view name;
  std::string_view type;  // a type parameter ("T") or a fixed type ("tensor(int64)")
  FormalOption option;
  bool homogeneous;  // a variadic whose values share one type
  int min_arity;     // a variadic's least number of values (1 otherwise)
};

struct TypeConstraint {
  std::string_view param;
  std::vector<std::string_view> allowed;  // "tensor(float)", "seq(tensor(int8))", "map(int64, float)"
};

struct Count {
  int min;
  int max;  // -1: unbounded
};

struct Schema {
  std::string_view domain;  // "" is ai.onnx
  std::string_view op;
  int since_version;
  bool deprecated;
  Count input_count;
  Count output_count;
  std::vector<AttrSchema> attributes;
  std::vector<FormalSchema> inputs;
  std::vector<FormalSchema> outputs;
  std::vector<TypeConstraint> types;

  // "Sub-7"; "ai.onnx.ml.LabelEncoder-2" outside the default domain. Also the op-version's
  // anchor in ONNX's Changelog.md / Changelog-ml.md.
  std::string label() const;
  const AttrSchema* attribute(std::string_view name) const;
  const TypeConstraint* constraint(std::string_view param) const;
  // The formal parameter that actual input/output `i` binds to (a trailing variadic takes
  // the rest); nullptr when there is none.
  const FormalSchema* input_formal(size_t i) const;
  const FormalSchema* output_formal(size_t i) const;
  // The element types a formal allows: its constraint's list, or its fixed type.
  std::vector<std::string_view> allowed_types(const FormalSchema& formal) const;
};

struct DomainOpset {
  std::string_view domain;
  int max_opset;
};

// Every op-version, sorted by (domain, op, since_version).
const std::vector<Schema>& schema_table();
// The newest opset of each domain the text defines.
const std::vector<DomainOpset>& schema_domains();

// The schema of exactly (domain, op, since_version); nullptr if the text has none.
const Schema* find_schema(std::string_view domain, std::string_view op, int since_version);


}  // namespace touchstone
