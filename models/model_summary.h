// What a model asks of the reference: the op-versions its nodes resolve to (subgraphs
// included), how many nodes use each, and which the catalog lacks; its feedable inputs
// with their declared types and dimensions (symbolic ones by name). Read from the proto
// alone, so a model the reference cannot run yet is still described.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/catalog.h"

namespace touchstone::models {

struct OpUse {
  std::string domain, op;  // as the node names them (domain canonical)
  int opset = 0;           // the model's import for the domain (0: none)
  const CatalogRow* row = nullptr;  // what it resolves to; null: no such op-version in the catalog
  int nodes = 0;                    // nodes using it, in every graph
  std::string label() const;        // "Conv-11", or "Conv (opset 30: not in the catalog)"
  bool runnable() const { return row && row->kernel; }
};

struct InputDim {
  int64_t value = -1;  // -1: not fixed
  std::string name;    // the dim_param, when symbolic
};

struct ModelInput {
  std::string name;
  onnx::TypeProto type;
  std::vector<InputDim> dims;  // tensors with a declared shape; empty otherwise
  bool has_shape = false;
};

struct ModelSummary {
  std::vector<OpUse> ops;       // sorted by label
  std::vector<ModelInput> inputs;  // the graph inputs that are not initializers, in order
  int main_nodes = 0;           // nodes of the main graph
  int all_nodes = 0;            // nodes of every graph
  int subgraphs = 0;
  bool runnable() const;        // every op-version implemented
};

ModelSummary summarize_model(const onnx::ModelProto& model);

}  // namespace touchstone::models
