// Case specs of Binarizer, Scaler and Imputer (reference/ops/ml/preprocess.cpp), every type
// T allows. Binarizer: random X against the default threshold and 0.5, X on the threshold,
// the special values, integers against fractional thresholds and around 2^53. Scaler:
// offset and scale per feature and of length 1, ranks 1 to 3, the special values, int64
// past 2^53, x near the offset (cancellation); refusals: lengths that differ or are neither
// 1 nor F. Imputer: NaN, 0 and -1 replaced, imputed lists of 1 and F; refusals: lists of the
// wrong length, both lists, the other type's list, an int32 value out of range.
// Judging: Binarizer and Imputer exact; Scaler per element (scaler_element_bounds): a
// backend converts x to float (u|x|, none for float X), subtracts (u|x - o|) and multiplies
// (u|y|): |s| u (c|x| + |x - o|)(1 + 2u) + u|y|, and non-finite x must match exactly.
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/ml/ml_attributes.h"
#include "cases/specs/ml/ml_cases.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

std::vector<float> random_floats(Rng& rng, size_t n, bool negative = true) {
  const Tensor t = random_tensor(rng, DType::kFloat, {static_cast<int64_t>(n)}, Domain{.negative = negative});
  return {t.data<float>().begin(), t.data<float>().end()};
}

Rng rng_for(const CatalogRow& row, DType t, const std::string& name) {
  return Rng(seed_of(case_id(row, {t}, name)));
}

bool is_float_type(DType t) { return t == DType::kFloat || t == DType::kDouble; }

}  // namespace

void binarizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  for (DType t : exact::first_param_types(row)) {
    Rng rng = rng_for(row, t, "random_3x4");
    add(out, "random_3x4", {random_tensor(rng, t, {3, 4}, {})}, {}, {"random"}, "", true);
    add(out, "threshold_half_2x5", {random_tensor(rng, t, {2, 5}, Domain{.exp_lo = -2, .exp_hi = 1})},
        {make_attr("threshold", 0.5f)}, {"random"});
    add(out, "on_threshold", {tensor_of(t, {4}, {-3, 2, 3, 4})}, {make_attr("threshold", 3.0f)}, {"tie"});
    add(out, "special_values", {special_values(t)}, {}, {"special-values"}, "", true);
    add(out, "scalar", {tensor_of(t, {}, {1})}, {make_attr("threshold", 1.0f)}, {"scalar"});
    add(out, "empty", {tensor_of(t, {0, 3}, {})}, {}, {"empty"});
    if (!is_float_type(t)) {
      add(out, "fractional_threshold", {tensor_of(t, {5}, {-2, -1, 0, 2, 3})},
          {make_attr("threshold", -0.5f)}, {"random"});
      if (t == DType::kInt64) {
        Tensor big(DType::kInt64, {3});
        const int64_t two53 = int64_t{1} << 53;
        big.data<int64_t>()[0] = two53 - 1, big.data<int64_t>()[1] = two53,
        big.data<int64_t>()[2] = two53 + 1;
        add(out, "around_2p53", {big}, {make_attr("threshold", 0x1p53f)}, {"special-values"});
      }
    }
  }
}

void scaler_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  auto attrs = [](std::vector<float> offset, std::vector<float> scale) -> Attrs {
    return {make_attr("offset", offset), make_attr("scale", scale)};
  };
  for (DType t : exact::first_param_types(row)) {
    Rng rng = rng_for(row, t, "per_feature_2x3");
    add(out, "per_feature_2x3", {random_tensor(rng, t, {2, 3}, {})},
        attrs(random_floats(rng, 3), random_floats(rng, 3)), {"random"}, "", true);
    add(out, "one_value_4", {random_tensor(rng, t, {4}, {})},
        attrs(random_floats(rng, 1), random_floats(rng, 1)), {"random"});
    add(out, "per_feature_2x2x3", {random_tensor(rng, t, {2, 2, 3}, {})},
        attrs(random_floats(rng, 3), random_floats(rng, 3)),
        {"special-values"});  // impl.-defined: a rank-3 X's features
    add(out, "special_values", {special_values(t)}, attrs({0.5f}, {2.0f}), {"special-values"}, "", true);
    add(out, "scalar", {tensor_of(t, {}, {3})}, attrs({1.25f}, {-0.75f}), {"scalar"});
    add(out, "empty", {tensor_of(t, {0, 3}, {})}, attrs({1, 2, 3}, {1, 2, 3}), {"empty"});
    // x near the offset: the difference cancels (a float-first backend loses it for double X).
    add(out, "cancellation", {tensor_of(t, {3}, {3, 3, 4})}, attrs({3.0000002f}, {1e6f}), {"special-values"});
    if (t == DType::kInt64) {
      Tensor big(DType::kInt64, {2});
      big.data<int64_t>()[0] = (int64_t{1} << 60) + 1, big.data<int64_t>()[1] = -(int64_t{1} << 55) - 3;
      add(out, "past_2p53", {big}, attrs({1.0f}, {0.1f}), {"special-values"});
    }
    add(out, "refuse_lengths_differ", {tensor_of(t, {2, 3}, {1, 2, 3, 4, 5, 6})}, attrs({1, 2, 3}, {1}),
        {"attribute"}, row.label() + ": offset and scale must have the same length");
    add(out, "refuse_length_not_features", {tensor_of(t, {2, 3}, {1, 2, 3, 4, 5, 6})}, attrs({1, 2}, {1, 2}),
        {"attribute"}, row.label() + ": offset must have 1 value or one per feature");
  }
}

