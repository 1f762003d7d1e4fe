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
      {"", "BitCast", bitcast_cases, "every (input, to) pair of equal bit width: random bit images, specials, shapes; bool from other bytes; width, to and type refusals"},
      {"", "BitShift", bitshift_cases, "LEFT/RIGHT per unsigned type, broadcast patterns, shift amounts to the bit width and past it, direction refusals"},
      {"", "BitwiseAnd", bitwise_cases, "numpy broadcast patterns, values over each integer type's range, specials crossed, type/shape refusals"},
      {"", "BitwiseNot", bitwise_cases, "shapes to rank 6, values over each integer type's range, specials, type refusals"},
      {"", "BitwiseOr", bitwise_cases, "as BitwiseAnd"},
      {"", "BitwiseXor", bitwise_cases, "as BitwiseAnd"},
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
      {"", "Gelu", activation_cases, "shapes to rank 6, both approximate forms, tails and cut-offs, specials, NaN, approximate refusals"},
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
      {"", "Mish", activation_cases, "shapes to rank 6, tails and cut-offs, specials, NaN, refusals"},
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
      {"", "Swish", activation_cases, "shapes to rank 6, alpha sweep (0, negative, large), saturation, specials, NaN, refusals"},
      {"", "Tan", unary_math_cases, "as Cos"},
      {"", "Tanh", unary_math_cases, "shapes to rank 6, saturation, specials, consumed_inputs (v1), refusals"},
      {"", "ThresholdedRelu", activation_cases, "shapes to rank 6, alpha sweep, values at and around alpha, NaN (0), refusals"},
      {"", "Where", where_cases, "three-way numpy broadcasting, every T, random conditions, shape/condition/type refusals"},
      {"", "Xor", logic_cases, "as And"},
  };
  return table;
}

const SpecEntry* find_spec(std::string_view domain, std::string_view op) {
  for (const auto& e : spec_table())
    if (e.domain == domain && e.op == op) return &e;
  return nullptr;
}

}  // namespace touchstone::cases
