#include "models/locate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "cases/generator.h"
#include "harness/compare.h"
#include "harness/isolation.h"
#include "reference/error.h"
#include "reference/model.h"
#include "reference/value_proto.h"

namespace touchstone::models {

namespace fs = std::filesystem;

namespace {

std::string number(double x, const char* format = "%.3g") {
  char text[64];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

// The graph's node outputs that nodes at or after `k` read (their subgraphs included) or
// that are graph outputs, produced by the first `k` nodes: the values crossing the cut.
std::vector<std::string> cut_values(const onnx::GraphProto& graph, int k) {
  std::set<std::string> produced;
  for (int i = 0; i < k; ++i)
    for (const auto& o : graph.node(i).output())
      if (!o.empty()) produced.insert(o);
  std::vector<std::string> out;
  std::set<std::string> seen;
  const auto take = [&](const std::string& name) {
    if (produced.count(name) && seen.insert(name).second) out.push_back(name);
  };
  for (int i = k; i < graph.node_size(); ++i)
    for (const auto& name : names_read(graph.node(i))) take(name);
  for (const auto& o : graph.output()) take(o.name());
  return out;
}

// The first k nodes, the cut's values as the outputs.
onnx::ModelProto prefix_model(const onnx::ModelProto& model, int k, const std::vector<std::string>& cut,
                              const std::map<std::string, Value>& reference) {
  onnx::ModelProto prefix = model;
  auto* graph = prefix.mutable_graph();
  graph->mutable_node()->DeleteSubrange(k, graph->node_size() - k);
  graph->clear_output();
  for (const auto& name : cut) {
    auto* out = graph->add_output();
    out->set_name(name);
    *out->mutable_type() = declared_type(reference.at(name));
  }
  return prefix;
}

// The nodes from k on, the cut's values as inputs after the model's own.
onnx::ModelProto suffix_model(const onnx::ModelProto& model, int k, const std::vector<std::string>& cut,
                              const std::map<std::string, Value>& reference) {
  onnx::ModelProto suffix = model;
  auto* graph = suffix.mutable_graph();
  graph->mutable_node()->DeleteSubrange(0, k);
  const std::set<std::string> crossing(cut.begin(), cut.end());
  google::protobuf::RepeatedPtrField<onnx::ValueInfoProto> outputs;
  for (const auto& o : graph->output())
    if (!crossing.count(o.name())) *outputs.Add() = o;
  *graph->mutable_output() = std::move(outputs);
  for (const auto& name : cut) {
    auto* in = graph->add_input();
    in->set_name(name);
    *in->mutable_type() = declared_type(reference.at(name));
  }
  return suffix;
}

// Runs `model` with `feeds` on the backend as one case staged the way the runner stages it.
Values run_on_backend(harness::Backend& backend, const onnx::ModelProto& model, const Values& feeds,
                      const std::vector<std::string>& feed_names, const fs::path& scratch,
                      const std::string& id, double timeout_s) {
  cases::Case c;
  c.model = model;
  c.inputs = feeds;
  c.meta.id = id;
  const fs::path dir = scratch / "probe";
  fs::remove_all(dir);
  auto bytes = cases::case_bytes(c);
  cases::write_case_files(dir, c.meta, bytes);
  (void)feed_names;
  harness::CaseFiles files = harness::CaseFiles::of(dir);
  const fs::path slots = backend.work_folder().empty() ? scratch / "slots" : backend.work_folder();
  if (backend.isolated()) files = harness::stage_case(files, slots / "case0");
  const fs::path out = slots / "out0";
  harness::clear_folder(out);
  const auto outcome = backend.run(id, files, out, timeout_s);
  if (outcome.status != harness::BackendOutcome::kOk)
    throw Error(ErrorKind::kIo,
                "the backend did not run " + id + ": " + harness::status_name(outcome.status) +
                    (outcome.message.empty() ? "" : ": " + harness::plain_text(outcome.message)));
  return outcome.outputs;
}

// The model's outputs assembled from a splice at k: those the prefix produced from the
// backend's cut values, the others from the reference's run of the suffix.
Values spliced_outputs(const onnx::ModelProto& model, const std::vector<std::string>& cut,
                       const Values& backend_cut, const Model& suffix, const Values& suffix_outputs) {
  std::map<std::string, const Value*> by_name;
  for (size_t i = 0; i < cut.size(); ++i) by_name[cut[i]] = &backend_cut[i];
  for (size_t i = 0; i < suffix_outputs.size(); ++i) by_name[suffix.output_names()[i]] = &suffix_outputs[i];
  Values out;
  for (const auto& o : model.graph().output()) {
    const auto it = by_name.find(o.name());
    if (it == by_name.end()) throw std::logic_error("splice: output '" + o.name() + "' has no value");
    out.push_back(*it->second);
  }
  return out;
}

}  // namespace

namespace {

nlohmann::json deviation_json(const Deviation& d) {
  const auto finite = [](double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json("inf"); };
  return {{"ulps", finite(d.ulps)}, {"absolute", finite(d.absolute)}, {"relative", finite(d.relative)}};
}

void write_locate_json(const fs::path& file, const LocateResult& r) {
  nlohmann::json j;
  j["nodes"] = r.nodes;
  j["end_to_end"] = deviation_json(r.end_to_end);
  j["inlined"] = deviation_json(r.inlined);
  for (const auto& p : r.probes) j["probes"].push_back({{"prefix", p.prefix}, {"spliced", deviation_json(p.spliced)}});
  if (r.culprit >= 0) {
    j["culprit"] = {{"node", r.culprit},
                    {"label", r.culprit_label},
                    {"outputs", r.culprit_outputs},
                    {"in_model", deviation_json(r.culprit_in_model)},
                    {"repro", r.repro.string()}};
  }
  std::ofstream(file) << j.dump(2) << "\n";
}

}  // namespace

std::string Deviation::text() const {
  return number(ulps, "%.4g") + " ulps, " + number(absolute) + " absolute, " + number(relative) + " relative";
}

Deviation deviation(const Values& reference, const Values& other) {
  Deviation d;
  if (reference.size() != other.size()) {
    d.ulps = d.absolute = d.relative = INFINITY;
    return d;
  }
  harness::ComparePolicy policy;
  for (size_t i = 0; i < reference.size(); ++i) {
    const auto c = harness::compare_value(reference[i], other[i], policy);
    if (c.kind == harness::Comparison::kWrongCount || c.kind == harness::Comparison::kWrongDtype ||
        c.kind == harness::Comparison::kWrongShape) {
      d.ulps = d.absolute = d.relative = INFINITY;
      return d;
    }
    d.ulps = std::max(d.ulps, c.max_ulp);
    d.absolute = std::max(d.absolute, c.max_abs);
    if (c.max_abs > 0) d.relative = std::max(d.relative, c.max_expected_abs > 0 ? c.max_abs / c.max_expected_abs : INFINITY);
  }
  return d;
}

LocateResult locate(const onnx::ModelProto& given, const fs::path& base_dir, const Values& inputs,
                    harness::Backend& backend, const LocateOptions& options) {
  const auto say = [&](const std::string& line) {
    if (options.progress) options.progress(line);
  };
  fs::create_directories(options.out);
  const fs::path scratch = options.out / "probes";
  fs::create_directories(scratch);
  LocateResult result;
  const PreparedModel prepared = prepare_model(given, base_dir, inputs, options.cases);
  const onnx::ModelProto& model = prepared.model;
  const auto& reference = prepared.run.values;
  result.nodes = model.graph().node_size();
  const Model loaded = Model::from_proto(model, base_dir, options.model_name);
  const std::vector<std::string> feed_names = loaded.input_names();

  say("the backend runs the whole model");
  const Values whole = run_on_backend(backend, prepared.whole, inputs, feed_names, scratch,
                                      options.model_name + "/whole", options.timeout_s);
  result.end_to_end = deviation(prepared.run.outputs, whole);

  // S(k): the reference finishing the model from the backend's values after k nodes.
  std::map<int, Values> backend_cuts;
  const auto splice = [&](int k) -> Deviation {
    const auto cut = cut_values(model.graph(), k);
    const Values backend_cut =
        run_on_backend(backend, prefix_model(model, k, cut, reference), inputs, feed_names, scratch,
                       options.model_name + "/prefix-" + std::to_string(k), options.timeout_s);
    backend_cuts[k] = backend_cut;
    const Model suffix =
        Model::from_proto(suffix_model(model, k, cut, reference), base_dir, options.model_name);
    Values feeds = inputs;
    feeds.insert(feeds.end(), backend_cut.begin(), backend_cut.end());
    const Values rest = suffix.run_values(feeds, options.cases.execution).outputs;
    return deviation(prepared.run.outputs, spliced_outputs(model, cut, backend_cut, suffix, rest));
  };
  const int n = result.nodes;
  result.inlined = splice(n);
  result.probes.push_back({n, result.inlined});
  say("the backend on the model as judged (" + std::to_string(n) + " nodes): " + result.inlined.text());
  if (result.inlined.ulps == 0) return result;

  // The first k with S(k) >= S(N) / 2, S(0) = 0: bisection on (lo, hi].
  const double target = result.inlined.ulps / 2;
  int lo = 0, hi = n;
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    const Deviation d = splice(mid);
    result.probes.push_back({mid, d});
    say("  backend runs nodes [0, " + std::to_string(mid) + "), the reference the rest: " + d.text());
    (d.ulps >= target ? hi : lo) = mid;
  }
  result.culprit = hi - 1;
  const auto& node = model.graph().node(result.culprit);
  for (const auto& o : node.output())
    if (!o.empty()) result.culprit_outputs.push_back(o);

