// Case specs of SequenceMap-17 (reference/ops/sequence/sequence_map.cpp): for every element
// type S allows with every additional-input type V allows (a tensor, or a sequence), a body
// passing both through (Identity), so each element and the whole tensor come back bit for
// bit; bodies that compute (Add of two sequences, Add of a sequence and a tensor, Shape),
// an empty first sequence (outputs typed by the body's declarations), one input only.
// Refusals: sequences of different lengths, a body whose arity differs from the node's.
#include "cases/specs/sequence/sequence_drafts.h"

namespace touchstone::cases {

namespace {

using namespace seqdraft;

void declare(onnx::ValueInfoProto* v, const std::string& name, DType t) {
  v->set_name(name);
  v->mutable_type()->mutable_tensor_type()->set_elem_type(static_cast<int>(t));
}

// A body graph: inputs (name, type), outputs (name, type), one node per (op, inputs, output).
struct BodyNode {
  std::string op;
  std::vector<std::string> inputs;
  std::string output;
};
onnx::AttributeProto body_attr(const std::vector<std::pair<std::string, DType>>& inputs,
                               const std::vector<std::pair<std::string, DType>>& outputs,
                               const std::vector<BodyNode>& nodes) {
  onnx::AttributeProto a;
  a.set_name("body");
  a.set_type(onnx::AttributeProto::GRAPH);
  onnx::GraphProto* g = a.mutable_g();
  g->set_name("seq_map_body");
  for (const auto& [n, t] : inputs) declare(g->add_input(), n, t);
  for (const auto& [n, t] : outputs) declare(g->add_output(), n, t);
  for (const auto& b : nodes) {
    onnx::NodeProto* node = g->add_node();
    node->set_op_type(b.op);
    for (const auto& i : b.inputs) node->add_input(i);
    node->add_output(b.output);
  }
  return a;
}

onnx::AttributeProto pass_through(DType s, DType v) {
  return body_attr({{"x", s}, {"y", v}}, {{"x_out", s}, {"y_out", v}},
                   {{"Identity", {"x"}, "x_out"}, {"Identity", {"y"}, "y_out"}});
}

void computing_cases(Drafter& d) {
  const DType f = DType::kFloat;
  const Value a = d.seq(f, "a", {{2, 3}, {1}, {0, 2}}), b = d.seq(f, "b", {{2, 3}, {1}, {0, 2}});
  const onnx::AttributeProto add2 = body_attr({{"x", f}, {"y", f}}, {{"z", f}}, {{"Add", {"x", "y"}, "z"}});
  d.add("add_2_sequences", {a, b}, {"body"}, {add2}, "", true);
  d.add("add_sequence_tensor", {a, d.tensors(f, "t", {{1}}).front()}, {"body"}, {add2});
  d.add("shapes", {a}, {"body"},
        {body_attr({{"x", f}}, {{"s", DType::kInt64}}, {{"Shape", {"x"}, "s"}})});
  d.add("identity_1_sequence", {a}, {"body"}, {body_attr({{"x", f}}, {{"y", f}}, {{"Identity", {"x"}, "y"}})});
  d.add("empty_sequence", {Value::sequence(f, {}), d.tensors(DType::kInt32, "t", {{2}}).front()}, {"empty"},
        {pass_through(f, DType::kInt32)}).outputs = 2;
  d.add("special_values", {Value::sequence(f, {special_values(f)}), special_values(f)}, {"special-values"}, {add2});
  d.add("refuse_lengths_differ", {a, d.seq(f, "short", {{2, 3}})}, {"shape"}, {add2},
        "every sequence input must have the first's length (3, 1 given)");
  d.add("refuse_body_arity", {a}, {"body"}, {add2}, "the body has 2 inputs, the node 1; they must match");
}

}  // namespace

void sequence_map_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  const auto s_types = elems_of(row, "S", ValueType::kSequence);
  for (DType s : s_types) {
    const Value first = d.seq(s, "first", {{2, 1}, {3}});
    for (DType v : elems_of(row, "V", ValueType::kTensor))
      d.add("pass_tensor", {first, d.tensors(v, "tensor", {{2}}).front()}, {"body"}, {pass_through(s, v)}, "",
            true);
    for (DType v : elems_of(row, "V", ValueType::kSequence))
      d.add("pass_sequence", {first, d.seq(v, "second", {{1, 2}, {}})}, {"body"}, {pass_through(s, v)}, "", true);
  }
  for (CaseDraft& c : out)
    if (c.name.rfind("pass_", 0) == 0) c.outputs = 2;
  computing_cases(d);
}

}  // namespace touchstone::cases
