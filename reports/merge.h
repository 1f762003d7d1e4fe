// report merge: joins the reports of a run's shards into one report of the whole run.
#pragma once
#include <string>
#include <vector>

#include "reports/report.h"

namespace touchstone::reports {

struct MergeOptions {
  bool force = false;  // merge reports of different suites or backends anyway
};

// Refuses (std::runtime_error, naming the inputs) anything but the complete set of shards
// of one run: a report that is no shard, shards of different splits (N), a shard given
// twice or missing, shards run with different options (oracle, ops, cases, timeout,
// expected failures, comparison flags). Refuses reports of a different suite (path or
// digest) or backend (name or version) unless `force`, and a case id present in two
// inputs with different results (identical duplicates are kept once). The merged run
// starts at the earliest start, finishes at the latest finish, has no shard, lists its
// inputs in merged_from (`names`, one per report), and its cases sorted by id. Summarized
// passes (pass_groups) add up per op-version and dtypes; a case summarized as a pass in
// one shard and listed in another cannot be detected (shards are disjoint by construction).
Report merge_reports(const std::vector<Report>& reports, const std::vector<std::string>& names,
                     const MergeOptions& options = {});

}  // namespace touchstone::reports
