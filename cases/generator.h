// The case generator: runs the spec of every implemented op-version, builds each case's
// model, runs the reference for the expected outputs (and checks that it refuses every
// case meant to be invalid), and writes the suite in ONNX's backend-test layout.
#pragma once
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cases/case.h"

namespace touchstone::cases {

enum class Profile { kSmoke, kStandard };
const char* profile_name(Profile p);  // "smoke", "standard"
std::optional<Profile> profile_from_name(const std::string& name);

// Called after each case with (done, total).
using Progress = std::function<void(size_t done, size_t total)>;

struct GenerateOptions {
  Profile profile = Profile::kStandard;
  std::vector<std::string> ops;  // op names to keep ("Sub", or "Sub,Pow"); empty: all with specs
  Progress progress;
};

// Every case of the profile, sorted by id. Throws std::logic_error when the reference
// disagrees with a spec (runs a case meant to be invalid, or refuses a valid one): that
// is a bug in one of them, never to be hidden.
std::vector<Case> generate_cases(const GenerateOptions& options);

// The cases of a profile one at a time, for a run that generates them in memory
// (`touchstone run --profile`): the plan lists every case's id and op (drafting each row
// and dropping the drafts); make(i) drafts the case's row again (a few rows are cached)
// and finishes case i as generate_cases does. The same cases, sorted by id.
class CasePlan {
 public:
  explicit CasePlan(const GenerateOptions& options);
  struct Entry {
    std::string id, op;
    size_t row = 0, draft = 0;
  };
  const std::vector<Entry>& entries() const { return entries_; }
  Case make(size_t i) const;  // thread-safe; throws std::logic_error like generate_cases

 private:
  Profile profile_;
  std::vector<const CatalogRow*> rows_;
  std::vector<Entry> entries_;
  mutable std::mutex mutex_;
  mutable std::vector<std::pair<size_t, std::shared_ptr<const std::vector<CaseDraft>>>> cache_;
};

// The bytes of a case's files, exactly as write_suite writes them: model.onnx and
// test_data_set_0/input_N.pb, output_N.pb.
struct CaseBytes {
  std::string model;
  std::vector<std::string> inputs, outputs;
};
CaseBytes case_bytes(const Case& c);
// One case's folder: model.onnx, case.json and test_data_set_0.
void write_case_files(const std::filesystem::path& dir, const CaseMeta& meta, const CaseBytes& bytes);

// Writes `cases` under `out`: <out>/<case_dir_name(id)>/{model.onnx, case.json,
// test_data_set_0/input_N.pb, output_N.pb} and <out>/index.json. An existing suite at
// `out` (it has an index.json) is replaced; any other non-empty folder is refused.
void write_suite(const std::filesystem::path& out, const std::vector<Case>& cases, Profile profile,
                 const Progress& progress = {});
// The same for cases that are no profile's (a model's nodes: models/node_cases.h); `origin`
// takes the profile's place in index.json ("model:NAME").
void write_suite(const std::filesystem::path& out, const std::vector<Case>& cases, const std::string& origin,
                 const Progress& progress = {});

// The project version written into index.json.
const char* touchstone_version();

}  // namespace touchstone::cases
