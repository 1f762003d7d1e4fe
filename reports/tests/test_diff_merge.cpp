// report diff (CI's gate) and report merge (shards back into one run).
#include <catch2/catch.hpp>

#include "reports/diff.h"
#include "reports/merge.h"
#include "reports/tests/sample.h"

using namespace touchstone::reports;

namespace {

const CaseResult* find_case(const Report& r, const std::string& id) {
  for (const auto& c : r.cases)
    if (c.id == id) return &c;
  return nullptr;
}

size_t index_of_verdict(const Report& r, const std::string& v) {
  for (size_t i = 0; i < r.cases.size(); ++i)
    if (r.cases[i].verdict == v) return i;
  FAIL("no " << v);
  return 0;
}

}  // namespace

TEST_CASE("diff: identical runs have no regression", "[diff]") {
  const Report a = testing::make_report(500);
  const ReportDiff d = diff_reports(a, a);
  CHECK_FALSE(d.regressed());
  CHECK(d.regressions.empty());
  CHECK(d.fixes.empty());
  CHECK(d.metrics_changed.empty());
  CHECK_THAT(diff_text(d), Catch::Contains("no regression"));
}

TEST_CASE("diff: one newly failing case is a regression and is named", "[diff]") {
  const Report old_run = testing::make_report(500);
  Report new_run = old_run;
  const size_t i = index_of_verdict(new_run, "pass");
  new_run.cases[i] = testing::make_case(new_run.cases[i].id, new_run.cases[i].op, new_run.cases[i].since_version,
                                        "float32", "fail");
  const ReportDiff d = diff_reports(old_run, new_run);
  CHECK(d.regressed());
  REQUIRE(d.regressions.size() == 1);
  CHECK(d.regressions[0].id == old_run.cases[i].id);
  CHECK_THAT(diff_text(d), Catch::Contains(old_run.cases[i].id) && Catch::Contains("pass -> fail"));
  CHECK_THAT(diff_markdown(d), Catch::Contains("regressions"));
  CHECK(diff_json(d)["regressions"][0]["id"] == old_run.cases[i].id);
}

TEST_CASE("diff: fixes, other changes, metrics, added and removed cases", "[diff]") {
  Report a, b;
  a.cases = {testing::make_case("x/fixed", "Sub", 7, "float32", "fail"),
             testing::make_case("x/worse", "Sub", 7, "float32", "fail"),
             testing::make_case("x/lost-support", "Sub", 7, "float32", "pass"),
             testing::make_case("x/known", "Sub", 7, "float32", "unsupported"),
             testing::make_case("x/removed", "Sub", 7, "float32", "pass")};
  b.cases = {testing::make_case("x/fixed", "Sub", 7, "float32", "pass"),
             testing::make_case("x/worse", "Sub", 7, "float32", "fail"),
             testing::make_case("x/lost-support", "Sub", 7, "float32", "unsupported"),
             testing::make_case("x/known", "Sub", 7, "float32", "expected-fail"),
             testing::make_case("x/added", "Sub", 7, "float32", "crash")};
  b.cases[1].metrics->max_ulp = 300;
  const ReportDiff d = diff_reports(a, b);
  REQUIRE(d.fixes.size() == 1);
  CHECK(d.fixes[0].id == "x/fixed");
  REQUIRE(d.metrics_changed.size() == 1);
  CHECK(d.metrics_changed[0].id == "x/worse");
  REQUIRE(d.regressions.size() == 1);
  CHECK(d.regressions[0].id == "x/lost-support");  // a pass that no longer passes
  REQUIRE(d.changed.size() == 1);
  CHECK(d.changed[0].id == "x/known");
  REQUIRE(d.added.size() == 1);
  REQUIRE(d.removed.size() == 1);
  CHECK_THAT(diff_text(d), Catch::Contains("max ulp 3") && Catch::Contains("max ulp 300"));

  // A removed case is a regression unless removals are allowed (issue 16: a gate must
  // not pass because cases went missing), whatever its old verdict.
  Report c = a;
  c.cases.pop_back();
  CHECK(diff_reports(a, c).regressed());
  CHECK_THAT(diff_text(diff_reports(a, c)), Catch::Contains("REGRESSED") && Catch::Contains("--allow-removed"));
  CHECK_FALSE(diff_reports(a, c, {.allow_removed = true}).regressed());
  Report e = a;
  e.cases.erase(e.cases.begin() + 3);  // x/known, unsupported before
  CHECK(diff_reports(a, e).regressed());
}

