// A unified diff of two texts, line by line (longest common subsequence).
#pragma once
#include <string>
#include <vector>

namespace touchstone {

// Lines of `old_text` and `new_text` as a unified diff with `context` lines around each
// change: " kept", "-removed", "+added", and "@@ -a,b +c,d @@" hunk headers. Empty when
// the texts are equal.
std::vector<std::string> unified_diff(const std::string& old_text, const std::string& new_text,
                                      int context = 2);

}  // namespace touchstone
