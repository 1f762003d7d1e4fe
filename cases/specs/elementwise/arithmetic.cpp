// Case specs of the binary arithmetic family: Add, Sub, Mul, Div (versions 1, 6, 7, 13,
// 14) and Pow (1, 7, 12, 13, 15).
//
// Shapes follow the version's broadcasting rule: before opset 7 the limited rule
// (`broadcast`/`axis`: equal shapes, or with broadcast=1 a one-element B, a suffix of A,
// or a run of A at `axis`), from 7 numpy's. Each list ends with shapes the rule refuses.
// Values are seeded random in a domain where the op is defined (no integer overflow, no
// mixed-sign division), plus every pair of the dtype's special values, plus per-op value
// cases (integer zero divisors, negative bases and exponents). The schema-level refusals
// (types outside a constraint, mismatched types sharing T, attributes unknown, of the
// wrong kind or removed in opset 7, arity) come from the generator (cases/refusals.h).
#include <algorithm>
#include <functional>
#include <limits>

#include "cases/specs/core/binary.h"
#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/values.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace binary {

const std::vector<Pattern>& limited_patterns() {
  static const std::vector<Pattern> patterns = {
      {"same_3x4x5", {3, 4, 5}, {3, 4, 5}},
      {"same_scalar", {}, {}},
      {"same_1", {1}, {1}},
      {"same_0x3", {0, 3}, {0, 3}},
      {"same_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}, {2, 1, 2, 1, 3, 2}},
      {"bcast_same_3x4", {3, 4}, {3, 4}, 1},
      {"bcast_scalar", {3, 4, 5}, {}, 1},
      {"bcast_one_1x1", {3, 4, 5}, {1, 1}, 1},
      {"bcast_one_1", {3, 4}, {1}, 1},
      {"bcast_suffix_5", {3, 4, 5}, {5}, 1},
      {"bcast_suffix_4x5", {2, 3, 4, 5}, {4, 5}, 1},
      {"bcast_axis1_3x4", {2, 3, 4, 5}, {3, 4}, 1, 1},
      {"bcast_axis0_2", {2, 3, 4, 5}, {2}, 1, 0},
      {"bcast_axis2_4x5", {2, 3, 4, 5}, {4, 5}, 1, 2},
      {"bcast_suffix_empty_0", {3, 0}, {0}, 1},
      {"bcast_scalar_empty", {0, 4}, {}, 1},
      {"refuse_nobcast_3x4x5_5", {3, 4, 5}, {5}, kNone, kNone,
       "shapes differ and broadcast is not 1 (equal shapes needed)"},
      {"refuse_bcast_3x1_1x4", {3, 1}, {1, 4}, 1, kNone,
       "B must be a contiguous run of A's shape; size 1 does not stretch"},
      {"refuse_bcast_noaxis_2x3x4x5_3x4", {2, 3, 4, 5}, {3, 4}, 1, kNone,
       "without axis, B must match A's trailing dimensions"},
      {"refuse_bcast_axis3_2x3x4x5_3x4", {2, 3, 4, 5}, {3, 4}, 1, 3,
       "axis must lie in [0, rank(A) - rank(B)]"},
      {"refuse_bcast_rank_3x4_2x3x4", {3, 4}, {2, 3, 4}, 1, kNone, "B's rank may not exceed A's"},
      {"refuse_broadcast2_3x4_4", {3, 4}, {4}, 2, kNone, "broadcast must be 0 or 1"},
  };
  return patterns;
}

const std::vector<Pattern>& numpy_patterns() {
  static const std::vector<Pattern> patterns = {
      {"same_3x4x5", {3, 4, 5}, {3, 4, 5}},
      {"same_scalar", {}, {}},
      {"bcast_3x4x5_scalar", {3, 4, 5}, {}},
      {"bcast_scalar_3x4", {}, {3, 4}},
      {"bcast_3x4x5_5", {3, 4, 5}, {5}},
      {"bcast_5_3x4x5", {5}, {3, 4, 5}},
      {"bcast_8x1x6x1_7x1x5", {8, 1, 6, 1}, {7, 1, 5}},
      {"bcast_3x1_1x4", {3, 1}, {1, 4}},
      {"bcast_1x4x1_3x1x5", {1, 4, 1}, {3, 1, 5}},
      {"bcast_1_3x4", {1}, {3, 4}},
      {"same_0", {0}, {0}},
      {"bcast_0x3_3", {0, 3}, {3}},
      {"bcast_2x0_1", {2, 0}, {1}},
      {"bcast_0x1_1x4", {0, 1}, {1, 4}},
      {"bcast_1_0", {1}, {0}},
      {"same_5", {5}, {5}},
      {"same_2x3", {2, 3}, {2, 3}},
      {"same_2x1x3x2", {2, 1, 3, 2}, {2, 1, 3, 2}},
      {"same_1x2x1x3x2", {1, 2, 1, 3, 2}, {1, 2, 1, 3, 2}},
      {"same_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}, {2, 1, 2, 1, 3, 2}},
      {"bcast_2x1x3x1x2x1_1x2x1x3x1x2", {2, 1, 3, 1, 2, 1}, {1, 2, 1, 3, 1, 2}},
      {"refuse_2x3x4x5_3x4", {2, 3, 4, 5}, {3, 4}, kNone, kNone,
       "numpy broadcasting: aligned sizes must be equal or 1"},
      {"refuse_2x3_3x2", {2, 3}, {3, 2}, kNone, kNone, "numpy broadcasting: aligned sizes must be equal or 1"},
      {"refuse_0_2", {0}, {2}, kNone, kNone, "numpy broadcasting: sizes 0 and 2 neither equal nor 1"},
  };
  return patterns;
}

namespace {  // arithmetic only

struct Limits {
  int64_t min, max;  // max clamped to int64 for uint64
  bool is_signed;
  int bits;
};
Limits limits_of(DType t) {
  return visit_dtype(t, [&]<class T>() -> Limits {
    if constexpr (is_integer<T>) {
      const int64_t max = std::is_same_v<T, uint64_t> ? std::numeric_limits<int64_t>::max()
                                                      : static_cast<int64_t>(std::numeric_limits<T>::max());
      return {static_cast<int64_t>(std::numeric_limits<T>::min()), max, std::is_signed_v<T>,
              static_cast<int>(sizeof(T) * 8)};
    } else {
      return {0, 0, true, 0};
    }
  });
}

// Random values where Add/Sub/Mul/Div are defined for `t` (operand 0 is A, 1 is B).
Domain arithmetic_domain(std::string_view op, DType t, int operand) {
  Domain d;
  if (!is_integer_dtype(t)) return d;
  const Limits l = limits_of(t);
  const int64_t root = (int64_t{1} << (l.bits / 2 - (l.is_signed ? 1 : 0))) - 1;  // root^2 fits
  if (op == "Mul") {
    d.int_lo = l.is_signed ? -root : 0, d.int_hi = root;
  } else if (op == "Div") {  // same signs, no zero divisor: defined
    if (operand == 0) d.int_lo = 0, d.int_hi = l.max;
    else d.int_lo = 1, d.int_hi = root;
  } else if (op == "Sub" && !l.is_signed) {  // A >= B
    if (operand == 0) d.int_lo = l.max / 2, d.int_hi = l.max;
    else d.int_lo = 0, d.int_hi = l.max / 2;
  } else {
    d.int_lo = l.min / 2, d.int_hi = l.max / 2;
  }
  return d;
}

// Random values where Pow is defined: small positive float bases, small exponents.
Domain pow_domain(DType base, DType exponent, int operand) {
  Domain d;
  if (operand == 0) {
    if (is_integer_dtype(base)) d.int_lo = -6, d.int_hi = 6;
    else d.exp_lo = -3, d.exp_hi = 2, d.negative = false;
  } else if (is_integer_dtype(exponent)) {
    d.int_lo = is_integer_dtype(base) ? 0 : -3, d.int_hi = is_integer_dtype(base) ? 5 : 3;
  } else if (is_integer_dtype(base)) {
    d.integral = true, d.int_lo = 0, d.int_hi = 5;
  } else {
    d.exp_lo = -3, d.exp_hi = 1;
  }
  return d;
}

using DomainFn = Domain (*)(std::string_view op, DType a, DType b, int operand);

}  // namespace

void add(std::vector<CaseDraft>& out, std::string name, std::vector<Tensor> inputs,
         std::vector<onnx::AttributeProto> attrs, std::vector<std::string> tags, std::string rule, bool smoke) {
  if (!rule.empty()) tags.insert(tags.begin(), "negative");
  out.push_back({std::move(name), std::move(inputs), std::move(attrs), std::move(tags), std::move(rule), smoke});
}

namespace {

std::vector<onnx::AttributeProto> pattern_attributes(const Pattern& p) {
  std::vector<onnx::AttributeProto> attrs;
  if (p.broadcast != kNone) attrs.push_back(make_attr("broadcast", p.broadcast));
  if (p.axis != kNone) attrs.push_back(make_attr("axis", p.axis));
  return attrs;
}

std::vector<std::string> pattern_tags(const Pattern& p) {
  std::vector<std::string> tags = {p.refusal ? "shape" : "random"};
  if (p.a != p.b || p.broadcast != kNone) tags.push_back("broadcast");
  if (p.a.empty() || p.b.empty()) tags.push_back("scalar");
  auto has_zero = [](const Shape& s) { return std::find(s.begin(), s.end(), 0) != s.end(); };
  if (has_zero(p.a) || has_zero(p.b)) tags.push_back("empty");
  if (std::max(p.a.size(), p.b.size()) >= 5) tags.push_back("high-rank");
  return tags;
}

}  // namespace

// Every shape pattern of the row's broadcasting rule, with A of type `a` and B of `b`.
// Marks the first valid pattern smoke, and the first refusal when `smoke_refusal`.
void sweep_patterns(const CatalogRow& row, DType a, DType b, const std::function<Domain(int)>& domain,
                    bool smoke_refusal, std::vector<CaseDraft>& out) {
  const auto& patterns = row.since_version < 7 ? limited_patterns() : numpy_patterns();
  bool first_valid = true;
  for (const auto& p : patterns) {
    Rng rng(seed_of(case_id(row, {a, b}, p.name)));
    std::vector<Tensor> inputs = {random_tensor(rng, a, p.a, domain(0)), random_tensor(rng, b, p.b, domain(1))};
    const std::string rule = p.refusal ? row.label() + ": " + p.refusal : "";
    const bool smoke = p.refusal ? smoke_refusal : first_valid;
    if (p.refusal) smoke_refusal = false;
    else first_valid = false;
    add(out, p.name, std::move(inputs), pattern_attributes(p), pattern_tags(p), rule, smoke);
  }
}

std::vector<Tensor> pair(const Tensor& a, const Tensor& b) {
  auto [x, y] = cross_pairs(a, b);
  return {x, y};
}

}  // namespace binary

using namespace binary;

void binary_arithmetic_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string op(row.op);
  bool smoke_refusal = true;
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    sweep_patterns(row, t, t, [&](int k) { return arithmetic_domain(op, t, k); }, smoke_refusal, out);
    smoke_refusal = false;
    add(out, "special_values", pair(special_values(t), special_values(t)), {}, {"special-values"}, "", true);
    if (op == "Div" && is_integer_dtype(t)) {
      const Tensor a = special_values(t);
      add(out, "zero_divisor", {a, Tensor(t, a.shape())}, {}, {"special-values", "zero-divisor"}, "", false);
      if (limits_of(t).is_signed)
        add(out, "mixed_signs", {tensor_of(t, {8}, {7, -7, 7, -7, 6, -6, 1, -1}), tensor_of(t, {8}, {2, 2, -2, -2, -4, 4, 3, -3})},
            {}, {"special-values", "rounding"}, "", false);
    }
  }
}

