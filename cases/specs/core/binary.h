// Pieces shared by the specs of binary elementwise ops (arithmetic.cpp: Add ... Pow;
// logic.cpp: And, Or, Xor and the comparisons): the shape patterns of each broadcasting
// rule with their refusals; and the seeded draws the reduce and linalg specs share.
#pragma once
#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "cases/case.h"
#include "cases/values.h"

namespace touchstone::cases::binary {

inline constexpr int64_t kNone = std::numeric_limits<int64_t>::min();

struct Pattern {
  const char* name;
  Shape a, b;
  int64_t broadcast = kNone;  // kNone: attribute absent
  int64_t axis = kNone;
  const char* refusal = nullptr;  // the rule these shapes break
};

// Opsets 1-6: equal shapes, or broadcast=1 with B one element, a suffix, or a run at axis.
const std::vector<Pattern>& limited_patterns();
// Opset 7 and later: numpy's multidirectional rule.
const std::vector<Pattern>& numpy_patterns();

// Appends a draft; a non-empty `rule` makes it a negative case.
void add(std::vector<CaseDraft>& out, std::string name, std::vector<Tensor> inputs,
         std::vector<onnx::AttributeProto> attrs, std::vector<std::string> tags, std::string rule, bool smoke);

// Every shape pattern of the row's broadcasting rule (limited before opset 7), with A of
// type `a` and B of `b` drawn from domain(0) and domain(1). Marks the first valid pattern
// smoke, and the first refusal when `smoke_refusal`.
void sweep_patterns(const CatalogRow& row, DType a, DType b, const std::function<Domain(int)>& domain,
                    bool smoke_refusal, std::vector<CaseDraft>& out);

// cross_pairs as a two-input list.
std::vector<Tensor> pair(const Tensor& a, const Tensor& b);

}  // namespace touchstone::cases::binary

namespace touchstone::cases {

// A random tensor drawn from the case id's own seed (the reduce and linalg specs).
inline Tensor random_of(const std::string& id, DType t, const Shape& shape, Domain domain = {}) {
  Rng rng(seed_of(id));
  return random_tensor(rng, t, shape, domain);
}

// A (1, n) or (n) tensor of the type's special values.
inline Tensor specials_as(DType t, Shape shape) {
  const Tensor s = special_values(t);
  Tensor r(t, std::move(shape));
  std::copy(s.bytes().begin(), s.bytes().end(), r.mutable_bytes().begin());
  return r;
}

}  // namespace touchstone::cases
