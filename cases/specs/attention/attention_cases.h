// The attention family's case specs (see README.md): one recipe per op.
#pragma once
#include <vector>

#include "cases/specs/specs.h"

namespace touchstone::cases {

void attention_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void rotary_embedding_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void swiglu_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void linear_attention_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void flex_attention_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// The element bounds (attention_bounds.cpp; derivations in reference/ops/attention/README.md).
std::vector<std::vector<double>> attention_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> rotary_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> linear_attention_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> flex_attention_element_bounds(const BoundCase& c);

// The first-order relative errors of softmax(s) computed in S (units ks) from scores s (-inf:
// disallowed) with absolute errors ds, the weights cast to T1 (k1): p_j and rel_j (0 where
// disallowed); vacuous when some rel_j reaches 1/2 (attention_bounds.cpp).
struct SoftmaxErrors {
  std::vector<double> p, rel;
  bool vacuous = false;
};
SoftmaxErrors softmax_errors(const std::vector<double>& s, const std::vector<double>& ds, const BoundUnits& k1, const BoundUnits& ks);

}  // namespace touchstone::cases
