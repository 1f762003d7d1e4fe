// Where a run's cases come from: a suite on disk (`touchstone run --suite`), or a profile's
// cases generated in memory as the workers take them (`touchstone run --profile`), so that
// a run needs no suite on disk. Either way a case reaches the runner with its files'
// bytes in memory (harness/case_contents.h), read or made once, and its digest.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "cases/generator.h"
#include "cases/suite.h"
#include "harness/backend.h"

namespace touchstone::harness {

// One case, ready to run.
struct SourceCase {
  CaseMeta meta;
  std::string problem;          // the suite cannot give the case ("" : it can): bad-case
  std::vector<CaseFiles> sets;  // its data sets, each with contents unless a file is unreadable
  std::string digest;           // "<hex>" over every byte of the case (whole_case_digest)
  // The expected outputs are this build's reference's answer (a generated case): the
  // reference oracle takes them rather than running the reference again.
  bool expected_from_reference = false;
};

class CaseSource {
 public:
  virtual ~CaseSource() = default;
  struct Entry {
    std::string id, op;
  };
  // Every case, sorted by id.
  virtual const std::vector<Entry>& entries() const = 0;
  virtual SourceCase load(size_t i) const = 0;  // thread-safe
  // What the journal and the report name as the suite: its absolute folder, or
  // "profile:standard" (with the ops it was limited to).
  virtual std::string name() const = 0;
  // How a command names these cases: "--suite DIR" or "--profile standard" (with --ops).
  virtual std::vector<std::string> command_words() const = 0;
  // Cases in the whole suite or profile, before filters.
  virtual size_t total() const = 0;
  // Keeps the cases matching `patterns` (ids or globs: keep_cases); throws kIo for a
  // pattern that matches none.
  virtual void keep(const std::vector<std::string>& patterns) = 0;
};

// A suite read by load_suite (and filtered by the caller).
std::unique_ptr<CaseSource> suite_source(Suite suite);
// A profile's cases, generated on demand. `ops` limits them to those ops; an op without
// cases is refused (kIo), like --ops on a suite.
std::unique_ptr<CaseSource> profile_source(cases::Profile profile, const std::vector<std::string>& ops);

// The digest of one case's data sets: SHA-256 over each set's model, inputs and expected
// outputs (length-prefixed, counted). An unreadable file counts as "unreadable".
std::string case_digest(const std::vector<CaseFiles>& sets);
// The files of a case's folder that are not a data set's model, input or output, nor
// case.json (external data files, anything else), sorted by relative path; links are not
// followed. An empty `case_dir` (a generated case): none.
struct OtherFile {
  std::filesystem::path relative;
  enum Kind { kRegular, kLink, kSpecial } kind;
  std::filesystem::path link_target;  // kLink
};
std::vector<OtherFile> other_files(const std::filesystem::path& case_dir, const std::vector<CaseFiles>& sets);
// The digest of the case's folder's other files (external data files, anything else that
// is not a set's model, input or output, nor case.json), by relative path: a regular
// file by its bytes, a link by its target's name, anything else as "special" (never
// opened). Links are not followed. An empty `case_dir` (a generated case): no files.
std::string other_files_digest(const std::filesystem::path& case_dir, const std::vector<CaseFiles>& sets);
// A case's digest (SourceCase::digest): its data sets' (case_digest), its case.json's
// bytes ("" : none) and its other files' — every byte that decides its verdict.
std::string whole_case_digest(const std::string& sets_digest, const std::string& case_json, const std::string& others);
// "sha256:<hex>" over the cases in id order: each id and its digest (or its problem).
// Equal for a profile generated in memory and the same profile written and read back.
class SuiteDigest {
 public:
  void add(const std::string& id, const std::string& case_digest_or_problem);
  std::string finish() const;

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

}  // namespace touchstone::harness
