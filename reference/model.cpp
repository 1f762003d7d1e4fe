#include "reference/model.h"

#include <algorithm>
#include <set>

#include "reference/node_check.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone {


Model Model::load(const std::filesystem::path& path) {
  auto proto = read_model_file(path);
  return from_proto(std::move(proto), path.parent_path(), path.string());
}

Model Model::from_proto(onnx::ModelProto proto, const std::filesystem::path& base_dir,
                        const std::string& where) {
  Model m;
  m.proto_ = std::move(proto);
  m.where_ = where;
  const auto ir = m.proto_.ir_version();
  if (ir <= 0) invalid_model(where + ": the model has no ir_version");
  if (ir > kMaxIrVersion)
    not_implemented(where + ": IR version " + std::to_string(ir) + " is newer than this build knows (" +
                    std::to_string(kMaxIrVersion) + ")");
  for (const auto& imp : m.proto_.opset_import()) {
    const std::string domain(canonical_domain(imp.domain()));
    const int newest = catalog_max_opset(domain);
    if (newest == 0)
      not_implemented(where + ": domain '" + imp.domain() + "' is not in this build's catalog");
    if (imp.version() > newest)
      not_implemented(where + ": opset " + std::to_string(imp.version()) + " for " +
                      std::string(display_domain(domain)) + " is newer than this build's catalog (" +
                      std::to_string(newest) + ")");
    if (imp.version() < 1)
      invalid_model(where + ": opset " + std::to_string(imp.version()) + " for " +
                    std::string(display_domain(domain)) + " is not a valid version");
    if (!m.opsets_.emplace(domain, static_cast<int>(imp.version())).second)
      invalid_model(where + ": " + std::string(display_domain(domain)) + " is imported twice");
  }
  if (m.opsets_.empty()) invalid_model(where + ": the model imports no opset");

  const auto& graph = m.proto_.graph();
  if (graph.sparse_initializer_size() > 0) not_implemented(where + ": sparse initializers");
  for (const auto& init : graph.initializer()) {
    const std::string what = "initializer '" + init.name() + "' of " + where;
    if (init.name().empty()) invalid_model(where + ": an initializer has no name");
    if (!m.initializers_.emplace(init.name(), tensor_from_proto(init, base_dir, what)).second)
      invalid_model(where + ": initializer '" + init.name() + "' is defined twice");
  }
  // The reference carries tensors, sequences of tensors and optionals (value.h); a map or
  // a sparse tensor is not implemented.
  for (const auto* values : {&graph.input(), &graph.output()}) {
    for (const auto& v : *values) {
      if (v.has_type() && !v.type().has_tensor_type())
        value_type_of(v.type(), where + ": graph value '" + v.name() + "'");
    }
  }
  std::set<std::string> graph_inputs;
  for (const auto& input : graph.input()) {
    if (!graph_inputs.insert(input.name()).second)
      invalid_model(where + ": graph input '" + input.name() + "' is declared twice");
    if (!m.initializers_.count(input.name())) m.input_names_.push_back(input.name());
  }
  if (ir < 4) {  // before IR version 4 every initializer is also a graph input
    for (const auto& [name, _] : m.initializers_)
      if (!graph_inputs.count(name))
        invalid_model(where + ": initializer '" + name + "' is not a graph input (required before IR version 4)");
  }
  for (const auto& output : graph.output()) m.output_names_.push_back(output.name());
  m.check_graph();
  return m;
}

const onnx::TypeProto& Model::input_type(size_t i) const {
  for (const auto& input : proto_.graph().input())
    if (input.name() == input_names_.at(i)) return input.type();
  throw std::logic_error("no graph input " + input_names_.at(i));
}

const onnx::TypeProto& Model::output_type(size_t i) const { return proto_.graph().output(static_cast<int>(i)).type(); }

int Model::opset(std::string_view domain) const {
  auto it = opsets_.find(std::string(canonical_domain(domain)));
  return it == opsets_.end() ? 0 : it->second;
}

void Model::check_graph() {
  const auto& graph = proto_.graph();
  std::set<std::string> defined;
  for (const auto& input : graph.input()) defined.insert(input.name());
  for (const auto& [name, _] : initializers_) defined.insert(name);

  for (int i = 0; i < graph.node_size(); ++i) {
    const auto& node = graph.node(i);
    const std::string at = where_ + ": node " + std::to_string(i) + " (" + node.op_type() + ")";
    const std::string domain(canonical_domain(node.domain()));
    const int version = opset(domain);
    if (version == 0)
      invalid_model(at + " uses domain " + std::string(display_domain(domain)) + ", which the model does not import");
    const CatalogRow* row = resolve_op(domain, node.op_type(), version);
    if (!row) {
      auto versions = op_versions(domain, node.op_type());
      if (versions.empty())
        invalid_model(at + ": no op '" + node.op_type() + "' in " + std::string(display_domain(domain)));
      invalid_model(at + ": " + node.op_type() + " is not in " + std::string(display_domain(domain)) +
                    " opset " + std::to_string(version) + " (its first version is " +
                    std::to_string(versions.front()->since_version) + ")");
    }
    if (schema_of(*row).deprecated)
      invalid_model(at + ": " + row->label() + " is deprecated (ONNX's text: deprecated since " +
                    std::string(display_domain(domain)) + " opset " + std::to_string(row->since_version) +
                    "; a model may not use it)");
    check_node_structure(node, *row);
    for (const auto& name : node.input()) {
      if (!name.empty() && !defined.count(name))
        invalid_model(at + " reads '" + name +
                      "', which no earlier node, graph input or initializer defines (nodes must be in topological order)");
    }
    for (const auto& name : node.output()) {
      if (!name.empty() && !defined.insert(name).second) invalid_model(at + ": value '" + name + "' is defined twice");
    }
    if (!row->kernel) not_implemented(row->label() + " is not implemented by the reference yet");
    node_rows_.push_back(row);
  }
  for (const auto& name : output_names_)
    if (!defined.count(name)) invalid_model(where_ + ": graph output '" + name + "' is never defined");
}

