// Coverage of a suite: for every op-version the reference implements, which allowed
// type combinations have a valid case, and how many negative and special-value cases
// it has. Measured from case metadata, so it works on any suite on disk.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "cases/suite.h"

namespace touchstone::cases {

struct OpVersionCoverage {
  std::string label;                 // "Sub-7"
  std::vector<std::string> allowed;  // type combinations ("float32", "int32,float16")
  std::set<std::string> covered;     // allowed ones with a valid case
  int cases = 0, valid = 0, negative = 0, special = 0;
  bool deprecated = false;  // no valid model exists: covered by its refusals alone
  bool complete() const { return (valid > 0 || (deprecated && negative > 0)) && covered.size() == allowed.size(); }
};

struct Coverage {
  std::vector<OpVersionCoverage> rows;  // catalog order
  int versions_covered = 0, versions_total = 0;
  size_t dtypes_covered = 0, dtypes_total = 0;
};

// Over the implemented op-versions whose op is in `ops` (empty: all implemented).
Coverage measure_coverage(const std::vector<CaseMeta>& cases, const std::vector<std::string>& ops = {});

// A table, one line per op-version, and "total: N/N op-versions, M/M dtypes".
std::string format_coverage(const Coverage& coverage, bool list_missing = true);

}  // namespace touchstone::cases
