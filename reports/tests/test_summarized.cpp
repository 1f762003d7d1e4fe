// Schema version 2: plain passes counted per op-version and dtypes instead of listed, and
// every consumer (aggregates, JSON, merge, diff, JUnit, Markdown, HTML) honest about it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "reports/diff.h"
#include "reports/merge.h"
#include "reports/tests/sample.h"
#include "reports/writers.h"

using namespace touchstone::reports;
using nlohmann::json;

namespace {

// The compact form of a report (as the runner writes it by default).
Report compact(Report r) {
  summarize_passes(r);
  return r;
}

bool same_tallies(const Aggregates& a, const Aggregates& b) {
  if (a.totals.verdicts != b.totals.verdicts || a.by_op_version.size() != b.by_op_version.size()) return false;
  for (size_t i = 0; i < a.by_op_version.size(); ++i) {
    const auto &x = a.by_op_version[i], &y = b.by_op_version[i];
    if (x.op != y.op || x.since_version != y.since_version || x.tally.verdicts != y.tally.verdicts) return false;
    if (x.by_dtype.size() != y.by_dtype.size()) return false;
    for (const auto& [k, t] : x.by_dtype)
      if (!y.by_dtype.count(k) || y.by_dtype.at(k).verdicts != t.verdicts) return false;
  }
  for (const auto& [k, t] : a.by_dtype)
    if (!b.by_dtype.count(k) || b.by_dtype.at(k).verdicts != t.verdicts) return false;
  return a.covered_op_versions == b.covered_op_versions && a.by_dtype.size() == b.by_dtype.size();
}

Report small_run() {
  Report r;
  r.run.suite_digest = "sha256:abc";
  r.run.options = {{"ops", json::array()}, {"shard", "1/1"}};
  for (const char* id : {"Sub-7/float32/a", "Sub-7/float32/b", "Sub-7/float32/c"})
    r.cases.push_back(testing::make_case(id, "Sub", 7, "float32", "pass"));
  r.cases[1].metrics->max_ulp = 3;  // a pass within a tolerance of some ulps
  r.cases[1].time_ms = 2.5;
  r.cases.push_back(testing::make_case("Sub-7/float32/warned", "Sub", 7, "float32", "pass"));
  r.cases.back().metrics->warning = "suspicious accumulator";
  r.cases.push_back(testing::make_case("Sub-7/float32/vacuous", "Sub", 7, "float32", "pass"));
  r.cases.back().metrics->bound_elements = r.cases.back().metrics->vacuous_elements = 4;
  r.cases.push_back(testing::make_case("Sub-7/int32/a", "Sub", 7, "int32", "pass"));
  r.cases.push_back(testing::make_case("Sub-7/float32/bad", "Sub", 7, "float32", "fail"));
  r.cases.push_back(testing::make_case("Sub-7/float32/odd", "Sub", 7, "float32", "divergent"));
  return r;
}

}  // namespace

TEST_CASE("plain passes are counted per op-version and dtypes; everything else stays listed", "[report][summarized]") {
  const Report r = compact(small_run());
  // Listed: the warned and the vacuous pass, the failure, the divergent case.
  std::vector<std::string> listed;
  for (const auto& c : r.cases) listed.push_back(c.id);
  CHECK(listed == std::vector<std::string>{"Sub-7/float32/warned", "Sub-7/float32/vacuous", "Sub-7/float32/bad",
                                           "Sub-7/float32/odd"});
  REQUIRE(r.pass_groups.size() == 2);
  const PassGroup& f = r.pass_groups[0];  // (Sub, 7, float32 float32) sorts before int32
  CHECK(f.op_version() == "Sub-7");
  CHECK(f.dtypes == std::vector<std::string>{"float32", "float32"});
  CHECK(f.count == 3);
  CHECK(f.time_ms == 1.25 + 2.5 + 1.25);
  CHECK(*f.max_ulp == 3);
  CHECK(*f.max_abs == 0);
  CHECK(f.ulp_histogram == std::vector<int64_t>{2, 0, 1, 0, 0, 0, 0, 0});  // 0, 0 and 3 (the 2-4 bucket)
  CHECK(r.pass_groups[1].count == 1);
  CHECK(r.summarized_passes() == 4);
  CHECK(r.case_count() == 8);
  CHECK_FALSE(nothing_tested(r));
  const Aggregates a = aggregate(r);
  CHECK(a.totals.total == 8);
  CHECK(a.totals.verdicts.at("pass") == 6);  // 4 summarized + 2 listed
  CHECK(a.totals.passed == 7);               // and the divergent one
  CHECK(a.by_dtype.at("int32").passed == 1);
}