void pow_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  const auto& bases = params[0].allowed;
  bool smoke_refusal = true;
  for (DType t : bases) {
    const std::vector<DType> exponents = params.size() > 1 ? params[1].allowed : std::vector<DType>{t};
    // The exponent type of the full shape sweep: the base's own type where allowed.
    const DType primary = std::find(exponents.begin(), exponents.end(), t) != exponents.end() ? t : exponents.front();
    for (DType u : exponents) {
      auto domain = [&](int k) { return pow_domain(t, u, k); };
      if (u == primary) {
        sweep_patterns(row, t, u, domain, smoke_refusal, out);
        smoke_refusal = false;
      } else {
        Rng rng(seed_of(case_id(row, {t, u}, "same_3x4")));
        add(out, "same_3x4", {random_tensor(rng, t, {3, 4}, domain(0)), random_tensor(rng, u, {3, 4}, domain(1))}, {},
            {"random"}, "", true);
      }
      add(out, "special_values", pair(special_values(t), special_values(u)), {}, {"special-values"}, "", true);
      // Negative and zero bases against integer, negative and fractional exponents.
      const std::vector<double> base_values =
          is_integer_dtype(t) ? std::vector<double>{-3, -2, -1, 0, 1, 2, 3}
                              : std::vector<double>{-2, -1.5, -1, -0.5, -0.0, 0, 0.5, 2};
      std::vector<double> exponent_values = {0, 1, 2, 3};
      if (!is_integer_dtype(u) || limits_of(u).is_signed) exponent_values.insert(exponent_values.begin(), {-3, -2, -1});
      if (!is_integer_dtype(u)) exponent_values.insert(exponent_values.end(), {-0.5, 0.5, 2.5});
      const auto n = [](const std::vector<double>& v) { return Shape{static_cast<int64_t>(v.size())}; };
      add(out, "bases_exponents", pair(tensor_of(t, n(base_values), base_values), tensor_of(u, n(exponent_values), exponent_values)),
          {}, {"special-values", "negative-base"}, "", false);
    }
  }
}

}  // namespace touchstone::cases
