#include "cases/specs/specs.h"

#include "cases/specs/conv/conv_specs.h"
#include "cases/specs/pool/pool_specs.h"
#include "cases/specs/reduce/bounds.h"

namespace touchstone::cases {

namespace {

// Library functions and short compositions of them (judging.h).
constexpr Judging kFunction = Judging::ulp(kFunctionUlps);
// Range: a backend may add delta repeatedly (ONNX's function body does); with start and
// delta of one sign each addition errs by at most half an ulp of the element it produces,
// so element i is within i/2 ulps. The case specs keep n <= 64 where the steps round.
constexpr int kRangeUlps = 32;

}  // namespace

// The last field of a row is the op's judging contract (cases/judging.h; exact when absent):
// sums are judged by the bound of their n terms (the reduction length the kernel reports;
// Sum and Mean: the inputs), plus their extra roundings (Gemm's alpha and beta 2;
// LpNormalization's sqrt and division 3; NegativeLogLikelihoodLoss's weighted product 1;
// Conv and ConvTranspose: none, n = C/group x kernel volume, +1 with B).
// ReduceL2 of one term is sqrt(x*x): two roundings. AveragePool and GlobalAveragePool: the window
// sum and the division (n + 1); LpPool and GlobalLpPool: |x|^p and the root by a library pow
// within 4 ulps each (n + 16), one term too. The composite ops' bounds per element
// come from their functions (specs/reduce/bounds.h), which take the term magnitudes' place.
const std::vector<SpecEntry>& spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Abs", exact_unary_cases, "shapes to rank 6, random and special values, int min (wraps), consumed_inputs (v1), refusals"},
      {"", "Acos", unary_math_cases, "shapes to rank 6, values in [-1, 1], +-1 and just outside, specials, refusals", kFunction},
      {"", "Acosh", unary_math_cases, "shapes to rank 6, values >= 1, 1 and just below, specials, refusals", kFunction},
      {"", "Add", binary_arithmetic_cases, "broadcast patterns by version, random values, specials, refusals"},
      {"", "And", logic_cases, "broadcast patterns by version (limited in v1), random bools, both values crossed, refusals"},
      {"", "Asin", unary_math_cases, "as Acos", kFunction},
      {"", "Asinh", unary_math_cases, "shapes to rank 6, tiny and huge values, specials, refusals", kFunction},
      {"", "Atan", unary_math_cases, "as Asinh", kFunction},
      {"", "Atanh", unary_math_cases, "as Acos (atanh(+-1) = +-inf)", kFunction},
      {"", "AveragePool", pool_cases, "1-D/2-D/3-D windows, strides, pads, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads, ceil_mode (dropped window), count_include_pad, dilations by version, empty batch, specials, window refusals", Judging::sum(1)},
      {"", "BitCast", bitcast_cases, "every (input, to) pair of equal bit width: random bit images, specials, shapes; bool from other bytes; width, to and type refusals"},
      {"", "BitShift", bitshift_cases, "LEFT/RIGHT per unsigned type, broadcast patterns, shift amounts to the bit width and past it, direction refusals"},
      {"", "BitwiseAnd", bitwise_cases, "numpy broadcast patterns, values over each integer type's range, specials crossed, type/shape refusals"},
      {"", "BitwiseNot", bitwise_cases, "shapes to rank 6, values over each integer type's range, specials, type refusals"},
      {"", "BitwiseOr", bitwise_cases, "as BitwiseAnd"},
      {"", "BitwiseXor", bitwise_cases, "as BitwiseAnd"},
      {"", "Cast", cast_cases, "every (input, to) type pair; specials, ties, integer range edges, string literals; refusals"},
      {"", "CastLike", cast_cases, "as Cast, the target type from the second input"},
      {"", "Ceil", exact_unary_cases, "shapes to rank 6, halves and near-halves, signed zeros, specials, consumed_inputs (v1), refusals"},
      {"", "Celu", activation_cases, "shapes to rank 6, alpha sweep (negative, 0), expm1 saturation, specials, NaN, refusals", kFunction},
      {"", "CenterCropPad", center_crop_pad_cases, "crop and pad per axis (odd differences), axes subsets, int32/int64 shape, every T, refusals"},
      {"", "Clip", clip_cases, "bounds as attributes (1, 6) or optional scalar inputs (11+): absent/one/both, min > max, NaN/inf bounds, non-scalar refusals"},
      {"", "Concat", concat_cases, "axis 0..r-1 (negative from 11), 1-3 inputs, empty inputs, rank 6, v1 default axis, shape/rank/axis refusals"},
      {"", "Constant", constant_cases, "value of every type (scalar, empty), sparse_value (11), value_* forms (12), exactly-one and type refusals"},
      {"", "ConstantOfShape", constant_of_shape_cases, "every value type, scalar/empty shapes, special values, default value, negative/type refusals"},
      {"", "Conv", conv_cases, "1-D/2-D/3-D, B, strides, pads, dilations, group and depthwise, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads and stride, 512-term sums, empty batch and empty Y, specials, channel/group/bias/kernel refusals", Judging::sum()},
      {"", "ConvTranspose", conv_transpose_cases, "1-D/2-D/3-D, B, strides, output_padding, pads, dilations, group, output_shape (even, odd and negative total padding), SAME_UPPER/SAME_LOWER odd and even, VALID, empty batch, specials, refusals", Judging::sum()},
      {"", "Cos", unary_math_cases, "shapes to rank 6, near pi/2 and huge arguments, specials, refusals", kFunction},
      {"", "Cosh", unary_math_cases, "shapes to rank 6, overflow thresholds of each format, specials, refusals", kFunction},
      {"", "DepthToSpace", depth_space_cases, "blocksizes 1-3, DCR and CRD (11+), empty, rank/divisibility/blocksize/mode refusals"},
      {"", "Det", det_cases, "1x1 to 8x8, batches, empty matrices, pivoting, singular, cancellation, wide exponents, Hilbert, specials, refusals", Judging::element("det", det_element_bounds, 0, 0).with(det_matrix_size, "n = matrix size")},
      {"", "Div", binary_arithmetic_cases, "as Add, plus integer zero divisors and mixed-sign truncation"},
      {"", "Einsum", einsum_cases, "explicit/implicit output, ellipsis (broadcast, placement), trace, diagonals, three operands, empty sums, 4096 terms, specials, overflow, a refusal per equation rule", Judging::sum().with(einsum_operand_products, "+1 per operand past 2")},
      {"", "Elu", activation_cases, "shapes to rank 6, alpha sweep (negative, 0), branch at 0, saturation past -1000, specials, NaN, refusals", kFunction},
      {"", "Equal", logic_cases, "as And, per type; specials crossed (NaN, +-0, +-inf), near-equal pairs"},
      {"", "Erf", unary_math_cases, "shapes to rank 6, saturation, tiny values, specials; Erf-9 integers; refusals", kFunction},
      {"", "Exp", unary_math_cases, "shapes to rank 6, overflow/underflow thresholds of each format, specials, consumed_inputs (v1), refusals", kFunction},
      {"", "Expand", expand_cases, "numpy broadcast both ways, lower-rank and empty shapes, zero dims, rank 6, refusals"},
      {"", "EyeLike", eye_like_cases, "every (input, dtype) pair, k inside and beyond the matrix, rank and dtype refusals"},
      {"", "Flatten", flatten_cases, "axis 0..r (negative from 11), scalar, empty, axis refusals"},
      {"", "Floor", exact_unary_cases, "as Ceil"},
      {"", "Gelu", activation_cases, "shapes to rank 6, both approximate forms, tails and cut-offs, specials, NaN, approximate refusals", kFunction},
      {"", "Gemm", matmul_cases, "transposes, alpha/beta, C broadcast by version (legacy broadcast=1, unidirectional, absent from 11), K = 4096, refusals", Judging::sum(2)},
      {"", "GlobalAveragePool", global_pool_cases, "1-D/2-D/3-D, 64x64 windows, empty batch, specials, rank refusal", Judging::sum(1)},
      {"", "GlobalLpPool", global_pool_cases, "as GlobalAveragePool, p 1, 2, 3 (float in 1, int from 2), p refusal", Judging::sum(16, 1)},
      {"", "GlobalMaxPool", global_pool_cases, "as GlobalAveragePool"},
      {"", "Greater", logic_cases, "as Equal"},
      {"", "GreaterOrEqual", logic_cases, "as Equal (numpy broadcasting only)"},
      {"", "HardSigmoid", activation_cases, "shapes to rank 6, alpha/beta sweep, clamp edges, specials, NaN, refusals", kFunction},
      {"", "HardSwish", activation_cases, "shapes to rank 6, clamp edges +-3, specials, NaN, refusals", kFunction},
      {"", "Hardmax", softmax_cases, "as Softmax; ties (first max)"},
      {"", "Identity", identity_cases, "every tensor type (strings, bool, complex), shapes to rank 6; from 14 sequences, from 16 optionals (empty too); refusals"},
      {"", "IsInf", exact_unary_cases, "special values under each detect_positive/detect_negative pair, flag refusals"},
      {"", "IsNaN", exact_unary_cases, "shapes to rank 6, special values (NaN, inf), refusals"},
      {"", "LeakyRelu", activation_cases, "shapes to rank 6, alpha sweep (negative, 0), specials, NaN, refusals"},
      {"", "Less", logic_cases, "as Equal"},
      {"", "LessOrEqual", logic_cases, "as Equal (numpy broadcasting only)"},
      {"", "Log", unary_math_cases, "shapes to rank 6, 0, negatives, near 1, subnormals, specials, consumed_inputs (v1), refusals", kFunction},
      {"", "LogSoftmax", softmax_cases, "as Softmax", Judging::element("log-softmax", log_softmax_element_bounds)},
      {"", "LpNormalization", lp_normalization_cases, "p 1 and 2, axes (negative), zero rows, wide exponents, 4096-long rows, specials, p/axis/type refusals", Judging::sum(3)},
      {"", "LpPool", pool_cases, "1-D/2-D/3-D windows, strides, pads, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads, ceil_mode (dropped window), dilations (18), p 1, 3, 4 (2.5 in 1), an exact cube root, p refusal", Judging::sum(16, 1)},
      {"", "MatMul", matmul_cases, "2-D, 1-D promotion, batch broadcasting, empty K, K = 4096, refusals", Judging::sum()},
      {"", "MatMulInteger", matmul_cases, "as MatMul per (T1, T2); zero points absent, per tensor, per row/column (vector and N-D), 255^2 terms to and past int32, zero-point shape refusals", Judging::exact()},
      {"", "Max", variadic_cases, "1-5 inputs, equal shapes (v1, v6) or numpy over all inputs (v8+), specials, NaN/signed zeros, refusals"},
      {"", "MaxPool", pool_cases, "1-D/2-D/3-D windows, strides, pads, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads, ceil_mode (dropped window), dilations (10), Indices in both storage orders (8), ties, int8/uint8 (12), storage_order refusal"},
      {"", "Mean", variadic_cases, "as Sum", Judging::sum_of_inputs()},
      {"", "Min", variadic_cases, "as Max"},
      {"", "Mish", activation_cases, "shapes to rank 6, tails and cut-offs, specials, NaN, refusals", kFunction},
      {"", "Mod", mod_cases, "integers with fmod 0 and 1, floats with fmod 1, broadcast patterns, mixed signs, zero divisors, fmod refusals"},
      {"", "Mul", binary_arithmetic_cases, "as Add"},
      {"", "Neg", exact_unary_cases, "as Abs"},
      {"", "NegativeLogLikelihoodLoss", loss_cases, "every (T, Tind), none/sum/mean, weights, ignore_index in and out of [0, C), all ignored, (N, C, d1, d2), specials, target/weight/reduction refusals", Judging::element("nll", nll_element_bounds, 1, 2)},
      {"", "Not", logic_cases, "shapes to rank 6, both values, refusals of other types and a second input"},
      {"", "Or", logic_cases, "as And"},
      {"", "PRelu", prelu_cases, "slope shapes by version (one element/X's shape; unidirectional), specials, integer overflow, refusals"},
      {"", "Pad", pad_cases, "each mode per version (wrap 19), negative pads, axes (18), wide reflect/wrap, Pad-1 paddings readings, refusals"},
      {"", "Pow", pow_cases, "as Add, per base x exponent type; integer/negative/zero bases and exponents", kFunction},
      {"", "Range", range_cases, "spec examples, empty ranges, rounding steps, integer extremes, delta 0 / non-finite / non-scalar refusals", Judging::ulp(kRangeUlps)},
      {"", "Reciprocal", unary_math_cases, "shapes to rank 6, +-0, subnormals and huge values (overflow), specials, consumed_inputs (v1), refusals"},
      {"", "ReduceL1", reduce_cases, "as ReduceSum", Judging::sum()},
      {"", "ReduceL2", reduce_cases, "as ReduceSum", Judging::sum(0, 1)},
      {"", "ReduceLogSum", reduce_cases, "as ReduceSum", Judging::element("log-sum", log_sum_element_bounds)},
      {"", "ReduceLogSumExp", reduce_cases, "as ReduceSum", Judging::element("log-sum-exp", log_sum_exp_element_bounds)},
      {"", "ReduceMax", reduce_cases, "as ReduceSum; NaN, signed zeros; bool (20)"},
      {"", "ReduceMean", reduce_cases, "as ReduceSum", Judging::sum()},
      {"", "ReduceMin", reduce_cases, "as ReduceMax"},
      {"", "ReduceProd", reduce_cases, "as ReduceSum", Judging::product(kFunctionUlps)},
      {"", "ReduceSum", reduce_cases, "axes default/one/two/negative, attribute or input by version, noop_with_empty_axes, keepdims, scalar, empty, 4096 terms, cancellation, integer overflow, specials, refusals", Judging::sum()},
      {"", "ReduceSumSquare", reduce_cases, "as ReduceSum", Judging::sum()},
      {"", "Relu", activation_cases, "shapes to rank 6, every type incl. Relu-14 integers, specials, NaN, refusals"},
      {"", "Reshape", reshape_cases, "spec examples, 0 copies, -1 inferred, allowzero (14), scalar/empty, every refusal rule"},
      {"", "Round", exact_unary_cases, "as Ceil (halves to even)"},
      {"", "Selu", activation_cases, "as Elu, with alpha/gamma sweeps and both versions' defaults", kFunction},
      {"", "Shape", shape_op_cases, "ranks 0-6 and empty, start/end clamping (15) incl. INT64 sentinels"},
      {"", "Shrink", activation_cases, "every numeric type, lambd/bias sweep (negative lambd, non-integer bias on integers), specials, refusals"},
      {"", "Sigmoid", activation_cases, "shapes to rank 6, saturation points, specials, refusals", kFunction},
      {"", "Sign", exact_unary_cases, "shapes to rank 6, special values (NaN, -0), refusals"},
      {"", "Sin", unary_math_cases, "as Cos", kFunction},
      {"", "Sinh", unary_math_cases, "as Cosh", kFunction},
      {"", "Size", size_cases, "ranks 0-6 and empty, every type"},
      {"", "Slice", slice_cases, "spec examples, clamping, negative steps, INT64 sentinels, int32 indices, negative axes (11), refusals"},
      {"", "Softmax", softmax_cases, "(3,4,5) at axes 0, 1, default, -1 (2-D coercion vs one axis by version), values to 2^10, 4096-long row, ties, axis refusals", Judging::element("softmax", softmax_element_bounds)},
      {"", "SoftmaxCrossEntropyLoss", loss_cases, "as NegativeLogLikelihoodLoss, plus large scores and the log_prob output", Judging::element("cross-entropy", sce_element_bounds)},
      {"", "Softplus", activation_cases, "shapes to rank 6, overflow of e^x, saturation, specials, refusals", kFunction},
      {"", "Softsign", activation_cases, "shapes to rank 6, tiny and huge values, infinities, specials, refusals", kFunction},
      {"", "SpaceToDepth", depth_space_cases, "as DepthToSpace, inverse direction"},
      {"", "Split", split_cases, "equal parts, sizes by attribute/input per version, zero-size parts, num_outputs uneven (18), refusals"},
      {"", "Sqrt", unary_math_cases, "shapes to rank 6, -0, negatives, subnormals, specials, consumed_inputs (v1), refusals"},
      {"", "Squeeze", squeeze_cases, "axes absent/given (attribute, input from 13), negative (11), refusals"},
      {"", "Sub", binary_arithmetic_cases, "as Add"},
      {"", "Sum", variadic_cases, "as Max; rows where rounding once matters (ties, overflow, cancellation, subnormals, inf - inf)", Judging::sum_of_inputs()},
      {"", "Swish", activation_cases, "shapes to rank 6, alpha sweep (0, negative, large), saturation, specials, NaN, refusals", kFunction},
      {"", "Tan", unary_math_cases, "as Cos", kFunction},
      {"", "Tanh", unary_math_cases, "shapes to rank 6, saturation, specials, consumed_inputs (v1), refusals", kFunction},
      {"", "ThresholdedRelu", activation_cases, "shapes to rank 6, alpha sweep, values at and around alpha, NaN (0), refusals"},
      {"", "Tile", tile_cases, "Tile-1 tiles/axis inputs, repeats per dimension (6), zeros, rank 6, refusals"},
      {"", "Transpose", transpose_cases, "every permutation of rank 3, default perm, scalar, empty, rank 6, perm refusals"},
      {"", "Trilu", trilu_cases, "upper/lower, k absent/positive/negative/beyond/INT64 extremes, batches, refusals"},
      {"", "Unsqueeze", unsqueeze_cases, "axes in output rank, unsorted, negative (11), input axes (13), refusals"},
      {"", "Where", where_cases, "three-way numpy broadcasting, every T, random conditions, shape/condition/type refusals"},
      {"", "Xor", logic_cases, "as And"},
      // the indexing family (specs/indexing/)
      {"", "ArgMax", arg_cases, "every T; axes, keepdims, ties (select_last_index from 12), specials (NaN open), empty axes; refusals by version"},
      {"", "ArgMin", arg_cases, "as ArgMax"},
      {"", "Compress", compress_cases, "every T; axis 0/1/-1 and flattened; shorter, empty, all-false conditions; longer refused"},
      {"", "CumProd", cumulative_cases, "as CumSum, products (factors near 1)", Judging::exact().with(cumulative_axis_length, "floats: bound n = axis")},
      {"", "CumSum", cumulative_cases, "every T x axis type; axes, exclusive/reverse, rank 4, 64 terms, rounding once, specials; refusals", Judging::exact().with(cumulative_axis_length, "floats: bound n = axis")},
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
      {"", "TopK", topk_cases, "every T; k attribute/input, axes, ties, largest/sorted (11+; sorted=0 as a multiset), specials; refusals", Judging::exact().with(topk_unordered, "unordered if sorted=0", 11)},
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
