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
  m.proto_ = std::make_shared<const onnx::ModelProto>(std::move(proto));
  m.where_ = where;
  m.context_ = std::make_shared<ModelContext>();
  m.context_->base_dir = base_dir;
  for (const auto& prop : m.proto_->metadata_props())
    if (prop.key() == kEarlyNegativeAxesKey) m.context_->count_early_negative_axes = prop.value() == "count";
  const auto ir = m.proto_->ir_version();
  m.context_->ir_version = ir;
  if (ir <= 0) invalid_model(where + ": the model has no ir_version");
  if (ir > kMaxIrVersion)
    not_implemented(where + ": IR version " + std::to_string(ir) + " is newer than this build knows (" +
                    std::to_string(kMaxIrVersion) + ")");
  for (const auto& imp : m.proto_->opset_import()) {
    const std::string domain(canonical_domain(imp.domain()));
    const int newest = catalog_max_opset(domain);
    // A domain the catalog lacks may be imported as long as no node uses it (Silero VAD's
    // legacy model imports ai.onnx.training and uses none of its ops); a node of it is
    // refused when it resolves.
    if (newest == 0) {
      if (imp.version() < 1) invalid_model(where + ": opset " + std::to_string(imp.version()) + " for " + imp.domain() + " is not a valid version");
      if (!m.context_->opsets.emplace(domain, static_cast<int>(imp.version())).second)
        invalid_model(where + ": " + imp.domain() + " is imported twice");
      continue;
    }
    if (imp.version() > newest)
      not_implemented(where + ": opset " + std::to_string(imp.version()) + " for " +
                      std::string(display_domain(domain)) + " is newer than this build's catalog (" +
                      std::to_string(newest) + ")");
    if (imp.version() < 1)
      invalid_model(where + ": opset " + std::to_string(imp.version()) + " for " +
                    std::string(display_domain(domain)) + " is not a valid version");
    if (!m.context_->opsets.emplace(domain, static_cast<int>(imp.version())).second)
      invalid_model(where + ": " + std::string(display_domain(domain)) + " is imported twice");
  }
  if (m.context_->opsets.empty()) invalid_model(where + ": the model imports no opset");

  const auto& graph = m.proto_->graph();
  if (graph.sparse_initializer_size() > 0) not_implemented(where + ": sparse initializers");
  for (const auto& init : graph.initializer()) {
    const std::string what = "initializer '" + init.name() + "' of " + where;
    if (init.name().empty()) invalid_model(where + ": an initializer has no name");
    if (!m.initializers_.emplace(init.name(), tensor_from_proto(init, base_dir, what)).second)
      invalid_model(where + ": initializer '" + init.name() + "' is defined twice");
  }
  // Every kind of value is carried (value.h) but a sparse tensor, which no file reader
  // here reads: a graph input or output declared sparse_tensor is not implemented.
  for (const auto* values : {&graph.input(), &graph.output()}) {
    for (const auto& v : *values) {
      if (!v.has_type() || v.type().has_tensor_type()) continue;
      const std::string what = where + ": graph value '" + v.name() + "'";
      if (value_type_of(v.type(), what).kind == ValueType::kSparseTensor)
        not_implemented(what + ": " + type_proto_string(v.type()) + " (sparse tensors are not read or written yet)");
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
  for (const auto& input : proto_->graph().input())
    if (input.name() == input_names_.at(i)) return input.type();
  throw std::logic_error("no graph input " + input_names_.at(i));
}

const onnx::TypeProto& Model::output_type(size_t i) const { return proto_->graph().output(static_cast<int>(i)).type(); }

int Model::opset(std::string_view domain) const { return context_->opset(domain); }

void Model::check_graph() { graph_ = std::make_shared<const Graph>(proto_->graph(), *context_, nullptr, where_); }

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

RunResult Model::run(const std::vector<Tensor>& inputs, ExecutionOptions options) const {
  return tensor_result(run_named_values(feeds_of(inputs), options), where_);
}

RunResult Model::run_named(const std::map<std::string, Tensor>& feeds, ExecutionOptions options) const {
  std::map<std::string, Value> values;
  for (const auto& [name, tensor] : feeds) values.emplace(name, tensor);
  return tensor_result(run_named_values(values, options), where_);
}

ValueRunResult Model::run_values(const Values& inputs, ExecutionOptions options) const {
  return run_named_values(feeds_of(inputs), options);
}

ValueRunResult Model::run_named_values(const std::map<std::string, Value>& feeds, ExecutionOptions options) const {
  const auto& graph = proto_->graph();
  std::map<std::string, const Value*> values;
  for (const auto& [name, tensor] : initializers_) values[name] = &tensor;
  for (const auto& input : graph.input()) {
    auto fed = feeds.find(input.name());
    if (fed == feeds.end()) {
      if (!initializers_.count(input.name())) malformed(where_ + ": no value for graph input '" + input.name() + "'");
      continue;
    }
    if (initializers_.count(input.name()) && proto_->ir_version() < 4)
      malformed(where_ + ": input '" + input.name() + "' is an initializer, which IR version < 4 does not let a feed override");
    std::string why = input.has_type() ? value_mismatch(input.type(), fed->second) : "";
    if (!why.empty()) malformed(where_ + ": input '" + input.name() + "' " + why);
    values[input.name()] = &fed->second;
  }
  for (const auto& [name, _] : feeds) {
    if (!values.count(name) || (values[name] != &feeds.at(name)))
      malformed(where_ + ": '" + name + "' is not a graph input");
  }

  Scope scope;
  for (const auto& [name, value] : values) scope.refer(name, *value);
  RunContext run(*context_, options);
  graph_->run_nodes(scope, run);
  ValueRunResult result;
  result.outputs = graph_->take_outputs(scope);
  result.semantics = std::move(run.semantics());
  return result;
}

}  // namespace touchstone
