// The one rule for case-id patterns (`run --case`, expected-failure files): a pattern
// matches an id it equals, or that fnmatch(3) matches with no flags: `*` any run of
// characters (`/` included), `?` one character, `[...]` one of a set (`[!...]` none of
// it), and `\` takes the next character literally.
#pragma once
#include <fnmatch.h>

#include <string>

namespace touchstone::harness {

inline bool case_pattern_matches(const std::string& pattern, const std::string& id) {
  return pattern == id || fnmatch(pattern.c_str(), id.c_str(), 0) == 0;
}

}  // namespace touchstone::harness
