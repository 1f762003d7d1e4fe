// The scoreboard: several runs side by side (`touchstone report compare`), one row per
// op-version and one column per run (a backend with its options), each cell the pass
// rate of the cases that count, linked to that run's own report.
#pragma once
#include <string>
#include <vector>

#include "reports/report.h"

namespace touchstone::reports {

struct ScoreboardRun {
  Report report;
  std::string href;  // the run's report.html, relative to the scoreboard ("" : no links)
};

// "onnxruntime 1.30.0 [graph_optimization=all]": the backend, its version, and the
// backend options the run was given (run.options.backend_options).
std::string run_label(const RunInfo& run);

// One self-contained HTML page (no script): totals per run, then the op-version rows.
// Runs of different suites are allowed and said so above the table.
std::string render_scoreboard_html(const std::vector<ScoreboardRun>& runs);
// The same as a Markdown table.
std::string render_scoreboard_markdown(const std::vector<ScoreboardRun>& runs);

}  // namespace touchstone::reports
