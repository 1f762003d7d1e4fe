// The report model's JSON form (report_schema.json) and its verdict vocabulary.
#include "reports/report.h"

#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>
#include <set>
#include <stdexcept>

namespace touchstone::reports {

using nlohmann::json;

const std::vector<std::string>& verdict_names() {
  static const std::vector<std::string> kNames = {
      "pass",  "fail",    "wrong-shape",      "wrong-dtype", "error",         "unsupported",    "crash",
      "timeout", "accepted-invalid", "divergent", "skip", "expected-fail", "unexpected-pass",
      "bad-case"};
  return kNames;
}

bool is_verdict(const std::string& v) {
  for (const auto& n : verdict_names())
    if (n == v) return true;
  return false;
}

VerdictClass verdict_class(const std::string& v) {
  if (v == "pass" || v == "divergent" || v == "unexpected-pass") return VerdictClass::kPassed;
  if (v == "expected-fail") return VerdictClass::kKnown;
  if (v == "skip" || v == "unsupported" || v == "bad-case") return VerdictClass::kNotRun;
  if (is_verdict(v)) return VerdictClass::kFailed;
  throw std::invalid_argument("unknown verdict '" + v + "'");
}

const char* verdict_class_name(VerdictClass c) {
  switch (c) {
    case VerdictClass::kPassed: return "passed";
    case VerdictClass::kKnown: return "known";
    case VerdictClass::kFailed: return "failed";
    case VerdictClass::kNotRun: return "not-run";
  }
  return "?";
}

bool nothing_tested(const Report& report) {
  if (report.summarized_passes() > 0) return false;
  for (const auto& c : report.cases)
    if (is_verdict(c.verdict) && verdict_class(c.verdict) != VerdictClass::kNotRun) return false;
  return true;
}

std::string CaseResult::op_version() const {
  std::string name = domain.empty() || domain == "ai.onnx" ? op : domain + "." + op;
  return name + "-" + std::to_string(since_version);
}

void Tally::add(const std::string& verdict, int64_t n) {
  verdicts[verdict] += n;
  total += n;
  switch (verdict_class(verdict)) {
    case VerdictClass::kPassed: passed += n; break;
    case VerdictClass::kKnown: known += n; break;
    case VerdictClass::kFailed: failed += n; break;
    case VerdictClass::kNotRun: not_run += n; break;
  }
}

std::optional<double> Tally::pass_rate() const {
  if (counted() == 0) return std::nullopt;
  return static_cast<double>(passed) / static_cast<double>(counted());
}

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw std::runtime_error("report: " + where + ": " + what);
}

const json& need(const json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) bad(where, std::string("missing \"") + key + "\"");
  return *it;
}

std::string get_string(const json& obj, const char* key, const std::string& where, bool required = false) {
  auto it = obj.find(key);
  if (it == obj.end() || (it->is_null() && !required)) {
    if (required) bad(where, std::string("missing \"") + key + "\"");
    return "";
  }
  if (!it->is_string()) bad(where + "." + key, "not a string");
  return it->get<std::string>();
}

int64_t get_int(const json& obj, const char* key, const std::string& where, int64_t fallback) {
  auto it = obj.find(key);
  if (it == obj.end()) return fallback;
  if (!it->is_number_integer()) bad(where + "." + key, "not an integer");
  return it->get<int64_t>();
}

std::vector<std::string> get_strings(const json& obj, const char* key, const std::string& where) {
  std::vector<std::string> out;
  auto it = obj.find(key);
  if (it == obj.end()) return out;
  if (!it->is_array()) bad(where + "." + key, "not an array");
  for (const auto& s : *it) {
    if (!s.is_string()) bad(where + "." + key, "holds a non-string");
    out.push_back(s.get<std::string>());
  }
  return out;
}

// A metric: number, null (= +inf), or absent.
std::optional<double> get_metric(const json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) return std::nullopt;
  if (it->is_null()) return std::numeric_limits<double>::infinity();
  if (!it->is_number()) bad(where + "." + key, "not a number or null");
  return it->get<double>();
}

