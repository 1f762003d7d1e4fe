// Which version pairs a diff covers: adjacent versions of one op, or of every op the
// reference implements (the behavioural changelog, `touchstone diff --all`, which
// `touchstone run` also writes next to its report).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "reference/catalog.h"

namespace touchstone {

inline constexpr const char* kChangelogTitle = "touchstone: behavioural changelog";

using VersionPair = std::pair<const CatalogRow*, const CatalogRow*>;

// Each version with the one before it, in the order given (oldest first).
std::vector<VersionPair> adjacent_pairs(const std::vector<const CatalogRow*>& versions);
// Adjacent pairs of every op with at least one implemented version, in catalog order.
std::vector<VersionPair> changelog_pairs();
// The changelog page: the diff of every pair of changelog_pairs().
std::string changelog_html();
// The anchors of that page ("Sub-6-7", "ai.onnx.ml.LabelEncoder-1-2"), one per pair: a
// report links an op-version to the changelog only where its anchor exists.
std::vector<std::string> changelog_anchors();

}  // namespace touchstone
