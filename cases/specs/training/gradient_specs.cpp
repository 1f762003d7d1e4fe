// Case specs of Gradient-1 (reference/ops/training/gradient.cpp). Each case is the Gradient
// node (node 0, reading the graph inputs "Inputs", "Inputs_1", ...: xs then zs) followed by
// the ai.onnx nodes that compute y from those inputs (CaseDraft::following_nodes), at
// ai.onnx's newest opset: ONNX's two scalar examples, a chain through each differentiable
// op, a diamond reusing x, broadcasting, an input in zs, MatMul and Gemm chains, a weighted
// Softmax, y = x itself, a y with several elements and kinks at exactly 0 (implementation-
// defined), float16, float and double. Refusals: an x that y does not depend on, an integer
// x, an input count other than |xs| + |zs|.
// Judging: ulp(kGradientUlps) (training_table.cpp says why it is not a derived bound).
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/training/training_cases.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
const std::vector<DType> kTypes = {DType::kFloat16, DType::kFloat, DType::kDouble};

onnx::NodeProto op(const std::string& type, const std::vector<std::string>& in, const std::string& out,
                   const Attrs& attrs = {}) {
  onnx::NodeProto n;
  n.set_op_type(type);
  for (const auto& i : in) n.add_input(i);
  n.add_output(out);
  for (const auto& a : attrs) *n.add_attribute() = a;
  return n;
}

onnx::AttributeProto names(const std::string& attr, const std::vector<std::string>& values) {
  onnx::AttributeProto a;
  a.set_name(attr);
  a.set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a.add_strings(v);
  return a;
}

// The graph input of Gradient input k.
std::string in(size_t k) { return k == 0 ? "Inputs" : "Inputs_" + std::to_string(k); }

// One case: `inputs` (the first `nx` are xs, the rest zs), y computed by `nodes`.
void add_graph(std::vector<CaseDraft>& out, DType type, const std::string& name, std::vector<Tensor> inputs,
               size_t nx, std::vector<onnx::NodeProto> nodes, const std::string& y,
               std::vector<std::string> tags, std::string rule = "", bool smoke = false) {
  std::vector<std::string> xs, zs;
  for (size_t k = 0; k < inputs.size(); ++k) (k < nx ? xs : zs).push_back(in(k));
  Attrs attrs = {names("xs", xs), make_attr("y", y)};
  if (!zs.empty()) attrs.push_back(names("zs", zs));
  if (rule.empty()) tags.push_back("output:" + std::string(dtype_short_name(type)));
  exact::add(out, name, std::move(inputs), attrs, std::move(tags), rule, smoke);
  out.back().outputs = nx;
  out.back().following_nodes = std::move(nodes);
}

const Attrs kFlat = {make_attr("keepdims", int64_t{0})};

}  // namespace

