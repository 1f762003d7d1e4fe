// The spec table of the reduction family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h; exact when absent). spec_table() joins the families'
// tables (../spec_table.cpp).
#include "cases/specs/reduce/reduce_cases.h"
#include "cases/specs/reduce/bounds.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& reduce_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Hardmax", softmax_cases, "as Softmax; ties (first max)"},
      {"", "LogSoftmax", softmax_cases, "as Softmax", Judging::element("log-softmax", log_softmax_element_bounds)},
      {"", "LpNormalization", lp_normalization_cases, "p 1 and 2, axes (negative), zero rows, wide exponents, 4096-long rows, specials, p/axis/type refusals", Judging::sum(3)},
      {"", "NegativeLogLikelihoodLoss", loss_cases, "every (T, Tind), none/sum/mean, weights, ignore_index in and out of [0, C), all ignored, (N, C, d1, d2), specials, target/weight/reduction refusals", Judging::element("nll", nll_element_bounds, 1, 2)},
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
      {"", "Softmax", softmax_cases, "(3,4,5) at axes 0, 1, default, -1 (2-D coercion vs one axis by version), values to 2^10, 4096-long row, ties, axis refusals", Judging::element("softmax", softmax_element_bounds)},
      {"", "SoftmaxCrossEntropyLoss", loss_cases, "as NegativeLogLikelihoodLoss, plus large scores and the log_prob output", Judging::element("cross-entropy", sce_element_bounds)},
  };
  return table;
}

}  // namespace touchstone::cases
