#include "diff/html.h"

#include <map>
#include <sstream>

#include "reports/escape.h"

namespace touchstone {

using reports::html_escape;

std::string diff_anchor(const VersionDiff& d) {
  std::string domain = d.old_row->domain.empty() ? "" : std::string(d.old_row->domain) + ".";
  return domain + std::string(d.old_row->op) + "-" + std::to_string(d.old_row->since_version) + "-" +
         std::to_string(d.new_row->since_version);
}

namespace {

constexpr const char* kStyle = R"(
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.5em} h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
details{margin:.4em 0 .8em 0} summary{cursor:pointer;font-weight:600}
table{border-collapse:collapse;margin:.4em 0;width:100%} td,th{border:1px solid #ddd;padding:3px 6px;vertical-align:top;text-align:left}
th{background:#f4f4f4} code,pre{font:12px ui-monospace,monospace} pre{background:#f8f8f8;padding:6px;overflow-x:auto}
.same{color:#2a7a2a} .diff{color:#b3261e;font-weight:600} .muted{color:#777}
.add{color:#2a7a2a} .del{color:#b3261e}
)";

void list(std::ostringstream& out, const char* title, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  out << "<p><b>" << title << "</b></p><ul>";
  for (const auto& l : lines) out << "<li><code>" << html_escape(l) << "</code></li>";
  out << "</ul>";
}

std::string outcome_cell(const CatalogRow& row, const ProbeOutcome& o) {
  std::string attrs;
  for (const auto& a : o.attributes) attrs += (attrs.empty() ? "" : ", ") + a;
  if (!o.dropped.empty()) attrs += (attrs.empty() ? "" : "; ") + dropped_text(row, o);
  std::string s = attrs.empty() ? "" : "<span class=muted>" + html_escape(attrs) + "</span><br>";
  if (o.kind == ProbeOutcome::kValid) {
    for (const auto& t : o.outputs) s += "<code>" + html_escape(describe(t, 12)) + "</code><br>";
    if (!o.semantics.empty()) s += "<span class=muted>" + html_escape(o.semantics) + "</span>";
  } else {
    s += "<span class=del>refused:</span> " + html_escape(o.message);
  }
  return s;
}

void pair_section(std::ostringstream& out, const VersionDiff& d) {
  const std::string title = d.old_row->label() + " \u2192 " + d.new_row->label();
  out << "<details id=\"" << html_escape(diff_anchor(d)) << "\" open><summary>" << html_escape(title) << "</summary>";
  list(out, "Attributes", d.schema.attributes);
  list(out, "Inputs", d.schema.inputs);
  list(out, "Outputs", d.schema.outputs);
  list(out, "Type constraints", d.schema.type_constraints);
  if (!d.schema.doc.empty()) {
    out << "<details><summary class=muted>doc text diff (" << d.schema.doc.size() << " lines)</summary><pre>";
    for (const auto& l : d.schema.doc) {
      const char* cls = l[0] == '+' ? "add" : l[0] == '-' ? "del" : "";
      out << "<span class=\"" << cls << "\">" << html_escape(l) << "</span>\n";
    }
    out << "</pre></details>";
  }
  if (!d.compared) {
    out << "<p class=muted>Behaviour not compared: " << html_escape(d.not_compared) << "</p></details>";
    return;
  }
  out << "<table><tr><th>group</th><th>probe</th><th>" << html_escape(d.old_row->label()) << "</th><th>"
      << html_escape(d.new_row->label()) << "</th></tr>";
  for (ProbeGroup g : kAllGroups) {
    if (g == ProbeGroup::kInvalidInBoth) continue;
    size_t count = 0;
    for (const auto& p : d.probes) count += p.group == g;
    if (!count) continue;
    bool first = true;
    for (const auto& p : d.probes) {
      if (p.group != g) continue;
      out << "<tr>";
      if (first) {
        out << "<td rowspan=" << count << " class=\"" << (g == ProbeGroup::kSame ? "same" : "diff") << "\">"
            << html_escape(group_title(g, d)) << " (" << count << ")</td>";
        first = false;
      }
      out << "<td><code>" << html_escape(p.probe.name) << "</code>";
      if (!p.difference.empty()) out << "<br><span class=diff>first difference: " << html_escape(p.difference) << "</span>";
      out << "</td><td>" << outcome_cell(*d.old_row, p.old_outcome)
          << "</td><td>" << outcome_cell(*d.new_row, p.new_outcome) << "</td></tr>";
    }
  }
  out << "</table></details>";
}

}  // namespace

std::string diffs_to_html(const std::vector<VersionDiff>& diffs, const std::string& title) {
  std::ostringstream out;
  out << "<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>" << html_escape(title)
      << "</title><style>" << kStyle << "</style></head><body><h1>" << html_escape(title) << "</h1>"
      << "<p class=muted>Each pair of adjacent versions: the schema diff from ONNX's registry, and probes run "
         "under both versions on touchstone's reference, grouped by how the answers compare.</p>";
  std::string current_op;
  for (const auto& d : diffs) {
    if (std::string(d.old_row->op) != current_op) {
      current_op = d.old_row->op;
      out << "<h2 id=\"" << html_escape(current_op) << "\">" << html_escape(current_op) << "</h2>";
    }
    pair_section(out, d);
  }
  out << "</body></html>\n";
  return out.str();
}

}  // namespace touchstone
