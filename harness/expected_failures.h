// Known failures of a backend: harness/expected_failures/<backend>.txt, or --expected-failures FILE.
// One entry per line:   <pattern>   # reason
// A pattern follows the one rule of `run --case` (harness/case_pattern.h): the case id
// itself, or an fnmatch glob on it (`*` any run of characters, `/` included; `?` one
// character; `[...]` one of a set; `\` quotes). Blank lines and lines starting with `#`
// are ignored. A listed case whose verdict is a failure becomes expected-fail; one that
// passes becomes unexpected-pass. (Regular expressions, once written `re:...`, are refused
// with a message: write the globs they meant.)
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace touchstone::harness {

struct ExpectedFailure {
  std::string pattern;
  std::string reason;
  int line = 0;
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

}  // namespace touchstone::harness
