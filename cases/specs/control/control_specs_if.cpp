// Case specs of If (every version). cond is the node's one input; the branches hold their
// values as initializers (or read the node's scope: cond itself), so every output type V
// admits as a tensor is covered ("output:<type>" tags: V binds outputs only). Outputs of
// different shapes per branch (refused by If-1, run from 11), two outputs, a branch reading
// the outer cond, an If nested in a branch reading its enclosing branch's value. Refusals:
// branches with different numbers of outputs or types, cond of two elements, a branch
// reading a name no scope defines.
#include "cases/specs/control/control_cases.h"
#include "cases/specs/control/control_graphs.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using namespace exact;
using namespace graphs;

Tensor cond_tensor(bool value, Shape shape = {}) {
  Tensor t(DType::kBool, shape);
  for (auto& x : t.data<bool>()) x = value;
  return t;
}

// A branch giving initializer tensors as its outputs, in order.
onnx::GraphProto constant_branch(const std::string& name, const std::vector<Tensor>& values, bool declare_shapes = true) {
  graphs::GraphParts parts;
  for (size_t k = 0; k < values.size(); ++k) {
    const std::string v = name + "_value_" + std::to_string(k);
    parts.initializers.push_back({v, values[k]});
    parts.outputs.push_back(declare_tensor(v, values[k].dtype(),
                                           declare_shapes ? std::optional(values[k].shape()) : std::nullopt));
  }
  return graph(name, parts);
}

void add_if(std::vector<CaseDraft>& out, std::string name, bool cond, onnx::GraphProto then_g, onnx::GraphProto else_g,
            std::vector<std::string> tags, std::string rule = "", bool smoke = false, size_t outputs = 1,
            Shape cond_shape = {}) {
  Attrs attrs = {graph_attr("then_branch", std::move(then_g)), graph_attr("else_branch", std::move(else_g))};
  add(out, std::move(name), {cond_tensor(cond, cond_shape)}, std::move(attrs), std::move(tags), std::move(rule), smoke);
  out.back().outputs = outputs;
}

// A branch computing `op`(cond) (Identity, Not): it reads the node's input by name.
onnx::GraphProto reading_branch(const std::string& name, const std::string& op) {
  return graph(name, {{}, {declare_tensor(name + "_out", DType::kBool, Shape{})}, {node(op, {"cond"}, {name + "_out"})}});
}

// A branch holding an If on the outer cond whose branches read this branch's initializer.
onnx::GraphProto nesting_branch(Rng& rng) {
  const Tensor m = any_tensor(rng, DType::kFloat, {2}, Domain{-8, 8, 0, 0, true, true});
  const onnx::GraphProto twice =
      graph("inner_then", {{}, {declare_tensor("twice", DType::kFloat, Shape{2})}, {node("Add", {"m", "m"}, {"twice"})}});
  const onnx::GraphProto same =
      graph("inner_else", {{}, {declare_tensor("same", DType::kFloat, Shape{2})}, {node("Identity", {"m"}, {"same"})}});
  graphs::GraphParts parts{{}, {declare_tensor("inner_out", DType::kFloat, Shape{2})},
                           {node("If", {"cond"}, {"inner_out"}, {graph_attr("then_branch", twice), graph_attr("else_branch", same)})},
                           {{"m", m}}};
  return graph("outer_then", parts);
}

void if_cases_drafted(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace

void if_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  if_cases_drafted(row, out);
  if (v < 9)  // IR version 3: initializers are listed as inputs too
    for (auto& d : out)
      for (auto& a : d.attributes) graphs::list_initializers_as_inputs(a);
}

namespace {

// Every draft of the op-version, before IR version 3's initializer inputs.
void if_cases_drafted(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  Rng rng(seed_of(row.label() + "/if"));
  for (DType t : allowed_dtypes(schema_of(row), "V")) {
    const std::string type(dtype_short_name(t));
    const Tensor a = any_tensor(rng, t, {2, 3}), b = any_tensor(rng, t, {2, 3});
    add_if(out, "then_" + type, true, constant_branch("then", {a}), constant_branch("else", {b}), {"output:" + type}, "", true);
  }
  // The chosen branch's output comes back bit for bit, NaN, ±inf and −0 included.
  add_if(out, "then_special_values", true, constant_branch("then", {special_rows({2})}), constant_branch("else", {special_rows({2})}),
         {"output:float32", "special-values"});
  const Tensor a = any_tensor(rng, DType::kFloat, {2, 3}), b = any_tensor(rng, DType::kFloat, {2, 3});
  add_if(out, "else_float32", false, constant_branch("then", {a}), constant_branch("else", {b}), {"output:float32"});
  // Branch outputs of different shapes: [2] and [3].
  const Tensor two = any_tensor(rng, DType::kFloat, {2}), three = any_tensor(rng, DType::kFloat, {3});
  add_if(out, "shapes_differ", false, constant_branch("then", {two}), constant_branch("else", {three}),
         {"output:float32", "shape"},
         v < 11 ? row.label() + ": then and else outputs must have the same shape (different shapes from If-11)" : "");
  if (v >= 11)  // If-1 requires one shape even where the branches leave it undeclared
    add_if(out, "shapes_differ_undeclared", true, constant_branch("then", {two}, false), constant_branch("else", {three}, false),
           {"output:float32", "shape"});
  const Tensor i = any_tensor(rng, DType::kInt64, {}), j = any_tensor(rng, DType::kInt64, {});
  add_if(out, "two_outputs", true, constant_branch("then", {two, i}), constant_branch("else", {three, j}), {"output:float32"},
         v < 11 ? row.label() + ": then and else outputs must have the same shape" : "", false, 2);
  add_if(out, "reads_outer_cond", false, reading_branch("then", "Identity"), reading_branch("else", "Not"), {"output:bool", "scope"});
  add_if(out, "nested_if", true, nesting_branch(rng), constant_branch("else", {two}), {"output:float32", "nested"});
  // Refusals.
  add_if(out, "output_counts_differ", true, constant_branch("then", {two}), constant_branch("else", {two, i}), {"arity"},
         row.label() + ": then_branch and else_branch must have the same number of outputs", true);
  add_if(out, "output_types_differ", true, constant_branch("then", {two}), constant_branch("else", {i}), {"type"},
         row.label() + ": then and else outputs must have the same data type");
  add_if(out, "cond_two_elements", true, constant_branch("then", {two}), constant_branch("else", {two}), {"cond"},
         row.label() + ": cond must hold a single element", false, 1, {2});
  const onnx::GraphProto nowhere =
      graph("then", {{}, {declare_tensor("y", DType::kFloat, Shape{2})}, {node("Identity", {"nowhere"}, {"y"})}});
  add_if(out, "name_resolves_nowhere", true, nowhere, constant_branch("else", {two}), {"scope"},
         row.label() + ": a branch reads a name no enclosing scope defines");
}

}  // namespace

}  // namespace touchstone::cases
