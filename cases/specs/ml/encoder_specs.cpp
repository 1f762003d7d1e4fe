// Case specs of LabelEncoder-1, -2, -4 and CategoryMapper-1 (reference/ops/ml/encoders.cpp),
// every key type T1 allows, each with every values type: hits, misses (the default), the
// text's example, NaN and signed-zero float keys, a repeated key (impl.-defined before
// version 4), version 4's tensors (keys_tensor, values_tensor, default_tensor) for int16,
// int32 and double; refusals: X of another type than the keys, keys and values of
// different lengths, two keys_* lists. OneHotEncoder-1: hits and misses, zeros=0, scalar and
// empty X, non-integral floats (impl.-defined); refusals: a miss under zeros=0, categories
// of the other kind. Judged exactly.
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/ml/ml_attributes.h"
#include "cases/specs/ml/ml_cases.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// Keys 3, 1, 4, 5 as the type's values ("k3", ... for strings), and the X that looks
// them up: hits, misses, repeats.
Tensor encoder_keys(DType t) {
  if (t == DType::kString) return Tensor::from_values<std::string>({4}, {"k3", "k1", "k4", "k5"});
  return tensor_of(t, {4}, {3, 1, 4, 5});
}
Tensor encoder_x(DType t) {
  if (t == DType::kString)
    return Tensor::from_values<std::string>({2, 3}, {"k1", "k9", "k5", "k5", "", "k3"});
  return tensor_of(t, {2, 3}, {1, 9, 5, 5, 0, 3});
}
Tensor encoder_values(DType t) {
  if (t == DType::kString) return Tensor::from_values<std::string>({4}, {"three", "one", "four", "five"});
  return tensor_of(t, {4}, {30, 10, 40, 50});
}

// A list attribute keys_<kind> / values_<kind> of version 2's kinds, or a tensor (version 4).
onnx::AttributeProto encoder_attr(const std::string& stem, const Tensor& t, bool tensor) {
  if (tensor) return tensor_attr(stem + "_tensor", t);
  switch (t.dtype()) {
    case DType::kString:
      return make_strings_attr(stem + "_strings", {t.data<std::string>().begin(), t.data<std::string>().end()});
    case DType::kInt64:
      return make_attr(stem + "_int64s",
                       std::vector<int64_t>(t.data<int64_t>().begin(), t.data<int64_t>().end()));
    default:
      return make_attr(stem + "_floats", std::vector<float>(t.data<float>().begin(), t.data<float>().end()));
  }
}

bool list_kind(DType t) { return t == DType::kString || t == DType::kInt64 || t == DType::kFloat; }

std::string out_tag(DType t) { return "output:" + std::string(dtype_short_name(t)); }

}  // namespace

void label_encoder_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  if (row.since_version == 1) {
    const Attrs classes = {make_strings_attr("classes_strings", {"a", "b", "c", "d"})};
    add(out, "strings_to_indices", {Tensor::from_values<std::string>({2, 3}, {"c", "a", "z", "d", "", "b"})},
        classes, {out_tag(DType::kInt64)}, "", true);
    add(out, "indices_to_strings", {tensor_of(DType::kInt64, {5}, {0, 3, 4, -1, 2})}, classes,
        {out_tag(DType::kString)}, "", true);
    add(out, "defaults_given", {tensor_of(DType::kInt64, {3}, {1, 7, 0})},
        {make_strings_attr("classes_strings", {"a", "b"}), make_attr("default_string", std::string("other"))},
        {out_tag(DType::kString)});
    add(out, "repeated_class", {Tensor::from_values<std::string>({2}, {"a", "b"})},
        {make_strings_attr("classes_strings", {"a", "b", "a"})}, {"special-values", out_tag(DType::kInt64)});
    add(out, "empty", {Tensor::from_values<std::string>({0}, {})}, classes, {"empty"});
    return;
  }
  const bool tensors = row.since_version >= 4;
  const std::vector<DType> types = exact::first_param_types(row);
  for (DType k : types)
    for (DType v : types) {
      const bool tensor_needed = !list_kind(k) || !list_kind(v);
      const std::string name = "to_" + std::string(dtype_short_name(v));
      Attrs attrs = {encoder_attr("keys", encoder_keys(k), !list_kind(k)),
                     encoder_attr("values", encoder_values(v), !list_kind(v))};
      (void)tensor_needed;
      add(out, name, {encoder_x(k)}, attrs, {out_tag(v)}, "", true);
      if (tensors && k == types.front())
        add(out, name + "_default_tensor", {encoder_x(k)},
            {encoder_attr("keys", encoder_keys(k), true), encoder_attr("values", encoder_values(v), true),
             tensor_attr("default_tensor", v == DType::kString
                                               ? Tensor::from_values<std::string>({1}, {"miss"})
                                               : tensor_of(v, {1}, {-7}))},
            {out_tag(v)});
    }
  // The text's example.
  add(out, "text_example", {Tensor::from_values<std::string>({5}, {"Dori", "Amy", "Amy", "Sally", "Sally"})},
      {make_strings_attr("keys_strings", {"Amy", "Sally"}), make_attr("values_int64s", std::vector<int64_t>{5, 6}),
       make_attr("default_int64", int64_t{-1})},
      {out_tag(DType::kInt64)});
  // Float keys: NaN and the two zeros (version 2 bit for bit; version 4 NaN any bits, -0 marked).
  const double nan = std::nan("");
  add(out, "float_nan_and_zeros", {tensor_of(DType::kFloat, {4}, {nan, -0.0, 0.0, 2.5})},
      {make_attr("keys_floats", std::vector<float>{0.0f, static_cast<float>(nan), 2.5f}),
       make_strings_attr("values_strings", {"zero", "nan", "two and a half"})},
      {"special-values"});
  add(out, "repeated_key", {tensor_of(DType::kInt64, {3}, {1, 2, 3})},
      {make_attr("keys_int64s", std::vector<int64_t>{1, 2, 1}),
       make_attr("values_int64s", std::vector<int64_t>{10, 20, 30})},
      {out_tag(DType::kInt64)});
  add(out, "defaults_given", {tensor_of(DType::kInt64, {3}, {1, 2, 3})},
      {make_attr("keys_int64s", std::vector<int64_t>{1}),
       make_attr("values_floats", std::vector<float>{0.5f}), make_attr("default_float", 1.5f)},
      {out_tag(DType::kFloat)});
  const Tensor x = tensor_of(DType::kInt64, {2}, {1, 2});
  add(out, "refuse_x_not_key_type", {x},
      {make_strings_attr("keys_strings", {"a"}), make_attr("values_int64s", std::vector<int64_t>{1})},
      {"attribute"}, row.label() + ": X must have the keys' type");
  add(out, "refuse_lengths_differ", {x},
      {make_attr("keys_int64s", std::vector<int64_t>{1, 2}),
       make_attr("values_int64s", std::vector<int64_t>{1})},
      {"attribute"}, row.label() + ": keys and values must have the same length");
  add(out, "refuse_two_key_lists", {x},
      {make_attr("keys_int64s", std::vector<int64_t>{1}), make_attr("keys_floats", std::vector<float>{1}),
       make_attr("values_int64s", std::vector<int64_t>{1})},
      {"attribute"}, row.label() + ": one and only one keys_* attribute");
}

