// The ml family (reference/ops/ml/README.md): ai.onnx.ml's operators over tensors, and the
// map ops (value kernels). Each kernel is <op>_v<since>.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// preprocess.cpp: Binarizer-1, Scaler-1, Imputer-1
Tensors binarizer_v1(const Node& node, const Inputs& in);
Tensors scaler_v1(const Node& node, const Inputs& in);
Tensors imputer_v1(const Node& node, const Inputs& in);

// normalizer.cpp: Normalizer-1
Tensors normalizer_v1(const Node& node, const Inputs& in);

// features.cpp: ArrayFeatureExtractor-1, FeatureVectorizer-1
Tensors array_feature_extractor_v1(const Node& node, const Inputs& in);
Tensors feature_vectorizer_v1(const Node& node, const Inputs& in);

// linear.cpp: LinearRegressor-1, LinearClassifier-1 (post_transform.h: their transforms)
Tensors linear_regressor_v1(const Node& node, const Inputs& in);
Tensors linear_classifier_v1(const Node& node, const Inputs& in);

// svm_regressor.cpp, svm_classifier.cpp: SVMRegressor-1, SVMClassifier-1
Tensors svm_regressor_v1(const Node& node, const Inputs& in);
Tensors svm_classifier_v1(const Node& node, const Inputs& in);

// encoders.cpp: LabelEncoder-1, -2, -4, CategoryMapper-1, OneHotEncoder-1
Tensors label_encoder_v1(const Node& node, const Inputs& in);
Tensors label_encoder_v2(const Node& node, const Inputs& in);
Tensors label_encoder_v4(const Node& node, const Inputs& in);
Tensors category_mapper_v1(const Node& node, const Inputs& in);
Tensors one_hot_encoder_v1(const Node& node, const Inputs& in);

// maps.cpp: ZipMap-1, CastMap-1, DictVectorizer-1 (maps: value kernels)
Values zip_map_v1(const Node& node, const ValueInputs& in);
Values cast_map_v1(const Node& node, const ValueInputs& in);
Values dict_vectorizer_v1(const Node& node, const ValueInputs& in);
// tree_readers.cpp: TreeEnsembleRegressor-1, -3, TreeEnsembleClassifier-1, -3, TreeEnsemble-5
// (tree_ensemble.h: the one internal form); tree_deprecated.cpp: the deprecated version 5
// of the first two
Tensors tree_ensemble_regressor_v1(const Node& node, const Inputs& in);
Tensors tree_ensemble_regressor_v3(const Node& node, const Inputs& in);
Tensors tree_ensemble_classifier_v1(const Node& node, const Inputs& in);
Tensors tree_ensemble_classifier_v3(const Node& node, const Inputs& in);
Tensors tree_ensemble_v5(const Node& node, const Inputs& in);
Tensors tree_ensemble_regressor_v5(const Node& node, const Inputs& in);
Tensors tree_ensemble_classifier_v5(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
