#include "diff/behaviour_diff.h"

#include <algorithm>
#include <charconv>

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"
#include "reference/value_proto.h"

namespace touchstone {

namespace {

// An attribute's value as the reader wrote it: numbers in their shortest round-trip form.
std::string attribute_text(const onnx::AttributeProto& a) {
  const auto number = [](float f) {
    char buf[32];
    return std::string(buf, std::to_chars(buf, buf + sizeof buf, f).ptr);
  };
  const auto list = [](int n, const auto& item) {
    std::string s = "[";
    for (int i = 0; i < n; ++i) s += (i ? "," : "") + item(i);
    return s + "]";
  };
  switch (a.type()) {
    case onnx::AttributeProto::FLOAT: return number(a.f());
    case onnx::AttributeProto::STRING: return a.s();
    case onnx::AttributeProto::INT: return std::to_string(a.i());
    case onnx::AttributeProto::INTS: return list(a.ints_size(), [&](int i) { return std::to_string(a.ints(i)); });
    case onnx::AttributeProto::FLOATS: return list(a.floats_size(), [&](int i) { return number(a.floats(i)); });
    case onnx::AttributeProto::STRINGS: return list(a.strings_size(), [&](int i) { return a.strings(i); });
    default: return "(" + std::to_string(static_cast<int>(a.type())) + ")";
  }
}

// Output `index` into the outcome: a tensor as it is; a sequence's tensors (or an optional's
// held value) one by one, with a line in `non_tensor` saying what they were.
void flatten_output(const Value& v, size_t index, ProbeOutcome& outcome) {
  if (v.is_tensor()) {
    outcome.outputs.push_back(v.tensor());
    return;
  }
  std::string what = "output " + std::to_string(index) + ": " + v.type().to_string();
  if (v.is_optional() && !v.has_value()) {
    outcome.non_tensor.push_back(what + " empty");
    return;
  }
  const Value held = v.is_optional() ? v.held() : v;
  if (held.is_tensor()) {
    outcome.outputs.push_back(held.tensor());
    outcome.non_tensor.push_back(what + " holding a tensor");
    return;
  }
  const auto items = held.elements();
  for (const auto& item : items) outcome.outputs.push_back(item.tensor());
  outcome.non_tensor.push_back(what + (v.is_optional() ? " holding " : " of ") + std::to_string(items.size()) +
                               (items.size() == 1 ? " tensor" : " tensors, shown one by one"));
}

// A deprecated op-version has no valid model (ONNX's text may keep no schema for it), but a
// kernel that keeps its last definition (GroupNormalization-18): a hand-written probe runs
// that kernel directly, with every attribute, and says so.
ProbeOutcome run_deprecated_kernel(const CatalogRow& row, const ProbeCall& call) {
  ProbeOutcome outcome;
  onnx::NodeProto node;
  node.set_op_type(std::string(row.op));
  for (const auto& a : call.attributes) {
    *node.add_attribute() = a;
    outcome.attributes.push_back(a.name() + "=" + attribute_text(a));
  }
  SemanticsRecord semantics;
  const Node n(node, row.label(), semantics);
  Values values;
  for (const auto& t : call.inputs) values.emplace_back(t);
  std::vector<const Value*> pointers;
  for (const auto& v : values) pointers.push_back(&v);
  try {
    for (auto& v : row.kernel(n, ValueInputs(pointers))) outcome.outputs.push_back(v.tensor());
    outcome.semantics = "deprecated: models are refused; its kernel's last definition";
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kInvalidModel) throw;
    outcome.kind = ProbeOutcome::kInvalid;
    outcome.message = row.label() + ": " + e.what();
  }
  return outcome;
}

// Runs `probe` under `row`'s version (its new_call, if any, for the new version), with
// only the attributes that version has.
ProbeOutcome run_probe(const CatalogRow& row, const Probe& probe, bool is_new) {
  const ProbeCall& call = is_new && probe.new_call ? *probe.new_call : static_cast<const ProbeCall&>(probe);
  const auto& schema = schema_of(row);
  if (schema.deprecated && probe.hand_written && row.kernel) return run_deprecated_kernel(row, call);
  const Values given = call.values.empty() ? Values(call.inputs.begin(), call.inputs.end()) : call.values;
  const auto is_omitted = [&](size_t i) {
    return std::find(call.omitted_inputs.begin(), call.omitted_inputs.end(), i) != call.omitted_inputs.end();
  };
  SingleNodeModel spec{std::string(row.op), std::string(row.domain), row.since_version, {}, {}, {}, 0};
  for (size_t i = 0, k = 0; k < given.size(); ++i) {  // i: node input, k: given value
    if (is_omitted(i)) {
      spec.inputs.push_back({"", given[k].type().dtype, {}});
      continue;
    }
    const Shape shape = given[k].is_tensor() ? given[k].tensor().shape() : Shape{};
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), given[k].type().dtype, shape});
    ++k;
  }
  const size_t outputs = call.outputs ? call.outputs : schema.outputs.size();
  for (size_t i = 0; i < outputs; ++i) spec.outputs.push_back({"Out" + std::to_string(i), DType::kFloat, {}});
  ProbeOutcome outcome;
  for (const auto& a : call.attributes) {
    auto& shown = schema.attribute(a.name()) ? outcome.attributes : outcome.dropped;
    shown.push_back(a.name() + "=" + attribute_text(a));
    if (&shown == &outcome.attributes) spec.attributes.push_back(a);
  }
  auto proto = build_model(spec);
  for (auto& out : *proto.mutable_graph()->mutable_output()) out.clear_type();
  for (int g = 0; g < proto.graph().input_size(); ++g)  // sequences and optionals keep their own type
    if (!given[static_cast<size_t>(g)].is_tensor())
      *proto.mutable_graph()->mutable_input(g)->mutable_type() = type_proto_of(given[static_cast<size_t>(g)].type());
  std::vector<const Value*> inputs;  // by node input; nullptr where one is omitted
  for (size_t i = 0, k = 0; k < given.size(); ++i) inputs.push_back(is_omitted(i) ? nullptr : &given[k++]);
  try {
    check_input_types(proto.graph().node(0), row, inputs);
  } catch (const Error& e) {
    outcome.kind = ProbeOutcome::kTypeNotAllowed;
    outcome.message = e.what();
    return outcome;
  }
  try {
    auto result = Model::from_proto(proto, ".", row.label()).run_values(given);
    for (size_t i = 0; i < result.outputs.size(); ++i) flatten_output(result.outputs[i], i, outcome);
    if (result.semantics.category != Semantics::kDefined) {
      outcome.semantics = semantics_name(result.semantics.category);
      for (size_t i = 0; i < result.semantics.reasons.size(); ++i)
        outcome.semantics += (i ? "; " : ": ") + result.semantics.reasons[i];
    }
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kInvalidModel) throw;
    outcome.kind = ProbeOutcome::kInvalid;
    outcome.message = e.what();
  }
  return outcome;
}

