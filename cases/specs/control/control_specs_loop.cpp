// Case specs of Loop (every version). Every type V admits as a loop-carried value (tensors;
// sequences from 13; optionals from 16) carried through a body that passes it on; a
// counting loop whose body reads the outer v_initial and gives two scan outputs (the value
// and the iteration number); a while loop (no M) stopped by its condition; M with no cond,
// whose body's condition is ignored (the text's table); zero iterations by M = 0 (the
// empty scan output's shape is open: implementation-defined) and by cond false; an If in
// the body reading the body's and the outer values; no loop-carried value (11 on; refused
// by 1). Refusals: the body's input count, a body output of the wrong declared type, M of
// two elements, the node's output count, a sequence as a scan output (13 on).
#include "cases/specs/control/control_cases.h"
#include "cases/specs/control/control_graphs.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using namespace exact;
using namespace graphs;

const Domain kSmallIntegers{-8, 8, 0, 0, true, true};

Tensor int64_scalar(int64_t v) { return Tensor::from_values<int64_t>({}, {v}); }
Tensor bool_scalar(bool v) { return Tensor::from_values<bool>({}, {v}); }
Tensor float_tensor(Shape shape, std::vector<float> values) { return Tensor::from_values<float>(std::move(shape), values); }

// The body's first two inputs: the iteration number and the incoming condition.
std::vector<onnx::ValueInfoProto> loop_head() {
  return {declare_tensor("iter", DType::kInt64, Shape{}), declare_tensor("cond_in", DType::kBool, Shape{})};
}

struct LoopDraft {
  std::string name;
  Values inputs;                     // M, cond (each unless omitted), then v_initial
  std::vector<size_t> omitted = {};  // 0: M, 1: cond
  onnx::GraphProto body;
  size_t outputs = 1;
  std::vector<std::string> tags = {};
  std::string rule = {};
  bool smoke = false;
};

void add_loop(std::vector<CaseDraft>& out, LoopDraft d) {
  CaseDraft c;
  c.name = std::move(d.name);
  const bool all_tensors = std::all_of(d.inputs.begin(), d.inputs.end(), [](const Value& v) { return v.is_tensor(); });
  if (all_tensors)
    for (auto& v : d.inputs) c.inputs.push_back(v.tensor());
  else
    c.values = std::move(d.inputs);
  c.omitted_inputs = std::move(d.omitted);
  c.attributes = {graph_attr("body", std::move(d.body))};
  c.outputs = d.outputs;
  c.tags = std::move(d.tags);
  if (!d.rule.empty()) c.tags.insert(c.tags.begin(), "negative");
  c.invalid_rule = std::move(d.rule);
  c.smoke = d.smoke;
  out.push_back(std::move(c));
}

// A body passing its condition and one carried value of `type` on unchanged.
onnx::GraphProto pass_body(const ValueType& type) {
  std::vector<onnx::ValueInfoProto> in = loop_head();
  in.push_back(declare("x_in", type));
  return graph("body", {in, {declare_tensor("cond_in", DType::kBool, Shape{}), declare("x_in", type)}});
}

void type_cases(const CatalogRow& row, Rng& rng, std::vector<CaseDraft>& out) {
  // The carried value comes back bit for bit, NaN, ±inf and −0 included.
  add_loop(out, {"carry_special_values", {int64_scalar(2), bool_scalar(true), special_values(DType::kFloat)}, {},
                 pass_body(ValueType::tensor(DType::kFloat)), 1, {"carried", "special-values"}});
  const TypeParam v = input_type_params(row).back();
  std::vector<ValueType> types;
  for (DType t : v.allowed) types.push_back(ValueType::tensor(t));
  for (const ValueType& t : admitted_value_types(v)) types.push_back(t);
  for (const ValueType& type : types)
    add_loop(out, {"carry_" + value_type_key(type), {int64_scalar(2), bool_scalar(true), value_of_type(rng, type)}, {},
                   pass_body(type), 1, {"carried"}, "", true});
}