void gradient_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  for (DType t : kTypes) {
    Rng rng(seed_of(case_id(row, {t}, "gradient")));
    const Domain any{.exp_lo = -2, .exp_hi = 1},
        positive{.exp_lo = -2, .exp_hi = 1, .negative = false, .nonzero = true};
    const auto v = [&](const Shape& s, const Domain& d = {.exp_lo = -2, .exp_hi = 1}) {
      return random_tensor(rng, t, s, d);
    };
    const auto scalar = [&](double x) { return tensor_of(t, {}, {x}); };
    // ONNX's examples: c = a + b; d = a (a + b).
    add_graph(out, t, "onnx_example_add", {scalar(1), scalar(2)}, 2, {op("Add", {in(0), in(1)}, "c")}, "c",
              {"example"}, "", true);
    add_graph(out, t, "onnx_example_add_mul", {scalar(1), scalar(2)}, 2,
              {op("Add", {in(0), in(1)}, "c"), op("Mul", {in(0), "c"}, "d")}, "d", {"example"});
    // y = x: no node between them, the gradient is one.
    add_graph(out, t, "y_is_x", {scalar(0.75)}, 1, {}, in(0), {"example"});
    // A chain through each unary op, summed: y = ReduceSum(op(x)).
    for (const char* u : {"Abs", "Exp", "Identity", "Log", "Neg", "Relu", "Sigmoid", "Sqrt", "Tanh"}) {
      const bool pos = std::string(u) == "Log" || std::string(u) == "Sqrt";
      add_graph(out, t, std::string("chain_") + u, {v({4}, pos ? positive : any)}, 1,
                {op(u, {in(0)}, "u"), op("ReduceSum", {"u"}, "y", kFlat)}, "y", {"random"});
    }
    // Binary ops with broadcasting: y = ReduceSum(((A + b) - A b) / c), A (2,3), b (3), c (2,1);
    // Pow(x, z) with z in zs; a diamond: y = ReduceSum(Exp(x) Tanh(x) + x).
    add_graph(out, t, "broadcast_add_sub_mul_div", {v({2, 3}), v({3}), v({2, 1}, positive)}, 3,
              {op("Add", {in(0), in(1)}, "s"), op("Mul", {in(0), in(1)}, "p"), op("Sub", {"s", "p"}, "d"),
               op("Div", {"d", in(2)}, "q"), op("ReduceSum", {"q"}, "y", kFlat)},
              "y", {"random", "broadcast"}, "", true);
    add_graph(out, t, "pow_with_zs", {v({3}, positive), tensor_of(t, {3}, {2, 0.5, -1.5})}, 1,
              {op("Pow", {in(0), in(1)}, "p"), op("ReduceSum", {"p"}, "y", kFlat)}, "y", {"random", "zs"});
    add_graph(out, t, "pow_base_and_exponent", {v({3}, positive), tensor_of(t, {3}, {2, 0.5, -1.5})}, 2,
              {op("Pow", {in(0), in(1)}, "p"), op("ReduceSum", {"p"}, "y", kFlat)}, "y", {"random"});
    add_graph(out, t, "diamond", {v({3})}, 1,
              {op("Exp", {in(0)}, "e"), op("Tanh", {in(0)}, "h"), op("Mul", {"e", "h"}, "m"),
               op("Add", {"m", in(0)}, "a"), op("ReduceSum", {"a"}, "y", kFlat)},
              "y", {"random", "diamond"});
    // MatMul with X in zs, ReduceMean; Gemm with transA, alpha, beta and C (N) broadcast.
    add_graph(
        out, t, "matmul_zs_reduce_mean", {v({2, 3}), v({3, 2})}, 1,
        {op("MatMul", {in(0), in(1)}, "p"), op("Tanh", {"p"}, "h"), op("ReduceMean", {"h"}, "y", kFlat)}, "y",
        {"random", "zs"});
    add_graph(out, t, "gemm_chain", {v({3, 2}), v({3, 4}), v({4})}, 3,
              {op("Gemm", {in(0), in(1), in(2)}, "g",
                  {make_attr("transA", int64_t{1}), make_attr("alpha", 0.5f), make_attr("beta", 2.0f)}),
               op("Sigmoid", {"g"}, "s"), op("Mul", {"s", in(2)}, "m"), op("ReduceSum", {"m"}, "y", kFlat)},
              "y", {"random"});
    // Softmax weighted by w in zs (axis -1), summed.
    add_graph(out, t, "softmax_weighted", {v({2, 3}), v({3})}, 1,
              {op("Softmax", {in(0)}, "p"), op("Mul", {"p", in(1)}, "m"), op("ReduceSum", {"m"}, "y", kFlat)},
              "y", {"random", "zs"});
    // Open: y of several elements (the gradient of their sum); Relu and Abs at exactly 0.
    add_graph(out, t, "vector_y", {tensor_of(t, {3}, {0.5, -1.25, 2})}, 1, {op("Mul", {in(0), in(0)}, "y")},
              "y", {"vector-y"});
    add_graph(out, t, "kinks_at_zero", {tensor_of(t, {3}, {0, -0.0, 1.5})}, 1,
              {op("Relu", {in(0)}, "r"), op("Abs", {in(0)}, "a"), op("Add", {"r", "a"}, "s"),
               op("ReduceSum", {"s"}, "y", kFlat)},
              "y", {"special-values"});
    // Refusals.
    add_graph(out, t, "refuse_x_off_path", {scalar(1), scalar(2)}, 2, {op("Neg", {in(0)}, "y")}, "y",
              {"path"}, row.label() + ": xs and zs are the minimal set determining y (every x on y's path)");
    add_graph(out, t, "refuse_input_count", {scalar(1)}, 1, {op("Neg", {in(0)}, "y")}, "y", {"arity"},
              row.label() + ": the inputs are the values of xs then zs");
    out.back().attributes.push_back(names("zs", {"Inputs_1"}));
  }
  add_graph(out, DType::kInt64, "refuse_integer_x", {Tensor::from_values<int64_t>({}, {3})}, 1,
            {op("Neg", {in(0)}, "y")}, "y", {"type"},
            row.label() + ": a gradient is taken w.r.t. a float tensor (T2)");
}

}  // namespace touchstone::cases
