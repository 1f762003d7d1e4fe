// The exact arithmetic of BatchNormalization and InstanceNormalization: one group's
// statistics from exact sums, and y = (x - mean) / sqrt(var + epsilon) * scale + B as the
// exact real value rounded once (numeric/functions.h, Ziv's strategy in MPFR).
//
// Both forms share one shape, y = (a x - b) * scale / sqrt(c) + B with a, b and the terms of
// c exact:
//   given statistics (inference): a = 1, b = mean, c = var + epsilon;
//   the group's own (training, InstanceNormalization), with n members, S = sum x and
//   Q = sum x^2 exact: mean = S/n, var = Q/n - S^2/n^2 (the population variance), so
//   a = n, b = S, c = nQ - S^2 + epsilon n^2 (numerator and denominator times n).
#pragma once
#include <memory>
#include <vector>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/functions.h"
#include "reference/tensor.h"

namespace touchstone::ops::norm {

class Standardizer {
 public:
  // Inference: the given mean and variance (finite), epsilon as the attribute's float.
  Standardizer(double mean, double var, double epsilon);
  // The group's own statistics from exact accumulators of x and of x^2 over n >= 1 members
  // (both finite).
  Standardizer(numeric::ExactAccumulator& sum, numeric::ExactAccumulator& squares, int64_t n, double epsilon);

  // The sign of var + epsilon (of c): -1, 0 or 1. Below zero the square root is NaN; at
  // zero every y is (x - mean) * scale / 0 + B (callers mark both).
  int denominator_sign() const { return sign_; }
  // (x - mean) / sqrt(var + epsilon) * scale + B rounded once to `format` (finite inputs);
  // c = 0 and c < 0 give IEEE's answer of the same formula (inf, NaN).
  double apply(double x, double scale, double bias, numeric::FloatFormat format) const;

 private:
  void add_denominator_term(mpfr_srcptr a, mpfr_srcptr b, bool negate);
  double degenerate(double x, double scale, double bias) const;

  mutable numeric::MpfrValue a_{64}, b_{64};
  std::vector<std::unique_ptr<numeric::MpfrValue>> c_terms_;
  int sign_ = 0;
};

// A float tensor's values as doubles (exact), and doubles rounded once into a tensor of `dtype`.
std::vector<double> doubles_of(const Tensor& t);
Tensor tensor_of(DType dtype, const Shape& shape, const std::vector<double>& values);
numeric::FloatFormat format_of(DType dtype);

// The exact product a*b into `out` (its precision raised to hold it).
void exact_product(mpfr_ptr out, mpfr_srcptr a, mpfr_srcptr b);

// running = input * momentum + current * (1 - momentum), rounded once, where current is the
// group's mean S/n or its population variance (nQ - S^2)/n^2 (n >= 1; exact S and Q).
double running_mean(double input, double momentum, mpfr_srcptr sum, int64_t n, numeric::FloatFormat format);
double running_var(double input, double momentum, mpfr_srcptr sum, mpfr_srcptr squares, int64_t n,
                   numeric::FloatFormat format);
// The group's population variance (nQ - S^2)/n^2 rounded once (n >= 1).
double population_var(mpfr_srcptr sum, mpfr_srcptr squares, int64_t n, numeric::FloatFormat format);

}  // namespace touchstone::ops::norm
