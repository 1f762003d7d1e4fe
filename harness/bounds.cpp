// element_bounds: a case's single node and inputs read as its model declares them, handed
// to the element-bound function of its op-version's judging contract.
#include "harness/bounds.h"

#include <cmath>
#include <limits>
#include <map>

#include "cases/specs/specs.h"
#include "cases/tolerance.h"
#include "harness/case_contents.h"
#include "reference/model.h"
#include "reference/tensor_proto.h"

namespace touchstone::harness {

namespace {

struct Loaded {
  cases::BoundCase c;
  const CatalogRow* row = nullptr;
};

std::optional<Loaded> load(const CaseFiles& files) {
  const Model model = case_model(files);
  const auto& graph = model.proto().graph();
  if (graph.node_size() != 1 || model.node_rows().size() != 1 || !model.node_rows()[0]) return std::nullopt;
  std::map<std::string, Tensor> named;
  for (const auto& init : graph.initializer())
    named.emplace(init.name(), tensor_from_proto(init, files.model.parent_path(), "initializer"));
  for (size_t i = 0; i < files.inputs.size() && i < model.input_names().size(); ++i)
    named.insert_or_assign(model.input_names()[i], as_declared(case_input_tensor(files, i), model.input_type(i)));
  Loaded l;
  l.row = model.node_rows()[0];
  l.c.node = graph.node(0);
  l.c.since_version = l.row->since_version;
  for (const auto& name : l.c.node.input()) {
    auto it = named.find(name);
    l.c.inputs.push_back(name.empty() || it == named.end() ? std::nullopt : std::optional<Tensor>(it->second));
  }
  // A node without inputs (RandomUniform: its property reads attributes only) loads too.
  if (!l.c.inputs.empty() && !l.c.inputs[0]) return std::nullopt;
  return l;
}

}  // namespace

bool has_element_bounds(const std::string& op) {
  for (const auto& e : cases::spec_table())
    if (e.op == op && e.judging.bounds) return true;
  return false;
}

std::vector<std::vector<double>> element_bounds(const CaseFiles& files, const std::vector<Tensor>& expected) {
  try {
    auto l = load(files);
    // The output's type decides: a window's input is its integer size, its output float.
    if (!l || l->c.inputs.empty() || expected.empty() || !is_float_dtype(expected[0].dtype())) return {};
    const cases::ElementBoundFn fn = cases::judging_of(*l->row).bounds;
    if (!fn) return {};
    l->c.expected = expected;
    std::vector<std::vector<double>> out = fn(l->c);
    for (size_t i = 0; i < out.size(); ++i)
      if (i >= expected.size() || static_cast<int64_t>(out[i].size()) != expected[i].size()) return {};
    for (auto& o : out)
      for (double& b : o)
        if (std::isnan(b)) b = std::numeric_limits<double>::infinity();
    return out;
  } catch (const std::exception&) {
    return {};
  }
}

PropertyCheck property_check(const CaseFiles& files) {
  try {
    auto l = load(files);
    if (!l) return {};
    const cases::PropertyFn fn = cases::judging_of(*l->row).property;
    if (!fn) return {};
    return [c = std::move(l->c), fn](const std::vector<Tensor>& actual) -> std::pair<std::string, int64_t> {
      try {
        const cases::PropertyResult r = fn(c, actual);
        return {r.failure, r.bad};
      } catch (const std::exception& e) {
        return {std::string("the property cannot be checked: ") + e.what(), 1};
      }
    };
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace touchstone::harness
