#include "harness/report_model.h"

#include <cmath>

#include "reference/error.h"

namespace touchstone::harness {

using json = nlohmann::json;

namespace {

json finite_or_null(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
double from_json_number(const json& j) {
  return j.is_null() ? std::numeric_limits<double>::infinity() : j.get<double>();
}

}  // namespace

json to_json(const CaseReport& c) {
  json mismatches = json::array();
  for (const auto& m : c.metrics.first_mismatches)
    mismatches.push_back({{"index", m.index}, {"expected", m.expected}, {"actual", m.actual}});
  return {{"id", c.id},
          {"op", c.op},
          {"domain", c.domain},
          {"since_version", c.since_version},
          {"dtypes", c.dtypes},
          {"tags", c.tags},
          {"verdict", c.verdict},
          {"message", c.message},
          {"backend_status", c.backend_status},
          {"metrics",
           {{"max_ulp", finite_or_null(c.metrics.max_ulp)},
            {"max_abs", finite_or_null(c.metrics.max_abs)},
            {"bad_count", c.metrics.bad_count},
            {"first_mismatches", mismatches}}},
          {"time_ms", c.time_ms},
          {"backend_time_ms", c.backend_time_ms}};
}

CaseReport case_report_from_json(const json& j) {
  try {
    CaseReport c;
    c.id = j.at("id");
    c.op = j.value("op", "");
    c.domain = j.value("domain", "");
    c.since_version = j.value("since_version", 0);
    c.dtypes = j.value("dtypes", std::vector<std::string>{});
    c.tags = j.value("tags", std::vector<std::string>{});
    c.verdict = j.at("verdict");
    c.message = j.value("message", "");
    c.backend_status = j.value("backend_status", "");
    const auto& m = j.at("metrics");
    c.metrics.max_ulp = from_json_number(m.at("max_ulp"));
    c.metrics.max_abs = from_json_number(m.at("max_abs"));
    c.metrics.bad_count = m.value("bad_count", 0);
    for (const auto& x : m.value("first_mismatches", json::array()))
      c.metrics.first_mismatches.push_back({x.at("index"), x.at("expected"), x.at("actual")});
    c.time_ms = j.value("time_ms", 0.0);
    c.backend_time_ms = j.value("backend_time_ms", -1.0);
    return c;
  } catch (const json::exception& e) {
    malformed(std::string("case record: ") + e.what());
  }
}

json to_json(const Report& r) {
  json cases = json::array();
  for (const auto& c : r.cases) cases.push_back(to_json(c));
  const auto& m = r.run;
  return {{"schema", "touchstone-report"},
          {"schema_version", 1},
          {"run",
           {{"touchstone_version", m.touchstone_version},
            {"backend", {{"name", m.backend_name}, {"version", m.backend_version}, {"hello", m.backend_hello}}},
            {"suite", {{"path", m.suite_path}, {"case_count", m.suite_case_count}}},
            {"oracle", m.oracle},
            {"options", m.options},
            {"started", m.started},
            {"finished", m.finished},
            {"host", m.host}}},
          {"cases", cases},
          {"totals", r.totals}};
}

void recount(Report& r) {
  r.totals.clear();
  for (const auto& c : r.cases) ++r.totals[c.verdict];
}

}  // namespace touchstone::harness
