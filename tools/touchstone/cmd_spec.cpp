// touchstone spec: one op-version's schema as ONNX's registry has it.
#include <iostream>
#include <nlohmann/json.hpp>

#include "onnx/defs/schema.h"
#include "reference/catalog.h"
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

std::string option_name(onnx::OpSchema::FormalParameterOption o) {
  switch (o) {
    case onnx::OpSchema::Single: return "";
    case onnx::OpSchema::Optional: return "optional";
    case onnx::OpSchema::Variadic: return "variadic";
  }
  return "";
}

std::string attribute_type_name(onnx::AttributeProto::AttributeType t) {
  static const char* names[] = {"undefined", "float",  "int",    "string",  "tensor",        "graph",
                                "floats",    "ints",   "strings", "tensors", "graphs",        "sparse_tensor",
                                "sparse_tensors", "type_proto", "type_protos"};
  const int i = static_cast<int>(t);
  return i >= 0 && i < static_cast<int>(std::size(names)) ? names[i] : "?";
}

std::string default_text(const onnx::AttributeProto& a) {
  switch (a.type()) {
    case onnx::AttributeProto::INT: return std::to_string(a.i());
    case onnx::AttributeProto::FLOAT: return std::to_string(a.f());
    case onnx::AttributeProto::STRING: return "\"" + a.s() + "\"";
    case onnx::AttributeProto::INTS: {
      std::string s = "[";
      for (int i = 0; i < a.ints_size(); ++i) s += (i ? ", " : "") + std::to_string(a.ints(i));
      return s + "]";
    }
    default: return "(set)";
  }
}

nlohmann::json formals_json(const std::vector<onnx::OpSchema::FormalParameter>& formals) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : formals)
    list.push_back({{"name", f.GetName()}, {"type", f.GetTypeStr()}, {"option", option_name(f.GetOption())},
                    {"description", f.GetDescription()}});
  return list;
}

nlohmann::json schema_json(const onnx::OpSchema& s, const CatalogRow& row) {
  nlohmann::json attributes = nlohmann::json::array();
  for (const auto& [name, a] : s.attributes()) {
    nlohmann::json j = {{"name", name}, {"type", attribute_type_name(a.type)}, {"required", a.required},
                        {"description", a.description}};
    if (a.default_value.has_type() || a.default_value.type() != onnx::AttributeProto::UNDEFINED)
      j["default"] = default_text(a.default_value);
    attributes.push_back(j);
  }
  nlohmann::json constraints = nlohmann::json::array();
  for (const auto& c : s.typeConstraintParams())
    constraints.push_back({{"param", c.type_param_str}, {"allowed", c.allowed_type_strs}, {"description", c.description}});
  return {{"domain", std::string(display_domain(row.domain))},
          {"op", s.Name()},
          {"since_version", s.SinceVersion()},
          {"status", op_status_name(row.status())},
          {"doc", s.doc() ? s.doc() : ""},
          {"attributes", attributes},
          {"inputs", formals_json(s.inputs())},
          {"outputs", formals_json(s.outputs())},
          {"type_constraints", constraints}};
}

void print_formals(const char* title, const nlohmann::json& list) {
  std::cout << "\n" << title << ":\n";
  if (list.empty()) std::cout << "  (none)\n";
  for (const auto& f : list) {
    std::string option = f["option"];
    std::cout << "  " << f["name"].get<std::string>() << " : " << f["type"].get<std::string>()
              << (option.empty() ? "" : " (" + option + ")") << "\n      " << f["description"].get<std::string>() << "\n";
  }
}

int run_spec(const SpecOptions& o) {
  auto versions = op_versions(o.domain, o.op);
  if (versions.empty()) {
    std::cerr << "touchstone spec: no op '" << o.op << "' in " << display_domain(canonical_domain(o.domain))
              << " (touchstone ops lists them)\n";
    return kExitUsage;
  }
  const CatalogRow* row = o.version == 0 ? versions.back() : resolve_op(o.domain, o.op, o.version);
  if (!row) {
    std::cerr << "touchstone spec: " << o.op << " does not exist at opset " << o.version << " (first version "
              << versions.front()->since_version << ")\n";
    return kExitUsage;
  }
  const auto j = schema_json(schema_of(*row), *row);
  if (o.json) {
    std::cout << j.dump(1) << "\n";
    return kExitOk;
  }
  std::cout << row->label();
  if (o.version != 0 && o.version != row->since_version)
    std::cout << " (what " << o.op << " means at opset " << o.version << ")";
  std::string all;
  for (const auto* v : versions) all += (all.empty() ? "" : ", ") + std::to_string(v->since_version);
  std::cout << "\n  domain: " << display_domain(row->domain) << "\n  versions: " << all
            << "\n  reference: " << op_status_name(row->status()) << " — " << row->note << "\n\n"
            << j["doc"].get<std::string>() << "\n\nAttributes:\n";
  if (j["attributes"].empty()) std::cout << "  (none)\n";
  for (const auto& a : j["attributes"]) {
    std::cout << "  " << a["name"].get<std::string>() << " : " << a["type"].get<std::string>()
              << (a["required"].get<bool>() ? " (required)" : "")
              << (a.contains("default") ? " (default " + a["default"].get<std::string>() + ")" : "") << "\n      "
              << a["description"].get<std::string>() << "\n";
  }
  print_formals("Inputs", j["inputs"]);
  print_formals("Outputs", j["outputs"]);
  std::cout << "\nType constraints:\n";
  for (const auto& c : j["type_constraints"]) {
    std::string allowed;
    for (const auto& t : c["allowed"]) allowed += (allowed.empty() ? "" : ", ") + t.get<std::string>();
    std::cout << "  " << c["param"].get<std::string>() << " in " << allowed << "\n      "
              << c["description"].get<std::string>() << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_spec_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<SpecOptions>();
  auto* sub = app.add_subcommand(
      "spec", "Show an op-version's schema: doc, attributes, inputs, outputs, type constraints.\n"
              "VERSION is an opset: the op-version a model of that opset would use (the\n"
              "greatest since_version not above it). Without it, the newest version.");
  sub->add_option("op", options->op, "Op name, e.g. Sub")->required();
  sub->add_option("version", options->version, "Opset version")->check(CLI::PositiveNumber);
  sub->add_option("--domain", options->domain, "Domain (default ai.onnx)");
  sub->add_flag("--json", options->json, "Print the schema as JSON");
  sub->callback([options, &action] { action = [options] { return run_spec(*options); }; });
}

}  // namespace touchstone::cli
