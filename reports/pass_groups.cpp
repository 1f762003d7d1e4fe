// Plain passes summarized (schema version 2): PassGroup, ResultCollector and what
// depends on them (see "reports at scale" in report.h).
#include <algorithm>
#include <cmath>

#include "reports/report.h"

namespace touchstone::reports {

bool is_plain_pass(const CaseResult& c) {
  if (c.verdict != "pass") return false;
  return !c.metrics || (c.metrics->warning.empty() && c.metrics->vacuous_elements == 0);
}

size_t ulp_bucket(double max_ulp) {
  static const double kUpper[] = {0, 1, 4, 16, 256, 65536};
  if (std::isnan(max_ulp) || std::isinf(max_ulp)) return kUlpBuckets - 1;
  size_t b = 0;
  while (b < std::size(kUpper) && max_ulp > kUpper[b]) ++b;
  return b;  // 6: larger than 65536
}

std::string PassGroup::op_version() const {
  CaseResult label;
  label.domain = domain, label.op = op, label.since_version = since_version;
  return label.op_version();
}

bool PassGroup::same_key(const CaseResult& c) const {
  return c.domain == domain && c.op == op && c.since_version == since_version && c.dtypes == dtypes;
}

namespace {

void keep_max(std::optional<double>& into, const std::optional<double>& value) {
  if (value && (!into || *value > *into)) into = value;
}

auto key_of(const std::string& domain, const std::string& op, int version, const std::vector<std::string>& dtypes) {
  return std::tuple{domain, op, version, dtypes};
}

}  // namespace

void PassGroup::add(const CaseResult& c) {
  ++count;
  time_ms += c.time_ms;
  if (!c.metrics) return;
  keep_max(max_ulp, c.metrics->max_ulp);
  keep_max(max_abs, c.metrics->max_abs);
  if (c.metrics->max_ulp) ++ulp_histogram[ulp_bucket(*c.metrics->max_ulp)];
}

void PassGroup::add(const PassGroup& other) {
  count += other.count;
  time_ms += other.time_ms;
  keep_max(max_ulp, other.max_ulp);
  keep_max(max_abs, other.max_abs);
  for (size_t b = 0; b < kUlpBuckets && b < other.ulp_histogram.size(); ++b) ulp_histogram[b] += other.ulp_histogram[b];
}

int64_t Report::summarized_passes() const {
  int64_t n = 0;
  for (const auto& g : pass_groups) n += g.count;
  return n;
}

const PassGroup* Report::pass_group_of(const CaseResult& c) const {
  const auto key = key_of(c.domain, c.op, c.since_version, c.dtypes);
  const auto it = std::lower_bound(pass_groups.begin(), pass_groups.end(), key, [](const PassGroup& g, const auto& k) {
    return key_of(g.domain, g.op, g.since_version, g.dtypes) < k;
  });
  return it != pass_groups.end() && it->same_key(c) && it->count > 0 ? &*it : nullptr;
}

void ResultCollector::add(CaseResult result) {
  ++count_;
  if (list_passes_ || !is_plain_pass(result)) {
    listed_.push_back(std::move(result));
    return;
  }
  PassGroup& g = groups_[key_of(result.domain, result.op, result.since_version, result.dtypes)];
  if (g.count == 0) g.domain = result.domain, g.op = result.op, g.since_version = result.since_version, g.dtypes = result.dtypes;
  g.add(result);
}

void ResultCollector::add(const PassGroup& group) {
  count_ += group.count;
  PassGroup& g = groups_[key_of(group.domain, group.op, group.since_version, group.dtypes)];
  if (g.count == 0) g.domain = group.domain, g.op = group.op, g.since_version = group.since_version, g.dtypes = group.dtypes;
  g.add(group);
}

void ResultCollector::finish(Report& report) {
  std::sort(listed_.begin(), listed_.end(), [](const CaseResult& a, const CaseResult& b) { return a.id < b.id; });
  report.cases = std::move(listed_);
  report.pass_groups.clear();
  for (auto& [key, g] : groups_) report.pass_groups.push_back(std::move(g));
  listed_.clear();
  groups_.clear();
  count_ = 0;
}

void summarize_passes(Report& report) {
  if (std::none_of(report.cases.begin(), report.cases.end(), is_plain_pass)) return;
  ResultCollector collector;
  for (const auto& g : report.pass_groups) collector.add(g);
  // Listed cases keep their order (finish() would sort them by id).
  std::vector<CaseResult> kept;
  for (auto& c : report.cases) {
    if (is_plain_pass(c)) collector.add(std::move(c));
    else kept.push_back(std::move(c));
  }
  collector.finish(report);
  report.cases = std::move(kept);
}

bool same_case_set(const Report& a, const Report& b) {
  if (a.run.suite_digest.empty() || a.run.suite_digest != b.run.suite_digest) return false;
  if (a.case_count() != b.case_count()) return false;
  const auto selection = [](const RunInfo& run) {
    nlohmann::json s = nlohmann::json::object();
    for (const char* k : {"ops", "cases", "shard"})
      if (auto it = run.options.find(k); run.options.is_object() && it != run.options.end()) s[k] = *it;
    s["shard_of_run"] = run.shard ? std::to_string(run.shard->first) + "/" + std::to_string(run.shard->second) : "";
    return s;
  };
  return selection(a.run) == selection(b.run);
}

}  // namespace touchstone::reports