namespace {

RunResult tensor_result(ValueRunResult r, const std::string& where) {
  return {tensors_of(std::move(r.outputs), where + ": output"), std::move(r.semantics)};
}

}  // namespace

// The graph's inputs by name, each copied once (a large tensor's copy is not free).
template <class Input>
std::map<std::string, Value> Model::feeds_of(const std::vector<Input>& inputs) const {
  if (inputs.size() != input_names_.size())
    malformed(where_ + ": the model takes " + std::to_string(input_names_.size()) + " inputs, got " +
              std::to_string(inputs.size()));
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) feeds.emplace(input_names_[i], inputs[i]);
  return feeds;
}

RunResult Model::run(const std::vector<Tensor>& inputs) const {
  return tensor_result(run_named_values(feeds_of(inputs)), where_);
}

RunResult Model::run_named(const std::map<std::string, Tensor>& feeds) const {
  std::map<std::string, Value> values;
  for (const auto& [name, tensor] : feeds) values.emplace(name, tensor);
  return tensor_result(run_named_values(values), where_);
}

ValueRunResult Model::run_values(const Values& inputs) const {
  return run_named_values(feeds_of(inputs));
}

ValueRunResult Model::run_named_values(const std::map<std::string, Value>& feeds) const {
  const auto& graph = proto_.graph();
  std::map<std::string, const Value*> values;
  for (const auto& [name, tensor] : initializers_) values[name] = &tensor;
  for (const auto& input : graph.input()) {
    auto fed = feeds.find(input.name());
    if (fed == feeds.end()) {
      if (!initializers_.count(input.name())) malformed(where_ + ": no value for graph input '" + input.name() + "'");
      continue;
    }
    if (initializers_.count(input.name()) && proto_.ir_version() < 4)
      malformed(where_ + ": input '" + input.name() + "' is an initializer, which IR version < 4 does not let a feed override");
    std::string why = input.has_type() ? value_mismatch(input.type(), fed->second) : "";
    if (!why.empty()) malformed(where_ + ": input '" + input.name() + "' " + why);
    values[input.name()] = &fed->second;
  }
  for (const auto& [name, _] : feeds) {
    if (!values.count(name) || (values[name] != &feeds.at(name)))
      malformed(where_ + ": '" + name + "' is not a graph input");
  }

  ValueRunResult result;
  std::map<std::string, Value> computed;
  for (int i = 0; i < graph.node_size(); ++i) {
    const auto& node = graph.node(i);
    const CatalogRow& row = *node_rows_[static_cast<size_t>(i)];
    std::vector<const Value*> inputs;
    for (const auto& name : node.input()) inputs.push_back(name.empty() ? nullptr : values.at(name));
    check_input_types(node, row, inputs);
    // A tensor kernel sees tensors only; an op-version that takes sequences or optionals
    // has a value kernel (catalog.h), called when it lacks a tensor kernel or when any
    // input is not a tensor.
    const bool all_tensors = std::all_of(inputs.begin(), inputs.end(), [](const Value* v) { return !v || v->is_tensor(); });
    Values outputs;
    try {
      const Node view(node, row.label(), result.semantics);
      if (row.values && (!row.kernel || !all_tensors)) {
        outputs = row.values(view, inputs);
      } else {
        std::vector<const Tensor*> tensors;
        for (size_t k = 0; k < inputs.size(); ++k) {
          if (inputs[k] && !inputs[k]->is_tensor())
            not_implemented("input " + std::to_string(k) + " is " + inputs[k]->type_string() +
                            ", and the reference's kernel for this op-version takes tensors only");
          tensors.push_back(inputs[k] ? &inputs[k]->tensor() : nullptr);
        }
        for (auto& t : row.kernel(view, Inputs(tensors))) outputs.emplace_back(std::move(t));
      }
    } catch (const Error& e) {
      throw Error(e.kind(), row.label() + ": " + e.what());
    }
    if (outputs.size() < static_cast<size_t>(node.output_size()))
      throw std::logic_error(row.label() + " returned " + std::to_string(outputs.size()) + " outputs");
    for (int k = 0; k < node.output_size(); ++k) {
      if (node.output(k).empty()) continue;
      auto [it, _] = computed.insert_or_assign(node.output(k), std::move(outputs[static_cast<size_t>(k)]));
      values[node.output(k)] = &it->second;
    }
  }
  for (int k = 0; k < graph.output_size(); ++k) {
    const auto& output = graph.output(k);
    const Value& value = *values.at(output.name());
    std::string why = output.has_type() ? value_mismatch(output.type(), value) : "";
    if (!why.empty()) invalid_model(where_ + ": graph output '" + output.name() + "' " + why);
    // A computed value is moved out when no later graph output names it again; inputs
    // and initializers are copied.
    auto it = computed.find(output.name());
    const bool named_again = std::any_of(graph.output().begin() + k + 1, graph.output().end(),
                                         [&](const auto& later) { return later.name() == output.name(); });
    if (it != computed.end() && !named_again) result.outputs.push_back(std::move(it->second));
    else result.outputs.push_back(value);
  }
  return result;
}

}  // namespace touchstone
