#include "reference/value_proto.h"

#include "reference/model.h"
#include "reference/tensor_proto.h"

namespace touchstone {

namespace fs = std::filesystem;

namespace {

std::string tensor_elem_string(int code) {
  auto dtype = dtype_from_code(code);
  return dtype ? std::string(dtype_name(*dtype)) : "<type " + std::to_string(code) + ">";
}

// The declared element type of a tensor type, or nullopt when it is 0 (unknown).
std::optional<DType> declared_dtype(const onnx::TypeProto_Tensor& t, const std::string& where) {
  if (t.elem_type() == 0) return std::nullopt;
  auto dtype = dtype_from_code(t.elem_type());
  if (!dtype) malformed(where + ": declared element type " + std::to_string(t.elem_type()) + " is not an ONNX type");
  return dtype;
}

// A tensor against a declared tensor type (element type when known, shape when declared).
std::string tensor_mismatch(const onnx::TypeProto_Tensor& t, const Tensor& tensor) {
  if (t.elem_type() != 0 && t.elem_type() != static_cast<int>(tensor.dtype()))
    return "is declared tensor(" + tensor_elem_string(t.elem_type()) + ") but is tensor(" +
           std::string(dtype_name(tensor.dtype())) + ")";
  if (!t.has_shape()) return "";
  const auto& dims = t.shape().dim();
  bool differ = dims.size() != tensor.rank();
  for (int d = 0; !differ && d < dims.size(); ++d)
    differ = dims[d].has_dim_value() && dims[d].dim_value() != tensor.shape()[static_cast<size_t>(d)];
  if (!differ) return "";
  std::string text = "(";
  for (int d = 0; d < dims.size(); ++d)
    text += (d ? "," : "") + (dims[d].has_dim_value() ? std::to_string(dims[d].dim_value())
                                                      : dims[d].dim_param().empty() ? "?" : dims[d].dim_param());
  return "is declared with shape " + text + ") but has shape " + shape_to_string(tensor.shape());
}

Tensor element_as_declared(Tensor t, const onnx::TypeProto_Tensor& declared) {
  onnx::TypeProto wrapper;
  *wrapper.mutable_tensor_type() = declared;
  return as_declared(std::move(t), wrapper);
}

// The tensor type inside a sequence declaration (seq(tensor(...)) only).
const onnx::TypeProto_Tensor& sequence_elem(const onnx::TypeProto& seq, const std::string& where) {
  if (!seq.sequence_type().has_elem_type() || !seq.sequence_type().elem_type().has_tensor_type())
    not_implemented(where + ": " + type_proto_string(seq) + " (the reference carries sequences of tensors and of maps only)");
  return seq.sequence_type().elem_type().tensor_type();
}

DType known_dtype(const onnx::TypeProto_Tensor& t, const std::string& where) {
  auto dtype = declared_dtype(t, where);
  if (!dtype) malformed(where + ": the declaration gives no element type, which an empty value needs");
  return *dtype;
}

bool declares_map_sequence(const onnx::TypeProto& type) {
  return type.has_sequence_type() && type.sequence_type().elem_type().has_map_type();
}

// A map's value declaration as ONNX's type grammar writes it: a rank-0 tensor is its bare
// element type ("float"), as in map(string, float).
std::string map_value_string(const onnx::TypeProto& value) {
  if (value.has_tensor_type() && value.tensor_type().has_shape() && value.tensor_type().shape().dim_size() == 0)
    return tensor_elem_string(value.tensor_type().elem_type());
  return type_proto_string(value);
}

ValueType map_value_type(const onnx::TypeProto& value, const std::string& where) {
  if (value.has_tensor_type() && value.tensor_type().has_shape() && value.tensor_type().shape().dim_size() == 0)
    return ValueType::scalar_of(known_dtype(value.tensor_type(), where));
  if (value.has_optional_type() || value.has_sparse_tensor_type())
    not_implemented(where + ": a map whose values are " + type_proto_string(value));
  return value_type_of(value, where);
}

template <class Proto>
Proto parse_as(const std::string& bytes, const std::string& where, const char* name) {
  Proto proto;
  if (bytes.size() > static_cast<size_t>(INT_MAX) || !proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    malformed(where + ": not a " + name + " (protobuf parse failed)");
  return proto;
}

}  // namespace

// Declared in model.h; here so that the readers (and the fuzz target) need no executor.
Tensor as_declared(Tensor t, const onnx::TypeProto& declared) {
  if (t.dtype() != DType::kUInt16 || !declared.has_tensor_type()) return t;
  const int code = declared.tensor_type().elem_type();
  if (code != static_cast<int>(DType::kBFloat16) && code != static_cast<int>(DType::kFloat16)) return t;
  Tensor out(static_cast<DType>(code), t.shape());
  std::copy(t.bytes().begin(), t.bytes().end(), out.mutable_bytes().begin());
  return out;
}

std::string type_proto_string(const onnx::TypeProto& type) {
  switch (type.value_case()) {
    case onnx::TypeProto::kTensorType: return "tensor(" + tensor_elem_string(type.tensor_type().elem_type()) + ")";
    case onnx::TypeProto::kSequenceType:
      return "seq(" + (type.sequence_type().has_elem_type() ? type_proto_string(type.sequence_type().elem_type()) : "?") + ")";
    case onnx::TypeProto::kOptionalType:
      return "optional(" + (type.optional_type().has_elem_type() ? type_proto_string(type.optional_type().elem_type()) : "?") + ")";
    case onnx::TypeProto::kMapType:
      return "map(" + tensor_elem_string(type.map_type().key_type()) + ", " +
             (type.map_type().has_value_type() ? map_value_string(type.map_type().value_type()) : "?") + ")";
    case onnx::TypeProto::kSparseTensorType:
      return "sparse_tensor(" + tensor_elem_string(type.sparse_tensor_type().elem_type()) + ")";
    default: return "an undeclared type";
  }
}

onnx::TypeProto type_proto_of(const ValueType& type) {
  onnx::TypeProto proto;
  const int code = static_cast<int>(type.dtype);
  switch (type.kind) {
    case ValueType::kTensor:
      proto.mutable_tensor_type()->set_elem_type(code);
      if (type.scalar) proto.mutable_tensor_type()->mutable_shape();  // declared rank 0
      break;
    case ValueType::kSparseTensor: proto.mutable_sparse_tensor_type()->set_elem_type(code); break;
    case ValueType::kSequence: *proto.mutable_sequence_type()->mutable_elem_type() = type_proto_of(type.element_type()); break;
    case ValueType::kMap:
      proto.mutable_map_type()->set_key_type(code);
      *proto.mutable_map_type()->mutable_value_type() = type_proto_of(type.element_type());
      break;
    case ValueType::kOptionalTensor:
    case ValueType::kOptionalSequence:
    case ValueType::kOptionalMap: *proto.mutable_optional_type()->mutable_elem_type() = type_proto_of(type.held_type()); break;
  }
  return proto;
}

ValueType value_type_of(const onnx::TypeProto& type, const std::string& where) {
  switch (type.value_case()) {
    case onnx::TypeProto::kTensorType: return ValueType::tensor(known_dtype(type.tensor_type(), where));
    case onnx::TypeProto::kSparseTensorType: {
      onnx::TypeProto_Tensor elem;
      elem.set_elem_type(type.sparse_tensor_type().elem_type());
      return ValueType::sparse(known_dtype(elem, where));
    }
    case onnx::TypeProto::kSequenceType:
      if (declares_map_sequence(type)) return ValueType::sequence_of(value_type_of(type.sequence_type().elem_type(), where));
      return ValueType::sequence_of(ValueType::tensor(known_dtype(sequence_elem(type, where), where)));
    case onnx::TypeProto::kMapType: {
      const auto key = dtype_from_code(type.map_type().key_type());
      if (!key || !(is_integer_dtype(*key) || *key == DType::kString))
        malformed(where + ": " + type_proto_string(type) + " (a map's key type must be an integer type or string)");
      if (!type.map_type().has_value_type()) malformed(where + ": the map's value type is not declared");
      return ValueType::map_of(*key, map_value_type(type.map_type().value_type(), where));
    }
    case onnx::TypeProto::kOptionalType: {
      const auto& held = type.optional_type().elem_type();
      if (held.has_tensor_type() || held.has_sequence_type() || held.has_map_type())
        return ValueType::optional_of(value_type_of(held, where));
      not_implemented(where + ": " + type_proto_string(type) +
                      " (the reference carries optionals of tensors, sequences and maps only)");
    }
    default: malformed(where + ": the value's type is not declared");
  }
}

namespace {

// Whether a declaration is, or holds, a map: map(...), seq(map(...)), optional(of either).
bool involves_map(const onnx::TypeProto& type) {
  if (type.has_optional_type()) return involves_map(type.optional_type().elem_type());
  return type.has_map_type() || declares_map_sequence(type);
}

// A value against a declaration involving maps: the type strings first (they name every
// key and element type), then each element's or entry's tensor shapes.
std::string map_mismatch(const onnx::TypeProto& declared, const Value& value) {
  if (type_proto_string(declared) != value.type_string())
    return "is declared " + type_proto_string(declared) + " but is " + value.type_string();
  if (value.is_optional() && !value.has_value()) return "";
  if (value.is_optional()) {
    std::string why = value_mismatch(declared.optional_type().elem_type(), value.held());
    return why.empty() ? "" : "holds a value that " + why;
  }
  if (value.is_sequence()) {
    const auto elements = value.elements();
    for (size_t i = 0; i < elements.size(); ++i) {
      std::string why = value_mismatch(declared.sequence_type().elem_type(), elements[i]);
      if (!why.empty()) return "element " + std::to_string(i) + " " + why;
    }
    return "";
  }
  for (size_t i = 0; i < value.map_keys().size(); ++i) {
    std::string why = value_mismatch(declared.map_type().value_type(), value.map_values()[i]);
    if (!why.empty()) return "the value of key " + map_key_string(value.map_keys()[i]) + " " + why;
  }
  return "";
}

}  // namespace

std::string value_mismatch(const onnx::TypeProto& declared, const Value& value) {
  const std::string is = " but is " + value.type_string();
  if (involves_map(declared)) return map_mismatch(declared, value);
  if (value.type().element) return "is declared " + type_proto_string(declared) + is;  // a map, or holds maps
  switch (declared.value_case()) {
    case onnx::TypeProto::kSparseTensorType:
      if (!value.is_sparse() || declared.sparse_tensor_type().elem_type() != static_cast<int>(value.type().dtype))
        return "is declared " + type_proto_string(declared) + is;
      return "";
    case onnx::TypeProto::kTensorType:
      if (!value.is_tensor()) return "is declared " + type_proto_string(declared) + is;
      return tensor_mismatch(declared.tensor_type(), value.tensor());
    case onnx::TypeProto::kSequenceType: {
      if (!value.is_sequence() || !declared.sequence_type().elem_type().has_tensor_type())
        return "is declared " + type_proto_string(declared) + is;
      const auto& elem = declared.sequence_type().elem_type().tensor_type();
      if (elem.elem_type() != 0 && elem.elem_type() != static_cast<int>(value.type().dtype))
        return "is declared " + type_proto_string(declared) + is;
      for (size_t i = 0; i < value.items().size(); ++i) {
        std::string why = tensor_mismatch(elem, value.items()[i]);
        if (!why.empty()) return "element " + std::to_string(i) + " " + why;
      }
      return "";
    }
    case onnx::TypeProto::kOptionalType: {
      if (!value.is_optional()) return "is declared " + type_proto_string(declared) + is;
      const auto& held = declared.optional_type().elem_type();
      const bool want_sequence = held.has_sequence_type();
      if (want_sequence != value.type().holds_sequence()) return "is declared " + type_proto_string(declared) + is;
      const auto& elem = want_sequence ? held.sequence_type().elem_type().tensor_type() : held.tensor_type();
      if (elem.elem_type() != 0 && elem.elem_type() != static_cast<int>(value.type().dtype))
        return "is declared " + type_proto_string(declared) + is;
      if (!value.has_value()) return "";
      std::string why = value_mismatch(held, value.held());
      return why.empty() ? "" : "holds a value that " + why;
    }
    default: return "is declared " + type_proto_string(declared) + is;
  }
}

Value value_as_declared(Value value, const onnx::TypeProto& declared) {
  if (value.is_tensor()) return as_declared(value.tensor(), declared);
  if (value.is_optional()) {
    if (!value.has_value() || !declared.has_optional_type()) return value;
    return Value::some(value_as_declared(value.held(), declared.optional_type().elem_type()));
  }
  if (!declared.has_sequence_type() || !declared.sequence_type().elem_type().has_tensor_type()) return value;
  const auto& elem = declared.sequence_type().elem_type().tensor_type();
  std::vector<Tensor> items;
  for (const auto& t : value.items()) items.push_back(element_as_declared(t, elem));
  DType dtype = items.empty() ? value.type().dtype : items.front().dtype();
  return Value::sequence(dtype, std::move(items));
}

namespace {

// A sequence's elements, or a map's values, all of one kind (a tensor, a sequence or a
// map), as the SequenceProto that holds them.
void put_values(onnx::SequenceProto& proto, ValueType::Kind kind, const std::vector<Value>& values) {
  if (kind == ValueType::kTensor) {
    proto.set_elem_type(onnx::SequenceProto::TENSOR);
    for (const auto& v : values) *proto.add_tensor_values() = tensor_to_proto(v.tensor());
  } else if (kind == ValueType::kSequence) {
    proto.set_elem_type(onnx::SequenceProto::SEQUENCE);
    for (const auto& v : values) *proto.add_sequence_values() = sequence_to_proto(v);
  } else {
    proto.set_elem_type(onnx::SequenceProto::MAP);
    for (const auto& v : values) *proto.add_map_values() = map_to_proto(v);
  }
}

}  // namespace

onnx::SequenceProto sequence_to_proto(const Value& sequence, const std::string& name) {
  onnx::SequenceProto proto;
  if (!name.empty()) proto.set_name(name);
  put_values(proto, sequence.type().element ? ValueType::kMap : ValueType::kTensor, sequence.elements());
  return proto;
}

onnx::MapProto map_to_proto(const Value& map, const std::string& name) {
  onnx::MapProto proto;
  if (!name.empty()) proto.set_name(name);
  proto.set_key_type(static_cast<int>(map.type().dtype));
  for (const auto& key : map.map_keys()) {
    if (const auto* s = std::get_if<std::string>(&key)) proto.add_string_keys(*s);
    else proto.add_keys(std::get<int64_t>(key));
  }
  put_values(*proto.mutable_values(), map.type().element_type().kind, map.map_values());
  return proto;
}

onnx::OptionalProto optional_to_proto(const Value& optional, const std::string& name) {
  onnx::OptionalProto proto;
  if (!name.empty()) proto.set_name(name);
  const auto kind = optional.type().kind;
  proto.set_elem_type(kind == ValueType::kOptionalSequence ? onnx::OptionalProto::SEQUENCE
                      : kind == ValueType::kOptionalMap    ? onnx::OptionalProto::MAP
                                                           : onnx::OptionalProto::TENSOR);
  if (!optional.has_value()) return proto;
  if (kind == ValueType::kOptionalSequence) *proto.mutable_sequence_value() = sequence_to_proto(optional.held());
  else if (kind == ValueType::kOptionalMap) *proto.mutable_map_value() = map_to_proto(optional.held());
  else *proto.mutable_tensor_value() = tensor_to_proto(optional.tensor());
  return proto;
}

namespace {

// The elements a SequenceProto stores, read as `elem` (the declared element type) says;
// `count` is what the caller expects (-1: any). Elements of another kind are malformed.
std::vector<Value> elements_from_proto(const onnx::SequenceProto& proto, const onnx::TypeProto& elem,
                                       const fs::path& base_dir, const std::string& where) {
  const int want = elem.has_map_type() ? onnx::SequenceProto::MAP
                   : elem.has_sequence_type() ? onnx::SequenceProto::SEQUENCE
                                              : onnx::SequenceProto::TENSOR;
  const int stored = proto.tensor_values_size() + proto.sparse_tensor_values_size() + proto.sequence_values_size() +
                     proto.map_values_size() + proto.optional_values_size();
  const int wanted = want == onnx::SequenceProto::MAP        ? proto.map_values_size()
                     : want == onnx::SequenceProto::SEQUENCE ? proto.sequence_values_size()
                                                             : proto.tensor_values_size();
  if (proto.elem_type() != want || stored != wanted)
    malformed(where + ": the values are stored with elem_type " + std::to_string(proto.elem_type()) + " where " +
              type_proto_string(elem) + " (elem_type " + std::to_string(want) + ") is declared");
  std::vector<Value> out;
  for (int i = 0; i < wanted; ++i) {
    const std::string at = where + " element " + std::to_string(i);
    if (want == onnx::SequenceProto::MAP) out.push_back(map_from_proto(proto.map_values(i), elem, base_dir, at));
    else if (want == onnx::SequenceProto::SEQUENCE) out.push_back(sequence_from_proto(proto.sequence_values(i), elem, base_dir, at));
    else out.emplace_back(element_as_declared(tensor_from_proto(proto.tensor_values(i), base_dir, at), elem.tensor_type()));
  }
  return out;
}

MapKey key_from_proto(const onnx::MapProto& proto, int i, DType key) {
  if (key == DType::kString) return proto.string_keys(i);
  return proto.keys(i);
}

}  // namespace

Value map_from_proto(const onnx::MapProto& proto, const onnx::TypeProto& declared, const fs::path& base_dir,
                     const std::string& where) {
  if (!declared.has_map_type()) malformed(where + ": a map where " + type_proto_string(declared) + " is declared");
  const ValueType type = value_type_of(declared, where);
  if (proto.key_type() != static_cast<int>(type.dtype))
    malformed(where + ": the map's key_type is " + std::to_string(proto.key_type()) + " where " +
              type_proto_string(declared) + " is declared (key_type " + std::to_string(static_cast<int>(type.dtype)) + ")");
  const bool strings = type.dtype == DType::kString;
  const int count = strings ? proto.string_keys_size() : proto.keys_size();
  if ((strings ? proto.keys_size() : proto.string_keys_size()) != 0)
    malformed(where + ": a map with " + std::string(dtype_name(type.dtype)) + " keys stores keys of the other kind");
  auto values = elements_from_proto(proto.values(), declared.map_type().value_type(), base_dir, where + " values");
  if (static_cast<int>(values.size()) != count)
    malformed(where + ": the map has " + std::to_string(count) + " keys and " + std::to_string(values.size()) + " values");
  std::vector<std::pair<MapKey, Value>> entries;
  for (int i = 0; i < count; ++i) entries.emplace_back(key_from_proto(proto, i, type.dtype), std::move(values[static_cast<size_t>(i)]));
  try {
    return Value::map(type.dtype, type.element_type(), std::move(entries));
  } catch (const Error& e) {
    malformed(where + ": " + e.what());
  }
}

Value sequence_from_proto(const onnx::SequenceProto& proto, const onnx::TypeProto& declared, const fs::path& base_dir,
                          const std::string& where) {
  if (!declared.has_sequence_type())
    malformed(where + ": a sequence where " + type_proto_string(declared) + " is declared");
  if (declares_map_sequence(declared)) {
    const auto& elem = declared.sequence_type().elem_type();
    return Value::sequence_of(value_type_of(elem, where), elements_from_proto(proto, elem, base_dir, where));
  }
  const auto& elem = sequence_elem(declared, where);
  if (proto.elem_type() != onnx::SequenceProto::TENSOR)
    not_implemented(where + ": a sequence whose elem_type is " + std::to_string(proto.elem_type()) +
                    " (the reference reads sequences of tensors, elem_type 1, and of maps where declared)");
  if (proto.sparse_tensor_values_size() || proto.sequence_values_size() || proto.map_values_size() ||
      proto.optional_values_size())
    malformed(where + ": a sequence of tensors that also stores non-tensor values");
  std::vector<Tensor> items;
  for (int i = 0; i < proto.tensor_values_size(); ++i) {
    Tensor t = tensor_from_proto(proto.tensor_values(i), base_dir, where + " element " + std::to_string(i));
    items.push_back(element_as_declared(std::move(t), elem));
    if (items.back().dtype() != items.front().dtype())
      malformed(where + ": element " + std::to_string(i) + " is " + std::string(dtype_name(items.back().dtype())) +
                " but element 0 is " + std::string(dtype_name(items.front().dtype())) + " (a sequence has one element type)");
  }
  const DType dtype = items.empty() ? known_dtype(elem, where) : items.front().dtype();
  return Value::sequence(dtype, std::move(items));
}

Value optional_from_proto(const onnx::OptionalProto& proto, const onnx::TypeProto& declared, const fs::path& base_dir,
                          const std::string& where) {
  if (!declared.has_optional_type())
    malformed(where + ": an optional where " + type_proto_string(declared) + " is declared");
  const ValueType type = value_type_of(declared, where);
  const int want = type.kind == ValueType::kOptionalSequence ? onnx::OptionalProto::SEQUENCE
                   : type.kind == ValueType::kOptionalMap    ? onnx::OptionalProto::MAP
                                                             : onnx::OptionalProto::TENSOR;
  const int stored = proto.has_tensor_value() + proto.has_sparse_tensor_value() + proto.has_sequence_value() +
                     proto.has_map_value() + proto.has_optional_value();
  // An empty optional carries no value to type: elem_type UNDEFINED (0) is the empty
  // optional of the declared type (ONNX's own test data writes it so).
  if (proto.elem_type() == onnx::OptionalProto::UNDEFINED && stored == 0) return Value::none(type);
  if (proto.elem_type() != want)
    malformed(where + ": the optional's elem_type is " + std::to_string(proto.elem_type()) + " where " +
              type_proto_string(declared) + " is declared (elem_type " + std::to_string(want) + ")");
  const bool has_wanted = want == onnx::OptionalProto::SEQUENCE ? proto.has_sequence_value()
                          : want == onnx::OptionalProto::MAP    ? proto.has_map_value()
                                                                : proto.has_tensor_value();
  if (stored != (has_wanted ? 1 : 0)) malformed(where + ": the optional stores a value of another kind than its elem_type");
  const auto& held = declared.optional_type().elem_type();
  if (!has_wanted) return Value::none(type);
  if (want == onnx::OptionalProto::SEQUENCE) return Value::some(sequence_from_proto(proto.sequence_value(), held, base_dir, where));
  if (want == onnx::OptionalProto::MAP) return Value::some(map_from_proto(proto.map_value(), held, base_dir, where));
  return Value::some(as_declared(tensor_from_proto(proto.tensor_value(), base_dir, where), held));
}

Value parse_value(const std::string& bytes, const onnx::TypeProto& declared, const fs::path& base_dir,
                  const std::string& where) {
  if (declared.has_sequence_type())
    return sequence_from_proto(parse_as<onnx::SequenceProto>(bytes, where, "SequenceProto"), declared, base_dir, where);
  if (declared.has_optional_type())
    return optional_from_proto(parse_as<onnx::OptionalProto>(bytes, where, "OptionalProto"), declared, base_dir, where);
  if (declared.has_map_type())
    return map_from_proto(parse_as<onnx::MapProto>(bytes, where, "MapProto"), declared, base_dir, where);
  if (declared.has_sparse_tensor_type())
    not_implemented(where + ": " + type_proto_string(declared) + " (sparse tensors are not read from files yet)");
  return as_declared(tensor_from_proto(parse_tensor(bytes, where), base_dir, where), declared);
}

Value read_value_file(const fs::path& path, const onnx::TypeProto& declared) {
  return parse_value(read_file_bytes(path), declared, path.parent_path(), path.string());
}

std::string serialize_value(const Value& value, const std::string& name, const std::string& where) {
  if (value.is_tensor()) return serialize(tensor_to_proto(value.tensor(), name), where);
  if (value.is_sequence()) return serialize(sequence_to_proto(value, name), where);
  if (value.is_map()) return serialize(map_to_proto(value, name), where);
  if (value.is_sparse()) not_implemented(where + ": " + value.type_string() + " (sparse tensors are not written to files yet)");
  return serialize(optional_to_proto(value, name), where);
}

void write_value_file(const fs::path& path, const Value& value, const std::string& name) {
  write_file_bytes(path, serialize_value(value, name, path.string()));
}

}  // namespace touchstone
