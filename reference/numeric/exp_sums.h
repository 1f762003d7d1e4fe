// Composite functions of sums, rounded once: sqrt, log and division of an exact sum;
// log-sum-exp, softmax and log-softmax of a row; the product of a row. Each returns the
// exact double of the correctly rounded value in `format` (NaN, ±inf pass).
//
// Sums of exponentials are computed the way that cannot overflow: with m the row's largest
// finite value, sum exp(x_i - m) lies in [1, n], so LogSumExp of 1000s is finite. Each
// goes through correctly_rounded (functions.h) with the error budget written beside it.
#pragma once
#include <span>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/exact.h"
#include "reference/numeric/fast_exp_row.h"

namespace touchstone::numeric {

// sqrt, log of the exact total; the exact total divided by n (n > 0).
double sqrt_of_sum(ExactAccumulator& acc, FloatFormat format);
double log_of_sum(ExactAccumulator& acc, FloatFormat format);
double sum_divided(ExactAccumulator& acc, unsigned long n, FloatFormat format);

// log(sum exp(x_i)); -inf for an empty row or one of -infs; NaN if any x is NaN; +inf if
// any x is +inf.
double log_sum_exp(std::span<const double> x, FloatFormat format);

// exp(x_i) / sum_j exp(x_j) (or its log) for every i of the row, into out. A NaN or +inf
// in the row, or a row of only -inf, gives NaN throughout (the definition's inf/inf or
// 0/0; callers mark it).
// Each value is tried first on the fast path (fast_exp_row.h), with `fast` when given (a
// FastExpRow of this row for format's precision; an unavailable one skips the fast path).
void softmax(std::span<const double> x, bool log, FloatFormat format, std::span<double> out);
void softmax(std::span<const double> x, bool log, FloatFormat format, std::span<double> out, const FastExpRow& fast);

// The product of the row (1 for an empty row); NaN for NaN or inf*0; signs multiply.
double product(std::span<const double> x, FloatFormat format);

}  // namespace touchstone::numeric
