// report merge (see merge.h).
#include "reports/merge.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace touchstone::reports {

Report merge_reports(const std::vector<Report>& reports, const std::vector<std::string>& names,
                     const MergeOptions& options) {
  if (reports.empty()) throw std::runtime_error("merge: no reports");
  auto name = [&](size_t i) { return i < names.size() ? names[i] : "report " + std::to_string(i + 1); };
  const RunInfo& first = reports[0].run;
  // The merge of a run's shards is the whole run only when every shard is there, once,
  // and they were run alike: anything less would pass a gate on missing data.
  std::vector<int> seen_shard;
  for (size_t i = 0; i < reports.size(); ++i) {
    const RunInfo& r = reports[i].run;
    if (!r.shard)
      throw std::runtime_error("merge: " + name(i) + " is not the report of a shard (run with --shard I/N); "
                               "only the shards of one run can be merged");
    const auto [index, count] = *r.shard;
    if (count != first.shard->second)
      throw std::runtime_error("merge: " + name(0) + " is a shard of " + std::to_string(first.shard->second) + " and " +
                               name(i) + " a shard of " + std::to_string(count) + ": not the same split");
    if (seen_shard.empty()) seen_shard.assign(static_cast<size_t>(count) + 1, -1);
    if (index < 1 || index > count) throw std::runtime_error("merge: " + name(i) + " has shard " + std::to_string(index) + "/" + std::to_string(count));
    if (seen_shard[index] >= 0)
      throw std::runtime_error("merge: shard " + std::to_string(index) + "/" + std::to_string(count) + " is given twice (" +
                               name(static_cast<size_t>(seen_shard[index])) + " and " + name(i) + ")");
    seen_shard[index] = static_cast<int>(i);
    const auto judged = [](const RunInfo& run) {  // the options that change verdicts
      nlohmann::json o = run.options;
      for (const char* k : {"jobs", "resume", "overwrite", "shard", "shard_source", "full_report"}) o.erase(k);
      o["oracle"] = run.oracle;
      return o;
    };
    if (judged(r) != judged(first))
      throw std::runtime_error("merge: " + name(0) + " and " + name(i) + " were run with different options (" +
                               judged(first).dump() + " vs " + judged(r).dump() + ")");
  }
  std::string missing;
  for (int k = 1; k < static_cast<int>(seen_shard.size()); ++k)
    if (seen_shard[k] < 0) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(first.shard->second);
  if (!missing.empty())
    throw std::runtime_error("merge: incomplete: shard " + missing + " is missing; a merge of part of a run would "
                             "report only what was run");
  for (size_t i = 1; i < reports.size() && !options.force; ++i) {
    const RunInfo& r = reports[i].run;
    auto refuse = [&](const std::string& what, const std::string& a, const std::string& b) {
      throw std::runtime_error("merge: " + name(0) + " and " + name(i) + " are runs of different " + what + " (" + a +
                               " vs " + b + "); use --force to merge them anyway");
    };
    if (r.backend_name != first.backend_name || r.backend_version != first.backend_version)
      refuse("backends", first.backend_name + " " + first.backend_version, r.backend_name + " " + r.backend_version);
    if (r.suite_path != first.suite_path) refuse("suites", first.suite_path, r.suite_path);
    if (r.suite_digest != first.suite_digest) refuse("suites", first.suite_digest, r.suite_digest);
  }

  Report out;
  out.run = first;
  out.run.shard.reset();
  out.run.merged_from.clear();
  out.run.journal_chain.clear();  // each shard has its own journal
  std::unordered_map<std::string, std::pair<size_t, const CaseResult*>> by_id;
  ResultCollector passes;  // the shards' summarized passes, added up per group
  for (size_t i = 0; i < reports.size(); ++i) {
    for (const auto& g : reports[i].pass_groups) passes.add(g);
    const RunInfo& r = reports[i].run;
    out.run.merged_from.push_back(name(i));
    if (!r.started.empty() && (out.run.started.empty() || r.started < out.run.started)) out.run.started = r.started;
    if (r.finished > out.run.finished) out.run.finished = r.finished;
    if (i > 0 && !r.host.empty() && out.run.host.find(r.host) == std::string::npos)
      out.run.host += (out.run.host.empty() ? "" : ", ") + r.host;
    if (i > 0 && r.isolation != out.run.isolation)  // each shard's own: the merge is no better than its weakest
      out.run.isolation += (out.run.isolation.empty() ? "" : " | ") + (r.isolation.empty() ? "unrecorded" : r.isolation);
    for (const auto& c : reports[i].cases) {
      auto [it, inserted] = by_id.try_emplace(c.id, i, &c);
      if (inserted) {
        out.cases.push_back(c);
        continue;
      }
      const CaseResult& prior = *it->second.second;
      // Timings differ between runs of the same case; everything else must agree.
      CaseResult a = prior, b = c;
      a.time_ms = b.time_ms = 0;
      if (!(a == b))
        throw std::runtime_error("merge: case \"" + c.id + "\" is in " + name(it->second.first) + " (" +
                                 prior.verdict + ") and in " + name(i) + " (" + c.verdict + ") with different results");
    }
  }
  std::sort(out.cases.begin(), out.cases.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  Report groups;
  passes.finish(groups);
  out.pass_groups = std::move(groups.pass_groups);
  return out;
}

}  // namespace touchstone::reports