json metric_json(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

// An op-version label "Sub-7" split into op and version, for reports that lack "op".
void split_label(const std::string& label, std::string& op, int& version) {
  auto dash = label.rfind('-');
  if (dash == std::string::npos) return;
  op = label.substr(0, dash);
  try {
    version = std::stoi(label.substr(dash + 1));
  } catch (...) {
  }
}

Metrics metrics_from_json(const json& m, const std::string& where) {
  if (!m.is_object()) bad(where, "not an object");
  Metrics out;
  out.max_ulp = get_metric(m, "max_ulp", where);
  out.max_abs = get_metric(m, "max_abs", where);
  out.bad_count = get_int(m, "bad_count", where, 0);
  if (auto it = m.find("first_mismatches"); it != m.end()) {
    if (!it->is_array()) bad(where + ".first_mismatches", "not an array");
    for (const auto& mm : *it) {
      const std::string w = where + ".first_mismatches[]";
      if (!mm.is_object()) bad(w, "not an object");
      Mismatch x;
      x.index = get_int(mm, "index", w, 0);
      // Values are strings (shortest round-trip text); accept numbers from older writers.
      for (auto [key, dst] : {std::pair{"expected", &x.expected}, std::pair{"actual", &x.actual}}) {
        auto v = mm.find(key);
        if (v == mm.end()) continue;
        *dst = v->is_string() ? v->get<std::string>() : v->dump();
      }
      x.margin = get_metric(mm, "margin", w);
      out.first_mismatches.push_back(std::move(x));
    }
  }
  out.max_margin = get_metric(m, "max_margin", where);
  out.bound_elements = get_int(m, "bound_elements", where, 0);
  out.vacuous_elements = get_int(m, "vacuous_elements", where, 0);
  if (auto it = m.find("error_stats"); it != m.end()) {
    const std::string w = where + ".error_stats";
    if (!it->is_object()) bad(w, "not an object");
    out.stats_count = get_int(*it, "count", w, 0);
    out.error_mean = get_metric(*it, "mean", w).value_or(0);
    out.error_variance = get_metric(*it, "variance", w).value_or(0);
  }
  out.warning = get_string(m, "warning", where);
  return out;
}

}  // namespace

CaseResult case_from_json(const json& c, const std::string& where) {
  if (!c.is_object()) bad(where, "not an object");
  CaseResult r;
  r.id = get_string(c, "id", where, true);
  const std::string w = where + " (" + r.id + ")";
  r.domain = get_string(c, "domain", w);
  if (r.domain == "ai.onnx") r.domain.clear();
  r.op = get_string(c, "op", w, true);
  r.since_version = static_cast<int>(get_int(c, "since_version", w, 0));
  if (r.since_version == 0) {
    // An "op" written as "Sub-7" (the op-version label) is accepted too.
    std::string op = r.op;
    split_label(r.op, op, r.since_version);
    if (r.since_version) r.op = op;
  }
  r.dtypes = get_strings(c, "dtypes", w);
  r.tags = get_strings(c, "tags", w);
  r.category = get_string(c, "category", w);
  if (r.category.empty()) r.category = "defined";
  if (auto it = c.find("valid"); it != c.end() && it->is_boolean()) r.valid = it->get<bool>();
  r.verdict = get_string(c, "verdict", w, true);
  if (!is_verdict(r.verdict)) bad(w + ".verdict", "unknown verdict \"" + r.verdict + "\"");
  r.message = get_string(c, "message", w);
  if (auto it = c.find("metrics"); it != c.end() && !it->is_null()) r.metrics = metrics_from_json(*it, w + ".metrics");
  // The runner's first version writes all-zero metrics for cases whose outputs were never
  // compared (crash, timeout, wrong-shape, ...): they mean "not measured", not "exact".
  const bool compared = r.verdict == "pass" || r.verdict == "fail" || r.verdict == "divergent" ||
                        r.verdict == "expected-fail" || r.verdict == "unexpected-pass";
  if (r.metrics && !compared && r.metrics->bad_count == 0 && r.metrics->first_mismatches.empty() &&
      r.metrics->max_ulp.value_or(0) == 0 && r.metrics->max_abs.value_or(0) == 0)
    r.metrics.reset();
  if (auto it = c.find("time_ms"); it != c.end() && it->is_number()) r.time_ms = it->get<double>();
  r.backend_status = get_string(c, "backend_status", w);
  if (auto it = c.find("backend_time_ms"); it != c.end() && it->is_number() && it->get<double>() >= 0)
    r.backend_time_ms = it->get<double>();
  r.reproduce = get_string(c, "reproduce", w);
  return r;
}

