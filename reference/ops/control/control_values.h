// What the control-flow kernels share: a subgraph attribute's declared arity and types,
// the check that every value an op gives back is one its type parameter V admits, and the
// tensor moves of Loop's and Scan's scan outputs (one slice along an axis, items stacked
// along a new axis).
#pragma once
#include <string>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::control {

// The graph held by the node's attribute `attr` (the executor has checked it is present).
const onnx::GraphProto& subgraph_of(const Node& node, const std::string& attr);

// The number of a subgraph's inputs that are not initializers (IR version 3 lists every
// initializer among the inputs too): the values the op binds.
int formal_input_count(const onnx::GraphProto& g);

// Refuses a value outside the op-version's constraint V ("If-11: output 0 is
// seq(tensor(float)); V admits tensors only").
void check_admitted(const Node& node, const Value& value, const std::string& what);

// The one element of a bool or int64 control input (If's cond, Loop's M and cond).
bool single_bool(const Value& value, const std::string& what);
int64_t single_int64(const Value& value, const std::string& what);

// The tensor `t` at index k along `axis`, that axis removed.
Tensor slice_at(const Tensor& t, int64_t axis, int64_t k);

// The items (one shape, one dtype) stacked along a new axis `axis` of the result, in order.
// `what` names the scan output in the refusal when an item differs from the first.
Tensor stack_along(const std::vector<Tensor>& items, int64_t axis, const std::string& what);

// The empty scan output of a loop that never ran: the length-0 axis at `axis` of the shape
// the body declares for output `index` (ONNX does not say what it is: the node is marked
// implementation-defined, shapes too). A declared dimension without a value counts 0.
Tensor empty_scan_output(const Node& node, const onnx::GraphProto& body, int index, int64_t axis,
                         const std::string& what);

}  // namespace touchstone::ops::control
