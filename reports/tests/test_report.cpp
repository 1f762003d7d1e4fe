// The report model: JSON round trip, strict reading, verdict classes, aggregates.
#include <catch2/catch.hpp>
#include <fstream>
#include <limits>

#include "reports/report.h"
#include "reports/tests/sample.h"

using namespace touchstone::reports;
using nlohmann::json;

TEST_CASE("a report survives to_json and report_from_json", "[report]") {
  Report r = testing::make_report(300);
  r.run.shard = std::pair{2, 4};
  r.cases[0].metrics->max_ulp = std::numeric_limits<double>::infinity();
  r.cases[0].reproduce = "touchstone run --only x";
  const Report back = report_from_json(json::parse(to_json(r).dump()));
  REQUIRE(back.cases == r.cases);
  CHECK(back.run.shard == r.run.shard);
  CHECK(back.run.suite_digest == r.run.suite_digest);
  CHECK(back.run.options == r.run.options);
  CHECK(to_json(back) == to_json(r));
}

TEST_CASE("an infinite metric is written as null and read back as infinity", "[report]") {
  Report r;
  r.cases.push_back(testing::make_case("Pow-12/float32/nan", "Pow", 12, "float32", "fail"));
  r.cases[0].metrics->max_ulp = std::numeric_limits<double>::infinity();
  const json j = to_json(r);
  CHECK(j["cases"][0]["metrics"]["max_ulp"].is_null());
  CHECK(std::isinf(*report_from_json(j).cases[0].metrics->max_ulp));
}

TEST_CASE("reading refuses what is not a report it knows and names the field", "[report]") {
  json j = to_json(testing::make_report(3));
  SECTION("newer schema version") {
    j["schema_version"] = kSchemaVersion + 1;
    CHECK_THROWS_WITH(report_from_json(j), Catch::Contains("newer"));
  }
  SECTION("another schema") {
    j["schema"] = "something-else";
    CHECK_THROWS_WITH(report_from_json(j), Catch::Contains("schema"));
  }
  SECTION("unknown verdict") {
    j["cases"][1]["verdict"] = "meh";
    CHECK_THROWS_WITH(report_from_json(j), Catch::Contains("cases[1]") && Catch::Contains("meh"));
  }
  SECTION("duplicate id") {
    j["cases"][2]["id"] = j["cases"][0]["id"];
    CHECK_THROWS_WITH(report_from_json(j), Catch::Contains("duplicate"));
  }
  SECTION("missing id") {
    j["cases"][0].erase("id");
    CHECK_THROWS_WITH(report_from_json(j), Catch::Contains("\"id\""));
  }
}

TEST_CASE("verdict classes", "[report]") {
  CHECK(verdict_class("pass") == VerdictClass::kPassed);
  CHECK(verdict_class("divergent") == VerdictClass::kPassed);
  CHECK(verdict_class("unexpected-pass") == VerdictClass::kPassed);
  CHECK(verdict_class("expected-fail") == VerdictClass::kKnown);
  CHECK(verdict_class("skip") == VerdictClass::kNotRun);
  CHECK(verdict_class("unsupported") == VerdictClass::kNotRun);
  for (const char* v : {"fail", "wrong-shape", "wrong-dtype", "error", "crash", "timeout", "accepted-invalid"})
    CHECK(verdict_class(v) == VerdictClass::kFailed);
  CHECK(verdict_class("bad-case") == VerdictClass::kNotRun);  // the suite's fault, never the backend's
  CHECK(verdict_names().size() == 14);
  CHECK_THROWS(verdict_class("passed"));
}

TEST_CASE("the pass rate counts only cases the backend ran and never exceeds 100%", "[report]") {
  Tally t;
  for (const char* v : {"pass", "pass", "divergent", "fail", "expected-fail", "skip", "unsupported", "unsupported"}) t.add(v);
  CHECK(t.total == 8);
  CHECK(t.counted() == 5);
  CHECK(*t.pass_rate() == Approx(3.0 / 5.0));
  CHECK_FALSE(Tally{}.pass_rate());
  // Every mix of verdicts, by brute force over small counts.
  for (unsigned mask = 0; mask < (1u << 13); mask += 7) {
    Tally m;
    for (size_t v = 0; v < 13; ++v)
      for (unsigned k = 0; k < ((mask >> v) & 1u) * (v + 1); ++k) m.add(verdict_names()[v]);
    if (auto rate = m.pass_rate()) {
      CHECK(*rate >= 0);
      CHECK(*rate <= 1);
    }
  }
}