std::vector<std::vector<double>> scaler_element_bounds(const BoundCase& c) {
  const Tensor& x = *c.inputs.at(0);
  const std::vector<double> xs = values_of(x), ys = values_of(c.expected.at(0));
  const std::vector<float> offset = floats_attr(c.node, "offset"), scale = floats_attr(c.node, "scale");
  const BoundUnits k(DType::kFloat);
  const double convert = x.dtype() == DType::kFloat ? 0.0 : 1.0;
  std::vector<double> bound(ys.size(), 0.0);
  for (size_t i = 0; i < ys.size(); ++i) {
    if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) continue;  // infinities and NaN must match
    const size_t f = offset.size() == 1 ? 0 : i % offset.size();
    const double s = std::fabs(scale[f]), d = std::fabs(xs[i] - offset[f]);
    bound[i] = s * k.u * (convert * std::fabs(xs[i]) + d) * (1 + 2 * k.u) + k.u * std::fabs(ys[i]) + k.eta;
  }
  return {bound};
}

void imputer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const double nan = std::nan("");
  for (DType t : exact::first_param_types(row)) {
    const bool floats = is_float_type(t);
    auto imputed = [&](std::vector<double> v) {
      if (floats) return make_attr("imputed_value_floats", std::vector<float>(v.begin(), v.end()));
      return make_attr("imputed_value_int64s", std::vector<int64_t>(v.begin(), v.end()));
    };
    auto replaced = [&](double v) {
      return floats ? make_attr("replaced_value_float", static_cast<float>(v))
                    : make_attr("replaced_value_int64", static_cast<int64_t>(v));
    };
    const double missing = floats ? nan : -1;
    add(out, "per_feature_3x3", {tensor_of(t, {3, 3}, {missing, 1, 2, 3, missing, 5, missing, missing, 8})},
        {imputed({10, 20, 30}), replaced(missing)}, {"special-values"}, "", true);
    add(out, "one_value_2x2x2", {tensor_of(t, {2, 2, 2}, {0, 1, 0, 2, 3, 0, 4, 0})}, {imputed({7})},
        {"random"});
    add(out, "rank_1", {tensor_of(t, {4}, {5, missing, 6, missing})}, {imputed({-4}), replaced(missing)},
        {"random"});
    add(out, "special_values", {special_values(t)}, {imputed({42})}, {"special-values"});
    add(out, "empty", {tensor_of(t, {0, 2}, {})}, {imputed({1, 2})}, {"empty"});
    const Tensor x = tensor_of(t, {2, 3}, {0, 1, 2, 3, 0, 5});
    add(out, "refuse_list_length", {x}, {imputed({1, 2})}, {"attribute"},
        row.label() + ": the imputed list must have 1 value or one per feature");
    add(out, "refuse_both_lists", {x},
        {make_attr("imputed_value_floats", std::vector<float>{1}),
         make_attr("imputed_value_int64s", std::vector<int64_t>{1})},
        {"attribute"}, row.label() + ": one and only one imputed list");
    add(out, "refuse_other_type_list", {x},
        {floats ? make_attr("imputed_value_int64s", std::vector<int64_t>{1})
                : make_attr("imputed_value_floats", std::vector<float>{1})},
        {"attribute"}, row.label() + ": the imputed list must be of X's kind (floats or int64s)");
    if (t == DType::kInt32)
      add(out, "refuse_int32_range", {x},
          {make_attr("imputed_value_int64s", std::vector<int64_t>{int64_t{1} << 40})}, {"attribute"},
          row.label() + ": an imputed value must fit X's type");
  }
}

}  // namespace touchstone::cases
