// The run journal: <report dir>/journal.jsonl. The first line is a header naming what
// the run is (suite, backend, oracle, shard, ops, options that change verdicts); every
// later line is one case's record (reports::case_to_json), appended and flushed as the
// verdict lands. A run killed at any moment loses at most the line being written: on
// resume a torn last line is cut off, recorded cases are kept and skipped, and new ones
// are appended. Resuming a journal whose header differs is refused.
#pragma once
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

#include "reports/report.h"

namespace touchstone::harness {

class Journal {
 public:
  // Fresh: (re)creates the journal with `header`. Resume: checks the header and loads the
  // records into `done` (first record per id wins), and each record's case digest into
  // `digests` (by id; absent when the record has none). Throws kIo (with the differences).
  Journal(const std::filesystem::path& path, const nlohmann::json& header, bool resume,
          std::vector<reports::CaseResult>& done, std::map<std::string, std::string>* digests = nullptr);
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
