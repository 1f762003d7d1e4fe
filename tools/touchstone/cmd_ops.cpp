// touchstone ops: the catalog, one row per op-version, with the reference's status.
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "reference/catalog.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct OpsOptions {
  bool json = false;
  std::string domain;
  std::string op;
  std::string status;
};

const char* numerics_name(Numerics n) {
  switch (n) {
    case Numerics::kExact: return "exact";
    case Numerics::kBounded: return "bounded";
    case Numerics::kNone: return "-";
  }
  return "-";
}

int run_ops(const OpsOptions& o) {
  std::vector<const CatalogRow*> rows;
  for (const auto& row : catalog()) {
    if (!o.domain.empty() && row.domain != canonical_domain(o.domain)) continue;
    if (!o.op.empty() && row.op != o.op) continue;
    if (!o.status.empty() && op_status_name(row.status()) != o.status) continue;
    rows.push_back(&row);
  }
  std::map<OpStatus, int> counts;
  for (const auto* row : rows) ++counts[row->status()];

  if (o.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto* row : rows) {
      list.push_back({{"domain", std::string(display_domain(row->domain))},
                      {"op", std::string(row->op)},
                      {"since_version", row->since_version},
                      {"status", op_status_name(row->status())},
                      {"numerics", numerics_name(row->numerics)},
                      {"note", std::string(row->note)},
                      {"gaps", std::string(row->gaps)}});
    }
    std::cout << list.dump(1) << "\n";
    return kExitOk;
  }
  std::printf("%-26s %-28s %7s  %-11s %-8s %s\n", "domain", "op", "version", "status", "numerics", "note");
  for (const auto* row : rows) {
    std::string note(row->note);
    if (!row->gaps.empty()) note += " (gaps: " + std::string(row->gaps) + ")";
    std::printf("%-26s %-28s %7d  %-11s %-8s %s\n", std::string(display_domain(row->domain)).c_str(),
                std::string(row->op).c_str(), row->since_version, op_status_name(row->status()),
                numerics_name(row->numerics), note.c_str());
  }
  std::printf("%zu op-versions: %d implemented, %d partial, %d not yet\n", rows.size(),
              counts[OpStatus::kImplemented], counts[OpStatus::kPartial], counts[OpStatus::kNotYet]);
  return kExitOk;
}

}  // namespace

void add_ops_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<OpsOptions>();
  auto* sub = app.add_subcommand(
      "ops", "List every op-version of the catalog (ONNX 1.12: opsets up to 17) with the\n"
             "reference's status: implemented, partial (gaps listed) or not yet.");
  sub->add_flag("--json", options->json, "Print a JSON list of {domain, op, since_version, status, ...}");
  sub->add_option("--domain", options->domain, "Only this domain (ai.onnx, ai.onnx.ml, ...)");
  sub->add_option("--op", options->op, "Only this op");
  sub->add_option("--status", options->status, "Only rows with this status")
      ->check(CLI::IsMember({"implemented", "partial", "not yet"}));
  sub->callback([options, &action] { action = [options] { return run_ops(*options); }; });
}

}  // namespace touchstone::cli
