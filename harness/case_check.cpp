#include "harness/case_check.h"

#include <algorithm>
#include <set>

#include "harness/case_contents.h"
#include "reference/catalog.h"

namespace touchstone::harness {

namespace {

std::string op_contradiction(const CaseMeta& meta, const onnx::ModelProto& model) {
  if (meta.from_onnx) return "";  // its metadata is the model's
  if (meta.op == kGraphOp) return "";  // a whole graph: no one op to credit
  const auto& nodes = model.graph().node();
  const bool has_node = std::any_of(nodes.begin(), nodes.end(), [&](const onnx::NodeProto& n) {
    return n.op_type() == meta.op && canonical_domain(n.domain()) == meta.domain;
  });
  const std::string op = (meta.domain.empty() ? "" : meta.domain + ".") + meta.op;
  if (!has_node) return "its metadata names op " + op + ", which no node of its model runs";
  int imported = 0;
  for (const auto& imp : model.opset_import())
    if (canonical_domain(imp.domain()) == meta.domain) imported = static_cast<int>(imp.version());
  if (imported != meta.opset)
    return "its metadata says opset " + std::to_string(meta.opset) + ", its model imports " + std::to_string(imported);
  const CatalogRow* row = resolve_op(meta.domain, meta.op, imported);
  if (row && row->since_version != meta.since_version)
    return "its metadata credits " + op + "-" + std::to_string(meta.since_version) + ", its model's opset " +
           std::to_string(imported) + " runs " + op + "-" + std::to_string(row->since_version);
  return "";
}

// A case marked invalid must be one the reference refuses (or cannot judge).
std::string validity_contradiction(const CaseMeta& meta, const CaseFiles& files) {
  if (meta.valid) return "";
  try {
    (void)run_reference(files);
  } catch (const Error&) {
    return "";  // refused (or an op-version the reference lacks: it cannot say)
  }
  return "its metadata marks it invalid (" + (meta.invalid_rule.empty() ? std::string("no rule named") : meta.invalid_rule) +
         "), but the reference accepts and runs its model";
}

std::string inputs_contradiction(const CaseFiles& files, const onnx::ModelProto& model) {
  std::set<std::string> initializers;
  for (const auto& init : model.graph().initializer()) initializers.insert(init.name());
  std::vector<const onnx::ValueInfoProto*> feedable;
  for (const auto& input : model.graph().input())
    if (!initializers.count(input.name())) feedable.push_back(&input);
  if (files.inputs.size() != feedable.size())
    return "its model has " + std::to_string(feedable.size()) + " graph inputs, its data set " +
           std::to_string(files.inputs.size()) + " input files";
  for (size_t i = 0; i < feedable.size(); ++i) {
    // An optional is not checked: ONNX stores an empty one with elem_type 0
    // (test_optional_has_element_empty), which the reference's reader refuses.
    if (feedable[i]->type().has_optional_type()) continue;
    const std::string file = "input_" + std::to_string(i) + ".pb";
    try {
      const Value v = case_input(files, i, feedable[i]->type());
      const std::string why = declared_mismatch(v, feedable[i]->type());
      if (!why.empty()) return file + " (graph input '" + feedable[i]->name() + "'): " + why;
    } catch (const Error& e) {
      return file + " cannot be read as its model declares it: " + e.what();
    }
  }
  return "";
}

}  // namespace

std::string case_contradiction(const CaseMeta& meta, const CaseFiles& files, OracleKind oracle) {
  onnx::ModelProto read;  // only for files without contents (parsed once otherwise)
  const onnx::ModelProto* parsed = &read;
  try {
    if (files.contents) parsed = &files.contents->parsed_model(files.model.string());
    else read = case_model_proto(files);
  } catch (const Error&) {
    return "";  // an unreadable model is the oracle's to report (bad-case), or the backend's to refuse
  }
  const onnx::ModelProto& model = *parsed;
  if (std::string why = op_contradiction(meta, model); !why.empty()) return why;
  if (std::string why = validity_contradiction(meta, files); !why.empty()) return why;
  if (oracle == OracleKind::kExpected && meta.valid) return inputs_contradiction(files, model);
  return "";
}

}  // namespace touchstone::harness
