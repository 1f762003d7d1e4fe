#include "cases/generator.h"
#include "cases/tolerance.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "cases/meta_json.h"
#include "cases/refusals.h"
#include "cases/specs/specs.h"
#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone::cases {

const char* profile_name(Profile p) { return p == Profile::kSmoke ? "smoke" : "standard"; }

std::optional<Profile> profile_from_name(const std::string& name) {
  if (name == "smoke") return Profile::kSmoke;
  if (name == "standard") return Profile::kStandard;
  return std::nullopt;
}

const char* touchstone_version() { return TOUCHSTONE_VERSION; }

namespace {

std::vector<std::string> split_ops(const std::vector<std::string>& items) {
  std::vector<std::string> names;
  for (const auto& item : items) {
    std::stringstream s(item);
    for (std::string name; std::getline(s, name, ',');)
      if (!name.empty()) names.push_back(name);
  }
  return names;
}

// A non-tensor value is declared by its type (sequence element shapes left open).
// `open`: the dimensions are left unnamed and unvalued (the rank stays), for outputs whose
// shape another conformant backend may answer differently (SemanticsRecord::shape_open).
void declare_shape(onnx::ValueInfoProto* info, const Value& v, bool open) {
  if (!v.is_tensor()) {
    *info->mutable_type() = type_proto_of(v.type());
    return;
  }
  const Tensor& t = v.tensor();
  auto* type = info->mutable_type()->mutable_tensor_type();
  type->set_elem_type(static_cast<int>(t.dtype()));
  auto* shape = type->mutable_shape();
  shape->clear_dim();
  for (int64_t d : t.shape()) {
    auto* dim = shape->add_dim();
    if (!open) dim->set_dim_value(d);
  }
}

// The element type to declare for the first output: that of the input sharing its type
// parameter (Where's output is X's, not condition's), else the parameter's only allowed
// type (IsNaN's bool), else the first input's.
DType declared_output_type(const Schema& schema, const std::vector<DType>& types) {
  const std::string_view param = schema.outputs.front().type;
  for (size_t i = 0; i < types.size(); ++i)
    if (const auto* formal = schema.input_formal(i); formal && formal->type == param) return types[i];
  if (auto allowed = allowed_dtypes(schema, param); allowed.size() == 1 || (types.empty() && !allowed.empty()))
    return allowed.front();
  return types.empty() ? DType::kFloat : types.front();
}

// The graph input name of node input i: its formal's name, except that the inputs after
// the first of a trailing variadic formal get names of their own (data_0, data_1, ... as
// in ONNX's node tests; x, x_1, x_2 for a name not ending in _0).
std::string input_name(const std::vector<FormalSchema>& formals, size_t i) {
  if (formals.empty()) return "input_" + std::to_string(i);  // a deprecated op whose text lost its schema
  const size_t last = formals.size() - 1;
  const std::string name(formals[std::min(i, last)].name);
  if (i <= last) return name;
  const std::string k = std::to_string(i - last);
  if (name.size() > 2 && name.compare(name.size() - 2, 2, "_0") == 0) return name.substr(0, name.size() - 1) + k;
  return name + "_" + k;
}

// The id finish() gives the draft's case.
std::string draft_id(const CatalogRow& row, const CaseDraft& draft) {
  std::vector<std::string> keys;
  if (draft.values.empty())
    for (const auto& t : draft.inputs) keys.push_back(value_type_key(Value(t).type()));
  else
    for (const auto& v : draft.values) keys.push_back(value_type_key(v.type()));
  return case_id(row, keys, draft.name);
}

// Builds the draft's model, runs the reference, and records what it answered.
Case finish(const CatalogRow& row, CaseDraft draft) {
  Case c;
  CaseMeta& m = c.meta;
  // Sequences and optionals (draft.values) are declared by their element type here and
  // given their own value type after the model is built.
  Values inputs = draft.values.empty() ? Values(draft.inputs.begin(), draft.inputs.end()) : draft.values;
  std::vector<DType> types;
  std::vector<std::string> keys;
  for (const auto& v : inputs) {
    types.push_back(v.type().dtype);
    keys.push_back(value_type_key(v.type()));
  }
  m.id = draft_id(row, draft);
  m.domain = std::string(row.domain);
  m.op = std::string(row.op);
  m.since_version = row.since_version;
  m.opset = row.since_version;
  m.dtypes = keys;
  m.tags = std::move(draft.tags);
  m.valid = draft.invalid_rule.empty();
  m.invalid_rule = std::move(draft.invalid_rule);
  // A refusal whose rule ONNX states as "behavior is undefined" (Pad-18's repeated axes):
  // the reference refuses it, and a backend that runs it anyway is divergent, not failed.
  if (!m.valid && std::find(m.tags.begin(), m.tags.end(), "undefined-if-run") != m.tags.end()) {
    m.semantics = Semantics::kUndefined;
    m.semantics_reason = "ONNX leaves this undefined: " + m.invalid_rule;
  }

  const auto& schema = schema_of(row);
  SingleNodeModel spec{m.op, m.domain, m.opset, {}, {}, draft.attributes, 0};
  const auto& formals = schema.inputs;
  for (size_t i = 0, k = 0; k < types.size(); ++i) {  // i: node input, k: the draft's tensor
    const auto& omitted = draft.omitted_inputs;
    if (std::find(omitted.begin(), omitted.end(), i) != omitted.end()) {
      spec.inputs.push_back({"", types[k], {}});
      continue;
    }
    spec.inputs.push_back({input_name(formals, i), types[k], inputs[k].is_tensor() ? inputs[k].tensor().shape() : Shape{}});
    ++k;
  }
  // One graph output per node output. A variadic output (Split's parts) gives the draft's
  // count, named outputs_0, _1, ...; otherwise every output the schema names after the
  // first (TopK's Indices, Unique's indices and counts), typed from the reference's answer
  // below.
  const std::string out_name = schema.outputs.empty() ? "output" : std::string(schema.outputs.front().name);
  if (schema.outputs.empty()) {  // a deprecated op whose text lost its schema: refused anyway
    spec.outputs.push_back({out_name, types.empty() ? DType::kFloat : types.front(), {}});
  } else if (schema.outputs.front().option == FormalOption::kVariadic) {
    for (size_t k = 0; k < draft.outputs; ++k)
      spec.outputs.push_back({draft.outputs == 1 ? out_name : out_name + "_" + std::to_string(k),
                              declared_output_type(schema, types), {}});
  } else {
    spec.outputs.push_back({out_name, declared_output_type(schema, types), {}});
    const size_t named = draft.max_outputs ? std::min(draft.max_outputs, schema.outputs.size()) : schema.outputs.size();
    for (size_t k = 1; k < named; ++k)
      if (schema.outputs[k].option != FormalOption::kVariadic) {
        // An output named as an input (BatchNormalization's mean and var) takes a suffix.
        std::string name(schema.outputs[k].name);
        for (const auto& in : spec.inputs)
          if (in.name == name) name += "_out";
        spec.outputs.push_back({name, DType::kFloat, {}});
      }
  }
  c.model = build_model(spec);
  // An op of another domain holding subgraphs (ai.onnx.preview's FlexAttention) runs ai.onnx
  // nodes in them: the model imports ai.onnx too, at its newest opset and that opset's IR.
  for (const auto& n : draft.following_nodes) *c.model.mutable_graph()->add_node() = n;
  if (!m.domain.empty() && (!draft.following_nodes.empty() ||
                            std::any_of(draft.attributes.begin(), draft.attributes.end(),
                                        [](const auto& a) { return a.type() == onnx::AttributeProto::GRAPH; }))) {
    auto* onnx_domain = c.model.add_opset_import();
    onnx_domain->set_domain("");
    onnx_domain->set_version(catalog_max_opset(""));
    c.model.set_ir_version(std::max(c.model.ir_version(), ir_version_for_opset(catalog_max_opset(""))));
  }
  for (auto& o : *c.model.mutable_graph()->mutable_output()) o.mutable_type()->mutable_tensor_type()->clear_shape();
  for (int g = 0, k = 0; g < c.model.graph().input_size(); ++g, ++k)
    if (!inputs[static_cast<size_t>(k)].is_tensor())
      *c.model.mutable_graph()->mutable_input(g)->mutable_type() = type_proto_of(inputs[static_cast<size_t>(k)].type());
  c.inputs = std::move(inputs);

  int64_t terms = 0;  // the reduction length the reference's kernels report (a refusal: none)
  try {
    // Run with the output's type undeclared (Cast's comes from its `to` attribute); a
    // valid case declares the type the reference gave, below.
    onnx::ModelProto run_model = c.model;
    for (auto& o : *run_model.mutable_graph()->mutable_output()) o.clear_type();
    const Model model = Model::from_proto(run_model, ".", m.id);
    ValueRunResult result = model.run_values(c.inputs);
    if (!m.valid)
      throw std::logic_error(m.id + ": the reference ran a case meant to be invalid (" + m.invalid_rule + ")");
    c.outputs = std::move(result.outputs);
    for (size_t k = 0; k < c.outputs.size(); ++k)
      declare_shape(c.model.mutable_graph()->mutable_output(static_cast<int>(k)), c.outputs[k], result.semantics.shape_open);
    m.semantics = result.semantics.category;
    m.shape_open = result.semantics.shape_open;
    terms = result.semantics.terms;
    for (const auto& r : result.semantics.reasons) m.semantics_reason += (m.semantics_reason.empty() ? "" : "; ") + r;
  } catch (const Error& e) {
    if (m.valid || e.kind() != ErrorKind::kInvalidModel)
      throw std::logic_error(m.id + ": the reference " + (m.valid ? "refused a case meant to be valid" : "failed") +
                             " (" + error_kind_name(e.kind()) + "): " + e.what());
  }
  m.tolerance = tolerance_for(row, draft, terms);
  // Where n*u >= 1 the worst-case bound allows anything finite: the case says so.
  if (m.tolerance.kind == Tolerance::kBound && !types.empty()) {
    const int precision = types[0] == DType::kFloat16 ? 11 : types[0] == DType::kBFloat16 ? 8
                          : types[0] == DType::kFloat ? 24 : types[0] == DType::kDouble ? 53 : 0;
    if (precision > 0 && m.tolerance.bound_terms >= std::ldexp(1.0, precision)) m.tags.push_back("bound-vacuous");
  }
  return c;
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) io_error(path.string() + ": cannot write");
}

}  // namespace

