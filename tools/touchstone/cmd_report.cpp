// touchstone report: render a run's report.json (html, junit, markdown), compare two runs
// (diff: exit 1 when something regressed), join shard reports (merge), and put several
// runs side by side (compare: the scoreboard across backends).
#include <iostream>
#include <memory>

#include "diff/changelog.h"
#include "harness/journal.h"
#include "reference/error.h"
#include "reports/diff.h"
#include "reports/escape.h"
#include "reports/merge.h"
#include "reports/report.h"
#include "reports/scoreboard.h"
#include "reports/writers.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct ReportOptions {
  std::vector<std::string> inputs;
  std::string first, second;  // single positional inputs (render: the report; diff: old, new)
  std::string out = "-";
  std::string format = "text";  // diff: text, json, markdown
  std::string changelog;        // html: where the behavioural changelog is
  std::string html, markdown_out;  // compare: the scoreboard's files
  bool json = false, markdown = false;
  bool strict = false;  // accepted for older scripts: removed cases are regressions by default now
  bool allow_removed = false, allow_suite_change = false;
  bool force = false;
  int max_failures = 15;
};

// Loading and writing problems are usage/IO errors (exit 2), reported in one line.
template <typename F>
int guarded(F&& work) {
  try {
    return work();
  } catch (const std::runtime_error& e) {
    std::cerr << "touchstone report: " << reports::terminal_escape(e.what(), true) << "\n";
    return kExitUsage;
  }
}

// A report folder's journal chain, and report.json's record of its head.
int run_verify(const ReportOptions& o) {
  const std::filesystem::path dir = o.first;
  harness::JournalText journal;
  try {
    journal = harness::read_journal(dir / "journal.jsonl");
  } catch (const Error& e) {
    std::cerr << "touchstone report verify: " << e.what() << "\n";
    return kExitFailed;
  }
  std::cout << (dir / "journal.jsonl").string() << ": " << journal.lines.size() << " lines, chain intact, head "
            << journal.head << "\n";
  if (!std::filesystem::exists(dir / "report.json")) {
    std::cout << "no report.json (the run did not finish)\n";
    return kExitOk;
  }
  return guarded([&] {
    const std::string recorded = reports::load_report(dir / "report.json").run.journal_chain;
    if (recorded == journal.head) {
      std::cout << (dir / "report.json").string() << ": carries that head\n";
      return kExitOk;
    }
    std::cerr << "touchstone report verify: " << (dir / "report.json").string() << " carries journal chain '"
              << recorded << "', not the journal's head: the report was not written from this journal\n";
    return kExitFailed;
  });
}

int run_render(const ReportOptions& o, const std::string& kind) {
  return guarded([&] {
    const reports::Report report = reports::load_report(o.first);
    std::string text = kind == "html"    ? reports::render_html(report, {o.changelog, o.changelog.empty() ? std::vector<std::string>{} : changelog_anchors()})
                       : kind == "junit" ? reports::render_junit(report)
                                         : reports::render_markdown(report, o.max_failures);
    reports::write_text(o.out, text);
    return kExitOk;
  });
}

int run_report_diff(const ReportOptions& o) {
  return guarded([&] {
    const reports::Report old_report = reports::load_report(o.first);
    const reports::Report new_report = reports::load_report(o.second);
    const reports::ReportDiff d = reports::diff_reports(old_report, new_report, {o.allow_removed, o.allow_suite_change});
    const std::string text = o.format == "json"       ? reports::diff_json(d).dump(1) + "\n"
                             : o.format == "markdown" ? reports::diff_markdown(d)
                                                      : reports::diff_text(d);
    reports::write_text(o.out, text);
    return d.regressed() ? kExitFailed : kExitOk;
  });
}

int run_merge(const ReportOptions& o) {
  return guarded([&] {
    std::vector<reports::Report> inputs;
    for (const auto& path : o.inputs) inputs.push_back(reports::load_report(path));
    const reports::Report merged = reports::merge_reports(inputs, o.inputs, {o.force});
    reports::save_report(merged, o.out);
    return kExitOk;
  });
}

int run_compare(const ReportOptions& o) {
  return guarded([&] {
    if (o.html.empty() && o.markdown_out.empty()) throw std::runtime_error("compare: give --html FILE and/or --markdown FILE");
    std::vector<reports::ScoreboardRun> runs;
    // Each column links to the run's report.html, beside its report.json, relative to the page.
    // A bare file name ("scoreboard.html") has an empty parent: the current folder.
    const auto folder = std::filesystem::path(o.html).parent_path();
    const auto base = std::filesystem::absolute(folder.empty() ? std::filesystem::path(".") : folder);
    for (const auto& path : o.inputs) {
      reports::ScoreboardRun run{reports::load_report(path), ""};
      const auto page = std::filesystem::absolute(path).parent_path() / "report.html";
      if (std::filesystem::exists(page)) run.href = page.lexically_relative(base).generic_string();
      runs.push_back(std::move(run));
    }
    if (!o.html.empty()) reports::write_text(o.html, reports::render_scoreboard_html(runs));
    if (!o.markdown_out.empty()) reports::write_text(o.markdown_out, reports::render_scoreboard_markdown(runs));
    return kExitOk;
  });
}

