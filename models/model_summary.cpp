#include "models/model_summary.h"

#include <algorithm>
#include <set>

namespace touchstone::models {

std::string OpUse::label() const {
  if (row) return row->label();
  const std::string name = domain.empty() ? op : domain + "." + op;
  const int newest = catalog_max_opset(domain);
  if (newest > 0 && opset > newest)
    return name + " (opset " + std::to_string(opset) + ": beyond the catalog's " + std::string(display_domain(domain)) +
           " " + std::to_string(newest) + ")";
  return name + " (opset " + std::to_string(opset) + ": not in the catalog)";
}

bool ModelSummary::runnable() const {
  return std::all_of(ops.begin(), ops.end(), [](const OpUse& u) { return u.runnable(); });
}

namespace {

struct Walker {
  std::map<std::string, int> opsets;
  std::map<std::string, OpUse> uses;  // by label
  ModelSummary& out;

  void graph(const onnx::GraphProto& g) {
    for (const auto& node : g.node()) {
      ++out.all_nodes;
      OpUse use;
      use.domain = std::string(canonical_domain(node.domain()));
      use.op = node.op_type();
      const auto it = opsets.find(use.domain);
      use.opset = it == opsets.end() ? 0 : it->second;
      // An opset beyond the catalog's may have changed any op: nothing resolves there.
      if (use.opset <= catalog_max_opset(use.domain)) use.row = resolve_op(use.domain, use.op, use.opset);
      auto [entry, fresh] = uses.try_emplace(use.label(), use);
      ++entry->second.nodes;
      for (const auto& attr : node.attribute()) {
        if (attr.has_g()) {
          ++out.subgraphs;
          graph(attr.g());
        }
        for (const auto& g2 : attr.graphs()) {
          ++out.subgraphs;
          graph(g2);
        }
      }
    }
  }
};

}  // namespace

ModelSummary summarize_model(const onnx::ModelProto& model) {
  ModelSummary out;
  Walker walker{{}, {}, out};
  for (const auto& imp : model.opset_import())
    walker.opsets[std::string(canonical_domain(imp.domain()))] = static_cast<int>(imp.version());
  const auto& graph = model.graph();
  out.main_nodes = graph.node_size();
  walker.graph(graph);
  for (auto& [label, use] : walker.uses) out.ops.push_back(use);
  std::set<std::string> initializers;
  for (const auto& init : graph.initializer()) initializers.insert(init.name());
  for (const auto& input : graph.input()) {
    if (initializers.count(input.name())) continue;
    ModelInput in{input.name(), input.type(), {}, false};
    if (input.type().has_tensor_type() && input.type().tensor_type().has_shape()) {
      in.has_shape = true;
      for (const auto& d : input.type().tensor_type().shape().dim())
        in.dims.push_back(d.has_dim_value() ? InputDim{d.dim_value(), ""} : InputDim{-1, d.dim_param()});
    }
    out.inputs.push_back(std::move(in));
  }
  return out;
}

}  // namespace touchstone::models
