// Suite I/O: case.json and the loader shared by generated suites and ONNX's node tests.
#include "cases/suite.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "cases/meta_json.h"
#include "reference/catalog.h"
#include "reference/tensor_proto.h"

namespace touchstone {

std::string Tolerance::to_string() const {
  switch (kind) {
    case kExact: return "exact";
    case kUlp: return "ulp(" + std::to_string(ulps) + ")";
    case kBound: {
      std::ostringstream s;
      s << "bound(n=" << bound_terms << ")";
      return s.str();
    }
    case kOnnx: return "onnx";
    case kUnordered: return "unordered(axis=" + std::to_string(unordered_axis) + ")";
    case kProperty: return "property(" + property + ")";
  }
  return "exact";
}

Tolerance Tolerance::parse(const std::string& text) {
  Tolerance t;
  auto inner = [&](const std::string& prefix) -> std::optional<std::string> {
    if (text.size() > prefix.size() + 1 && text.compare(0, prefix.size(), prefix) == 0 && text.back() == ')')
      return text.substr(prefix.size(), text.size() - prefix.size() - 1);
    return std::nullopt;
  };
  try {
    if (text == "exact") return t;
    if (text == "onnx") {
      t.kind = kOnnx;
      return t;
    }
    if (auto n = inner("ulp(")) {
      size_t used = 0;
      t.kind = kUlp;
      t.ulps = std::stoi(*n, &used);
      if (used == n->size() && t.ulps >= 0) return t;
    } else if (auto b = inner("bound(n=")) {
      size_t used = 0;
      t.kind = kBound;
      t.bound_terms = std::stod(*b, &used);
      if (used == b->size() && t.bound_terms >= 0) return t;
    } else if (auto name = inner("property(")) {
      t.kind = kProperty;
      t.property = *name;
      if (!name->empty()) return t;
    } else if (auto a = inner("unordered(axis=")) {
      size_t used = 0;
      t.kind = kUnordered;
      t.unordered_axis = std::stoll(*a, &used);
      if (used == a->size() && t.unordered_axis >= 0) return t;
    }
  } catch (const std::exception&) {
  }
  malformed("tolerance '" + text + "' is not exact, onnx, ulp(N), bound(n=N), unordered(axis=N) or property(NAME)");
}

namespace cases {

namespace {
Semantics semantics_from_name(const std::string& name, const std::string& where) {
  for (Semantics s : {Semantics::kDefined, Semantics::kImplementationDefined, Semantics::kUndefined})
    if (name == semantics_name(s)) return s;
  malformed(where + ": unknown semantics '" + name + "'");
}
}  // namespace

nlohmann::json meta_json(const CaseMeta& m) {
  nlohmann::json j = {{"id", m.id},
                      {"domain", m.domain},
                      {"op", m.op},
                      {"since_version", m.since_version},
                      {"opset", m.opset},
                      {"dtypes", m.dtypes},
                      {"tags", m.tags},
                      {"valid", m.valid},
                      {"invalid_rule", m.invalid_rule},
                      {"semantics", semantics_name(m.semantics)},
                      {"semantics_reason", m.semantics_reason},
                      {"tolerance", m.tolerance.to_string()},
                      {"from_onnx", m.from_onnx}};
  if (m.shape_open) j["shape_open"] = true;  // absent otherwise: other cases keep their bytes
  return j;
}

CaseMeta meta_from(const nlohmann::json& j, const std::string& where) {
  try {
    CaseMeta m;
    m.id = j.at("id").get<std::string>();
    m.domain = j.value("domain", "");
    m.op = j.at("op").get<std::string>();
    m.since_version = j.at("since_version").get<int>();
    m.opset = j.at("opset").get<int>();
    m.dtypes = j.value("dtypes", std::vector<std::string>{});
    m.tags = j.value("tags", std::vector<std::string>{});
    m.valid = j.value("valid", true);
    m.invalid_rule = j.value("invalid_rule", "");
    m.semantics = semantics_from_name(j.value("semantics", "defined"), where);
    m.semantics_reason = j.value("semantics_reason", "");
    m.shape_open = j.value("shape_open", false);
    m.tolerance = Tolerance::parse(j.value("tolerance", "exact"));
    m.from_onnx = j.value("from_onnx", false);
    return m;
  } catch (const nlohmann::json::exception& e) {
    malformed(where + ": " + e.what());
  }
}

}  // namespace cases

std::string meta_to_json(const CaseMeta& meta) { return cases::meta_json(meta).dump(2) + "\n"; }

CaseMeta meta_from_json(const std::string& text, const std::string& where) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    malformed(where + ": not JSON (" + e.what() + ")");
  }
  return cases::meta_from(j, where);
}

