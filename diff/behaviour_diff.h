// The behavioural diff of two op-versions: probes run under both on the reference,
// grouped by how the answers compare.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "diff/probes.h"
#include "diff/schema_diff.h"

namespace touchstone {

// What one version did with a probe.
struct ProbeOutcome {
  enum Kind { kValid, kInvalid, kTypeNotAllowed } kind = kValid;
  std::string message;           // the reference's error for an invalid model
  std::vector<Tensor> outputs;   // for a valid one; a sequence's (or optional's) tensors one by one
  // For each output that is not a tensor, what it was ("output 0: seq(tensor(float)) of 2
  // tensors, shown one by one"), so the flat `outputs` still say which value is which.
  std::vector<std::string> non_tensor;
  std::vector<std::string> attributes;  // the attributes this version was given ("axis=0")
  // Those the probe sets that this version does not have ("broadcast=1"): it ran without
  // them, and every rendering says so next to its answer.
  std::vector<std::string> dropped;
  std::string semantics;                // what ONNX leaves open in the outputs ("" when defined)
};

// "without broadcast=1 (not an attribute of Add-7)": what a version ran without, for the
// renderings ("" when nothing was dropped).
std::string dropped_text(const CatalogRow& row, const ProbeOutcome& o);

// Where two valid outcomes first differ: "output 0 (4,3) at [0,2]: 0 vs 1", with the shapes
// or dtypes when those differ; "" when the outputs are equal.
std::string first_difference(const std::vector<Tensor>& a, const std::vector<Tensor>& b);

enum class ProbeGroup {
  kSame,            // both valid, the same results bit for bit
  kOnlyOld,         // valid only in the old version (shapes or attributes)
  kOnlyNew,         // valid only in the new version
  kDifferent,       // both valid, different results
  kTypesOnlyOld,    // types only the old version allows
  kTypesOnlyNew,    // types only the new version allows
  kInvalidInBoth,
};
inline constexpr ProbeGroup kAllGroups[] = {ProbeGroup::kSame,         ProbeGroup::kOnlyOld,
                                            ProbeGroup::kOnlyNew,      ProbeGroup::kDifferent,
                                            ProbeGroup::kTypesOnlyOld, ProbeGroup::kTypesOnlyNew,
                                            ProbeGroup::kInvalidInBoth};
const char* group_key(ProbeGroup g);  // "same", "only_old", ...

struct ProbeComparison {
  Probe probe;
  ProbeOutcome old_outcome, new_outcome;
  ProbeGroup group;
  std::string difference;  // first_difference of the outputs, for kDifferent
};

struct VersionDiff {
  const CatalogRow* old_row;
  const CatalogRow* new_row;
  SchemaDiff schema;
  bool compared = false;        // false: the behaviour could not be compared
  std::string not_compared;     // why not
  std::vector<ProbeComparison> probes;

  nlohmann::json to_json() const;
  // The groups in reading order (pair_summary.h): what changed, then what one version alone
  // accepts; the same results as a count, listed only with `list_same`.
  std::string to_text(size_t examples_per_group, bool show_doc, bool list_same = false) const;
};

VersionDiff diff_versions(const CatalogRow& old_row, const CatalogRow& new_row);

// "Sub-6 vs Sub-7", titles of groups with the version labels filled in.
std::string group_title(ProbeGroup g, const VersionDiff& d);

}  // namespace touchstone
