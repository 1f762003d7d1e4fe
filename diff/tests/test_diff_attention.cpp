// touchstone diff Attention 23 24 and 24 25: what the texts add must show as behaviour
// (Changelog.md: 24 adds nonpad_kv_seqlen, its causal offset nonpad - q_len and a mask shorter
// than the total sequence; 25 adds left/right windows). Where both versions run a probe with the
// same request, the results are the same.
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& attention(int v) {
  for (const auto* row : op_versions("", "Attention"))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

size_t count_group(const VersionDiff& d, ProbeGroup g) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g;
  return n;
}

bool has_probe(const VersionDiff& d, ProbeGroup g, const std::string& part) {
  for (const auto& p : d.probes)
    if (p.group == g && p.probe.name.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("diff Attention 23 24: nonpad_kv_seqlen and the shorter mask run only in 24", "[diff][Attention]") {
  const VersionDiff d = diff_versions(attention(23), attention(24));
  REQUIRE(d.compared);
  CHECK(count_group(d, ProbeGroup::kSame) > 0);
  CHECK(has_probe(d, ProbeGroup::kOnlyNew, "nonpad_kv_seqlen = 2 over 4 keys"));
  CHECK(has_probe(d, ProbeGroup::kOnlyNew, "is_causal with nonpad_kv_seqlen = 3"));
  CHECK(has_probe(d, ProbeGroup::kOnlyNew, "attn_mask [true, false] over 4 keys"));
  CHECK(has_probe(d, ProbeGroup::kSame, "no cache: offset 0 in both"));
  CHECK(count_group(d, ProbeGroup::kDifferent) == 0);
}

TEST_CASE("diff Attention 24 25: the windows, and nothing else, change results", "[diff][Attention]") {
  const VersionDiff d = diff_versions(attention(24), attention(25));
  REQUIRE(d.compared);
  CHECK(count_group(d, ProbeGroup::kSame) > 0);
  // 24 runs a probe without the attributes it does not have: every query sees every key.
  CHECK(has_probe(d, ProbeGroup::kDifferent, "left_window_size 1, right_window_size 0"));
  for (const auto& p : d.probes)
    if (p.group == ProbeGroup::kDifferent) {
      INFO(p.probe.name);
      CHECK(p.probe.name.find("window") != std::string::npos);
    }
}