namespace {

// The catalog op an ONNX node test's name is about: "test_" and "_expanded" stripped, the
// longest run of leading words that spells an op name (case-insensitively, underscores
// dropped: "reduce_sum_square_..." -> ReduceSumSquare). Null when none does.
const CatalogRow* op_named_by_test(const std::string& id) {
  std::string name = id.starts_with("test_") ? id.substr(5) : id;
  if (name.ends_with("_expanded")) name.resize(name.size() - 9);
  std::vector<std::string> words;
  std::stringstream in(name);
  for (std::string w; std::getline(in, w, '_');) words.push_back(w);
  const auto lower = [](std::string_view text) {
    std::string out(text);
    for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
  };
  for (size_t k = words.size(); k > 0; --k) {
    std::string candidate;
    for (size_t i = 0; i < k; ++i) candidate += lower(words[i]);
    const CatalogRow* found = nullptr;
    for (const auto& row : catalog())
      if (lower(row.op) == candidate && (!found || row.domain.empty())) found = &row;
    if (found) return found;
  }
  return nullptr;
}

}  // namespace

CaseMeta meta_from_model(const onnx::ModelProto& model, const std::string& id) {
  CaseMeta m;
  m.id = id;
  m.from_onnx = true;
  m.tolerance.kind = Tolerance::kOnnx;
  m.tags = {"onnx-node-test"};
  const auto& graph = model.graph();
  if (graph.node_size() == 1) {
    m.op = graph.node(0).op_type();
    m.domain = std::string(canonical_domain(graph.node(0).domain()));
  } else if (graph.node_size() > 1) {
    // A multi-node model (a function expanded, ...) tests the op its name says, not its
    // first node's; load_suite prefers the op of the same test unexpanded, when present.
    m.tags.push_back("multi-node");
    const CatalogRow* named = op_named_by_test(id);
    m.op = named ? std::string(named->op) : kGraphOp;
    m.domain = named ? std::string(canonical_domain(named->domain)) : "";
  }
  for (const auto& imp : model.opset_import())
    if (canonical_domain(imp.domain()) == m.domain) m.opset = static_cast<int>(imp.version());
  if (const CatalogRow* row = resolve_op(m.domain, m.op, m.opset)) m.since_version = row->since_version;
  std::vector<std::string> initializers;
  for (const auto& init : graph.initializer()) initializers.push_back(init.name());
  for (const auto& input : graph.input()) {
    if (std::find(initializers.begin(), initializers.end(), input.name()) != initializers.end()) continue;
    std::string name = "?";
    if (input.type().has_tensor_type()) {
      if (auto d = dtype_from_code(input.type().tensor_type().elem_type())) name = std::string(dtype_short_name(*d));
    } else if (input.type().has_sequence_type()) {
      name = "sequence";
    } else if (input.type().has_optional_type()) {
      name = "optional";
    } else if (input.type().has_map_type()) {
      name = "map";
    }
    m.dtypes.push_back(name);
  }
  return m;
}

namespace {

bool is_case_folder(const std::filesystem::path& dir) {
  std::error_code ec;
  if (std::filesystem::exists(dir / "model.onnx", ec) || std::filesystem::exists(dir / "case.json", ec)) return true;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().filename().string().rfind("test_data_set_", 0) == 0) return true;
  return false;
}

