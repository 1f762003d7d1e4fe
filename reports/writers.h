// Renderings of a report: one self-contained HTML page, JUnit XML, a Markdown summary.
// Each is a pure function of the report.
#pragma once
#include <string>
#include <vector>

#include "reports/escape.h"  // the escapers of these formats
#include "reports/report.h"

namespace touchstone::reports {

struct HtmlOptions {
  // Where the behavioural changelog (`touchstone diff --all --html`) is, relative to the
  // page: each op-version with a previous version links to <changelog>#<Op>-<prev>-<v>.
  // Empty: no links.
  std::string changelog;
  // The anchors that page has (changelog_anchors()): only those op-versions are linked,
  // so that every link resolves. Empty: every op-version with a previous version.
  std::vector<std::string> changelog_anchors;
};

// A single HTML file with the report embedded as JSON and rendered by inline script:
// no network, works from file://. Strings reach the page only as text. The page always
// holds the compact form: plain passes listed in `report` are summarized first
// (summarize_passes), so a 100,000-case page carries its failures and a few thousand
// pass groups, not 100,000 rows.
std::string render_html(const Report& report, const HtmlOptions& options = {});

// JUnit XML: one <testsuite> per op-version, one <testcase> per listed case. fail, wrong-*,
// accepted-invalid and unexpected-pass are <failure>; error, crash, timeout <error>;
// skip, unsupported and expected-fail <skipped> (the last with its reason). Summarized
// passes are one passing <testcase> per group ("float32,float32: 120 passing cases
// (summarized; ...)"), so `tests` counts testcases, not cases, when passes are summarized.
std::string render_junit(const Report& report);

// A short Markdown summary for a pull-request comment or a CI job summary: totals, the
// op-versions with failures, and at most `max_failures` failing cases.
std::string render_markdown(const Report& report, int max_failures = 15);

std::string format_metric(const std::optional<double>& value);  // "", "inf", "3", "1.5e-07"

}  // namespace touchstone::reports
