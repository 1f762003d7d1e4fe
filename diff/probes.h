// Probe cases for comparing two versions of an op: inputs (types, shapes, values) and
// attributes, drawn from the rules either version states. Each probe is run under both
// versions; attributes a version does not have are dropped for it.
#pragma once
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/catalog.h"
#include "reference/tensor.h"

namespace touchstone {

struct Probe {
  std::string name;  // "A (3,3) B (3) broadcast=1 axis=0"
  std::vector<Tensor> inputs;
  std::vector<onnx::AttributeProto> attributes;
};

// Probes for `a` against `b` (two versions of one op). Empty when the op's inputs are of
// a kind the probes cannot make yet (the caller says so).
std::vector<Probe> make_probes(const CatalogRow& a, const CatalogRow& b);

// Probes taken from the op's case specs (cases/specs): the drafts of both versions, each
// run under both, at most `limit` of them spread over the list. Empty without a spec.
std::vector<Probe> probes_from_case_specs(const CatalogRow& a, const CatalogRow& b, size_t limit = 120);

// A tensor of `dtype` and `shape` with small deterministic values (`salt` varies them).
Tensor probe_tensor(DType dtype, const Shape& shape, int salt, bool exponent_like = false);

}  // namespace touchstone
