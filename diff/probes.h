// Probe cases for comparing two versions of an op: inputs (types, shapes, values) and
// attributes, drawn from the rules either version states. Each probe is run under both
// versions; attributes a version does not have are dropped for it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/catalog.h"
#include "reference/tensor.h"
#include "reference/value.h"

namespace touchstone {

// One way of calling the op: the node's inputs, attributes and output count.
struct ProbeCall {
  std::vector<Tensor> inputs;  // the given inputs, in node-input order
  std::vector<onnx::AttributeProto> attributes;
  std::vector<size_t> omitted_inputs = {};  // optional node inputs left empty, by position
  size_t outputs = 0;                       // node outputs; 0: as many as the schema names
  // Inputs that are not all tensors (a sequence, an optional): when given, they stand for
  // `inputs` (SequenceInsert's sequence, OptionalHasElement's optional).
  Values values = {};
};

struct Probe : ProbeCall {
  std::string name;  // "A (3,3) B (3) broadcast=1 axis=0", or what a hand-written probe shows
  // The new version's spelling of the same request, where the versions spell it differently
  // (Slice-1's starts/ends attributes are Slice-10's inputs); without it both get this call.
  std::optional<ProbeCall> new_call = std::nullopt;
  bool hand_written = false;
};

// Probes for `a` against `b` (two versions of one op). Empty when the op's inputs are of
// a kind the probes cannot make yet (the caller says so).
std::vector<Probe> make_probes(const CatalogRow& a, const CatalogRow& b);

// Hand-written probes (diff/hand_probes*.cpp): small inputs chosen from the spec text that
// show what changed between `a` and `b` (Reshape-14's allowzero, OneHot-11's negative
// indices, ...). Empty when none is written for a change between the two.
std::vector<Probe> hand_probes(const CatalogRow& a, const CatalogRow& b);

// Probes taken from the op's case specs (cases/specs): the drafts of both versions, each
// run under both, at most `limit` of them spread over the list. Empty without a spec.
std::vector<Probe> probes_from_case_specs(const CatalogRow& a, const CatalogRow& b, size_t limit = 120);

// A tensor of `dtype` and `shape` with small deterministic values (`salt` varies them).
Tensor probe_tensor(DType dtype, const Shape& shape, int salt, bool exponent_like = false);

}  // namespace touchstone
