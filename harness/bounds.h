// Per-element error bounds of the composite accumulating ops (issue 13), computed by the
// oracle from the case's inputs: the sum bound |s^ - s| <= gamma_n * sum|terms| (compare.h)
// propagated to first order through the op's own steps, each rounded in the output type
// (unit roundoff u; exp and log within kFunctionUlps = 4 ulps, phi = 8u relative; a
// division or subtraction u). The model of an honest backend: the ONNX function body's
// steps in the output type, in any summation order, or the same in a wider type (more
// accurate, within the bound). A bound of +inf is vacuous (n*u >= 1, or a first-order
// relative error of 1/2 or more, where first order no longer holds): compare.h counts it.
//
// Derivations (x a row, m its max, d_j = x_j - m, s = sum exp(d_j), y the exact result,
// Dbar = sum_j softmax_j * |d_j|, eta the type's smallest subnormal):
//   Softmax      exp(d^_i) errs by phi + u|d_i| relative (d_i's rounding amplified by exp);
//                s^ by phi + u*Dbar + gamma_n; the division u; the result's rounding u:
//                |dy_i| <= y_i (2 phi + u(|d_i| + Dbar) + gamma_n + 3u) + 2 eta.
//   LogSoftmax   y_i = d_i - log s: u|d_i| + rho + phi*log(s) + 2u|y_i|, rho = phi + u*Dbar +
//                gamma_n + n*eta (s's relative error, log turns it absolute); or, as
//                log(softmax): softmax's relative error + phi|y_i|; the larger, + u|y_i|.
//   ReduceLogSum y = log S, S = sum x: gamma_n * sum|x| / S + phi|y| + 2u|y|.
//   ReduceLogSumExp  y = m + log s: u*Dbar + rho' + phi*max(log s, |y|) + 2u|y| (rho' =
//                phi + gamma_n: both the max-shifted and the plain log(sum exp x) forms).
//   NegativeLogLikelihoodLoss mean  y = L/W, L = sum l_k (l_k = -x[k,c_k] w_k, one rounding
//                each), W = sum w_k over N samples: (sum u|l_k| + gamma_N sum|l_k|)/|W| +
//                |y| gamma_N sum|w_k| / |W| + 2u|y|.
//   SoftmaxCrossEntropyLoss  as NLL with l_k = -w_k * logsoftmax_k, each with its
//                LogSoftmax bound times |w_k|; none: per sample, sum: gamma_N sum|l_k| added;
//                log_prob: LogSoftmax's bound along C.
//   Det          a backward-stable elimination (LU with partial pivoting): L^U^ = A + dA,
//                |dA_ij| <= gamma_n * n * rho_n * max|a| with the worst-case growth factor
//                rho_n = 2^(n-1) (Higham, ch. 9); to first order
//                |d det| <= sum_ij |C_ij| |dA_ij| + (gamma_n + u)|det| (C the cofactors):
//                a condition-based bound, generous for well-conditioned matrices.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::harness {

// The quantities a bound is stated in, for the output type.
struct BoundUnits {
  double u = 0;    // unit roundoff
  double phi = 0;  // a library function's relative error (4 ulps = 8u)
  double eta = 0;  // the smallest subnormal (the absolute error of an underflow)
  explicit BoundUnits(DType dtype);
  double gamma(double n) const;  // n*u / (1 - n*u), +inf when n*u >= 1
};

// Whether the bound policy of `op` takes its per-element bounds from element_bounds
// (otherwise from the term magnitudes, oracle.h).
bool has_element_bounds(const std::string& op);

// Per output, per element, the allowed |a - e| (+inf: vacuous) for a case of a composite
// op, from its inputs; `expected` are the oracle's outputs. Empty when the case is not a
// single node of that op or its inputs cannot be read (the comparator then falls back).
std::vector<std::vector<double>> element_bounds(const CaseFiles& files, const std::vector<Tensor>& expected);

// The formulas, on one row (finite x, at least one; -inf entries allowed), in double.
std::vector<double> softmax_row_bounds(std::span<const double> x, DType dtype);
std::vector<double> log_softmax_row_bounds(std::span<const double> x, DType dtype);
double log_sum_bound(std::span<const double> x, DType dtype);
double log_sum_exp_bound(std::span<const double> x, DType dtype);
// One n x n matrix, row-major.
double det_bound(std::span<const double> a, int64_t n, DType dtype);

}  // namespace touchstone::harness
