// Case specs of the logical ops and comparisons: And, Or, Xor (1, 7), Not (1), Equal (1, 7,
// 11, 13), Greater and Less (1, 7, 9, 13), GreaterOrEqual and LessOrEqual (12, 16).
//
// The binary ones sweep the shape patterns of their version's broadcasting rule (the
// limited `broadcast`/`axis` rule in version 1, numpy's from 7; binary.h) for every
// allowed type, with random values (random bits for bool), every pair of the type's
// special values (NaN, +-0, +-inf, extremes), and for comparisons a case of near-equal
// pairs (equal, one ulp or one unit apart) where < and <= differ, and the shapes their
// rule refuses. Not has shapes to rank 6 and both bool values. The schema-level refusals
// (types, attributes, arity) come from the generator (cases/refusals.h).
#include <algorithm>
#include <cmath>

#include "cases/specs/core/binary.h"
#include "cases/specs/elementwise/elementwise_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;

// Random bools (random_tensor leaves bool tensors false) for drafts from `first` on.
void randomize_bools(const CatalogRow& row, std::vector<CaseDraft>& drafts, size_t first) {
  for (size_t d = first; d < drafts.size(); ++d) {
    Rng rng(seed_of(case_id(row, {DType::kBool, DType::kBool}, drafts[d].name) + "/bool"));
    for (auto& t : drafts[d].inputs)
      if (t.dtype() == DType::kBool)
        for (auto& v : t.data<bool>()) v = rng.next() & 1;
  }
}

Tensor specials_of(DType t) { return t == DType::kBool ? tensor_of(t, {2}, {0, 1}) : special_values(t); }

// A and B equal, or one ulp (floats) or one unit (integers) apart, in either order.
std::vector<Tensor> near_pairs(const CatalogRow& row, DType t) {
  Rng rng(seed_of(case_id(row, {t, t}, "near_equal")));
  const Tensor a = random_tensor(rng, t, {24}, {});
  Tensor b = a;
  visit_dtype(t, [&]<class T>() {
    if constexpr (is_integer<T> || is_real_float<T>) {
      auto x = b.data<T>();
      for (size_t i = 0; i < x.size(); ++i) {
        const int step = static_cast<int>(i % 3) - 1;  // -1, 0, +1
        if constexpr (is_integer<T>) {
          x[i] = static_cast<T>(x[i] + step);
        } else if constexpr (is_small_float<T>) {
          x[i].bits = static_cast<uint16_t>(x[i].bits + step);  // the neighbouring pattern
        } else {
          x[i] = std::nextafter(x[i], step < 0 ? -INFINITY : step > 0 ? INFINITY : x[i]);
        }
      }
    }
  });
  return {a, b};
}

void not_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::vector<std::pair<const char*, Shape>> shapes = {
      {"scalar", {}}, {"one_1", {1}}, {"vec_7", {7}}, {"mat_3x4", {3, 4}}, {"empty_0", {0}},
      {"empty_2x0x3", {2, 0, 3}}, {"rank5_1x2x1x3x2", {1, 2, 1, 3, 2}}, {"rank6_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}}};
  const size_t first = out.size();
  for (const auto& [name, shape] : shapes) {
    std::vector<std::string> tags = {"random"};
    if (shape.empty()) tags.push_back("scalar");
    if (std::find(shape.begin(), shape.end(), 0) != shape.end()) tags.push_back("empty");
    if (shape.size() >= 5) tags.push_back("high-rank");
    add(out, name, {Tensor(DType::kBool, shape)}, {}, tags, "", out.size() == first);
  }
  randomize_bools(row, out, first);
  add(out, "special_values", {specials_of(DType::kBool)}, {}, {"special-values"}, "", true);
}

}  // namespace

void logic_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  if (row.op == "Not") return not_cases(row, out);
  const bool comparison = !(row.op == "And" || row.op == "Or" || row.op == "Xor");
  bool smoke_refusal = true;
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    const size_t first = out.size();
    binary::sweep_patterns(row, t, t, [](int) { return Domain{}; }, smoke_refusal, out);
    smoke_refusal = false;
    if (t == DType::kBool) randomize_bools(row, out, first);
    add(out, "special_values", binary::pair(specials_of(t), specials_of(t)), {}, {"special-values"}, "", true);
    if (comparison && t != DType::kBool && t != DType::kString)
      add(out, "near_equal", near_pairs(row, t), {}, {"special-values", "ties"}, "", false);
  }
}

}  // namespace touchstone::cases
