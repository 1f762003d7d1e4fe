// Known failures of a backend: harness/expected_failures/<backend>.txt, or --expected-failures FILE.
// One entry per line:   <pattern>   # reason
// A pattern is a glob on the case id (`*` any run of characters, `/` included; `?` one
// character), or, prefixed with `re:`, an ECMAScript regular expression that must match
// the whole id. Blank lines and lines starting with `#` are ignored. A listed case whose
// verdict is a failure becomes expected-fail; one that passes becomes unexpected-pass.
#pragma once
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace touchstone::harness {

struct ExpectedFailure {
  std::string pattern;
  std::string reason;
  int line = 0;
  std::regex regex;
};

class ExpectedFailures {
 public:
  ExpectedFailures() = default;
  static ExpectedFailures load(const std::filesystem::path& path);  // throws kIo/kMalformed
  static ExpectedFailures parse(const std::string& text, const std::string& where);
  // The first entry matching `case_id`, or nullptr.
  const ExpectedFailure* match(const std::string& case_id) const;
  size_t size() const { return entries_.size(); }

 private:
  std::vector<ExpectedFailure> entries_;
};

std::string glob_to_regex(const std::string& glob);

}  // namespace touchstone::harness
