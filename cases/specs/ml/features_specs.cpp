// Case specs of ArrayFeatureExtractor and FeatureVectorizer (reference/ops/ml/features.cpp),
// every type T (T1) allows. ArrayFeatureExtractor: X of rank 2 and 3 with indices of rank 1
// and 2 (repeated, empty), a 1-D X (impl.-defined: Z is [1, k]); refusals: an index past C,
// a negative index, a scalar X. FeatureVectorizer: one to three inputs of [N,C] and [C],
// integers past float's 2^24 (rounded once); refusals: inputdimensions not matching an
// input's C or the input count, inputs with different row counts. Both judged exactly.
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/ml/ml_cases.h"

namespace touchstone::cases {

void array_feature_extractor_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  auto indices = [](Shape shape, std::vector<double> v) { return tensor_of(DType::kInt64, shape, v); };
  for (DType t : exact::first_param_types(row)) {
    Rng rng(seed_of(case_id(row, {t, DType::kInt64}, "rank_2")));
    add(out, "rank_2", {exact::any_tensor(rng, t, {2, 5}), indices({3}, {4, 0, 2})}, {}, {"random"}, "",
        true);
    add(out, "rank_3_indices_1x2", {exact::any_tensor(rng, t, {2, 3, 4}), indices({1, 2}, {1, 3})}, {},
        {"random"});
    add(out, "repeated_indices", {exact::any_tensor(rng, t, {3, 2}), indices({4}, {1, 1, 0, 1})}, {},
        {"random"});
    add(out, "no_indices", {exact::any_tensor(rng, t, {2, 3}), indices({0}, {})}, {}, {"empty"});
    add(out, "rank_1", {exact::any_tensor(rng, t, {4}), indices({2}, {3, 1})}, {}, {"special-values"});
    const Tensor x = exact::any_tensor(rng, t, {2, 3});
    add(out, "refuse_index_past_c", {x, indices({1}, {3})}, {}, {"shape"},
        row.label() + ": an index must be below C");
    add(out, "refuse_negative_index", {x, indices({1}, {-1})}, {}, {"shape"},
        row.label() + ": an index must not be negative");
    add(out, "refuse_scalar_x", {exact::any_tensor(rng, t, {}), indices({1}, {0})}, {}, {"shape"},
        row.label() + ": X needs an axis to select from");
  }
}

void feature_vectorizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  auto dims = [](std::vector<int64_t> d) {
    return std::vector<onnx::AttributeProto>{make_attr("inputdimensions", d)};
  };
  for (DType t : exact::first_param_types(row)) {
    Rng rng(seed_of(case_id(row, {t}, "two_inputs")));
    add(out, "two_inputs", {random_tensor(rng, t, {2, 3}, {}), random_tensor(rng, t, {2, 1}, {})},
        dims({3, 1}), {"random"}, "", true);
    add(out, "one_input_rank_1", {random_tensor(rng, t, {4}, {})}, dims({4}), {"random"});
    add(out, "three_inputs",
        {random_tensor(rng, t, {3, 2}, {}), random_tensor(rng, t, {3, 1}, {}),
         random_tensor(rng, t, {3, 3}, {})},
        dims({2, 1, 3}), {"random"});
    add(out, "special_values", {special_values(t)}, dims({special_values(t).shape()[0]}), {"special-values"});
    add(out, "no_rows", {tensor_of(t, {0, 2}, {}), tensor_of(t, {0, 1}, {})}, dims({2, 1}), {"empty"});
    if (t == DType::kInt64 || t == DType::kInt32)  // 2^24 + 1 and 2^24 + 3: ties, to even
      add(out, "past_2p24", {tensor_of(t, {3}, {16777217, 16777219, -16777217})}, dims({3}), {"tie"});
    const Tensor a = tensor_of(t, {2, 2}, {1, 2, 3, 4}), b = tensor_of(t, {2, 1}, {5, 6});
    add(out, "refuse_dimensions_mismatch", {a, b}, dims({2, 2}), {"shape"},
        row.label() + ": input 1 has 1 feature, not 2");
    add(out, "refuse_dimensions_count", {a, b}, dims({2}), {"attribute"},
        row.label() + ": inputdimensions needs one entry per input");
    add(out, "refuse_rows_differ", {a, tensor_of(t, {3, 1}, {5, 6, 7})}, dims({2, 1}), {"shape"},
        row.label() + ": every input must have the same number of rows");
  }
}

}  // namespace touchstone::cases
