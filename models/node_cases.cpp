#include "models/node_cases.h"

#include <set>
#include <stdexcept>

#include "cases/suite.h"
#include "cases/tolerance.h"
#include "reference/model.h"
#include "reference/value_proto.h"

namespace touchstone::models {

namespace {

// Adds to `out` the names `graph` reads from outside itself, given the names `defined`
// around and before it.
void outer_reads(const onnx::GraphProto& graph, std::set<std::string> defined, std::vector<std::string>& out,
                 std::set<std::string>& seen) {
  const auto note = [&](const std::string& name) {
    if (!name.empty() && !defined.count(name) && seen.insert(name).second) out.push_back(name);
  };
  for (const auto& input : graph.input()) defined.insert(input.name());
  for (const auto& init : graph.initializer()) defined.insert(init.name());
  for (const auto& node : graph.node()) {
    for (const auto& name : node.input()) note(name);
    for (const auto& attr : node.attribute()) {
      if (attr.has_g()) outer_reads(attr.g(), defined, out, seen);
      for (const auto& g : attr.graphs()) outer_reads(g, defined, out, seen);
    }
    for (const auto& name : node.output()) defined.insert(name);
  }
  for (const auto& output : graph.output()) note(output.name());
}

CaseMeta node_meta(const onnx::NodeProto& node, const CatalogRow& row, int opset, const Values& inputs,
                   const ValueRunResult& result) {
  CaseMeta m;
  m.domain = std::string(canonical_domain(node.domain()));
  m.op = node.op_type();
  m.since_version = row.since_version;
  m.opset = opset;
  for (const auto& v : inputs) m.dtypes.push_back(cases::value_type_key(v.type()));
  m.tags = {"model-node"};
  if (!node.name().empty()) m.tags.push_back("node:" + node.name());
  m.semantics = result.semantics.category;
  m.shape_open = result.semantics.shape_open;
  for (const auto& r : result.semantics.reasons)
    m.semantics_reason += (m.semantics_reason.empty() ? "" : "; ") + r;
  return m;
}

// The draft the judging contract reads (cases/tolerance.h): the node's inputs by position
// (a name read twice is two inputs), its omitted optional inputs and its attributes.
cases::CaseDraft node_draft(const onnx::NodeProto& node, const std::map<std::string, Value>& values) {
  cases::CaseDraft draft;
  bool all_tensors = true;
  Values by_position;
  for (int k = 0; k < node.input_size(); ++k) {
    if (node.input(k).empty()) {
      draft.omitted_inputs.push_back(static_cast<size_t>(k));
      continue;
    }
    const Value& v = values.at(node.input(k));
    all_tensors = all_tensors && v.is_tensor();
    by_position.push_back(v);
  }
  for (const auto& v : by_position)
    if (all_tensors) draft.inputs.push_back(v.tensor());
  if (!all_tensors) draft.values = by_position;
  draft.attributes.assign(node.attribute().begin(), node.attribute().end());
  draft.outputs = static_cast<size_t>(node.output_size());
  return draft;
}

cases::Case whole_model_case(const onnx::ModelProto& model, const Values& inputs, const ModelValues& run,
                             const std::string& name) {
  cases::Case c;
  c.model = model;
  c.inputs = inputs;
  c.outputs = run.outputs;
  c.meta.id = name + "/whole";
  c.meta.op = kGraphOp;
  for (const auto& imp : model.opset_import())
    if (canonical_domain(imp.domain()).empty()) c.meta.opset = static_cast<int>(imp.version());
  for (const auto& v : inputs) c.meta.dtypes.push_back(cases::value_type_key(v.type()));
  c.meta.tags = {"model-end-to-end"};
  c.meta.semantics = Semantics::kImplementationDefined;
  c.meta.semantics_reason =
      "a whole model: no contract bounds its outputs yet; the deviation is measured, not judged";
  return c;
}

// Replaces each main-graph If node by the nodes of the branch its condition took in `run`,
// its outputs renamed through Identity nodes (the branch's initializers join the main
// graph's). Returns how many were replaced; a branch whose names clash with the main
// graph's is left in place.
int inline_decided_ifs(onnx::ModelProto& model, const ModelValues& run) {
  auto* graph = model.mutable_graph();
  std::set<std::string> main_names;
  for (const auto& i : graph->input()) main_names.insert(i.name());
  for (const auto& i : graph->initializer()) main_names.insert(i.name());
  for (const auto& n : graph->node())
    for (const auto& o : n.output()) main_names.insert(o);
  google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
  int replaced = 0;
  for (const auto& node : graph->node()) {
    const auto cond =
        node.op_type() == "If" && canonical_domain(node.domain()).empty() && node.input_size() == 1
            ? run.values.find(node.input(0))
            : run.values.end();
    const onnx::GraphProto* branch = nullptr;
    if (cond != run.values.end() && cond->second.is_tensor() && cond->second.tensor().size() == 1) {
      const bool taken = cond->second.tensor().data<bool>()[0];
      for (const auto& a : node.attribute())
        if (a.name() == (taken ? "then_branch" : "else_branch") && a.has_g()) branch = &a.g();
    }
    bool clash = !branch || branch->output_size() != node.output_size();
    if (branch)
      for (const auto& n : branch->node())
        for (const auto& o : n.output()) clash = clash || main_names.count(o);
    if (clash) {
      *nodes.Add() = node;
      continue;
    }
    for (const auto& init : branch->initializer()) *graph->add_initializer() = init;
    for (const auto& n : branch->node()) *nodes.Add() = n;
    for (int k = 0; k < node.output_size(); ++k) {
      auto* id = nodes.Add();
      id->set_op_type("Identity");
      id->set_name(node.name() + "/output_" + std::to_string(k));
      id->add_input(branch->output(k).name());
      id->add_output(node.output(k));
    }
    ++replaced;
  }
  *graph->mutable_node() = std::move(nodes);
  return replaced;
}

}  // namespace

onnx::TypeProto declared_type(const Value& value) {
  onnx::TypeProto type = type_proto_of(value.type());
  if (value.is_tensor()) {
    auto* shape = type.mutable_tensor_type()->mutable_shape();
    for (int64_t d : value.tensor().shape()) shape->add_dim()->set_dim_value(d);
  }
  return type;
}

std::vector<std::string> names_read(const onnx::NodeProto& node) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& name : node.input())
    if (!name.empty() && seen.insert(name).second) out.push_back(name);
  for (const auto& attr : node.attribute()) {
    if (attr.has_g()) outer_reads(attr.g(), {}, out, seen);
    for (const auto& g : attr.graphs()) outer_reads(g, {}, out, seen);
  }
  return out;
}

