// Case specs of the random family (reference/ops/random/). Every valid case names its
// output's type by a tag "output:<type>" (dtype decides it: coverage counts every allowed
// (input, output) pair). Statistical cases draw 4096 values (Multinomial: 2000 per row), enough
// for the property to catch a backend that ignores mean, scale, low, high or the input
// probabilities; the small ones check types and shapes. Cases are judged by their property
// (random_table.cpp), never by the reference's draws.
#include <cmath>

#include "cases/specs/core/binary.h"
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/random/random_cases.h"
#include "reference/node_check.h"
#include "reference/ops/random/distribution.h"

namespace touchstone::cases {

using exact::add;
using exact::Attrs;

namespace {

const Shape kMany = {64, 64};  // 4096 draws

std::string out_tag(DType t) { return "output:" + std::string(dtype_short_name(t)); }
onnx::AttributeProto dtype_attr(DType t) { return make_attr("dtype", static_cast<int64_t>(t)); }

Tensor any_of(const CatalogRow& row, DType t, const std::string& name, const Shape& s) {
  Rng rng(seed_of(case_id(row, {t}, name)));
  return exact::any_tensor(rng, t, s);
}

bool allows(const std::vector<DType>& types, DType t) {
  return std::find(types.begin(), types.end(), t) != types.end();
}

// RandomUniform and RandomNormal: no input; `a`, `b` name the two parameters (low/high,
// mean/scale).
void fill_cases(const CatalogRow& row, std::vector<CaseDraft>& out, bool uniform) {
  const std::string l = row.label() + ": ";
  const auto types = allowed_dtypes(schema_of(row), "T");
  const char* a = uniform ? "low" : "mean";
  const char* b = uniform ? "high" : "scale";
  const auto params = [&](float x, float y) { return Attrs{make_attr(a, x), make_attr(b, y)}; };
  const auto shape = [](const Shape& s) {
    return make_attr("shape", std::vector<int64_t>(s.begin(), s.end()));
  };
  for (DType t : types) {
    Attrs attrs = params(uniform ? -2.0f : 1.5f, uniform ? 3.0f : 2.0f);
    attrs.push_back(shape(kMany));
    attrs.push_back(dtype_attr(t));
    add(out, "dtype_" + std::string(dtype_short_name(t)), {}, attrs, {"random", out_tag(t)}, "", true);
  }
  const std::string f32 = out_tag(DType::kFloat);
  add(out, "defaults", {}, {shape(kMany)}, {"random", f32});
  if (uniform) {
    add(out, "range_10_10.5", {}, {make_attr("low", 10.0f), make_attr("high", 10.5f), shape(kMany)},
        {"random", f32});
    add(out, "range_negative", {}, {make_attr("low", -7.5f), make_attr("high", -7.25f), shape(kMany)},
        {"random", f32});
    add(out, "high_equals_low", {}, {make_attr("low", 1.0f), make_attr("high", 1.0f), shape({2, 3})},
        {"undefined", f32});
  } else {
    add(out, "mean_100_scale_0.01", {}, {make_attr("mean", 100.0f), make_attr("scale", 0.01f), shape(kMany)},
        {"random", f32});
    add(out, "scale_negative", {}, {make_attr("mean", -1.0f), make_attr("scale", -3.0f), shape(kMany)},
        {"undefined", f32});
    add(out, "scale_0", {}, {make_attr("mean", 0.75f), make_attr("scale", 0.0f), shape({4, 5})},
        {"random", f32});
  }
  // Extreme parameters: a range or spread at the ends of float (its width overflows float), and
  // one among the subnormals.
  if (uniform) {
    add(out, "special_values_huge", {}, {make_attr("low", -3e38f), make_attr("high", 3e38f), shape(kMany)},
        {"special-values", f32});
    add(out, "special_values_subnormal", {},
        {make_attr("low", -1e-40f), make_attr("high", 1e-40f), shape(kMany)}, {"special-values", f32});
  } else {
    add(out, "special_values_huge", {}, {make_attr("mean", 1e30f), make_attr("scale", 1e29f), shape(kMany)},
        {"special-values", f32});
    add(out, "special_values_tiny", {}, {make_attr("mean", 0.0f), make_attr("scale", 1e-30f), shape(kMany)},
        {"special-values", f32});
  }
  // No scalar case: an empty `shape` (ints with no element) is an attribute without its field,
  // which ONNX's checker refuses.
  add(out, "empty", {}, {shape({0, 3})}, {"empty", f32});
  add(out, "rank_3", {}, {shape({2, 3, 4})}, {"random", f32});
  add(out, "seed", {}, {make_attr("seed", 3.0f), shape(kMany)}, {"random", f32});
  add(out, "refuse_negative_dim", {}, {shape({2, -1})}, {"shape"}, l + "shape has a negative dimension",
      true);
  add(out, "refuse_dtype_int32", {}, {shape({2, 2}), dtype_attr(DType::kInt32)}, {"type"},
      l + "dtype int32 is outside T");
  add(out, "refuse_dtype_unknown", {}, {shape({2, 2}), make_attr("dtype", int64_t{0})}, {"type"},
      l + "dtype 0 is not a type");
}

// RandomUniformLike and RandomNormalLike: every (input, dtype) pair, no dtype for each
// input type (refused where the input's type is not a T2 type).
void like_cases(const CatalogRow& row, std::vector<CaseDraft>& out, bool uniform) {
  const std::string l = row.label() + ": ";
  const auto in_types = exact::first_param_types(row);
  const auto out_types = allowed_dtypes(schema_of(row), "T2");
  const auto params = [&](float x, float y) {
    return Attrs{make_attr(uniform ? "low" : "mean", x), make_attr(uniform ? "high" : "scale", y)};
  };
  for (DType t : in_types) {
    for (DType o : out_types) {
      const std::string name = "dtype_" + std::string(dtype_short_name(o));
      Attrs attrs = params(-1.0f, uniform ? 1.0f : 0.5f);
      attrs.push_back(dtype_attr(o));
      add(out, name, {any_of(row, t, name, {2, 3})}, attrs, {out_tag(o)}, "", true);
    }
    if (allows(out_types, t))
      add(out, "no_dtype", {any_of(row, t, "no_dtype", {2, 3})}, {}, {out_tag(t)});
    else
      add(out, "refuse_no_dtype", {any_of(row, t, "refuse_no_dtype", {2, 3})}, {}, {"type"},
          l + "without dtype the output takes the input's type, which T2 does not allow");
  }
  for (DType o : out_types) {  // the statistics, per output type
    const std::string name = "many_" + std::string(dtype_short_name(o));
    Attrs attrs = params(uniform ? -2.0f : 1.5f, uniform ? 3.0f : 2.0f);
    attrs.push_back(dtype_attr(o));
    add(out, name, {any_of(row, DType::kFloat, name, kMany)}, attrs, {"random", out_tag(o)});
  }
  const std::string f32 = out_tag(DType::kFloat);
  add(out, "defaults", {any_of(row, DType::kFloat, "defaults", kMany)}, {}, {"random", f32});
  add(out, "special_values", {specials_as(DType::kFloat, {special_values(DType::kFloat).size()})}, {},
      {"special-values", f32});
  add(out, "scalar", {any_of(row, DType::kFloat, "scalar", {})}, {}, {"scalar", f32});
  add(out, "empty", {any_of(row, DType::kFloat, "empty", {0, 4})}, {}, {"empty", f32});
  add(out, "refuse_dtype_int32", {any_of(row, DType::kFloat, "refuse_dtype_int32", {2, 2})},
      {dtype_attr(DType::kInt32)}, {"type"}, l + "dtype int32 is outside T2", true);
}

// Probabilities: 1/8, 1/4, 1/2, 7/8 in turn (exact in every float type).
Tensor grouped_p(DType t, const Shape& s) {
  std::vector<double> v(static_cast<size_t>(s[0] * s[1]));
  const double groups[] = {0.125, 0.25, 0.5, 0.875};
  for (size_t i = 0; i < v.size(); ++i) v[i] = groups[i % 4];
  return tensor_of(t, s, v);
}

Tensor uniform_p(const CatalogRow& row, DType t, const std::string& name, const Shape& s) {
  Rng rng(seed_of(case_id(row, {t}, name)));
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  std::vector<double> v(static_cast<size_t>(n));
  for (auto& x : v) x = rng.unit();
  return tensor_of(t, s, v);
}

}  // namespace

void random_uniform_cases(const CatalogRow& row, std::vector<CaseDraft>& out) { fill_cases(row, out, true); }
void random_normal_cases(const CatalogRow& row, std::vector<CaseDraft>& out) { fill_cases(row, out, false); }
void random_uniform_like_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  like_cases(row, out, true);
}
void random_normal_like_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  like_cases(row, out, false);
}

