// Shape, Size, Constant, ConstantOfShape: tensors made from a shape or from attributes.
//
// Shape-1, 13 (+bfloat16): the input's dimensions as a 1-D int64 tensor.
// Shape-15, 19, 21, 23, 24, 25 (types): `start` (default 0) and `end` (default r) pick a
// slice of the dimensions; negative values count from the back (r added), both are then
// clamped to [0, r]; start >= end gives an empty shape. Out-of-range values are clamped,
// never refused (the text says so).
//
// Size-1, 13, 19, 21, 23, 24, 25 (types): the element count, an int64 scalar.
//
// Constant-1, 9 (all types): the tensor attribute `value`.
// Constant-11: exactly one of `value` and `sparse_value` (a SparseTensorProto: values at
// indices, zero elsewhere; indices either linearized, shape (NNZ), or coordinates, shape
// (NNZ, rank), and as the IR says strictly ascending, in range, without duplicates).
// Constant-12, 13, 19, 21, 23, 24, 25 (types): exactly one of value, sparse_value,
// value_float (float scalar), value_floats (1-D float), value_int (int64 scalar),
// value_ints (1-D int64), value_string (string scalar), value_strings (1-D string).
// The tensor's type must be one the version's T allows.
//
// ConstantOfShape-9, 20, 21, 23, 24, 25 (types): a tensor of the shape given by the 1-D
// int64 input (empty: a scalar), every element the one element of `value` (default: a
// float 0). Negative dimensions and a value of other than one element are refused.
#include <algorithm>

#include "reference/ops/core/index_space.h"
#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"
#include "reference/tensor_proto.h"

