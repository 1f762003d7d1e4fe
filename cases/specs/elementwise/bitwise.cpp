// Case specs of BitwiseAnd, BitwiseOr, BitwiseXor (18: numpy broadcasting) and
// BitwiseNot (18).
//
// Per integer type: the broadcasting patterns (scalar, equal shapes, both directions,
// empty, rank 6) with values over the type's whole range, the special values (min, -1,
// 0, 1, max, ...) crossed with each other; BitwiseNot over the unary shapes and the
// special values; the shapes numpy broadcasting refuses. The schema-level refusals (types
// outside T, the two inputs of different types, attributes, arity) come from the
// generator (cases/refusals.h).
#include <limits>

#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/specs/core/exact_helpers.h"

namespace touchstone::cases {

namespace {

using namespace exact;

struct Pattern {
  const char* name;
  Shape a, b;
  const char* refusal = nullptr;
};

const std::vector<Pattern>& patterns() {
  static const std::vector<Pattern> list = {
      {"same_3x4", {3, 4}, {3, 4}},
      {"same_scalar", {}, {}},
      {"bcast_3x4_scalar", {3, 4}, {}},
      {"bcast_scalar_3x4", {}, {3, 4}},
      {"bcast_3x1_1x4", {3, 1}, {1, 4}},
      {"bcast_2x3x4_4", {2, 3, 4}, {4}},
      {"same_0", {0}, {0}},
      {"bcast_0x3_3", {0, 3}, {3}},
      {"bcast_2x1x3x1x2x1_1x2x1x3x1x2", {2, 1, 3, 1, 2, 1}, {1, 2, 1, 3, 1, 2}},
      {"refuse_2x3_3x2", {2, 3}, {3, 2}, "numpy broadcasting: aligned sizes must be equal or 1"},
      {"refuse_0_2", {0}, {2}, "numpy broadcasting: sizes 0 and 2 neither equal nor 1"},
  };
  return list;
}

// The type's whole range.
Domain full_range() {
  Domain d;
  d.int_lo = std::numeric_limits<int64_t>::min();
  d.int_hi = std::numeric_limits<int64_t>::max();
  return d;
}

}  // namespace

void bitwise_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool unary = row.op == "BitwiseNot";
  const std::string label = row.label();
  bool smoke_refusal = true;
  for (DType t : first_param_types(row)) {
    bool smoke = true;
    if (unary) {
      for (const auto& s : unary_shapes()) {
        Rng rng(seed_of(case_id(row, {t}, s.name)));
        add(out, s.name, {random_tensor(rng, t, s.shape, full_range())}, {}, {shape_tags(s.shape)}, "", smoke);
        smoke = false;
      }
      add(out, "special_values", {special_values(t)}, {}, {"special-values"}, "", true);
      continue;
    }
    for (const auto& p : patterns()) {
      Rng rng(seed_of(case_id(row, {t, t}, p.name)));
      std::vector<Tensor> in = {random_tensor(rng, t, p.a, full_range()), random_tensor(rng, t, p.b, full_range())};
      if (p.refusal) {
        add(out, p.name, std::move(in), {}, {"shape", "broadcast"}, label + ": " + p.refusal, smoke_refusal);
        smoke_refusal = false;
      } else {
        add(out, p.name, std::move(in), {}, {shape_tags(p.a.size() >= p.b.size() ? p.a : p.b), "broadcast"}, "", smoke);
        smoke = false;
      }
    }
    auto [a, b] = cross_pairs(special_values(t), special_values(t));
    add(out, "special_values", {a, b}, {}, {"special-values"}, "", true);
  }
}

}  // namespace touchstone::cases
