// Gradient-1 (ai.onnx.preview.training): the gradient of the tensor named by `y` with respect
// to the tensors named by `xs`, through the part of the containing graph that computes y from
// xs and zs, at the values the node's inputs give (xs then zs, in order).
//
// The differentiated graph: walking back from y through the producers of each name, stopping
// at the names of xs and zs. Names it reaches otherwise must be given values: an initializer
// of the graph, a Constant node's output or a name of an enclosing graph (read from the scope;
// constants w.r.t. xs); a graph input in neither list, a Gradient node or an op without a
// derivative rule (derivative_rules.h) is refused, naming it. Each x and each z must be reached
// (the text: they are the minimal independent set determining y); x's must be float16, float
// or double (T2), and values on the path from an x are float (integer values enter only as
// Pow's exponent or as axes).
//
// Exactness: the forward and backward passes run on interval enclosures (real_tensor.h) of the
// exact real values (the graph's ops as real functions, no intermediate rounding) at a working
// precision raised from 128 bits until both ends of every gradient element round to the same
// value of x's type (Ziv); that value is the exact derivative rounded once. Undecided at
// kMaxBits (a kink met by an inexact value, a result on a rounding boundary that no finite
// enclosure reaches): refused as not implemented; an exact zero that cancellation hides is
// answered +0 there (decided()).
//
// Open: y with more than one element has no scalar derivative; the reference gives the
// gradient of the sum of y's elements (the vector-Jacobian product with ones), marked
// implementation-defined. Relu and Abs at exactly 0: derivative 0 (derivative_rules.h).
#include <algorithm>
#include <map>
#include <set>

#include "reference/error.h"
#include "reference/graph.h"
#include "reference/half.h"
#include "reference/numeric/exact.h"
#include "reference/numeric/functions.h"
#include "reference/ops/training/derivative_rules.h"
#include "reference/ops/training/training_ops.h"