TEST_CASE("diff refuses two different suites unless told", "[diff][trust]") {
  Report a = testing::make_report(20), b = a;
  b.run.suite_digest = "sha256:another-suite";
  CHECK_THROWS_WITH(diff_reports(a, b), Catch::Contains("different suites") && Catch::Contains("--allow-suite-change"));
  const ReportDiff d = diff_reports(a, b, {.allow_suite_change = true});
  CHECK_FALSE(d.regressed());
  CHECK_THAT(diff_text(d), Catch::Contains("suite digest"));
}

TEST_CASE("merge: the shards of a run merged give the unsharded run's verdicts", "[merge]") {
  Report whole = testing::make_report(1000);
  const auto shards = testing::shard_report(whole, 3);
  const Report merged = merge_reports(shards, {"s1.json", "s2.json", "s3.json"});
  REQUIRE(merged.cases.size() == whole.cases.size());
  for (const auto& c : whole.cases) {
    const CaseResult* m = find_case(merged, c.id);
    REQUIRE(m);
    CHECK(*m == c);
  }
  CHECK(aggregate(merged).totals.verdicts == aggregate(whole).totals.verdicts);
  CHECK_FALSE(merged.run.shard);
  CHECK(merged.run.merged_from.size() == 3);
  CHECK_THAT(merged.run.host, Catch::Contains("shard-host-3"));
}

TEST_CASE("merge refuses different suites or backends unless forced, and conflicting duplicates", "[merge]") {
  auto shards = testing::shard_report(testing::make_report(50), 2);
  SECTION("backend") {
    shards[1].run.backend_version = "1.31.0";
    CHECK_THROWS_WITH(merge_reports(shards, {"a.json", "b.json"}), Catch::Contains("backends") && Catch::Contains("b.json"));
    CHECK(merge_reports(shards, {}, MergeOptions{true}).cases.size() == 50);
  }
  SECTION("suite digest") {
    shards[1].run.suite_digest = "sha256:other";
    CHECK_THROWS_WITH(merge_reports(shards, {}), Catch::Contains("suites"));
  }
  SECTION("a missing shard: refused, naming it") {
    auto three = testing::shard_report(testing::make_report(60), 3);
    three.erase(three.begin() + 1);
    CHECK_THROWS_WITH(merge_reports(three, {"s1.json", "s3.json"}), Catch::Contains("incomplete") && Catch::Contains("2/3"));
    CHECK_THROWS_WITH(merge_reports(three, {}, MergeOptions{true}), Catch::Contains("incomplete"));
  }
  SECTION("a shard given twice, shards of different splits, a report that is no shard") {
    auto twice = shards;
    twice[1] = twice[0];
    CHECK_THROWS_WITH(merge_reports(twice, {"a.json", "b.json"}), Catch::Contains("given twice"));
    auto split = shards;
    split[1].run.shard = std::pair{2, 3};
    CHECK_THROWS_WITH(merge_reports(split, {}), Catch::Contains("not the same split"));
    auto whole = shards;
    whole[1].run.shard.reset();
    CHECK_THROWS_WITH(merge_reports(whole, {}), Catch::Contains("not the report of a shard"));
  }
  SECTION("shards run with different options") {
    shards[1].run.options["ops"] = nlohmann::json::array({"Add"});
    CHECK_THROWS_WITH(merge_reports(shards, {}), Catch::Contains("different options"));
  }
  SECTION("an identical duplicate is kept once, a conflicting one refused") {
    shards[1].cases.push_back(shards[0].cases[0]);
    shards[1].cases.back().time_ms = 99;
    CHECK(merge_reports(shards, {}).cases.size() == 50);
    shards[1].cases.back().verdict = shards[1].cases.back().verdict == "pass" ? "fail" : "pass";
    CHECK_THROWS_WITH(merge_reports(shards, {}), Catch::Contains(shards[0].cases[0].id));
  }
}
