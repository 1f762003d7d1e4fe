// The run journal: <report dir>/journal.jsonl. The first line is a header naming what
// the run is (suite, backend, oracle, shard, ops, options that change verdicts); every
// later line is one case's record (reports::case_to_json), appended as the verdict lands.
//
// Only the runner writes it, through one descriptor opened O_CLOEXEC (no backend process
// inherits it; process.cpp also closes every descriptor past stderr in the child), and
// every line is chained to the one before: a line is a JSON object whose last member is
// "chain": SHA-256 (hex) of the previous line's chain followed by this line's bytes up to
// that member (the header's "previous chain" is empty). An edited, removed, inserted or
// reordered line breaks the chain at that line or the next; report.json carries the last
// chain (`run.journal_chain`). A hash without a secret shows edits made by anyone who did
// not recompute it; what keeps a backend from recomputing it is the sandbox and the
// descriptor no backend holds.
//
// A run killed at any moment loses at most the line being written. Each line is one
// write() of its whole text and its newline, so a kill leaves at most a prefix of the
// last line with no newline after it: on resume, bytes after the last newline are a torn
// line and are cut off; every line that ends in a newline must verify, or the resume is
// refused naming the line (a torn line is never in the middle, never ends in a newline).
// Resuming a journal whose header differs is refused.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

#include "reports/report.h"

namespace touchstone::harness {

// A journal read back and its chain verified.
struct JournalText {
  std::vector<nlohmann::json> lines;  // every complete line, the header first
  std::string head;                   // the last line's chain ("" for an empty journal)
  size_t complete_bytes = 0;          // bytes up to the last newline (a torn line after them)
};
// Reads `path` and verifies every complete line's chain; throws kIo naming the first line
// (1-based) whose chain does not follow ("line 7: its chain does not follow line 6: ...").
JournalText read_journal(const std::filesystem::path& path);

// The line written for `body` (a JSON object's text, no newline) after `previous` chain:
// body with ,"chain":"<hex>" before its closing brace, and the newline. Sets `chain`.
std::string chained_line(const std::string& body, const std::string& previous, std::string& chain);

class Journal {
 public:
  // Fresh: (re)creates the journal with `header`. Resume: checks the chain and the header
  // and loads the records into `done` (first record per id wins). Throws kIo (with the
  // differences, or the line that breaks the chain).
  Journal(const std::filesystem::path& path, const nlohmann::json& header, bool resume,
          std::vector<reports::CaseResult>& done);
  // The same, handing each record and its case digest ("" when the record has none) to
  // `on_record` instead of keeping them all (the runner folds plain passes into counts:
  // its memory follows the failures, not the journal).
  Journal(const std::filesystem::path& path, const nlohmann::json& header, bool resume,
          const std::function<void(reports::CaseResult&&, const std::string& digest)>& on_record);
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Thread-safe; one write() per line. `digest` (the case's files, case_source.h) is kept
  // in the line as "case_digest", so that a resume can tell a case whose files changed.
  void append(const reports::CaseResult& record, const std::string& digest = "");
  const nlohmann::json& header() const { return header_; }
  // The last line's chain (report.json's run.journal_chain).
  std::string head() const;

 private:
  void write_line(const std::string& body);  // chains and writes; the caller holds mutex_
  std::filesystem::path path_;
  int fd_ = -1;
  mutable std::mutex mutex_;
  std::string chain_;
  nlohmann::json header_;
};

}  // namespace touchstone::harness
