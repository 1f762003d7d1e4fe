// report diff (see diff.h for the definitions).
#include "reports/diff.h"

#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "reports/writers.h"

namespace touchstone::reports {

int64_t ReportDiff::missing_count() const {
  int64_t n = 0;
  for (const auto& m : missing) n += m.count;
  return n;
}

bool ReportDiff::regressed() const {
  return !regressions.empty() || (!allow_removed && (!removed.empty() || !missing.empty()));
}

namespace {

using CaseKey = std::tuple<std::string, std::string, int, std::vector<std::string>>;
CaseKey key_of(const CaseResult& c) { return {c.domain, c.op, c.since_version, c.dtypes}; }

// Cases per op-version and dtypes, listed and summarized.
std::map<CaseKey, int64_t> cases_per_key(const Report& r) {
  std::map<CaseKey, int64_t> n;
  for (const auto& c : r.cases) ++n[key_of(c)];
  for (const auto& g : r.pass_groups) n[{g.domain, g.op, g.since_version, g.dtypes}] += g.count;
  return n;
}

// The old run's cases the new one cannot hold beyond those listed as removed (diff.h).
std::vector<MissingPasses> missing_passes(const Report& old_report, const Report& new_report,
                                          const std::vector<CaseChange>& removed) {
  std::map<CaseKey, int64_t> removed_per_key;
  for (const auto& ch : removed) ++removed_per_key[key_of(*ch.old_case)];
  const auto now = cases_per_key(new_report);
  std::vector<MissingPasses> out;
  for (const auto& [key, before] : cases_per_key(old_report)) {
    const auto it = now.find(key);
    const int64_t gone = before - (it == now.end() ? 0 : it->second) - removed_per_key[key];
    if (gone <= 0) continue;
    CaseResult label;
    label.domain = std::get<0>(key), label.op = std::get<1>(key), label.since_version = std::get<2>(key);
    out.push_back({label.op_version(), std::get<3>(key), gone});
  }
  return out;
}

}  // namespace

ReportDiff diff_reports(const Report& old_report, const Report& new_report, const DiffOptions& options) {
  ReportDiff d;
  d.allow_removed = options.allow_removed;
  const RunInfo &a = old_report.run, &b = new_report.run;
  if (!options.allow_suite_change && !a.suite_digest.empty() && !b.suite_digest.empty() && a.suite_digest != b.suite_digest)
    throw std::runtime_error("diff: the two runs are of different suites (" + a.suite_path + " " + a.suite_digest + " vs " +
                             b.suite_path + " " + b.suite_digest + "); their verdicts do not compare. Use "
                             "--allow-suite-change to compare them anyway (e.g. after regenerating the suite)");
  auto note = [&](const char* what, const std::string& x, const std::string& y) {
    if (x != y) d.run_differences.push_back(std::string(what) + ": " + x + " -> " + y);
  };
  note("backend", a.backend_name + " " + a.backend_version, b.backend_name + " " + b.backend_version);
  note("suite", a.suite_path, b.suite_path);
  note("suite digest", a.suite_digest, b.suite_digest);
  note("touchstone", a.touchstone_version + " " + a.touchstone_commit, b.touchstone_version + " " + b.touchstone_commit);

  const bool same_cases = same_case_set(old_report, new_report);
  const int64_t summarized = old_report.summarized_passes() + new_report.summarized_passes();
  if (summarized > 0)
    d.run_differences.push_back(
        same_cases ? "passing cases are summarized (" + std::to_string(old_report.summarized_passes()) + " old, " +
                         std::to_string(new_report.summarized_passes()) +
                         " new): both runs hold the same cases, so a case listed in one only is a summarized pass "
                         "in the other; metrics of summarized passes are not compared"
                   : "passing cases are summarized and the runs' case sets differ (or cannot be shown equal): a case "
                     "listed in one run only may be a summarized pass in the other; see each entry");
  using S = CaseChange::Summarized;
  const auto classify = [&](CaseChange change, const std::string& old_verdict, const std::string& new_verdict) {
    if (old_verdict == new_verdict) {  // a pass listed in one run (a warning, --full-report), summarized in the other
      const CaseResult& listed = change.new_case ? *change.new_case : *change.old_case;
      if (!is_plain_pass(listed)) d.metrics_changed.push_back(change);
      return;
    }
    const auto ko = verdict_class(old_verdict), kn = verdict_class(new_verdict);
    if ((ko == VerdictClass::kPassed && kn != VerdictClass::kPassed) ||
        (kn == VerdictClass::kFailed && ko != VerdictClass::kFailed))
      d.regressions.push_back(change);
    else if (kn == VerdictClass::kPassed)
      d.fixes.push_back(change);
    else
      d.changed.push_back(change);
  };

  std::unordered_map<std::string, const CaseResult*> old_by_id;
  for (const auto& c : old_report.cases) old_by_id[c.id] = &c;
  std::unordered_map<std::string, bool> seen;
  for (const auto& c : new_report.cases) {
    auto it = old_by_id.find(c.id);
    if (it == old_by_id.end()) {
      CaseChange change{c.id, nullptr, &c};
      if (old_report.pass_group_of(c) || (same_cases && old_report.summarized_passes() > 0)) {
        change.old_summarized = same_cases ? S::kKnown : S::kPossible;
        if (same_cases)
          classify(change, "pass", c.verdict);
        else if (verdict_class(c.verdict) == VerdictClass::kFailed)
          d.regressions.push_back(change);  // it may have passed: a gate must not assume it was new
        else
          d.added.push_back(change);
        continue;
      }
      d.added.push_back(change);
      continue;
    }
    seen[c.id] = true;
    const CaseResult& o = *it->second;
    CaseChange change{c.id, &o, &c};
    if (o.verdict == c.verdict) {
      if (o.metrics != c.metrics) d.metrics_changed.push_back(change);
      continue;
    }
    classify(change, o.verdict, c.verdict);
  }
  for (const auto& c : old_report.cases) {
    if (seen.count(c.id)) continue;
    CaseChange change{c.id, &c, nullptr};
    if (same_cases && new_report.summarized_passes() > 0) {
      change.new_summarized = S::kKnown;
      classify(change, c.verdict, "pass");
      continue;
    }
    if (new_report.pass_group_of(c)) change.new_summarized = S::kPossible;
    d.removed.push_back(change);
  }
  if (!same_cases) d.missing = missing_passes(old_report, new_report, d.removed);
  if (b.shard) {
    d.new_shard = std::to_string(b.shard->first) + "/" + std::to_string(b.shard->second);
    if (!a.shard || *a.shard != *b.shard)
      d.run_differences.push_back("the new run is shard " + d.new_shard + " of its suite" +
                                  (a.shard ? " (the old run is shard " + std::to_string(a.shard->first) + "/" +
                                                 std::to_string(a.shard->second) + ")"
                                           : " and the old run is not: the other shards' cases are missing from it"));
  }
  return d;
}

namespace {

struct Group {
  const char* title;
  const std::vector<CaseChange>* list;
};

std::vector<Group> groups(const ReportDiff& d) {
  return {{"regressions", &d.regressions}, {"fixes", &d.fixes},   {"changed", &d.changed},
          {"metrics changed", &d.metrics_changed}, {"added", &d.added}, {"removed", &d.removed}};
}

std::string metrics_text(const CaseResult& c) {
  if (!c.metrics) return "";
  return " (max ulp " + format_metric(c.metrics->max_ulp) + ", max abs " + format_metric(c.metrics->max_abs) +
         ", bad " + std::to_string(c.metrics->bad_count) + ")";
}

std::string change_text(const CaseChange& ch) {
  using S = CaseChange::Summarized;
  const auto failure = [](const CaseResult& c) {
    return !c.message.empty() && verdict_class(c.verdict) == VerdictClass::kFailed ? ": " + c.message : std::string();
  };
  if (!ch.old_case && ch.old_summarized == S::kKnown) return "pass (summarized) -> " + ch.new_case->verdict + failure(*ch.new_case);
  if (!ch.old_case && ch.old_summarized == S::kPossible)
    return "not listed in the old run (a summarized pass there, or not run) -> " + ch.new_case->verdict + failure(*ch.new_case);
  if (!ch.old_case) return ch.new_case->verdict;
  if (!ch.new_case && ch.new_summarized == S::kKnown) return ch.old_case->verdict + " -> passes now (summarized)";
  if (!ch.new_case && ch.new_summarized == S::kPossible)
    return "was " + ch.old_case->verdict + "; not listed in the new run: passes now (summarized) or was not run";
  if (!ch.new_case) return "was " + ch.old_case->verdict;
  if (ch.old_case->verdict == ch.new_case->verdict)
    return ch.new_case->verdict + ":" + (ch.old_case->metrics ? metrics_text(*ch.old_case) : " (no metrics)") + " ->" +
           (ch.new_case->metrics ? metrics_text(*ch.new_case) : " (no metrics)");
  std::string s = ch.old_case->verdict + " -> " + ch.new_case->verdict;
  if (!ch.new_case->message.empty() && verdict_class(ch.new_case->verdict) == VerdictClass::kFailed)
    s += ": " + ch.new_case->message;
  return s;
}

const size_t kListed = 50;  // per group in the Markdown output

std::string missing_text(const MissingPasses& m) {
  std::string dtypes;
  for (const auto& t : m.dtypes) dtypes += (dtypes.empty() ? "" : ",") + t;
  return m.op_version + " " + dtypes + ": " + std::to_string(m.count) + " passed in the old run, not in the new one";
}

}  // namespace

std::string diff_text(const ReportDiff& d) {
  std::ostringstream out;
  // For a terminal: ids, messages and run names come from the reports, so from backends.
  for (const auto& r : d.run_differences) out << "note: " << terminal_escape(r) << "\n";
  for (const auto& g : groups(d)) {
    if (g.list->empty()) continue;
    out << g.title << " (" << g.list->size() << "):\n";
    for (const auto& ch : *g.list) out << "  " << terminal_escape(ch.id) << ": " << terminal_escape(change_text(ch)) << "\n";
  }
  if (!d.missing.empty()) {
    out << "missing (" << d.missing_count() << " summarized passes of the old run):\n";
    for (const auto& m : d.missing) out << "  " << terminal_escape(missing_text(m)) << "\n";
  }
  const bool gone = !d.removed.empty() || !d.missing.empty();
  out << (d.regressed() ? "REGRESSED" : "no regression") << ": " << d.regressions.size() << " regressions, "
      << d.fixes.size() << " fixes, " << d.changed.size() << " other verdict changes, " << d.metrics_changed.size()
      << " metric changes, " << d.added.size() << " added, " << d.removed.size() << " removed, " << d.missing_count()
      << " missing" << (d.new_shard.empty() ? "" : " (the new run is shard " + d.new_shard + ")")
      << (gone && !d.allow_removed ? " (removed and missing cases count as regressions; --allow-removed if intended)" : "")
      << "\n";
  return out.str();
}

std::string diff_markdown(const ReportDiff& d) {
  std::ostringstream out;
  out << "### touchstone report diff — "
      << (d.regressed() ? "❌ " + std::to_string(d.regressions.size()) + " regressed" +
                              (!d.allow_removed && !d.removed.empty() ? ", " + std::to_string(d.removed.size()) + " removed" : "") +
                              (!d.allow_removed && !d.missing.empty() ? ", " + std::to_string(d.missing_count()) + " missing" : "")
                        : "✅ no regression")
      << (d.new_shard.empty() ? "" : " (the new run is shard " + d.new_shard + ")")
      << "\n\n| | cases |\n| --- | ---: |\n";
  for (const auto& g : groups(d)) out << "| " << g.title << " | " << g.list->size() << " |\n";
  out << "| missing (summarized passes) | " << d.missing_count() << " |\n";
  for (const auto& r : d.run_differences) out << "\n> " << markdown_escape(r) << "\n";
  for (const auto& g : groups(d)) {
    if (g.list->empty() || g.list == &d.metrics_changed) continue;
    out << "\n**" << g.title << "**\n\n";
    size_t n = 0;
    for (const auto& ch : *g.list) {
      if (n++ == kListed) {
        out << "- …and " << g.list->size() - kListed << " more\n";
        break;
      }
      out << "- " << markdown_escape(ch.id) << ": " << markdown_escape(change_text(ch)) << "\n";
    }
  }
  if (!d.missing.empty()) out << "\n**missing**\n\n";
  for (size_t i = 0; i < d.missing.size() && i < kListed; ++i) out << "- " << markdown_escape(missing_text(d.missing[i])) << "\n";
  return out.str();
}

nlohmann::json diff_json(const ReportDiff& d) {
  nlohmann::json out = {{"regressed", d.regressed()}, {"allow_removed", d.allow_removed}, {"run_differences", d.run_differences}};
  if (!d.new_shard.empty()) out["new_shard"] = d.new_shard;
  out["missing"] = nlohmann::json::array();
  for (const auto& m : d.missing) out["missing"].push_back({{"op_version", m.op_version}, {"dtypes", m.dtypes}, {"count", m.count}});
  for (const auto& g : groups(d)) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& ch : *g.list) {
      nlohmann::json e = {{"id", ch.id}};
      if (ch.old_case) e["old_verdict"] = ch.old_case->verdict;
      if (ch.new_case) e["new_verdict"] = ch.new_case->verdict, e["message"] = ch.new_case->message;
      // A side summarized as a pass: "known" (same case set) or "possible".
      const auto summarized = [](CaseChange::Summarized s) { return s == CaseChange::Summarized::kKnown ? "known" : "possible"; };
      if (ch.old_summarized != CaseChange::Summarized::kNo) e["old_summarized_pass"] = summarized(ch.old_summarized);
      if (ch.new_summarized != CaseChange::Summarized::kNo) e["new_summarized_pass"] = summarized(ch.new_summarized);
      list.push_back(e);
    }
    std::string key = g.title;
    for (auto& ch : key)
      if (ch == ' ') ch = '_';
    out[key] = list;
  }
  return out;
}

}  // namespace touchstone::reports
