// Case specs of the map ops (reference/ops/ml/maps.cpp): ZipMap-1, CastMap-1,
// DictVectorizer-1. Map inputs are drafts' `values` (named "map-int64-float32" in ids);
// the output's type is named by a tag "output:<key>" (coverage counts every pair a valid
// model can have: ZipMap's two sequence types, CastMap's three casts of each map type,
// DictVectorizer's tensor of each map's value type).
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/ml/ml_attributes.h"
#include "cases/specs/ml/ml_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using namespace exact;

std::string out_tag(const ValueType& t) { return "output:" + value_type_key(t); }
std::string out_tag(DType t) { return "output:" + std::string(dtype_short_name(t)); }

template <class V>
Value scalar_value(V v) {
  return Value(Tensor::from_values<V>({}, {v}));
}

// A map of `key` keys to `value` values, entries as given.
Value make_map(DType key, DType value, const std::vector<std::pair<MapKey, Value>>& entries) {
  return Value::map(key, ValueType::scalar_of(value), entries);
}

// A value of `t` for the case's random stream: floats of moderate size, ints, decimal words.
Value random_scalar(Rng& rng, DType t) {
  switch (t) {
    case DType::kFloat:
      return scalar_value(static_cast<float>(rng.integer(-4000, 4000)) / 64.0f);
    case DType::kDouble:
      return scalar_value(static_cast<double>(rng.integer(-1000000, 1000000)) / 1024.0);
    case DType::kInt64:
      return scalar_value<int64_t>(rng.integer(-1000000, 1000000));
    default:
      return scalar_value(std::string("v") + std::to_string(rng.integer(0, 999)));
  }
}

CaseDraft value_draft(std::string name, Value x, Attrs attrs, std::vector<std::string> tags,
                      std::string rule = "", bool smoke = false) {
  CaseDraft d;
  d.name = std::move(name);
  d.values = {std::move(x)};
  d.attributes = std::move(attrs);
  d.tags = std::move(tags);
  d.invalid_rule = std::move(rule);
  d.smoke = smoke;
  return d;
}

}  // namespace

void zip_map_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const ValueType f = ValueType::scalar_of(DType::kFloat);
  const std::string by_string = out_tag(ValueType::sequence_of(ValueType::map_of(DType::kString, f)));
  const std::string by_int = out_tag(ValueType::sequence_of(ValueType::map_of(DType::kInt64, f)));
  const Attrs strings3 = {make_strings_attr("classlabels_strings", {"cat", "ant", "dog"})};
  const Attrs ints2 = {make_attr("classlabels_int64s", std::vector<int64_t>{10, -3})};
  auto add = [&](std::string name, Tensor x, Attrs attrs, std::vector<std::string> tags,
                 std::string rule = "", bool smoke = false) {
    CaseDraft d;
    d.name = std::move(name);
    d.inputs = {std::move(x)};
    d.attributes = std::move(attrs);
    d.tags = std::move(tags);
    d.invalid_rule = std::move(rule);
    d.smoke = smoke;
    out.push_back(std::move(d));
  };
  auto x_of = [&](const std::string& name, const Shape& shape) {
    Rng rng(seed_of(case_id(row, {DType::kFloat}, name)));
    return any_tensor(rng, DType::kFloat, shape);
  };
  add("strings_4x3", x_of("strings_4x3", {4, 3}), strings3, {by_string}, "", true);
  add("int64s_2x2", x_of("int64s_2x2", {2, 2}), ints2, {by_int}, "", true);
  add("zero_rows", Tensor(DType::kFloat, {0, 3}), strings3, {by_string, "empty"});
  add("one_d", x_of("one_d", {2}), ints2, {by_int});
  const float inf = std::numeric_limits<float>::infinity();
  add("special_values",
      Tensor::from_values<float>({2, 3}, {std::nanf(""), inf, -inf, -0.0f, 1e-45f, 3.4028235e38f}), strings3,
      {by_string, "special-values"}, "", true);
  add("refuse_both_lists", x_of("refuse_both_lists", {1, 2}),
      {ints2[0], make_strings_attr("classlabels_strings", {"a", "b"})}, {}, "one and only one of classlabels_*");
  add("refuse_no_list", x_of("refuse_no_list", {1, 2}), {}, {}, "one and only one of classlabels_*");
  add("refuse_columns", x_of("refuse_columns", {2, 3}), ints2, {}, "as many columns as keys");
  add("refuse_repeated_label", x_of("refuse_repeated_label", {1, 2}),
      {make_strings_attr("classlabels_strings", {"a", "a"})}, {}, "a map holds each key once");
  add("refuse_rank3", x_of("refuse_rank3", {1, 1, 2}), ints2, {}, "X is [N, C]");
}

