// The exact sums of the Fourier ops (DFT, STFT): one output element is a real sum
//   sum_k x_k w_k cos(pi a_k / (2n))
// of exact products x_k w_k (an input and a weight: a window value, 2, or 1) and cosines of
// multiples of pi/(2n), n the transform's length; a sine is a cosine a quarter turn back
// (sin t = cos(t - pi/2): a - n) and a minus sign half a turn on (a + 2n). The sum is
// rounded once, after an exact division by `divisor` (the inverse's 1/n).
//
// How it stays exact (fourier_sum.cpp): the terms are grouped by the cosine's value (a
// reduced to [0, n]: cos is even, 4n-periodic in a, and cos(pi - t) = -cos t), each
// group's coefficient A_a = sum x_k w_k is an exact sum (numeric::ExactAccumulator); the
// cosines that are rational (1, 1/2, 0: Niven's theorem says there are no others) enter
// exactly, the others at a working precision p with a proven error, and Ziv's strategy
// raises p until the enclosure of the sum rounds to one value.
#pragma once
#include <mpfr.h>

#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/exact.h"
#include "reference/numeric/functions.h"

namespace touchstone::ops::signal {

class FourierSum {
 public:
  explicit FourierSum(int64_t n);
  int64_t length() const { return n_; }

  void clear();
  // x w cos(pi a / (2n)), a any integer; x and w exact doubles (finite).
  void add(double x, double w, int64_t a);
  // The exact sum divided by `divisor`, rounded once to `format`, as the exact double of
  // that value. An exact zero is +0; a sum that vanishes by an algebraic identity of the
  // cosines (1 + 2 cos(2 pi/5) + 2 cos(4 pi/5) = 0) is taken as +0 once its enclosure at
  // kCapPrecision bits still holds 0 (fourier_sum.cpp says why that is right).
  double rounded(int64_t divisor, numeric::FloatFormat format);

  static constexpr mpfr_prec_t kCapPrecision = 4096;

 private:
  const std::vector<std::unique_ptr<numeric::MpfrValue>>& cosines(mpfr_prec_t p);

  int64_t n_;
  std::vector<std::vector<std::pair<double, double>>> groups_;  // by reduced a in [0, n]
  numeric::ExactAccumulator accumulator_;
  // cos(pi a / (2n)) for a in [0, n], rounded to nearest at precision p, by p
  std::map<mpfr_prec_t, std::vector<std::unique_ptr<numeric::MpfrValue>>> cosines_;
};

}  // namespace touchstone::ops::signal