namespace {

// Appends the schema-level refusals (cases/refusals.h) derived from the spec's base draft.
// A refusal whose id the spec drafts itself is left to the spec. The smoke profile keeps
// the first type refusal, or the first refusal when the op-version has none smoke else
// (the spec's own first refusal where no schema refusal is drafted: ops over sequences).
void add_schema_refusals(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const size_t first = out.size();
  if (const CaseDraft* base = refusal_base(out)) {
    std::vector<std::string> ids;
    for (const auto& d : out) ids.push_back(draft_id(row, d));
    std::sort(ids.begin(), ids.end());
    for (auto& r : schema_refusals(row, *base))
      if (!std::binary_search(ids.begin(), ids.end(), draft_id(row, r.draft))) out.push_back(std::move(r.draft));
  }
  const auto is_refusal = [](const CaseDraft& d) { return !d.invalid_rule.empty(); };
  if (std::any_of(out.begin(), out.end(), [&](const CaseDraft& d) { return d.smoke && is_refusal(d); })) return;
  if (out.size() > first) out[first].smoke = true;
  else if (auto it = std::find_if(out.begin(), out.end(), is_refusal); it != out.end()) it->smoke = true;
}

// The drafts of one catalog row kept by the profile, in the spec's order, then the
// schema-level refusals.
std::vector<CaseDraft> row_drafts(const CatalogRow& row, Profile profile) {
  std::vector<CaseDraft> out;
  find_spec(row.domain, row.op)->cases(row, out);
  add_schema_refusals(row, out);
  std::erase_if(out, [&](const CaseDraft& d) { return profile != Profile::kStandard && !d.smoke; });
  return out;
}

// The rows with specs that the options keep.
std::vector<const CatalogRow*> drafted_rows(const GenerateOptions& options) {
  const auto ops = split_ops(options.ops);
  std::vector<const CatalogRow*> rows;
  for (const auto& row : catalog()) {
    if (row.status() == OpStatus::kNotYet) continue;
    if (!ops.empty() && std::find(ops.begin(), ops.end(), row.op) == ops.end()) continue;
    if (find_spec(row.domain, row.op)) rows.push_back(&row);
  }
  return rows;
}

}  // namespace

