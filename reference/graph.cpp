#include "reference/graph.h"

#include <algorithm>
#include <optional>

#include "reference/node_check.h"
#include "reference/ops/core/axes.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone {

int ModelContext::opset(std::string_view domain) const {
  auto it = opsets.find(std::string(canonical_domain(domain)));
  return it == opsets.end() ? 0 : it->second;
}

const Value* Scope::find(const std::string& name) const {
  for (const Scope* s = this; s; s = s->outer_) {
    auto it = s->names_.find(name);
    if (it != s->names_.end()) return it->second;
  }
  return nullptr;
}

const Value& Scope::bind(const std::string& name, Value value) {
  auto [it, _] = kept_.insert_or_assign(name, std::move(value));
  names_[name] = &it->second;
  return it->second;
}

void Scope::refer(const std::string& name, const Value& value) { names_[name] = &value; }

std::optional<Value> Scope::take(const std::string& name) {
  auto it = kept_.find(name);
  if (it == kept_.end() || names_.at(name) != &it->second) return std::nullopt;
  return std::move(it->second);
}

std::set<std::string> Scope::visible_names() const {
  std::set<std::string> names;
  for (const Scope* s = this; s; s = s->outer_)
    for (const auto& [name, _] : s->names_) names.insert(name);
  return names;
}

namespace {

// IR.md: "variable shadowing is not allowed" — a subgraph's own names differ from every
// outer name visible to it.
void check_not_shadowing(const std::string& name, const std::set<std::string>& outer, const std::string& at) {
  if (outer.count(name))
    invalid_model(at + " defines '" + name +
                  "', a name an enclosing graph already defines (IR: a subgraph may not shadow an outer name)");
}

}  // namespace

Graph::Graph(const onnx::GraphProto& proto, const ModelContext& model, const std::set<std::string>* outer,
             std::string where)
    : proto_(proto), model_(model), where_(std::move(where)), nested_(outer != nullptr) {
  static const std::set<std::string> kNone;
  const std::set<std::string>& enclosing = outer ? *outer : kNone;
  std::set<std::string> defined, inputs;
  if (nested_) read_initializers(enclosing);  // a main graph's are read (and checked) by Model
  for (const auto& init : proto.initializer()) defined.insert(init.name());
  for (const auto& input : proto.input()) {
    if (nested_) {
      check_not_shadowing(input.name(), enclosing, where_ + ": input");
      if (!inputs.insert(input.name()).second)
        invalid_model(where_ + ": input '" + input.name() + "' is declared twice");
      const bool also_initializer = initializers_.count(input.name()) > 0;
      if (also_initializer && model.ir_version >= 4)
        invalid_model(where_ + ": '" + input.name() +
                      "' is both an input and an initializer of a subgraph (IR: not allowed from IR version 4)");
      if (!also_initializer) formal_inputs_.push_back(input.name());
    }
    defined.insert(input.name());
  }
  for (int i = 0; i < proto.node_size(); ++i) check_node(i, defined, enclosing);
  for (const auto& output : proto.output())
    if (!defined.count(output.name()) && !enclosing.count(output.name()))
      invalid_model(where_ + ": graph output '" + output.name() + "' is never defined");
}

void Graph::read_initializers(const std::set<std::string>& outer) {
  if (proto_.sparse_initializer_size() > 0) not_implemented(where_ + ": sparse initializers");
  for (const auto& init : proto_.initializer()) {
    if (init.name().empty()) invalid_model(where_ + ": an initializer has no name");
    check_not_shadowing(init.name(), outer, where_ + ": initializer");
    Tensor t = tensor_from_proto(init, model_.base_dir, "initializer '" + init.name() + "' of " + where_);
    if (!initializers_.emplace(init.name(), std::move(t)).second)
      invalid_model(where_ + ": initializer '" + init.name() + "' is defined twice");
  }
}

void Graph::check_node(int index, std::set<std::string>& defined, const std::set<std::string>& outer) {
  const auto& node = proto_.node(index);
  const std::string at = where_ + ": node " + std::to_string(index) + " (" + node.op_type() + ")";
  const std::string domain(canonical_domain(node.domain()));
  const int version = model_.opset(domain);
  if (version == 0)
    invalid_model(at + " uses domain " + std::string(display_domain(domain)) + ", which the model does not import");
  const CatalogRow* row = resolve_op(domain, node.op_type(), version);
  if (!row) {
    auto versions = op_versions(domain, node.op_type());
    if (versions.empty()) invalid_model(at + ": no op '" + node.op_type() + "' in " + std::string(display_domain(domain)));
    invalid_model(at + ": " + node.op_type() + " is not in " + std::string(display_domain(domain)) + " opset " +
                  std::to_string(version) + " (its first version is " + std::to_string(versions.front()->since_version) + ")");
  }
  if (schema_of(*row).deprecated)
    invalid_model(at + ": " + row->label() + " is deprecated (ONNX's text: deprecated since " +
                  std::string(display_domain(domain)) + " opset " + std::to_string(row->since_version) +
                  "; a model may not use it)");
  check_node_structure(node, *row);
  for (const auto& name : node.input()) {
    if (name.empty() || defined.count(name) || outer.count(name)) continue;
    invalid_model(at + " reads '" + name + "', which no earlier node, graph input or initializer defines" +
                  (nested_ ? ", here or in an enclosing graph" : "") + " (nodes must be in topological order)");
  }
  // A subgraph sees every name visible here: the enclosing ones and this graph's so far.
  for (const auto& attr : node.attribute()) {
    if (attr.type() == onnx::AttributeProto::GRAPHS) not_implemented(at + ": attribute '" + attr.name() + "' holds graphs");
    if (attr.type() != onnx::AttributeProto::GRAPH) continue;
    std::set<std::string> visible = outer;
    visible.insert(defined.begin(), defined.end());
    subgraphs_[{index, attr.name()}] =
        std::make_unique<Graph>(attr.g(), model_, &visible, at + " attribute '" + attr.name() + "'");
  }
  for (const auto& name : node.output()) {
    if (name.empty()) continue;
    if (nested_) check_not_shadowing(name, outer, at);
    if (!defined.insert(name).second) invalid_model(at + ": value '" + name + "' is defined twice");
  }
  if (!row->kernel) not_implemented(row->label() + " is not implemented by the reference yet");
  rows_.push_back(row);
}

