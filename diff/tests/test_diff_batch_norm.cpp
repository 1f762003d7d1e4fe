// touchstone diff BatchNormalization 9 14 and 14 15: the changes the texts make must show as
// behaviour (Changelog.md: 14 moves training from the outputs to training_mode, with three
// outputs instead of five, and gives mean/var their own type U; 15 gives scale and B their
// own type T1).
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& bn(int v) {
  for (const auto* row : op_versions("", "BatchNormalization"))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

size_t count(const VersionDiff& d, ProbeGroup g) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g;
  return n;
}

}  // namespace

TEST_CASE("diff BatchNormalization 9 14: five training outputs become three, statistics get type U", "[diff][BatchNormalization]") {
  const VersionDiff d = diff_versions(bn(9), bn(14));
  REQUIRE(d.compared);
  // Inference (Y alone, no training_mode) is the same formula in both.
  CHECK(count(d, ProbeGroup::kSame) > 0);
  // 14's mean and var in their own type U (float statistics of float16 data) run only there.
  CHECK(count(d, ProbeGroup::kTypesOnlyNew) > 0);
  // 9's five training outputs are more than 14 has.
  CHECK(count(d, ProbeGroup::kOnlyOld) > 0);
}

TEST_CASE("diff BatchNormalization 14 15: scale and B in their own type", "[diff][BatchNormalization]") {
  const VersionDiff d = diff_versions(bn(14), bn(15));
  REQUIRE(d.compared);
  size_t split_types = 0;
  for (const auto& p : d.probes)
    split_types += p.group == ProbeGroup::kTypesOnlyNew && p.probe.inputs.size() == 5 &&
                   p.probe.inputs[1].dtype() != p.probe.inputs[0].dtype();
  CHECK(split_types > 0);
  CHECK(count(d, ProbeGroup::kDifferent) == 0);  // where both run, the same values
}
