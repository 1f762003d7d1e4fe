// Every kernel the catalog names. One file per op or small family; each file holds all
// versions of its ops side by side.
#pragma once
#include "reference/node.h"

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

// linalg/matmul.cpp: MatMul, Gemm
Tensors matmul(const Node& node, const Inputs& in);
Tensors gemm_legacy(const Node& node, const Inputs& in);
Tensors gemm_unidirectional(const Node& node, const Inputs& in);

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

}  // namespace touchstone::ops
