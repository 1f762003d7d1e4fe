#include "diff/text_diff.h"

#include <algorithm>
#include <sstream>

namespace touchstone {

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

struct Edit {
  char kind;  // ' ', '-', '+'
  size_t old_line, new_line;  // 0-based positions before this edit
  std::string text;
};

// The edit script from the LCS table (docs are a few hundred lines: O(n*m) is fine).
std::vector<Edit> edit_script(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::vector<Edit> edits;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      edits.push_back({' ', i, j, a[i]});
      ++i, ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      edits.push_back({'-', i, j, a[i]});  // removals before additions, as diff prints them
      ++i;
    } else {
      edits.push_back({'+', i, j, b[j]});
      ++j;
    }
  }
  return edits;
}

}  // namespace

std::vector<std::string> unified_diff(const std::string& old_text, const std::string& new_text, int context) {
  const auto edits = edit_script(split_lines(old_text), split_lines(new_text));
  std::vector<std::string> out;
  const size_t count = edits.size();
  size_t k = 0;
  while (k < count) {
    if (edits[k].kind == ' ') {
      ++k;
      continue;
    }
    // A hunk: from `context` kept lines before this change to `context` after the last
    // change that lies within 2*context kept lines of the previous one.
    size_t begin = k >= static_cast<size_t>(context) ? k - context : 0;
    size_t end = k, kept = 0;
    for (size_t e = k; e < count; ++e) {
      if (edits[e].kind == ' ') {
        if (++kept > static_cast<size_t>(2 * context)) break;
      } else {
        kept = 0;
        end = e;
      }
    }
    const size_t stop = std::min(count, end + 1 + context);
    size_t old_count = 0, new_count = 0;
    for (size_t e = begin; e < stop; ++e) {
      if (edits[e].kind != '+') ++old_count;
      if (edits[e].kind != '-') ++new_count;
    }
    out.push_back("@@ -" + std::to_string(edits[begin].old_line + 1) + "," + std::to_string(old_count) + " +" +
                  std::to_string(edits[begin].new_line + 1) + "," + std::to_string(new_count) + " @@");
    for (size_t e = begin; e < stop; ++e) out.push_back(std::string(1, edits[e].kind) + edits[e].text);
    k = stop;
  }
  return out;
}

}  // namespace touchstone
