// Case specs of Identity, Where and Clip.
//
// Identity: every allowed tensor type over the unary shapes; special values; sequences and
// optionals in sequence/identity_values.cpp.
// Where: every T with a random bool condition, three-way numpy broadcasting patterns
// (scalar, stretched, empty, rank 6), refusals of shapes.
// Clip-1/6: min/max attributes absent, one, both, min > max, a bound that the output type
// cannot hold exactly.
// Clip-11+: min/max as optional scalar inputs (none, min only, max only, both), min > max, NaN and
// infinite bounds, integer extremes; refusals of non-scalar bounds.
// The schema-level refusals (types, attributes, arity) come from the generator
// (cases/refusals.h).
// A max without a min leaves the node's second input empty (CaseDraft::omitted_inputs).
#include <cfloat>
#include <cmath>

#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/specs/sequence/sequence_cases.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using namespace exact;

struct WherePattern {
  const char* name;
  Shape c, x, y;
  const char* refusal = nullptr;
};

const std::vector<WherePattern>& where_patterns() {
  static const std::vector<WherePattern> patterns = {
      {"same_3x4", {3, 4}, {3, 4}, {3, 4}},
      {"same_scalar", {}, {}, {}},
      {"same_1", {1}, {1}, {1}},
      {"bcast_cond_scalar", {}, {2, 3}, {2, 3}},
      {"bcast_xy_scalar", {2, 3}, {}, {}},
      {"bcast_3way_3x1_1x4_4", {3, 1}, {1, 4}, {4}},
      {"bcast_3way_2x1x1_3x1_4", {2, 1, 1}, {3, 1}, {4}},
      {"bcast_empty_0x1_1x3_3", {0, 1}, {1, 3}, {3}},
      {"same_empty_0", {0}, {0}, {0}},
      {"bcast_rank6", {2, 1, 3, 1, 2, 1}, {1, 2, 1, 3, 1, 2}, {2, 1, 1, 1, 1}},
      {"refuse_3x4_4x3", {3, 4}, {4, 3}, {3, 4}, "numpy broadcasting: aligned sizes must be equal or 1"},
      {"refuse_y_2_3", {3}, {3}, {2}, "numpy broadcasting: aligned sizes must be equal or 1"},
  };
  return patterns;
}

bool holds_numbers(DType t) { return is_float_dtype(t) || is_integer_dtype(t); }

Tensor values_of(DType t, Rng& rng, const Shape& shape) { return any_tensor(rng, t, shape); }

}  // namespace

void identity_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  for (DType t : first_param_types(row)) {
    bool smoke = true;
    for (const auto& s : unary_shapes()) {
      Rng rng(seed_of(case_id(row, {t}, s.name)));
      add(out, s.name, {values_of(t, rng, s.shape)}, {}, {shape_tags(s.shape)}, "", smoke);
      smoke = false;
    }
    if (holds_numbers(t)) add(out, "special_values", {special_values(t)}, {}, {"special-values"}, "", true);
  }
  identity_value_cases(row, out);
}

void where_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);  // B (condition), T (X, Y)
  const auto& types = params[1].allowed;
  bool smoke_refusal = true;
  for (DType t : types) {
    bool smoke = true;
    for (const auto& p : where_patterns()) {
      Rng rng(seed_of(case_id(row, {DType::kBool, t, t}, p.name)));
      std::vector<Tensor> in = {any_tensor(rng, DType::kBool, p.c), values_of(t, rng, p.x), values_of(t, rng, p.y)};
      if (p.refusal) {
        add(out, p.name, std::move(in), {}, {"shape", "broadcast"}, row.label() + ": " + p.refusal, smoke_refusal);
        smoke_refusal = false;
      } else {
        add(out, p.name, std::move(in), {}, {shape_tags(p.x), "broadcast"}, "", smoke);
        smoke = false;
      }
    }
    if (holds_numbers(t)) {
      const Tensor s = special_values(t);
      Rng rng(seed_of(case_id(row, {DType::kBool, t, t}, "special_values")));
      add(out, "special_values", {any_tensor(rng, DType::kBool, s.shape()), s, special_values(t)}, {},
          {"special-values"}, "", true);
    }
  }
}

