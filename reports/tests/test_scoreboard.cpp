// The scoreboard (`touchstone report compare`): cells counted by hand from small reports.
#include <catch2/catch.hpp>

#include "reports/scoreboard.h"
#include "reports/tests/sample.h"

using namespace touchstone::reports;
using touchstone::reports::testing::make_case;

namespace {

Report two_op_report(const std::string& backend, const std::vector<std::string>& add_verdicts, bool with_relu) {
  Report r;
  r.run.backend_name = backend;
  r.run.backend_version = "1.0";
  r.run.suite_digest = "sha256:same";
  int i = 0;
  for (const auto& v : add_verdicts) r.cases.push_back(make_case("add" + std::to_string(i++), "Add", 14, "float32", v));
  if (with_relu) r.cases.push_back(make_case("relu", "Relu", 14, "float32", "unsupported"));
  return r;
}

}  // namespace

TEST_CASE("scoreboard cells: pass rate of the cases that count, absent and nothing-counted cells", "[scoreboard]") {
  // a: Add 3 pass + 1 fail + 1 unsupported (3/4 = 75%); Relu only unsupported (nothing counts).
  // b: Add 2 pass (100%), no Relu case at all.
  std::vector<ScoreboardRun> runs = {
      {two_op_report("a", {"pass", "pass", "pass", "fail", "unsupported"}, true), "a/report.html"},
      {two_op_report("b", {"pass", "pass"}, false), ""}};
  runs[1].report.run.options["backend_options"] = {{"graph_optimization", "all"}};
  const std::string md = render_scoreboard_markdown(runs);
  CHECK(md.find("| op-version | a 1.0 | b 1.0 \\[graph\\_optimization=all\\] |") != std::string::npos);
  CHECK(md.find("| **all cases** | **75.0%** (3/4) | **100.0%** (2/2) |") != std::string::npos);
  CHECK(md.find("| Add-14 | 75.0% (3/4) | 100.0% (2/2) |") != std::string::npos);
  CHECK(md.find("| Relu-14 | – (0/0) | |") != std::string::npos);
  CHECK(md.find("different suites") == std::string::npos);

  const std::string html = render_scoreboard_html(runs);
  CHECK(html.find("<td class=\"most\"><a href=\"a/report.html#op=Add&amp;version=14\">75.0% (3/4)</a></td>") ==
        std::string::npos);  // 75% is below 90%: orange, not yellow
  CHECK(html.find("<td class=\"half\"><a href=\"a/report.html#op=Add&amp;version=14\">75.0% (3/4)</a></td>") !=
        std::string::npos);
  CHECK(html.find("<td class=\"all\">100.0% (2/2)</td>") != std::string::npos);  // no href: no link
  CHECK(html.find("<td class=\"none\"><a href=\"a/report.html#op=Relu&amp;version=14\">– (0/0)</a></td>") !=
        std::string::npos);
  CHECK(html.find("<td class=\"absent\"></td>") != std::string::npos);
}

TEST_CASE("scoreboard: runs of different suites are flagged, labels are escaped", "[scoreboard]") {
  std::vector<ScoreboardRun> runs = {{two_op_report("<x>", {"pass"}, false), ""},
                                     {two_op_report("y", {"fail"}, false), ""}};
  runs[1].report.run.suite_digest = "sha256:other";
  const std::string html = render_scoreboard_html(runs);
  CHECK(html.find("different suites") != std::string::npos);
  CHECK(html.find("&lt;x&gt; 1.0") != std::string::npos);
  CHECK(html.find("<x>") == std::string::npos);
  CHECK(html.find("<td class=\"low\">0.0% (0/1)</td>") != std::string::npos);
  CHECK(render_scoreboard_markdown(runs).find("different suites") != std::string::npos);
}
