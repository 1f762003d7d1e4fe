// ArrayFeatureExtractor-1: Z = X[..., Y]: the indices (Y, any shape, read in order) select
// along X's last axis; Z's shape is X's with the last dimension replaced by Y's element
// count. Indices are 0-based; one outside [0, C) is refused. Open (impl.-defined, shapes
// too): a 1-D X, where the text's "last axes" leave Z's rank open; the reference gives
// [1, k] (ONNX's Python reference and ONNX Runtime do).
// FeatureVectorizer-1: the inputs ([N,C_i], or [C_i] as [1,C_i]) side by side along the
// second axis, each C_i the inputdimensions entry the text says it is, every element
// converted to float (rounded once).
#include <string>

#include "reference/error.h"
#include "reference/ops/ml/ml_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

Tensors array_feature_extractor_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::vector<int64_t> indices = shape::int_values(in[1], "Y");
  if (x.rank() == 0) invalid_model("X is a scalar; it needs an axis to select from");
  const int64_t cols = x.shape().back();
  for (int64_t i : indices)
    if (i < 0 || i >= cols)
      invalid_model("index " + std::to_string(i) + " is outside [0, " + std::to_string(cols) +
                    ") (X's last dimension)");
  const int64_t k = static_cast<int64_t>(indices.size());
  Shape out_shape = x.shape();
  if (x.rank() == 1) {
    node.mark(Semantics::kImplementationDefined,
              "a 1-D X: the text leaves Z's rank open; the reference gives [1, k]", true);
    out_shape = {1, k};
  } else {
    out_shape.back() = k;
  }
  const int64_t rows =
      cols == 0 ? element_count(Shape(x.shape().begin(), x.shape().end() - 1)) : x.size() / cols;
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(rows * k));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i : indices) src.push_back(r * cols + i);
  return {shape::gather(x, out_shape, src)};
}

Tensors feature_vectorizer_v1(const Node& node, const Inputs& in) {
  const std::vector<int64_t> dims = node.attr_ints("inputdimensions");
  if (dims.size() != in.size())
    invalid_model("inputdimensions has " + std::to_string(dims.size()) + " entries for " +
                  std::to_string(in.size()) + " inputs; it gives each input's size");
  int64_t rows = -1, width = 0;
  for (size_t j = 0; j < in.size(); ++j) {
    const Tensor& t = in[j];
    if (t.rank() != 1 && t.rank() != 2)
      invalid_model("input " + std::to_string(j) + " has shape " + shape_to_string(t.shape()) +
                    "; it must be [N,C] or [C]");
    const int64_t n = t.rank() == 1 ? 1 : t.shape()[0];
    if (t.shape().back() != dims[j])
      invalid_model("input " + std::to_string(j) + " has " + std::to_string(t.shape().back()) +
                    " features; inputdimensions says " + std::to_string(dims[j]));
    if (rows >= 0 && n != rows)
      invalid_model("input " + std::to_string(j) + " has " + std::to_string(n) +
                    " rows; the first input has " + std::to_string(rows));
    rows = n;
    width += dims[j];
  }
  Tensor y(DType::kFloat, {rows, width});
  auto dst = y.data<float>();
  int64_t column = 0;
  for (size_t j = 0; j < in.size(); ++j) {
    const Tensor& t = in[j];
    visit_dtype(t.dtype(), [&]<class T>() {
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                    std::is_same_v<T, int64_t>) {
        auto src = t.data<T>();
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < dims[j]; ++c)
            dst[static_cast<size_t>(r * width + column + c)] =
                static_cast<float>(src[static_cast<size_t>(r * dims[j] + c)]);  // one IEEE conversion
      } else {
        throw std::logic_error("FeatureVectorizer: a type T1 does not allow");
      }
    });
    column += dims[j];
  }
  return {y};
}

}  // namespace touchstone::ops
