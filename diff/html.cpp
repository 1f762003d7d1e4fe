#include "diff/html.h"

#include <map>
#include <sstream>

#include "diff/pair_summary.h"
#include "reports/escape.h"

namespace touchstone {

using reports::html_escape;

std::string diff_anchor(const VersionDiff& d) {
  return diff_op_anchor(d) + "-" + std::to_string(d.old_row->since_version) + "-" +
         std::to_string(d.new_row->since_version);
}

std::string diff_op_anchor(const VersionDiff& d) {
  return (d.old_row->domain.empty() ? "" : std::string(d.old_row->domain) + ".") + std::string(d.old_row->op);
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
.tag{font-size:11px;font-weight:600;padding:0 5px;border-radius:3px;white-space:nowrap}
.tag.changed{background:#f9d6d3;color:#8a1c14} .tag.types-only{background:#fbeecb;color:#6b4d00}
.tag.same{background:#d9eed9;color:#1e5e1e} .tag.not-compared{background:#eee;color:#555}
#contents td:first-child{white-space:nowrap} #contents a{text-decoration:none}
.pair-link{display:inline-block;margin:0 .8em .2em 0}
)";

// "types only" -> "types-only": the CSS class of a summary word.
std::string tag_class(std::string word) {
  for (auto& c : word)
    if (c == ' ') c = '-';
  return word;
}

std::string tag(const VersionDiff& d) {
  const std::string word = pair_summary(d);
  return "<span class=\"tag " + tag_class(word) + "\">" + html_escape(word) + "</span>";
}

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
    for (const auto& n : o.non_tensor) s += "<span class=muted>" + html_escape(n) + "</span><br>";
    if (!o.semantics.empty()) s += "<span class=muted>" + html_escape(o.semantics) + "</span>";
  } else {
    s += "<span class=del>refused:</span> " + html_escape(o.message);
  }
  return s;
}

// The rows of group g: its title spans them, then one row per probe.
void group_rows(std::ostringstream& out, const VersionDiff& d, ProbeGroup g) {
  const size_t count = group_count(d, g);
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
    out << "</td><td>" << outcome_cell(*d.old_row, p.old_outcome) << "</td><td>"
        << outcome_cell(*d.new_row, p.new_outcome) << "</td></tr>";
  }
}

void table_head(std::ostringstream& out, const VersionDiff& d) {
  out << "<table><tr><th>group</th><th>probe</th><th>" << html_escape(d.old_row->label()) << "</th><th>"
      << html_escape(d.new_row->label()) << "</th></tr>";
}

// What changed leads (different answers, then what one version alone accepts); the same
// results follow, folded into a closed <details> with their count.
void behaviour(std::ostringstream& out, const VersionDiff& d) {
  bool changed = false;
  for (ProbeGroup g : kReadingOrder) {
    if (g == ProbeGroup::kSame) break;
    if (!group_count(d, g)) continue;
    if (!changed) table_head(out, d);
    changed = true;
    group_rows(out, d, g);
  }
  if (changed) out << "</table>";
  else out << "<p class=muted>No probe answers differently, and none is valid under one version only.</p>";
  if (const size_t same = group_count(d, ProbeGroup::kSame)) {
    out << "<details class=same-probes><summary class=same>same result under both: " << same
        << (same == 1 ? " probe" : " probes") << "</summary>";
    table_head(out, d);
    group_rows(out, d, ProbeGroup::kSame);
    out << "</table></details>";
  }
}

void pair_section(std::ostringstream& out, const VersionDiff& d) {
  const std::string title = d.old_row->label() + " \u2192 " + d.new_row->label();
  out << "<details id=\"" << html_escape(diff_anchor(d)) << "\" open><summary>" << html_escape(title) << " "
      << tag(d) << "</summary>";
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
  if (d.compared) behaviour(out, d);
  else out << "<p class=muted>Behaviour not compared: " << html_escape(d.not_compared) << "</p>";
  out << "</details>";
}

// The table of contents: how many pairs read which way, then one row per op with its pairs,
// each linked to its section with its one-word summary.
void contents(std::ostringstream& out, const std::vector<VersionDiff>& diffs) {
  std::map<std::string, size_t> tally;
  for (const auto& d : diffs) ++tally[pair_summary(d)];
  out << "<nav id=contents><h2>Contents</h2><p>" << diffs.size() << " version pairs:";
  for (const char* word : {"changed", "types only", "same", "not compared"})
    if (tally.count(word)) out << " <span class=\"tag " << tag_class(word) << "\">" << word << "</span> " << tally[word];
  out << ". <span class=muted>changed: some probe answers differently, or is valid under one version only; "
         "types only: the versions differ only in the element types they admit; same: every probe gives the "
         "same result.</span></p><table><tr><th>op</th><th>version pairs</th></tr>";
  for (size_t i = 0; i < diffs.size(); ++i) {
    const std::string op = diff_op_anchor(diffs[i]);
    if (i == 0 || diff_op_anchor(diffs[i - 1]) != op)
      out << (i ? "</td></tr>" : "") << "<tr><td><a href=\"#" << html_escape(op) << "\">" << html_escape(op)
          << "</a></td><td>";
    out << "<span class=pair-link><a href=\"#" << html_escape(diff_anchor(diffs[i])) << "\">"
        << diffs[i].old_row->since_version << " \u2192 " << diffs[i].new_row->since_version << "</a> "
        << tag(diffs[i]) << "</span>";
  }
  out << (diffs.empty() ? "" : "</td></tr>") << "</table></nav>";
}

}  // namespace

std::string diffs_to_html(const std::vector<VersionDiff>& diffs, const std::string& title) {
  std::ostringstream out;
  out << "<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>" << html_escape(title)
      << "</title><style>" << kStyle << "</style></head><body><h1>" << html_escape(title) << "</h1>"
      << "<p class=muted>Each pair of adjacent versions: the schema diff from ONNX's registry, and probes run "
         "under both versions on touchstone's reference. Each pair leads with what changed — the probes whose "
         "answers differ, then those valid under one version only; the probes with the same result under both "
         "are folded away below them.</p>";
  contents(out, diffs);
  std::string current_op;
  for (const auto& d : diffs) {
    if (diff_op_anchor(d) != current_op) {
      current_op = diff_op_anchor(d);
      out << "<h2 id=\"" << html_escape(current_op) << "\">" << html_escape(current_op) << "</h2>";
    }
    pair_section(out, d);
  }
  out << "</body></html>\n";
  return out.str();
}

}  // namespace touchstone