SuiteCase load_case(const std::filesystem::path& dir) {
  SuiteCase c;
  c.dir = dir;
  const std::string folder = dir.filename().string();
  try {
    std::error_code ec;
    if (!std::filesystem::exists(dir / "model.onnx", ec)) malformed(dir.string() + ": no model.onnx in this case folder");
    const auto json = dir / "case.json";
    if (std::filesystem::exists(json, ec) || std::filesystem::is_symlink(json, ec)) {
      c.case_json = read_file_within(json, dir, kMaxCaseJsonBytes);
      c.meta = meta_from_json(c.case_json, json.string());
    } else {
      const std::string where = (dir / "model.onnx").string();
      auto bytes = std::make_shared<const std::string>(read_file_within(dir / "model.onnx", dir, UINT64_MAX));
      auto model = std::make_shared<const onnx::ModelProto>(parse_model(*bytes, where));
      c.meta = meta_from_model(*model, folder);
      c.model_bytes = std::move(bytes);
      c.model = std::move(model);
    }
  } catch (const Error& e) {
    c.meta = CaseMeta{};
    c.meta.id = folder;
    c.meta.op = "(unreadable)";
    c.problem = e.what();
    c.case_json.clear();
  }
  return c;
}

}  // namespace

Suite load_suite(const std::filesystem::path& root) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) io_error(root.string() + ": not a folder");
  Suite suite;
  suite.root = std::filesystem::absolute(root).lexically_normal();
  if (suite.root.filename().empty()) suite.root = suite.root.parent_path();  // "dir/" -> "dir"
  if (std::filesystem::exists(suite.root / "model.onnx", ec)) {  // one case's folder
    suite.cases.push_back(load_case(suite.root));
    return suite;
  }
  std::vector<std::filesystem::path> dirs;
  for (const auto& entry : std::filesystem::directory_iterator(suite.root, ec))
    if (entry.is_directory() && is_case_folder(entry.path())) dirs.push_back(entry.path());
  if (ec) io_error(root.string() + ": cannot list (" + ec.message() + ")");
  for (const auto& dir : dirs) suite.cases.push_back(load_case(dir));
  std::sort(suite.cases.begin(), suite.cases.end(),
            [](const SuiteCase& a, const SuiteCase& b) { return a.meta.id < b.meta.id; });
  // ONNX's "test_X_expanded" is test_X with its op expanded into a graph: the same op.
  for (auto& c : suite.cases) {
    if (!c.meta.from_onnx || !c.meta.id.ends_with("_expanded")) continue;
    const std::string plain = c.meta.id.substr(0, c.meta.id.size() - 9);
    const auto it = std::lower_bound(suite.cases.begin(), suite.cases.end(), plain,
                                     [](const SuiteCase& x, const std::string& id) { return x.meta.id < id; });
    if (it == suite.cases.end() || it->meta.id != plain || !it->meta.from_onnx) continue;
    if (!c.problem.empty() || !it->problem.empty()) continue;
    if (c.meta.domain != it->meta.domain) {
      const onnx::ModelProto model = read_model_file(c.dir / "model.onnx");
      for (const auto& imp : model.opset_import())
        if (canonical_domain(imp.domain()) == it->meta.domain) c.meta.opset = static_cast<int>(imp.version());
    }
    c.meta.domain = it->meta.domain;
    c.meta.op = it->meta.op;
    const CatalogRow* row = resolve_op(c.meta.domain, c.meta.op, c.meta.opset);
    c.meta.since_version = row ? row->since_version : 0;
  }
  for (size_t i = 1; i < suite.cases.size(); ++i)
    if (suite.cases[i].meta.id == suite.cases[i - 1].meta.id)
      malformed(root.string() + ": case id '" + suite.cases[i].meta.id + "' appears twice (" +
                suite.cases[i - 1].dir.string() + ", " + suite.cases[i].dir.string() + ")");
  return suite;
}

void filter_ops(Suite& suite, const std::vector<std::string>& ops) {
  std::vector<std::string> names;  // each item may itself be a list: "Sub,Pow"
  for (const auto& item : ops) {
    std::stringstream s(item);
    for (std::string name; std::getline(s, name, ',');)
      if (!name.empty()) names.push_back(name);
  }
  if (names.empty()) return;
  for (const auto& name : names)
    if (std::none_of(suite.cases.begin(), suite.cases.end(), [&](const SuiteCase& c) { return c.meta.op == name; }))
      io_error("--ops '" + name + "' matches no case of " + suite.root.string() + " (op names are case-sensitive: Add, MatMul)");
  std::erase_if(suite.cases, [&](const SuiteCase& c) {
    return std::find(names.begin(), names.end(), c.meta.op) == names.end();
  });
}

}  // namespace touchstone