TEST_CASE("aggregates per op-version, per dtype, and coverage of the catalog", "[report]") {
  Report r;
  r.cases.push_back(testing::make_case("Sub-7/float32/a", "Sub", 7, "float32", "pass"));
  r.cases.push_back(testing::make_case("Sub-7/float32/b", "Sub", 7, "float32", "fail"));
  r.cases.push_back(testing::make_case("Sub-7/int32/a", "Sub", 7, "int32", "pass"));
  r.cases.push_back(testing::make_case("Sub-6/float32/a", "Sub", 6, "float32", "skip"));
  r.cases.push_back(testing::make_case("ai.onnx.ml.Foo-1/x", "Foo", 1, "float32", "pass"));
  r.cases.back().domain = "ai.onnx.ml";
  const Aggregates a = aggregate(r);
  CHECK(a.totals.total == 5);
  REQUIRE(a.by_op_version.size() == 3);
  CHECK(a.by_op_version[0].domain == "");
  CHECK(a.by_op_version[0].op == "Sub");
  CHECK(a.by_op_version[0].since_version == 6);
  const auto& sub7 = a.by_op_version[1];
  CHECK(sub7.tally.total == 3);
  CHECK(sub7.by_dtype.at("float32,float32").failed == 1);
  CHECK(sub7.by_dtype.at("int32,int32").passed == 1);
  CHECK(a.by_dtype.at("float32").total == 4);  // counted once per case, not per input
  CHECK(a.catalog_op_versions == 642);
  CHECK(a.covered_op_versions == 2);  // Sub-6 and Sub-7; ai.onnx.ml.Foo is not in the catalog
  CHECK(a.implemented_op_versions >= 2);
  CHECK(a.implemented_op_versions <= a.catalog_op_versions);
}

TEST_CASE("the JSON the runner writes (first version) loads", "[report]") {
  // The shape of harness/report_model.cpp's to_json: metrics on every case, null metrics
  // for unbounded errors, backend hello, backend_status, backend_time_ms.
  const json doc = json::parse(R"({"schema":"touchstone-report","schema_version":1,
    "run":{"touchstone_version":"0.1.0","backend":{"name":"reference","version":"0.1.0","hello":null},
      "suite":{"path":"/s","case_count":2},"oracle":"expected","options":{"jobs":2},
      "started":"2024-01-01T00:00:00Z","finished":"2024-01-01T00:00:01Z","host":"h"},
    "cases":[{"id":"test_sub_bcast","op":"Sub","domain":"","since_version":7,"dtypes":["float32"],"tags":[],
      "verdict":"pass","message":"","backend_status":"ok",
      "metrics":{"max_ulp":0,"max_abs":0,"bad_count":0,"first_mismatches":[]},"time_ms":3.5,"backend_time_ms":-1},
      {"id":"test_pow","op":"Pow","domain":"","since_version":15,"dtypes":["float32"],"tags":[],
      "verdict":"fail","message":"1 element differs","backend_status":"ok",
      "metrics":{"max_ulp":null,"max_abs":null,"bad_count":1,"first_mismatches":[{"index":2,"expected":"nan","actual":"1"}]},
      "time_ms":2,"backend_time_ms":0.5}],
    "totals":{"pass":1,"fail":1}})");
  const Report r = report_from_json(doc);
  REQUIRE(r.cases.size() == 2);
  CHECK(r.run.oracle == "expected");
  CHECK_FALSE(r.cases[0].backend_time_ms);
  CHECK(*r.cases[1].backend_time_ms == 0.5);
  CHECK(std::isinf(*r.cases[1].metrics->max_abs));
  CHECK(r.cases[1].metrics->first_mismatches[0].expected == "nan");
}

TEST_CASE("the checked-in example report (schema version 1) still loads", "[report][compat]") {
  const Report r = load_report(TOUCHSTONE_SOURCE_DIR "/reports/example/report.json");
  CHECK(r.schema_version == 1);
  CHECK(r.cases.size() >= 10);
  const Aggregates a = aggregate(r);
  CHECK(a.totals.failed > 0);
  CHECK(a.totals.passed > 0);
}
