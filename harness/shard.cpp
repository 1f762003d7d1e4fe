#include "harness/shard.h"

#include "reference/error.h"

namespace touchstone::harness {

namespace {

int parse_int(const std::string& text, const std::string& what) {
  size_t used = 0;
  int v = 0;
  try {
    v = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size()) io_error(what + ": '" + text + "' is not an integer");
  return v;
}

Shard make(int index0, int count, const std::string& source, const std::string& shown) {
  if (count < 1 || index0 < 0 || index0 >= count)
    io_error(source + ": shard '" + shown + "' is out of range (" + source +
             " counts shards from " + (shown.find('/') != std::string::npos ? "1 to N)" : "its own base)"));
  return {index0, count, source};
}

}  // namespace

std::string Shard::to_string() const {
  return count == 1 ? "all" : std::to_string(index + 1) + "/" + std::to_string(count);
}

uint64_t stable_hash(const std::string& text) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

bool in_shard(const std::string& case_id, const Shard& shard) {
  return shard.count <= 1 || stable_hash(case_id) % static_cast<uint64_t>(shard.count) ==
                                 static_cast<uint64_t>(shard.index);
}

Shard parse_shard(const std::string& text, const std::string& source) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) io_error(source + ": shard '" + text + "' must be I/N, I from 1 to N");
  const int i = parse_int(text.substr(0, slash), source);
  const int n = parse_int(text.substr(slash + 1), source);
  if (n < 1 || i < 1 || i > n) io_error(source + ": shard '" + text + "' must be I/N with 1 <= I <= N");
  return {i - 1, n, source};
}

std::optional<Shard> shard_from_environment(const std::function<const char*(const char*)>& get) {
  if (const char* v = get("TOUCHSTONE_SHARD"); v && *v) return parse_shard(v, "TOUCHSTONE_SHARD");
  struct Pair {
    const char* index;
    const char* total;
    int base;
  };
  static constexpr Pair kPairs[] = {
      {"CI_NODE_INDEX", "CI_NODE_TOTAL", 1},
      {"BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0},
      {"CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0},
      {"JOB_COMPLETION_INDEX", "TOUCHSTONE_SHARD_COUNT", 0},
  };
  for (const auto& p : kPairs) {
    const char* index = get(p.index);
    const char* total = get(p.total);
    if (!index || !*index || !total || !*total) continue;
    const int i = parse_int(index, p.index), n = parse_int(total, p.total);
    return make(i - p.base, n, p.index, std::string(index) + " of " + total);
  }
  return std::nullopt;
}

}  // namespace touchstone::harness
