// Case specs of the ml family (ai.onnx.ml; the recipes in this folder's files) and its spec
// table, ml_table.cpp (declared here rather than in specs.h, which every spec file includes).
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& ml_spec_table();

// preprocess_specs.cpp: Binarizer, Scaler, Imputer
void binarizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void scaler_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void imputer_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> scaler_element_bounds(const BoundCase& c);

// normalizer_specs.cpp: Normalizer
void normalizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> normalizer_element_bounds(const BoundCase& c);

// features_specs.cpp: ArrayFeatureExtractor, FeatureVectorizer
void array_feature_extractor_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void feature_vectorizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// linear_specs.cpp: LinearRegressor, LinearClassifier
void linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> linear_element_bounds(const BoundCase& c);

// svm_specs.cpp: SVMRegressor, SVMClassifier
void svm_regressor_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> svm_element_bounds(const BoundCase& c);
void svm_classifier_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> svm_classifier_element_bounds(const BoundCase& c);
// A score's bound E (E_max: the row's largest) carried through post_transform `post` over a
// row of `outs` values, y the reference's transformed value (linear_specs.cpp's header).
double post_transform_bound(const std::string& post, double y, double e, double max_err, size_t outs);

// tree_specs.cpp: TreeEnsembleRegressor, TreeEnsembleClassifier (versions 1 and 3), TreeEnsemble
void tree_ensemble_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void tree_ensemble_v5_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> tree_element_bounds(const BoundCase& c);

// encoder_specs.cpp: LabelEncoder (every version), CategoryMapper, OneHotEncoder
void label_encoder_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void category_mapper_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void one_hot_encoder_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// map_specs.cpp: ZipMap, CastMap, DictVectorizer (map inputs as drafts' values)
void zip_map_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void cast_map_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void dict_vectorizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases
