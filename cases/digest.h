// Regression digests: one SHA-256 per case of the reference's expected answer, so that a
// change in any answer is caught and named. The file (cases/expected_digests.txt) has
// one line per case, "<sha256>  <case id>", sorted by id; '#' lines are comments.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "cases/case.h"

namespace touchstone::cases {

// Hash of validity, semantics category, and each output's dtype, shape and bytes.
std::string answer_digest(const CaseMeta& meta, const std::vector<Tensor>& outputs);
// The same over graph values: a tensor hashes as above; a sequence or optional hashes its
// type, emptiness, length and element tensors.
std::string value_answer_digest(const CaseMeta& meta, const Values& outputs);

using Digests = std::map<std::string, std::string>;  // case id -> digest
Digests digests_of(const std::vector<Case>& cases);

Digests read_digests(const std::filesystem::path& path);  // throws Error(kIo/kMalformed)
void write_digests(const std::filesystem::path& path, const Digests& digests);

struct DigestDiff {
  std::vector<std::string> changed, added, removed;  // case ids
  bool empty() const { return changed.empty() && added.empty() && removed.empty(); }
  // "3 changed: Sub-7/int8/special_values, ...; 1 added: ...", up to `max_ids` ids per list.
  std::string describe(size_t max_ids = 40) const;
};
DigestDiff compare_digests(const Digests& expected, const Digests& actual);

// The command that rewrites the checked-in digests after a deliberate change.
inline constexpr const char* kUpdateDigestsCommand =
    "touchstone generate --profile standard --write-digests cases/expected_digests.txt";

}  // namespace touchstone::cases