  // The node alone, fed the backend's own values of its inputs (from the run of the nodes
  // before it; the model's feeds and initializers as they are).
  std::map<std::string, Value> fed = reference;
  if (lo > 0) {
    if (!backend_cuts.count(lo)) splice(lo);
    const auto cut = cut_values(model.graph(), lo);
    for (size_t i = 0; i < cut.size(); ++i) fed[cut[i]] = backend_cuts.at(lo)[i];
  }
  cases::Case node_alone =
      node_case(model, result.culprit, fed, base_dir, options.model_name, options.cases.execution);
  result.culprit_label = node_alone.meta.op + "-" + std::to_string(node_alone.meta.since_version) +
                         " node '" + node.name() + "' (" + node_alone.meta.id + ")";
  // The backend's value of the node's outputs in the prefix run that ends with it.
  const auto cut_hi = cut_values(model.graph(), hi);
  Values in_model;
  for (size_t k = 0; k < node_alone.outputs.size() && k < result.culprit_outputs.size(); ++k) {
    const auto at = std::find(cut_hi.begin(), cut_hi.end(), result.culprit_outputs[k]);
    if (at != cut_hi.end()) in_model.push_back(backend_cuts.at(hi)[static_cast<size_t>(at - cut_hi.begin())]);
  }
  if (in_model.size() == node_alone.outputs.size())
    result.culprit_in_model = deviation(node_alone.outputs, in_model);

