// Hand-written probes of the control-flow ops' changes: Scan-9 (no batch axis: the scan axis
// is 0 of the whole input, where Scan-8 scanned axis 1 of each batch element; `directions`
// renamed scan_input_directions), If-11 (the branches' outputs may differ in shape), If-13
// (sequences) and If-16 (optionals). The
// bodies add exact small integers, so each answer can be checked by hand.
#include "cases/specs/control/control_graphs.h"
#include "diff/hand_probes.h"

namespace touchstone::hand {

namespace {

using namespace cases::graphs;

// s_out = s_in + e; scan output s_out. Shapes left undeclared: each version's fit.
onnx::AttributeProto running_sum_body() {
  return graph_attr("body", graph("body", {{declare_tensor("s_in", DType::kFloat), declare_tensor("e", DType::kFloat)},
                                           {declare_tensor("s_out", DType::kFloat), declare_tensor("seen", DType::kFloat)},
                                           {node("Add", {"s_in", "e"}, {"s_out"}), node("Identity", {"s_out"}, {"seen"})}}));
}

// A branch giving the constant `v` (shape (n)).
onnx::GraphProto constant_branch(const std::string& name, const std::vector<float>& v) {
  const Shape shape = {static_cast<int64_t>(v.size())};
  return graph(name, {{}, {declare_tensor(name + "_v", DType::kFloat, shape)}, {}, {{name + "_v", f32(shape, v)}}});
}

// A branch giving a sequence of the constants `parts` (SequenceConstruct), or, with
// `optional`, an optional holding that sequence.
onnx::GraphProto sequence_branch(const std::string& name, const std::vector<std::vector<float>>& parts, bool optional = false) {
  GraphParts g;
  std::vector<std::string> names;
  for (size_t i = 0; i < parts.size(); ++i) {
    names.push_back(name + "_" + std::to_string(i));
    g.initializers.push_back({names.back(), f32({static_cast<int64_t>(parts[i].size())}, parts[i])});
  }
  const ValueType seq = ValueType::sequence_of(ValueType::tensor(DType::kFloat));
  g.nodes.push_back(node("SequenceConstruct", names, {name + "_seq"}));
  if (optional) g.nodes.push_back(node("Optional", {name + "_seq"}, {name + "_opt"}));
  g.outputs.push_back(optional ? declare(name + "_opt", ValueType::optional_of(seq)) : declare(name + "_seq", seq));
  return graph(name, g);
}

}  // namespace

// Scan-8: "The operation supports batching, and the batch-axis is required to be 0 ... The
// sequence axis or scan axis is required to be 1." Scan-9: "scan_input_axes ... If omitted,
// 0 will be used as the scan axis for every scan_input"; no batch axis, no sequence_lens.
std::vector<Probe> scan_9() {
  const Tensor s0 = f32({2, 2}, {0, 0, 100, 100}), x = f32({2, 2, 2}, {1, 2, 3, 4, 10, 20, 30, 40});
  const auto attrs = [](onnx::AttributeProto direction) {
    std::vector<onnx::AttributeProto> a = {running_sum_body(), make_attr("num_scan_inputs", int64_t{1})};
    if (direction.has_name()) a.push_back(direction);
    return a;
  };
  return {
      two_forms("state (2,2), x (2,2,2): Scan-8 sums x[b,0] + x[b,1] per batch element b (final [[4,6],[140,160]]), "
                "Scan-9 sums x[0] + x[1] over axis 0 (final [[11,22],[133,144]])",
                {{s0, x}, attrs({}), {0}, 2}, {{s0, x}, attrs({}), {}, 2}),
      two_forms("reversed: directions=[1] (8) vs scan_input_directions=[1] (9): each version's finals as forward, the "
                "running sums [[3,4],[4,6]] for batch 0 (8) vs [[10,20],[130,140]] then [[11,22],[133,144]] (9)",
                {{s0, x}, attrs(make_attr("directions", std::vector<int64_t>{1})), {0}, 2},
                {{s0, x}, attrs(make_attr("scan_input_directions", std::vector<int64_t>{1})), {}, 2}),
  };
}

// If-1: "The return values in the then_branch and else_branch must be of the same shape and
// same data type." If-11: "may produce tensors with the same element type and different shapes".
std::vector<Probe> if_11() {
  const Tensor yes = Tensor::from_values<bool>({}, {true});
  return {
      probe("then gives [1,2] (shape 2), else [3,4,5] (shape 3), cond true: refused by If-1 (the same shape), "
            "[1,2] from If-11",
            {yes}, {graph_attr("then_branch", constant_branch("then", {1, 2})), graph_attr("else_branch", constant_branch("else", {3, 4, 5}))}),
      probe("both branches of shape 2, cond true: [1,2] in both",
            {yes}, {graph_attr("then_branch", constant_branch("then", {1, 2})), graph_attr("else_branch", constant_branch("else", {3, 4}))}),
  };
}

// If-13: "V: All Tensor and Sequence types"; If-11's V holds tensors only. If-16 adds the
// optional types.
std::vector<Probe> if_13() {
  const Tensor yes = Tensor::from_values<bool>({}, {true}), no = Tensor::from_values<bool>({}, {false});
  const auto branches = [] {
    return std::vector<onnx::AttributeProto>{graph_attr("then_branch", sequence_branch("then", {{1, 2}, {3}})),
                                             graph_attr("else_branch", sequence_branch("else", {{4, 5, 6}}))};
  };
  return {
      probe("branches give sequences, cond true: refused by If-11 (V holds tensors only), the sequence [[1,2],[3]] from "
            "If-13",
            {yes}, branches()),
      probe("branches give sequences, cond false: the sequence [[4,5,6]] from If-13", {no}, branches()),
  };
}

std::vector<Probe> if_16() {
  const Tensor yes = Tensor::from_values<bool>({}, {true});
  return {
      probe("branches give optionals of sequences, cond true: refused by If-13 (opset 13 has no Optional op and V no optional types), the optional "
            "holding [[1,2],[3]] from If-16",
            {yes}, {graph_attr("then_branch", sequence_branch("then", {{1, 2}, {3}}, true)),
                    graph_attr("else_branch", sequence_branch("else", {{4, 5, 6}}, true))}),
  };
}

}  // namespace touchstone::hand
