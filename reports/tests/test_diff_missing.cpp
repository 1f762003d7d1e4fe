// report diff (issue 25): a baseline's summarized passes missing from the new run are
// regressions too, and a new run that is a shard says so. The counts are by hand from
// the reports built here.
#include <catch2/catch.hpp>

#include "reports/diff.h"
#include "reports/tests/sample.h"

using namespace touchstone::reports;

namespace {

// Four plain passes of Add-14 float32 and two of Sub-7 float32, summarized as a run
// writes them; `listed` failing cases of Add-14 float32 besides.
Report run_of(int add_passes, int sub_passes, int listed = 0) {
  Report r;
  r.run.suite_digest = "sha256:suite";
  for (int i = 0; i < add_passes; ++i) r.cases.push_back(testing::make_case("add/" + std::to_string(i), "Add", 14, "float32", "pass"));
  for (int i = 0; i < sub_passes; ++i) r.cases.push_back(testing::make_case("sub/" + std::to_string(i), "Sub", 7, "float32", "pass"));
  for (int i = 0; i < listed; ++i) r.cases.push_back(testing::make_case("add/f" + std::to_string(i), "Add", 14, "float32", "fail"));
  for (auto& c : r.cases) c.metrics.reset();  // plain passes: nothing a reader must see
  summarize_passes(r);
  return r;
}

}  // namespace

TEST_CASE("diff: passes summarized in the baseline and missing from the new run are regressions", "[diff][trust]") {
  const Report full = run_of(4, 2, 1);
  REQUIRE(full.summarized_passes() == 6);  // the passes are counted, not listed
  Report half = run_of(2, 1, 1);
  half.run.shard = std::pair{1, 2};
  half.run.options["shard"] = "1/2";
  const ReportDiff d = diff_reports(full, half);
  CHECK(d.regressions.empty());  // no listed case changed
  CHECK(d.removed.empty());
  REQUIRE(d.missing.size() == 2);
  CHECK(d.missing[0].op_version == "Add-14");
  CHECK(d.missing[0].count == 2);  // 5 cases before (4 + 1 listed), 3 now
  CHECK(d.missing[1].op_version == "Sub-7");
  CHECK(d.missing[1].count == 1);
  CHECK(d.missing_count() == 3);
  CHECK(d.regressed());
  CHECK(d.new_shard == "1/2");
  const std::string text = diff_text(d);
  CHECK_THAT(text, Catch::Contains("REGRESSED") && Catch::Contains("3 missing (the new run is shard 1/2)"));
  CHECK_THAT(text, Catch::Contains("Add-14 float32,float32: 2 passed in the old run, not in the new one"));
  CHECK_THAT(text, Catch::Contains("the new run is shard 1/2 of its suite and the old run is not"));
  CHECK_THAT(diff_markdown(d), Catch::Contains("3 missing") && Catch::Contains("shard 1/2"));
  CHECK(diff_json(d)["missing"][0]["count"] == 2);
  CHECK(diff_json(d)["new_shard"] == "1/2");
  CHECK_FALSE(diff_reports(full, half, {.allow_removed = true}).regressed());  // allowed: only what was asked
}

TEST_CASE("diff: a listed case that went missing is counted once, and more cases are not missing", "[diff][trust]") {
  const Report before = run_of(4, 2, 2);
  Report after = run_of(4, 2, 1);  // add/f1 is gone: removed, listed
  after.run.suite_digest = before.run.suite_digest;
  after.run.options["cases"] = "add/*";  // another selection: the case sets are not provably the same
  const ReportDiff d = diff_reports(before, after);
  CHECK(d.removed.size() == 1);
  CHECK(d.missing.empty());
  const ReportDiff grown = diff_reports(after, run_of(6, 3, 1));
  CHECK(grown.missing.empty());
  CHECK_FALSE(grown.regressed());
}