std::vector<Case> generate_cases(const GenerateOptions& options) {
  std::vector<std::pair<const CatalogRow*, CaseDraft>> drafts;
  for (const CatalogRow* row : drafted_rows(options))
    for (auto& d : row_drafts(*row, options.profile)) drafts.emplace_back(row, std::move(d));
  std::vector<Case> cases;
  cases.reserve(drafts.size());
  for (auto& [row, draft] : drafts) {
    cases.push_back(finish(*row, std::move(draft)));
    if (options.progress) options.progress(cases.size(), drafts.size());
  }
  std::sort(cases.begin(), cases.end(), [](const Case& a, const Case& b) { return a.meta.id < b.meta.id; });
  for (size_t i = 1; i < cases.size(); ++i)
    if (cases[i].meta.id == cases[i - 1].meta.id) throw std::logic_error("two cases have the id " + cases[i].meta.id);
  return cases;
}

CasePlan::CasePlan(const GenerateOptions& options) : profile_(options.profile), rows_(drafted_rows(options)) {
  for (size_t r = 0; r < rows_.size(); ++r) {
    const auto drafts = row_drafts(*rows_[r], profile_);
    for (size_t d = 0; d < drafts.size(); ++d) entries_.push_back({draft_id(*rows_[r], drafts[d]), std::string(rows_[r]->op), r, d});
  }
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.id < b.id; });
  for (size_t i = 1; i < entries_.size(); ++i)
    if (entries_[i].id == entries_[i - 1].id) throw std::logic_error("two cases have the id " + entries_[i].id);
}

