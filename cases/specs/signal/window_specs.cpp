// Case specs of HannWindow, HammingWindow and BlackmanWindow (reference/ops/signal/
// windows.cpp): sizes 0, 1, 2, 3, 7, 10 and 64, periodic and symmetric; every
// output_datatype T2 allows with both size types (int32, int64); the symmetric window of
// size 1 (N = 0, impl.-defined: the special case). Refusals: a negative size, a size that
// is not a scalar, an output_datatype T2 does not allow (bool), periodic 2.
// Judging (window_element_bounds): a backend evaluates a0 - a1 cos(2 pi n/N) + a2 cos(4 pi
// n/N) in the output's precision: each angle rounds (relative u, so up to 2 pi u and 4 pi u
// absolute, twice over for the product and quotient), each cos and the sums round once; the
// bound is u (3 + 14 a1 + 27 a2) + u|w| per element. Integer outputs: within 1 (the text
// does not say how a value in [0, 1] becomes an integer).
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/signal/signal_cases.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

Tensor size_of(DType t, int64_t n) { return tensor_of(t, {}, {static_cast<double>(n)}); }

Attrs window_attrs(int64_t periodic, DType out = DType::kFloat) {
  Attrs a = {make_attr("periodic", periodic)};
  if (out != DType::kFloat) a.push_back(make_attr("output_datatype", static_cast<int64_t>(out)));
  return a;
}

std::string out_tag(DType t) { return "output:" + std::string(dtype_short_name(t)); }

}  // namespace

void window_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  for (DType t : allowed_dtypes(schema_of(row), "T2"))
    for (DType s : {DType::kInt64, DType::kInt32})
      add(out, "size_10_periodic_" + std::string(dtype_short_name(t)), {size_of(s, 10)}, window_attrs(1, t), {out_tag(t)}, "", true);
  for (int64_t n : {0, 1, 2, 3, 7, 10, 64})
    for (int64_t periodic : {1, 0}) {
      if (n == 10 && periodic == 1) continue;
      const std::string name = "size_" + std::to_string(n) + (periodic ? "_periodic" : "_symmetric");
      std::vector<std::string> tags = {out_tag(DType::kFloat)};
      if (n == 1 && periodic == 0) tags.push_back("special-values");  // N = 0
      add(out, name, {size_of(DType::kInt64, n)}, window_attrs(periodic), tags);
    }
  add(out, "size_7_symmetric_double", {size_of(DType::kInt64, 7)}, window_attrs(0, DType::kDouble), {out_tag(DType::kDouble)});
  add(out, "size_64_float16", {size_of(DType::kInt32, 64)}, window_attrs(1, DType::kFloat16), {out_tag(DType::kFloat16)});
  add(out, "default_attributes", {size_of(DType::kInt64, 8)}, {}, {out_tag(DType::kFloat)});
  add(out, "refuse_negative_size", {size_of(DType::kInt64, -1)}, {}, {"shape"}, row.label() + ": size -1 is negative");
  add(out, "refuse_size_not_scalar", {tensor_of(DType::kInt64, {1}, {4})}, {}, {"shape"},
      row.label() + ": size must be a scalar");
  add(out, "refuse_output_bool", {size_of(DType::kInt64, 4)}, window_attrs(1, DType::kBool), {"attribute"},
      row.label() + ": output_datatype bool is not one T2 allows");
  add(out, "refuse_periodic_2", {size_of(DType::kInt64, 4)}, {make_attr("periodic", int64_t{2})}, {"attribute"},
      row.label() + ": periodic is 0 or 1");
}

std::vector<std::vector<double>> window_element_bounds(const BoundCase& c) {
  const Tensor& y = c.expected.at(0);
  const std::vector<double> w = values_of(y);
  if (!is_float_dtype(y.dtype())) return {std::vector<double>(w.size(), 1.0)};
  const std::string op = c.node.op_type();
  const double a1 = op == "HammingWindow" ? 21.0 / 46 : 0.5, a2 = op == "BlackmanWindow" ? 0.08 : 0.0;
  const BoundUnits k(y.dtype());
  std::vector<double> out(w.size());
  for (size_t i = 0; i < w.size(); ++i) out[i] = k.u * (3 + 14 * a1 + 27 * a2) + k.u * std::fabs(w[i]) + k.eta;
  return {out};
}

}  // namespace touchstone::cases
