// What the runner puts into the report (reports/report.h, the one report model): a
// case's result from its metadata and verdict, the command that
// reproduces one case, and the case filter behind `touchstone run --case`.
#pragma once
#include <string>
#include <vector>

#include "cases/suite.h"
#include "harness/verdict.h"
#include "reports/report.h"

namespace touchstone::harness {

struct RunOptions;

// One case's result. Metrics are present only when the backend's outputs were compared
// value by value (pass, fail, divergent, and those turned expected-fail/unexpected-pass).
reports::CaseResult case_result(const CaseMeta& meta, const BackendOutcome& outcome, const VerdictResult& verdict,
                                double time_ms);

// `touchstone run` restricted to one case, with the options that change its verdict.
std::string reproduce_command(const std::filesystem::path& suite_root, const RunOptions& options,
                              const std::string& case_id);
// The same for cases named by other words: {"--profile", "standard"}.
std::string reproduce_command(const std::vector<std::string>& source_words, const RunOptions& options,
                              const std::string& case_id);

// Quotes a word for a POSIX shell (unchanged when it needs no quoting, unless `always`).
std::string shell_quote(const std::string& word, bool always = false);

// Keeps the cases whose id matches one of `patterns` (harness/case_pattern.h: equal, or an
// fnmatch glob; `/` is an ordinary character). No patterns keeps all. Throws
// kIo naming a pattern that matches no case of the suite.
void keep_cases(Suite& suite, const std::vector<std::string>& patterns);
// The same rule over ids: the indices of those kept, in order (`where` names the cases).
std::vector<size_t> matching_ids(const std::vector<std::string>& ids, const std::vector<std::string>& patterns,
                                 const std::string& where);

}  // namespace touchstone::harness
