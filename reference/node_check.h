// Checks of one node against its op-version's schema in touchstone's table (schema.h): input and
// output counts, attributes (known, of the right kind, required ones present) and
// element types (each type parameter's allowed types, one type per parameter).
#pragma once
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/catalog.h"
#include "reference/schema.h"
#include "reference/tensor.h"

namespace touchstone {

const Schema& schema_of(const CatalogRow& row);

// Before running: counts and attributes. Throws invalid_model naming the op-version.
void check_node_structure(const onnx::NodeProto& node, const CatalogRow& row);

// With the inputs at hand: every input's element type against the type constraints.
// `inputs[i]` is nullptr for an absent optional input.
// Sequences and optionals are checked as their ONNX type strings ("seq(tensor(float))")
// against the constraint's allowed list, so Identity-13 refuses a sequence and Identity-14
// an optional, naming the op-version and the constraint.
void check_input_types(const onnx::NodeProto& node, const CatalogRow& row,
                       const std::vector<const Value*>& inputs);
void check_input_types(const onnx::NodeProto& node, const CatalogRow& row,
                       const std::vector<const Tensor*>& inputs);

// "tensor(float)" for a dtype.
std::string tensor_type_string(DType dtype);

// The element types (of those the reference has) a type parameter, or a fixed type, allows.
std::vector<DType> allowed_dtypes(const Schema& schema, std::string_view param_or_type);

}  // namespace touchstone