// x_out = x_in + v_initial (the outer value); scan outputs x_in and the iteration number.
onnx::GraphProto accumulate_body() {
  std::vector<onnx::ValueInfoProto> in = loop_head();
  in.push_back(declare_tensor("x_in", DType::kFloat, Shape{2}));
  return graph("body", {in,
                        {declare_tensor("cond_in", DType::kBool, Shape{}), declare_tensor("x_out", DType::kFloat, Shape{2}),
                         declare_tensor("x_seen", DType::kFloat, Shape{2}), declare_tensor("i_seen", DType::kInt64, Shape{})},
                        {node("Add", {"x_in", "v_initial"}, {"x_out"}), node("Identity", {"x_in"}, {"x_seen"}),
                         node("Identity", {"iter"}, {"i_seen"})}});
}

// x_out = x_in + x_in, cond_out = x_out < 10; scan output x_out.
onnx::GraphProto doubling_body() {
  std::vector<onnx::ValueInfoProto> in = loop_head();
  in.push_back(declare_tensor("x_in", DType::kFloat, Shape{}));
  return graph("body", {in,
                        {declare_tensor("cond_out", DType::kBool, Shape{}), declare_tensor("x_out", DType::kFloat, Shape{}),
                         declare_tensor("x_seen", DType::kFloat, Shape{})},
                        {node("Add", {"x_in", "x_in"}, {"x_out"}), node("Less", {"x_out", "ten"}, {"cond_out"}),
                         node("Identity", {"x_out"}, {"x_seen"})},
                        {{"ten", float_tensor({}, {10})}}});
}

// y = If(x_in < 5) then x_in + v_initial else x_in + x_in: the branches read the body's x_in
// and the outer v_initial.
onnx::GraphProto if_body() {
  std::vector<onnx::ValueInfoProto> in = loop_head();
  in.push_back(declare_tensor("x_in", DType::kFloat, Shape{}));
  const auto branch = [](const std::string& name, const std::string& other) {
    return graph(name, {{}, {declare_tensor(name + "_y", DType::kFloat, Shape{})}, {node("Add", {"x_in", other}, {name + "_y"})}});
  };
  return graph("body", {in,
                        {declare_tensor("cond_in", DType::kBool, Shape{}), declare_tensor("y", DType::kFloat, Shape{})},
                        {node("Less", {"x_in", "five"}, {"small"}),
                         node("If", {"small"}, {"y"},
                              {graph_attr("then_branch", branch("then", "v_initial")), graph_attr("else_branch", branch("else", "x_in"))})},
                        {{"five", float_tensor({}, {5})}}});
}

void refusals(const CatalogRow& row, Rng& rng, std::vector<CaseDraft>& out) {
  const std::string at = row.label() + ": ";
  const Tensor x = any_tensor(rng, DType::kFloat, {2, 2});
  onnx::GraphProto short_body = pass_body(ValueType::tensor(DType::kFloat));
  short_body.mutable_input()->RemoveLast();
  short_body.mutable_output()->RemoveLast();
  add_loop(out, {"body_input_count", {int64_scalar(2), bool_scalar(true), x}, {}, short_body, 1, {"arity"},
                 at + "the body takes 2 + N inputs (iteration number, condition, the N loop-carried values)", true});
  onnx::GraphProto mistyped = pass_body(ValueType::tensor(DType::kFloat));
  mistyped.mutable_output(1)->mutable_type()->mutable_tensor_type()->set_elem_type(static_cast<int>(DType::kInt32));
  add_loop(out, {"body_output_wrong_type", {int64_scalar(2), bool_scalar(true), x}, {}, mistyped, 1, {"type"},
                 at + "a body output must have the type its graph declares"});
  add_loop(out, {"M_two_elements", {Tensor::from_values<int64_t>({2}, {1, 2}), bool_scalar(true), x}, {},
                 pass_body(ValueType::tensor(DType::kFloat)), 1, {"M"}, at + "M must hold a single element"});
  add_loop(out, {"node_output_count", {int64_scalar(2), bool_scalar(true), x}, {}, pass_body(ValueType::tensor(DType::kFloat)), 2,
                 {"arity"}, at + "the node has N + K outputs (final loop-carried values, then scan outputs)"});
  if (row.since_version < 13) return;
  const ValueType seq{ValueType::kSequence, DType::kFloat};
  onnx::GraphProto seq_scan = pass_body(seq);
  *seq_scan.add_output() = declare("x_in", seq);
  add_loop(out, {"sequence_scan_output", {int64_scalar(2), bool_scalar(true), value_of_type(rng, seq)}, {}, seq_scan, 2,
                 {"sequence"}, at + "scan outputs must be tensors"});
}

}  // namespace