  // The repro: the node alone (its contract judges it) and the prefix ending with it (a
  // graph: measured, not judged), with the backend's answers beside the expected ones.
  cases::Case prefix;
  prefix.model = prefix_model(model, hi, cut_hi, reference);
  prefix.inputs = inputs;
  for (const auto& name : cut_hi) prefix.outputs.push_back(reference.at(name));
  prefix.meta.id = options.model_name + "/prefix-" + std::to_string(hi);
  prefix.meta.op = kGraphOp;
  prefix.meta.semantics = Semantics::kImplementationDefined;
  prefix.meta.semantics_reason =
      "a model's first " + std::to_string(hi) +
      " nodes: no contract bounds a graph's outputs; the deviation is measured, not judged";
  prefix.meta.tags = {"model-prefix"};
  for (const auto& v : inputs) prefix.meta.dtypes.push_back(cases::value_type_key(v.type()));
  result.repro = options.out / "repro";
  cases::write_suite(result.repro, {node_alone, prefix}, "model:" + options.model_name);
  const auto write_answers = [&](const cases::Case& c, const Values& answers) {
    const fs::path set = result.repro / cases::case_dir_name(c.meta.id) / "test_data_set_0";
    for (size_t i = 0; i < answers.size(); ++i)
      write_value_file(set / ("backend_output_" + std::to_string(i) + ".pb"), answers[i]);
  };
  if (in_model.size() == node_alone.outputs.size()) write_answers(node_alone, in_model);
  write_answers(prefix, backend_cuts.at(hi));
  fs::remove_all(scratch);
  write_locate_json(options.out / "locate.json", result);
  return result;
}

}  // namespace touchstone::models
