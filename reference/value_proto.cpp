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
    not_implemented(where + ": " + type_proto_string(seq) + " (the reference carries sequences of tensors only)");
  return seq.sequence_type().elem_type().tensor_type();
}

DType known_dtype(const onnx::TypeProto_Tensor& t, const std::string& where) {
  auto dtype = declared_dtype(t, where);
  if (!dtype) malformed(where + ": the declaration gives no element type, which an empty value needs");
  return *dtype;
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
    case onnx::TypeProto::kMapType: return "map(" + tensor_elem_string(type.map_type().key_type()) + ", ...)";
    case onnx::TypeProto::kSparseTensorType:
      return "sparse_tensor(" + tensor_elem_string(type.sparse_tensor_type().elem_type()) + ")";
    default: return "an undeclared type";
  }
}

onnx::TypeProto type_proto_of(const ValueType& type) {
  onnx::TypeProto tensor;
  tensor.mutable_tensor_type()->set_elem_type(static_cast<int>(type.dtype));
  onnx::TypeProto held = tensor;
  if (type.holds_sequence()) {
    held.Clear();
    *held.mutable_sequence_type()->mutable_elem_type() = tensor;
  }
  if (!type.is_optional()) return held;
  onnx::TypeProto optional;
  *optional.mutable_optional_type()->mutable_elem_type() = held;
  return optional;
}

ValueType value_type_of(const onnx::TypeProto& type, const std::string& where) {
  switch (type.value_case()) {
    case onnx::TypeProto::kTensorType: return {ValueType::kTensor, known_dtype(type.tensor_type(), where)};
    case onnx::TypeProto::kSequenceType:
      return {ValueType::kSequence, known_dtype(sequence_elem(type, where), where)};
    case onnx::TypeProto::kOptionalType: {
      const auto& held = type.optional_type().elem_type();
      if (held.has_tensor_type()) return {ValueType::kOptionalTensor, known_dtype(held.tensor_type(), where)};
      if (held.has_sequence_type())
        return {ValueType::kOptionalSequence, known_dtype(sequence_elem(held, where), where)};
      not_implemented(where + ": " + type_proto_string(type) +
                      " (the reference carries optionals of tensors and of sequences of tensors only)");
    }
    case onnx::TypeProto::kMapType:
    case onnx::TypeProto::kSparseTensorType:
      not_implemented(where + ": " + type_proto_string(type) +
                      " (the reference carries tensors, sequences of tensors and optionals only)");
    default: malformed(where + ": the value's type is not declared");
  }
}

std::string value_mismatch(const onnx::TypeProto& declared, const Value& value) {
  const std::string is = " but is " + value.type_string();
  switch (declared.value_case()) {
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

onnx::SequenceProto sequence_to_proto(const Value& sequence, const std::string& name) {
  onnx::SequenceProto proto;
  if (!name.empty()) proto.set_name(name);
  proto.set_elem_type(onnx::SequenceProto::TENSOR);
  for (const auto& t : sequence.items()) *proto.add_tensor_values() = tensor_to_proto(t);
  return proto;
}

onnx::OptionalProto optional_to_proto(const Value& optional, const std::string& name) {
  onnx::OptionalProto proto;
  if (!name.empty()) proto.set_name(name);
  const bool seq = optional.type().holds_sequence();
  proto.set_elem_type(seq ? onnx::OptionalProto::SEQUENCE : onnx::OptionalProto::TENSOR);
  if (optional.has_value()) {
    if (seq) *proto.mutable_sequence_value() = sequence_to_proto(optional.held());
    else *proto.mutable_tensor_value() = tensor_to_proto(optional.tensor());
  }
  return proto;
}

Value sequence_from_proto(const onnx::SequenceProto& proto, const onnx::TypeProto& declared, const fs::path& base_dir,
                          const std::string& where) {
  if (!declared.has_sequence_type())
    malformed(where + ": a sequence where " + type_proto_string(declared) + " is declared");
  const auto& elem = sequence_elem(declared, where);
  if (proto.elem_type() != onnx::SequenceProto::TENSOR)
    not_implemented(where + ": a sequence whose elem_type is " + std::to_string(proto.elem_type()) +
                    " (the reference reads sequences of tensors, elem_type 1, only)");
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
  const bool seq = type.holds_sequence();
  const int want = seq ? onnx::OptionalProto::SEQUENCE : onnx::OptionalProto::TENSOR;
  if (proto.elem_type() != want)
    malformed(where + ": the optional's elem_type is " + std::to_string(proto.elem_type()) + " where " +
              type_proto_string(declared) + " is declared (elem_type " + std::to_string(want) + ")");
  if (proto.has_sparse_tensor_value() || proto.has_map_value() || proto.has_optional_value() ||
      (seq ? proto.has_tensor_value() : proto.has_sequence_value()))
    malformed(where + ": the optional stores a value of another kind than its elem_type");
  const auto& held = declared.optional_type().elem_type();
  if (seq && proto.has_sequence_value())
    return Value::some(sequence_from_proto(proto.sequence_value(), held, base_dir, where));
  if (!seq && proto.has_tensor_value())
    return Value::some(as_declared(tensor_from_proto(proto.tensor_value(), base_dir, where), held));
  return Value::none(type);
}

Value parse_value(const std::string& bytes, const onnx::TypeProto& declared, const fs::path& base_dir,
                  const std::string& where) {
  if (declared.has_sequence_type())
    return sequence_from_proto(parse_as<onnx::SequenceProto>(bytes, where, "SequenceProto"), declared, base_dir, where);
  if (declared.has_optional_type())
    return optional_from_proto(parse_as<onnx::OptionalProto>(bytes, where, "OptionalProto"), declared, base_dir, where);
  if (declared.has_map_type() || declared.has_sparse_tensor_type()) value_type_of(declared, where);  // throws
  return as_declared(tensor_from_proto(parse_tensor(bytes, where), base_dir, where), declared);
}

Value read_value_file(const fs::path& path, const onnx::TypeProto& declared) {
  return parse_value(read_file_bytes(path), declared, path.parent_path(), path.string());
}

std::string serialize_value(const Value& value, const std::string& name, const std::string& where) {
  if (value.is_tensor()) return serialize(tensor_to_proto(value.tensor(), name), where);
  if (value.is_sequence()) return serialize(sequence_to_proto(value, name), where);
  return serialize(optional_to_proto(value, name), where);
}

void write_value_file(const fs::path& path, const Value& value, const std::string& name) {
  write_file_bytes(path, serialize_value(value, name, path.string()));
}

}  // namespace touchstone
