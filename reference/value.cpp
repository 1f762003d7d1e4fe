#include "reference/value.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "reference/error.h"

namespace touchstone {

namespace {

bool is_map_key_dtype(DType d) { return is_integer_dtype(d) || d == DType::kString; }

// The range of an integer key type, as int64 (uint64 keys are their bits: any int64).
std::pair<int64_t, int64_t> key_range(DType d) {
  return visit_dtype(d, []<class T>() -> std::pair<int64_t, int64_t> {
    if constexpr (is_integer<T> && sizeof(T) < 8) {
      return {static_cast<int64_t>(std::numeric_limits<T>::min()), static_cast<int64_t>(std::numeric_limits<T>::max())};
    } else {
      return {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
    }
  });
}

bool key_less(DType key_type, const MapKey& a, const MapKey& b) {
  if (key_type == DType::kUInt64) return static_cast<uint64_t>(std::get<int64_t>(a)) < static_cast<uint64_t>(std::get<int64_t>(b));
  return a < b;
}

}  // namespace

ValueType ValueType::sequence_of(const ValueType& elem) {
  if (elem.kind == kTensor && !elem.scalar) return {kSequence, elem.dtype};
  if (elem.kind == kMap) return {kSequence, DType::kFloat, std::make_shared<ValueType>(elem)};
  not_implemented("seq(" + elem.to_string() + ") (the reference carries sequences of tensors and of maps)");
}

ValueType ValueType::map_of(DType key, const ValueType& value) {
  if (!is_map_key_dtype(key))
    throw std::logic_error("map key type " + std::string(dtype_name(key)) + " (ONNX allows integers and string)");
  if (value.is_optional() || value.kind == kSparseTensor)
    not_implemented("map(" + std::string(dtype_name(key)) + ", " + value.to_string() + ")");
  return {kMap, key, std::make_shared<ValueType>(value)};
}

ValueType ValueType::optional_of(const ValueType& held) {
  switch (held.kind) {
    case kTensor:
      if (held.scalar) break;
      return {kOptionalTensor, held.dtype};
    case kSequence: return {kOptionalSequence, held.dtype, held.element};
    case kMap: return {kOptionalMap, held.dtype, held.element};
    default: break;
  }
  not_implemented("optional(" + held.to_string() + ") (the reference carries optionals of tensors, sequences and maps)");
}

ValueType ValueType::element_type() const {
  if (holds_map()) return *element;
  if (!holds_sequence()) throw std::logic_error("element_type() of " + to_string());
  return element ? *element : tensor(dtype);
}

ValueType ValueType::held_type() const {
  switch (kind) {
    case kOptionalTensor: return tensor(dtype);
    case kOptionalSequence: return {kSequence, dtype, element};
    case kOptionalMap: return {kMap, dtype, element};
    default: throw std::logic_error("held_type() of " + to_string());
  }
}

std::string ValueType::to_string() const {
  const std::string name(dtype_name(dtype));
  switch (kind) {
    case kTensor: return scalar ? name : "tensor(" + name + ")";
    case kSparseTensor: return "sparse_tensor(" + name + ")";
    case kSequence: return "seq(" + element_type().to_string() + ")";
    case kMap: return "map(" + name + ", " + element->to_string() + ")";
    case kOptionalTensor:
    case kOptionalSequence:
    case kOptionalMap: return "optional(" + held_type().to_string() + ")";
  }
  return name;
}

bool operator==(const ValueType& a, const ValueType& b) {
  const bool seq_of_tensors = a.holds_sequence() && !a.element;
  if (a.kind != b.kind || a.scalar != b.scalar || !a.element != !b.element) return false;
  if (a.element && !(*a.element == *b.element)) return false;
  return a.dtype == b.dtype || (a.holds_sequence() && !seq_of_tensors);  // a seq of maps ignores dtype
}

Value::Value(Tensor tensor) {
  type_ = ValueType::tensor(tensor.dtype());
  tensors_.push_back(std::move(tensor));
}

Value Value::sequence(DType elem, std::vector<Tensor> items) {
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].dtype() != elem)
      malformed("a sequence of " + std::string(dtype_name(elem)) + " tensors: element " + std::to_string(i) +
                " is " + std::string(dtype_name(items[i].dtype())));
  Value v;
  v.type_ = ValueType::sequence_of(ValueType::tensor(elem));
  v.tensors_ = std::move(items);
  return v;
}