void bernoulli_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string l = row.label() + ": ";
  const auto in_types = exact::first_param_types(row);
  const auto out_types = allowed_dtypes(schema_of(row), "T2");
  for (DType t : in_types) {
    for (DType o : out_types) {
      const std::string name = "dtype_" + std::string(dtype_short_name(o));
      add(out, name, {uniform_p(row, t, name, {2, 3})}, {dtype_attr(o)}, {out_tag(o)}, "", true);
    }
    add(out, "no_dtype", {uniform_p(row, t, "no_dtype", {2, 3})}, {}, {out_tag(t)});
    add(out, "p_grouped", {grouped_p(t, kMany)}, {}, {"random", out_tag(t)});
    add(out, "p_random", {uniform_p(row, t, "p_random", kMany)}, {}, {"random", out_tag(t)});
    add(out, "p_0_1", {tensor_of(t, {4, 4}, {0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1})}, {},
        {"random", out_tag(t)});
  }
  const DType f = DType::kFloat;
  add(out, "p_grouped_int64", {grouped_p(f, kMany)}, {dtype_attr(DType::kInt64)},
      {"random", out_tag(DType::kInt64)});
  add(out, "p_grouped_bool", {grouped_p(f, kMany)}, {dtype_attr(DType::kBool)},
      {"random", out_tag(DType::kBool)});
  // p at the ends: 0, the smallest subnormal, 2^-24, 1/2, 1 - 2^-24, 1 (NaN and the
  // infinities are not probabilities: p_above_1 is the undefined case).
  add(out, "special_values", {tensor_of(f, {6}, {0, 0x1p-149, 0x1p-24, 0.5, 1 - 0x1p-24, 1})}, {},
      {"special-values", out_tag(f)});
  add(out, "scalar", {tensor_of(f, {}, {0.5})}, {}, {"scalar", out_tag(f)});
  add(out, "empty", {tensor_of(f, {0, 3}, {})}, {}, {"empty", out_tag(f)});
  add(out, "seed", {grouped_p(f, kMany)}, {make_attr("seed", 5.0f)}, {"random", out_tag(f)});
  add(out, "p_above_1", {tensor_of(f, {2, 2}, {0.5, 1.5, 0.25, 2})}, {}, {"undefined", out_tag(f)});
  add(out, "refuse_dtype_string", {tensor_of(f, {2, 2}, {0.5, 0.5, 0.5, 0.5})}, {dtype_attr(DType::kString)},
      {"type"}, l + "dtype string is outside T2", true);
}

