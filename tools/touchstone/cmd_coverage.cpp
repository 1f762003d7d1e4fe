// touchstone coverage: which implemented op-versions and dtypes a suite covers, with its
// negative and special-value case counts. Works on any suite (generated or ONNX's).
#include <iostream>

#include "cases/coverage.h"
#include "cases/suite.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct CoverageOptions {
  std::string suite;
  std::vector<std::string> ops;
  bool require_full = false;
};

int run_coverage(const CoverageOptions& o) {
  Suite suite = load_suite(o.suite);
  filter_ops(suite, o.ops);
  std::vector<CaseMeta> metas;
  for (const auto& c : suite.cases) metas.push_back(c.meta);
  const auto coverage = cases::measure_coverage(metas, o.ops);
  std::cout << cases::format_coverage(coverage);
  const bool full = coverage.versions_covered == coverage.versions_total && coverage.dtypes_covered == coverage.dtypes_total;
  return (o.require_full && !full) ? kExitFailed : kExitOk;
}

}  // namespace

void add_coverage_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<CoverageOptions>();
  auto* sub = app.add_subcommand(
      "coverage",
      "Measure a suite's coverage of the implemented op-versions: per op-version the allowed\n"
      "type combinations that have a valid case, and its negative and special-value cases;\n"
      "then 'total: N/N op-versions, M/M dtypes'. --require-full exits 1 below 100%.");
  sub->add_option("--suite", options->suite, "Suite folder (generated, or ONNX's node tests)")->required();
  sub->add_option("--ops", options->ops, "Only these ops (comma-separated)")->delimiter(',');
  sub->add_flag("--require-full", options->require_full, "Exit 1 unless every op-version and dtype is covered");
  sub->callback([options, &action] { action = [options] { return run_coverage(*options); }; });
}

}  // namespace touchstone::cli