json case_to_json(const CaseResult& r) {
  json c = {{"id", r.id}, {"domain", r.domain.empty() ? "ai.onnx" : r.domain}, {"op", r.op},
            {"since_version", r.since_version}, {"dtypes", r.dtypes}, {"tags", r.tags},
            {"category", r.category}, {"valid", r.valid}, {"verdict", r.verdict},
            {"message", r.message}, {"time_ms", r.time_ms}};
  if (r.metrics) {
    json m = {{"bad_count", r.metrics->bad_count}};
    if (r.metrics->max_ulp) m["max_ulp"] = metric_json(*r.metrics->max_ulp);
    if (r.metrics->max_abs) m["max_abs"] = metric_json(*r.metrics->max_abs);
    json list = json::array();
    for (const auto& mm : r.metrics->first_mismatches) {
      json x = {{"index", mm.index}, {"expected", mm.expected}, {"actual", mm.actual}};
      if (mm.margin) x["margin"] = metric_json(*mm.margin);
      list.push_back(std::move(x));
    }
    m["first_mismatches"] = std::move(list);
    if (r.metrics->max_margin) m["max_margin"] = metric_json(*r.metrics->max_margin);
    if (r.metrics->bound_elements > 0) {
      m["bound_elements"] = r.metrics->bound_elements;
      m["vacuous_elements"] = r.metrics->vacuous_elements;
      m["bound_vacuous"] = r.metrics->vacuous();
    }
    if (r.metrics->stats_count > 0)
      m["error_stats"] = {{"count", r.metrics->stats_count},
                          {"mean", metric_json(r.metrics->error_mean)},
                          {"variance", metric_json(r.metrics->error_variance)}};
    if (!r.metrics->warning.empty()) m["warning"] = r.metrics->warning;
    c["metrics"] = std::move(m);
  }
  if (!r.backend_status.empty()) c["backend_status"] = r.backend_status;
  if (r.backend_time_ms) c["backend_time_ms"] = *r.backend_time_ms;
  if (!r.reproduce.empty()) c["reproduce"] = r.reproduce;
  return c;
}

namespace {

json pass_group_json(const PassGroup& g) {
  json j = {{"domain", g.domain.empty() ? "ai.onnx" : g.domain}, {"op", g.op}, {"since_version", g.since_version},
            {"dtypes", g.dtypes}, {"count", g.count}, {"time_ms", g.time_ms}, {"ulp_histogram", g.ulp_histogram}};
  if (g.max_ulp) j["max_ulp"] = metric_json(*g.max_ulp);
  if (g.max_abs) j["max_abs"] = metric_json(*g.max_abs);
  return j;
}

PassGroup pass_group_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) bad(where, "not an object");
  PassGroup g;
  g.domain = get_string(j, "domain", where);
  if (g.domain == "ai.onnx") g.domain.clear();
  g.op = get_string(j, "op", where, true);
  g.since_version = static_cast<int>(get_int(j, "since_version", where, 0));
  g.dtypes = get_strings(j, "dtypes", where);
  g.count = get_int(j, "count", where, -1);
  if (g.count < 0) bad(where + ".count", "missing or negative");
  if (auto it = j.find("time_ms"); it != j.end() && it->is_number()) g.time_ms = it->get<double>();
  g.max_ulp = get_metric(j, "max_ulp", where);
  g.max_abs = get_metric(j, "max_abs", where);
  if (auto it = j.find("ulp_histogram"); it != j.end()) {
    if (!it->is_array() || it->size() != kUlpBuckets) bad(where + ".ulp_histogram", "not an array of " + std::to_string(kUlpBuckets) + " counts");
    for (size_t b = 0; b < kUlpBuckets; ++b) {
      if (!(*it)[b].is_number_integer()) bad(where + ".ulp_histogram", "holds a non-integer");
      g.ulp_histogram[b] = (*it)[b].get<int64_t>();
    }
  }
  return g;
}

