// Case specs of BitShift and Mod (numpy broadcasting).
//
// BitShift-11: both directions for every unsigned type over the broadcasting patterns, shift
// amounts in [0, bits), the special values against every amount up to the bit width and
// beyond (undefined: 0); refusals of a misspelled direction and refused shapes.
// Mod-10/13: integers with fmod=0 (Python's %) and fmod=1 (C's), floats with fmod=1, over
// the patterns; mixed signs, special values crossed (zero divisors: undefined), and float
// specials (±0, ±inf, NaN); refusals of floats with fmod absent or 0, fmod outside {0, 1}
// and refused shapes. The schema-level refusals (types outside T, mismatched types, a
// missing direction, attributes of the wrong kind) come from the generator
// (cases/refusals.h).
#include <cmath>

#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/specs/core/exact_helpers.h"

namespace touchstone::cases {

namespace {

using namespace exact;

struct BinaryPattern {
  const char* name;
  Shape a, b;
  const char* refusal = nullptr;
};

const std::vector<BinaryPattern>& binary_patterns() {
  static const std::vector<BinaryPattern> patterns = {
      {"same_3x4", {3, 4}, {3, 4}},
      {"same_scalar", {}, {}},
      {"same_1", {1}, {1}},
      {"bcast_3x4_scalar", {3, 4}, {}},
      {"bcast_scalar_3x4", {}, {3, 4}},
      {"bcast_3x1_1x4", {3, 1}, {1, 4}},
      {"bcast_2x3x4_4", {2, 3, 4}, {4}},
      {"same_0", {0}, {0}},
      {"bcast_0x3_3", {0, 3}, {3}},
      {"same_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}, {2, 1, 2, 1, 3, 2}},
      {"bcast_2x1x3x1x2x1_1x2x1x3x1x2", {2, 1, 3, 1, 2, 1}, {1, 2, 1, 3, 1, 2}},
      {"refuse_2x3_3x2", {2, 3}, {3, 2}, "numpy broadcasting: aligned sizes must be equal or 1"},
      {"refuse_0_2", {0}, {2}, "numpy broadcasting: sizes 0 and 2 neither equal nor 1"},
  };
  return patterns;
}

int bits_of(DType t) { return static_cast<int>(dtype_size(t)) * 8; }

std::vector<Tensor> pair(const Tensor& a, const Tensor& b) {
  auto [x, y] = cross_pairs(a, b);
  return {x, y};
}

// The special values of t without zero when t is an integer type (float zeros stay: a
// float divisor of ±0 gives NaN, as Mod-13 says).
Tensor nonzero_specials(DType t) {
  const Tensor all = special_values(t);
  return visit_dtype(t, [&]<class T>() -> Tensor {
    if constexpr (is_integer<T>) {
      std::vector<T> kept;
      for (T v : all.data<T>())
        if (v != 0) kept.push_back(v);
      return Tensor::from_values<T>({static_cast<int64_t>(kept.size())}, kept);
    } else {
      return all;
    }
  });
}

// The patterns with A from `da`, B from `db`; name suffix for variants of one dtype.
void sweep(const CatalogRow& row, DType t, const Domain& da, const Domain& db, const Attrs& attrs,
           const std::string& suffix, bool smoke_refusal, std::vector<CaseDraft>& out) {
  bool smoke = true;
  for (const auto& p : binary_patterns()) {
    const std::string name = p.name + suffix;
    Rng rng(seed_of(case_id(row, {t, t}, name)));
    std::vector<Tensor> in = {random_tensor(rng, t, p.a, da), random_tensor(rng, t, p.b, db)};
    if (p.refusal) {
      add(out, name, std::move(in), attrs, {"shape", "broadcast"}, row.label() + ": " + p.refusal, smoke_refusal);
      smoke_refusal = false;
    } else {
      add(out, name, std::move(in), attrs, {shape_tags(p.a.size() >= p.b.size() ? p.a : p.b), "broadcast"}, "", smoke);
      smoke = false;
    }
  }
}

}  // namespace

void bitshift_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  bool smoke_refusal = true;
  for (DType t : first_param_types(row)) {
    const int bits = bits_of(t);
    Domain values;
    values.int_lo = 0, values.int_hi = INT64_MAX;
    Domain amounts;
    amounts.int_lo = 0, amounts.int_hi = bits - 1;
    for (const char* dir : {"LEFT", "RIGHT"}) {
      const Attrs attrs = {make_attr("direction", std::string(dir))};
      const std::string suffix = std::string("_") + (dir[0] == 'L' ? "left" : "right");
      sweep(row, t, values, amounts, attrs, suffix, smoke_refusal, out);
      smoke_refusal = false;
      std::vector<double> all_amounts;
      for (int s = 0; s <= bits + 1; ++s) all_amounts.push_back(s);
      add(out, "special_values" + suffix,
          pair(special_values(t), tensor_of(t, {static_cast<int64_t>(all_amounts.size())}, all_amounts)), attrs,
          {"special-values"}, "", true);
    }
  }
  const DType t = first_param_types(row).front();
  auto in = [&](const std::string& name) {
    Rng rng(seed_of(case_id(row, {t, t}, name)));
    return std::vector<Tensor>{random_tensor(rng, t, {3}, {}), random_tensor(rng, t, {3}, {0, 3})};
  };
  const std::string label = row.label();
  add(out, "refuse_direction_lowercase", in("refuse_direction_lowercase"), {make_attr("direction", std::string("left"))},
      {"attribute"}, label + ": direction must be \"LEFT\" or \"RIGHT\"");
  add(out, "refuse_direction_up", in("refuse_direction_up"), {make_attr("direction", std::string("UP"))}, {"attribute"},
      label + ": direction must be \"LEFT\" or \"RIGHT\"");
}

void mod_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  bool smoke_refusal = true;
  const std::string label = row.label();
  for (DType t : first_param_types(row)) {
    const bool is_float = is_float_dtype(t);
    Domain divisor;
    divisor.nonzero = true;
    std::vector<int64_t> fmods = {1};
    if (!is_float) fmods = {0, 1};
    for (int64_t f : fmods) {
      // Floats need fmod=1; integers get their default (absent) and fmod=1.
      const Attrs attrs = (f == 0) ? Attrs{} : Attrs{make_attr("fmod", f)};
      const std::string suffix = f == 0 ? "" : "_fmod";
      const size_t first = out.size();
      sweep(row, t, {}, divisor, attrs, suffix, smoke_refusal, out);
      // Mod-13 states fmod=1 for float types only: on integers it is implementation-defined.
      if (row.since_version >= 13 && !is_float && f == 1)
        for (size_t i = first; i < out.size(); ++i)
          if (out[i].invalid_rule.empty()) out[i].tags.insert(out[i].tags.begin(), "fmod-on-integers");
      smoke_refusal = false;
      // Integer zero divisors (undefined) get a case of their own, so that a backend that
      // raises on them still has every defined special pair judged.
      add(out, "special_values" + suffix, pair(special_values(t), nonzero_specials(t)), attrs, {"special-values"}, "", true);
      if (!is_float) {
        const Tensor a = special_values(t);
        add(out, "zero_divisor" + suffix, {a, Tensor(t, a.shape())}, attrs, {"special-values", "zero-divisor"});
      }
      if (is_float || dtype_name(t)[0] == 'i')
        add(out, "mixed_signs" + suffix,
            {tensor_of(t, {8}, {-4, 7, 5, 4, -7, 8, 7.5, -7.5}), tensor_of(t, {8}, {2, -3, 8, -2, 3, 5, -2, 2})}, attrs,
            {"special-values", "sign"});
    }
    if (is_float) {
      Rng rng(seed_of(case_id(row, {t, t}, "refuse_fmod_absent")));
      add(out, "refuse_fmod_absent", {random_tensor(rng, t, {3}, {}), random_tensor(rng, t, {3}, divisor)}, {}, {"attribute"},
          label + ": floating-point inputs need fmod=1 (fmod defaults to 0)");
      add(out, "refuse_fmod_0", {random_tensor(rng, t, {3}, {}), random_tensor(rng, t, {3}, divisor)},
          {make_attr("fmod", int64_t{0})}, {"attribute"}, label + ": floating-point inputs need fmod=1");
    }
  }
  const DType t = first_param_types(row).front();
  auto in = [&](const std::string& name) {
    Rng rng(seed_of(case_id(row, {t, t}, name)));
    Domain d;
    d.nonzero = true;
    return std::vector<Tensor>{random_tensor(rng, t, {3}, {}), random_tensor(rng, t, {3}, d)};
  };
  add(out, "refuse_fmod_2", in("refuse_fmod_2"), {make_attr("fmod", int64_t{2})}, {"attribute"},
      label + ": fmod must be 0 or 1");
}

}  // namespace touchstone::cases
