#include "reference/schema.h"

#include <algorithm>
#include <tuple>

namespace touchstone {

const char* attr_type_name(AttrType t) {
  switch (t) {
    case AttrType::kFloat: return "float";
    case AttrType::kInt: return "int";
    case AttrType::kString: return "string";
    case AttrType::kTensor: return "tensor";
    case AttrType::kGraph: return "graph";
    case AttrType::kSparseTensor: return "sparse_tensor";
    case AttrType::kTypeProto: return "type_proto";
    case AttrType::kFloats: return "list of floats";
    case AttrType::kInts: return "list of ints";
    case AttrType::kStrings: return "list of strings";
    case AttrType::kTensors: return "list of tensors";
    case AttrType::kGraphs: return "list of graphs";
    case AttrType::kSparseTensors: return "list of sparse_tensors";
    case AttrType::kTypeProtos: return "list of type_protos";
  }
  return "?";
}

int attr_type_code(AttrType t) {
  // AttributeProto.AttributeType (onnx.proto).
  switch (t) {
    case AttrType::kFloat: return 1;
    case AttrType::kInt: return 2;
    case AttrType::kString: return 3;
    case AttrType::kTensor: return 4;
    case AttrType::kGraph: return 5;
    case AttrType::kFloats: return 6;
    case AttrType::kInts: return 7;
    case AttrType::kStrings: return 8;
    case AttrType::kTensors: return 9;
    case AttrType::kGraphs: return 10;
    case AttrType::kSparseTensor: return 11;
    case AttrType::kSparseTensors: return 12;
    case AttrType::kTypeProto: return 13;
    case AttrType::kTypeProtos: return 14;
  }
  return 0;
}

std::string Schema::label() const {
  std::string s = domain.empty() ? "" : std::string(domain) + ".";
  return s + std::string(op) + "-" + std::to_string(since_version);
}

const AttrSchema* Schema::attribute(std::string_view name) const {
  for (const auto& a : attributes)
    if (a.name == name) return &a;
  return nullptr;
}

const TypeConstraint* Schema::constraint(std::string_view param) const {
  for (const auto& c : types)
    if (c.param == param) return &c;
  return nullptr;
}

namespace {
const FormalSchema* formal_at(const std::vector<FormalSchema>& formals, size_t i) {
  if (formals.empty()) return nullptr;
  if (i < formals.size()) return &formals[i];
  return formals.back().option == FormalOption::kVariadic ? &formals.back() : nullptr;
}
}  // namespace

const FormalSchema* Schema::input_formal(size_t i) const { return formal_at(inputs, i); }
const FormalSchema* Schema::output_formal(size_t i) const { return formal_at(outputs, i); }

std::vector<std::string_view> Schema::allowed_types(const FormalSchema& formal) const {
  if (const auto* c = constraint(formal.type)) return c->allowed;
  return {formal.type};
}

const Schema* find_schema(std::string_view domain, std::string_view op, int since_version) {
  if (domain == "ai.onnx") domain = "";
  const auto& table = schema_table();
  using Key = std::tuple<std::string_view, std::string_view, int>;
  auto it = std::lower_bound(table.begin(), table.end(), Key{domain, op, since_version},
                             [](const Schema& s, const Key& key) {
                               return Key{s.domain, s.op, s.since_version} < key;
                             });
  if (it == table.end() || it->domain != domain || it->op != op || it->since_version != since_version)
    return nullptr;
  return &*it;
}

}  // namespace touchstone
