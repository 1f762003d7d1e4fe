// The graph executor: one graph (the model's main graph, or a subgraph an If, Loop, Scan
// or SequenceMap node holds as an attribute) checked once and run any number of times.
//
// Names (IR.md, "Names Within a Graph"): a node reads names of its own graph (inputs,
// initializers, earlier nodes' outputs) or of any enclosing graph, looked up innermost
// first (Scope). Every name a graph defines is defined once, and a subgraph's inputs,
// initializers and node outputs must differ from every outer name visible to it: IR.md
// says "variable shadowing is not allowed", so a subgraph that redefines an outer name is
// an invalid model (checked when the graph is built, as is a name no scope defines).
//
// A run (RunContext) carries the model's opset imports, the semantics record every kernel
// marks, a seeded random source (RandomSource) that kernels reach through
// Node::random(), and the memory account every buffer is charged to before it is
// allocated (memory_budget.h); a subgraph runs in its caller's run. Kernels reach their subgraphs
// through Node::run_subgraph (node.h).
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/catalog.h"
#include "reference/memory_budget.h"
#include "reference/node.h"
#include "reference/value.h"

namespace touchstone {

// The random source of a run: std::mt19937_64 seeded with the run's seed (its output
// sequence is fixed by the C++ standard, so a seed gives the same numbers everywhere).
// Kernels draw in the order the nodes run (a graph's nodes in order, a subgraph's when
// its node runs), so one model, one feed and one seed give one result.
class RandomSource {
 public:
  static constexpr uint64_t kDefaultSeed = 5489;  // std::mt19937_64's own default
  explicit RandomSource(uint64_t seed = kDefaultSeed) : seed_(seed), engine_(seed) {}
  uint64_t seed() const { return seed_; }
  uint64_t next_u64() { return engine_(); }
  // Uniform in [0, 1): the top 53 bits of next_u64() times 2^-53 (exact, no library
  // distribution, whose algorithm the standard leaves open).
  double next_double() { return static_cast<double>(next_u64() >> 11) * 0x1p-53; }

 private:
  uint64_t seed_;
  std::mt19937_64 engine_;
};

// The model metadata key (and its value "count") by which a model asks the reference to
// count negative axes from the back in op-versions before the one that allows them (ONNX's
// text there is silent; opset 11 "added" them): each such axis marks the run
// implementation-defined instead of being refused. `touchstone model --count-early-negative-axes`
// sets it on a real model's cases (models/node_cases.h).
inline constexpr const char* kEarlyNegativeAxesKey = "touchstone.early_negative_axes";

// What a graph needs from its model: the opset imports (canonical domain -> version), the
// IR version, and the folder external data resolves against.
struct ModelContext {
  std::map<std::string, int> opsets;
  int64_t ir_version = 0;
  std::filesystem::path base_dir;
  // The model asks that negative axes before the version allowing them be counted from the
  // back (metadata_props kEarlyNegativeAxesKey = "count"; ops/core/axes.h EarlyNegativeAxes).
  bool count_early_negative_axes = false;
  int opset(std::string_view domain) const;
};

// How a caller runs a model or a graph: the seed of the random source, and the memory
// the run may hold (memory_budget.h: per tensor, and in all).
struct ExecutionOptions {
  uint64_t seed = RandomSource::kDefaultSeed;
  MemoryLimits memory = default_memory_limits();
};

// One run of a model: shared by its main graph and every subgraph that runs in it. While
// it exists, its memory account is its thread's current one (memory_budget.h): every
// tensor and kernel scratch buffer is checked against the limits before it is allocated.
class RunContext {
 public:
  RunContext(const ModelContext& model, ExecutionOptions options = {})
      : model_(model), random_(options.seed), memory_(std::make_shared<MemoryAccount>(options.memory)),
        memory_scope_(memory_) {}
  RunContext(const RunContext&) = delete;
  RunContext& operator=(const RunContext&) = delete;
  const ModelContext& model() const { return model_; }
  RandomSource& random() { return random_; }
  SemanticsRecord& semantics() { return semantics_; }
  const MemoryAccount& memory() const { return *memory_; }