void multinomial_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string l = row.label() + ": ";
  const auto in_types = exact::first_param_types(row);
  const auto samples = [](int64_t n) { return make_attr("sample_size", n); };
  const double ninf = -INFINITY;
  for (DType t : in_types) {
    for (DType o : {DType::kInt32, DType::kInt64}) {
      const std::string name = "dtype_" + std::string(dtype_short_name(o));
      add(out, name, {any_of(row, t, name, {2, 3})}, {dtype_attr(o), samples(5)}, {out_tag(o)}, "", true);
    }
    add(out, "defaults", {any_of(row, t, "defaults", {2, 3})}, {}, {out_tag(DType::kInt32)});
    // Row 0: log of 1/2, 1/4, 1/8, 1/8 (rounded to t); row 1: 0, 1, 2, 3 (unnormalized).
    add(out, "classes_4",
        {tensor_of(t, {2, 4}, {std::log(0.5), std::log(0.25), std::log(0.125), std::log(0.125), 0, 1, 2, 3})},
        {samples(2000)}, {"random", out_tag(DType::kInt32)});
    add(out, "class_never", {tensor_of(t, {2, 3}, {0, ninf, 0.5, ninf, -1, -1})},
        {samples(1000), dtype_attr(DType::kInt64)}, {"random", out_tag(DType::kInt64)});
  }
  const DType f = DType::kFloat;
  const std::string i32 = out_tag(DType::kInt32);
  // Logits at the ends: the largest float beside 0 (one class certain), -inf, -1e38 (exp
  // underflows to 0 after the shift), subnormal differences.
  add(out, "special_values",
      {tensor_of(f, {3, 3}, {3.4e38, 0, -INFINITY, -1e38, 0, 0.5, 0x1p-149, -0x1p-149, 0})}, {samples(1000)},
      {"special-values", i32});
  add(out, "one_class", {tensor_of(f, {3, 1}, {0.5, -2, 7})}, {samples(4)}, {"random", i32});
  add(out, "sample_size_0", {tensor_of(f, {2, 3}, {0, 1, 2, 0, 1, 2})}, {samples(0)}, {"empty", i32});
  add(out, "empty_batch", {tensor_of(f, {0, 3}, {})}, {samples(3)}, {"empty", i32});
  add(out, "seed", {tensor_of(f, {1, 3}, {0, 1, 2})}, {samples(1000), make_attr("seed", 2.0f)},
      {"random", i32});
  add(out, "nan_row", {tensor_of(f, {2, 2}, {0, NAN, 1, 2})}, {samples(3)}, {"undefined", i32});
  add(out, "refuse_rank_1", {tensor_of(f, {3}, {0, 1, 2})}, {}, {"shape"}, l + "the input must be 2-D", true);
  add(out, "refuse_dtype_float", {tensor_of(f, {1, 3}, {0, 1, 2})}, {dtype_attr(f)}, {"type"},
      l + "dtype is int32 or int64");
  add(out, "refuse_sample_size_negative", {tensor_of(f, {1, 3}, {0, 1, 2})}, {samples(-1)}, {"attribute"},
      l + "sample_size is not negative");
}

// The random ops' property: the node's own test (distribution.h) on a backend's outputs.
PropertyResult random_property(const BoundCase& c, const std::vector<Tensor>& actual) {
  SemanticsRecord record;
  const Node node(c.node, c.node.op_type() + "-" + std::to_string(c.since_version), record);
  std::vector<const Tensor*> pointers;
  for (const auto& input : c.inputs) pointers.push_back(input ? &*input : nullptr);
  const auto v = ops::randomness::check(node, Inputs(pointers), actual);
  return {v.failure, v.bad};
}

}  // namespace touchstone::cases