json tally_json(const Tally& t) {
  json j = {{"total", t.total},   {"passed", t.passed},   {"known", t.known},
            {"failed", t.failed}, {"not_run", t.not_run}, {"verdicts", t.verdicts}};
  auto rate = t.pass_rate();
  j["pass_rate"] = rate ? json(*rate) : json(nullptr);
  return j;
}

}  // namespace

json to_json(const Report& report) {
  const RunInfo& run = report.run;
  json r = {{"touchstone_version", run.touchstone_version},
            {"touchstone_commit", run.touchstone_commit},
            {"backend", {{"name", run.backend_name}, {"version", run.backend_version}}},
            {"suite", {{"path", run.suite_path}, {"digest", run.suite_digest}, {"case_count", run.suite_case_count}}},
            {"oracle", run.oracle},
            {"options", run.options.is_null() ? json::object() : run.options},
            {"command", run.command},
            {"started", run.started},
            {"finished", run.finished},
            {"host", run.host}};
  if (!run.backend_hello.is_null()) r["backend"]["hello"] = run.backend_hello;
  if (!run.isolation.empty()) r["isolation"] = run.isolation;
  if (!run.journal_chain.empty()) r["journal_chain"] = run.journal_chain;
  if (run.shard) r["shard"] = {{"index", run.shard->first}, {"count", run.shard->second}};
  if (!run.merged_from.empty()) r["merged_from"] = run.merged_from;

  json cases = json::array();
  for (const auto& c : report.cases) cases.push_back(case_to_json(c));
  json groups = json::array();
  for (const auto& g : report.pass_groups) groups.push_back(pass_group_json(g));

  const Aggregates agg = aggregate(report);
  json by_ov = json::array();
  for (const auto& a : agg.by_op_version) {
    json dt = json::object();
    for (const auto& [key, t] : a.by_dtype) dt[key] = tally_json(t);
    by_ov.push_back({{"domain", a.domain.empty() ? "ai.onnx" : a.domain}, {"op", a.op},
                     {"since_version", a.since_version}, {"tally", tally_json(a.tally)}, {"by_dtypes", dt}});
    if (a.previous_version > 0) by_ov.back()["previous_version"] = a.previous_version;
  }
  json by_dtype = json::object();
  for (const auto& [key, t] : agg.by_dtype) by_dtype[key] = tally_json(t);

  return {{"schema", kSchemaName},
          {"schema_version", kSchemaVersion},
          {"run", r},
          {"cases", cases},
          {"pass_groups", groups},
          {"summarized_passes", report.summarized_passes()},
          {"totals", agg.totals.verdicts},
          {"aggregates",
           {{"totals", tally_json(agg.totals)},
            {"coverage",
             {{"covered_op_versions", agg.covered_op_versions},
              {"implemented_op_versions", agg.implemented_op_versions},
              {"catalog_op_versions", agg.catalog_op_versions}}},
            {"by_op_version", by_ov},
            {"by_dtype", by_dtype}}}};
}