Case CasePlan::make(size_t i) const {
  const Entry& e = entries_.at(i);
  std::shared_ptr<const std::vector<CaseDraft>> drafts;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [row, cached] : cache_)
      if (row == e.row) drafts = cached;
  }
  if (!drafts) {  // drafted outside the lock: two workers may draft the same row once each
    drafts = std::make_shared<const std::vector<CaseDraft>>(row_drafts(*rows_[e.row], profile_));
    std::lock_guard lock(mutex_);
    cache_.emplace_back(e.row, drafts);
    if (cache_.size() > 4) cache_.erase(cache_.begin());
  }
  Case c = finish(*rows_[e.row], drafts->at(e.draft));
  if (c.meta.id != e.id) throw std::logic_error("the spec of " + e.id + " is not deterministic (drafted " + c.meta.id + ")");
  return c;
}

CaseBytes case_bytes(const Case& c) {
  CaseBytes b;
  const auto& graph = c.model.graph();
  b.model = serialize(c.model, c.meta.id + ": model");
  for (size_t i = 0; i < c.inputs.size(); ++i)
    b.inputs.push_back(serialize_value(c.inputs[i], graph.input(static_cast<int>(i)).name(), c.meta.id + ": input"));
  for (size_t i = 0; i < c.outputs.size(); ++i)
    b.outputs.push_back(serialize_value(c.outputs[i], graph.output(static_cast<int>(i)).name(), c.meta.id + ": output"));
  return b;
}

void write_case_files(const std::filesystem::path& dir, const CaseMeta& meta, const CaseBytes& bytes) {
  const std::filesystem::path data = dir / "test_data_set_0";
  std::error_code ec;
  std::filesystem::create_directories(data, ec);
  if (ec) io_error(data.string() + ": cannot create (" + ec.message() + ")");
  write_file_bytes(dir / "model.onnx", bytes.model);
  write_text(dir / "case.json", meta_to_json(meta));
  for (size_t i = 0; i < bytes.inputs.size(); ++i) write_file_bytes(data / ("input_" + std::to_string(i) + ".pb"), bytes.inputs[i]);
  for (size_t i = 0; i < bytes.outputs.size(); ++i) write_file_bytes(data / ("output_" + std::to_string(i) + ".pb"), bytes.outputs[i]);
}

void write_suite(const std::filesystem::path& out, const std::vector<Case>& cases, Profile profile,
                 const Progress& progress) {
  write_suite(out, cases, std::string(profile_name(profile)), progress);
}

void write_suite(const std::filesystem::path& out, const std::vector<Case>& cases, const std::string& origin,
                 const Progress& progress) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(out, ec)) {
    if (!fs::is_directory(out, ec)) io_error(out.string() + ": exists and is not a folder");
    if (!fs::is_empty(out, ec)) {
      if (!fs::exists(out / "index.json"))
        io_error(out.string() + ": a non-empty folder that is not a touchstone suite (no index.json); refusing to overwrite");
      for (const auto& entry : fs::directory_iterator(out))
        if (entry.path().filename() == "index.json" || fs::exists(entry.path() / "case.json")) fs::remove_all(entry.path());
    }
  }
  fs::create_directories(out, ec);
  if (ec) io_error(out.string() + ": cannot create (" + ec.message() + ")");

  nlohmann::json index_cases = nlohmann::json::array();
  for (size_t n = 0; n < cases.size(); ++n) {
    const Case& c = cases[n];
    const std::string name = case_dir_name(c.meta.id);
    write_case_files(out / name, c.meta, case_bytes(c));
    nlohmann::json entry = meta_json(c.meta);
    entry["dir"] = name;
    index_cases.push_back(std::move(entry));
    if (progress) progress(n + 1, cases.size());
  }
  nlohmann::json index = {{"touchstone_version", touchstone_version()},
                          {"profile", origin},
                          {"case_count", cases.size()},
                          {"cases", std::move(index_cases)}};
  write_text(out / "index.json", index.dump(1) + "\n");
}

}  // namespace touchstone::cases
