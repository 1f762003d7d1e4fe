// Case specs: one recipe per op (or family) saying which shapes, attributes and values to
// sweep for an op-version. Dtypes come from the op-version's type constraints.
//
// The table (spec_table.cpp) is the list of what has specs; the generator runs the
// recipe of every implemented op-version whose op is in it.
#pragma once
#include <string_view>
#include <vector>

#include "cases/case.h"
#include "cases/judging.h"

namespace touchstone::cases {

// Drafts every case of one op-version (the smoke profile keeps those marked smoke).
using SpecFn = void (*)(const CatalogRow& row, std::vector<CaseDraft>& out);

struct SpecEntry {
  std::string_view domain;  // "" is ai.onnx
  std::string_view op;
  SpecFn cases;
  std::string_view sweeps;  // one line: what the recipe covers
  Judging judging = {};     // how a backend's outputs are judged (cases/judging.h); exact if not stated
};

const std::vector<SpecEntry>& spec_table();
const SpecEntry* find_spec(std::string_view domain, std::string_view op);

// specs/elementwise/exact_unary.cpp, selection.cpp, integer.cpp
void exact_unary_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void identity_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// specs/sequence/identity_values.cpp: Identity's sequence and optional cases (and refusals)
void identity_value_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void where_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void clip_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void bitshift_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void mod_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/activations.cpp
void activation_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void prelu_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/arithmetic.cpp
void binary_arithmetic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void pow_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/cast.cpp: Cast, CastLike
void cast_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/math.cpp: Acos ... Tanh, Erf, Exp, Log, Sqrt, Reciprocal
void unary_math_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/logic.cpp: And, Or, Xor, Not, Equal, Greater, Less, GreaterOrEqual, LessOrEqual
void logic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/variadic.cpp: Max, Min, Mean, Sum
void variadic_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/reduce/reduce.cpp: Reduce*, Softmax, LogSoftmax, Hardmax
void reduce_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void softmax_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// specs/linalg/matmul.cpp: MatMul, MatMulInteger, Gemm
void matmul_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// specs/linalg/einsum_det.cpp: Einsum, Det
void einsum_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void det_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// specs/reduce/norm_losses.cpp: LpNormalization, NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss
void lp_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void loss_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// specs/shape/: the shape and data-movement ops (see specs/shape/README.md)
void reshape_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void flatten_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void squeeze_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void unsqueeze_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void shape_op_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void size_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void constant_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void constant_of_shape_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void transpose_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void depth_space_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void concat_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void split_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void expand_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void tile_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void slice_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void pad_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void center_crop_pad_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void eye_like_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void trilu_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void range_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/bitwise.cpp: BitwiseAnd, BitwiseOr, BitwiseXor, BitwiseNot
void bitwise_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/elementwise/bitcast.cpp: BitCast
void bitcast_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// specs/indexing/: Gather, GatherElements, GatherND, Scatter, ScatterElements, ScatterND,
// ArgMax, ArgMin, TopK, Unique, OneHot, NonZero, Compress, ReverseSequence, CumSum, CumProd,
// TensorScatter
void gather_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void gather_elements_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void gather_nd_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void scatter_elements_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void scatter_nd_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void arg_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void topk_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void unique_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void onehot_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void nonzero_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void compress_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void reverse_sequence_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void cumulative_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void tensor_scatter_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// Judging refinements (specs/linalg/contracts.cpp, specs/indexing/contracts.cpp): the
// draft's own choices. The element-bound functions are in specs/reduce/bounds.h.
Tolerance det_matrix_size(const CaseFacts& f, Tolerance t);          // n = the matrix size
Tolerance einsum_operand_products(const CaseFacts& f, Tolerance t);  // + 1 per operand past two
Tolerance topk_unordered(const CaseFacts& f, Tolerance t);           // sorted=0: a multiset along axis
Tolerance cumulative_axis_length(const CaseFacts& f, Tolerance t);   // floats: bound(n = axis length)

}  // namespace touchstone::cases