Value Value::sequence_of(const ValueType& elem, std::vector<Value> items) {
  const ValueType type = ValueType::sequence_of(elem);
  if (!type.element) return sequence(elem.dtype, tensors_of(std::move(items), "a sequence of " + elem.to_string()));
  for (size_t i = 0; i < items.size(); ++i)
    if (!fits(elem, items[i]))
      malformed("a sequence of " + elem.to_string() + ": element " + std::to_string(i) + " is " + items[i].type_string());
  Value v;
  v.type_ = type;
  v.tensors_.clear();
  v.values_ = std::move(items);
  return v;
}

Value Value::map(DType key, const ValueType& value_type, std::vector<std::pair<MapKey, Value>> entries) {
  const ValueType type = ValueType::map_of(key, value_type);
  const auto [lo, hi] = key_range(key);
  for (const auto& [k, val] : entries) {
    if ((key == DType::kString) != std::holds_alternative<std::string>(k))
      malformed("a map with " + std::string(dtype_name(key)) + " keys: key " + map_key_string(k) + " is of another kind");
    if (key != DType::kString && (std::get<int64_t>(k) < lo || std::get<int64_t>(k) > hi))
      malformed("a map with " + std::string(dtype_name(key)) + " keys: key " + map_key_string(k) + " is out of range");
    if (!fits(value_type, val))
      malformed(type.to_string() + ": the value of key " + map_key_string(k) + " is " + val.type_string() +
                (val.is_tensor() ? " of shape " + shape_to_string(val.tensor().shape()) : ""));
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [key](const auto& a, const auto& b) { return key_less(key, a.first, b.first); });
  for (size_t i = 1; i < entries.size(); ++i)
    if (entries[i].first == entries[i - 1].first)
      malformed(type.to_string() + ": key " + map_key_string(entries[i].first) + " appears twice");
  Value v;
  v.type_ = type;
  v.tensors_.clear();
  for (auto& [k, val] : entries) {
    v.keys_.push_back(std::move(k));
    v.values_.push_back(std::move(val));
  }
  return v;
}

Value Value::sparse(SparseTensor sparse) {
  for (int64_t d : sparse.dense_shape)
    if (d < 0) malformed("a sparse tensor's dense shape " + shape_to_string(sparse.dense_shape) + " has a negative dimension");
  const int64_t nnz = sparse.values.rank() == 1 ? sparse.values.shape()[0] : -1;
  if (nnz < 0) malformed("a sparse tensor's values must be 1-D, got " + shape_to_string(sparse.values.shape()));
  const Shape& ix = sparse.indices.shape();
  const bool linear = ix == Shape{nnz};
  const bool coords = ix == Shape{nnz, static_cast<int64_t>(sparse.dense_shape.size())};
  if (sparse.indices.dtype() != DType::kInt64 || (!linear && !coords))
    malformed("a sparse tensor's indices must be int64 of shape (" + std::to_string(nnz) + ") or (" + std::to_string(nnz) +
              "," + std::to_string(sparse.dense_shape.size()) + "), got " + std::string(dtype_name(sparse.indices.dtype())) +
              " " + shape_to_string(ix));
  Value v;
  v.type_ = ValueType::sparse(sparse.values.dtype());
  v.tensors_.clear();
  v.sparse_ = std::make_shared<const SparseTensor>(std::move(sparse));
  return v;
}

Value Value::none(ValueType type) {
  if (!type.is_optional()) throw std::logic_error("Value::none of " + type.to_string());
  Value v;
  v.type_ = std::move(type);
  v.has_value_ = false;
  v.tensors_.clear();
  return v;
}

Value Value::some(Value held) {
  if (held.is_optional() || held.is_sparse()) throw std::logic_error("Value::some of " + held.type_string());
  held.type_ = ValueType::optional_of(held.type_);
  return held;
}

const Tensor& Value::tensor() const {
  if ((type_.kind != ValueType::kTensor && type_.kind != ValueType::kOptionalTensor) || !has_value_)
    throw std::logic_error("Value::tensor() of " + std::string(has_value_ ? "" : "an empty ") + type_string());
  return tensors_.front();
}

Tensor Value::take_tensor() && {
  tensor();  // the same checks
  return std::move(tensors_.front());
}

