#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Abs", exact_unary_cases, "shapes to rank 6, random and special values, int min (wraps), consumed_inputs (v1), refusals"},
      {"", "Acos", unary_math_cases, "shapes to rank 6, values in [-1, 1], +-1 and just outside, specials, refusals"},
      {"", "Acosh", unary_math_cases, "shapes to rank 6, values >= 1, 1 and just below, specials, refusals"},
      {"", "Add", binary_arithmetic_cases, "broadcast patterns by version, random values, specials, refusals"},
      {"", "And", logic_cases, "broadcast patterns by version (limited in v1), random bools, both values crossed, refusals"},
      {"", "Asin", unary_math_cases, "as Acos"},
      {"", "Asinh", unary_math_cases, "shapes to rank 6, tiny and huge values, specials, refusals"},
      {"", "Atan", unary_math_cases, "as Asinh"},
      {"", "Atanh", unary_math_cases, "as Acos (atanh(+-1) = +-inf)"},
      {"", "BitShift", bitshift_cases, "LEFT/RIGHT per unsigned type, broadcast patterns, shift amounts to the bit width and past it, direction refusals"},
      {"", "Ceil", exact_unary_cases, "shapes to rank 6, halves and near-halves, signed zeros, specials, consumed_inputs (v1), refusals"},
      {"", "Celu", activation_cases, "shapes to rank 6, alpha sweep (negative, 0), expm1 saturation, specials, NaN, refusals"},
      {"", "Clip", clip_cases, "bounds as attributes (1, 6) or optional scalar inputs (11+): absent/one/both, min > max, NaN/inf bounds, non-scalar refusals"},
      {"", "Cast", cast_cases, "every (input, to) type pair; specials, ties, integer range edges, string literals; refusals"},
      {"", "CastLike", cast_cases, "as Cast, the target type from the second input"},
      {"", "Cos", unary_math_cases, "shapes to rank 6, near pi/2 and huge arguments, specials, refusals"},
      {"", "Cosh", unary_math_cases, "shapes to rank 6, overflow thresholds of each format, specials, refusals"},
      {"", "Div", binary_arithmetic_cases, "as Add, plus integer zero divisors and mixed-sign truncation"},
      {"", "Elu", activation_cases, "shapes to rank 6, alpha sweep (negative, 0), branch at 0, saturation past -1000, specials, NaN, refusals"},
      {"", "Equal", logic_cases, "as And, per type; specials crossed (NaN, +-0, +-inf), near-equal pairs"},
      {"", "Erf", unary_math_cases, "shapes to rank 6, saturation, tiny values, specials; Erf-9 integers; refusals"},
      {"", "Exp", unary_math_cases, "shapes to rank 6, overflow/underflow thresholds of each format, specials, consumed_inputs (v1), refusals"},
      {"", "Floor", exact_unary_cases, "as Ceil"},
      {"", "Greater", logic_cases, "as Equal"},
      {"", "GreaterOrEqual", logic_cases, "as Equal (numpy broadcasting only)"},
      {"", "HardSigmoid", activation_cases, "shapes to rank 6, alpha/beta sweep, clamp edges, specials, NaN, refusals"},
      {"", "HardSwish", activation_cases, "shapes to rank 6, clamp edges +-3, specials, NaN, refusals"},
      {"", "Identity", identity_cases, "every tensor type (strings, bool, complex), shapes to rank 6, refusals"},
      {"", "IsInf", exact_unary_cases, "special values under each detect_positive/detect_negative pair, flag refusals"},
      {"", "IsNaN", exact_unary_cases, "shapes to rank 6, special values (NaN, inf), refusals"},
      {"", "LeakyRelu", activation_cases, "shapes to rank 6, alpha sweep (negative, 0), specials, NaN, refusals"},
      {"", "Less", logic_cases, "as Equal"},
      {"", "LessOrEqual", logic_cases, "as Equal (numpy broadcasting only)"},
      {"", "Log", unary_math_cases, "shapes to rank 6, 0, negatives, near 1, subnormals, specials, consumed_inputs (v1), refusals"},
      {"", "Max", variadic_cases, "1-5 inputs, equal shapes (v1, v6) or numpy over all inputs (v8+), specials, NaN/signed zeros, refusals"},
      {"", "Mean", variadic_cases, "as Sum"},
      {"", "Min", variadic_cases, "as Max"},
      {"", "Mod", mod_cases, "integers with fmod 0 and 1, floats with fmod 1, broadcast patterns, mixed signs, zero divisors, fmod refusals"},
      {"", "Mul", binary_arithmetic_cases, "as Add"},
      {"", "Neg", exact_unary_cases, "as Abs"},
      {"", "Not", logic_cases, "shapes to rank 6, both values, refusals of other types and a second input"},
      {"", "Or", logic_cases, "as And"},
      {"", "PRelu", prelu_cases, "slope shapes by version (one element/X's shape; unidirectional), specials, integer overflow, refusals"},
      {"", "Pow", pow_cases, "as Add, per base x exponent type; integer/negative/zero bases and exponents"},
      {"", "Reciprocal", unary_math_cases, "shapes to rank 6, +-0, subnormals and huge values (overflow), specials, consumed_inputs (v1), refusals"},
      {"", "Relu", activation_cases, "shapes to rank 6, every type incl. Relu-14 integers, specials, NaN, refusals"},
      {"", "Round", exact_unary_cases, "as Ceil (halves to even)"},
      {"", "Selu", activation_cases, "as Elu, with alpha/gamma sweeps and both versions' defaults"},
      {"", "Shrink", activation_cases, "every numeric type, lambd/bias sweep (negative lambd, non-integer bias on integers), specials, refusals"},
      {"", "Sigmoid", activation_cases, "shapes to rank 6, saturation points, specials, refusals"},
      {"", "Sign", exact_unary_cases, "shapes to rank 6, special values (NaN, -0), refusals"},
      {"", "Sin", unary_math_cases, "as Cos"},
      {"", "Sinh", unary_math_cases, "as Cosh"},
      {"", "Softplus", activation_cases, "shapes to rank 6, overflow of e^x, saturation, specials, refusals"},
      {"", "Softsign", activation_cases, "shapes to rank 6, tiny and huge values, infinities, specials, refusals"},
      {"", "Sqrt", unary_math_cases, "shapes to rank 6, -0, negatives, subnormals, specials, consumed_inputs (v1), refusals"},
      {"", "Sub", binary_arithmetic_cases, "as Add"},
      {"", "Sum", variadic_cases, "as Max; rows where rounding once matters (ties, overflow, cancellation, subnormals, inf - inf)"},
      {"", "Tan", unary_math_cases, "as Cos"},
      {"", "Tanh", unary_math_cases, "shapes to rank 6, saturation, specials, consumed_inputs (v1), refusals"},
      {"", "ThresholdedRelu", activation_cases, "shapes to rank 6, alpha sweep, values at and around alpha, NaN (0), refusals"},
      {"", "Where", where_cases, "three-way numpy broadcasting, every T, random conditions, shape/condition/type refusals"},
      {"", "Xor", logic_cases, "as And"},
      // the indexing family (specs/indexing/)
      {"", "ArgMax", arg_cases, "every T; axes, keepdims, ties (select_last_index from 12), specials (NaN open), empty axes; refusals by version"},
      {"", "ArgMin", arg_cases, "as ArgMax"},
      {"", "Compress", compress_cases, "every T; axis 0/1/-1 and flattened; shorter, empty, all-false conditions; longer refused"},
      {"", "CumProd", cumulative_cases, "as CumSum, products (factors near 1)"},
      {"", "CumSum", cumulative_cases, "every T x axis type; axes, exclusive/reverse, rank 4, 64 terms, rounding once, specials; refusals"},
      {"", "Gather", gather_cases, "every (T, Tind); axes, scalar/empty/rank-5, negative indices (11+), index ends and int extremes refused"},
      {"", "GatherElements", gather_elements_cases, "every (T, Tind); axes, negative indices, rank 5, empty; out-of-range and shape refusals"},
      {"", "GatherND", gather_nd_cases, "every T; tuples of each length, negative components, batch_dims (12+); refusals"},
      {"", "NonZero", nonzero_cases, "every T; scalar (0, N), empty, ranks 1-6, specials"},
      {"", "OneHot", onehot_cases, "every (T1, T2, T3); negative/past-end indices (off in 9, wrap in 11), axes, float truncation; refusals"},
      {"", "ReverseSequence", reverse_sequence_cases, "every T; both axis layouts, lengths 0..time, rank 4; refusals"},
      {"", "Scatter", scatter_elements_cases, "Scatter-9 as ScatterElements-11 without negative indices"},
      {"", "ScatterElements", scatter_elements_cases, "every (T, Tind); axes, negative indices, duplicates (open with none), reductions add/mul (16) max/min (18); refusals"},
      {"", "ScatterND", scatter_nd_cases, "every T; element and slice updates, negative indices, duplicates, reductions by version; refusals"},
      {"", "TensorScatter", tensor_scatter_cases, "every T; prefill, decode, circular wrap (past the end, negative), rank 4 heads, empty; refusals"},
      {"", "TopK", topk_cases, "every T; k attribute/input, axes, ties, largest/sorted (11+; sorted=0 as a multiset), specials; refusals"},
      {"", "Unique", unique_cases, "every T; flattened and by axis, sorted 0/1, repeats, empty, specials (NaN, +-0 open); refusals"},
  };
  return table;
}

const SpecEntry* find_spec(std::string_view domain, std::string_view op) {
  for (const auto& e : spec_table())
    if (e.domain == domain && e.op == op) return &e;
  return nullptr;
}

}  // namespace touchstone::cases
