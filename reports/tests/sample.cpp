#include "reports/tests/sample.h"

#include <limits>
#include <random>

namespace touchstone::reports::testing {

CaseResult make_case(const std::string& id, const std::string& op, int version, const std::string& dtype,
                     const std::string& verdict) {
  CaseResult c;
  c.id = id;
  c.op = op;
  c.since_version = version;
  c.dtypes = {dtype, dtype};
  c.tags = {"broadcast"};
  c.verdict = verdict;
  c.time_ms = 1.25;
  c.backend_status = "ok";
  c.metrics = Metrics{};
  c.metrics->max_ulp = 0;
  c.metrics->max_abs = 0;
  if (verdict == "fail" || verdict == "expected-fail" || verdict == "divergent") {
    c.metrics->max_ulp = 3;
    c.metrics->max_abs = 2.384185791015625e-07;
    c.metrics->bad_count = 2;
    c.metrics->first_mismatches = {{0, "0.1", "0.10000002"}, {7, "-0", "0"}};
    c.message = "2 of 60 elements differ (max 3 ulp)";
  } else if (verdict != "pass" && verdict != "unexpected-pass") {
    c.metrics.reset();
    c.message = verdict + ": backend said so";
  }
  return c;
}

Report make_report(size_t n, unsigned seed, unsigned pass_permille) {
  static const std::vector<std::pair<std::string, std::vector<int>>> kOps = {
      {"Add", {1, 6, 7, 13, 14}}, {"Sub", {1, 6, 7, 13, 14}}, {"Mul", {1, 6, 7, 13, 14}},
      {"Div", {1, 6, 7, 13, 14}}, {"Pow", {1, 7, 12, 13, 15}}, {"Relu", {1, 6, 13, 14}},
      {"ReduceSum", {1, 11, 13}}, {"MatMul", {1, 9, 13}}, {"Exp", {1, 6, 13}}, {"Sqrt", {1, 6, 13}}};
  static const std::vector<std::string> kDtypes = {"float32", "float16", "bfloat16", "float64", "int32", "int64", "uint8"};
  std::mt19937 rng(seed);
  Report r;
  r.run.touchstone_version = "0.1.0";
  r.run.touchstone_commit = "0123456789abcdef0123456789abcdef01234567";
  r.run.backend_name = "onnxruntime";
  r.run.backend_version = "1.30.0";
  r.run.suite_path = "suites/basic";
  r.run.suite_digest = "sha256:5f2c0e";
  r.run.suite_case_count = static_cast<int64_t>(n);
  r.run.options = {{"jobs", 2}, {"timeout", 30}};
  r.run.command = "touchstone run --suite suites/basic --backend onnxruntime";
  r.run.started = "2024-05-01T10:00:00Z";
  r.run.finished = "2024-05-01T10:02:00Z";
  r.run.host = "ci-runner-1";
  const auto& names = verdict_names();
  for (size_t i = 0; i < n; ++i) {
    const auto& [op, versions] = kOps[rng() % kOps.size()];
    const int version = versions[rng() % versions.size()];
    const std::string& dtype = kDtypes[rng() % kDtypes.size()];
    const unsigned roll = rng() % 1000;
    const std::string verdict = roll < pass_permille ? "pass" : names[rng() % names.size()];
    auto c = make_case(op + "-" + std::to_string(version) + "/" + dtype + "/case_" + std::to_string(i), op, version,
                       dtype, verdict);
    if (verdict == "fail" && rng() % 4 == 0) {
      c.metrics->max_ulp = std::numeric_limits<double>::infinity();
      c.metrics->first_mismatches = {{3, "nan", "0"}};
    } else if (verdict == "fail") {
      c.metrics->max_ulp = static_cast<double>(1u << (rng() % 24));
    }
    r.cases.push_back(std::move(c));
  }
  return r;
}

std::vector<Report> shard_report(const Report& report, int count) {
  std::vector<Report> shards(count);
  for (int i = 0; i < count; ++i) {
    shards[i].run = report.run;
    shards[i].run.shard = std::pair{i + 1, count};
    shards[i].run.host = "shard-host-" + std::to_string(i + 1);
  }
  for (size_t i = 0; i < report.cases.size(); ++i) shards[i % count].cases.push_back(report.cases[i]);
  return shards;
}

}  // namespace touchstone::reports::testing
