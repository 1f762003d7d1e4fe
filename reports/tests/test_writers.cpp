// HTML, JUnit and Markdown renderings; the JSON schema checked by an independent
// validator (python3-jsonschema); a 20,000-case report written and read back (its speed is
// measured in reports/bench, not here: a loaded machine failed a time bound).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "reports/tests/sample.h"
#include "reports/writers.h"

using namespace touchstone::reports;
namespace fs = std::filesystem;

namespace {

const char* kXss = "<img src=x onerror=alert(1)>";

// A report with a hostile string in every place a backend or a model can put one.
Report hostile_report() {
  Report r = testing::make_report(40);
  r.cases.push_back(testing::make_case(kXss, "Sub", 7, "float32", "fail"));
  r.cases.push_back(testing::make_case("Sub-7/float32/</script><script>document.title='pwned'</script>", "Sub", 7,
                                       "float32", "crash"));
  r.cases.back().message = "<!-- </script> & \"quotes\" 'single' | pipes `ticks` *stars* \x01 control";
  r.cases.push_back(testing::make_case("Add-7/float32/<b>bold</b>", "Add", 7, "float32", "error"));
  r.cases.back().message = std::string("invalid utf-8 \xff\xfe here");
  r.run.backend_name = "<svg onload=alert(2)>";
  r.run.host = "host&<>";
  return r;
}

fs::path temp_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("touchstone_reports_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string extract_data(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"report-data\">";
  const auto a = html.find(open) + open.size();
  return html.substr(a, html.find("</script>", a) - a);
}

}  // namespace

