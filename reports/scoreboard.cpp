#include "reports/scoreboard.h"

#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "reports/writers.h"

namespace touchstone::reports {

namespace {

using OpKey = std::tuple<std::string, std::string, int>;  // domain, op, since_version

struct Board {
  std::vector<std::string> labels;
  std::vector<Aggregates> aggregates;
  std::vector<std::map<OpKey, const OpVersionAggregate*>> cells;  // per run
  std::set<OpKey> rows;
  bool same_suite = true;
};

Board build(const std::vector<ScoreboardRun>& runs) {
  Board b;
  b.aggregates.reserve(runs.size());
  for (const auto& r : runs) {
    b.labels.push_back(run_label(r.report.run));
    b.aggregates.push_back(aggregate(r.report));
    b.same_suite &= r.report.run.suite_digest == runs.front().report.run.suite_digest;
  }
  for (const auto& agg : b.aggregates) {
    auto& column = b.cells.emplace_back();
    for (const auto& a : agg.by_op_version) {
      const OpKey key{a.domain, a.op, a.since_version};
      column[key] = &a;
      b.rows.insert(key);
    }
  }
  return b;
}

std::string op_version(const OpKey& key) {
  const auto& [domain, op, version] = key;
  return (domain.empty() || domain == "ai.onnx" ? "" : domain + ".") + op + "-" + std::to_string(version);
}

// The rate with one decimal, never rounded up to 100%; "–" when nothing counts.
std::string rate_text(const Tally& t) {
  const auto rate = t.pass_rate();
  if (!rate) return "–";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", static_cast<int64_t>(*rate * 1000) / 10.0);
  return buf;
}

// A colour class: all passed, at least 90%, at least 50%, below, nothing counted.
const char* rate_class(const Tally& t) {
  const auto rate = t.pass_rate();
  if (!rate) return "none";
  if (t.failed == 0) return "all";
  return *rate >= 0.9 ? "most" : *rate >= 0.5 ? "half" : "low";
}

}  // namespace

std::string run_label(const RunInfo& run) {
  std::string label = run.backend_name;
  if (!run.backend_version.empty()) label += " " + run.backend_version;
  const auto it = run.options.find("backend_options");
  if (it != run.options.end() && it->is_object() && !it->empty()) {
    std::string opts;
    for (const auto& [name, value] : it->items())
      opts += (opts.empty() ? "" : ", ") + name + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
    label += " [" + opts + "]";
  }
  return label;
}

std::string render_scoreboard_html(const std::vector<ScoreboardRun>& runs) {
  const Board b = build(runs);
  std::ostringstream out;
  out << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>touchstone scoreboard</title>\n"
         "<style>body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse}"
         "th,td{border:1px solid #ccc;padding:2px 8px;text-align:right}th{background:#f3f3f3;position:sticky;top:0}"
         "td.op,th.op{text-align:left}td a{color:inherit;text-decoration:none}td.all{background:#cdeccd}"
         "td.most{background:#f4eeb0}td.half{background:#f7d0a0}td.low{background:#f3b0b0}td.none{color:#999}"
         "td.absent{background:#fafafa;color:#bbb}.warn{color:#a40}tr.total td{font-weight:bold}</style>\n"
         "</head><body>\n<h1>touchstone scoreboard</h1>\n<p>Each cell: the pass rate of the cases that count "
         "(skip and unsupported do not), and passed of counted. Green: no failure; yellow: at least 90%; orange: at "
         "least 50%; red: below; grey: nothing counted (every case unsupported); blank: no case of that op-version "
         "in the run. A cell opens that run's report filtered to the op-version.</p>\n";
  if (!b.same_suite)
    out << "<p class=\"warn\">These runs are of different suites (their digests differ): compare rows with care.</p>\n";
  out << "<table>\n<thead><tr><th class=\"op\">op-version</th>";
  for (size_t i = 0; i < runs.size(); ++i) {
    out << "<th>";
    if (!runs[i].href.empty()) out << "<a href=\"" << html_escape(runs[i].href) << "\">";
    out << html_escape(b.labels[i]);
    if (!runs[i].href.empty()) out << "</a>";
    out << "</th>";
  }
  out << "</tr></thead>\n<tbody>\n<tr class=\"total\"><td class=\"op\">all cases</td>";
  for (size_t i = 0; i < runs.size(); ++i) {
    const Tally& t = b.aggregates[i].totals;
    out << "<td class=\"" << rate_class(t) << "\">" << rate_text(t) << " (" << t.passed << "/" << t.counted()
        << ")</td>";
  }
  out << "</tr>\n";
  for (const auto& key : b.rows) {
    out << "<tr><td class=\"op\">" << html_escape(op_version(key)) << "</td>";
    for (size_t i = 0; i < runs.size(); ++i) {
      const auto it = b.cells[i].find(key);
      if (it == b.cells[i].end()) {
        out << "<td class=\"absent\"></td>";
        continue;
      }
      const Tally& t = it->second->tally;
      out << "<td class=\"" << rate_class(t) << "\">";
      const std::string text = rate_text(t) + " (" + std::to_string(t.passed) + "/" + std::to_string(t.counted()) + ")";
      if (runs[i].href.empty()) {
        out << text;
      } else {
        const auto& [domain, op, version] = key;
        const std::string op_label = (domain.empty() || domain == "ai.onnx" ? "" : domain + ".") + op;
        out << "<a href=\"" << html_escape(runs[i].href + "#op=" + url_component(op_label) +
                                        "&version=" + std::to_string(version))
            << "\">" << text << "</a>";
      }
      out << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</tbody></table>\n</body></html>\n";
  return out.str();
}

std::string render_scoreboard_markdown(const std::vector<ScoreboardRun>& runs) {
  const Board b = build(runs);
  std::ostringstream out;
  out << "### touchstone scoreboard\n\nPass rate of the cases that count (passed/counted); `–` nothing counted, "
         "blank: not in the run.\n\n";
  if (!b.same_suite) out << "**These runs are of different suites** (their digests differ).\n\n";
  out << "| op-version |";
  for (const auto& label : b.labels) out << " " << markdown_escape(label) << " |";
  out << "\n| --- |";
  for (size_t i = 0; i < runs.size(); ++i) out << " ---: |";
  out << "\n| **all cases** |";
  for (const auto& agg : b.aggregates)
    out << " **" << rate_text(agg.totals) << "** (" << agg.totals.passed << "/" << agg.totals.counted() << ") |";
  out << "\n";
  for (const auto& key : b.rows) {
    out << "| " << markdown_escape(op_version(key)) << " |";
    for (size_t i = 0; i < runs.size(); ++i) {
      const auto it = b.cells[i].find(key);
      if (it == b.cells[i].end()) {
        out << " |";
        continue;
      }
      const Tally& t = it->second->tally;
      out << " " << rate_text(t) << " (" << t.passed << "/" << t.counted() << ") |";
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace touchstone::reports
