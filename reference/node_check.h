// Checks of one node against its op-version's schema in ONNX's registry: input and
// output counts, attributes (known, of the right kind, required ones present) and
// element types (each type parameter's allowed types, one type per parameter).
#pragma once
#include <string>
#include <vector>

#include "onnx/defs/schema.h"
#include "reference/catalog.h"
#include "reference/tensor.h"

namespace touchstone {

const onnx::OpSchema& schema_of(const CatalogRow& row);

// Before running: counts and attributes. Throws invalid_model naming the op-version.
void check_node_structure(const onnx::NodeProto& node, const CatalogRow& row);

// With the inputs at hand: every input's element type against the type constraints.
// `inputs[i]` is nullptr for an absent optional input.
void check_input_types(const onnx::NodeProto& node, const CatalogRow& row,
                       const std::vector<const Tensor*>& inputs);

// "tensor(float)" for a dtype.
std::string tensor_type_string(DType dtype);

}  // namespace touchstone
