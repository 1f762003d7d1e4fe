// The spec table of the training family (ai.onnx.preview.training): one row per op, its
// recipe, what it sweeps and its judging contract: per element, a running error bound of
// the pseudo code evaluated in the output's type (optimizer_element_bounds).
#include "cases/specs/training/training_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& training_spec_table() {
  static const std::vector<SpecEntry> table = {
      {"ai.onnx.preview.training", "Adagrad", adagrad_cases,
       "float and double, one and two tensors, T 0 and 3, default and given decay_factor, epsilon, "
       "norm_coefficient, an empty X, special values in X; refusals: an input count not 2 + 3n, G of "
       "another shape",
       Judging::element("optimizer", optimizer_element_bounds, 0, 0)},
      {"ai.onnx.preview.training", "Adam", adam_cases,
       "float and double, one and two tensors, T 0 and 5 (bias correction), default and given alpha, beta, "
       "epsilon, norm_coefficient, norm_coefficient_post, an empty X, special values in X; refusals: an "
       "input count not 2 + 4n, V of another shape",
       Judging::element("optimizer", optimizer_element_bounds, 0, 0)},
      {"ai.onnx.preview.training", "Gradient", gradient_cases,
       "float16, float and double: ONNX's scalar examples (Add; Add then Mul), y = x, a chain through each "
       "differentiable unary op, broadcasting Add/Sub/Mul/Div, Pow (exponent in zs, and in xs), a diamond, "
       "MatMul "
       "with zs and ReduceMean, Gemm (transA, alpha, beta, C broadcast), a weighted Softmax, a y of several "
       "elements and Relu/Abs at 0 (impl.-defined); refusals: an x off y's path, an input count not |xs| + "
       "|zs|, "
       "an integer x. Judged by ulp(64): the judges see node 0 only, not the graph after it that a derived "
       "first-order bound needs (a gap)",
       Judging::ulp(64)},
      {"ai.onnx.preview.training", "Momentum", momentum_cases,
       "float and double, standard and nesterov, one and two tensors, T 0 (beta taken as 1) and 4, an empty "
       "X, special values in X; refusals: an unknown mode, a missing attribute, G of another shape",
       Judging::element("optimizer", optimizer_element_bounds, 0, 0)},
  };
  return table;
}

}  // namespace touchstone::cases
