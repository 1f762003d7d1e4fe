// Every kernel the catalog names. One file per op or small family; each file holds all
// versions of its ops side by side.
#pragma once
#include "reference/node.h"
#include "reference/ops/indexing/indexing.h"  // the indexing family

namespace touchstone::ops {

// arithmetic.cpp: Add, Sub, Mul, Div
Tensors add_limited(const Node& node, const Inputs& in);
Tensors add_multidirectional(const Node& node, const Inputs& in);
Tensors sub_limited(const Node& node, const Inputs& in);
Tensors sub_multidirectional(const Node& node, const Inputs& in);
Tensors mul_limited(const Node& node, const Inputs& in);
Tensors mul_multidirectional(const Node& node, const Inputs& in);
Tensors div_limited(const Node& node, const Inputs& in);
Tensors div_multidirectional(const Node& node, const Inputs& in);

// pow.cpp: Pow
Tensors pow_limited(const Node& node, const Inputs& in);
Tensors pow_multidirectional(const Node& node, const Inputs& in);

// math.cpp: Acos, Acosh, Asin, Asinh, Atan, Atanh, Cos, Cosh, Sin, Sinh, Tan, Tanh, Erf,
// Exp, Log, Sqrt, Reciprocal
Tensors acos_elementwise(const Node& node, const Inputs& in);
Tensors acosh_elementwise(const Node& node, const Inputs& in);
Tensors asin_elementwise(const Node& node, const Inputs& in);
Tensors asinh_elementwise(const Node& node, const Inputs& in);
Tensors atan_elementwise(const Node& node, const Inputs& in);
Tensors atanh_elementwise(const Node& node, const Inputs& in);
Tensors cos_elementwise(const Node& node, const Inputs& in);
Tensors cosh_elementwise(const Node& node, const Inputs& in);
Tensors sin_elementwise(const Node& node, const Inputs& in);
Tensors sinh_elementwise(const Node& node, const Inputs& in);
Tensors tan_elementwise(const Node& node, const Inputs& in);
Tensors tanh_elementwise(const Node& node, const Inputs& in);
Tensors erf_elementwise(const Node& node, const Inputs& in);
Tensors exp_elementwise(const Node& node, const Inputs& in);
Tensors log_elementwise(const Node& node, const Inputs& in);
Tensors sqrt_elementwise(const Node& node, const Inputs& in);
Tensors reciprocal_elementwise(const Node& node, const Inputs& in);

// exact_unary.cpp: Abs, Neg, Ceil, Floor, Round, Sign, IsInf, IsNaN
Tensors abs_unary(const Node& node, const Inputs& in);
Tensors neg_unary(const Node& node, const Inputs& in);
Tensors ceil_unary(const Node& node, const Inputs& in);
Tensors floor_unary(const Node& node, const Inputs& in);
Tensors round_unary(const Node& node, const Inputs& in);
Tensors sign_unary(const Node& node, const Inputs& in);
Tensors isinf_unary(const Node& node, const Inputs& in);
Tensors isnan_unary(const Node& node, const Inputs& in);

// selection.cpp: Identity, Where, Clip
Tensors identity(const Node& node, const Inputs& in);
// sequence/identity.cpp: Identity-14 on, over sequences and optionals
Values identity_values(const Node& node, const ValueInputs& in);
Tensors where(const Node& node, const Inputs& in);
Tensors clip_attributes(const Node& node, const Inputs& in);
Tensors clip_inputs_v11(const Node& node, const Inputs& in);
Tensors clip_inputs_v13(const Node& node, const Inputs& in);

// integer.cpp: BitShift, Mod
Tensors bitshift(const Node& node, const Inputs& in);
Tensors mod_v10(const Node& node, const Inputs& in);
Tensors mod_v13(const Node& node, const Inputs& in);

// logic.cpp: And, Or, Xor, Not, Equal, Greater, Less, GreaterOrEqual, LessOrEqual
Tensors and_limited(const Node& node, const Inputs& in);
Tensors and_multidirectional(const Node& node, const Inputs& in);
Tensors or_limited(const Node& node, const Inputs& in);
Tensors or_multidirectional(const Node& node, const Inputs& in);
Tensors xor_limited(const Node& node, const Inputs& in);
Tensors xor_multidirectional(const Node& node, const Inputs& in);
Tensors not_elementwise(const Node& node, const Inputs& in);
Tensors equal_limited(const Node& node, const Inputs& in);
Tensors equal_multidirectional(const Node& node, const Inputs& in);
Tensors greater_limited(const Node& node, const Inputs& in);
Tensors greater_multidirectional(const Node& node, const Inputs& in);
Tensors less_limited(const Node& node, const Inputs& in);
Tensors less_multidirectional(const Node& node, const Inputs& in);
Tensors greater_or_equal(const Node& node, const Inputs& in);
Tensors less_or_equal(const Node& node, const Inputs& in);

// variadic.cpp: Max, Min, Mean, Sum
Tensors max_same_shape(const Node& node, const Inputs& in);
Tensors max_multidirectional(const Node& node, const Inputs& in);
Tensors min_same_shape(const Node& node, const Inputs& in);
Tensors min_multidirectional(const Node& node, const Inputs& in);
Tensors mean_same_shape(const Node& node, const Inputs& in);
Tensors mean_multidirectional(const Node& node, const Inputs& in);
Tensors sum_same_shape(const Node& node, const Inputs& in);
Tensors sum_multidirectional(const Node& node, const Inputs& in);

// cast.cpp: Cast, CastLike
Tensors cast(const Node& node, const Inputs& in);
Tensors cast_like(const Node& node, const Inputs& in);

// activations.cpp: Sigmoid, Softplus, Softsign, Elu, Selu, Celu, HardSigmoid, HardSwish
Tensors sigmoid(const Node& node, const Inputs& in);
Tensors softplus(const Node& node, const Inputs& in);
Tensors softsign(const Node& node, const Inputs& in);
Tensors elu(const Node& node, const Inputs& in);
Tensors selu_1(const Node& node, const Inputs& in);
Tensors selu_6(const Node& node, const Inputs& in);
Tensors celu(const Node& node, const Inputs& in);
Tensors hard_sigmoid(const Node& node, const Inputs& in);
Tensors hard_swish(const Node& node, const Inputs& in);

// rectifiers.cpp: Relu, LeakyRelu, PRelu, ThresholdedRelu, Shrink
Tensors relu(const Node& node, const Inputs& in);
Tensors leaky_relu(const Node& node, const Inputs& in);
Tensors prelu_limited(const Node& node, const Inputs& in);
Tensors prelu_unidirectional(const Node& node, const Inputs& in);
Tensors thresholded_relu(const Node& node, const Inputs& in);
Tensors shrink(const Node& node, const Inputs& in);

// linalg/matmul.cpp: MatMul, MatMulInteger, Gemm
Tensors matmul(const Node& node, const Inputs& in);
Tensors matmul_integer_v10(const Node& node, const Inputs& in);
Tensors gemm_legacy(const Node& node, const Inputs& in);
Tensors gemm_unidirectional(const Node& node, const Inputs& in);

// linalg/einsum.cpp: Einsum-12
Tensors einsum(const Node& node, const Inputs& in);
// linalg/det.cpp: Det-11, Det-22 (exact determinants by fraction-free elimination)
Tensors det(const Node& node, const Inputs& in);

// reduce/softmax.cpp: Softmax, LogSoftmax, Hardmax (1, 11: 2-D coercion; 13: one axis)
Tensors softmax_v1(const Node& node, const Inputs& in);
Tensors softmax_v11(const Node& node, const Inputs& in);
Tensors softmax_v13(const Node& node, const Inputs& in);
Tensors log_softmax_v1(const Node& node, const Inputs& in);
Tensors log_softmax_v11(const Node& node, const Inputs& in);
Tensors log_softmax_v13(const Node& node, const Inputs& in);
Tensors hardmax_v1(const Node& node, const Inputs& in);
Tensors hardmax_v11(const Node& node, const Inputs& in);
Tensors hardmax_v13(const Node& node, const Inputs& in);

// reduce/lp_normalization.cpp: LpNormalization-1, 22
Tensors lp_normalization(const Node& node, const Inputs& in);
// reduce/losses.cpp: NegativeLogLikelihoodLoss-12/13/22, SoftmaxCrossEntropyLoss-12/13
Tensors negative_log_likelihood_loss(const Node& node, const Inputs& in);
Tensors softmax_cross_entropy_loss(const Node& node, const Inputs& in);

// reduce/reductions.cpp: Reduce*, one template per op; V is the row's since_version, which
// decides the axes rules (attribute or input, negative axes) and the empty-set text.
template <int V> Tensors reduce_sum(const Node& node, const Inputs& in);
template <int V> Tensors reduce_sum_square(const Node& node, const Inputs& in);
template <int V> Tensors reduce_l1(const Node& node, const Inputs& in);
template <int V> Tensors reduce_l2(const Node& node, const Inputs& in);
template <int V> Tensors reduce_mean(const Node& node, const Inputs& in);
template <int V> Tensors reduce_prod(const Node& node, const Inputs& in);
template <int V> Tensors reduce_log_sum(const Node& node, const Inputs& in);
template <int V> Tensors reduce_log_sum_exp(const Node& node, const Inputs& in);
template <int V> Tensors reduce_max(const Node& node, const Inputs& in);
template <int V> Tensors reduce_min(const Node& node, const Inputs& in);
// shape/: the shape and data-movement ops (see shape/README.md)
// shape/reshape.cpp: Reshape, Flatten, Squeeze, Unsqueeze
Tensors reshape_attribute(const Node& node, const Inputs& in);
Tensors reshape_input(const Node& node, const Inputs& in);
Tensors reshape_allowzero(const Node& node, const Inputs& in);
Tensors flatten_v1(const Node& node, const Inputs& in);
Tensors flatten_v11(const Node& node, const Inputs& in);
Tensors squeeze_v1(const Node& node, const Inputs& in);
Tensors squeeze_v11(const Node& node, const Inputs& in);
Tensors squeeze_v13(const Node& node, const Inputs& in);
Tensors unsqueeze_v1(const Node& node, const Inputs& in);
Tensors unsqueeze_v11(const Node& node, const Inputs& in);
Tensors unsqueeze_v13(const Node& node, const Inputs& in);
// shape/info.cpp: Shape, Size, Constant, ConstantOfShape
Tensors shape_all(const Node& node, const Inputs& in);
Tensors shape_sliced(const Node& node, const Inputs& in);
Tensors size(const Node& node, const Inputs& in);
Tensors constant_v1(const Node& node, const Inputs& in);
Tensors constant_v11(const Node& node, const Inputs& in);
Tensors constant_v12(const Node& node, const Inputs& in);
Tensors constant_of_shape(const Node& node, const Inputs& in);
// shape/transpose.cpp: Transpose, DepthToSpace, SpaceToDepth
Tensors transpose(const Node& node, const Inputs& in);
Tensors depth_to_space_v1(const Node& node, const Inputs& in);
Tensors depth_to_space_v11(const Node& node, const Inputs& in);
Tensors space_to_depth(const Node& node, const Inputs& in);
// shape/concat_split.cpp: Concat, Split
Tensors concat_v1(const Node& node, const Inputs& in);
Tensors concat_v4(const Node& node, const Inputs& in);
Tensors concat_v11(const Node& node, const Inputs& in);
Tensors split_v1(const Node& node, const Inputs& in);
Tensors split_v2(const Node& node, const Inputs& in);
Tensors split_v11(const Node& node, const Inputs& in);
Tensors split_v13(const Node& node, const Inputs& in);
Tensors split_v18(const Node& node, const Inputs& in);
// shape/slice.cpp: Slice
Tensors slice_v1(const Node& node, const Inputs& in);
Tensors slice_v10(const Node& node, const Inputs& in);
Tensors slice_v11(const Node& node, const Inputs& in);
// shape/expand_tile.cpp: Expand, Tile
Tensors expand(const Node& node, const Inputs& in);
Tensors tile_v1(const Node& node, const Inputs& in);
Tensors tile_v6(const Node& node, const Inputs& in);

// shape/pad.cpp: Pad, CenterCropPad
Tensors pad_v1(const Node& node, const Inputs& in);
Tensors pad_v2(const Node& node, const Inputs& in);
Tensors pad_v11(const Node& node, const Inputs& in);
Tensors pad_v18(const Node& node, const Inputs& in);
Tensors pad_v19(const Node& node, const Inputs& in);
Tensors center_crop_pad(const Node& node, const Inputs& in);
// shape/generate.cpp: EyeLike, Trilu, Range
Tensors eye_like(const Node& node, const Inputs& in);
Tensors trilu(const Node& node, const Inputs& in);
Tensors range(const Node& node, const Inputs& in);
// elementwise/bitwise.cpp: BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot
Tensors bitwise_and(const Node& node, const Inputs& in);
Tensors bitwise_or(const Node& node, const Inputs& in);
Tensors bitwise_xor(const Node& node, const Inputs& in);
Tensors bitwise_not(const Node& node, const Inputs& in);

// elementwise/gated_activations.cpp: Mish, Gelu, Swish
Tensors mish(const Node& node, const Inputs& in);
Tensors gelu(const Node& node, const Inputs& in);
Tensors swish(const Node& node, const Inputs& in);

// elementwise/bitcast.cpp: BitCast
Tensors bitcast(const Node& node, const Inputs& in);

// deprecated.cpp: the kernel of a deprecated op-version (Scatter-11). Model loading refuses
// such nodes first; the kernel refuses too, so no path runs one.
Tensors deprecated_refused(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