 private:
  const ModelContext& model_;
  RandomSource random_;
  SemanticsRecord semantics_;
  std::shared_ptr<MemoryAccount> memory_;
  MemoryAccountScope memory_scope_;
};

// The values visible to a graph's nodes: its own names, then those of the enclosing
// scopes, innermost first. A scope keeps the values its graph computes and refers to
// values that outlive it (initializers, feeds, a subgraph's inputs).
class Scope {
 public:
  explicit Scope(const Scope* outer = nullptr) : outer_(outer) {}
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

  // The value of `name` here or in an enclosing scope (innermost first); nullptr if none.
  const Value* find(const std::string& name) const;
  // Binds `name` in this scope to a value it keeps, or to one that outlives it.
  const Value& bind(const std::string& name, Value value);
  void refer(const std::string& name, const Value& value);
  // Moves out a value this scope keeps (a computed graph output); nullopt when the name
  // is not kept here (an input, initializer or outer value: the caller copies it).
  std::optional<Value> take(const std::string& name);
  // Every name visible here (this scope's and the enclosing ones').
  std::set<std::string> visible_names() const;
  const Scope* outer() const { return outer_; }

 private:
  const Scope* outer_;
  std::map<std::string, const Value*> names_;
  std::map<std::string, Value> kept_;
};

// A graph checked against its model and its enclosing names; immutable once built.
class Graph {
 public:
  // Checks `proto` (which must outlive the Graph): each node resolved to its op-version
  // in the model's opsets and checked against its schema; each name it reads defined by an
  // earlier node, the graph's inputs or initializers, or `outer` (the names visible where
  // a subgraph sits; nullptr for a main graph); no name defined twice; no subgraph name
  // shadowing an outer one; each subgraph attribute checked the same way. A subgraph's
  // initializers are read here. Throws invalid_model naming `where`, or kNotImplemented
  // for an op-version the reference lacks.
  Graph(const onnx::GraphProto& proto, const ModelContext& model, const std::set<std::string>* outer,
        std::string where);

  const onnx::GraphProto& proto() const { return proto_; }
  const std::string& where() const { return where_; }
  bool nested() const { return nested_; }
  // The op-versions the nodes resolved to, in node order.
  const std::vector<const CatalogRow*>& node_rows() const { return rows_; }
  // The graph held by node `index`'s attribute `attr`; throws std::logic_error if none.
  const Graph& subgraph(int index, const std::string& attr) const;

  // Runs the nodes in order in `scope`, which already holds the graph's inputs and
  // initializers (Model binds its feeds; run() binds a subgraph's).
  void run_nodes(Scope& scope, RunContext& run) const;
  // Then the graph's outputs, in order, each checked against its declared type (else
  // invalid_model); a value the scope computed is moved out unless a later output names
  // it again, any other is copied.
  Values take_outputs(Scope& scope) const;
  // Runs the graph as a subgraph: `inputs` bind its inputs in order (checked against the
  // types it declares), its initializers are bound, its nodes read `outer` too. Returns its
  // outputs in order, each checked against its declared type.
  Values run(const Values& inputs, const Scope& outer, RunContext& run) const;

 private:
  void read_initializers(const std::set<std::string>& outer);
  void check_node(int index, std::set<std::string>& defined, const std::set<std::string>& outer);

  const onnx::GraphProto& proto_;
  const ModelContext& model_;
  std::string where_;
  bool nested_;
  std::vector<const CatalogRow*> rows_;
  std::map<std::string, Value> initializers_;  // a subgraph's (a main graph's are the model's)
  std::vector<std::string> formal_inputs_;     // a subgraph's inputs that are not initializers
  std::map<std::pair<int, std::string>, std::unique_ptr<Graph>> subgraphs_;
};

// Runs `graph` as a subgraph nested in `outer` (the way If runs a branch): checks it
// against the names `outer` makes visible, then Graph::run. For tests and for kernels
// that build a graph themselves.
Values run_graph(const onnx::GraphProto& graph, const Values& inputs, const Scope& outer, RunContext& run,
                 const std::string& where = "subgraph");

}  // namespace touchstone
