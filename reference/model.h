// Loading a model and running it on the reference.
//
// Loading checks the model as a whole: IR version and opset imports against the catalog,
// nodes in topological order with each value defined once, every node resolved to its
// op-version (the greatest since_version not above the model's opset for its domain)
// and checked against that version's schema (counts, attributes). Running checks the
// element types against the type constraints, runs each node's kernel, and checks the
// results against the graph's declared outputs.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/catalog.h"
#include "reference/graph.h"
#include "reference/node.h"
#include "reference/value.h"

namespace touchstone {

// The newest IR version this build understands (IR 13: ONNX 1.20 and later, through 1.23).
inline constexpr int64_t kMaxIrVersion = 13;

struct RunResult {
  std::vector<Tensor> outputs;  // in graph-output order
  SemanticsRecord semantics;    // what, if anything, ONNX leaves open in these results
};
// The same for graph values (tensors, sequences, optionals: value.h).
struct ValueRunResult {
  Values outputs;
  SemanticsRecord semantics;
};

// ONNX 1.12's test data stores bfloat16 tensors as their bit patterns with data_type
// UINT16. Returns `t` read as the type `declared` names when that is bfloat16 or float16
// and `t` is uint16 (same bits, same width); otherwise `t` unchanged.
Tensor as_declared(Tensor t, const onnx::TypeProto& declared);

class Model {
 public:
  // Reads and checks a model file; external data is resolved next to it.
  static Model load(const std::filesystem::path& path);
  // Checks a parsed model. `where` names it in messages.
  static Model from_proto(onnx::ModelProto proto, const std::filesystem::path& base_dir,
                          const std::string& where);

  const onnx::ModelProto& proto() const { return *proto_; }
  // Graph inputs that are not initializers, in graph order: what a caller must feed.
  const std::vector<std::string>& input_names() const { return input_names_; }
  const std::vector<std::string>& output_names() const { return output_names_; }
  // The op-versions the nodes resolved to, in node order.
  const std::vector<const CatalogRow*>& node_rows() const { return graph_->node_rows(); }
  // The main graph, checked (graph.h).
  const Graph& graph() const { return *graph_; }
  // The opset the model imports for a domain (0 if none).
  int opset(std::string_view domain) const;

  // The declared types of the feedable inputs and of the outputs, in order.
  const onnx::TypeProto& input_type(size_t i) const;
  const onnx::TypeProto& output_type(size_t i) const;

  // Runs with `inputs` in input_names() order. `options` fixes the random source's seed.
  ValueRunResult run_values(const Values& inputs, ExecutionOptions options = {}) const;
  // Runs with named feeds; a feed may also override an initializer (IR version >= 4).
  // The model-level checks (feeds against the declared inputs) are here; the graph runs
  // in graph.h's executor.
  ValueRunResult run_named_values(const std::map<std::string, Value>& feeds, ExecutionOptions options = {}) const;
  // The same for models whose inputs and outputs are tensors; an output that is not a
  // tensor throws kNotImplemented (use run_values).
  RunResult run(const std::vector<Tensor>& inputs, ExecutionOptions options = {}) const;
  RunResult run_named(const std::map<std::string, Tensor>& feeds, ExecutionOptions options = {}) const;

 private:
  Model() = default;
  void check_graph();
  template <class Input>  // Tensor or Value; defined and used in model.cpp
  std::map<std::string, Value> feeds_of(const std::vector<Input>& inputs) const;

  // Shared by copies of the model: the graph refers into the proto and the context.
  std::shared_ptr<const onnx::ModelProto> proto_;
  std::string where_;
  std::shared_ptr<ModelContext> context_;      // opset imports, IR version, base folder
  std::map<std::string, Value> initializers_;  // by name (tensors)
  std::vector<std::string> input_names_, output_names_;
  std::shared_ptr<const Graph> graph_;
};

}  // namespace touchstone