std::string node_case_name(int index, int count, const std::string& op_type) {
  const size_t width = std::to_string(std::max(count - 1, 0)).size();
  std::string digits = std::to_string(index);
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  return "n" + digits + "-" + op_type;
}

ModelValues run_keeping_values(const onnx::ModelProto& model, const std::filesystem::path& base_dir,
                               const std::string& name, const Values& inputs, ExecutionOptions options) {
  onnx::ModelProto probe = model;
  auto* graph = probe.mutable_graph();
  std::set<std::string> declared;
  for (const auto& o : graph->output()) declared.insert(o.name());
  std::vector<std::string> kept;
  const auto keep = [&](const std::string& n) {
    if (!n.empty() && declared.insert(n).second) kept.push_back(n);
  };
  for (const auto& i : model.graph().input()) keep(i.name());
  for (const auto& i : model.graph().initializer()) keep(i.name());
  for (const auto& node : model.graph().node())
    for (const auto& o : node.output()) keep(o);
  for (const auto& n : kept) graph->add_output()->set_name(n);

  const Model loaded = Model::from_proto(std::move(probe), base_dir, name);
  ValueRunResult result = loaded.run_values(inputs, options);
  ModelValues out;
  const int declared_outputs = model.graph().output_size();
  for (size_t k = 0; k < result.outputs.size(); ++k) {
    const std::string& n = loaded.output_names()[k];
    if (static_cast<int>(k) < declared_outputs) out.outputs.push_back(result.outputs[k]);
    out.values.emplace(n, std::move(result.outputs[k]));
  }
  out.semantics = std::move(result.semantics);
  return out;
}

