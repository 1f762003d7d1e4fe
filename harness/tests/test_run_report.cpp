// What the runner puts into the report: case results (metrics only when values were
// compared), the suite digest, the --case filter and the reproduce command.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "harness/case_source.h"
#include "harness/run_report.h"
#include "harness/runner.h"
#include "harness/tests/fixture.h"

using namespace touchstone;
using namespace touchstone::harness;
using touchstone::testing::add_binary_case;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;

TEST_CASE("case results carry metrics only when values were compared", "[run-report]") {
  CaseMeta meta;
  meta.id = "Pow-15/int32/neg_exp";
  meta.op = "Pow";
  meta.since_version = 15;
  meta.semantics = Semantics::kImplementationDefined;
  BackendOutcome crashed;
  crashed.status = BackendOutcome::kCrash;
  VerdictResult v;
  v.verdict = Verdict::kCrash;
  v.semantics = meta.semantics;
  const auto r = case_result(meta, crashed, v, 12.5);
  CHECK(r.verdict == "crash");
  CHECK_FALSE(r.metrics);
  CHECK(r.category == "implementation-defined");
  CHECK(r.backend_status == "crash");
  CHECK_FALSE(r.backend_time_ms);

  BackendOutcome ok;
  ok.time_ms = 0.25;
  v.verdict = Verdict::kDivergent;
  v.values_compared = true;
  v.comparison.kind = Comparison::kValues;
  v.comparison.max_ulp = 3;
  v.comparison.bad_count = 1;
  v.comparison.first_mismatches = {{4, "1", "2"}};
  const auto d = case_result(meta, ok, v, 1);
  REQUIRE(d.metrics);
  CHECK(*d.metrics->max_ulp == 3);
  CHECK(d.metrics->first_mismatches == std::vector<reports::Mismatch>{{4, "1", "2"}});
  CHECK(d.backend_time_ms == 0.25);
}

TEST_CASE("the case filter keeps ids and globs, and refuses a pattern that matches nothing", "[run-report]") {
  Suite s;
  for (const char* id : {"Sub-7/float32/a", "Sub-7/int8/b", "Pow-15/float32/c", "test_sub_bcast"}) {
    SuiteCase c;
    c.meta.id = id;
    s.cases.push_back(c);
  }
  Suite one = s;
  keep_cases(one, {"test_sub_bcast"});
  REQUIRE(one.cases.size() == 1);
  Suite glob = s;
  keep_cases(glob, {"Sub-7/*", "Pow-15/float32/c"});
  CHECK(glob.cases.size() == 3);
  Suite all = s;
  keep_cases(all, {});
  CHECK(all.cases.size() == 4);
  CHECK_THROWS_WITH(keep_cases(s, {"Sub-7/*", "Mul-*"}), Catch::Contains("--case 'Mul-*' matches no case"));
}

TEST_CASE("shell quoting and the reproduce command", "[run-report]") {
  CHECK(shell_quote("Sub-7/float32/a") == "Sub-7/float32/a");
  CHECK(shell_quote("a b") == "'a b'");
  CHECK(shell_quote("it's") == "'it'\\''s'");
  CHECK(shell_quote("") == "''");
  CHECK(shell_quote("x", true) == "'x'");
  RunOptions o;
  o.backend.name = "command:/opt/my adapter";
  o.oracle = OracleKind::kExpected;
  o.flush_subnormals = true;
  CHECK(reproduce_command("/suites/s", o, "Sub-7/float32/a") ==
        "touchstone run --suite /suites/s --backend 'command:/opt/my adapter' --oracle expected "
        "--flush-subnormals --case 'Sub-7/float32/a' --report-dir \"${TMPDIR:-/tmp}/touchstone-repro\" --overwrite");
  o = RunOptions{};
  o.backend.name = "onnxruntime";
  o.timeout_s = 5;
  CHECK(reproduce_command("/s", o, "x") ==
        "touchstone run --suite /s --backend onnxruntime --timeout 5 --case 'x' --report-dir \"${TMPDIR:-/tmp}/touchstone-repro\" --overwrite");
}

TEST_CASE("the suite digest follows ids and file contents", "[run-report]") {
  const fs::path root = temp_dir("digest");
  Suite s;
  s.root = root;
  s.cases.push_back(add_binary_case(root, "Add-14/float32/a", "Add", 14));
  s.cases.push_back(add_binary_case(root, "Add-14/float32/b", "Add", 14));
  const auto suite_digest = [](const Suite& suite) {
    const auto source = suite_source(suite);
    SuiteDigest digest;
    for (size_t i = source->entries().size(); i-- > 0;) digest.add(source->entries()[i].id, source->load(i).digest);
    return digest.finish();  // in id order, whatever the order of add
  };
  const std::string d = suite_digest(s);
  CHECK(d.size() == 7 + 64);
  CHECK(suite_digest(s) == d);
  std::ofstream(s.cases[1].dir / "test_data_set_0/output_0.pb", std::ios::app) << "x";
  const std::string changed = suite_digest(s);
  CHECK(changed != d);
  s.cases[1].meta.id = "Add-14/float32/c";
  CHECK(suite_digest(s) != changed);
  fs::remove_all(root);
}

TEST_CASE("ONNX's multi-node tests are attributed to the op they test", "[run-report][onnx-node-tests]") {
  const fs::path node = fs::path(TOUCHSTONE_ONNX_TESTDATA) / "node";
  if (!fs::is_directory(node / "test_range_float_type_positive_delta_expanded")) {
    WARN("no ONNX node tests at " << node);
    return;
  }
  const Suite suite = load_suite(node);
  const auto meta = [&](const std::string& id) {
    for (const auto& c : suite.cases)
      if (c.meta.id == id) return c.meta;
    FAIL("no case " << id);
    return CaseMeta{};
  };
  const auto multi = [](const CaseMeta& m) {
    return std::find(m.tags.begin(), m.tags.end(), "multi-node") != m.tags.end();
  };
  // By name: no unexpanded sibling needed.
  const CaseMeta range = meta("test_range_float_type_positive_delta_expanded");
  CHECK(range.op == "Range");
  CHECK(range.since_version == 11);
  CHECK(multi(range));
  // By the unexpanded test: GreaterOrEqual, not the Greater its name starts with.
  CHECK(meta("test_greater_equal_expanded").op == "GreaterOrEqual");
  // Single-node tests keep their node's op and get no tag.
  const CaseMeta sub = meta("test_sub_bcast");
  CHECK(sub.op == "Sub");
  CHECK_FALSE(multi(sub));
}
