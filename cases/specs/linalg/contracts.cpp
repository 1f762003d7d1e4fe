// The draft-dependent parts of the reduce family's judging contracts (spec_table.cpp).
#include "cases/specs/linalg/linalg_cases.h"

namespace touchstone::cases {

Tolerance det_matrix_size(const CaseFacts& f, Tolerance t) {
  const Tensor& x = f.draft.inputs.front();
  if (x.rank() >= 2) t.bound_terms = static_cast<double>(x.shape().back());  // the matrix size
  return t;
}

Tolerance einsum_operand_products(const CaseFacts& f, Tolerance t) {
  // Each term a product of one factor per operand: one rounding per operand past two.
  const auto operands = static_cast<int64_t>(f.draft.inputs.size());
  const int64_t n = f.terms + std::max<int64_t>(0, operands - 2);
  if (n >= 2) {
    t.kind = Tolerance::kBound;
    t.bound_terms = static_cast<double>(n);
  }
  return t;
}

}  // namespace touchstone::cases
