// LinearRegressor-1 and LinearClassifier-1: per row of X ([N,C], or [C] as [1,C]) the
// scores s_t = sum_c x_c w[t C + c] + b_t, summed exactly (numeric::ExactAccumulator),
// then the post_transform on the row (post_transform.h), each value rounded once to float.
// The text does not say in which precision the sums accumulate (implementations use float).
// LinearRegressor-1: `targets` rows of coefficients (T C of them), intercepts none or T;
// Y is [N,T].
// LinearClassifier-1: E = coefficients / C classes (intercepts none or E), labels from
// classlabels_ints or classlabels_strings (one and only one), E of them; Z is [N,E] and Y
// the label of the largest raw score (the transforms keep the order; SOFTMAX_ZERO's zeros
// are placed by their transformed value 0). multi_class changes nothing at inference.
// Open (impl.-defined): equal largest scores (the reference takes the first); one set of
// coefficients with two labels (E = 1: the reference, as ONNX's Python reference, keeps Z
// [N,1] and picks the second label where the transformed score exceeds 0, or 0.5 after a
// transform; ONNX Runtime widens Z to two columns).
#include <deque>
#include <string>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/ops/ml/ml_attrs.h"
#include "reference/ops/ml/ml_ops.h"
#include "reference/ops/ml/post_transform.h"

namespace touchstone::ops {

namespace {

struct LinearModelPlan {
  int64_t rows = 0, cols = 0, outputs = 0;
  std::vector<float> coefficients, intercepts;
};

LinearModelPlan linear_model_plan(const Node& node, const Tensor& x, int64_t outputs,
                                  const std::string& what) {
  if (x.rank() != 1 && x.rank() != 2)
    invalid_model("X has shape " + shape_to_string(x.shape()) + "; it must be [N,C] or [C]");
  LinearModelPlan m;
  m.cols = x.shape().back();
  m.rows = x.rank() == 1 ? 1 : x.shape()[0];
  m.coefficients = ml::attr_floats(node, "coefficients");
  m.intercepts = ml::attr_floats(node, "intercepts");
  if (outputs < 0) {  // the classifier: E from the coefficients
    if (m.cols == 0 || m.coefficients.size() % static_cast<size_t>(m.cols) != 0 || m.coefficients.empty())
      invalid_model(std::to_string(m.coefficients.size()) +
                    " coefficients are not a whole number of rows of C = " + std::to_string(m.cols));
    outputs = static_cast<int64_t>(m.coefficients.size()) / m.cols;
  }
  m.outputs = outputs;
  if (static_cast<int64_t>(m.coefficients.size()) != outputs * m.cols)
    invalid_model(std::to_string(m.coefficients.size()) + " coefficients for " + std::to_string(outputs) +
                  " " + what + " of C = " + std::to_string(m.cols) + " features; they must be " +
                  std::to_string(outputs * m.cols));
  if (!m.intercepts.empty() && static_cast<int64_t>(m.intercepts.size()) != outputs)
    invalid_model(std::to_string(m.intercepts.size()) + " intercepts for " + std::to_string(outputs) + " " +
                  what);
  return m;
}

// The exact scores of row r.
void linear_row_scores(const LinearModelPlan& m, const Tensor& x, int64_t r, numeric::ExactAccumulator& acc,
                       std::deque<numeric::MpfrValue>& scores) {
  scores.clear();
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int64_t>) {
      const T* row = x.data<T>().data() + r * m.cols;
      for (int64_t t = 0; t < m.outputs; ++t) {
        acc.clear();
        for (int64_t c = 0; c < m.cols; ++c)
          ml::add_times(acc, row[c], m.coefficients[static_cast<size_t>(t * m.cols + c)]);
        if (!m.intercepts.empty()) acc.add(m.intercepts[static_cast<size_t>(t)]);
        scores.emplace_back(64);
        acc.exact(scores.back().get());
      }
    } else {
      throw std::logic_error("a linear model: a type T does not allow");
    }
  });
}

}  // namespace

Tensors linear_regressor_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const int64_t targets = node.attr_int("targets", 1);
  if (targets < 1) invalid_model("targets " + std::to_string(targets) + " must be at least 1");
  const LinearModelPlan m = linear_model_plan(node, x, targets, "targets");
  const ml::PostTransform transform = ml::post_transform_of(node);
  node.record_terms(m.cols + (m.intercepts.empty() ? 0 : 1));
  Tensor y(DType::kFloat, {m.rows, m.outputs});
  numeric::ExactAccumulator acc;
  std::deque<numeric::MpfrValue> scores;
  for (int64_t r = 0; r < m.rows; ++r) {
    linear_row_scores(m, x, r, acc, scores);
    ml::transform_row(node, transform, scores, y.data<float>().data() + r * m.outputs);
  }
  return {y};
}

Tensors linear_classifier_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::vector<int64_t> int_labels = node.attr_ints("classlabels_ints");
  std::vector<std::string> string_labels;
  for (const auto& a : node.proto().attribute())
    if (a.name() == "classlabels_strings") string_labels.assign(a.strings().begin(), a.strings().end());
  if (int_labels.empty() == string_labels.empty())
    invalid_model("one and only one of classlabels_ints and classlabels_strings must be given");
  const int64_t multi_class = node.attr_int("multi_class", 0);
  if (multi_class != 0 && multi_class != 1)
    invalid_model("multi_class " + std::to_string(multi_class) + " is not 0 or 1");
  const LinearModelPlan m = linear_model_plan(node, x, -1, "classes");
  const size_t labels = int_labels.empty() ? string_labels.size() : int_labels.size();
  const bool binary = m.outputs == 1;
  if (binary ? labels != 2 : labels != static_cast<size_t>(m.outputs))
    invalid_model(std::to_string(labels) + " class labels for " + std::to_string(m.outputs) +
                  " classes; one per class (two for a single set of coefficients)");
  if (binary)
    node.mark(Semantics::kImplementationDefined,
              "one set of coefficients with two labels: the reference keeps Z [N,1] and takes the second "
              "label where the "
              "score exceeds 0 (0.5 after a transform)",
              true);
  const ml::PostTransform transform = ml::post_transform_of(node);
  node.record_terms(m.cols + (m.intercepts.empty() ? 0 : 1));
  Tensor y(int_labels.empty() ? DType::kString : DType::kInt64, {m.rows});
  Tensor z(DType::kFloat, {m.rows, m.outputs});
  numeric::ExactAccumulator acc;
  std::deque<numeric::MpfrValue> scores;
  for (int64_t r = 0; r < m.rows; ++r) {
    linear_row_scores(m, x, r, acc, scores);
    float* zr = z.data<float>().data() + r * m.outputs;
    size_t best = 0;
    if (binary) {
      const bool raw_order =
          transform == ml::PostTransform::kNone || transform == ml::PostTransform::kLogistic;
      ml::transform_row(node, transform, scores, zr);
      best = raw_order ? (mpfr_sgn(scores[0].get()) > 0 ? 1 : 0) : (zr[0] > 0.5f ? 1 : 0);
    } else {
      best = ml::top_score(node, transform, scores);
      ml::transform_row(node, transform, scores, zr);
    }
    if (int_labels.empty())
      y.data<std::string>()[static_cast<size_t>(r)] = string_labels[best];
    else
      y.data<int64_t>()[static_cast<size_t>(r)] = int_labels[best];
  }
  return {y, z};
}

}  // namespace touchstone::ops
