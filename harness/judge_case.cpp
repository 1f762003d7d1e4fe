// Judging one case: its oracle and bounds, the worst data set, expected failures, the repro
// folder, and its record in the journal and the results.
#include "harness/bounds.h"
#include "harness/repro.h"
#include "harness/run_parts.h"
#include "harness/run_report.h"

namespace touchstone::harness {

OracleOutcome case_oracle(const SourceCase& c, const CaseFiles& files, OracleKind kind) {
  OracleOutcome oracle;
  if (kind == OracleKind::kReference && c.expected_from_reference) {
    oracle = oracle_outputs(OracleKind::kExpected, files, false);  // the reference's answer, made moments ago
    oracle.semantics = c.meta.semantics;
    oracle.shape_open = c.meta.shape_open;
  } else {
    oracle = oracle_outputs(kind, files);
  }
  if (oracle.available && c.meta.tolerance.kind == Tolerance::kBound) {
    // Composite ops: per-element bounds from the inputs; sums: the terms' magnitudes.
    if (has_element_bounds(c.meta.op)) {
      std::vector<Tensor> expected;  // bounded ops have tensor outputs only
      for (const auto& v : oracle.outputs)
        if (v.is_tensor()) expected.push_back(v.tensor());
      if (expected.size() == oracle.outputs.size()) oracle.allowed = element_bounds(files, expected);
    }
    if (oracle.allowed.empty()) oracle.magnitudes = term_magnitudes(files);
  }
  if (oracle.available && c.meta.tolerance.kind == Tolerance::kProperty) oracle.property = property_check(files);
  return oracle;
}

SetResult bad_case_result(const SourceCase& c) {
  SetResult r;
  r.outcome.status = BackendOutcome::kUnsupported;
  r.outcome.message = "not run";
  r.verdict = {Verdict::kBadCase, "the suite cannot give this case: " + c.problem, {}};
  return r;
}

namespace {

// The data set whose verdict is the case's: the worst (the first of equals).
size_t worst_set(const std::vector<SetResult>& results) {
  size_t worst = 0;
  for (size_t k = 1; k < results.size(); ++k)
    if (worse(results[worst].verdict.verdict, results[k].verdict.verdict) != results[worst].verdict.verdict) worst = k;
  return worst;
}

// A case listed in the expected failures: a failure becomes expected-fail, a pass
// unexpected-pass, and the message names the line.
void apply_expected(const ExpectedFailures& expected, const std::string& id, VerdictResult& v) {
  const auto* xf = expected.match(id);
  if (!xf) return;
  const Verdict before = v.verdict;
  v.verdict = apply_expected_failure(before);
  if (v.verdict != before)
    v.message = "listed in expected failures (line " + std::to_string(xf->line) + ": " + xf->reason + ")" +
                (v.message.empty() ? "" : "; " + std::string(verdict_name(before)) + ": " + v.message);
}

}  // namespace

void record_case(RunShared& shared, const SourceCase& c, std::vector<SetResult>& results, double prepare_ms,
                 std::chrono::steady_clock::time_point start) {
  const RunOptions& o = shared.o;
  const size_t worst = worst_set(results);
  const BackendOutcome& outcome = results[worst].outcome;
  VerdictResult v = results[worst].verdict;
  apply_expected(shared.run.expected, c.meta.id, v);
  std::string reproduce;
  if (is_failure(v.verdict) && o.repro_folders && worst < c.sets.size())  // a folder that reproduces it alone
    reproduce = write_repro(o.report_dir, c.meta, c.sets[worst], results[worst].oracle, outcome, v, o);
  const double ms = prepare_ms + std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  reports::CaseResult r = case_result(c.meta, outcome, v, ms);
  r.reproduce = reproduce.empty() ? reproduce_command(shared.source_words, o, c.meta.id) : reproduce;
  const std::string digest = journal_digest(c);
  shared.run.journal->append(r, digest);
  shared.progress.add(r.verdict);
  std::lock_guard lock(shared.results_mutex);
  shared.run.digest.add(c.meta.id, digest);
  shared.run.collected.add(std::move(r));
}

}  // namespace touchstone::harness
