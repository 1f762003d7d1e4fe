// The run journal: <report dir>/journal.jsonl. The first line is a header naming what
// the run is (suite, backend, oracle, shard, ops, options that change verdicts); every
// later line is one case's record (reports::case_to_json), appended and flushed as the
// verdict lands. A run killed at any moment loses at most the line being written: on
// resume a torn last line is cut off, recorded cases are kept and skipped, and new ones
// are appended. Resuming a journal whose header differs is refused.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

#include "reports/report.h"

namespace touchstone::harness {

class Journal {
 public:
  // Fresh: (re)creates the journal with `header`. Resume: checks the header and loads the
  // records into `done` (first record per id wins). Throws kIo (with the differences).
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

 private:
  int fd_ = -1;
  std::mutex mutex_;
  nlohmann::json header_;
};

}  // namespace touchstone::harness