namespace {

// Clip-1 and Clip-6: bounds as float attributes.
void clip_attribute_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  struct Variant {
    const char* name;
    Attrs attrs;
  };
  const std::vector<Variant> variants = {
      {"no_bounds", {}},
      {"min_only", {make_attr("min", -0.5f)}},
      {"max_only", {make_attr("max", 1.25f)}},
      {"min_max", {make_attr("min", -1.0f), make_attr("max", 1.0f)}},
      {"min_max_inexact", {make_attr("min", 0.1f), make_attr("max", 0.7f)}},  // rounded once to float16
      {"min_above_max", {make_attr("min", 2.0f), make_attr("max", -2.0f)}},
      {"min_equals_max", {make_attr("min", 3.0f), make_attr("max", 3.0f)}},
      {"flt_max_bounds", {make_attr("min", -FLT_MAX), make_attr("max", FLT_MAX)}},
  };
  for (DType t : first_param_types(row)) {
    bool smoke = true;
    for (const auto& v : variants) {
      Rng rng(seed_of(case_id(row, {t}, v.name)));
      const bool open = std::string(v.name) == "min_above_max";  // implementation-defined before Clip-13
      add(out, v.name, {random_tensor(rng, t, {3, 4}, {})}, v.attrs, {open ? "min-above-max" : "random", "attribute"}, "",
          smoke && !open);
      smoke = false;
      add(out, std::string(v.name) + "_special_values", {special_values(t)}, v.attrs, {"special-values"}, "", false);
    }
    for (const auto& s : unary_shapes()) {
      Rng rng(seed_of(case_id(row, {t}, s.name)));
      add(out, s.name, {random_tensor(rng, t, s.shape, {})}, {make_attr("min", -1.0f), make_attr("max", 1.0f)},
          {shape_tags(s.shape)});
    }
  }
  const DType t = first_param_types(row).front();
  auto x = [&](const std::string& name) {
    Rng rng(seed_of(case_id(row, {t}, name)));
    return std::vector<Tensor>{random_tensor(rng, t, {3, 4}, {})};
  };
  if (schema_of(row).attribute("consumed_inputs"))
    add(out, "consumed_inputs", x("consumed_inputs"), {make_attr("consumed_inputs", std::vector<int64_t>{0})},
        {"attribute"});
}

// Clip-11 and later: bounds as optional scalar inputs.
void clip_input_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  for (DType t : first_param_types(row)) {
    const bool is_float = is_float_dtype(t);
    auto bound = [&](double v) { return tensor_of(t, {}, {v}); };
    const double lo = is_float ? -1.5 : 2, hi = is_float ? 1.25 : 60;
    bool smoke = true;
    for (const auto& s : unary_shapes()) {
      Rng rng(seed_of(case_id(row, {t, t, t}, s.name)));
      add(out, s.name, {random_tensor(rng, t, s.shape, {}), bound(lo), bound(hi)}, {}, {shape_tags(s.shape)}, "", smoke);
      smoke = false;
    }
    Rng rng(seed_of(case_id(row, {t}, "no_bounds")));
    add(out, "no_bounds", {random_tensor(rng, t, {3, 4}, {})}, {}, {"random"});
    add(out, "min_only", {random_tensor(rng, t, {3, 4}, {}), bound(lo)}, {}, {"random"});
    // max without min: node inputs (input, "", max).
    add(out, "max_only", {random_tensor(rng, t, {3, 4}, {}), bound(hi)}, {}, {"random", "optional-input"});
    out.back().omitted_inputs = {1};
    add(out, "min_above_max", {random_tensor(rng, t, {3, 4}, {}), bound(hi), bound(lo)}, {}, {"min-above-max"});
    add(out, "min_equals_max", {random_tensor(rng, t, {3, 4}, {}), bound(lo), bound(lo)}, {}, {"random"});
    const Tensor specials = special_values(t);
    add(out, "special_values", {specials, bound(lo), bound(hi)}, {}, {"special-values"}, "", true);
    add(out, "special_values_min_only", {specials, bound(lo)}, {}, {"special-values"});
    add(out, "special_values_no_bounds", {specials}, {}, {"special-values"});
    add(out, "special_values_max_only", {specials, bound(hi)}, {}, {"special-values", "optional-input"});
    out.back().omitted_inputs = {1};
    // Bounds 0 and 1: every special value lands on a bound or between.
    add(out, "special_values_bounds_0_1", {specials, tensor_of(t, {}, {0}), tensor_of(t, {}, {1})}, {},
        {"special-values"});
    if (is_float) {
      add(out, "special_values_infinite_bounds", {specials, bound(-INFINITY), bound(INFINITY)}, {}, {"special-values"});
      add(out, "special_values_nan_min", {specials, bound(NAN), bound(hi)}, {}, {"special-values"});
      add(out, "signed_zero_bounds", {tensor_of(t, {4}, {-0.0, 0.0, -1, 1}), bound(0.0), bound(-0.0)}, {},
          {"special-values"});
    }
    add(out, "refuse_min_shape_1", {random_tensor(rng, t, {3, 4}, {}), tensor_of(t, {1}, {lo}), bound(hi)}, {}, {"shape"},
        label + ": min must be a scalar (a tensor of empty shape)");
    add(out, "refuse_max_shape_2", {random_tensor(rng, t, {3, 4}, {}), bound(lo), tensor_of(t, {2}, {hi, hi})}, {},
        {"shape"}, label + ": max must be a scalar (a tensor of empty shape)");
    add(out, "refuse_max_only_shape_1", {random_tensor(rng, t, {3, 4}, {}), tensor_of(t, {1}, {hi})}, {}, {"shape"},
        label + ": max must be a scalar (a tensor of empty shape)");
    out.back().omitted_inputs = {1};
  }
}

}  // namespace

void clip_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  if (row.since_version < 11) clip_attribute_cases(row, out);
  else clip_input_cases(row, out);
}

}  // namespace touchstone::cases
