// Case specs of the exact unary ops: Abs, Neg, Ceil, Floor, Round, Sign, IsInf, IsNaN.
//
// Every allowed dtype over the unary shapes (scalar, size 1, empty, ranks 1 to 6) with
// random values, the dtype's special values (±0, subnormals, extremes, ±inf, NaN, integer
// min/max), and per op the values that matter: halves and near-halves (Ceil, Floor,
// Round), the most negative integer (Abs, Neg: undefined, wraps), infinities under every
// detect_positive/detect_negative combination (IsInf). Refusals of its own: IsInf's flags
// outside {0, 1}; the schema-level ones come from the generator (cases/refusals.h).
#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using namespace exact;

// Halves and their neighbours, which Ceil/Floor/Round must get exactly.
Tensor rounding_values(DType t) {
  std::vector<double> v = {-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -0.25, 0.75, 1023.5, -1022.5, 0.4921875, -0.5078125};
  return tensor_of(t, {static_cast<int64_t>(v.size())}, v);
}

// The op's own attribute cases: consumed_inputs where the version has it (a legacy
// attribute, accepted and ignored), IsInf's flags outside {0, 1}. The schema-level
// refusals (types, unknown, removed or wrong-kind attributes, arity) come from the
// generator (cases/refusals.h).
void attribute_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const DType t = first_param_types(row).front();
  auto x = [&](const std::string& name) {
    Rng rng(seed_of(case_id(row, {t}, name)));
    return std::vector<Tensor>{random_tensor(rng, t, {3, 4}, {})};
  };
  const std::string label = row.label();
  if (schema_of(row).attribute("consumed_inputs"))
    add(out, "consumed_inputs", x("consumed_inputs"), {make_attr("consumed_inputs", std::vector<int64_t>{0})},
        {"attribute"}, "", true);
  if (row.op == "IsInf") {
    add(out, "refuse_detect_positive_2", x("refuse_detect_positive_2"), {make_attr("detect_positive", int64_t{2})},
        {"attribute"}, label + ": detect_positive is a flag, 0 or 1");
    add(out, "refuse_detect_negative_minus1", x("refuse_detect_negative_minus1"),
        {make_attr("detect_negative", int64_t{-1})}, {"attribute"}, label + ": detect_negative is a flag, 0 or 1");
  }
}

}  // namespace

void exact_unary_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string op(row.op);
  const bool rounds = op == "Ceil" || op == "Floor" || op == "Round";
  for (DType t : first_param_types(row)) {
    bool smoke = true;
    for (const auto& s : unary_shapes()) {
      Rng rng(seed_of(case_id(row, {t}, s.name)));
      Domain d;
      if (rounds) d.exp_lo = -3, d.exp_hi = 12;  // fractions and integers of every size up to 4096
      add(out, s.name, {random_tensor(rng, t, s.shape, d)}, {}, {shape_tags(s.shape)}, "", smoke);
      smoke = false;
    }
    add(out, "special_values", {special_values(t)}, {}, {"special-values"}, "", true);
    if (rounds) add(out, "halves", {rounding_values(t)}, {}, {"special-values", "rounding"});
    if (op == "IsInf") {
      for (int64_t pos : {0, 1})
        for (int64_t neg : {0, 1})
          add(out, "special_values_detect_" + std::to_string(pos) + std::to_string(neg), {special_values(t)},
              {make_attr("detect_positive", pos), make_attr("detect_negative", neg)}, {"special-values", "attribute"});
    }
  }
  attribute_cases(row, out);
}

}  // namespace touchstone::cases