std::vector<ValueType> admitted_value_types(const TypeParam& param) {
  std::vector<ValueType> types;
  for (auto kind : {ValueType::kSequence, ValueType::kOptionalTensor, ValueType::kOptionalSequence})
    for (DType t : all_dtypes())
      if (std::find(param.allowed_values.begin(), param.allowed_values.end(), value_type_key({kind, t})) !=
          param.allowed_values.end())
        types.push_back({kind, t});
  return types;
}

Value value_of_type(Rng& rng, const ValueType& type) {
  switch (type.kind) {
    case ValueType::kSequence:
      return Value::sequence(type.dtype, {exact::any_tensor(rng, type.dtype, {2}), exact::any_tensor(rng, type.dtype, {1, 3})});
    case ValueType::kOptionalTensor: return Value::some(exact::any_tensor(rng, type.dtype, {2}));
    case ValueType::kOptionalSequence:
      return Value::some(Value::sequence(type.dtype, {exact::any_tensor(rng, type.dtype, {3})}));
    default: return exact::any_tensor(rng, type.dtype, {2, 2});
  }
}

Tensor special_rows(const Shape& leading) {
  const Tensor one = special_values(DType::kFloat);
  Shape shape = leading;
  int64_t count = 1;
  for (int64_t d : leading) count *= d;
  shape.push_back(one.size());
  std::vector<float> v;
  for (int64_t k = 0; k < count; ++k) v.insert(v.end(), one.data<float>().begin(), one.data<float>().end());
  return Tensor::from_values<float>(shape, v);
}

void loop_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Rng rng(seed_of(row.label() + "/loop"));
  type_cases(row, rng, out);
  const Tensor x = any_tensor(rng, DType::kFloat, {2}, kSmallIntegers);
  add_loop(out, {"accumulate_scan_outputs", {int64_scalar(4), bool_scalar(true), x}, {}, accumulate_body(), 3, {"scan", "scope"}});
  add_loop(out, {"while_cond", {bool_scalar(true), float_tensor({}, {1})}, {0}, doubling_body(), 2, {"cond"}, "", true});
  add_loop(out, {"trip_count_ignores_body_cond", {int64_scalar(5), float_tensor({}, {1})}, {1}, doubling_body(), 2, {"M"}});
  add_loop(out, {"trip_count_and_cond", {int64_scalar(2), bool_scalar(true), float_tensor({}, {1})}, {}, doubling_body(), 2, {"M", "cond"}});
  add_loop(out, {"zero_trips", {int64_scalar(0), bool_scalar(true), x}, {}, accumulate_body(), 3, {"empty"}});
  add_loop(out, {"negative_trips", {int64_scalar(-3), bool_scalar(true), float_tensor({}, {1})}, {}, doubling_body(), 2, {"empty"}});
  add_loop(out, {"cond_false", {int64_scalar(3), bool_scalar(false), float_tensor({}, {1})}, {}, if_body(), 1, {"empty", "cond"}});
  add_loop(out, {"if_in_body", {int64_scalar(4), bool_scalar(true), float_tensor({}, {1})}, {}, if_body(), 1, {"nested", "scope"}});
  // No loop-carried value: Loop-1 takes at least 3 inputs.
  onnx::GraphProto counter = graph("body", {loop_head(), {declare_tensor("cond_in", DType::kBool, Shape{}),
                                                          declare_tensor("i_seen", DType::kInt64, Shape{})},
                                            {node("Identity", {"iter"}, {"i_seen"})}});
  add_loop(out, {"no_carried", {int64_scalar(3), bool_scalar(true)}, {}, counter, 1, {"arity"},
                 row.since_version < 11 ? row.label() + ": Loop-1 takes at least 3 inputs (a loop-carried value); none from Loop-11" : ""});
  refusals(row, rng, out);
  if (row.since_version < 9)  // IR version 3: initializers are listed as inputs too
    for (auto& d : out)
      for (auto& a : d.attributes) graphs::list_initializers_as_inputs(a);
}

}  // namespace touchstone::cases
