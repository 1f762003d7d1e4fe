#include "harness/run_report.h"

#include <fstream>
#include <sstream>

#include "cases/sha256.h"
#include "harness/backend.h"
#include "harness/case_pattern.h"
#include "harness/runner.h"
#include "reference/error.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

reports::CaseResult case_result(const CaseMeta& meta, const BackendOutcome& outcome, const VerdictResult& verdict,
                                double time_ms) {
  reports::CaseResult r;
  r.id = meta.id;
  r.domain = meta.domain;
  r.op = meta.op;
  r.since_version = meta.since_version;
  r.dtypes = meta.dtypes;
  r.tags = meta.tags;
  r.category = semantics_name(verdict.semantics);
  r.valid = meta.valid;
  r.verdict = verdict_name(verdict.verdict);
  r.message = verdict.message;
  if (verdict.values_compared) {
    const Comparison& c = verdict.comparison;
    reports::Metrics m;
    m.max_ulp = c.max_ulp;
    m.max_abs = c.max_abs;
    m.bad_count = c.bad_count;
    for (const auto& x : c.first_mismatches) {
      reports::Mismatch mm{x.index, x.expected, x.actual, {}};
      if (x.margin >= 0) mm.margin = x.margin;
      m.first_mismatches.push_back(std::move(mm));
    }
    if (c.margin_defined) m.max_margin = c.max_margin;
    m.bound_elements = c.bound_elements;
    m.vacuous_elements = c.vacuous_elements;
    m.stats_count = c.stats.count;
    m.error_mean = c.stats.mean;
    m.error_variance = c.stats.variance;
    m.warning = c.warning;
    r.metrics = std::move(m);
  }
  r.time_ms = time_ms;
  r.backend_status = status_name(outcome.status);
  if (outcome.time_ms >= 0) r.backend_time_ms = outcome.time_ms;
  return r;
}

std::string shell_quote(const std::string& word, bool always) {
  if (!always && !word.empty() && word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=,+-@%") ==
                           std::string::npos)
    return word;
  std::string out = "'";
  for (char ch : word) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

std::string reproduce_command(const fs::path& suite_root, const RunOptions& o, const std::string& case_id) {
  return reproduce_command(std::vector<std::string>{"--suite", suite_root.string()}, o, case_id);
}

std::string reproduce_command(const std::vector<std::string>& source_words, const RunOptions& o, const std::string& case_id) {
  std::string cmd = shell_quote(o.program) + " run";
  for (const auto& word : source_words) cmd += " " + shell_quote(word);
  cmd += " --backend " + shell_quote(o.backend.name);
  for (const auto& [name, value] : o.backend.options) cmd += " --backend-option " + shell_quote(name + "=" + value);
  if (o.oracle != OracleKind::kReference) cmd += std::string(" --oracle ") + oracle_name(o.oracle);
  if (o.timeout_s != RunOptions{}.timeout_s) {
    std::ostringstream t;
    t << o.timeout_s;
    cmd += " --timeout " + t.str();
  }
  if (o.flush_subnormals) cmd += " --flush-subnormals";
  if (o.ignore_zero_sign) cmd += " --ignore-zero-sign";
  for (const auto& word : o.reproduce_options) cmd += " " + shell_quote(word);
  // The id is matched literally (glob characters escaped) and always quoted, so that the
  // shell never expands it; the report folder is replaced at each reproduction.
  std::string literal;
  for (char ch : case_id) {
    if (ch == '*' || ch == '?' || ch == '[' || ch == '\\') literal += '\\';
    literal += ch;
  }
  return cmd + " --case " + shell_quote(literal, true) + " --report-dir \"${TMPDIR:-/tmp}/touchstone-repro\" --overwrite";
}

std::vector<size_t> matching_ids(const std::vector<std::string>& ids, const std::vector<std::string>& patterns,
                                 const std::string& where) {
  std::vector<size_t> kept;
  std::vector<bool> used(patterns.size(), false);
  for (size_t k = 0; k < ids.size(); ++k) {
    bool keep = patterns.empty();
    for (size_t i = 0; i < patterns.size(); ++i)
      if (case_pattern_matches(patterns[i], ids[k])) keep = used[i] = true;
    if (keep) kept.push_back(k);
  }
  for (size_t i = 0; i < patterns.size(); ++i)
    if (!used[i]) io_error("--case '" + patterns[i] + "' matches no case of " + where);
  return kept;
}

void keep_cases(Suite& suite, const std::vector<std::string>& patterns) {
  if (patterns.empty()) return;
  std::vector<std::string> ids;
  for (const auto& c : suite.cases) ids.push_back(c.meta.id);
  std::vector<SuiteCase> kept;
  for (size_t k : matching_ids(ids, patterns, suite.root.string())) kept.push_back(std::move(suite.cases[k]));
  suite.cases = std::move(kept);
}

}  // namespace touchstone::harness
