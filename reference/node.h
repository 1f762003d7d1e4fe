// What a kernel sees of its node: the attributes, the op-version it runs as, and a
// place to record behaviour ONNX leaves undefined or implementation-defined.
#pragma once
#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/tensor.h"
#include "reference/value.h"

namespace touchstone {

// How far ONNX pins down a result (DESIGN.md, "Semantics categories").
enum class Semantics { kDefined = 0, kImplementationDefined = 1, kUndefined = 2 };
const char* semantics_name(Semantics s);  // "defined", "implementation-defined", "undefined"

// The semantics of a run: the least defined category any kernel met, and why.
// shape_open: the open choice decides the output shapes too (Unique: whether NaNs are one
// value), so another conformant backend may answer with other shapes.
struct SemanticsRecord {
  Semantics category = Semantics::kDefined;
  std::vector<std::string> reasons;  // each reason once, in the order met
  bool shape_open = false;
  // The reduction length the kernels reported (terms per output element of the longest sum
  // the run formed: a Reduce* set, MatMul's K, a Softmax row, a loss's samples); 0: none.
  // The case generator states each case's accuracy bound in it (cases/judging.h).
  int64_t terms = 0;
  void mark(Semantics s, const std::string& reason, bool shapes_too = false);
  void record_terms(int64_t n) { terms = std::max(terms, n); }
  void merge(const SemanticsRecord& other);
};

class Graph;       // graph.h
class Scope;       // graph.h
class RunContext;  // graph.h
class RandomSource;  // graph.h

// Where a node runs: the graph it belongs to (and its index there), the scope its inputs
// were read from, and the run (opset imports, random source). Empty for a node a test
// runs by itself; the executor (graph.h) always fills it.
struct NodeEnv {
  const Graph* graph = nullptr;
  int index = -1;
  const Scope* scope = nullptr;
  RunContext* run = nullptr;
};

class Node {
 public:
  Node(const onnx::NodeProto& proto, std::string op_version, SemanticsRecord& semantics, NodeEnv env = {})
      : proto_(proto), op_version_(std::move(op_version)), semantics_(semantics), env_(env) {}

  const onnx::NodeProto& proto() const { return proto_; }
  // "Sub-6": the op and the since_version it resolved to.
  const std::string& op_version() const { return op_version_; }
  const NodeEnv& env() const { return env_; }

  // The run's seeded random source (graph.h RandomSource): the random ops draw from it in
  // node order, so a case that fixes the seed fixes their results.
  RandomSource& random() const;
  // The opset the model imports for `domain` ("" is ai.onnx).
  int opset(std::string_view domain) const;
  // Runs the graph held by this node's attribute `attr` (If's then_branch, Loop's body):
  // `inputs` bind the subgraph's inputs in order; the subgraph reads this node's scope
  // (every name visible here). Returns its outputs in order. (The three are defined in
  // graph.cpp; they throw std::logic_error for a node run outside a graph.)
  Values run_subgraph(const std::string& attr, const Values& inputs) const;

  bool has_attr(const std::string& name) const { return find(name) != nullptr; }
  int64_t attr_int(const std::string& name, int64_t fallback) const;
  std::optional<int64_t> attr_opt_int(const std::string& name) const;
  float attr_float(const std::string& name, float fallback) const;
  std::string attr_string(const std::string& name, const std::string& fallback) const;
  std::vector<int64_t> attr_ints(const std::string& name) const;

  // Kernels call this where the op-version leaves the answer open; the reference's
  // answer is still the documented one. `shapes_too`: the choice decides output shapes.
  void mark(Semantics s, const std::string& reason, bool shapes_too = false) const {
    semantics_.mark(s, reason, shapes_too);
  }
  // Kernels that reduce call this with their reduction length (terms per output element),
  // as they call mark for open choices; the run record keeps the largest.
  void record_terms(int64_t n) const { semantics_.record_terms(n); }

 private:
  const onnx::AttributeProto* find(const std::string& name) const;

  const onnx::NodeProto& proto_;
  std::string op_version_;
  SemanticsRecord& semantics_;
  NodeEnv env_;
};

// A kernel's inputs, tensors (Inputs) or values of every kind (ValueInputs, value.h):
// optional inputs that the node leaves empty are absent (nullptr).
template <class T>
class InputList {
 public:
  explicit InputList(std::vector<const T*> items) : items_(std::move(items)) {}
  size_t size() const { return items_.size(); }
  bool has(size_t i) const { return i < items_.size() && items_[i] != nullptr; }
  const T& operator[](size_t i) const {
    if (!has(i)) throw std::logic_error("kernel read absent input " + std::to_string(i));
    return *items_[i];
  }
  const std::vector<const T*>& pointers() const { return items_; }

 private:
  std::vector<const T*> items_;
};
using Inputs = InputList<Tensor>;
using Tensors = std::vector<Tensor>;
using ValueInputs = InputList<Value>;

// A kernel: one op-version's semantics. Type constraints, input/output counts and
// attribute kinds are checked by the executor against the schema before the call;
// the kernel checks what only it knows (shapes, attribute values) and throws
// invalid_model("...") naming the rule. One signature takes every kind of value:
using ValueKernel = Values (*)(const Node& node, const ValueInputs& inputs);
// Most op-versions take and give tensors only; their kernels are written over tensors
// and adapted (Kernel below), so they need not unwrap values.
using TensorKernel = Tensors (*)(const Node& node, const Inputs& inputs);

// The kernel of a catalog row, called through the one signature. Built from a value
// kernel, or from a tensor kernel that it adapts: the adapter hands the tensor kernel the
// inputs' tensors (an input of another kind is kNotImplemented: "this op-version's kernel
// takes tensors only") and returns its tensors as values. The executor calls every row
// the same way, kernel(node, inputs).
class Kernel {
 public:
  constexpr Kernel() = default;
  constexpr Kernel(std::nullptr_t) {}                    // NOLINT: not yet
  constexpr Kernel(ValueKernel kernel) : values_(kernel) {}    // NOLINT: a kernel
  constexpr Kernel(TensorKernel kernel) : tensors_(kernel) {}  // NOLINT: adapted
  Values operator()(const Node& node, const ValueInputs& inputs) const;
  constexpr explicit operator bool() const { return values_ || tensors_; }
  friend constexpr bool operator==(const Kernel& k, std::nullptr_t) { return !k; }

 private:
  ValueKernel values_ = nullptr;
  TensorKernel tensors_ = nullptr;
};

}  // namespace touchstone
