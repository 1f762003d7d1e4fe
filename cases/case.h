// The case model in memory: what a spec drafts, and the finished case (model, inputs,
// expected outputs, metadata) that the generator writes as one folder of a suite.
#pragma once
#include <string>
#include <vector>

#include "cases/suite.h"
#include "onnx/onnx_pb.h"
#include "reference/catalog.h"
#include "reference/tensor.h"
#include "reference/value.h"

namespace touchstone::cases {

// One case as a spec describes it, before the reference has run it.
struct CaseDraft {
  std::string name;            // the id's last segment: "bcast_3x4x5_5"
  std::vector<Tensor> inputs;  // in node-input order; their dtypes name the case
  std::vector<onnx::AttributeProto> attributes;
  std::vector<std::string> tags;
  std::string invalid_rule;  // non-empty: a conformant backend must refuse the model
  bool smoke = false;        // also part of the smoke profile
  // Optional node inputs left out (an empty name in the node), by node-input position;
  // `inputs` holds the others, in order (Clip-11 with max but no min).
  std::vector<size_t> omitted_inputs = {};
  // How many node outputs (Split's parts); each becomes a graph output.
  size_t outputs = 1;
  // Of an op with optional outputs, how many the node asks for (BatchNormalization's mode
  // follows them); 0: every output the schema names.
  size_t max_outputs = 0;
  // Inputs that are not all tensors (a sequence, an optional: reference/value.h): when
  // non-empty, the case's inputs in node order, and `inputs` stays empty. The graph
  // declares each as its value type; the id names each by value_type_key.
  Values values = {};
  // The draft the schema-level refusals derive from (cases/refusals.h); when no draft of
  // the op-version is marked, the first valid one with tensor inputs and none omitted.
  bool refusal_base = false;
  // Nodes of the default domain placed after the op's node, which stays node 0 (the node
  // the suite and the judges read): Gradient-1's cases compute y there from the graph's
  // inputs. The model then imports ai.onnx at its newest opset.
  std::vector<onnx::NodeProto> following_nodes = {};
};

// A finished case.
struct Case {
  CaseMeta meta;
  onnx::ModelProto model;
  Values inputs;   // tensors, sequences, optionals, as the graph declares them
  Values outputs;  // the reference's answers; empty for an invalid case
};

// The short name of a value type in case ids and coverage keys: "float32" for a tensor,
// "seq-float32", "opt-float32", "opt-seq-float32".
std::string value_type_key(const ValueType& type);

// "Sub-7/float32/bcast_3x4x5_5": op-version, the input dtypes (one name when all inputs
// share it, else every input's joined by '-': "float32-int64"), and the draft's name.
std::string case_id(const CatalogRow& row, const std::vector<DType>& input_dtypes, const std::string& name);
// The same with each input named by value_type_key (sequences, optionals).
std::string case_id(const CatalogRow& row, const std::vector<std::string>& input_keys, const std::string& name);

// The folder of a case in a suite: "test_" + the id with '/' (and anything outside
// [A-Za-z0-9._+-]) replaced by '_', so suites look like ONNX's node tests.
std::string case_dir_name(const std::string& id);

// The type parameters of an op-version's inputs, in order of first use ("T", "T1"), and
// what each allows, from ONNX's schema.
struct TypeParam {
  std::string name;
  std::vector<size_t> inputs;  // which inputs bind to it
  std::vector<DType> allowed;  // in the order of all_dtypes()
  // The non-tensor types it allows, as value_type_key names them ("seq-float32", ...), in
  // the order ONNX lists them.
  std::vector<std::string> allowed_values = {};
};
std::vector<TypeParam> input_type_params(const CatalogRow& row);

// Every allowed combination of the type parameters, as keys "float32" or "int32,float16"
// (one name per parameter, in parameter order).
std::vector<std::string> allowed_type_combos(const CatalogRow& row);
// The combination key of a case's input dtypes (short names), per the parameters above.
std::string type_combo_key(const CatalogRow& row, const std::vector<std::string>& input_dtypes);

}  // namespace touchstone::cases
