#include "harness/expected_failures.h"

#include <fstream>
#include <sstream>

#include "harness/case_pattern.h"
#include "reference/error.h"

namespace touchstone::harness {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

}  // namespace

ExpectedFailures ExpectedFailures::parse(const std::string& text, const std::string& where) {
  ExpectedFailures out;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    ExpectedFailure e;
    e.line = number;
    const auto hash = t.find(" #");
    e.pattern = trim(hash == std::string::npos ? t : t.substr(0, hash));
    e.reason = hash == std::string::npos ? "" : trim(t.substr(hash + 2));
    if (e.pattern.starts_with("re:"))
      malformed(where + ":" + std::to_string(number) + ": '" + e.pattern +
                "': regular expressions are not patterns any more; write the case ids or globs it meant "
                "(harness/case_pattern.h)");
    out.entries_.push_back(std::move(e));
  }
  return out;
}

ExpectedFailures ExpectedFailures::load(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) io_error(path.string() + ": cannot read expected failures");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse(buffer.str(), path.string());
}

const ExpectedFailure* ExpectedFailures::match(const std::string& case_id) const {
  for (const auto& e : entries_)
    if (case_pattern_matches(e.pattern, case_id)) return &e;
  return nullptr;
}

}  // namespace touchstone::harness
