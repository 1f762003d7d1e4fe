#include "diff/pair_summary.h"

namespace touchstone {

size_t group_count(const VersionDiff& d, ProbeGroup g) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g;
  return n;
}

std::string pair_summary(const VersionDiff& d) {
  if (!d.compared) return "not compared";
  const auto any = [&](ProbeGroup g) { return group_count(d, g) > 0; };
  if (any(ProbeGroup::kDifferent) || any(ProbeGroup::kOnlyOld) || any(ProbeGroup::kOnlyNew)) return "changed";
  if (any(ProbeGroup::kTypesOnlyOld) || any(ProbeGroup::kTypesOnlyNew)) return "types only";
  return "same";
}

}  // namespace touchstone
