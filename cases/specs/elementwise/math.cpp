// Case specs of the elementwise real functions: Acos, Asin, Atan, Cos, Sin, Tan (7),
// Acosh, Asinh, Atanh, Cosh, Sinh (9), Tanh, Exp, Log, Sqrt, Reciprocal (1, 6, 13), Erf
// (9 admits integer types; 13, in ONNX 1.23's text, float types only).
//
// Per allowed dtype: shapes from scalar to rank 6 (and empty ones) with seeded random
// values in the op's domain (where it is finite: |x| < 1 for Acos/Asin/Atanh, x >= 1 for
// Acosh, x > 0 for Log/Sqrt, |x| < 8 for Exp/Sinh/Cosh so float16 does not overflow);
// the dtype's special values; and the op's own edge values, rounded once to the dtype:
// domain edges (+-1, 0, just outside), overflow and underflow thresholds of every float
// format (Exp, Sinh, Cosh, Reciprocal), values near pi/2 and huge arguments (Tan, Sin,
// Cos), saturation (Tanh, Erf). Version 1 gets a case with the legacy consumed_inputs.
// These ops accept every shape: their refusals are the schema-level ones the generator
// derives (cases/refusals.h).
#include <algorithm>

#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/values.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

struct ShapeCase {
  const char* name;
  Shape shape;
  const char* tag;
};

const std::vector<ShapeCase>& shapes() {
  static const std::vector<ShapeCase> list = {
      {"scalar", {}, "scalar"},
      {"one_1", {1}, "random"},
      {"vec_7", {7}, "random"},
      {"mat_3x4", {3, 4}, "random"},
      {"empty_0", {0}, "empty"},
      {"empty_2x0x3", {2, 0, 3}, "empty"},
      {"rank4_2x3x4x5", {2, 3, 4, 5}, "random"},
      {"rank5_1x2x1x3x2", {1, 2, 1, 3, 2}, "high-rank"},
      {"rank6_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}, "high-rank"},
  };
  return list;
}

// Where random values keep the op finite and away from overflow in every format.
Domain domain_of(std::string_view op) {
  Domain d;
  d.int_lo = -3, d.int_hi = 3;  // Erf's integers
  if (op == "Acos" || op == "Asin" || op == "Atanh") d.exp_lo = -8, d.exp_hi = -1;
  else if (op == "Acosh") d.exp_lo = 0, d.exp_hi = 6, d.negative = false;
  else if (op == "Log" || op == "Sqrt") d.exp_lo = -8, d.exp_hi = 8, d.negative = false;
  else if (op == "Exp" || op == "Sinh" || op == "Cosh") d.exp_lo = -6, d.exp_hi = 2;
  else if (op == "Sin" || op == "Cos" || op == "Tan") d.exp_lo = -6, d.exp_hi = 3;
  else if (op == "Reciprocal") d.exp_lo = -6, d.exp_hi = 6;
  else d.exp_lo = -6, d.exp_hi = 4;
  return d;
}

std::vector<double> with_negatives(std::vector<double> v) {
  const size_t n = v.size();
  for (size_t i = 0; i < n; ++i) v.push_back(-v[i]);
  return v;
}

// The values where each op is delicate (rounded once to the case's dtype).
std::vector<double> edge_values(std::string_view op) {
  constexpr double kPi = 3.141592653589793;
  const double below_one = 1 - 0x1p-11, above_one = 1 + 0x1p-10;
  if (op == "Acos" || op == "Asin" || op == "Atanh")
    return with_negatives({0, 1, below_one, above_one, 0.5, 2, 1e-8});
  if (op == "Acosh") return {1, above_one, below_one, 0, -0.0, -1, 2, 1e4, 65504, 1e30};
  if (op == "Atan" || op == "Asinh") return with_negatives({1e-8, 1, 1e4, 65504, 1e30, 1e300});
  if (op == "Sin" || op == "Cos" || op == "Tan")
    return with_negatives({kPi / 2, 1.5707964, 1.5703125, 1.5712890625, kPi, 2 * kPi, 1e-8, 1e22, 65504, 3.4e38, 1e300});
  // ln(2 * largest): cosh and sinh overflow past 11.78 (float16), 89.42 (float), 710.48.
  if (op == "Sinh" || op == "Cosh") return with_negatives({1e-8, 11.78, 11.79, 89.41, 89.42, 710.47, 710.48});
  // ln(largest + half an ulp) and ln(half the smallest subnormal) of each format.
  if (op == "Exp")
    return {1e-8, -1e-8, 11.08, 11.09, -17.3, -17.4, 88.72, 88.73, -103.97, -103.98, 709.78, 709.79, -745.13, -745.14};
  if (op == "Tanh") return with_negatives({1e-8, 0.5, 9.01, 19.06, 20});
  if (op == "Erf") return with_negatives({1e-30, 1e-8, 0.5, 3, 4, 6, 27});
  if (op == "Log") return {0, -0.0, -1, 1, 2, 0.5, below_one, above_one, 1e-40, 1e-7, 65504, 3e38};
  if (op == "Sqrt") return {0, -0.0, -1, 4, 2, 0.25, 1e-40, 1e-7, 65504, 3e38};
  if (op == "Reciprocal") return with_negatives({0, 3, 0.1, 1e-40, 1e-7, 1.5e-5, 65504, 3e38});
  return {};
}

void add(std::vector<CaseDraft>& out, std::string name, std::vector<Tensor> inputs,
         std::vector<onnx::AttributeProto> attrs, std::vector<std::string> tags, std::string rule, bool smoke) {
  if (!rule.empty()) tags.insert(tags.begin(), "negative");
  out.push_back({std::move(name), std::move(inputs), std::move(attrs), std::move(tags), std::move(rule), smoke});
}

}  // namespace

void unary_math_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const Domain domain = domain_of(row.op);
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    bool first = true;
    for (const auto& s : shapes()) {
      Rng rng(seed_of(case_id(row, {t}, s.name)));
      // Erf of an integer is open in ONNX (implementation-defined unless the input is 0),
      // so those cases are not the "random values where the op is defined" kind.
      const std::string tag = row.op == "Erf" && is_integer_dtype(t) ? "integer-erf" : s.tag;
      add(out, s.name, {random_tensor(rng, t, s.shape, domain)}, {}, {tag}, "", first);
      first = false;
    }
    add(out, "special_values", {special_values(t)}, {}, {"special-values"}, "", true);
    const auto edges = edge_values(row.op);
    if (is_float_dtype(t) && !edges.empty())
      add(out, "edge_values", {tensor_of(t, {static_cast<int64_t>(edges.size())}, edges)}, {},
          {"special-values", "domain-edge"}, "", false);
    if (schema_of(row).attribute("consumed_inputs")) {
      Rng rng(seed_of(case_id(row, {t}, "consumed_inputs")));
      add(out, "consumed_inputs", {random_tensor(rng, t, {3, 4}, domain)},
          {make_attr("consumed_inputs", std::vector<int64_t>{0})}, {"attribute"}, "", false);
    }
  }
}

}  // namespace touchstone::cases
