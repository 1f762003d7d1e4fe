// What a kernel sees of its node: the attributes, the op-version it runs as, and a
// place to record behaviour ONNX leaves undefined or implementation-defined.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
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

class Node {
 public:
  Node(const onnx::NodeProto& proto, std::string op_version, SemanticsRecord& semantics)
      : proto_(proto), op_version_(std::move(op_version)), semantics_(semantics) {}

  const onnx::NodeProto& proto() const { return proto_; }
  // "Sub-6": the op and the since_version it resolved to.
  const std::string& op_version() const { return op_version_; }

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
};

// A kernel's inputs: optional inputs that the node leaves empty are absent.
class Inputs {
 public:
  explicit Inputs(std::vector<const Tensor*> tensors) : tensors_(std::move(tensors)) {}
  size_t size() const { return tensors_.size(); }
  bool has(size_t i) const { return i < tensors_.size() && tensors_[i] != nullptr; }
  const Tensor& operator[](size_t i) const;

 private:
  std::vector<const Tensor*> tensors_;
};

using Tensors = std::vector<Tensor>;
// A kernel: one op-version's semantics. Type constraints, input/output counts and
// attribute kinds are checked by the executor against the schema before the call;
// the kernel checks what only it knows (shapes, attribute values) and throws
// invalid_model("...") naming the rule.
using Kernel = Tensors (*)(const Node& node, const Inputs& inputs);

// A kernel over graph values, for the op-versions that take or give sequences or optionals
// (Identity-14 on; the Sequence* and Optional* ops plug in here). It sees every input as a
// value (nullptr for an absent optional input) after the executor has checked the value
// types against the schema, and returns one value per node output.
using ValueKernel = Values (*)(const Node& node, const std::vector<const Value*>& inputs);

}  // namespace touchstone
