#include "diff/behaviour_diff.h"

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone {

namespace {

// Runs `probe` under `row`'s version, with only the attributes that version has.
ProbeOutcome run_probe(const CatalogRow& row, const Probe& probe) {
  const auto& schema = schema_of(row);
  SingleNodeModel spec{std::string(row.op), std::string(row.domain), row.since_version, {}, {}, {}, 0};
  for (size_t i = 0; i < probe.inputs.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), probe.inputs[i].dtype(),
                           probe.inputs[i].shape()});
  for (size_t i = 0; i < schema.outputs.size(); ++i)
    spec.outputs.push_back({"Out" + std::to_string(i), DType::kFloat, {}});
  ProbeOutcome outcome;
  for (const auto& a : probe.attributes) {
    if (!schema.attribute(a.name())) continue;
    spec.attributes.push_back(a);
    std::string value = a.type() == onnx::AttributeProto::FLOAT    ? std::to_string(a.f())
                        : a.type() == onnx::AttributeProto::STRING ? a.s()
                        : a.type() == onnx::AttributeProto::INT    ? std::to_string(a.i())
                                                                   : "(" + std::to_string(static_cast<int>(a.type())) + ")";
    outcome.attributes.push_back(a.name() + "=" + value);
  }
  auto proto = build_model(spec);
  for (auto& out : *proto.mutable_graph()->mutable_output()) out.clear_type();
  std::vector<const Tensor*> inputs;
  for (const auto& t : probe.inputs) inputs.push_back(&t);
  try {
    check_input_types(proto.graph().node(0), row, inputs);
  } catch (const Error& e) {
    outcome.kind = ProbeOutcome::kTypeNotAllowed;
    outcome.message = e.what();
    return outcome;
  }
  try {
    outcome.outputs = Model::from_proto(proto, ".", row.label()).run(probe.inputs).outputs;
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kInvalidModel) throw;
    outcome.kind = ProbeOutcome::kInvalid;
    outcome.message = e.what();
  }
  return outcome;
}

ProbeGroup classify(const ProbeOutcome& a, const ProbeOutcome& b) {
  using K = ProbeOutcome::Kind;
  if (a.kind == K::kValid && b.kind == K::kValid) return a.outputs == b.outputs ? ProbeGroup::kSame : ProbeGroup::kDifferent;
  if (a.kind == K::kValid) return b.kind == K::kTypeNotAllowed ? ProbeGroup::kTypesOnlyOld : ProbeGroup::kOnlyOld;
  if (b.kind == K::kValid) return a.kind == K::kTypeNotAllowed ? ProbeGroup::kTypesOnlyNew : ProbeGroup::kOnlyNew;
  return ProbeGroup::kInvalidInBoth;
}

}  // namespace

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
  auto probes = make_probes(old_row, new_row);
  if (probes.empty()) probes = probes_from_case_specs(old_row, new_row);
  if (probes.empty()) {
    d.not_compared = "no probes for " + std::string(old_row.op) + "'s inputs yet (no case spec)";
    return d;
  }
  d.compared = true;
  for (auto& p : probes) {
    ProbeComparison c{std::move(p), {}, {}, ProbeGroup::kSame};
    c.old_outcome = run_probe(old_row, c.probe);
    c.new_outcome = run_probe(new_row, c.probe);
    c.group = classify(c.old_outcome, c.new_outcome);
    d.probes.push_back(std::move(c));
  }
  return d;
}

}  // namespace touchstone
