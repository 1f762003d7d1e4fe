#include "cases/tolerance.h"

#include <algorithm>

#include "cases/specs/specs.h"

namespace touchstone::cases {

const Judging& judging_of(const CatalogRow& row) {
  static const Judging kExact;
  const SpecEntry* spec = find_spec(row.domain, row.op);
  return spec ? spec->judging : kExact;
}

std::string judging_summary(const CatalogRow& row) {
  if (row.status() == OpStatus::kNotYet || !find_spec(row.domain, row.op)) return "-";
  if (row.numerics != Numerics::kExact) return "onnx";
  return judging_of(row).describe(row);
}

Tolerance tolerance_for(const Judging& j, const CaseFacts& f) {
  Tolerance t;
  if (f.row.numerics != Numerics::kExact) {
    t.kind = Tolerance::kOnnx;  // no spec'd row is bounded yet; a bounded row would state its bound
    return t;
  }
  const int64_t n = j.of_inputs ? static_cast<int64_t>(f.draft.inputs.size()) : f.terms;
  switch (j.kind) {
    case Judging::kExact: break;
    case Judging::kUlp:
      t.kind = Tolerance::kUlp;
      t.ulps = j.ulps;
      break;
    case Judging::kBound:
      if (n >= j.min_terms) {
        t.kind = Tolerance::kBound;
        t.bound_terms = static_cast<double>(n + j.extra);
      }
      break;
    case Judging::kProperty:
      t.kind = Tolerance::kProperty;
      t.property = std::string(j.function);
      break;
    case Judging::kProductUlps:
      // n - 1 roundings of relative error u each: at most n ulps (an intermediate overflow
      // or underflow is not honest: the exact product decides).
      if (n >= j.min_terms) {
        t.kind = Tolerance::kUlp;
        t.ulps = static_cast<int>(std::min<int64_t>(n, 1 << 20)) + j.ulps;
      }
      break;
  }
  if (j.refine && f.row.since_version >= j.refined_since && !f.draft.inputs.empty()) t = j.refine(f, t);
  return t;
}

Tolerance tolerance_for(const CatalogRow& row, const CaseDraft& draft, int64_t terms) {
  return tolerance_for(judging_of(row), CaseFacts{row, draft, terms});
}

}  // namespace touchstone::cases
