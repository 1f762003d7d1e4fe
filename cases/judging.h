// Judging contracts (DESIGN.md, "Comparison"): how a conformant backend's outputs are judged,
// stated once per op in its spec row (cases/specs/spec_table.cpp), next to the op's cases.
// A contract is exact, ulp(N), a bound on an accumulated sum (with its extra roundings), a
// bound per element computed by the op's own function, a product's ulps, or a property the
// outputs must have (random ops: the values are the backend's own draws, so what is judged is
// what the text fixes about them, e.g. Dropout's 0-or-scaled elements, its mask, and how
// many it dropped by a statistical test with a stated false-alarm rate); a refinement
// makes the draft-dependent choices (TopK's sorted=0, CumSum's axis length, Det's matrix
// size). The tolerance of each case follows from the contract and what the reference's
// kernels reported while answering it (the reduction length: Node::record_terms), so no
// generic file needs to know an op by name.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cases/case.h"
#include "reference/catalog.h"
#include "reference/node.h"
#include "reference/tensor.h"

namespace touchstone::cases {

// Library functions (exp, log, sin, ...) and short compositions of them: within this many
// ulps of the output type. IEEE 754 requires correct rounding of its basic operations only;
// common math libraries deliver these within a few ulps.
constexpr int kFunctionUlps = 4;

// What a contract sees of one drafted case.
struct CaseFacts {
  const CatalogRow& row;
  const CaseDraft& draft;
  int64_t terms = 0;  // the reduction length the reference's kernel reported (0: none, or a refusal)
};

// What an element-bound function sees of one case: its single node, read from the suite.
struct BoundCase {
  onnx::NodeProto node;
  int since_version = 0;
  std::vector<std::optional<Tensor>> inputs;  // by node-input position (absent: nullopt)
  std::vector<Tensor> expected;               // the oracle's outputs
  std::optional<int64_t> int_attr(const std::string& name) const;
  std::string string_attr(const std::string& name, const std::string& fallback) const;
};

// A case's node as the reference's kernels see it, with its inputs (for element bounds that
// read rows, reduction sets or groups through the kernels' own rules).
struct BoundNode {
  SemanticsRecord semantics;
  std::vector<const Tensor*> ptrs;
  Node node;
  Inputs inputs;
  explicit BoundNode(const BoundCase& c)
      : ptrs(pointers(c)), node(c.node, c.node.op_type() + "-" + std::to_string(c.since_version), semantics),
        inputs(ptrs) {}
  static std::vector<const Tensor*> pointers(const BoundCase& c) {
    std::vector<const Tensor*> p;
    for (const auto& t : c.inputs) p.push_back(t ? &*t : nullptr);
    return p;
  }
};

// Per output, per element, the allowed |a - e| (+inf: vacuous); empty when the function
// cannot judge the case (the comparator then falls back to the term magnitudes).
using ElementBoundFn = std::vector<std::vector<double>> (*)(const BoundCase& c);
// Whether a backend's outputs `actual` (of the expected types and shapes) have the property
// the op's text fixes, given the case's node and inputs (`expected`: the reference's own
// answer, one instance of it). failure empty: they do.
struct PropertyResult {
  std::string failure;
  int64_t bad = 0;  // elements (or statistics) that break it
};
using PropertyFn = PropertyResult (*)(const BoundCase& c, const std::vector<Tensor>& actual);
// A draft-dependent refinement of the tolerance the contract's kind gives.
using RefineFn = Tolerance (*)(const CaseFacts& facts, Tolerance t);

struct Judging {
  enum Kind {
    kExact,        // IEEE basic operations, exact selections, conversions, integers
    kUlp,          // within `ulps` units in the last place
    kBound,        // |a - e| <= gamma_n * (sum of |terms|) + u|e|, n = terms + extra (compare.h)
    kProductUlps,  // a product of n factors: within n + `ulps` ulps
    kProperty,     // random outputs: `property` decides (its name in `function`)
  };
  Kind kind = kExact;
  int ulps = 0;
  int extra = 0;              // kBound: roundings past the sum's own (Gemm's alpha and beta: 2)
  int64_t min_terms = 2;      // kBound, kProductUlps: fewer terms are exact (nothing accumulates)
  bool of_inputs = false;     // kBound: n is the number of inputs (Sum, Mean), not a reported length
  std::string_view function = {};  // the element bound's name ("softmax")
  ElementBoundFn bounds = nullptr;  // per-element bounds, taking the term magnitudes' place
  PropertyFn property = nullptr;  // kProperty: the check
  RefineFn refine = nullptr;  // the draft's own choices
  std::string_view refined = {};  // what refine decides, one phrase ("unordered when sorted=0")
  int refined_since = 0;      // the first version refine applies to

  static constexpr Judging exact() { return {}; }
  static constexpr Judging ulp(int n) { return {.kind = kUlp, .ulps = n}; }
  // A sum of n terms, plus `extra` roundings; `min_terms`: fewer are exact.
  static constexpr Judging sum(int extra = 0, int64_t min_terms = 2) {
    return {.kind = kBound, .extra = extra, .min_terms = min_terms};
  }
  static constexpr Judging sum_of_inputs() { return {.kind = kBound, .of_inputs = true}; }
  static constexpr Judging product(int ulps) { return {.kind = kProductUlps, .ulps = ulps}; }
  // Bounds per element from `fn`; the case states n = terms + extra, exact below min_terms.
  static constexpr Judging element(std::string_view name, ElementBoundFn fn, int extra = 0, int64_t min_terms = 1) {
    return {.kind = kBound, .extra = extra, .min_terms = min_terms, .function = name, .bounds = fn};
  }
  // Outputs judged by a property (`name`: "dropout"), not compared with the reference's.
  static constexpr Judging property_of(std::string_view name, PropertyFn fn) {
    return {.kind = kProperty, .function = name, .property = fn};
  }
  constexpr Judging with(RefineFn fn, std::string_view what, int since = 0) const {
    Judging j = *this;
    j.refine = fn;
    j.refined = what;
    j.refined_since = since;
    return j;
  }

  // One line for `touchstone ops`: "exact", "ulp(4)", "sum bound n+2", "element bound
  // (softmax)", "ulp(n+4)", "property (dropout)", with the refinement where it applies to `row`.
  std::string describe(const CatalogRow& row) const;
};

// The quantities an element bound is stated in, for the output type.
struct BoundUnits {
  double u = 0;    // unit roundoff
  double phi = 0;  // a library function's relative error (kFunctionUlps ulps = 8u)
  double eta = 0;  // the smallest subnormal (the absolute error of an underflow)
  explicit BoundUnits(DType dtype);
  double gamma(double n) const;  // n*u / (1 - n*u), +inf when n*u >= 1
};

// A tensor's real values in double (integers converted; other types give nothing).
std::vector<double> values_of(const Tensor& t);

}  // namespace touchstone::cases
