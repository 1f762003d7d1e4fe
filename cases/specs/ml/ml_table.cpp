// The spec table of the ml family (ai.onnx.ml): one row per op, its recipe, what it sweeps
// and its judging contract (cases/judging.h). Selections, comparisons and conversions are
// exact; Scaler and Normalizer are judged per element by what a float evaluation of the
// text's formula can lose (scaler_element_bounds, normalizer_element_bounds).
#include "cases/specs/ml/ml_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& ml_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe     what it sweeps
      {"ai.onnx.ml", "ArrayFeatureExtractor", array_feature_extractor_cases,
       "X of rank 2 and 3 with indices of rank 1 and 2 (repeats, empty), a 1-D X (impl.-defined [1, k]); "
       "refusals: an index past C, a negative index, a scalar X"},
      {"ai.onnx.ml", "Binarizer", binarizer_cases,
       "random X against the default threshold and 0.5, X equal to the threshold, the special values (NaN "
       "gives 0), integers against fractional thresholds and around 2^53"},
      {"ai.onnx.ml", "CastMap", cast_map_cases,
       "map(int64, float) and map(int64, string) through each cast_to, DENSE and SPARSE (max_map 8), an "
       "empty "
       "map, non-integral floats to int64 and float text (impl.-defined), a string that is not a number "
       "(undefined), the special values; refusals: a SPARSE key outside [0, max_map), unknown cast_to or "
       "map_form, max_map 0"},
      {"ai.onnx.ml", "CategoryMapper", category_mapper_cases,
       "strings to ints and back, hits and misses, given defaults, a repeated category (impl.-defined); "
       "refusal: lists of different lengths"},
      {"ai.onnx.ml", "DictVectorizer", dict_vectorizer_cases,
       "every map type T1 allows against a vocabulary of 5: some keys, all keys, none, a key outside the "
       "vocabulary (impl.-defined: ignored); the text's example, a repeated entry (impl.-defined); refusals: "
       "both, neither, or the other key type's vocabulary"},
      {"ai.onnx.ml", "FeatureVectorizer", feature_vectorizer_cases,
       "one to three inputs of [N,C] and [C], integers past float's 2^24 (rounded once); refusals: "
       "inputdimensions not matching an input or the input count, rows that differ"},
      {"ai.onnx.ml", "Imputer", imputer_cases,
       "NaN and 0 and -1 replaced, imputed lists of 1 and F, ranks 1 to 3; refusals: lists of the wrong "
       "length, both lists, the other type's list, an int32 value out of range"},
      {"ai.onnx.ml", "LabelEncoder", label_encoder_cases,
       "1: strings to indices and back; 2, 4: every key type with every value type (4: as tensors where no "
       "list exists, default_tensor), the text's example, NaN and signed-zero keys, a repeated key; "
       "refusals: X not of the keys' type, lengths that differ, two keys_* lists"},
      {"ai.onnx.ml", "LinearClassifier", linear_cases,
       "as LinearRegressor, with int and string labels, one set of coefficients with two labels "
       "(impl.-defined); refusals of the labels too",
       Judging::element("linear", linear_element_bounds, 0, 0)},
      {"ai.onnx.ml", "LinearRegressor", linear_cases,
       "every post_transform over [3,4] rows with three targets (PROBIT's scores inside (0, 1)), a 1-D X, "
       "zero scores under SOFTMAX_ZERO, int64 past 2^53; refusals: coefficient and intercept counts, an "
       "unknown post_transform, rank 3",
       Judging::element("linear", linear_element_bounds, 0, 0)},
      {"ai.onnx.ml", "Normalizer", normalizer_cases,
       "MAX, L1, L2 over [N,C] and [C] rows, zero rows (Y = X), rows with negatives (impl.-defined), int64 "
       "past 2^53; refusals: rank 3, an unknown norm",
       Judging::element("normalizer", normalizer_element_bounds, 0, 0)},
      {"ai.onnx.ml", "OneHotEncoder", one_hot_encoder_cases,
       "every type T allows: hits and misses (zeros), zeros=0 with every value found, a scalar, empty, "
       "non-integral floats (impl.-defined); refusals: a miss under zeros=0, categories of the other kind"},
      {"ai.onnx.ml", "SVMClassifier", svm_classifier_cases,
       "each kernel over [4,3] rows, two and three classes, int and string labels, LOGISTIC and SOFTMAX "
       "over the pairwise scores, probabilities of two and three classes (impl.-defined), a 1-D X, a tie "
       "of votes; refusals: labels, vectors_per_class, support_vectors, coefficient and rho counts, "
       "prob_a without prob_b, kernel_type, rank 3",
       Judging::element("svm_classifier", svm_classifier_element_bounds, 0, 0)},
      {"ai.onnx.ml", "SVMRegressor", svm_regressor_cases,
       "each kernel over [3,4] rows with three support vectors, each post_transform (PROBIT inside (0, 1)), "
       "one_class, a 1-D X, n_supports = 0 (impl.-defined), int64 past 2^53; refusals: kernel_type, "
       "kernel_params, support_vectors and coefficient counts, rho, post_transform, rank 3",
       Judging::element("svm", svm_element_bounds, 0, 0)},
      {"ai.onnx.ml", "Scaler", scaler_cases,
       "offset and scale per feature and of length 1, ranks 1 to 3, the special values, int64 past 2^53, "
       "cancellation (x near offset); refusals: lengths that differ, a length that is neither 1 nor F",
       Judging::element("scaler", scaler_element_bounds, 0, 0)},
      {"ai.onnx.ml", "ZipMap", zip_map_cases,
       "string and int64 labels over [4,3] and [2,2], zero rows, a 1-D X (impl.-defined), the special "
       "values; "
       "refusals: both or no label lists, columns not the number of labels, a repeated label, rank 3"},
      {"ai.onnx.ml", "TreeEnsemble", tree_ensemble_v5_cases,
       "the regressors' forest in version 5's layout (one vote per leaf) over float, double, float16 X: each "
       "post_transform (float X) and aggregate_function, BRANCH_MEMBER sets, threshold_equal, boundary, NaN; "
       "refusals: a mode code, a leaf's target, the membership sets, aggregate and post_transform codes",
       Judging::element("tree", tree_element_bounds, 0, 0)},
      {"ai.onnx.ml", "TreeEnsembleClassifier", tree_ensemble_cases,
       "as TreeEnsembleRegressor (without aggregate_function), int and string labels, two labels with every "
       "vote for class 0 (impl.-defined); refusal of both label lists",
       Judging::element("tree", tree_element_bounds, 0, 0)},
      {"ai.onnx.ml", "TreeEnsembleRegressor", tree_ensemble_cases,
       "a three-tree forest using every mode under each post_transform and aggregate_function, x equal to a "
       "BRANCH_LEQ threshold (threshold_equal) and to the other modes' (boundary), NaN under "
       "nodes_missing_value_tracks_true, int64 past 2^53, version 3's *_as_tensor doubles; refusals of "
       "malformed trees, votes and attributes",
       Judging::element("tree", tree_element_bounds, 0, 0)},
  };
  return table;
}

}  // namespace touchstone::cases