PreparedModel prepare_model(const onnx::ModelProto& given, const std::filesystem::path& base_dir,
                            const Values& inputs, const NodeCaseOptions& options) {
  PreparedModel out;
  out.model = given;
  if (options.count_early_negative_axes) {
    auto* prop = out.model.add_metadata_props();
    prop->set_key(kEarlyNegativeAxesKey);
    prop->set_value("count");
  }
  out.run = run_keeping_values(out.model, base_dir, options.model_name, inputs, options.execution);
  // Each If whose branch the run decided gives way to that branch's nodes (and again for the
  // Ifs those bring into the main graph), so every node inside is a case of its own.
  out.whole = out.model;
  for (int round = 0; options.inline_decided_ifs && round < 64 && inline_decided_ifs(out.model, out.run) > 0;
       ++round) {
    out.run = run_keeping_values(out.model, base_dir, options.model_name, inputs, options.execution);
    ++out.inlined_rounds;
  }
  return out;
}

cases::Case node_case(const onnx::ModelProto& model, int index, const std::map<std::string, Value>& values,
                      const std::filesystem::path& base_dir, const std::string& model_name,
                      ExecutionOptions execution) {
  std::map<std::string, int> opsets;
  for (const auto& imp : model.opset_import())
    opsets[std::string(canonical_domain(imp.domain()))] = static_cast<int>(imp.version());
  const auto& graph = model.graph();
  const auto& node = graph.node(index);
  const int opset = opsets[std::string(canonical_domain(node.domain()))];
  const CatalogRow* row = resolve_op(node.domain(), node.op_type(), opset);
  if (!row) throw std::logic_error(node.op_type() + ": ran in the model but resolves to no catalog row");
  cases::Case c;
  c.model.set_ir_version(model.ir_version());
  *c.model.mutable_opset_import() = model.opset_import();
  c.model.set_producer_name("touchstone model cases");
  *c.model.mutable_metadata_props() = model.metadata_props();
  auto* g = c.model.mutable_graph();
  g->set_name(node_case_name(index, graph.node_size(), node.op_type()));
  *g->add_node() = node;
  for (const auto& name : names_read(node)) {
    const auto it = values.find(name);
    if (it == values.end())
      throw std::logic_error(row->label() + " reads '" + name + "', which the run did not keep");
    auto* input = g->add_input();
    input->set_name(name);
    *input->mutable_type() = declared_type(it->second);
    c.inputs.push_back(it->second);
  }
  for (const auto& name : node.output())
    if (!name.empty()) g->add_output()->set_name(name);
  const std::string id = model_name + "/" + g->name();
  ValueRunResult result = Model::from_proto(c.model, base_dir, id).run_values(c.inputs, execution);
  for (size_t k = 0; k < result.outputs.size(); ++k)
    *g->mutable_output(static_cast<int>(k))->mutable_type() = declared_type(result.outputs[k]);
  c.meta = node_meta(node, *row, opset, c.inputs, result);
  c.meta.id = id;
  c.meta.tolerance = cases::tolerance_for(*row, node_draft(node, values), result.semantics.terms);
  c.outputs = std::move(result.outputs);
  return c;
}

NodeCases node_cases(const onnx::ModelProto& given, const std::filesystem::path& base_dir,
                     const Values& inputs, const NodeCaseOptions& options) {
  PreparedModel prepared = prepare_model(given, base_dir, inputs, options);
  NodeCases out;
  out.inlined_rounds = prepared.inlined_rounds;
  const int count = prepared.model.graph().node_size();
  for (int i = 0; i < count; ++i) {
    out.cases.push_back(
        node_case(prepared.model, i, prepared.run.values, base_dir, options.model_name, options.execution));
    if (options.progress) options.progress(out.cases.size(), static_cast<size_t>(count));
  }
  if (options.whole_model)
    out.cases.push_back(whole_model_case(prepared.whole, inputs, prepared.run, options.model_name));
  out.run = std::move(prepared.run);
  return out;
}

}  // namespace touchstone::models
