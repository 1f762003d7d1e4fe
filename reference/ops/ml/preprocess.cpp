// Binarizer-1, Scaler-1, Imputer-1: one output element from one input element.
//
// Binarizer-1: Y = 1 where X > threshold, else 0, in X's type. The comparison is exact
// (an integer against the float threshold too); NaN is not greater, so it gives 0.
// Scaler-1: Y = (X - offset) * scale as float, offset and scale of length 1 or F (X's last
// dimension), of one length. The exact real x*s - o*s (an exact sum of two exact products),
// rounded once to float. Open (impl.-defined): per-feature lists on X of rank 3 or more
// (the text's features are those of [N,F]; the reference takes the last dimension).
// Imputer-1: elements equal to the replaced value become the imputed value of their
// feature (length 1 or F). Float types read replaced_value_float and imputed_value_floats,
// integer types the int64 ones; the other pair must be absent. A NaN replaced value
// matches NaN (the text names NaN as a canonical missing value). An imputed value must fit
// int32 for int32 X.
#include <cmath>
#include <limits>
#include <string>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/ops/ml/ml_attrs.h"
#include "reference/ops/ml/ml_ops.h"

namespace touchstone::ops {

namespace {

// x > t for an integer x and a float t, exactly.
bool binarizer_integer_above(int64_t x, float t) {
  if (std::isnan(t)) return false;
  const double td = t;
  if (td >= 0x1p63) return false;
  if (td < -0x1p63) return true;
  return x > static_cast<int64_t>(std::floor(td));  // x > t <=> x > floor(t) for integers
}

}  // namespace

Tensors binarizer_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const float threshold = node.attr_float("threshold", 0.0f);
  Tensor y(x.dtype(), x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int64_t>) {
      auto src = x.data<T>();
      auto dst = y.data<T>();
      for (size_t i = 0; i < src.size(); ++i) {
        bool above;
        if constexpr (std::is_floating_point_v<T>)
          above = static_cast<double>(src[i]) > static_cast<double>(threshold);
        else
          above = binarizer_integer_above(src[i], threshold);
        dst[i] = above ? T(1) : T(0);
      }
    } else {
      throw std::logic_error("Binarizer: a type T does not allow");
    }
  });
  return {y};
}

Tensors scaler_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::vector<float> offset = ml::attr_floats(node, "offset"), scale = ml::attr_floats(node, "scale");
  if (offset.empty() || scale.empty())
    invalid_model("offset and scale must both be given (at least one value each)");
  if (offset.size() != scale.size())
    invalid_model("offset has " + std::to_string(offset.size()) + " values and scale " +
                  std::to_string(scale.size()) + "; they must have the same length");
  ml::check_feature_list(offset.size(), x.shape(), "offset");
  if (offset.size() > 1 && x.rank() > 2)
    node.mark(
        Semantics::kImplementationDefined,
        "per-feature offset and scale on X of rank 3 or more: the text names the features of [N,F] only; the "
        "reference takes the last dimension");
  Tensor y(DType::kFloat, x.shape());
  numeric::ExactAccumulator acc;
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int64_t>) {
      auto src = x.data<T>();
      auto dst = y.data<float>();
      for (size_t i = 0; i < src.size(); ++i) {
        const size_t f = ml::feature_of(i, offset.size(), x.shape());
        acc.clear();
        ml::add_times(acc, src[i], scale[f]);
        acc.add_product(-static_cast<double>(offset[f]), scale[f]);
        dst[i] = acc.result<float>();
      }
    } else {
      throw std::logic_error("Scaler: a type T does not allow");
    }
  });
  return {y};
}

Tensors imputer_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const bool floats = x.dtype() == DType::kFloat || x.dtype() == DType::kDouble;
  const std::vector<float> imputed_floats = ml::attr_floats(node, "imputed_value_floats");
  const std::vector<int64_t> imputed_ints = node.attr_ints("imputed_value_int64s");
  if (!imputed_floats.empty() && !imputed_ints.empty())
    invalid_model("imputed_value_floats and imputed_value_int64s are both given; one and only one may be");
  if (floats && imputed_floats.empty())
    invalid_model("X holds " + std::string(dtype_name(x.dtype())) + ": imputed_value_floats must be given");
  if (!floats && imputed_ints.empty())
    invalid_model("X holds " + std::string(dtype_name(x.dtype())) + ": imputed_value_int64s must be given");
  if (floats && node.has_attr("replaced_value_int64"))
    invalid_model("X holds " + std::string(dtype_name(x.dtype())) +
                  ": replaced_value_int64 is for integer X");
  if (!floats && node.has_attr("replaced_value_float"))
    invalid_model("X holds " + std::string(dtype_name(x.dtype())) + ": replaced_value_float is for float X");
  const size_t length = floats ? imputed_floats.size() : imputed_ints.size();
  ml::check_feature_list(length, x.shape(), floats ? "imputed_value_floats" : "imputed_value_int64s");
  if (x.dtype() == DType::kInt32)
    for (int64_t v : imputed_ints)
      if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max())
        invalid_model("imputed value " + std::to_string(v) + " does not fit int32");
  const float replaced_float = node.attr_float("replaced_value_float", 0.0f);
  const int64_t replaced_int = node.attr_int("replaced_value_int64", 0);
  Tensor y(x.dtype(), x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int64_t>) {
      auto src = x.data<T>();
      auto dst = y.data<T>();
      for (size_t i = 0; i < src.size(); ++i) {
        const size_t f = ml::feature_of(i, length, x.shape());
        if constexpr (std::is_floating_point_v<T>) {
          const double v = src[i], r = replaced_float;
          const bool hit = v == r || (std::isnan(v) && std::isnan(r));
          dst[i] = hit ? static_cast<T>(imputed_floats[f]) : src[i];
        } else {
          dst[i] = static_cast<int64_t>(src[i]) == replaced_int ? static_cast<T>(imputed_ints[f]) : src[i];
        }
      }
    } else {
      throw std::logic_error("Imputer: a type T does not allow");
    }
  });
  return {y};
}

}  // namespace touchstone::ops
