// touchstone ops: the catalog, one row per op-version, with the reference's status.
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cases/tolerance.h"
#include "reference/catalog.h"
#include "reference/node_check.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct OpsOptions {
  bool json = false;
  bool markdown = false;
  std::string domain;
  std::string family;
  std::string op;
  std::string status;
  int opset = 0;  // 0: every version; else the versions a model of this opset resolves to
};

const char* numerics_name(Numerics n) {
  switch (n) {
    case Numerics::kExact: return "exact";
    case Numerics::kBounded: return "bounded";
    case Numerics::kNone: return "-";
  }
  return "-";
}

// The note of a row as the listings print it: gaps and deprecation included.
std::string full_note(const CatalogRow& row) {
  std::string note(row.note);
  if (!row.gaps.empty()) note += " (gaps: " + std::string(row.gaps) + ")";
  if (schema_of(row).deprecated) note = "deprecated: models may not use it; " + note;
  return note;
}

// A Markdown table cell: a '|' would end the cell.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

// The per-version notes of the family READMEs: one Markdown row per op-version.
int print_markdown(const std::vector<const CatalogRow*>& rows) {
  std::printf("| op | since | judging | what changed |\n| --- | --- | --- | --- |\n");
  for (const auto* row : rows) {
    std::string op(row->op);
    if (!row->domain.empty()) op = std::string(display_domain(row->domain)) + "." + op;
    std::printf("| %s | %d | %s | %s |\n", op.c_str(), row->since_version, cell(cases::judging_summary(*row)).c_str(),
                cell(full_note(*row)).c_str());
  }
  return rows.empty() ? kExitUsage : kExitOk;
}

int run_ops(const OpsOptions& o) {
  std::vector<const CatalogRow*> rows;
  for (const auto& row : catalog()) {
    if (!o.domain.empty() && row.domain != canonical_domain(o.domain)) continue;
    if (!o.op.empty() && row.op != o.op) continue;
    if (!o.family.empty() && row.family != o.family) continue;
    if (!o.status.empty() && op_status_name(row.status()) != o.status) continue;
    if (o.opset > 0 && resolve_op(row.domain, row.op, o.opset) != &row) continue;
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
                      {"family", std::string(row->family)},
                      {"status", op_status_name(row->status())},
                      {"numerics", numerics_name(row->numerics)},
                      {"judging", cases::judging_summary(*row)},
                      {"deprecated", schema_of(*row).deprecated},
                      {"note", std::string(row->note)},
                      {"gaps", std::string(row->gaps)}});
    }
    std::cout << list.dump(1) << "\n";
    return kExitOk;
  }
  if (o.markdown) return print_markdown(rows);
  std::printf("%-26s %-28s %7s  %-11s %-8s %-36s %s\n", "domain", "op", "version", "status", "numerics", "judging",
              "note");
  for (const auto* row : rows) {
    const std::string note = full_note(*row);
    std::printf("%-26s %-28s %7d  %-11s %-8s %-36s %s\n", std::string(display_domain(row->domain)).c_str(),
                std::string(row->op).c_str(), row->since_version, op_status_name(row->status()),
                numerics_name(row->numerics), cases::judging_summary(*row).c_str(), note.c_str());
  }
  if (rows.empty()) {
    std::fprintf(stderr, "touchstone ops: no op-version matches these filters\n");
    return kExitUsage;
  }
  std::printf("%zu op-versions: %d implemented, %d partial, %d not yet\n", rows.size(),
              counts[OpStatus::kImplemented], counts[OpStatus::kPartial], counts[OpStatus::kNotYet]);
  return kExitOk;
}

}  // namespace

void add_ops_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<OpsOptions>();
  auto* sub = app.add_subcommand(
      "ops", "List every op-version of the catalog (ONNX 1.23: ai.onnx opsets 1-28, ai.onnx.ml 1-5,\n"
             "ai.onnx.preview 1, ai.onnx.preview.training 1; 642 op-versions) with the reference's\n"
             "status: implemented, partial (gaps listed) or not yet, and how a backend is judged\n"
             "(the judging contract: exact, ulp(N), sum bound n+k, element bound (f), ...; -: no cases).");
  sub->add_flag("--json", options->json, "Print a JSON list of {domain, op, since_version, status, ...}");
  sub->add_option("--domain", options->domain, "Only this domain (ai.onnx, ai.onnx.ml, ...)");
  sub->add_option("--op", options->op, "Only this op");
  sub->add_option("--family", options->family,
                  "Only this family (elementwise, shape, indexing, reduce, linalg, sequence; not yet\n"
                  "implemented: conv, pool, norm, quant, resample, attention, control, recurrent,\n"
                  "signal, random, string, image, ml, training; reference/README.md)");
  sub->add_flag("--markdown", options->markdown,
                "Print the rows as a Markdown table (op, since, judging, what changed): the per-version\n"
                "notes of the family READMEs (tools/family_readmes.sh)");
  sub->add_option("--status", options->status, "Only rows with this status")
      ->check(CLI::IsMember({"implemented", "partial", "not yet"}));
  sub->add_option("--opset", options->opset,
                  "Only the op-versions a model importing this opset (of each row's domain) resolves to")
      ->check(CLI::PositiveNumber);
  sub->callback([options, &action] { action = [options] { return run_ops(*options); }; });
}

}  // namespace touchstone::cli
