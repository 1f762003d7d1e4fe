// Per-element error bounds of the composite accumulating ops (issue 13), the element-bound
// functions of their judging contracts (cases/judging.h): the sum bound
// |s^ - s| <= gamma_n * sum|terms| (harness/compare.h) propagated to first order through the
// op's own steps, each rounded in the output type (unit roundoff u; exp and log within
// kFunctionUlps = 4 ulps, phi = 8u relative; a division or subtraction u). The model of an
// honest backend: the ONNX function body's steps in the output type, in any summation
// order, or the same in a wider type (more accurate, within the bound). A bound of +inf is
// vacuous (n*u >= 1, or a first-order relative error of 1/2 or more, where first order no
// longer holds): compare.h counts it.
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
//                |y| gamma_N sum|w_k| / |W| + 2u|y|; sum: gamma_N sum|l_k| + sum u|l_k| +
//                2u|y|; none: one product per sample.
//   SoftmaxCrossEntropyLoss  as NLL with l_k = -w_k * logsoftmax_k, each with its
//                LogSoftmax bound times |w_k|; none: per sample, sum: gamma_N sum|l_k| added;
//                log_prob: LogSoftmax's bound along C.
//   Det          a backward-stable elimination (LU with partial pivoting): L^U^ = A + dA,
//                |dA_ij| <= gamma_n * n * rho * max|a| (Higham, Theorem 9.5 with
//                |L^||U^| <= n rho max|a|), rho the growth factor max|u_ij| / max|a_ij|;
//                to first order |d det| <= sum_ij |C_ij| |dA_ij| + (gamma_n + u)|det|
//                (C the cofactors): a condition-based bound. rho is the growth the bound's
//                own partial-pivoting elimination of A saw (det_growth), not the worst
//                case 2^(n-1): a backend pivoting otherwise (or not at all) may grow more,
//                and its error is then judged against what partial pivoting achieves.
#pragma once
#include <span>
#include <vector>

#include "cases/judging.h"

namespace touchstone::cases {

// A first-order bound holds while the relative perturbation it describes is small.
double first_order(double relative, double bound);

// The rows of a normalization: element k of row (o, i) is at o*len*inner + k*inner + i.
struct BoundRows {
  int64_t outer = 1, len = 1, inner = 1;
};
// Applies `f` (row values -> per-element bounds) to every row; rows holding NaN or +inf, or
// only -inf (a NaN result, judged as such), get 0.
std::vector<double> per_row(const std::vector<double>& x, const BoundRows& r,
                            std::vector<double> (*f)(std::span<const double>, DType), DType dtype);

// The formulas, on one row (finite x, at least one; -inf entries allowed), in double.
std::vector<double> softmax_row_bounds(std::span<const double> x, DType dtype);
std::vector<double> log_softmax_row_bounds(std::span<const double> x, DType dtype);
double log_sum_bound(std::span<const double> x, DType dtype);
double log_sum_exp_bound(std::span<const double> x, DType dtype);
// One n x n matrix, row-major.
double det_bound(std::span<const double> a, int64_t n, DType dtype);
// The growth factor max|u_ij| / max|a_ij| of partial-pivoting elimination of `a` (n x n,
// row-major), in long double; 1 for a zero matrix.
double det_growth(std::span<const double> a, int64_t n);

// The contracts' element-bound functions (softmax_bounds.cpp, loss_bounds.cpp, det_bounds.cpp).
std::vector<std::vector<double>> softmax_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> log_softmax_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> log_sum_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> log_sum_exp_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> nll_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> sce_element_bounds(const BoundCase& c);
std::vector<std::vector<double>> det_element_bounds(const BoundCase& c);

}  // namespace touchstone::cases