void cast_map_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const Attrs sparse = {make_attr("map_form", std::string("SPARSE")), make_attr("max_map", int64_t{8})};
  auto with = [](Attrs a, const std::string& cast_to) {
    a.push_back(make_attr("cast_to", cast_to));
    return a;
  };
  struct Cast {
    const char* attr;
    DType type;
  };
  const Cast casts[] = {
      {"TO_FLOAT", DType::kFloat}, {"TO_STRING", DType::kString}, {"TO_INT64", DType::kInt64}};
  // map(int64, float): integral values (every cast defined but TO_STRING's text), keys in [0, 8).
  auto float_map = [&](const std::string& name, bool integral) {
    Rng rng(seed_of(case_id(row, std::vector<std::string>{"map-int64-float32"}, name)));
    std::vector<std::pair<MapKey, Value>> e;
    for (int64_t k : {6, 0, 3, 5})
      e.emplace_back(k,
                     scalar_value(static_cast<float>(rng.integer(-3000, 3000)) / (integral ? 1.0f : 8.0f)));
    return make_map(DType::kInt64, DType::kFloat, e);
  };
  // map(int64, string): decimal numbers (integers for TO_INT64), keys in [0, 8).
  auto string_map = [&](bool integers) {
    std::vector<std::pair<MapKey, Value>> e;
    const std::vector<std::string> words =
        integers ? std::vector<std::string>{"-42", "7", "9007199254740993", "0"}
                 : std::vector<std::string>{"0.1", "-2.5e3", "1e-40", "16777217"};
    int64_t k = 7;
    for (const auto& w : words) e.emplace_back(k, scalar_value(w)), k -= 2;
    return make_map(DType::kInt64, DType::kString, e);
  };
  for (const auto& c : casts) {
    const std::string lower = c.type == DType::kFloat    ? "float"
                              : c.type == DType::kString ? "string"
                                                         : "int64";
    const bool ints = c.type == DType::kInt64;
    out.push_back(value_draft("float_dense_to_" + lower, float_map("float_dense_to_" + lower, true),
                              {make_attr("cast_to", std::string(c.attr))}, {out_tag(c.type)}, "", true));
    out.push_back(value_draft("float_sparse_to_" + lower, float_map("float_sparse_to_" + lower, true),
                              with(sparse, c.attr), {out_tag(c.type)}));
    out.push_back(value_draft("string_dense_to_" + lower, string_map(ints),
                              {make_attr("cast_to", std::string(c.attr))}, {out_tag(c.type)}, "", true));
    out.push_back(
        value_draft("string_sparse_to_" + lower, string_map(ints), with(sparse, c.attr), {out_tag(c.type)}));
  }
  out.push_back(
      value_draft("default_attrs", float_map("default_attrs", false), {}, {out_tag(DType::kFloat)}));
  out.push_back(value_draft("empty_map", make_map(DType::kInt64, DType::kFloat, {}), {},
                            {out_tag(DType::kFloat), "empty"}));
  out.push_back(value_draft("non_integral_to_int64", float_map("non_integral_to_int64", false),
                            {make_attr("cast_to", std::string("TO_INT64"))}, {out_tag(DType::kInt64)}));
  const float inf = std::numeric_limits<float>::infinity();
  out.push_back(value_draft("special_values",
                            make_map(DType::kInt64, DType::kFloat,
                                     {{int64_t{0}, scalar_value(std::nanf(""))},
                                      {int64_t{1}, scalar_value(-inf)},
                                      {int64_t{2}, scalar_value(-0.0f)},
                                      {int64_t{3}, scalar_value(1e-45f)}}),
                            {}, {out_tag(DType::kFloat), "special-values"}));
  out.push_back(
      value_draft("not_a_number",
                  make_map(DType::kInt64, DType::kString, {{int64_t{1}, scalar_value(std::string("abc"))}}),
                  {}, {out_tag(DType::kFloat)}));
  const Value small = make_map(DType::kInt64, DType::kFloat,
                               {{int64_t{1}, scalar_value(1.5f)}, {int64_t{8}, scalar_value(2.0f)}});
  out.push_back(value_draft("refuse_key_past_max_map", small, sparse, {}, "SPARSE keys within [0, max_map)"));
  out.push_back(value_draft("refuse_negative_key",
                            make_map(DType::kInt64, DType::kFloat, {{int64_t{-1}, scalar_value(1.0f)}}),
                            sparse, {}, "SPARSE keys within [0, max_map)"));
  out.push_back(value_draft("refuse_cast_to", small, {make_attr("cast_to", std::string("TO_DOUBLE"))}, {},
                            "cast_to one of TO_FLOAT, TO_STRING, TO_INT64"));
  out.push_back(value_draft("refuse_map_form", small, {make_attr("map_form", std::string("COO"))}, {},
                            "map_form DENSE or SPARSE"));
  out.push_back(value_draft("refuse_max_map_0", small,
                            {make_attr("map_form", std::string("SPARSE")), make_attr("max_map", int64_t{0})},
                            {}, "SPARSE max_map at least 1"));
}

