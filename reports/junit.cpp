// JUnit XML for CI systems: one <testsuite> per op-version, one <testcase> per case.
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "reports/writers.h"

namespace touchstone::reports {

std::string format_metric(const std::optional<double>& value) {
  if (!value) return "";
  if (std::isinf(*value)) return "inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", *value);
  return buf;
}

namespace {

std::string seconds(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", ms / 1000.0);
  return buf;
}

std::string details(const CaseResult& c) {
  std::ostringstream out;
  out << c.verdict << ": " << c.message << "\n";
  if (c.metrics) {
    out << "max ulp " << format_metric(c.metrics->max_ulp) << ", max abs " << format_metric(c.metrics->max_abs)
        << ", bad elements " << c.metrics->bad_count << "\n";
    for (const auto& m : c.metrics->first_mismatches)
      out << "  [" << m.index << "] expected " << m.expected << ", actual " << m.actual << "\n";
  }
  if (!c.reproduce.empty()) out << "reproduce: " << c.reproduce << "\n";
  return out.str();
}

}  // namespace

std::string render_junit(const Report& report) {
  std::map<std::string, std::vector<const CaseResult*>> suites;
  for (const auto& c : report.cases) suites[c.op_version()].push_back(&c);
  // Summarized passes: one passing <testcase> per group, named by its dtypes and count.
  std::map<std::string, std::vector<const PassGroup*>> groups;
  for (const auto& g : report.pass_groups) {
    groups[g.op_version()].push_back(&g);
    suites[g.op_version()];
  }

  struct Counts { int64_t tests = 0, failures = 0, errors = 0, skipped = 0; double ms = 0; };
  auto count = [](const std::vector<const CaseResult*>& list) {
    Counts n;
    for (const auto* c : list) {
      ++n.tests;
      n.ms += c->time_ms;
      const auto k = verdict_class(c->verdict);
      if (c->verdict == "error" || c->verdict == "crash" || c->verdict == "timeout") ++n.errors;
      else if (k == VerdictClass::kFailed || c->verdict == "unexpected-pass") ++n.failures;
      else if (k == VerdictClass::kNotRun || k == VerdictClass::kKnown) ++n.skipped;
    }
    return n;
  };
  auto count_groups = [](Counts& n, const std::vector<const PassGroup*>& list) {
    for (const auto* g : list) ++n.tests, n.ms += g->time_ms;
  };
  auto attrs = [](const Counts& n) {
    return " tests=\"" + std::to_string(n.tests) + "\" failures=\"" + std::to_string(n.failures) + "\" errors=\"" +
           std::to_string(n.errors) + "\" skipped=\"" + std::to_string(n.skipped) + "\" time=\"" + seconds(n.ms) + "\"";
  };

  Counts all;
  for (const auto& [name, list] : suites) {
    Counts n = count(list);
    count_groups(n, groups[name]);
    all.tests += n.tests, all.failures += n.failures, all.errors += n.errors, all.skipped += n.skipped, all.ms += n.ms;
  }
  const std::string backend = report.run.backend_name + (report.run.backend_version.empty() ? "" : " " + report.run.backend_version);
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  const bool nothing = nothing_tested(report);
  if (nothing) ++all.tests, ++all.failures;
  out << "<testsuites name=\"" << xml_escape("touchstone: " + backend) << "\"" << attrs(all) << ">\n";
  if (nothing) {  // CI must not show a run that judged nothing as green
    Counts n;
    n.tests = n.failures = 1;
    out << "  <testsuite name=\"touchstone\"" << attrs(n) << ">\n    <testcase classname=\"touchstone\" name=\""
        << kNothingTested << "\" time=\"0.000\">\n      <failure type=\"nothing-tested\" message=\"" << kNothingTested
        << ": no case of " << report.case_count() << " was judged\"/>\n    </testcase>\n  </testsuite>\n";
  }
  for (const auto& [name, list] : suites) {
    Counts n = count(list);
    const auto& passing = groups[name];
    count_groups(n, passing);
    out << "  <testsuite name=\"" << xml_escape(name) << "\"" << attrs(n);
    if (!report.run.started.empty()) out << " timestamp=\"" << xml_escape(report.run.started) << "\"";
    if (!report.run.host.empty()) out << " hostname=\"" << xml_escape(report.run.host) << "\"";
    out << ">\n";
    for (const auto* c : list) {
      out << "    <testcase classname=\"" << xml_escape(name) << "\" name=\"" << xml_escape(c->id) << "\" time=\""
          << seconds(c->time_ms) << "\"";
      const auto k = verdict_class(c->verdict);
      const std::string msg = xml_escape(c->verdict + (c->message.empty() ? "" : ": " + c->message));
      if (c->verdict == "error" || c->verdict == "crash" || c->verdict == "timeout") {
        out << ">\n      <error type=\"" << c->verdict << "\" message=\"" << msg << "\">" << xml_escape(details(*c))
            << "</error>\n    </testcase>\n";
      } else if (k == VerdictClass::kFailed || c->verdict == "unexpected-pass") {
        out << ">\n      <failure type=\"" << c->verdict << "\" message=\"" << msg << "\">" << xml_escape(details(*c))
            << "</failure>\n    </testcase>\n";
      } else if (k == VerdictClass::kNotRun || k == VerdictClass::kKnown) {
        out << ">\n      <skipped message=\"" << msg << "\"/>\n    </testcase>\n";
      } else {
        out << "/>\n";
      }
    }
    for (const auto* g : passing) {
      std::string dtypes;
      for (const auto& d : g->dtypes) dtypes += (dtypes.empty() ? "" : ",") + d;
      out << "    <testcase classname=\"" << xml_escape(name) << "\" name=\""
          << xml_escape((dtypes.empty() ? "-" : dtypes) + ": " + std::to_string(g->count) +
                        " passing cases (summarized; each case's verdict is in the run's journal.jsonl)")
          << "\" time=\"" << seconds(g->time_ms) << "\"/>\n";
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
  return out.str();
}

}  // namespace touchstone::reports
