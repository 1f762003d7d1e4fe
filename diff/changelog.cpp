#include "diff/changelog.h"

#include <string>

#include "diff/html.h"

namespace touchstone {

std::vector<VersionPair> adjacent_pairs(const std::vector<const CatalogRow*>& versions) {
  std::vector<VersionPair> pairs;
  for (size_t i = 1; i < versions.size(); ++i) pairs.push_back({versions[i - 1], versions[i]});
  return pairs;
}

std::vector<VersionPair> changelog_pairs() {
  std::vector<VersionPair> pairs;
  std::string last;
  for (const auto& row : catalog()) {
    const std::string key = std::string(row.domain) + "/" + std::string(row.op);
    if (key == last || row.status() == OpStatus::kNotYet) continue;
    last = key;
    for (const auto& p : adjacent_pairs(op_versions(row.domain, row.op))) pairs.push_back(p);
  }
  return pairs;
}

std::string changelog_html() {
  std::vector<VersionDiff> diffs;
  for (const auto& [a, b] : changelog_pairs()) diffs.push_back(diff_versions(*a, *b));
  return diffs_to_html(diffs, kChangelogTitle);
}

}  // namespace touchstone

namespace touchstone {

std::vector<std::string> changelog_anchors() {
  std::vector<std::string> out;
  for (const auto& [a, b] : changelog_pairs())
    out.push_back((a->domain.empty() ? "" : std::string(a->domain) + ".") + std::string(a->op) + "-" +
                  std::to_string(a->since_version) + "-" + std::to_string(b->since_version));
  return out;
}

}  // namespace touchstone
