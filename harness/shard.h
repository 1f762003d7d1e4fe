// Splitting a suite over machines. A case belongs to shard k (0-based) of N when a
// stable 64-bit FNV-1a hash of its id is k mod N: deterministic, independent of the
// order and of the other cases (adding a case moves no other case).
//
// On the command line and in TOUCHSTONE_SHARD, shards are written I/N with I 1-based
// (1..N), as GitLab numbers them. Without --shard, the first of these is used:
//   TOUCHSTONE_SHARD=I/N                                  (1-based)
//   CI_NODE_INDEX / CI_NODE_TOTAL                         (GitLab parallel, 1-based)
//   BUILDKITE_PARALLEL_JOB / BUILDKITE_PARALLEL_JOB_COUNT (0-based)
//   CIRCLE_NODE_INDEX / CIRCLE_NODE_TOTAL                 (CircleCI, 0-based)
//   JOB_COMPLETION_INDEX / TOUCHSTONE_SHARD_COUNT         (Kubernetes indexed Job, 0-based)
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace touchstone::harness {

struct Shard {
  int index = 0;  // 0-based
  int count = 1;
  std::string source;  // "--shard", "CI_NODE_INDEX", ... ("" for the whole suite)
  std::string to_string() const;  // "2/4" (1-based), "all" for the whole suite
};

uint64_t stable_hash(const std::string& text);
bool in_shard(const std::string& case_id, const Shard& shard);
// Parses "I/N" (1-based). Throws kIo with the rule on bad input.
Shard parse_shard(const std::string& text, const std::string& source = "--shard");
// The shard from CI variables; `get` looks a variable up (nullptr when unset).
std::optional<Shard> shard_from_environment(const std::function<const char*(const char*)>& get);

}  // namespace touchstone::harness