TEST_CASE("the compact form has the full listing's aggregates, and round-trips through JSON", "[report][summarized]") {
  const Report full = testing::make_report(3000, 5);
  const Report small = compact(full);
  CHECK(same_tallies(aggregate(full), aggregate(small)));
  CHECK(small.case_count() == 3000);
  for (const auto& c : small.cases) CHECK_FALSE(is_plain_pass(c));
  const json doc = to_json(small);
  CHECK(doc["schema_version"] == 2);
  CHECK(doc["summarized_passes"] == small.summarized_passes());
  CHECK(doc["aggregates"]["totals"]["total"] == 3000);
  const Report back = report_from_json(doc);
  CHECK(back.cases == small.cases);
  CHECK(back.pass_groups == small.pass_groups);
  // A group that is not a group is refused, naming the field.
  json bad = doc;
  bad["pass_groups"][0].erase("count");
  CHECK_THROWS_WITH(report_from_json(bad), Catch::Contains("pass_groups[0].count"));
}

TEST_CASE("a mostly passing 100,000-case report is small in compact form", "[report][summarized]") {
  const Report full = testing::make_report(100000, 3, 996);
  const Report small = compact(full);
  const size_t full_bytes = to_json(full).dump(1).size(), small_bytes = to_json(small).dump(1).size();
  WARN("100,000 cases, " << small.cases.size() << " listed: report.json " << full_bytes / 1024 << " KiB listing every case, "
                         << small_bytes / 1024 << " KiB compact; " << small.pass_groups.size() << " pass groups");
  CHECK(small.cases.size() < 1000);
  // Proportional to what is listed: at most 2 KiB per listed case or group (the aggregates included).
  CHECK(small_bytes < 2048 * (small.cases.size() + small.pass_groups.size()));
  CHECK(small_bytes * 20 < full_bytes);
}

TEST_CASE("merge adds up the shards' summarized passes", "[merge][summarized]") {
  const Report whole = testing::make_report(600, 9);
  std::vector<Report> shards = testing::shard_report(whole, 3);
  for (auto& s : shards) summarize_passes(s);
  shards[1] = testing::shard_report(whole, 3)[1];  // one shard run with --full-report
  const Report merged = merge_reports(shards, {});
  CHECK(same_tallies(aggregate(merged), aggregate(whole)));
  CHECK(merged.case_count() == 600);
  Report expected = compact(whole);
  CHECK(merged.summarized_passes() < expected.summarized_passes());  // shard 2's passes stay listed
  Report recompacted = merged;
  summarize_passes(recompacted);
  CHECK(recompacted.pass_groups == expected.pass_groups);
  std::sort(expected.cases.begin(), expected.cases.end(), [](const auto& x, const auto& y) { return x.id < y.id; });
  CHECK(recompacted.cases == expected.cases);  // merge sorts by id
}

TEST_CASE("diff of compact runs over the same cases knows what the summarized passes were", "[diff][summarized]") {
  const Report old_run = compact(small_run());
  Report changed = small_run();
  changed.cases[0] = testing::make_case("Sub-7/float32/a", "Sub", 7, "float32", "crash");  // was a plain pass
  changed.cases[6] = testing::make_case("Sub-7/float32/bad", "Sub", 7, "float32", "pass");  // was failing
  const Report new_run = compact(changed);
  REQUIRE(same_case_set(old_run, new_run));
  const ReportDiff d = diff_reports(old_run, new_run);
  CHECK(d.regressed());
  REQUIRE(d.regressions.size() == 1);
  CHECK(d.regressions[0].id == "Sub-7/float32/a");
  REQUIRE(d.fixes.size() == 1);
  CHECK(d.fixes[0].id == "Sub-7/float32/bad");
  CHECK(d.added.empty());
  CHECK(d.removed.empty());
  const std::string text = diff_text(d);
  CHECK_THAT(text, Catch::Contains("Sub-7/float32/a: pass (summarized) -> crash"));
  CHECK_THAT(text, Catch::Contains("Sub-7/float32/bad: fail -> passes now (summarized)"));
  CHECK_THAT(text, Catch::Contains("metrics of summarized passes are not compared"));
  const json j = diff_json(d);
  CHECK(j["regressions"][0]["old_summarized_pass"] == "known");
  CHECK(j["fixes"][0]["new_summarized_pass"] == "known");
}