ProbeGroup classify(const ProbeOutcome& a, const ProbeOutcome& b) {
  using K = ProbeOutcome::Kind;
  if (a.kind == K::kValid && b.kind == K::kValid)
    return a.outputs == b.outputs && a.non_tensor == b.non_tensor ? ProbeGroup::kSame : ProbeGroup::kDifferent;
  if (a.kind == K::kValid) return b.kind == K::kTypeNotAllowed ? ProbeGroup::kTypesOnlyOld : ProbeGroup::kOnlyOld;
  if (b.kind == K::kValid) return a.kind == K::kTypeNotAllowed ? ProbeGroup::kTypesOnlyNew : ProbeGroup::kOnlyNew;
  return ProbeGroup::kInvalidInBoth;
}

}  // namespace

std::string dropped_text(const CatalogRow& row, const ProbeOutcome& o) {
  if (o.dropped.empty()) return "";
  std::string s = "without ";
  for (size_t i = 0; i < o.dropped.size(); ++i) s += (i ? ", " : "") + o.dropped[i];
  return s + " (not " + (o.dropped.size() > 1 ? "attributes" : "an attribute") + " of " + row.label() + ")";
}

const char* group_key(ProbeGroup g) {
  switch (g) {
    case ProbeGroup::kSame: return "same";
    case ProbeGroup::kOnlyOld: return "valid_only_old";
    case ProbeGroup::kOnlyNew: return "valid_only_new";
    case ProbeGroup::kDifferent: return "different";
    case ProbeGroup::kTypesOnlyOld: return "types_only_old";
    case ProbeGroup::kTypesOnlyNew: return "types_only_new";
    case ProbeGroup::kInvalidInBoth: return "invalid_both";
  }
  return "";
}

std::string group_title(ProbeGroup g, const VersionDiff& d) {
  const std::string a = d.old_row->label(), b = d.new_row->label();
  switch (g) {
    case ProbeGroup::kSame: return "same result";
    case ProbeGroup::kOnlyOld: return "valid only in " + a;
    case ProbeGroup::kOnlyNew: return "valid only in " + b;
    case ProbeGroup::kDifferent: return "both valid, different results";
    case ProbeGroup::kTypesOnlyOld: return "types only in " + a;
    case ProbeGroup::kTypesOnlyNew: return "types only in " + b;
    case ProbeGroup::kInvalidInBoth: return "invalid in both";
  }
  return "";
}

VersionDiff diff_versions(const CatalogRow& old_row, const CatalogRow& new_row) {
  VersionDiff d{&old_row, &new_row, schema_diff(old_row, new_row), false, "", {}};
  if (!old_row.kernel || !new_row.kernel) {
    d.not_compared = (!old_row.kernel ? old_row.label() : new_row.label()) + " is not implemented by the reference yet";
    return d;
  }
  // Hand-written probes of this change first, then the binary ops' shape and type patterns
  // or, for other ops, the case specs of both versions.
  auto probes = hand_probes(old_row, new_row);
  auto runs = [&](std::vector<Probe> list) {
    std::vector<ProbeComparison> out;
    for (auto& p : list) {
      ProbeComparison c{std::move(p), {}, {}, ProbeGroup::kSame, ""};
      c.old_outcome = run_probe(old_row, c.probe, false);
      c.new_outcome = run_probe(new_row, c.probe, true);
      c.group = classify(c.old_outcome, c.new_outcome);
      if (c.group == ProbeGroup::kDifferent) c.difference = first_difference(c.old_outcome.outputs, c.new_outcome.outputs);
      out.push_back(std::move(c));
    }
    return out;
  };
  d.probes = runs(std::move(probes));
  // The binary patterns fit elementwise ops; an op with two inputs of another kind (TopK's
  // X and K) refuses them all, and is compared on its case specs instead.
  auto binary = runs(make_probes(old_row, new_row));
  const bool binary_fit = std::any_of(binary.begin(), binary.end(),
                                      [](const ProbeComparison& c) { return c.group != ProbeGroup::kInvalidInBoth; });
  auto more = binary_fit ? std::move(binary) : runs(probes_from_case_specs(old_row, new_row));
  for (auto& c : more) d.probes.push_back(std::move(c));
  if (d.probes.empty()) {
    d.not_compared = "no probes for " + std::string(old_row.op) + "'s inputs yet (no case spec)";
    return d;
  }
  d.compared = true;
  return d;
}

}  // namespace touchstone
