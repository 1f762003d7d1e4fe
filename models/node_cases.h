// A model's nodes as cases (issue 30, "node by node"): the reference runs the whole model
// once and keeps every value of its main graph; each main-graph node then becomes a
// one-node model whose inputs are the real values it saw (a control-flow node keeps its
// subgraphs, and the outer values they read become inputs too). Each case is finished the
// way the generator finishes a drafted one (cases/generator.cpp): the reference answers
// the one-node model, and the node's op-version's judging contract (cases/judging.h), with
// the reduction length its kernel reported, gives the tolerance. The cases form a suite in
// ONNX's layout, so `touchstone run --suite` and every report take them unchanged.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cases/case.h"
#include "onnx/onnx_pb.h"
#include "reference/graph.h"
#include "reference/value.h"

namespace touchstone::models {

// Every value of the main graph after one run of the reference: the feeds, the
// initializers and each node's outputs, by name; and the graph's outputs in order.
struct ModelValues {
  std::map<std::string, Value> values;
  Values outputs;
  SemanticsRecord semantics;
};
ModelValues run_keeping_values(const onnx::ModelProto& model, const std::filesystem::path& base_dir,
                               const std::string& name, const Values& inputs, ExecutionOptions options = {});

// The type a graph declares for `value`: its value type, with a tensor's shape.
onnx::TypeProto declared_type(const Value& value);

// The names a node reads: its inputs, then those its subgraphs read from outside
// themselves (at any depth), each once, in first-use order; empty names dropped.
std::vector<std::string> names_read(const onnx::NodeProto& node);

struct NodeCaseOptions {
  std::string model_name;  // the cases' ids start with it: "<model_name>/n007-Conv"
  ExecutionOptions execution;
  // Also the whole model as one case ("<model_name>/whole", op "(graph)"): no contract
  // bounds a whole model's outputs yet, so it is implementation-defined — a backend's
  // deviation is measured and reported (divergent), never failed.
  bool whole_model = true;
  // Count negative axes before the op-version allowing them from the back (graph.h
  // kEarlyNegativeAxesKey, set on the model and on every case's): PaddleOCR's opset-9
  // recognizer has ReduceMean-1 with axes [-1]. Such cases are implementation-defined.
  bool count_early_negative_axes = false;
  // Replace each If whose branch the run decided by that branch's nodes (their outputs
  // renamed through Identity nodes), round after round for the Ifs nested in them, so each
  // node inside a taken branch is a case with its real inputs (Silero VAD holds its whole
  // network in the branches of 25 nested Ifs). Off: each If is one case with its subgraphs.
  bool inline_decided_ifs = true;
  std::function<void(size_t done, size_t total)> progress;
};

struct NodeCases {
  std::vector<cases::Case> cases;  // in node order, then the whole model's
  ModelValues run;                 // the run the node cases came from (after inlining)
  int inlined_rounds = 0;          // rounds of If inlining (0: none)
};

// The model as the node cases see it: `model` with the decided Ifs inlined (when the options
// ask), `run` the reference's run of it keeping every value, `whole` the model as given
// (with the options' metadata), for the whole-model case.
struct PreparedModel {
  onnx::ModelProto model;
  onnx::ModelProto whole;
  ModelValues run;
  int inlined_rounds = 0;
};
PreparedModel prepare_model(const onnx::ModelProto& model, const std::filesystem::path& base_dir,
                            const Values& inputs, const NodeCaseOptions& options);

// Node `index` of `model`'s main graph as a case fed `values` (by name: every name the node
// reads), answered by the reference and given its op-version's tolerance for those inputs.
cases::Case node_case(const onnx::ModelProto& model, int index, const std::map<std::string, Value>& values,
                      const std::filesystem::path& base_dir, const std::string& model_name,
                      ExecutionOptions execution = {});

// Throws what loading or running the model throws (kNotImplemented names the first
// op-version the reference lacks; models/model_summary.h lists them all beforehand).
NodeCases node_cases(const onnx::ModelProto& model, const std::filesystem::path& base_dir,
                     const Values& inputs, const NodeCaseOptions& options);

// "n007-Conv" for node 7 of a graph of `count` nodes (the index padded to count's width).
std::string node_case_name(int index, int count, const std::string& op_type);

}  // namespace touchstone::models
