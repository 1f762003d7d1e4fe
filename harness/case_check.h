// Whether a case contradicts its own model (issue 25). A case's op and validity come from
// its model and the reference; its stored values must be what its model declares. A case
// that contradicts them is bad-case (the suite's fault), never a verdict on the backend:
//   - its op: the metadata's op (and domain) must be a node of the model's graph, its
//     opset the one the model imports, its op-version the one that opset resolves to
//     (ONNX's node tests, whose metadata is the model's, are not checked);
//   - its validity: a case marked invalid whose model the reference accepts and runs;
//   - under --oracle expected, for a valid case: every graph input the model declares has
//     its input_N.pb, readable as declared, of the declared element type and shape (the
//     stored outputs are checked likewise where they are read: oracle.cpp). An optional
//     input is not checked (ONNX stores an empty one with elem_type 0).
#pragma once
#include <string>

#include "cases/suite.h"
#include "harness/backend.h"
#include "harness/oracle.h"

namespace touchstone::harness {

// "" when the case is consistent, else what contradicts what.
std::string case_contradiction(const CaseMeta& meta, const CaseFiles& files, OracleKind oracle);

}  // namespace touchstone::harness
