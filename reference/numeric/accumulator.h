// Exact sums and dot products: every term is added without rounding into one long
// fixed-point number, and the total is rounded once at the end (DESIGN.md, "Exact").
//
// The accumulator spans the whole range of products of two doubles: a term's lowest bit
// weighs at least 2^-2148 (the smallest subnormal squared) and its highest below 2^2048;
// 64 more bits of headroom above take 2^64 terms of the largest size. It is stored as
// 32-bit digits held in signed 64-bit words (digit k weighs 2^(32k + kLowestBit)), so a
// term adds or subtracts a few digit-sized pieces and carries wait until the words could
// overflow or until the result is read. In front of the digits, one int64 bin per
// exponent takes each term's integer significand with a single addition (the cost that
// matters: the benchmark in reference/bench compares it with a plain double loop).
//
// - add(x): x exactly (any double; float16, bfloat16, float widen exactly).
// - add_product(a, b): a*b exactly. For float16, bfloat16 and float inputs the double
//   product is already exact (at most 48 significant bits, exponents within [-298, 256]),
//   so add_product_of adds the double product. Doubles multiply their 53-bit integer
//   significands into 106 bits.
// - Special values, as IEEE 754 arithmetic would give for any order of the terms: NaN if
//   a term is NaN, a product is inf*0, or both +inf and -inf occur; else ±inf if one
//   occurs. The finite terms are then ignored.
// - The sign of an exact zero total: -0 only when there is at least one term and every
//   term is -0 (a product's zero sign is the xor of its factors'). That is what IEEE 754
//   round-to-nearest summation gives in any order starting from the first term; a backend
//   that starts from +0 gets +0 — ONNX does not say, so the comparator's bound policy
//   ignores the sign of zero.
#pragma once
#include <mpfr.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>
#include <algorithm>

#include "reference/numeric/exact.h"

namespace touchstone::numeric {

class ExactAccumulator {
 public:
  static constexpr int kLowestBit = -2176;  // weight of digit 0's lowest bit (a multiple of 32)
  static constexpr int kDigits = 138;       // up to 2^(kLowestBit + 32*kDigits) = 2^2240

  ExactAccumulator() : bins_(kBins, 0) {}

  void clear();

  // x exactly (any double; float16, bfloat16 and float values widen exactly).
  [[gnu::always_inline]] void add(double x) {
    const uint64_t bits = std::bit_cast<uint64_t>(x);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    // Zeros, subnormals, infinities and NaN take the slow path.
    if (static_cast<unsigned>(biased - 1) >= 0x7fe) return add_slow(x);
    // x = significand * 2^(biased - 1075).
    add_piece((bits & kFractionMask) | kImplicitBit, biased - 1075 - kLowestBin, bits >> 63);
  }

  // a*b exactly, for any doubles: the 53-bit integer significands multiply into 106 bits,
  // added as two pieces of 53 bits (to bins 53 apart, so a bin still takes at most one
  // piece per term).
  [[gnu::always_inline]] void add_product(double a, double b) {
    const uint64_t ba = std::bit_cast<uint64_t>(a), bb = std::bit_cast<uint64_t>(b);
    const int ea = static_cast<int>((ba >> 52) & 0x7ff), eb = static_cast<int>((bb >> 52) & 0x7ff);
    // Zeros, subnormals, infinities and NaN take the slow path: both factors normal here.
    if (static_cast<unsigned>(ea - 1) >= 0x7fe || static_cast<unsigned>(eb - 1) >= 0x7fe)
      return add_product_slow(a, b);
    const uint64_t ma = (ba & kFractionMask) | kImplicitBit, mb = (bb & kFractionMask) | kImplicitBit;
    add_product_pieces(static_cast<unsigned __int128>(ma) * mb, ea + eb - 2 * 1075 - kLowestBin, (ba ^ bb) >> 63);
  }

  // a*b for two values of one float type. float16, bfloat16 and float products are exact
  // in double (at most 48 significant bits, exponents within [-298, 256]).
  template <class T>
  void add_product_of(T a, T b) {
    if constexpr (std::is_same_v<T, double>) add_product(a, b);
    else add(widen(a) * widen(b));
  }

  // The total rounded once to `format`, as the exact double of that value.
  double rounded(FloatFormat format) { return rounded_scaled(format, 0); }
  template <class T>
  T result() {
    return narrow<T>(rounded(float_format<T>()));
  }
  // The total times 2^scale, rounded once (a mean over a power-of-two count).
  double rounded_scaled(FloatFormat format, int scale);

  // The exact total into `out` (its precision is raised as needed; NaN and ±inf pass).
  void exact(mpfr_ptr out);

  bool is_nan() const { return nan_ || (positive_inf_ && negative_inf_); }
  bool is_inf() const { return !is_nan() && (positive_inf_ || negative_inf_); }
  bool is_zero();  // finite and exactly zero (either sign)
  long long terms() const { return terms_; }

 private:
  // Bins: bin w holds a signed sum of integers that weigh 2^(w + kLowestBin) each. Every
  // piece added is below 2^53, so 1024 of them fit an int64; every kFoldEvery terms (each
  // adds at most one piece to a bin) the bins fold into the digits. terms_ counts every
  // term (the sign of a zero total needs it) and times the folds.
  static constexpr int kLowestBin = -2148;  // lowest bit of the smallest subnormal squared
  static constexpr int kBins = 1995 - kLowestBin + 1 + 53;  // up to the high piece of max*max
  static constexpr long long kFoldEvery = 1024;
  static constexpr uint64_t kNegativeZero = uint64_t{1} << 63;
  static constexpr uint64_t kFractionMask = (uint64_t{1} << 52) - 1;
  static constexpr uint64_t kImplicitBit = uint64_t{1} << 52;

  void add_special(double x);
  void add_slow(double x);
  [[gnu::always_inline]] void add_piece(uint64_t significand, int w, uint64_t negative) {
    const auto v = static_cast<int64_t>(significand);
    bins_[w] += negative ? -v : v;
    low_bin_ = std::min(low_bin_, w);
    high_bin_ = std::max(high_bin_, w);
    if ((++terms_ & (kFoldEvery - 1)) == 0) fold();
  }
  void add_product_slow(double a, double b);
  // m * 2^(w + kLowestBin), m below 2^106, as two pieces of 53 bits.
  [[gnu::always_inline]] void add_product_pieces(unsigned __int128 m, int w, uint64_t negative) {
    const auto low = static_cast<int64_t>(static_cast<uint64_t>(m) & ((uint64_t{1} << 53) - 1));
    const auto high = static_cast<int64_t>(m >> 53);
    bins_[w] += negative ? -low : low;
    bins_[w + 53] += negative ? -high : high;
    low_bin_ = std::min(low_bin_, w);
    high_bin_ = std::max(high_bin_, w + 53);
    if ((++terms_ & (kFoldEvery - 1)) == 0) fold();
  }
  // Bins into digits: the bins of each digit's 32 bit positions summed in 128 bits first.
  void fold();
  // Carries so that every digit but the top one lies in [0, 2^32).
  void propagate();

  std::vector<int64_t> bins_;
  std::array<int64_t, kDigits> digits_{};
  int low_bin_ = kBins, high_bin_ = -1;
  int low_ = kDigits, high_ = -1;  // digits touched since clear()
  long long terms_ = 0, negative_zeros_ = 0;
  bool nan_ = false, positive_inf_ = false, negative_inf_ = false;

  friend struct Normalized;
};

}  // namespace touchstone::numeric
