// touchstone spec: one op-version's schema from touchstone's table, with ONNX 1.12's doc text
// where it has one (opsets up to 17) and the op-version's anchor in ONNX's Changelog.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "reference/catalog.h"
#include "reference/libonnx_doc.h"
#include "reference/node_check.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct SpecOptions {
  std::string op;
  int version = 0;  // 0: the newest
  std::string domain;
  bool json = false;
};

const char* option_name(FormalOption o) {
  switch (o) {
    case FormalOption::kSingle: return "";
    case FormalOption::kOptional: return "optional";
    case FormalOption::kVariadic: return "variadic";
  }
  return "";
}

nlohmann::json formals_json(const std::vector<FormalSchema>& formals) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : formals) {
    nlohmann::json j = {{"name", f.name}, {"type", f.type}, {"option", option_name(f.option)}};
    if (f.option == FormalOption::kVariadic) {
      j["min_arity"] = f.min_arity;
      j["homogeneous"] = f.homogeneous;
    }
    list.push_back(j);
  }
  return list;
}

nlohmann::json count_json(Count c) { return {{"min", c.min}, {"max", c.max < 0 ? nlohmann::json() : nlohmann::json(c.max)}}; }

nlohmann::json schema_json(const Schema& s, const CatalogRow& row) {
  nlohmann::json attributes = nlohmann::json::array();
  for (const auto& a : s.attributes) {
    nlohmann::json j = {{"name", a.name}, {"type", attr_type_name(a.type)}, {"required", a.required}};
    if (a.default_value) j["default"] = a.default_value;
    attributes.push_back(j);
  }
  nlohmann::json constraints = nlohmann::json::array();
  for (const auto& c : s.types) constraints.push_back({{"param", c.param}, {"allowed", c.allowed}});
  nlohmann::json j = {{"domain", std::string(display_domain(row.domain))},
                      {"op", s.op},
                      {"since_version", s.since_version},
                      {"deprecated", s.deprecated},
                      {"status", op_status_name(row.status())},
                      {"changelog", changelog_anchor(row.domain, row.op, row.since_version)},
                      {"attributes", attributes},
                      {"inputs", formals_json(s.inputs)},
                      {"outputs", formals_json(s.outputs)},
                      {"input_count", count_json(s.input_count)},
                      {"output_count", count_json(s.output_count)},
                      {"type_constraints", constraints}};
  if (auto doc = libonnx_doc(row.domain, row.op, row.since_version)) j["doc"] = *doc;
  return j;
}

void print_formals(const char* title, const nlohmann::json& list) {
  std::cout << "\n" << title << ":\n";
  if (list.empty()) std::cout << "  (none)\n";
  for (const auto& f : list) {
    std::string option = f["option"];
    if (option == "variadic")
      option += ", at least " + std::to_string(f["min_arity"].get<int>()) +
                (f["homogeneous"].get<bool>() ? "" : ", heterogeneous");
    std::cout << "  " << f["name"].get<std::string>() << " : " << f["type"].get<std::string>()
              << (option.empty() ? "" : " (" + option + ")") << "\n";
  }
}

int run_spec(const SpecOptions& o) {
  auto versions = op_versions(o.domain, o.op);
  if (versions.empty()) {
    std::cerr << "touchstone spec: no op '" << o.op << "' in " << display_domain(canonical_domain(o.domain))
              << " (touchstone ops lists them)\n";
    return kExitUsage;
  }
  const int newest = catalog_max_opset(o.domain);
  const CatalogRow* row = o.version == 0 ? versions.back() : resolve_op(o.domain, o.op, std::min(o.version, newest));
  if (!row) {
    std::cerr << "touchstone spec: " << o.op << " does not exist at opset " << o.version << " (first version "
              << versions.front()->since_version << ")\n";
    return kExitUsage;
  }
  const auto j = schema_json(schema_of(*row), *row);
  if (o.version > newest) {
    // Say what was shown, and that the opset asked for is beyond what the catalog knows.
    std::cerr << "touchstone spec: opset " << o.version << " is beyond the catalog's newest for "
              << display_domain(canonical_domain(o.domain)) << " (" << newest << "); showing " << row->label()
              << ", what " << o.op << " means at opset " << newest << "\n";
  }
  if (o.json) {
    std::cout << j.dump(1) << "\n";
    return kExitOk;
  }
  std::cout << row->label() << (j["deprecated"].get<bool>() ? " (deprecated)" : "");
  if (o.version != 0 && o.version != row->since_version)
    std::cout << " (what " << o.op << " means at opset " << std::min(o.version, newest) << ")";
  std::string all;
  for (const auto* v : versions) all += (all.empty() ? "" : ", ") + std::to_string(v->since_version);
  std::cout << "\n  domain: " << display_domain(row->domain) << "\n  versions: " << all
            << "\n  reference: " << op_status_name(row->status()) << " — " << row->note
            << "\n  text: ONNX's " << j["changelog"].get<std::string>() << "\n\n"
            << (j.contains("doc") ? j["doc"].get<std::string>()
                                  : "(ONNX 1.12's library has no text for this version: read it in ONNX's Changelog)")
            << "\n\nAttributes:\n";
  if (j["attributes"].empty()) std::cout << "  (none)\n";
  for (const auto& a : j["attributes"]) {
    std::cout << "  " << a["name"].get<std::string>() << " : " << a["type"].get<std::string>()
              << (a["required"].get<bool>() ? " (required)" : "")
              << (a.contains("default") ? " (default " + a["default"].get<std::string>() + ")" : "") << "\n";
  }
  print_formals("Inputs", j["inputs"]);
  print_formals("Outputs", j["outputs"]);
  std::cout << "\nType constraints:\n";
  for (const auto& c : j["type_constraints"]) {
    std::string allowed;
    for (const auto& t : c["allowed"]) allowed += (allowed.empty() ? "" : ", ") + t.get<std::string>();
    std::cout << "  " << c["param"].get<std::string>() << " in " << allowed << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_spec_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<SpecOptions>();
  auto* sub = app.add_subcommand(
      "spec", "Show an op-version's schema: attributes, inputs, outputs, type constraints (the\n"
              "catalog's table, ONNX 1.23), and ONNX 1.12's doc text where it has one.\n"
              "VERSION is an opset: the op-version a model of that opset would use (the\n"
              "greatest since_version not above it). Without it, the newest version.");
  sub->add_option("op", options->op, "Op name, e.g. Sub")->required();
  sub->add_option("version", options->version, "Opset version")->check(CLI::PositiveNumber);
  sub->add_option("--domain", options->domain, "Domain (default ai.onnx)");
  sub->add_flag("--json", options->json, "Print the schema as JSON");
  sub->callback([options, &action] { action = [options] { return run_spec(*options); }; });
}

}  // namespace touchstone::cli