CLI::App* add_render(CLI::App* report, Action& action, const std::string& kind, const std::string& help,
                     const std::string& out_help) {
  auto options = std::make_shared<ReportOptions>();
  auto* sub = report->add_subcommand(kind, help);
  sub->add_option("report", options->first, "The run's report.json")->required()->check(CLI::ExistingFile);
  sub->add_option("-o,--out", options->out, out_help);
  if (kind == "html")
    sub->add_option("--changelog", options->changelog,
                    "Link op-versions to this behavioural changelog (touchstone diff --all --html), e.g.\n"
                    "changelog.html (touchstone run writes one next to its report)");
  if (kind == "markdown")
    sub->add_option("--max-failures", options->max_failures, "List at most this many failing cases (default 15)");
  sub->callback([options, kind, &action] { action = [options, kind] { return run_render(*options, kind); }; });
  return sub;
}

}  // namespace

void add_report_command(CLI::App& app, Action& action) {
  auto* report = app.add_subcommand(
      "report", "Render a run's report.json (html, junit, markdown), compare two runs (diff),\n"
                "join the reports of a run's shards (merge), or put runs side by side (compare).");
  report->require_subcommand(1);
  add_render(report, action, "html",
             "One self-contained HTML page (no network, opens from file://): summary, op x opset\n"
             "matrix, filters, every failure's numbers and the command that reproduces it. Plain\n"
             "passes are summarized per op-version and dtypes (also for a --full-report report).",
             "Output file (default: stdout)");
  add_render(report, action, "junit",
             "JUnit XML for CI: a testsuite per op-version, a testcase per listed case and one per\n"
             "group of summarized passes (named with its count).",
             "Output file (default: stdout)");
  add_render(report, action, "markdown", "A short Markdown summary for a pull-request comment or CI job summary.",
             "Output file (default: stdout)");

  auto diff = std::make_shared<ReportOptions>();
  auto* d = report->add_subcommand(
      "diff", "What changed between two runs: regressions, fixes, other verdict changes, changed\n"
              "metrics, added and removed cases. Exit 1 when something regressed (a case that passed\n"
              "and no longer does, that fails now and did not, or that is missing from the new run),\n"
              "else 0. Runs of two different suites are refused (exit 2). Summarized passes are matched\n"
              "only when both runs provably hold the same cases; otherwise a case listed in one run only\n"
              "is said to be a summarized pass or absent in the other, and never counted as fixed.");
  d->add_option("old", diff->first, "The baseline report.json")->required()->check(CLI::ExistingFile);
  d->add_option("new", diff->second, "The new report.json")->required()->check(CLI::ExistingFile);
  auto* json_flag = d->add_flag("--json", diff->json, "Print the diff as JSON");
  d->add_flag("--markdown", diff->markdown, "Print the diff as Markdown")->excludes(json_flag);
  d->add_flag("--strict", diff->strict, "Accepted for older scripts (removed cases are regressions by default)");
  d->add_flag("--allow-removed", diff->allow_removed, "A case missing from the new run is not a regression");
  d->add_flag("--allow-suite-change", diff->allow_suite_change,
              "Compare runs of different suites (digests differ), e.g. after regenerating it");
  d->add_option("-o,--out", diff->out, "Output file (default: stdout)");
  d->callback([diff, &action] {
    diff->format = diff->json ? "json" : diff->markdown ? "markdown" : "text";
    action = [diff] { return run_report_diff(*diff); };
  });

  auto merge = std::make_shared<ReportOptions>();
  auto* m = report->add_subcommand(
      "merge", "Join the shard reports of one run into one report. Refuses anything but every\n"
               "shard 1..N once, run with the same options; reports of different suites or backends\n"
               "(unless --force); a case present twice with different results. Summarized passes add up\n"
               "per op-version and dtypes.");
  m->add_option("reports", merge->inputs, "Shard reports")->required()->check(CLI::ExistingFile);
  m->add_option("-o,--out", merge->out, "The merged report.json")->required();
  m->add_flag("--force", merge->force, "Merge reports of different suites or backends anyway");
  m->callback([merge, &action] { action = [merge] { return run_merge(*merge); }; });

  auto compare = std::make_shared<ReportOptions>();
  auto* c = report->add_subcommand(
      "compare", "The scoreboard: several runs (backends, or one backend with different options) side by\n"
                 "side, one row per op-version, one column per run, each cell its pass rate linked to\n"
                 "that run's report.html. Runs of different suites are allowed and flagged.");
  c->add_option("reports", compare->inputs, "The runs' report.json files, one column each, in this order")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("--html", compare->html, "Write the scoreboard page here");
  c->add_option("--markdown", compare->markdown_out, "Write the scoreboard as a Markdown table here ('-': stdout)");
  c->callback([compare, &action] { action = [compare] { return run_compare(*compare); }; });

  auto verify = std::make_shared<ReportOptions>();
  auto* v = report->add_subcommand(
      "verify", "Check a run's report folder (issue 25): every line of journal.jsonl chained to the one\n"
                "before (the first line that breaks the chain is named), and report.json's\n"
                "run.journal_chain equal to the journal's last chain. Exit 1 when either fails.");
  v->add_option("dir", verify->first, "The run's --report-dir")->required()->check(CLI::ExistingDirectory);
  v->callback([verify, &action] { action = [verify] { return run_verify(*verify); }; });
}

}  // namespace touchstone::cli
