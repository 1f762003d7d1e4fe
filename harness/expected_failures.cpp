#include "harness/expected_failures.h"

#include <fstream>
#include <sstream>

#include "reference/error.h"

namespace touchstone::harness {

std::string glob_to_regex(const std::string& glob) {
  std::string re;
  for (char c : glob) {
    if (c == '*') re += ".*";
    else if (c == '?') re += '.';
    else if (std::string("\\^$.|+()[]{}").find(c) != std::string::npos) re += std::string("\\") + c;
    else re += c;
  }
  return re;
}

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
    const bool is_regex = e.pattern.rfind("re:", 0) == 0;
    try {
      e.regex = std::regex(is_regex ? e.pattern.substr(3) : glob_to_regex(e.pattern), std::regex::ECMAScript);
    } catch (const std::regex_error& err) {
      malformed(where + ":" + std::to_string(number) + ": bad pattern '" + e.pattern + "' (" + err.what() + ")");
    }
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
    if (std::regex_match(case_id, e.regex)) return &e;
  return nullptr;
}

}  // namespace touchstone::harness
