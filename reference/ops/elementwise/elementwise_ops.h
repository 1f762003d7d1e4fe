// Kernels of the elementwise family: arithmetic, math functions, exact unary ops, logic and
// comparisons, variadic ops, casts, activations, bitwise ops (every op whose output element
// depends on one element of each input), every version side by side in its file. The catalog
// (reference/catalog_table.cpp) names them; each is <op>_v<since>, the first version it
// serves.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// arithmetic.cpp: Add, Sub, Mul, Div
Tensors add_v1(const Node& node, const Inputs& in);
Tensors add_v7(const Node& node, const Inputs& in);
Tensors sub_v1(const Node& node, const Inputs& in);
Tensors sub_v7(const Node& node, const Inputs& in);
Tensors mul_v1(const Node& node, const Inputs& in);
Tensors mul_v7(const Node& node, const Inputs& in);
Tensors div_v1(const Node& node, const Inputs& in);
Tensors div_v7(const Node& node, const Inputs& in);

// pow.cpp: Pow
Tensors pow_v1(const Node& node, const Inputs& in);
Tensors pow_v7(const Node& node, const Inputs& in);

// math.cpp: Acos, Acosh, Asin, Asinh, Atan, Atanh, Cos, Cosh, Sin, Sinh, Tan, Tanh, Erf,
// Exp, Log, Sqrt, Reciprocal
Tensors acos_v7(const Node& node, const Inputs& in);
Tensors acosh_v9(const Node& node, const Inputs& in);
Tensors asin_v7(const Node& node, const Inputs& in);
Tensors asinh_v9(const Node& node, const Inputs& in);
Tensors atan_v7(const Node& node, const Inputs& in);
Tensors atanh_v9(const Node& node, const Inputs& in);
Tensors cos_v7(const Node& node, const Inputs& in);
Tensors cosh_v9(const Node& node, const Inputs& in);
Tensors sin_v7(const Node& node, const Inputs& in);
Tensors sinh_v9(const Node& node, const Inputs& in);
Tensors tan_v7(const Node& node, const Inputs& in);
Tensors tanh_v1(const Node& node, const Inputs& in);
Tensors erf_v9(const Node& node, const Inputs& in);
Tensors exp_v1(const Node& node, const Inputs& in);
Tensors log_v1(const Node& node, const Inputs& in);
Tensors sqrt_v1(const Node& node, const Inputs& in);
Tensors reciprocal_v1(const Node& node, const Inputs& in);

// exact_unary.cpp: Abs, Neg, Ceil, Floor, Round, Sign, IsInf, IsNaN
Tensors abs_v1(const Node& node, const Inputs& in);
Tensors neg_v1(const Node& node, const Inputs& in);
Tensors ceil_v1(const Node& node, const Inputs& in);
Tensors floor_v1(const Node& node, const Inputs& in);
Tensors round_v11(const Node& node, const Inputs& in);
Tensors sign_v9(const Node& node, const Inputs& in);
Tensors isinf_v10(const Node& node, const Inputs& in);
Tensors isnan_v9(const Node& node, const Inputs& in);

// selection.cpp: Identity, Where, Clip
Tensors identity_v1(const Node& node, const Inputs& in);
Tensors where_v9(const Node& node, const Inputs& in);
Tensors clip_v1(const Node& node, const Inputs& in);
Tensors clip_v11(const Node& node, const Inputs& in);
Tensors clip_v13(const Node& node, const Inputs& in);

// integer.cpp: BitShift, Mod
Tensors bitshift_v11(const Node& node, const Inputs& in);
Tensors mod_v10(const Node& node, const Inputs& in);
Tensors mod_v13(const Node& node, const Inputs& in);

// logic.cpp: And, Or, Xor, Not, Equal, Greater, Less, GreaterOrEqual, LessOrEqual
Tensors and_v1(const Node& node, const Inputs& in);
Tensors and_v7(const Node& node, const Inputs& in);
Tensors or_v1(const Node& node, const Inputs& in);
Tensors or_v7(const Node& node, const Inputs& in);
Tensors xor_v1(const Node& node, const Inputs& in);
Tensors xor_v7(const Node& node, const Inputs& in);
Tensors not_v1(const Node& node, const Inputs& in);
Tensors equal_v1(const Node& node, const Inputs& in);
Tensors equal_v7(const Node& node, const Inputs& in);
Tensors greater_v1(const Node& node, const Inputs& in);
Tensors greater_v7(const Node& node, const Inputs& in);
Tensors less_v1(const Node& node, const Inputs& in);
Tensors less_v7(const Node& node, const Inputs& in);
Tensors greater_or_equal_v12(const Node& node, const Inputs& in);
Tensors less_or_equal_v12(const Node& node, const Inputs& in);

// variadic.cpp: Max, Min, Mean, Sum
Tensors max_v1(const Node& node, const Inputs& in);
Tensors max_v8(const Node& node, const Inputs& in);
Tensors min_v1(const Node& node, const Inputs& in);
Tensors min_v8(const Node& node, const Inputs& in);
Tensors mean_v1(const Node& node, const Inputs& in);
Tensors mean_v8(const Node& node, const Inputs& in);
Tensors sum_v1(const Node& node, const Inputs& in);
Tensors sum_v8(const Node& node, const Inputs& in);

// cast.cpp: Cast, CastLike
Tensors cast_v1(const Node& node, const Inputs& in);
Tensors cast_like_v15(const Node& node, const Inputs& in);

// activations.cpp: Sigmoid, Softplus, Softsign, Elu, Selu, Celu, HardSigmoid, HardSwish
Tensors sigmoid_v1(const Node& node, const Inputs& in);
Tensors softplus_v1(const Node& node, const Inputs& in);
Tensors softsign_v1(const Node& node, const Inputs& in);
Tensors elu_v1(const Node& node, const Inputs& in);
Tensors selu_v1(const Node& node, const Inputs& in);
Tensors selu_v6(const Node& node, const Inputs& in);
Tensors celu_v12(const Node& node, const Inputs& in);
Tensors hard_sigmoid_v1(const Node& node, const Inputs& in);
Tensors hard_swish_v14(const Node& node, const Inputs& in);

// rectifiers.cpp: Relu, LeakyRelu, PRelu, ThresholdedRelu, Shrink
Tensors relu_v1(const Node& node, const Inputs& in);
Tensors leaky_relu_v1(const Node& node, const Inputs& in);
Tensors prelu_v1(const Node& node, const Inputs& in);
Tensors prelu_v7(const Node& node, const Inputs& in);
Tensors thresholded_relu_v10(const Node& node, const Inputs& in);
Tensors shrink_v9(const Node& node, const Inputs& in);

// bitwise.cpp: BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot
Tensors bitwise_and_v18(const Node& node, const Inputs& in);
Tensors bitwise_or_v18(const Node& node, const Inputs& in);
Tensors bitwise_xor_v18(const Node& node, const Inputs& in);
Tensors bitwise_not_v18(const Node& node, const Inputs& in);

// gated_activations.cpp: Mish, Gelu, Swish
Tensors mish_v18(const Node& node, const Inputs& in);
Tensors gelu_v20(const Node& node, const Inputs& in);
Tensors swish_v24(const Node& node, const Inputs& in);

// bitcast.cpp: BitCast
Tensors bitcast_v26(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