namespace touchstone::ops {

namespace {

Tensor dims_tensor(const Shape& s, int64_t start, int64_t end) {
  std::vector<int64_t> dims(s.begin() + start, s.begin() + end);
  return Tensor::from_values<int64_t>({static_cast<int64_t>(dims.size())}, dims);
}

Tensor attribute_tensor(const onnx::TensorProto& proto, const std::string& what) {
  if (proto.data_location() == onnx::TensorProto::EXTERNAL)
    not_implemented(what + " stores its data externally, which the reference does not read inside a node");
  try {
    return tensor_from_proto(proto, ".", what);
  } catch (const Error& e) {
    invalid_model(what + ": " + e.what());
  }
}

// A sparse tensor made dense (IR: indices strictly ascending, in range, no duplicates).
Tensor dense_of(const onnx::SparseTensorProto& sparse) {
  const Tensor values = attribute_tensor(sparse.values(), "sparse_value's values");
  const Tensor indices = attribute_tensor(sparse.indices(), "sparse_value's indices");
  Shape dims(sparse.dims().begin(), sparse.dims().end());
  for (int64_t d : dims)
    if (d < 0) invalid_model("sparse_value's dims " + shape_to_string(dims) + " hold a negative dimension");
  if (values.rank() != 1) invalid_model("sparse_value's values must be 1-D, got " + shape_to_string(values.shape()));
  const int64_t nnz = values.size(), rank = static_cast<int64_t>(dims.size());
  const auto idx = shape::int_values(indices, "sparse_value's indices");
  const auto strides = core::strides_of(dims);
  const int64_t count = element_count(dims);
  std::vector<int64_t> flat;
  if (indices.shape() == Shape{nnz}) {
    flat = idx;
  } else if (indices.shape() == Shape{nnz, rank}) {
    for (int64_t k = 0; k < nnz; ++k) {
      int64_t f = 0;
      for (int64_t d = 0; d < rank; ++d) {
        const int64_t i = idx[static_cast<size_t>(k * rank + d)];
        if (i < 0 || i >= dims[static_cast<size_t>(d)])
          invalid_model("sparse_value's index " + std::to_string(i) + " of value " + std::to_string(k) +
                        " is outside dimension " + std::to_string(d) + " of " + shape_to_string(dims));
        f += i * strides[static_cast<size_t>(d)];
      }
      flat.push_back(f);
    }
  } else {
    invalid_model("sparse_value's indices have shape " + shape_to_string(indices.shape()) + "; with " +
                  std::to_string(nnz) + " values they must be (NNZ) or (NNZ, rank) = (" + std::to_string(nnz) + ") or (" +
                  std::to_string(nnz) + "," + std::to_string(rank) + ")");
  }
  const auto charge = scratch_for<int64_t>(count, "an index map");
  std::vector<int64_t> src(static_cast<size_t>(count), -1);
  for (size_t k = 0; k < flat.size(); ++k) {
    if (flat[k] < 0 || flat[k] >= count)
      invalid_model("sparse_value's linearized index " + std::to_string(flat[k]) + " is outside [0, " +
                    std::to_string(count) + ")");
    if (k > 0 && flat[k] <= flat[k - 1])
      invalid_model("sparse_value's indices must be strictly ascending without duplicates (IR), got " +
                    std::to_string(flat[k - 1]) + " then " + std::to_string(flat[k]));
    src[static_cast<size_t>(flat[k])] = static_cast<int64_t>(k);
  }
  const Tensor zero(values.dtype(), {});
  return shape::gather(values, dims, src, &zero);
}

// Which of the value attributes the node gives; exactly one is required.
const onnx::AttributeProto& only_value_attribute(const Node& node, const std::vector<std::string>& names) {
  const onnx::AttributeProto* found = nullptr;
  std::string given;
  for (const auto& a : node.proto().attribute()) {
    if (std::find(names.begin(), names.end(), a.name()) == names.end()) continue;
    given += (given.empty() ? "" : ", ") + a.name();
    if (found) invalid_model("exactly one of the value attributes may be given, got " + given);
    found = &a;
  }
  if (!found) {
    std::string all;
    for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
    invalid_model("exactly one of " + all + " must be given, got none");
  }
  return *found;
}

Tensor constant_from(const onnx::AttributeProto& a) {
  const std::string& n = a.name();
  if (n == "value") return attribute_tensor(a.t(), "value");
  if (n == "sparse_value") return dense_of(a.sparse_tensor());
  if (n == "value_float") return Tensor::from_values<float>({}, {a.f()});
  if (n == "value_floats") return Tensor::from_values<float>({a.floats_size()}, {a.floats().begin(), a.floats().end()});
  if (n == "value_int") return Tensor::from_values<int64_t>({}, {a.i()});
  if (n == "value_ints") return Tensor::from_values<int64_t>({a.ints_size()}, {a.ints().begin(), a.ints().end()});
  if (n == "value_string") return Tensor::from_values<std::string>({}, {a.s()});
  return Tensor::from_values<std::string>({a.strings_size()}, {a.strings().begin(), a.strings().end()});
}

Tensors constant_of(const Node& node, const std::vector<std::string>& names) {
  Tensor t = constant_from(only_value_attribute(node, names));
  shape::check_output_type(node, "T", t.dtype(), "the constant");
  return {t};
}

}  // namespace

// Shape-1, 13: every dimension.
Tensors shape_v1(const Node&, const Inputs& in) { return {dims_tensor(in[0].shape(), 0, in[0].rank())}; }

// Shape-15 and later: dimensions [start, end), both clamped.
Tensors shape_v15(const Node& node, const Inputs& in) {
  const int64_t r = in[0].rank();
  auto clamp = [&](int64_t v) {
    if (v < 0) v += r;
    return std::clamp<int64_t>(v, 0, r);
  };
  const int64_t start = clamp(node.attr_int("start", 0));
  const int64_t end = node.has_attr("end") ? clamp(node.attr_int("end", r)) : r;
  return {dims_tensor(in[0].shape(), start, std::max(start, end))};
}

// Size, every version: the element count.
Tensors size_v1(const Node&, const Inputs& in) { return {Tensor::from_values<int64_t>({}, {in[0].size()})}; }

// Constant-1, 9: `value`.
Tensors constant_v1(const Node& node, const Inputs&) { return constant_of(node, {"value"}); }

// Constant-11: `value` or `sparse_value`.
Tensors constant_v11(const Node& node, const Inputs&) { return constant_of(node, {"value", "sparse_value"}); }

// Constant-12 and later: one of eight attributes.
Tensors constant_v12(const Node& node, const Inputs&) {
  return constant_of(node, {"value", "sparse_value", "value_float", "value_floats", "value_int", "value_ints",
                            "value_string", "value_strings"});
}

// ConstantOfShape, every version.
Tensors constant_of_shape_v9(const Node& node, const Inputs& in) {
  const auto dims = shape::int_list(in[0], "input (the output's shape)");
  for (int64_t d : dims)
    if (d < 0) invalid_model("the shape " + shape::list_to_string(dims) + " holds a negative dimension");
  Tensor value = Tensor::from_values<float>({1}, {0.0f});
  for (const auto& a : node.proto().attribute())
    if (a.name() == "value") value = attribute_tensor(a.t(), "value");
  if (value.size() != 1)
    invalid_model("value must hold exactly one element, got shape " + shape_to_string(value.shape()));
  shape::check_output_type(node, "T2", value.dtype(), "value");
  const Shape out(dims.begin(), dims.end());
  check_tensor_budget(value.dtype(), out);  // the output, before the scratch it is built from
  const auto charge = scratch_for<int64_t>(element_count(out), "an index map");
  return {shape::gather(value, out, std::vector<int64_t>(static_cast<size_t>(element_count(out)), 0))};
}

}  // namespace touchstone::ops
