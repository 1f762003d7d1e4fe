// Building the subgraphs of the control-flow cases: value declarations, nodes, graphs, the
// GRAPH attribute that carries one. A body's declared types and shapes are what the
// reference checks its values against (reference/graph.h) and what an empty scan output
// takes its shape from.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/tensor_proto.h"
#include "reference/value.h"
#include "reference/value_proto.h"

namespace touchstone::cases::graphs {

// A declared value: its type, and for a tensor its shape when given.
inline onnx::ValueInfoProto declare(const std::string& name, const ValueType& type, std::optional<Shape> shape = {}) {
  onnx::ValueInfoProto v;
  v.set_name(name);
  *v.mutable_type() = type_proto_of(type);
  if (shape && type.kind == ValueType::kTensor) {
    auto* s = v.mutable_type()->mutable_tensor_type()->mutable_shape();
    for (int64_t d : *shape) s->add_dim()->set_dim_value(d);
  }
  return v;
}

inline onnx::ValueInfoProto declare_tensor(const std::string& name, DType dtype, std::optional<Shape> shape = {}) {
  return declare(name, ValueType::tensor(dtype), std::move(shape));
}

inline onnx::NodeProto node(const std::string& op, std::vector<std::string> inputs, std::vector<std::string> outputs,
                            std::vector<onnx::AttributeProto> attrs = {}) {
  onnx::NodeProto n;
  n.set_op_type(op);
  for (auto& i : inputs) n.add_input(i);
  for (auto& o : outputs) n.add_output(o);
  for (auto& a : attrs) *n.add_attribute() = a;
  return n;
}

struct GraphParts {
  std::vector<onnx::ValueInfoProto> inputs;
  std::vector<onnx::ValueInfoProto> outputs;
  std::vector<onnx::NodeProto> nodes = {};
  std::vector<std::pair<std::string, Tensor>> initializers = {};
};

inline onnx::GraphProto graph(const std::string& name, const GraphParts& parts) {
  onnx::GraphProto g;
  g.set_name(name);
  for (const auto& i : parts.inputs) *g.add_input() = i;
  for (const auto& o : parts.outputs) *g.add_output() = o;
  for (const auto& n : parts.nodes) *g.add_node() = n;
  for (const auto& [init_name, t] : parts.initializers) *g.add_initializer() = tensor_to_proto(t, init_name);
  return g;
}

inline onnx::AttributeProto graph_attr(const std::string& name, onnx::GraphProto g) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::GRAPH);
  *a.mutable_g() = std::move(g);
  return a;
}

// IR version 3 (opsets 1 to 8): every initializer is also listed among its graph's inputs
// (IR.md; ONNX Runtime refuses a subgraph initializer that is not). Applied to the graph an
// attribute holds and to every graph nested in it.
inline void list_initializers_as_inputs(onnx::AttributeProto& attr) {
  if (attr.type() != onnx::AttributeProto::GRAPH) return;
  onnx::GraphProto* g = attr.mutable_g();
  for (const auto& init : g->initializer()) {
    onnx::ValueInfoProto* input = g->add_input();
    input->set_name(init.name());
    auto* type = input->mutable_type()->mutable_tensor_type();
    type->set_elem_type(init.data_type());
    auto* shape = type->mutable_shape();
    for (int64_t d : init.dims()) shape->add_dim()->set_dim_value(d);
  }
  for (auto& n : *g->mutable_node())
    for (auto& a : *n.mutable_attribute()) list_initializers_as_inputs(a);
}

}  // namespace touchstone::cases::graphs
