// The fast path (fast.h: Ziv's first step) of the functions of one row's exponentials:
// log-sum-exp, softmax, log-softmax and SoftmaxCrossEntropyLoss's -log_softmax * w.
//
// With m the row's largest value (one index k of it) and T = sum over i != k of
// exp(x_i - m), log(sum exp x) = m + L with L = log1p(T): T sums positive terms only
// (no cancellation: its error is relative) and log1p passes a relative error of its
// argument at most as is (condition number T / ((1 + T) log1p T) <= 1), so L comes
// with a small relative error even when T is tiny. Then
//   log_softmax_i = (x_i - m) - L        (x_i - m exact as a double-double: two_sum)
//   softmax_i     = exp(x_i - m) / (1 + T)
// Targets of at most 24 bits use libm in double (kLibmBound per call), float64 targets
// the double-double exp and log1p of dd_functions.h. Each result is an Approximation
// whose bound covers every rounding; fast_exp_row.cpp argues them and exp_sums.cpp's
// MPFR formulas decide whatever the bound cannot. README.md ("Sums of exponentials")
// summarizes the argument.
#pragma once
#include <cstddef>
#include <optional>
#include <span>

#include "reference/numeric/double_double.h"
#include "reference/numeric/exact.h"
#include "reference/numeric/fast.h"

namespace touchstone::numeric {

class FastExpRow {
 public:
  FastExpRow() = default;  // not available
  // The row's sum for targets of `precision` bits (8, 11, 24: libm; 53: double-double).
  // Not available (every method then gives nothing) for other precisions, a row with NaN
  // or +inf or without a finite value, or (float64) values below 2^-900 or a tiny sum
  // that the double-double functions do not cover.
  FastExpRow(std::span<const double> x, int precision);

  bool available() const { return available_; }
  // log(sum_j exp x_j).
  Approximation log_sum_exp() const;
  // log_softmax at a finite value x_i of the row: (x_i - m) - L.
  Approximation log_softmax(double x_i) const;
  // -log_softmax(x_i) * w = (L - (x_i - m)) * w, for a finite x_i and a finite w.
  Approximation weighted_loss(double x_i, double w) const;
  // softmax at a finite value x_i of the row, rounded to `format`, if the bound decides it.
  std::optional<double> softmax(double x_i, FloatFormat format) const;

 private:
  bool libm() const { return precision_ <= 24; }

  int precision_ = 0;
  bool available_ = false;
  double max_ = 0;
  dd::DD others_;             // T, the sum over i != k
  double others_error_ = 0;   // |T - T~| <= others_error_ T~ + tail_ (T~ the computed sum)
  double tail_ = 0;           // what the terms too small to evaluate may add to T (absolute)
  dd::DD log_;                // L = log1p(T)
  double log_error_ = 0;      // |L - L~| <= log_error_ (absolute)
};

}  // namespace touchstone::numeric