void dict_vectorizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::vector<std::pair<DType, DType>> types = {
      {DType::kString, DType::kInt64}, {DType::kInt64, DType::kString}, {DType::kInt64, DType::kFloat},
      {DType::kInt64, DType::kDouble}, {DType::kString, DType::kFloat}, {DType::kString, DType::kDouble}};
  const std::vector<std::string> words = {"z", "a", "c", "b", "q"};
  const std::vector<int64_t> ints = {9, -4, 0, 3000000000, 5};
  auto vocab = [&](DType key) {
    return key == DType::kString ? make_strings_attr("string_vocabulary", words)
                                 : make_attr("int64_vocabulary", ints);
  };
  auto key_at = [&](DType key, size_t i) -> MapKey {
    return key == DType::kString ? MapKey(words[i]) : MapKey(ints[i]);
  };
  for (auto [k, v] : types) {
    const ValueType mt = ValueType::map_of(k, ValueType::scalar_of(v));
    const std::string key = value_type_key(mt);
    Rng rng(seed_of(case_id(row, std::vector<std::string>{key}, "some_keys")));
    std::vector<std::pair<MapKey, Value>> some, all;
    for (size_t i : {1, 3, 4}) some.emplace_back(key_at(k, i), random_scalar(rng, v));
    for (size_t i = 0; i < words.size(); ++i) all.emplace_back(key_at(k, i), random_scalar(rng, v));
    const std::vector<std::string> some_tags = {out_tag(v)};
    out.push_back(value_draft("some_keys", Value::map(k, ValueType::scalar_of(v), some), {vocab(k)},
                              some_tags, "", true));
    out.push_back(
        value_draft("all_keys", Value::map(k, ValueType::scalar_of(v), all), {vocab(k)}, {out_tag(v)}));
    out.push_back(value_draft("empty_map", Value::map(k, ValueType::scalar_of(v), {}), {vocab(k)},
                              {out_tag(v), "empty"}));
    std::vector<std::pair<MapKey, Value>> outside = some;
    outside.emplace_back(
        k == DType::kString ? MapKey(std::string("not in vocabulary")) : MapKey(int64_t{-77}),
        random_scalar(rng, v));
    out.push_back(value_draft("key_outside_vocabulary", Value::map(k, ValueType::scalar_of(v), outside),
                              {vocab(k)}, {out_tag(v)}));
  }
  // The text's example: ["a", "c", "b", "z"] with {"a": 4, "c": 8} gives [4, 8, 0, 0].
  out.push_back(value_draft(
      "text_example",
      make_map(DType::kString, DType::kFloat,
               {{std::string("a"), scalar_value(4.0f)}, {std::string("c"), scalar_value(8.0f)}}),
      {make_strings_attr("string_vocabulary", {"a", "c", "b", "z"})}, {out_tag(DType::kFloat)}, "", true));
  const float inf = std::numeric_limits<float>::infinity();
  out.push_back(value_draft("special_values",
                            make_map(DType::kString, DType::kFloat,
                                     {{std::string("a"), scalar_value(std::nanf(""))},
                                      {std::string("b"), scalar_value(-inf)},
                                      {std::string("c"), scalar_value(-0.0f)},
                                      {std::string("z"), scalar_value(1e-45f)}}),
                            {make_strings_attr("string_vocabulary", {"z", "c", "b", "a", "q"})},
                            {out_tag(DType::kFloat), "special-values"}));
  out.push_back(value_draft(
      "repeated_entry", make_map(DType::kInt64, DType::kFloat, {{int64_t{2}, scalar_value(0.5f)}}),
      {make_attr("int64_vocabulary", std::vector<int64_t>{1, 2, 2})}, {out_tag(DType::kFloat)}));
  const Value x = make_map(DType::kInt64, DType::kFloat, {{int64_t{9}, scalar_value(1.25f)}});
  out.push_back(value_draft("refuse_both_vocabularies", x, {vocab(DType::kInt64), vocab(DType::kString)}, {},
                            "one and only one vocabulary"));
  out.push_back(value_draft("refuse_no_vocabulary", x, {}, {}, "one and only one vocabulary"));
  out.push_back(value_draft("refuse_other_vocabulary", x, {vocab(DType::kString)}, {},
                            "the vocabulary of the map's key type"));
}

}  // namespace touchstone::cases
