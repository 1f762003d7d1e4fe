#include "reference/value.h"

#include <stdexcept>

#include "reference/error.h"

namespace touchstone {

std::string ValueType::to_string() const {
  const std::string tensor = "tensor(" + std::string(dtype_name(dtype)) + ")";
  switch (kind) {
    case kTensor: return tensor;
    case kSequence: return "seq(" + tensor + ")";
    case kOptionalTensor: return "optional(" + tensor + ")";
    case kOptionalSequence: return "optional(seq(" + tensor + "))";
  }
  return tensor;
}

Value::Value(Tensor tensor) {
  type_ = {ValueType::kTensor, tensor.dtype()};
  tensors_.push_back(std::move(tensor));
}

Value Value::sequence(DType elem, std::vector<Tensor> items) {
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].dtype() != elem)
      malformed("a sequence of " + std::string(dtype_name(elem)) + " tensors: element " + std::to_string(i) +
                " is " + std::string(dtype_name(items[i].dtype())));
  Value v;
  v.type_ = {ValueType::kSequence, elem};
  v.tensors_ = std::move(items);
  return v;
}

Value Value::none(ValueType type) {
  if (!type.is_optional()) throw std::logic_error("Value::none of " + type.to_string());
  Value v;
  v.type_ = type;
  v.has_value_ = false;
  v.tensors_.clear();
  return v;
}

Value Value::some(Value held) {
  if (held.is_optional()) throw std::logic_error("Value::some of " + held.type_string());
  held.type_.kind = held.is_tensor() ? ValueType::kOptionalTensor : ValueType::kOptionalSequence;
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
  if (!type_.holds_sequence() || !has_value_)
    throw std::logic_error("Value::items() of " + std::string(has_value_ ? "" : "an empty ") + type_string());
  return tensors_;
}

Value Value::held() const {
  if (!is_optional() || !has_value_) throw std::logic_error("Value::held() of " + type_string());
  Value v = *this;
  v.type_.kind = type_.kind == ValueType::kOptionalTensor ? ValueType::kTensor : ValueType::kSequence;
  return v;
}

std::string describe(const Value& value, size_t max_values) {
  if (value.is_tensor()) return describe(value.tensor(), max_values);
  if (value.is_optional() && !value.has_value()) return value.type_string() + " empty";
  if (value.is_optional()) return value.type_string() + " holding " + describe(value.held(), max_values);
  const auto& items = value.items();
  std::string s = value.type_string() + " [" + std::to_string(items.size()) + " tensor" + (items.size() == 1 ? "" : "s");
  for (size_t i = 0; i < items.size() && i < 4; ++i) s += (i ? "; " : ": ") + describe(items[i], max_values);
  if (items.size() > 4) s += "; ...";
  return s + "]";
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
