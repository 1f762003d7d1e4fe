// Text and JSON renderings of a VersionDiff.
#include <sstream>

#include "diff/behaviour_diff.h"
#include "diff/pair_summary.h"

namespace touchstone {

namespace {

constexpr size_t kShownValues = 12;  // values printed per output; first_difference shows the rest

nlohmann::json outcome_json(const ProbeOutcome& o) {
  nlohmann::json j;
  j["outcome"] = o.kind == ProbeOutcome::kValid ? "valid" : o.kind == ProbeOutcome::kInvalid ? "invalid" : "type not allowed";
  j["attributes"] = o.attributes;
  if (!o.dropped.empty()) j["dropped_attributes"] = o.dropped;  // absent otherwise, as before
  if (o.kind == ProbeOutcome::kValid) {
    nlohmann::json outs = nlohmann::json::array();
    for (const auto& t : o.outputs) outs.push_back(describe(t, kShownValues));
    j["outputs"] = outs;
    if (!o.non_tensor.empty()) j["non_tensor_outputs"] = o.non_tensor;
    if (!o.semantics.empty()) j["semantics"] = o.semantics;
  } else {
    j["message"] = o.message;
  }
  return j;
}

std::string outcome_text(const CatalogRow& row, const ProbeOutcome& o) {
  std::string attrs;
  for (const auto& a : o.attributes) attrs += (attrs.empty() ? " with " : ", ") + a;
  if (!o.dropped.empty()) attrs += " " + dropped_text(row, o);
  if (o.kind == ProbeOutcome::kValid) {
    std::string s = row.label() + attrs + ": ";
    for (size_t i = 0; i < o.outputs.size(); ++i) s += (i ? "; " : "") + describe(o.outputs[i], kShownValues);
    for (const auto& n : o.non_tensor) s += " [" + n + "]";
    return s + (o.semantics.empty() ? "" : " (" + o.semantics + ")");
  }
  return row.label() + attrs + ": refused: " + o.message;
}

void section(std::ostringstream& out, const char* title, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  out << "  " << title << ":\n";
  for (const auto& l : lines) out << "    " << l << "\n";
}

}  // namespace

nlohmann::json VersionDiff::to_json() const {
  nlohmann::json groups = nlohmann::json::object();
  for (ProbeGroup g : kAllGroups) {
    nlohmann::json examples = nlohmann::json::array();
    for (const auto& p : probes) {
      if (p.group != g) continue;
      nlohmann::json e = {{"probe", p.probe.name}, {"old", outcome_json(p.old_outcome)}, {"new", outcome_json(p.new_outcome)}};
      if (p.probe.hand_written) e["hand_written"] = true;
      if (!p.difference.empty()) e["first_difference"] = p.difference;
      examples.push_back(std::move(e));
    }
    groups[group_key(g)] = {{"title", group_title(g, *this)}, {"count", examples.size()}, {"examples", examples}};
  }
  nlohmann::json j = {{"op", std::string(old_row->op)},
                      {"domain", std::string(display_domain(old_row->domain))},
                      {"old", old_row->label()},
                      {"new", new_row->label()},
                      {"schema", schema.to_json()},
                      {"compared", compared}};
  if (compared) j["behaviour"] = {{"probes", probes.size()}, {"groups", groups}};
  else j["not_compared"] = not_compared;
  return j;
}

std::string VersionDiff::to_text(size_t examples_per_group, bool show_doc, bool list_same) const {
  std::ostringstream out;
  out << old_row->label() << " -> " << new_row->label() << ": " << pair_summary(*this) << "\n\nSchema:\n";
  section(out, "attributes", schema.attributes);
  section(out, "inputs", schema.inputs);
  section(out, "outputs", schema.outputs);
  section(out, "type constraints", schema.type_constraints);
  if (schema.attributes.empty() && schema.inputs.empty() && schema.outputs.empty() && schema.type_constraints.empty())
    out << "  no change in attributes, inputs, outputs or types\n";
  if (!schema.doc.empty()) {
    if (show_doc) section(out, "doc (unified diff)", schema.doc);
    else out << "  doc: " << schema.doc.size() << " lines of unified diff (--doc shows them)\n";
  }
  out << "\nBehaviour";
  if (!compared) {
    out << ": not compared: " << not_compared << "\n";
    return out.str();
  }
  // What changed first, then what one version alone accepts; the same results as a count.
  out << " (" << probes.size() << " probes, each run under both versions on the reference):\n";
  for (ProbeGroup g : kReadingOrder) {
    const size_t count = group_count(*this, g);
    if (count == 0) continue;
    out << "  " << group_title(g, *this) << ": " << count;
    if (g == ProbeGroup::kSame && !list_same) out << " (--same lists them)";
    out << "\n";
    if (g == ProbeGroup::kInvalidInBoth || (g == ProbeGroup::kSame && !list_same)) continue;
    size_t shown = 0;
    for (const auto& p : probes) {
      if (p.group != g) continue;
      if (shown++ == examples_per_group) {
        out << "      ... (" << count - examples_per_group << " more; --json lists all)\n";
        break;
      }
      out << "    - " << p.probe.name << "\n";
      out << "        " << outcome_text(*old_row, p.old_outcome) << "\n";
      out << "        " << outcome_text(*new_row, p.new_outcome) << "\n";
      if (!p.difference.empty()) out << "        first difference: " << p.difference << "\n";
    }
  }
  return out.str();
}

}  // namespace touchstone