Report report_from_json(const json& doc) {
  if (!doc.is_object()) bad("document", "not a JSON object");
  if (get_string(doc, "schema", "document") != kSchemaName) bad("schema", std::string("not \"") + kSchemaName + "\"");
  const int64_t version = get_int(doc, "schema_version", "document", 0);
  if (version < 1) bad("schema_version", "missing or not a positive integer");
  if (version > kSchemaVersion)
    bad("schema_version", std::to_string(version) + " is newer than this touchstone reads (" +
                              std::to_string(kSchemaVersion) + "); use a newer touchstone");
  Report out;
  out.schema_version = static_cast<int>(version);
  const json& run = need(doc, "run", "document");
  if (!run.is_object()) bad("run", "not an object");
  RunInfo& ri = out.run;
  ri.touchstone_version = get_string(run, "touchstone_version", "run");
  ri.touchstone_commit = get_string(run, "touchstone_commit", "run");
  if (auto it = run.find("backend"); it != run.end() && it->is_object()) {
    ri.backend_name = get_string(*it, "name", "run.backend");
    ri.backend_version = get_string(*it, "version", "run.backend");
    if (auto h = it->find("hello"); h != it->end()) ri.backend_hello = *h;
  }
  if (auto it = run.find("suite"); it != run.end() && it->is_object()) {
    ri.suite_path = get_string(*it, "path", "run.suite");
    ri.suite_digest = get_string(*it, "digest", "run.suite");
    ri.suite_case_count = get_int(*it, "case_count", "run.suite", 0);
  }
  ri.oracle = get_string(run, "oracle", "run");
  if (auto it = run.find("options"); it != run.end()) ri.options = *it;
  ri.command = get_string(run, "command", "run");
  ri.started = get_string(run, "started", "run");
  ri.finished = get_string(run, "finished", "run");
  ri.host = get_string(run, "host", "run");
  ri.isolation = get_string(run, "isolation", "run");
  ri.journal_chain = get_string(run, "journal_chain", "run");
  if (auto it = run.find("shard"); it != run.end() && it->is_object())
    ri.shard = std::pair{static_cast<int>(get_int(*it, "index", "run.shard", 0)),
                         static_cast<int>(get_int(*it, "count", "run.shard", 0))};
  ri.merged_from = get_strings(run, "merged_from", "run");

  const json& cases = need(doc, "cases", "document");
  if (!cases.is_array()) bad("cases", "not an array");
  out.cases.reserve(cases.size());
  std::set<std::string> seen;
  for (size_t i = 0; i < cases.size(); ++i) {
    out.cases.push_back(case_from_json(cases[i], "cases[" + std::to_string(i) + "]"));
    if (!seen.insert(out.cases.back().id).second) bad("cases[" + std::to_string(i) + "]", "duplicate id \"" + out.cases.back().id + "\"");
  }
  // Version 2: plain passes summarized per op-version and dtypes (absent in version 1).
  if (auto it = doc.find("pass_groups"); it != doc.end()) {
    if (!it->is_array()) bad("pass_groups", "not an array");
    ResultCollector groups;  // sorted by key, equal keys folded
    for (size_t i = 0; i < it->size(); ++i) groups.add(pass_group_from_json((*it)[i], "pass_groups[" + std::to_string(i) + "]"));
    Report summary;
    groups.finish(summary);
    out.pass_groups = std::move(summary.pass_groups);
  }
  // "totals", "aggregates" and "summarized_passes" are derived from the cases and the
  // groups; they are recomputed, not read.
  return out;
}

Report load_report(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  json doc;
  try {
    doc = json::parse(in);
  } catch (const json::exception& e) {
    throw std::runtime_error(path.string() + ": not JSON: " + e.what());
  }
  try {
    return report_from_json(doc);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  if (path == "-") {
    std::cout << text;
    std::cout.flush();
    return;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

namespace {

// report.json's layout: objects indented to the second level, and each element of an
// array of objects there (a case, a pass group, an op-version's aggregate) on one line, so
// that the file stays readable and greppable while its size follows the content rather
// than the indentation (a pretty-printed case takes about twice the bytes).
void write_layout(std::string& out, const json& j, int depth) {
  const std::string pad(static_cast<size_t>(depth), ' ');
  const auto compact = [](const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); };
  if (j.is_object() && depth < 2 && !j.empty()) {
    out += "{\n";
    size_t i = 0;
    for (const auto& [key, value] : j.items()) {
      out += pad + " " + compact(json(key)) + ": ";
      write_layout(out, value, depth + 1);
      out += ++i < j.size() ? ",\n" : "\n";
    }
    out += pad + "}";
  } else if (j.is_array() && depth < 3 && !j.empty() && j.front().is_object()) {
    out += "[\n";
    for (size_t i = 0; i < j.size(); ++i) out += pad + " " + compact(j[i]) + (i + 1 < j.size() ? ",\n" : "\n");
    out += pad + "]";
  } else {
    out += compact(j);
  }
}

}  // namespace

void save_report(const Report& report, const std::filesystem::path& path) {
  std::string text;
  write_layout(text, to_json(report), 0);
  write_text(path, text + "\n");
}

}  // namespace touchstone::reports
