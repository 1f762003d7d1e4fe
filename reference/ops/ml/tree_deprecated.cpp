// TreeEnsembleRegressor-5 and TreeEnsembleClassifier-5: ai.onnx.ml 5 deprecated both (their
// successor is TreeEnsemble-5; the classifier's top class by an ArgMax after it, its labels
// by a LabelEncoder). A model may not use them: graph.cpp refuses such a node when the model
// loads; these kernels are the catalog's rows and refuse as well should anything reach them.
#include "reference/ops/ml/ml_ops.h"

namespace touchstone::ops {

Tensors tree_ensemble_regressor_v5(const Node& node, const Inputs&) {
  invalid_model(node.op_version() +
                " is deprecated: a model may not use it (its successor is TreeEnsemble-5)");
}

Tensors tree_ensemble_classifier_v5(const Node& node, const Inputs&) {
  invalid_model(
      node.op_version() +
      " is deprecated: a model may not use it (its successor is TreeEnsemble-5, then ArgMax for the "
      "top class and LabelEncoder for its label)");
}

}  // namespace touchstone::ops