const Graph& Graph::subgraph(int index, const std::string& attr) const {
  auto it = subgraphs_.find({index, attr});
  if (it == subgraphs_.end())
    throw std::logic_error(where_ + ": node " + std::to_string(index) + " has no graph attribute '" + attr + "'");
  return *it->second;
}

void Graph::run_nodes(Scope& scope, RunContext& run) const {
  for (int i = 0; i < proto_.node_size(); ++i) {
    const auto& node = proto_.node(i);
    const CatalogRow& row = *rows_[static_cast<size_t>(i)];
    std::vector<const Value*> inputs;
    for (const auto& name : node.input()) inputs.push_back(name.empty() ? nullptr : scope.find(name));
    check_input_types(node, row, inputs);
    Values outputs;
    try {
      std::optional<ops::core::EarlyNegativeAxes> early_axes;
      if (model_.count_early_negative_axes) early_axes.emplace(run.semantics(), row.label());
      const Node view(node, row.label(), run.semantics(), NodeEnv{this, i, &scope, &run});
      outputs = row.kernel(view, ValueInputs(std::move(inputs)));
    } catch (const Error& e) {
      throw Error(e.kind(), row.label() + ": " + e.what());
    } catch (const std::bad_alloc&) {  // within the limits, but more than the machine gives
      throw Error(ErrorKind::kOverBudget, row.label() + ": the machine has no memory left (std::bad_alloc) while the run holds " +
                                              bytes_text(run.memory().held()));
    }
    if (outputs.size() < static_cast<size_t>(node.output_size()))
      throw std::logic_error(row.label() + " returned " + std::to_string(outputs.size()) + " outputs");
    for (int k = 0; k < node.output_size(); ++k)
      if (!node.output(k).empty()) scope.bind(node.output(k), std::move(outputs[static_cast<size_t>(k)]));
  }
}

Values Graph::take_outputs(Scope& scope) const {
  Values outputs;
  const auto& declared = proto_.output();
  for (int k = 0; k < declared.size(); ++k) {
    const auto& output = declared[k];
    const Value& value = *scope.find(output.name());
    const bool typed = output.has_type() && output.type().value_case() != onnx::TypeProto::VALUE_NOT_SET;
    std::string why = typed ? value_mismatch(output.type(), value) : "";
    if (!why.empty()) invalid_model(where_ + ": graph output '" + output.name() + "' " + why);
    const bool named_again = std::any_of(declared.begin() + k + 1, declared.end(),
                                         [&](const auto& later) { return later.name() == output.name(); });
    auto taken = named_again ? std::nullopt : scope.take(output.name());
    outputs.push_back(taken ? std::move(*taken) : value);
  }
  return outputs;
}

Values Graph::run(const Values& inputs, const Scope& outer, RunContext& run) const {
  if (inputs.size() != formal_inputs_.size())
    invalid_model(where_ + ": the subgraph takes " + std::to_string(formal_inputs_.size()) + " inputs, given " +
                  std::to_string(inputs.size()));
  Scope scope(&outer);
  for (const auto& [name, value] : initializers_) scope.refer(name, value);
  size_t next = 0;
  for (const auto& input : proto_.input()) {
    if (next == formal_inputs_.size() || input.name() != formal_inputs_[next]) continue;
    const Value& value = inputs[next++];
    const bool typed = input.has_type() && input.type().value_case() != onnx::TypeProto::VALUE_NOT_SET;
    std::string why = typed ? value_mismatch(input.type(), value) : "";
    if (!why.empty()) invalid_model(where_ + ": input '" + input.name() + "' " + why);
    scope.refer(input.name(), value);
  }
  run_nodes(scope, run);
  return take_outputs(scope);
}

Values run_graph(const onnx::GraphProto& graph, const Values& inputs, const Scope& outer, RunContext& run,
                 const std::string& where) {
  const std::set<std::string> visible = outer.visible_names();
  return Graph(graph, run.model(), &visible, where).run(inputs, outer, run);
}

// Node's links to its run (node.h).
namespace {
const NodeEnv& running(const NodeEnv& env, const std::string& who) {
  if (!env.run || !env.graph || !env.scope) throw std::logic_error(who + " runs outside a graph");
  return env;
}
}  // namespace

RandomSource& Node::random() const { return running(env_, op_version_).run->random(); }

int Node::opset(std::string_view domain) const { return running(env_, op_version_).run->model().opset(domain); }

Values Node::run_subgraph(const std::string& attr, const Values& inputs) const {
  const NodeEnv& env = running(env_, op_version_);
  return env.graph->subgraph(env.index, attr).run(inputs, *env.scope, *env.run);
}

}  // namespace touchstone
