// Case specs of EyeLike, Trilu, Range (reference/ops/shape/generate.cpp).
#include <cmath>

#include "cases/specs/shape/shape_cases.h"
#include "cases/specs/shape/shape_specs.h"

namespace touchstone::cases {

using namespace shape_specs;

void eye_like_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string l = row.label() + ": ";
  const auto in_types = first_param_types(row);
  const auto out_types = allowed_dtypes(schema_of(row), "T2");
  const std::vector<std::pair<Shape, int64_t>> shapes = {{{3, 4}, 0}, {{3, 4}, 1}, {{4, 3}, -2}, {{3, 3}, 5},
                                                        {{3, 3}, -3}, {{0, 2}, 0}, {{1, 1}, 0}};
  for (DType t : in_types) {
    for (DType o : out_types) {
      const std::string name = "dtype_" + std::string(dtype_short_name(o));
      add(out, name, {data_of(row, t, name, {2, 3})}, {make_attr("dtype", static_cast<int64_t>(o))},
          {"output:" + std::string(dtype_short_name(o))}, "", true);
    }
    add(out, "no_dtype", {data_of(row, t, "no_dtype", {3, 3})}, {}, {"output:" + std::string(dtype_short_name(t))});
  }
  const DType main = main_type(in_types);
  for (const auto& [s, k] : shapes) {
    const std::string name = shape_name(s) + "_k" + (k < 0 ? "m" + std::to_string(-k) : std::to_string(k));
    add(out, name, {data_of(row, main, name, s)}, {make_attr("k", k)}, {"output:float32", shape_tags(s)});
  }
  add(out, "special_values", {specials(main, {3, 4})}, {}, {"output:float32", "special-values"});
  add(out, "k_int64_min", {data_of(row, main, "k_int64_min", {2, 2})}, {make_attr("k", INT64_MIN)}, {"output:float32"});
  add(out, "refuse_rank1", {data_of(row, main, "refuse_rank1", {3})}, {}, {"shape"}, l + "the input must be 2-D");
  add(out, "refuse_rank3", {data_of(row, main, "refuse_rank3", {2, 2, 2})}, {}, {"shape"}, l + "the input must be 2-D");
  for (DType d : all_dtypes()) {
    if (std::find(out_types.begin(), out_types.end(), d) != out_types.end()) continue;
    const std::string name = "refuse_dtype_" + std::string(dtype_short_name(d));
    add(out, name, {data_of(row, main, name, {2, 2})}, {make_attr("dtype", static_cast<int64_t>(d))}, {"type"},
        l + std::string(dtype_name(d)) + " is outside type constraint T2");
  }
  add(out, "refuse_dtype_unknown", {data_of(row, main, "refuse_dtype_unknown", {2, 2})}, {make_attr("dtype", int64_t{0})},
      {"type"}, l + "dtype 0 (UNDEFINED) is not a type");
  ensure_smoke_refusal(out);
}

void trilu_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string l = row.label() + ": ";
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::vector<std::pair<Shape, std::optional<int64_t>>> patterns = {
      {{4, 5}, 1},  {{4, 5}, std::nullopt},   {{4, 5}, -1},  {{4, 5}, 0},  {{3, 4, 5}, 2}, {{4, 5}, 6},
      {{4, 5}, -7},           {{1, 5}, 0},   {{0, 5}, 0},   {{3, 1, 5}, -1}, {{4, 5}, INT64_MAX}, {{4, 5}, INT64_MIN},
      {{2, 1, 2, 1, 3, 3}, 1},
  };
  for (DType t : types) {
    bool smoke = true;
    for (int64_t upper : {1, 0}) {
      for (const auto& [s, k] : patterns) {
        if (t != main && !smoke) break;
        std::string name = std::string(upper ? "upper_" : "lower_") + shape_name(s) + "_k" +
                           (!k ? "none" : *k == INT64_MAX ? "max" : *k == INT64_MIN ? "min" : *k < 0 ? "m" + std::to_string(-*k) : std::to_string(*k));
        std::vector<Tensor> in = {data_of(row, t, name, s)};
        if (k) in.push_back(Tensor::from_values<int64_t>({}, {*k}));
        add(out, name, std::move(in), upper ? Attrs{} : Attrs{make_attr("upper", int64_t{0})}, {shape_tags(s)}, "", smoke);
        smoke = false;
      }
    }
  }
  add(out, "special_values", {specials(main, {3, 4})}, {}, {"special-values"});
  add(out, "special_values_lower", {specials(main, {3, 4})}, {make_attr("upper", int64_t{0})}, {"special-values"});
  add(out, "refuse_rank1", {data_of(row, main, "refuse_rank1", {3})}, {}, {"shape"}, l + "the input must have rank 2 or more");
  add(out, "refuse_k_two_elements", {data_of(row, main, "refuse_k_two_elements", {3, 3}), i64s({1, 2})}, {}, {"shape"},
      l + "k must be a scalar");
  ensure_smoke_refusal(out);
}

