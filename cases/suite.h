// A suite on disk, in ONNX's backend-test layout:
//   <suite>/<case dir>/model.onnx
//   <suite>/<case dir>/test_data_set_0/input_N.pb, output_N.pb (expected outputs)
//   <suite>/<case dir>/case.json   (touchstone's metadata; absent in ONNX's own node tests)
//   <suite>/index.json             (touchstone suites: every case's metadata, in order)
// The same loader reads a generated suite and a folder of ONNX's node tests, whose
// metadata is derived from the model.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "reference/node.h"

namespace touchstone {

// How outputs of a case are judged (DESIGN.md, "Comparison").
struct Tolerance {
  enum Kind { kExact, kUlp, kBound, kOnnx, kUnordered, kProperty } kind = kExact;
  int ulps = 0;            // kUlp: allowed distance in units in the last place
  double bound_terms = 0;  // kBound: reduction length n for the derived error bound
  // kUnordered: the order along this axis of the outputs is unspecified (TopK sorted=0);
  // the tuples of all outputs' elements at each position along it are compared as a
  // multiset, per slice, each element exactly.
  int64_t unordered_axis = 0;
  // kProperty: the outputs are random; the property of the op's judging contract
  // (cases/judging.h) named here decides, not the values ("dropout").
  std::string property;
  std::string to_string() const;  // "exact", "ulp(4)", "bound(n=128)", "onnx", "unordered(axis=1)", "property(dropout)"
  static Tolerance parse(const std::string& text);  // inverse of to_string; throws kMalformed
};

// CaseMeta::op of a case that is a whole graph, crediting no single op (an ONNX test of
// several nodes named after none, a model's whole-model case: models/node_cases.h).
inline constexpr const char* kGraphOp = "(graph)";

struct CaseMeta {
  std::string id;        // "Sub-7/float32/bcast_3x4x5_5"; for ONNX's tests, the folder name
  std::string domain;    // "" is ai.onnx
  std::string op;        // "Sub"
  int since_version = 0; // the op-version the case exercises (7)
  int opset = 0;         // the opset the model imports (>= since_version)
  std::vector<std::string> dtypes;  // short names of the input types, in input order
  std::vector<std::string> tags;    // "broadcast", "special-values", "negative", ...
  bool valid = true;                // false: a conformant backend must refuse the model
  std::string invalid_rule;         // for an invalid case, the rule it breaks
  Semantics semantics = Semantics::kDefined;
  std::string semantics_reason;     // why it is not "defined"
  bool shape_open = false;          // that choice decides the output shapes too (case.json: only when true)
  Tolerance tolerance;
  bool from_onnx = false;           // metadata derived from an ONNX node test, no case.json
};

struct SuiteCase {
  CaseMeta meta;
  std::filesystem::path dir;  // absolute path of the case's folder
  // Why the case cannot be run at all ("" : it can): a folder with test data but no
  // model.onnx, a model or case.json that cannot be read. Such a case stays in the suite
  // (its id is the folder name) and is judged bad-case, the suite's own fault.
  std::string problem;
  // The model, when the loader read it to derive the metadata (no case.json: ONNX's node
  // tests), kept so that the runner neither reads nor parses it again. Null otherwise.
  std::shared_ptr<const std::string> model_bytes;
  std::shared_ptr<const onnx::ModelProto> model;
  // case.json's bytes as read ("" : none, an ONNX node test), for the case's digest.
  std::string case_json;
};

// The most a case.json may hold (a few hundred bytes in practice): a larger one, or one
// that is not a regular file inside its case folder, makes the case's problem.
inline constexpr uint64_t kMaxCaseJsonBytes = 1 << 20;

struct Suite {
  std::filesystem::path root;
  std::vector<SuiteCase> cases;  // sorted by id
};

// Reads a suite folder (generated or ONNX's), or a single case's folder (one holding
// model.onnx) as a suite of that one case. A case folder is one holding model.onnx,
// case.json or a test_data_set_N folder. Throws Error(kIo/kMalformed) with the path for
// a folder that cannot be listed and for duplicate ids; a case that cannot be read is
// kept with its `problem`. case.json and a model read for its metadata are read
// defensively (reference/tensor_proto.h read_file_within): regular files inside the case
// folder only, case.json at most kMaxCaseJsonBytes; a FIFO or device is refused without
// waiting on it, so one bad case costs only itself.
Suite load_suite(const std::filesystem::path& root);

// Keeps the cases whose op is in `ops` ("Sub,Pow"; empty keeps all). Throws kIo naming
// an op that matches no case of the suite (a typo must not make an empty run).
void filter_ops(Suite& suite, const std::vector<std::string>& ops);

// case.json: the metadata as one JSON object (keys sorted, 2-space indent, no timestamps),
// and back. meta_from_json throws Error(kMalformed) naming `where`.
std::string meta_to_json(const CaseMeta& meta);
CaseMeta meta_from_json(const std::string& text, const std::string& where);

// The metadata of a case without case.json (ONNX's node tests), derived from its model:
// the first node's op and domain, the opset imported for that domain, the op-version it
// resolves to in the catalog (0 if none), the graph inputs' types; tolerance "onnx".
CaseMeta meta_from_model(const onnx::ModelProto& model, const std::string& id);

}  // namespace touchstone
