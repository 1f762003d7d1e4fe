// The sequence ops that build, edit and read sequences of tensors, each element moved bit
// for bit (value kernels, node.h ValueKernel).
//
// SequenceEmpty-11: an empty sequence of `dtype` (default float; a type S does not allow
// is refused). SequenceConstruct-11: its inputs, in order (one type: the executor binds T).
// SequenceInsert-11: `tensor` inserted at `position` in [-n, n] (negative counts from the
// back; absent: at the end); its type must be the sequence's. SequenceErase-11: the tensor
// at `position` in [-n, n-1] removed (absent: the last; an empty sequence has none to
// erase). SequenceAt-11: the tensor at `position` in [-n, n-1]. SequenceLength-11: n as an
// int64 scalar. A position must be a scalar (tensor of empty shape); one out of its range
// is refused naming the range.
#include <algorithm>
#include <string>

#include "reference/node_check.h"
#include "reference/ops/sequence/sequence_ops.h"
#include "reference/ops/shape/core.h"
#include "reference/schema.h"

namespace touchstone::ops {

namespace {

// The position input `in` (an int32/int64 scalar) checked against [-n, last] and made
// non-negative (a negative position counts from the back: -1 is n-1).
size_t sequence_position(const Tensor& in, int64_t n, int64_t last) {
  if (in.rank() != 0)
    invalid_model("position has shape " + shape_to_string(in.shape()) + "; it must be a scalar (tensor of empty shape)");
  const int64_t p = shape::int_values(in, "position").front();
  if (p < -n || p > last)
    invalid_model("position " + std::to_string(p) + " is outside [-n, " + (last == n ? "n" : "n - 1") + "] = [" +
                  std::to_string(-n) + ", " + std::to_string(last) + "] for a sequence of n = " + std::to_string(n) +
                  " tensors");
  return static_cast<size_t>(p < 0 ? p + n : p);
}

}  // namespace

// SequenceEmpty-11.
Values sequence_empty_v11(const Node& node, const ValueInputs&) {
  const int64_t code = node.attr_int("dtype", static_cast<int64_t>(DType::kFloat));
  const auto dtype = dtype_from_code(static_cast<int>(code));
  if (!dtype) invalid_model("dtype " + std::to_string(code) + " is not an element type this reference knows");
  const std::string label = node.op_version();
  const Schema* schema = find_schema("", node.proto().op_type(), std::stoi(label.substr(label.rfind('-') + 1)));
  if (!schema) throw std::logic_error("no schema for " + label);
  const std::string wanted = ValueType::sequence_of(ValueType::tensor(*dtype)).to_string();
  for (const auto& c : schema->types)
    if (c.param == "S" && std::find(c.allowed.begin(), c.allowed.end(), wanted) == c.allowed.end())
      invalid_model("dtype " + std::string(dtype_name(*dtype)) + " gives " + wanted + ", which S does not allow");
  return {Value::sequence(*dtype, {})};
}

// SequenceConstruct-11.
Values sequence_construct_v11(const Node&, const ValueInputs& in) {
  std::vector<Tensor> items;
  for (size_t i = 0; i < in.size(); ++i) items.push_back(in[i].tensor());
  const DType elem = items.front().dtype();  // before the move: argument order is unspecified
  return {Value::sequence(elem, std::move(items))};
}

// SequenceInsert-11.
Values sequence_insert_v11(const Node&, const ValueInputs& in) {
  const Value& seq = in[0];
  const Tensor& t = in[1].tensor();
  const DType elem = seq.type().dtype;
  if (t.dtype() != elem)
    invalid_model("tensor has type " + tensor_type_string(t.dtype()) + " but input_sequence is " + seq.type_string() +
                  "; 'tensor' must have the same data type as 'input_sequence'");
  std::vector<Tensor> items = seq.items();
  const int64_t n = static_cast<int64_t>(items.size());
  const size_t at = in.has(2) ? sequence_position(in[2].tensor(), n, n) : items.size();
  items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), t);
  return {Value::sequence(elem, std::move(items))};
}

// SequenceErase-11.
Values sequence_erase_v11(const Node&, const ValueInputs& in) {
  const Value& seq = in[0];
  std::vector<Tensor> items = seq.items();
  const int64_t n = static_cast<int64_t>(items.size());
  if (!in.has(1) && n == 0) invalid_model("input_sequence is empty: there is no last tensor to erase");
  const size_t at = in.has(1) ? sequence_position(in[1].tensor(), n, n - 1) : items.size() - 1;
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(at));
  return {Value::sequence(seq.type().dtype, std::move(items))};
}

// SequenceAt-11.
Values sequence_at_v11(const Node&, const ValueInputs& in) {
  const auto& items = in[0].items();
  const int64_t n = static_cast<int64_t>(items.size());
  return {items[sequence_position(in[1].tensor(), n, n - 1)]};
}

// SequenceLength-11.
Values sequence_length_v11(const Node&, const ValueInputs& in) {
  return {Tensor::from_values<int64_t>({}, {static_cast<int64_t>(in[0].items().size())})};
}

}  // namespace touchstone::ops