namespace touchstone::ops {

namespace {

using training::DerivativeRule;
using training::Interval;
using training::OpSite;
using training::RealTensor;

constexpr mpfr_prec_t kFirstBits = 128;
constexpr mpfr_prec_t kMaxBits = 16384;

std::string named(const std::string& name) { return "'" + name + "'"; }

std::vector<std::string> strings_attr(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return {a.strings().begin(), a.strings().end()};
  return {};
}

// The differentiated graph, found once per run of the node.
struct Plan {
  std::vector<int> nodes;                       // indices in the containing graph, in order
  std::map<std::string, const Tensor*> leaves;  // every name the walk stops at, with its value
  std::set<std::string> on_path;                // names that depend on an x
  std::string y;
};

Plan plan_of(const Node& node, const Inputs& in) {
  const NodeEnv& env = node.env();
  if (!env.graph || !env.scope) not_implemented("needs its containing graph (run it inside a model)");
  const onnx::GraphProto& graph = env.graph->proto();
  const auto xs = strings_attr(node, "xs");
  const auto zs = strings_attr(node, "zs");
  Plan plan;
  plan.y = node.attr_string("y", "");
  if (xs.empty()) invalid_model("xs names no tensor");
  if (in.size() != xs.size() + zs.size())
    invalid_model("has " + std::to_string(in.size()) + " inputs; xs and zs name " +
                  std::to_string(xs.size() + zs.size()));
  if (static_cast<size_t>(node.proto().output_size()) > xs.size())
    invalid_model("has " + std::to_string(node.proto().output_size()) + " outputs; xs names " +
                  std::to_string(xs.size()));
  std::set<std::string> independent;
  for (size_t i = 0; i < xs.size() + zs.size(); ++i) {
    const std::string& name = i < xs.size() ? xs[i] : zs[i - xs.size()];
    if (!independent.insert(name).second) invalid_model(named(name) + " is named twice in xs and zs");
    plan.leaves[name] = &in[i];
    if (i < xs.size() && in[i].dtype() != DType::kFloat16 && in[i].dtype() != DType::kFloat &&
        in[i].dtype() != DType::kDouble)
      invalid_model("x " + named(name) + " is " + std::string(dtype_name(in[i].dtype())) +
                    "; gradients are taken w.r.t. float16, float or double tensors (T2)");
  }
  std::map<std::string, int> producer;
  for (int k = 0; k < graph.node_size(); ++k)
    for (const auto& out : graph.node(k).output()) producer[out] = k;
  std::set<std::string> graph_inputs, initializers;
  for (const auto& i : graph.input()) graph_inputs.insert(i.name());
  for (const auto& i : graph.initializer()) initializers.insert(i.name());

  std::set<std::string> seen;
  std::set<int> cone;
  std::vector<std::string> todo = {plan.y};
  while (!todo.empty()) {
    const std::string name = todo.back();
    todo.pop_back();
    if (name.empty() || !seen.insert(name).second || independent.count(name)) continue;  // seen: reached
    const auto p = producer.find(name);
    const bool constant_node = p != producer.end() && graph.node(p->second).op_type() == "Constant";
    if (p != producer.end() && !constant_node) {
      const onnx::NodeProto& n = graph.node(p->second);
      if (p->second == env.index || n.op_type() == "Gradient")
        not_implemented("y depends on a Gradient node's output " + named(name) +
                        ": higher derivatives are not implemented");
      const CatalogRow& row = *env.graph->node_rows()[static_cast<size_t>(p->second)];
      if (!row.domain.empty() || !training::derivative_rule(row.op))
        not_implemented("y depends on " + row.label() + " (" + named(name) +
                        "), which has no derivative here; covered: " + training::differentiable_ops());
      cone.insert(p->second);
      for (const auto& i : n.input()) todo.push_back(i);
      continue;
    }
    if (graph_inputs.count(name) && !initializers.count(name))
      invalid_model("y depends on the graph input " + named(name) + ", which is in neither xs nor zs");
    const Value* v = env.scope->find(name);
    if (!v)
      invalid_model("y depends on " + named(name) +
                    ", which has no value where the Gradient node runs and is in neither xs nor zs");
    if (!v->is_tensor()) not_implemented(named(name) + " is not a tensor");
    plan.leaves[name] = &v->tensor();
  }
  if (plan.y.empty() || (!independent.count(plan.y) && !producer.count(plan.y) && !plan.leaves.count(plan.y)))
    invalid_model("y " + named(plan.y) + " names no tensor of the graph");
  for (const auto& name : independent)
    if (!seen.count(name) && name != plan.y)
      invalid_model(named(name) +
                    " (in xs or zs) is not on y's path: y does not depend on it through the graph");
  plan.nodes.assign(cone.begin(), cone.end());
  for (const auto& x : xs) plan.on_path.insert(x);
  for (int k : plan.nodes)
    for (const auto& i : graph.node(k).input())
      if (plan.on_path.count(i))
        for (const auto& o : graph.node(k).output()) plan.on_path.insert(o);
  for (int k : plan.nodes)
    for (const auto& i : graph.node(k).input())
      if (!i.empty() && plan.leaves.count(i) && !plan.on_path.count(i)) {
        const DType t = plan.leaves[i]->dtype();
        if (t != DType::kFloat16 && t != DType::kFloat && t != DType::kDouble && t != DType::kInt32 &&
            t != DType::kInt64)
          not_implemented(named(i) + " is " + std::string(dtype_name(t)) +
                          ": only float, int32 and int64 given values are read");
      }
  return plan;
}

// One pass forward and back at precision p: the enclosures of dy/dx for each x.
std::vector<RealTensor> gradients_at(const Node& node, const Plan& plan, const std::vector<std::string>& xs,
                                     mpfr_prec_t p) {
  const onnx::GraphProto& graph = node.env().graph->proto();
  std::map<std::string, RealTensor> values;
  for (const auto& [name, t] : plan.leaves) values.emplace(name, training::real_of(*t, p));
  SemanticsRecord scratch;  // the differentiated nodes' own records; marks go to the Gradient node
  std::vector<std::unique_ptr<Node>> views;
  std::vector<std::unique_ptr<OpSite>> sites;
  for (int k : plan.nodes) {
    const onnx::NodeProto& n = graph.node(k);
    const CatalogRow& row = *node.env().graph->node_rows()[static_cast<size_t>(k)];
    views.push_back(std::make_unique<Node>(n, row.label(), scratch));
    auto site = std::make_unique<OpSite>(OpSite{*views.back(),
                                                node,
                                                row.since_version,
                                                row.label() + " (output " + named(n.output(0)) + ")",
                                                {},
                                                {},
                                                p});
    for (const auto& i : n.input()) {
      site->in.push_back(i.empty() ? nullptr : &values.at(i));
      const auto leaf = plan.leaves.find(i);
      site->given.push_back(leaf == plan.leaves.end() || plan.on_path.count(i) ? nullptr : leaf->second);
    }
    values.emplace(n.output(0), training::derivative_rule(row.op)->forward(*site));
    sites.push_back(std::move(site));
  }
  const RealTensor& y = values.at(plan.y);
  if (y.size() != 1)
    node.mark(
        Semantics::kImplementationDefined,
        "y has " + std::to_string(y.size()) + " elements: the reference gives the gradient of their sum");
  std::map<std::string, RealTensor> grads;
  grads.emplace(plan.y, training::filled(y.shape, 1, p));
  for (size_t s = plan.nodes.size(); s-- > 0;) {
    const onnx::NodeProto& n = graph.node(plan.nodes[s]);
    const auto g = grads.find(n.output(0));
    if (g == grads.end()) continue;
    std::vector<bool> wanted;
    for (const auto& i : n.input()) wanted.push_back(!i.empty() && plan.on_path.count(i));
    const CatalogRow& row = *node.env().graph->node_rows()[static_cast<size_t>(plan.nodes[s])];
    auto back =
        training::derivative_rule(row.op)->backward(*sites[s], values.at(n.output(0)), g->second, wanted);
    for (size_t i = 0; i < back.size() && i < wanted.size(); ++i) {
      if (!wanted[i] || !back[i]) continue;
      auto [it, fresh] = grads.emplace(n.input(static_cast<int>(i)), *back[i]);
      if (!fresh) training::accumulate(it->second, *back[i]);
    }
  }
  std::vector<RealTensor> out;
  for (const auto& x : xs) {
    const auto g = grads.find(x);
    out.push_back(g != grads.end() ? g->second : RealTensor(values.at(x).shape, p));
  }
  return out;
}

numeric::FloatFormat format_of(DType t) {
  if (t == DType::kFloat16) return numeric::float_format<Float16>();
  if (t == DType::kFloat) return numeric::float_format<float>();
  return numeric::float_format<double>();
}

// Both ends of e rounded to `format`, when they agree. An enclosure of 0 from a cancellation
// (sum(softmax(x)) is 1 for every x) never shrinks to a point: its ends round to -0 and +0.
// At the last precision that is taken as +0, the real zero (a nonzero value within the
// enclosure, below 2^-16000 in size, would round to a zero too; only its sign is open).
std::optional<double> decided(const Interval& e, numeric::FloatFormat format, bool last) {
  const double lo = numeric::round_to_format(e.left(), format),
               hi = numeric::round_to_format(e.right(), format);
  if (std::isnan(lo) && std::isnan(hi)) return lo;
  if (lo == hi && std::signbit(lo) == std::signbit(hi)) return lo;
  if (last && lo == 0 && hi == 0) return 0.0;
  return std::nullopt;
}

Tensor tensor_of(DType t, const Shape& shape, const std::vector<double>& v) {
  Tensor out(t, shape);
  for (size_t i = 0; i < v.size(); ++i) {
    if (t == DType::kFloat16)
      out.data<Float16>()[i] = float16_from_double(v[i]);
    else if (t == DType::kFloat)
      out.data<float>()[i] = static_cast<float>(v[i]);
    else
      out.data<double>()[i] = v[i];
  }
  return out;
}

}  // namespace

Tensors gradient_v1(const Node& node, const Inputs& in) {
  const Plan plan = plan_of(node, in);
  const auto xs = strings_attr(node, "xs");
  for (mpfr_prec_t p = kFirstBits;; p *= 2) {
    const std::vector<RealTensor> g = gradients_at(node, plan, xs, p);
    Tensors out;
    bool all = true;
    for (size_t i = 0; i < xs.size() && all; ++i) {
      std::vector<double> v;
      for (const auto& e : g[i].at) {
        const auto r = decided(e, format_of(in[i].dtype()), p >= kMaxBits);
        if (!r) {
          all = false;
          break;
        }
        v.push_back(*r);
      }
      if (all) out.push_back(tensor_of(in[i].dtype(), in[i].shape(), v));
    }
    if (all) {
      out.resize(static_cast<size_t>(std::max(1, node.proto().output_size())));
      return out;
    }
    if (p >= kMaxBits)
      not_implemented("the rounding of a gradient is not decided at " + std::to_string(kMaxBits) +
                      " bits (a kink or an undefined derivative met by an inexact value, or a result on a "
                      "rounding boundary)");
  }
}

}  // namespace touchstone::ops