TEST_CASE("html: one self-contained page; report strings appear only as escaped JSON", "[html]") {
  const Report r = hostile_report();
  const std::string html = render_html(r);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  // No network: no external resource of any kind.
  CHECK_FALSE(std::regex_search(html, std::regex(R"((src|href)\s*=\s*["']?(https?:)?//)")));
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("<svg onload") == std::string::npos);
  CHECK(html.find("<b>bold") == std::string::npos);
  CHECK(html.find("pwned'</script>") == std::string::npos);
  // Exactly the template's three script blocks end.
  size_t ends = 0;
  for (size_t at = html.find("</script>"); at != std::string::npos; at = html.find("</script>", at + 1)) ++ends;
  CHECK(ends == 3);
  // The embedded data is the report.
  const auto data = nlohmann::json::parse(extract_data(html));
  // The embedded data is the report in its compact form: plain passes summarized.
  const Report back = report_from_json(data);
  CHECK(back.case_count() == static_cast<int64_t>(r.cases.size()));
  CHECK(std::any_of(back.cases.begin(), back.cases.end(), [](const CaseResult& c) { return c.id == kXss; }));
  CHECK(std::none_of(back.cases.begin(), back.cases.end(), is_plain_pass));
  CHECK(data["aggregates"]["totals"]["total"] == r.cases.size());
}

TEST_CASE("junit: counts per suite and escaped attributes", "[junit]") {
  const Report r = hostile_report();
  const std::string xml = render_junit(r);
  const Aggregates a = aggregate(r);
  int64_t errors = 0, failures = 0;
  for (const auto& c : r.cases) {
    if (c.verdict == "error" || c.verdict == "crash" || c.verdict == "timeout") ++errors;
    else if (verdict_class(c.verdict) == VerdictClass::kFailed || c.verdict == "unexpected-pass") ++failures;
  }
  CHECK_THAT(xml, Catch::Contains("<testsuites name=\"touchstone: &lt;svg onload=alert(2)&gt; 1.30.0\" tests=\"" +
                                  std::to_string(a.totals.total) + "\" failures=\"" + std::to_string(failures) +
                                  "\" errors=\"" + std::to_string(errors) + "\""));
  CHECK_THAT(xml, Catch::Contains("name=\"&lt;img src=x onerror=alert(1)&gt;\""));
  CHECK(xml.find("<img") == std::string::npos);
  CHECK(xml.find('\x01') == std::string::npos);
  CHECK_THAT(xml, Catch::Contains("<testsuite name=\"Sub-7\""));
}

TEST_CASE("markdown: short, escaped, numbers from the report", "[markdown]") {
  const Report big = testing::make_report(20000);
  const std::string md = render_markdown(big);
  CHECK(md.size() < 8000);  // fits a pull-request comment
  const Aggregates a = aggregate(big);
  CHECK_THAT(md, Catch::Contains("| pass | " + std::to_string(a.totals.verdicts.at("pass")) + " |"));
  const std::string hostile = render_markdown(hostile_report());
  CHECK(hostile.find("<img") == std::string::npos);
  CHECK_THAT(hostile, Catch::Contains("&lt;img src=x onerror=alert(1)&gt;"));
  CHECK(markdown_escape("a|b*c_d`e") == "a\\|b\\*c\\_d\\`e");
}

TEST_CASE("json: reports validate against report_schema.json (python3-jsonschema)", "[schema]") {
  const fs::path dir = temp_dir("schema");
  save_report(testing::make_report(500), dir / "synthetic.json");
  save_report(hostile_report(), dir / "hostile.json");
  auto shards = testing::shard_report(testing::make_report(30), 2);
  save_report(shards[1], dir / "shard.json");
  Report empty;
  save_report(empty, dir / "empty.json");
  Report compact = testing::make_report(500, 2);
  summarize_passes(compact);  // version 2 with pass groups
  REQUIRE_FALSE(compact.pass_groups.empty());
  save_report(compact, dir / "compact.json");
  const std::string cmd = std::string(TOUCHSTONE_PYTHON) + " -c 'import jsonschema' 2>/dev/null";
  if (std::system(cmd.c_str()) != 0) FAIL("python3-jsonschema is missing: run tools/setup.sh");
  const std::string src = TOUCHSTONE_SOURCE_DIR;
  const std::string validate = std::string(TOUCHSTONE_PYTHON) + " " + src + "/reports/tests/validate_report.py " + src +
                               "/reports/report_schema.json " + src + "/reports/example/report.json " +
                               (dir / "synthetic.json").string() + " " + (dir / "hostile.json").string() + " " +
                               (dir / "shard.json").string() + " " + (dir / "empty.json").string() + " " +
                               (dir / "compact.json").string();
  CHECK(std::system(validate.c_str()) == 0);
  // The validator is not a rubber stamp: a wrong document fails.
  std::ofstream(dir / "wrong.json") << R"({"schema":"touchstone-report","schema_version":1,"run":{},"cases":[{"id":"x","op":"A","since_version":1,"verdict":"passed"}]})";
  nlohmann::json group_wrong = to_json(compact);  // valid but for one group's count
  group_wrong["pass_groups"][0]["count"] = -1;
  std::ofstream(dir / "wrong_group.json") << group_wrong.dump();
  const std::string wrong_group = std::string(TOUCHSTONE_PYTHON) + " " + src + "/reports/tests/validate_report.py " + src +
                                  "/reports/report_schema.json " + (dir / "wrong_group.json").string() + " >/dev/null";
  CHECK(std::system(wrong_group.c_str()) != 0);
  const std::string wrong = std::string(TOUCHSTONE_PYTHON) + " " + src + "/reports/tests/validate_report.py " + src +
                            "/reports/report_schema.json " + (dir / "wrong.json").string() + " >/dev/null";
  CHECK(std::system(wrong.c_str()) != 0);
}

TEST_CASE("a 20,000-case report is rendered whole and read back", "[html]") {
  const Report r = testing::make_report(20000);
  const std::string html = render_html(r);
  const Report back = report_from_json(nlohmann::json::parse(to_json(r).dump(1)));
  CHECK(back.cases.size() == 20000);
  CHECK(back.cases.back().id == r.cases.back().id);
  // The page embeds the whole report: every case's id, the last one included.
  CHECK(html.find(json_for_script(nlohmann::json(r.cases.back().id))) != std::string::npos);
  CHECK(html.size() > 20000 * 50);
}

// Not a test: writes the sample reports the browser test renders (tests/html_in_chromium.sh).
TEST_CASE("write sample reports", "[.samples]") {
  const char* dir = std::getenv("TOUCHSTONE_SAMPLE_DIR");
  REQUIRE(dir);
  save_report(hostile_report(), fs::path(dir) / "hostile.json");
  save_report(testing::make_report(20000, 7), fs::path(dir) / "big.json");
  // 100,000 cases, mostly passing (some hundreds not), in the compact form the runner writes.
  Report scale = testing::make_report(100000, 11, 996);
  // For before/after figures: the same report with every case listed (as version 1 was).
  if (std::getenv("TOUCHSTONE_SAMPLE_FULL")) save_report(scale, fs::path(dir) / "scale_full.json");
  summarize_passes(scale);
  save_report(scale, fs::path(dir) / "scale.json");
}
