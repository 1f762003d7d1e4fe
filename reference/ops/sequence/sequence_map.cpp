// SequenceMap-17: the graph `body` run once per position i of the first input sequence, on
// the i-th tensor of every sequence input and the whole of every tensor input; output k is
// the sequence of body output k over the positions, in order. The body must have as many
// inputs and outputs as the node; every sequence input must be as long as the first; each
// body output must be a tensor (S holds sequences of tensors). An empty first sequence
// gives empty sequences of the element types the body declares for its outputs.
#include <string>

#include "reference/ops/sequence/sequence_ops.h"
#include "reference/value_proto.h"

namespace touchstone::ops {

namespace {

const onnx::GraphProto& sequence_map_body(const Node& node) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == "body" && a.has_g()) return a.g();
  invalid_model("the graph attribute body is required");
}

// The element type of body output k: what the body declares for it.
DType declared_output_elem(const onnx::GraphProto& body, int k) {
  const auto& out = body.output(k);
  if (!out.has_type() || !out.type().has_tensor_type())
    invalid_model("body output " + std::to_string(k) + " (" + out.name() +
                  ") declares no tensor type; SequenceMap's outputs are sequences of tensors");
  const ValueType t = value_type_of(out.type(), "body output " + out.name());
  return t.dtype;
}

}  // namespace

// SequenceMap-17.
Values sequence_map_v17(const Node& node, const ValueInputs& in) {
  const onnx::GraphProto& body = sequence_map_body(node);
  const int inputs = static_cast<int>(in.size()), outputs = node.proto().output_size();
  if (body.input_size() != inputs || body.output_size() != outputs)
    invalid_model("body has " + std::to_string(body.input_size()) + " inputs and " + std::to_string(body.output_size()) +
                  " outputs; the node has " + std::to_string(inputs) + " and " + std::to_string(outputs) +
                  " (they must match)");
  const size_t n = in[0].items().size();
  for (size_t j = 1; j < in.size(); ++j)
    if (in.has(j) && in[j].is_sequence() && in[j].items().size() != n)
      invalid_model("additional input " + std::to_string(j) + " is a sequence of " + std::to_string(in[j].items().size()) +
                    " tensors; every sequence input must have the first's " + std::to_string(n));
  std::vector<std::vector<Tensor>> results(static_cast<size_t>(outputs));
  for (size_t i = 0; i < n; ++i) {
    Values args;
    for (size_t j = 0; j < in.size(); ++j) {
      if (!in.has(j)) invalid_model("input " + std::to_string(j) + " is left empty; every body input needs a value");
      args.push_back(in[j].is_sequence() ? Value(in[j].items()[i]) : in[j]);
    }
    Values got = node.run_subgraph("body", args);
    for (size_t k = 0; k < got.size(); ++k) {
      if (!got[k].is_tensor())
        invalid_model("body output " + std::to_string(k) + " is " + got[k].type_string() + "; it must be a tensor");
      results[k].push_back(got[k].tensor());
    }
  }
  Values out;
  for (int k = 0; k < outputs; ++k) {
    auto& items = results[static_cast<size_t>(k)];
    const DType elem = items.empty() ? declared_output_elem(body, k) : items.front().dtype();
    out.push_back(Value::sequence(elem, std::move(items)));
  }
  return out;
}

}  // namespace touchstone::ops