void range_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string l = row.label() + ": ";
  const auto types = first_param_types(row);
  // start, limit, delta: whole numbers (exact in every type) and, for float types, steps
  // that round. Cases keep start and delta of one sign, so repeated addition (ONNX's
  // function body) stays within n/2 ulps of each element (the tolerance's bound).
  struct P {
    const char* name;
    double start, limit, delta;
    bool floats_only = false;
  };
  const std::vector<P> patterns = {
      {"example_1", 3, 9, 3},          {"example_2", 10, 4, -2},      {"empty_equal", 5, 5, 1},
      {"empty_wrong_sign", 1, 5, -1},  {"one_element", 0, 1, 5},      {"negative_values", -10, -3, 2},
      {"long", 1, 100, 1},             {"tenths", 0.5, 4, 0.1, true}, {"thirds", 1, 8, 1.0 / 3, true},
      {"negative_fraction", -1, -6.5, -0.7, true}, {"large_start", 16777216, 16777280, 3, true},
  };
  for (DType t : types) {
    bool smoke = true;
    for (const auto& p : patterns) {
      if (p.floats_only && !is_float_dtype(t)) continue;
      if (std::string(p.name) == "large_start" && dtype_size(t) == 2) continue;  // beyond float16; coarse in bfloat16
      add(out, p.name, {tensor_of(t, {}, {p.start}), tensor_of(t, {}, {p.limit}), tensor_of(t, {}, {p.delta})}, {}, {"range"}, "",
          smoke);
      smoke = false;
    }
    if (is_integer_dtype(t)) {
      const double lo = t == DType::kInt16 ? -32768.0 : t == DType::kInt32 ? -2147483648.0 : -9.2e18;
      add(out, "type_extremes", {tensor_of(t, {}, {lo}), tensor_of(t, {}, {-lo - 1}), tensor_of(t, {}, {-lo / 2})}, {},
          {"range", "special-values"});
    }
    add(out, "refuse_delta_zero", {tensor_of(t, {}, {0}), tensor_of(t, {}, {5}), tensor_of(t, {}, {0})}, {}, {"range"},
        l + "delta must not be 0");
    add(out, "refuse_start_not_scalar", {tensor_of(t, {2}, {0, 1}), tensor_of(t, {}, {5}), tensor_of(t, {}, {1})}, {},
        {"shape"}, l + "start must be a scalar");
    if (is_float_dtype(t))
      add(out, "refuse_limit_inf", {tensor_of(t, {}, {0}), tensor_of(t, {}, {INFINITY}), tensor_of(t, {}, {1})}, {}, {"range"},
          l + "start, limit and delta must be finite");
  }
  add(out, "refuse_mixed_types", {tensor_of(types[0], {}, {0}), tensor_of(types[1], {}, {5}), tensor_of(types[0], {}, {1})}, {},
      {"type"}, l + "start, limit and delta share type T");
  ensure_smoke_refusal(out);
}

}  // namespace touchstone::cases
