// Helpers of the shape-op case specs: index tensors, seeded data of any type, and the
// version tests the specs branch on.
#pragma once
#include "cases/refusals.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"

namespace touchstone::cases::shape_specs {

using exact::add;
using exact::any_tensor;
using exact::Attrs;
using exact::first_param_types;
using exact::shape_tags;
using Ints = std::vector<int64_t>;

inline Tensor i64s(const Ints& v) { return Tensor::from_values<int64_t>({static_cast<int64_t>(v.size())}, v); }
inline Tensor i32s(const Ints& v) {
  std::vector<int32_t> w(v.begin(), v.end());
  return Tensor::from_values<int32_t>({static_cast<int64_t>(w.size())}, w);
}

// Seeded values of any element type for the case `name` of `row`.
inline Tensor data_of(const CatalogRow& row, DType t, const std::string& name, const Shape& s) {
  Rng rng(seed_of(case_id(row, {t}, name)));
  return any_tensor(rng, t, s);
}

inline std::string dims_name(const Ints& v) {
  if (v.empty()) return "none";
  std::string s;
  for (int64_t d : v) s += (s.empty() ? "" : "_") + (d < 0 ? "m" + std::to_string(-d) : std::to_string(d));
  return s;
}

inline std::string shape_name(const Shape& s) {
  if (s.empty()) return "scalar";
  std::string n;
  for (int64_t d : s) n += (n.empty() ? "" : "x") + std::to_string(d);
  return n;
}

// The type sweep: every allowed type gets the smoke-marked first valid case of each op;
// the first type (float32 when allowed) gets every pattern.
inline DType main_type(const std::vector<DType>& types) {
  for (DType t : types)
    if (t == DType::kFloat) return t;
  return types.front();
}

// `shape` filled with t's special values (NaN, ±0, ±inf, subnormals, extremes), cycling:
// data movement must keep their bits. t must be numeric.
inline Tensor specials(DType t, const Shape& shape) {
  const Tensor sv = special_values(t);
  Tensor out(t, shape);
  visit_dtype(t, [&]<class T>() {
    if constexpr (!std::is_same_v<T, std::string>) {
      auto o = out.data<T>();
      auto in = sv.data<T>();
      for (size_t k = 0; k < o.size(); ++k) o[k] = in[k % in.size()];
    }
  });
  return out;
}

// The smoke profile keeps one refusal per op-version: the first negative draft.
inline void ensure_smoke_refusal(std::vector<CaseDraft>& out) {
  for (const auto& d : out)
    if (!d.invalid_rule.empty() && d.smoke) return;
  for (auto& d : out)
    if (!d.invalid_rule.empty()) {
      d.smoke = true;
      return;
    }
}

}  // namespace touchstone::cases::shape_specs
