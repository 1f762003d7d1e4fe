#include "reference/ops/control/control_values.h"

#include <algorithm>

#include "reference/catalog.h"
#include "reference/error.h"
#include "reference/node_check.h"
#include "reference/ops/core/copy.h"
#include "reference/ops/core/axes.h"

namespace touchstone::ops::control {

const onnx::GraphProto& subgraph_of(const Node& node, const std::string& attr) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == attr && a.type() == onnx::AttributeProto::GRAPH) return a.g();
  invalid_model("the graph attribute '" + attr + "' is missing");
}

int formal_input_count(const onnx::GraphProto& g) {
  int n = 0;
  for (const auto& input : g.input())
    n += std::none_of(g.initializer().begin(), g.initializer().end(),
                      [&](const onnx::TensorProto& init) { return init.name() == input.name(); });
  return n;
}

void check_admitted(const Node& node, const Value& value, const std::string& what) {
  const std::string& label = node.op_version();
  const int since = std::stoi(label.substr(label.rfind('-') + 1));
  const CatalogRow* row = resolve_op("", node.proto().op_type(), since);
  const TypeConstraint* v = row ? schema_of(*row).constraint("V") : nullptr;
  if (!v) return;
  const std::string type = value.type().to_string();
  if (std::find(v->allowed.begin(), v->allowed.end(), type) == v->allowed.end())
    invalid_model(what + " is " + type + ", which the type constraint V does not admit");
}

namespace {
const Tensor& single_element(const Value& value, DType dtype, const std::string& what) {
  if (!value.is_tensor() || value.tensor().dtype() != dtype)
    invalid_model(what + " must be a tensor(" + std::string(dtype_name(dtype)) + "), not " + value.type_string());
  if (value.tensor().size() != 1)
    invalid_model(what + " must hold a single element (it has " + std::to_string(value.tensor().size()) + ")");
  return value.tensor();
}
}  // namespace

bool single_bool(const Value& value, const std::string& what) {
  return single_element(value, DType::kBool, what).data<bool>()[0];
}

int64_t single_int64(const Value& value, const std::string& what) {
  return single_element(value, DType::kInt64, what).data<int64_t>()[0];
}

Tensor slice_at(const Tensor& t, int64_t axis, int64_t k) {
  Shape shape = t.shape();
  const core::AxisSplit split = core::split_at(shape, axis);
  shape.erase(shape.begin() + axis);
  Tensor out(t.dtype(), shape);
  core::copy_elements(t, out, [&](auto copy) {
    for (int64_t o = 0; o < split.outer; ++o)
      for (int64_t i = 0; i < split.inner; ++i) copy(split.at(o, k, i), o * split.inner + i);
  });
  return out;
}

Tensor stack_along(const std::vector<Tensor>& items, int64_t axis, const std::string& what) {
  const Tensor& first = items.front();
  for (size_t k = 1; k < items.size(); ++k)
    if (items[k].dtype() != first.dtype() || items[k].shape() != first.shape())
      invalid_model(what + " changes across iterations: " + std::string(dtype_name(first.dtype())) + " " +
                    shape_to_string(first.shape()) + " at the first, " + std::string(dtype_name(items[k].dtype())) +
                    " " + shape_to_string(items[k].shape()) + " at iteration " + std::to_string(k) +
                    " (the text: an error if its dimensions or type change)");
  Shape shape = first.shape();
  shape.insert(shape.begin() + axis, static_cast<int64_t>(items.size()));
  Tensor out(first.dtype(), shape);
  const core::AxisSplit split = core::split_at(shape, axis);
  for (size_t k = 0; k < items.size(); ++k)
    core::copy_elements(items[k], out, [&](auto copy) {
      for (int64_t o = 0; o < split.outer; ++o)
        for (int64_t i = 0; i < split.inner; ++i)
          copy(o * split.inner + i, split.at(o, static_cast<int64_t>(k), i));
    });
  return out;
}

Tensor empty_scan_output(const Node& node, const onnx::GraphProto& body, int index, int64_t axis,
                         const std::string& what) {
  const auto& declared = body.output(index).type();
  const auto dtype = declared.has_tensor_type() ? dtype_from_code(declared.tensor_type().elem_type()) : std::nullopt;
  if (!dtype)
    invalid_model(what + ": the body never ran and does not declare the output's element type, so the empty result has none");
  Shape shape;
  for (const auto& dim : declared.tensor_type().shape().dim()) shape.push_back(dim.has_dim_value() ? dim.dim_value() : 0);
  if (axis < 0 || axis > static_cast<int64_t>(shape.size()))
    invalid_model(what + ": axis " + std::to_string(axis) + " is outside the declared rank " + std::to_string(shape.size()) + " + 1");
  shape.insert(shape.begin() + axis, 0);
  node.mark(Semantics::kImplementationDefined,
            node.op_version() + ": no iteration ran, so a scan output has no element to give its shape (the text does not "
                                "say it; the reference: 0 along the scan axis, the other dimensions as the body declares them)",
            true);
  return Tensor(*dtype, shape);
}

}  // namespace touchstone::ops::control
