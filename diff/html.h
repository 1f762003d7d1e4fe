// One self-contained HTML page for a list of version diffs (a behavioural changelog).
#pragma once
#include <string>
#include <vector>

#include "diff/behaviour_diff.h"

namespace touchstone {

// Anchor of a pair on the page: "Sub-6-7" (reports link to changelog.html#Sub-6-7).
std::string diff_anchor(const VersionDiff& d);
// Anchor of the op's heading: "Sub", "ai.onnx.ml.LabelEncoder".
std::string diff_op_anchor(const VersionDiff& d);
std::string diffs_to_html(const std::vector<VersionDiff>& diffs, const std::string& title);

}  // namespace touchstone
