// The Markdown summary: short enough for a pull-request comment or a CI job summary.
#include <algorithm>
#include <cctype>
#include <map>
#include <cstdio>
#include <sstream>

#include "reports/writers.h"

namespace touchstone::reports {

namespace {

std::string percent(std::optional<double> rate) {
  if (!rate) return "–";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", static_cast<int64_t>(*rate * 1000) / 10.0);  // never rounds up to 100%
  return buf;
}

std::string shorten(const std::string& text, size_t n) {
  return text.size() <= n ? text : text.substr(0, n) + "…";
}

// A failure's message with its numbers replaced by "N", so that failures that differ only
// in their figures (indices, ulps, element counts) fall in one group.
std::string message_shape(const std::string& message) {
  std::string out;
  for (size_t i = 0; i < message.size() && out.size() < 160;) {
    const auto c = static_cast<unsigned char>(message[i]);
    if (std::isdigit(c)) {
      while (i < message.size() && (std::isdigit(static_cast<unsigned char>(message[i])) || message[i] == '.' ||
                                    ((message[i] == 'e' || message[i] == 'E') && i + 1 < message.size() &&
                                     (std::isdigit(static_cast<unsigned char>(message[i + 1])) || message[i + 1] == '-' || message[i + 1] == '+'))))
        i += (message[i] == 'e' || message[i] == 'E') ? 2 : 1;
      out += 'N';
      continue;
    }
    out += message[i++];
  }
  return out;
}

}  // namespace

std::string render_markdown(const Report& report, int max_failures) {
  const Aggregates agg = aggregate(report);
  const Tally& t = agg.totals;
  std::ostringstream out;
  const auto& run = report.run;
  out << "### touchstone: " << markdown_escape(run.backend_name) << " " << markdown_escape(run.backend_version)
      << " — "
      << (nothing_tested(report) ? std::string("❌ ") + kNothingTested + " (no case was judged)"
          : t.failed             ? "❌ " + std::to_string(t.failed) + " failed"
                                 : "✅ no failures")
      << "\n\n";
  out << "**Pass rate " << percent(t.pass_rate()) << "** (" << t.passed << " of " << t.counted()
      << " cases that count; skip and unsupported do not count) · " << t.total << " cases · suite `"
      << markdown_escape(run.suite_path) << "` · " << agg.covered_op_versions << " op-versions covered\n\n";
  if (const int64_t summarized = report.summarized_passes(); summarized > 0)
    out << summarized << " passing cases are summarized per op-version and dtypes (each case's verdict is in the "
        << "run's journal.jsonl).\n\n";
  out << "| verdict | cases |\n| --- | ---: |\n";
  for (const auto& v : verdict_names())
    if (auto it = t.verdicts.find(v); it != t.verdicts.end()) out << "| " << v << " | " << it->second << " |\n";

  std::vector<const OpVersionAggregate*> failing;
  for (const auto& a : agg.by_op_version)
    if (a.tally.failed) failing.push_back(&a);
  std::stable_sort(failing.begin(), failing.end(),
                   [](auto* a, auto* b) { return a->tally.failed > b->tally.failed; });
  if (!failing.empty()) {
    out << "\n**Op-versions with failures** (" << failing.size() << ")\n\n| op-version | failed | pass rate |\n| --- | ---: | ---: |\n";
    const size_t shown = std::min<size_t>(failing.size(), 10);
    for (size_t i = 0; i < shown; ++i) {
      const auto& a = *failing[i];
      CaseResult label;
      label.domain = a.domain, label.op = a.op, label.since_version = a.since_version;
      out << "| " << markdown_escape(label.op_version()) << " | " << a.tally.failed << " | " << percent(a.tally.pass_rate())
          << " |\n";
    }
    if (failing.size() > shown) out << "\n…and " << failing.size() - shown << " more op-versions.\n";

    // The same failure over many cases is one line: grouped by verdict and message shape.
    struct Group { std::string verdict, shape, example; int64_t count = 0; };
    std::map<std::string, Group> by_message;
    for (const auto& c : report.cases) {
      if (verdict_class(c.verdict) != VerdictClass::kFailed) continue;
      const std::string shape = message_shape(c.message);
      Group& g = by_message[c.verdict + "\n" + shape];
      if (g.count++ == 0) g.verdict = c.verdict, g.shape = shape, g.example = c.id;
    }
    std::vector<const Group*> groups;
    for (const auto& [key, g] : by_message) groups.push_back(&g);
    std::stable_sort(groups.begin(), groups.end(), [](auto* a, auto* b) { return a->count > b->count; });
    out << "\n**Failures by message** (" << groups.size() << " kinds; numbers shown as N)\n\n"
        << "| cases | verdict | message | e.g. |\n| ---: | --- | --- | --- |\n";
    const size_t kinds = std::min<size_t>(groups.size(), 10);
    for (size_t i = 0; i < kinds; ++i)
      out << "| " << groups[i]->count << " | " << groups[i]->verdict << " | " << markdown_escape(shorten(groups[i]->shape, 120))
          << " | " << markdown_escape(groups[i]->example) << " |\n";
    if (groups.size() > kinds) out << "\n…and " << groups.size() - kinds << " more kinds of failure.\n";

    out << "\n<details><summary>Failing cases</summary>\n\n| case | verdict | max ulp | error/allowed | bad | message |\n| --- | --- | ---: | ---: | ---: | --- |\n";
    int listed = 0, total_failed = 0;
    for (const auto& c : report.cases) {
      if (verdict_class(c.verdict) != VerdictClass::kFailed) continue;
      ++total_failed;
      if (listed >= max_failures) continue;
      ++listed;
      out << "| " << markdown_escape(c.id) << " | " << c.verdict << " | "
          << (c.metrics ? format_metric(c.metrics->max_ulp) : "") << " | "
          << (c.metrics && c.metrics->max_margin ? format_metric(c.metrics->max_margin) : "") << " | "
          << (c.metrics ? std::to_string(c.metrics->bad_count) : "")
          << " | " << markdown_escape(shorten(c.message, 120)) << " |\n";
    }
    if (total_failed > listed) out << "\n…and " << total_failed - listed << " more; see the HTML report.\n";
    out << "\n</details>\n";
  }
  return out.str();
}

}  // namespace touchstone::reports
