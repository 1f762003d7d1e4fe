// Probes for ops without hand-written ones: the case specs already describe each version's
// valid and invalid inputs, so one version's cases are run under the other (STYLE.md).
#include <set>

#include "cases/specs/specs.h"
#include "diff/probes.h"
#include "reference/node_check.h"

namespace touchstone {

std::vector<Probe> probes_from_case_specs(const CatalogRow& a, const CatalogRow& b, size_t limit) {
  const auto* spec = cases::find_spec(a.domain, a.op);
  if (!spec) return {};
  std::vector<Probe> probes;
  std::set<std::string> seen;
  for (const CatalogRow* row : {&a, &b}) {
    std::vector<cases::CaseDraft> drafts;
    spec->cases(*row, drafts);
    for (auto& d : drafts) {
      std::string name = d.name;
      for (const auto& t : d.inputs) name += " " + std::string(dtype_short_name(t.dtype())) + shape_to_string(t.shape());
      for (const auto& v : d.values)
        name += " " + (v.is_tensor() ? std::string(dtype_short_name(v.type().dtype)) + shape_to_string(v.tensor().shape())
                                     : v.type().to_string());
      if (!seen.insert(name).second) continue;
      Probe p;
      p.name = row->label() + " case " + name;
      p.inputs = std::move(d.inputs);
      p.values = std::move(d.values);  // sequences and optionals (SequenceInsert's, OptionalHasElement's)
      p.attributes = std::move(d.attributes);
      p.omitted_inputs = std::move(d.omitted_inputs);
      // A draft's output count is its variadic output's (Split's parts), or the optional
      // outputs it asks for (max_outputs: BatchNormalization's mode); others take the schema's.
      const auto& outs = schema_of(*row).outputs;
      p.outputs = !outs.empty() && outs.front().option == FormalOption::kVariadic ? d.outputs : d.max_outputs;
      probes.push_back(std::move(p));
    }
  }
  // Spread the kept probes over the whole list, so every part of the specs is sampled.
  if (probes.size() > limit) {
    std::vector<Probe> kept;
    for (size_t i = 0; i < limit; ++i) kept.push_back(std::move(probes[i * probes.size() / limit]));
    probes = std::move(kept);
  }
  return probes;
}

}  // namespace touchstone