TEST_CASE("diff of a run listing every case against a compact one: passes stay passes", "[diff][summarized]") {
  const Report full = small_run(), small = compact(small_run());
  REQUIRE(same_case_set(full, small));
  for (const auto& d : {diff_reports(full, small), diff_reports(small, full)}) {
    CHECK_FALSE(d.regressed());
    CHECK(d.fixes.empty());
    CHECK(d.changed.empty());
    CHECK(d.metrics_changed.empty());
    CHECK(d.added.empty());
    CHECK(d.removed.empty());
  }
  // A pass listed for its warning in the old run only: its metrics changed, nothing else.
  Report warned = small_run();
  warned.cases[0].metrics->warning = "suspicious accumulator";
  const ReportDiff d = diff_reports(compact(warned), small);
  REQUIRE(d.metrics_changed.size() == 1);
  CHECK(d.metrics_changed[0].id == "Sub-7/float32/a");
  CHECK(d.fixes.empty());
}

TEST_CASE("diff of compact runs over different case sets claims nothing it cannot know", "[diff][summarized]") {
  const Report old_run = compact(small_run());
  Report other = small_run();
  other.run.options["ops"] = json::array({"Sub"});  // another selection: the case sets may differ
  other.cases[0].verdict = "fail";
  other.cases[0].message = "2 of 60 elements differ";
  other.cases[6].verdict = "pass";
  other.cases[6].message.clear();
  other.cases[6].metrics->bad_count = 0;
  other.cases[6].metrics->first_mismatches.clear();
  const Report new_run = compact(other);
  REQUIRE_FALSE(same_case_set(old_run, new_run));
  const ReportDiff d = diff_reports(old_run, new_run);
  // Failing now and perhaps a pass before: a regression for the gate, said as unknown.
  REQUIRE(d.regressions.size() == 1);
  CHECK_THAT(diff_text(d), Catch::Contains("Sub-7/float32/a: not listed in the old run (a summarized pass there, or not run) -> fail"));
  // Listed before, not now: removed, or passing (summarized); never called fixed.
  CHECK(d.fixes.empty());
  REQUIRE(d.removed.size() == 1);
  CHECK(d.removed[0].id == "Sub-7/float32/bad");
  CHECK_THAT(diff_text(d), Catch::Contains("passes now (summarized) or was not run"));
}

TEST_CASE("junit, markdown and html handle summarized passes", "[junit][markdown][html][summarized]") {
  const Report r = compact(small_run());
  const std::string xml = render_junit(r);
  // Four listed cases and two groups: six testcases.
  size_t testcases = 0;
  for (size_t at = xml.find("<testcase "); at != std::string::npos; at = xml.find("<testcase ", at + 1)) ++testcases;
  CHECK(testcases == 6);
  CHECK_THAT(xml, Catch::Contains("name=\"float32,float32: 3 passing cases (summarized;"));
  CHECK_THAT(xml, Catch::Contains("<testsuite name=\"Sub-7\" tests=\"6\" failures=\"1\" errors=\"0\" skipped=\"0\""));
  CHECK_THAT(render_markdown(r), Catch::Contains("4 passing cases are summarized") && Catch::Contains("| pass | 6 |"));

  // The page embeds the compact form even for a report that lists every case.
  const Report full = testing::make_report(2000, 4);
  const std::string html = render_html(full);
  const std::string open = "<script type=\"application/json\" id=\"report-data\">";
  const auto a = html.find(open) + open.size();
  const json data = json::parse(html.substr(a, html.find("</script>", a) - a));
  CHECK(data["aggregates"]["totals"]["total"] == 2000);
  CHECK(data["summarized_passes"] == compact(full).summarized_passes());
  for (const auto& c : data["cases"]) CHECK(c["verdict"] != "pass");
}
