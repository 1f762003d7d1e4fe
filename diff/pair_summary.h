// How a version pair reads at a glance — one word for the table of contents — and the order
// its probe groups are read in: what changed leads, the same results come last (folded).
#pragma once
#include <string>

#include "diff/behaviour_diff.h"

namespace touchstone {

// The groups in reading order: the probes whose answers differ, then those only one version
// accepts (shapes or attributes, then types), then the same results, which the page folds
// away and the text gives as a count; "invalid in both" is counted last and never listed.
inline constexpr ProbeGroup kReadingOrder[] = {ProbeGroup::kDifferent,    ProbeGroup::kOnlyOld,
                                               ProbeGroup::kOnlyNew,      ProbeGroup::kTypesOnlyOld,
                                               ProbeGroup::kTypesOnlyNew, ProbeGroup::kSame,
                                               ProbeGroup::kInvalidInBoth};

size_t group_count(const VersionDiff& d, ProbeGroup g);

// "changed": some probe answers differently, or is valid under one version only (shapes or
// attributes); "types only": the versions differ only in the element types they admit;
// "same": every probe gives the same result under both; "not compared": see not_compared.
std::string pair_summary(const VersionDiff& d);

}  // namespace touchstone
