// Building small models in code: one node, its inputs as graph inputs, its outputs as
// graph outputs. Used by the tests, the case generator and the diff.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "reference/tensor.h"

namespace touchstone {

onnx::AttributeProto make_attr(const std::string& name, int64_t value);
onnx::AttributeProto make_attr(const std::string& name, float value);
onnx::AttributeProto make_attr(const std::string& name, const std::string& value);
onnx::AttributeProto make_attr(const std::string& name, const std::vector<int64_t>& values);
onnx::AttributeProto make_attr(const std::string& name, const std::vector<float>& values);
// A STRINGS attribute (not an overload of make_attr: a braced pair of literals would also fit
// std::string's iterator-pair constructor).
onnx::AttributeProto make_strings_attr(const std::string& name, const std::vector<std::string>& values);

struct ValueSpec {
  std::string name;
  DType dtype;
  Shape shape;
};

struct SingleNodeModel {
  std::string op;
  std::string domain;  // "" is ai.onnx
  int opset = 0;
  std::vector<ValueSpec> inputs;   // graph inputs, in node-input order
  std::vector<ValueSpec> outputs;  // graph outputs, in node-output order
  std::vector<onnx::AttributeProto> attributes;
  int64_t ir_version =
      0;  // 0: the IR version released with the opset (3 for opset 1-8 ...; ai.onnx.ml by its own table)
};

// The IR version ONNX released alongside an ai.onnx opset (opset 7 -> 3, 9 -> 4, ...).
int64_t ir_version_for_opset(int opset);
// The same for an ai.onnx.ml opset (1 -> 3, 2 -> 6, 3 -> 8, 4 -> 9, 5 -> 10).
int64_t ir_version_for_ml_opset(int opset);

onnx::ModelProto build_model(const SingleNodeModel& spec);

}  // namespace touchstone