const std::vector<Tensor>& Value::items() const {
  if (!type_.holds_sequence() || type_.element || !has_value_)
    throw std::logic_error("Value::items() of " + std::string(has_value_ ? "" : "an empty ") + type_string());
  return tensors_;
}

std::vector<Value> Value::elements() const {
  if (!type_.holds_sequence() || !has_value_) throw std::logic_error("Value::elements() of " + type_string());
  if (type_.element) return values_;
  return {tensors_.begin(), tensors_.end()};
}

const std::vector<MapKey>& Value::map_keys() const {
  if (!type_.holds_map() || !has_value_) throw std::logic_error("Value::map_keys() of " + type_string());
  return keys_;
}

const std::vector<Value>& Value::map_values() const {
  map_keys();  // the same checks
  return values_;
}

const Value* Value::map_find(const MapKey& key) const {
  const auto& keys = map_keys();
  auto it = std::lower_bound(keys.begin(), keys.end(), key,
                             [this](const MapKey& a, const MapKey& b) { return key_less(type_.dtype, a, b); });
  if (it == keys.end() || !(*it == key)) return nullptr;
  return &values_[static_cast<size_t>(it - keys.begin())];
}

const SparseTensor& Value::sparse() const {
  if (!is_sparse()) throw std::logic_error("Value::sparse() of " + type_string());
  return *sparse_;
}

Value Value::held() const {
  if (!is_optional() || !has_value_) throw std::logic_error("Value::held() of " + type_string());
  Value v = *this;
  v.type_ = type_.held_type();
  return v;
}

bool operator==(const Value& a, const Value& b) {
  if (!(a.type_ == b.type_) || a.has_value_ != b.has_value_ || a.tensors_ != b.tensors_ || a.keys_ != b.keys_ ||
      a.values_ != b.values_ || !a.sparse_ != !b.sparse_)
    return false;
  return !a.sparse_ || *a.sparse_ == *b.sparse_;
}

bool fits(const ValueType& type, const Value& value) {
  if (type.kind == ValueType::kTensor && type.scalar)
    return value.is_tensor() && value.tensor().dtype() == type.dtype && value.tensor().rank() == 0;
  return value.type() == type;
}

std::string map_key_string(const MapKey& key) {
  if (const auto* s = std::get_if<std::string>(&key)) return "\"" + *s + "\"";
  return std::to_string(std::get<int64_t>(key));
}

namespace {

template <class Item, class Show>
std::string list_text(const std::vector<Item>& items, const std::string& one, const std::string& many, Show show) {
  std::string s = " [" + std::to_string(items.size()) + " " + (items.size() == 1 ? one : many);
  for (size_t i = 0; i < items.size() && i < 4; ++i) s += (i ? "; " : ": ") + show(i);
  return s + (items.size() > 4 ? "; ...]" : "]");
}

}  // namespace

std::string describe(const Value& value, size_t max_values) {
  if (value.is_tensor()) return describe(value.tensor(), max_values);
  if (value.is_optional() && !value.has_value()) return value.type_string() + " empty";
  if (value.is_optional()) return value.type_string() + " holding " + describe(value.held(), max_values);
  if (value.is_sparse()) {
    const auto& s = value.sparse();
    return value.type_string() + " " + shape_to_string(s.dense_shape) + " " + std::to_string(s.values.size()) +
           " nonzeros: values " + describe(s.values, max_values) + ", indices " + describe(s.indices, max_values);
  }
  if (value.is_map()) {
    const auto& keys = value.map_keys();
    return value.type_string() + list_text(keys, "entry", "entries", [&](size_t i) {
             return map_key_string(keys[i]) + ": " + describe(value.map_values()[i], max_values);
           });
  }
  const auto elements = value.elements();
  const bool maps = value.type().element != nullptr;
  return value.type_string() + list_text(elements, maps ? "map" : "tensor", maps ? "maps" : "tensors",
                                         [&](size_t i) { return describe(elements[i], max_values); });
}

std::vector<Tensor> tensors_of(Values values, const std::string& what) {
  std::vector<Tensor> out;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!values[i].is_tensor())
      not_implemented(what + ": value " + std::to_string(i) + " is " + values[i].type_string() +
                      ", and this path carries tensors only");
    out.push_back(std::move(values[i]).take_tensor());
  }
  return out;
}

}  // namespace touchstone