void category_mapper_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const Attrs cats = {make_strings_attr("cats_strings", {"cat", "dog", "emu"}),
                      make_attr("cats_int64s", std::vector<int64_t>{7, 3, 11})};
  add(out, "strings_to_ints", {Tensor::from_values<std::string>({2, 2}, {"dog", "cow", "emu", "cat"})}, cats,
      {out_tag(DType::kInt64)}, "", true);
  add(out, "ints_to_strings", {tensor_of(DType::kInt64, {4}, {11, 0, 7, -1})}, cats,
      {out_tag(DType::kString)}, "", true);
  Attrs with_defaults = cats;
  with_defaults.push_back(make_attr("default_int64", int64_t{99}));
  with_defaults.push_back(make_attr("default_string", std::string("none")));
  add(out, "defaults_given", {tensor_of(DType::kInt64, {2}, {3, 4})}, with_defaults,
      {out_tag(DType::kString)});
  add(out, "repeated_category", {Tensor::from_values<std::string>({1}, {"cat"})},
      {make_strings_attr("cats_strings", {"cat", "cat"}), make_attr("cats_int64s", std::vector<int64_t>{1, 2})},
      {"special-values", out_tag(DType::kInt64)});
  add(out, "empty", {Tensor::from_values<std::string>({0, 2}, {})}, cats, {"empty"});
  add(out, "refuse_lengths_differ", {tensor_of(DType::kInt64, {1}, {7})},
      {make_strings_attr("cats_strings", {"cat"}), make_attr("cats_int64s", std::vector<int64_t>{7, 3})},
      {"attribute"}, row.label() + ": cats_strings and cats_int64s must have the same length");
}

void one_hot_encoder_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  for (DType t : exact::first_param_types(row)) {
    const bool strings = t == DType::kString;
    const Attrs cats = {strings ? make_strings_attr("cats_strings", {"k3", "k1", "k4", "k5"})
                                : make_attr("cats_int64s", std::vector<int64_t>{3, 1, 4, 5})};
    add(out, "hits_and_misses", {encoder_x(t)}, cats, {"random"}, "", true);
    Attrs strict = cats;
    strict.push_back(make_attr("zeros", int64_t{0}));
    add(out, "all_found_zeros_0",
        {strings ? Tensor::from_values<std::string>({3}, {"k5", "k1", "k1"}) : tensor_of(t, {3}, {5, 1, 1})},
        strict, {"random"});
    add(out, "scalar", {strings ? Tensor::from_values<std::string>({}, {"k4"}) : tensor_of(t, {}, {4})}, cats,
        {"scalar"});
    add(out, "empty", {strings ? Tensor::from_values<std::string>({0, 2}, {}) : tensor_of(t, {0, 2}, {})},
        cats, {"empty"});
    if (t == DType::kFloat || t == DType::kDouble)
      add(out, "non_integral", {tensor_of(t, {4}, {1.5, -0.5, 4.99, 3})}, cats, {"special-values"});
    add(out, "refuse_missing_category_zeros_0", {encoder_x(t)}, strict, {"attribute"},
        row.label() + ": a value in no category with zeros=0 fails");
    add(out, "refuse_other_kind_categories", {encoder_x(t)},
        {strings ? make_attr("cats_int64s", std::vector<int64_t>{1}) : make_strings_attr("cats_strings", {"a"})},
        {"attribute"}, row.label() + ": the categories must be of X's kind");
  }
}

}  // namespace touchstone::cases
