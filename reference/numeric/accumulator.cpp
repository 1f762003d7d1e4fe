#include "reference/numeric/accumulator.h"

#include <gmp.h>

#include <algorithm>
#include <limits>

namespace touchstone::numeric {

void ExactAccumulator::clear() {
  if (high_bin_ >= low_bin_) std::fill(bins_.begin() + low_bin_, bins_.begin() + high_bin_ + 1, 0);
  if (high_ >= low_) std::fill(digits_.begin() + low_, digits_.begin() + std::min(high_ + 1, kDigits), 0);
  low_bin_ = kBins;
  high_bin_ = -1;
  low_ = kDigits;
  high_ = -1;
  terms_ = negative_zeros_ = 0;
  nan_ = positive_inf_ = negative_inf_ = false;
}

void ExactAccumulator::place_slow(double x) {
  const uint64_t bits = std::bit_cast<uint64_t>(x);
  if (std::isnan(x)) nan_ = true;
  else if (std::isinf(x)) (x > 0 ? positive_inf_ : negative_inf_) = true;
  else if (x == 0) negative_zeros_ += bits >> 63;
  else place_pieces(bits & kFractionMask, -1074 - kLowestBin, bits >> 63, bins_.data(), low_bin_, high_bin_);  // subnormal
}

void ExactAccumulator::place_product_slow(double a, double b) {
  const bool negative = std::signbit(a) != std::signbit(b);
  if (std::isnan(a) || std::isnan(b)) return place_slow(NAN);
  if (std::isinf(a) || std::isinf(b)) {
    if (a == 0 || b == 0) return place_slow(NAN);  // inf * 0
    return place_slow(negative ? -INFINITY : INFINITY);
  }
  if (a == 0 || b == 0) {
    negative_zeros_ += negative;
    return;
  }
  // A subnormal factor: no implicit bit, exponent as that of the smallest normal.
  auto split = [](double x, uint64_t& m, int& e) {
    const uint64_t bits = std::bit_cast<uint64_t>(x);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    m = (bits & kFractionMask) | (biased != 0 ? kImplicitBit : 0);
    e = biased + (biased == 0);
  };
  uint64_t ma, mb;
  int ea, eb;
  split(a, ma, ea);
  split(b, mb, eb);
  place_pieces(static_cast<unsigned __int128>(ma) * mb, ea + eb - 2 * 1075 - kLowestBin, negative, bins_.data(), low_bin_,
               high_bin_);
}

void ExactAccumulator::fold() {
  // Each digit receives at most 4 pieces below 2^32 per fold; propagating first keeps
  // every word far from overflow.
  propagate();
  if (high_bin_ >= low_bin_) {
    // The bins of one digit's 32 bit positions are summed into one 128-bit integer (each
    // bin is below 2^63 in magnitude, shifted by at most 31, 32 of them: below 2^99) and
    // that goes to the digits in four 32-bit pieces: a few operations per bin instead of
    // a digit update per bin, which dominated short sums.
    constexpr int kOffset = kLowestBin - kLowestBit;  // bin w is bit w + kOffset of the digits
    const int first = (low_bin_ + kOffset) >> 5, last = (high_bin_ + kOffset) >> 5;
    for (int k = first; k <= last; ++k) {
      const int lo = std::max(low_bin_, 32 * k - kOffset), hi = std::min(high_bin_, 32 * k + 31 - kOffset);
      __int128 sum = 0;
      for (int w = lo; w <= hi; ++w) {
        sum += static_cast<__int128>(bins_[w]) * (int64_t{1} << (w + kOffset - 32 * k));  // one widening imul
        bins_[w] = 0;
      }
      if (sum == 0) continue;
      const bool negative = sum < 0;
      const unsigned __int128 m = negative ? -static_cast<unsigned __int128>(sum) : static_cast<unsigned __int128>(sum);
      const int64_t sign = negative ? -1 : 1;
      for (int i = 0; i < 4; ++i) digits_[k + i] += sign * static_cast<int64_t>(static_cast<uint32_t>(m >> (32 * i)));
      low_ = std::min(low_, k);
      high_ = std::max(high_, k + 3);
    }
  }
  low_bin_ = kBins;
  high_bin_ = -1;
}

void ExactAccumulator::propagate() {
  if (high_ < low_) return;
  int64_t carry = 0;
  int i = low_;
  for (; i < kDigits - 1; ++i) {
    const int64_t d = digits_[i] + carry;
    carry = d >> 32;  // arithmetic: floor(d / 2^32)
    digits_[i] = d - (carry << 32);
    if (i >= high_ && carry == 0) break;
    if (i >= high_ && carry == -1) {
      // A negative total: the digits above are zero, and carrying -1 through them would
      // write 2^32 - 1 into each up to the top; -1 in the next digit is the same value.
      digits_[++i] = -1;
      carry = 0;
      break;
    }
  }
  if (i == kDigits - 1) digits_[i] += carry;
  high_ = std::max(high_, std::min(i, kDigits - 1));
}

// The total as sign and magnitude: digits all in [0, 2^32), the top one found. Only the
// digits touched since clear() ([low, high]) are copied (a short sum touches a few of the
// 138); at() reads the others as the zeros they are.
struct Normalized {
  std::array<int64_t, ExactAccumulator::kDigits> d;  // valid in [low, high]
  bool negative = false;
  int top = -1;   // highest nonzero digit; -1 for zero
  int low = 0;    // digits below are zero
  int high = -1;  // and above

  explicit Normalized(ExactAccumulator& acc) {
    acc.fold();
    acc.propagate();
    high = std::min(acc.high_, ExactAccumulator::kDigits - 1);
    low = std::max(0, std::min(acc.low_, ExactAccumulator::kDigits - 1));
    if (high < low) return;
    if (acc.digits_[ExactAccumulator::kDigits - 1] < 0) high = ExactAccumulator::kDigits - 1;
    std::copy(acc.digits_.begin() + low, acc.digits_.begin() + high + 1, d.begin() + low);
    // Find the sign: the top nonzero digit after propagation carries it.
    int t = high;
    while (t >= low && d[t] == 0) --t;
    if (t < low) return;
    if (d[t] < 0) {
      negative = true;
      int64_t carry = 0;
      for (int i = low; i <= t; ++i) {
        const int64_t v = -d[i] + carry;
        carry = v >> 32;
        d[i] = v - (carry << 32);
      }
    }
    while (t >= low && d[t] == 0) --t;
    top = t;
  }

  int64_t at(int i) const { return i >= low && i <= high ? d[i] : 0; }
  // Bit at absolute weight 2^w.
  int bit(int w) const {
    const int k = w - ExactAccumulator::kLowestBit;
    if (k < 0) return 0;
    return static_cast<int>((at(k >> 5) >> (k & 31)) & 1);
  }
  // Whether any bit below weight 2^w is set.
  bool any_below(int w) const {
    const int k = w - ExactAccumulator::kLowestBit;
    if (k <= 0) return false;
    const int digit = k >> 5;
    if (at(digit) & ((int64_t{1} << (k & 31)) - 1)) return true;
    for (int i = low; i < digit && i <= high; ++i)
      if (d[i]) return true;
    return false;
  }
  // Weight of the highest set bit: 2^msb.
  int msb() const { return ExactAccumulator::kLowestBit + 32 * top + (63 - std::countl_zero(static_cast<uint64_t>(d[top]))); }
};

bool ExactAccumulator::is_zero() {
  if (is_nan() || is_inf()) return false;
  return Normalized(*this).top < 0;
}

double ExactAccumulator::rounded_scaled(FloatFormat format, int scale) {
  if (is_nan()) return NAN;
  if (positive_inf_) return INFINITY;
  if (negative_inf_) return -INFINITY;
  const Normalized n(*this);
  if (n.top < 0) return terms_ > 0 && negative_zeros_ == terms_ ? -0.0 : 0.0;
  // Value = (sum of bits) * 2^scale. Keep the bits from 2^lsb up, lsb chosen so that at
  // most `precision` bits remain, and never below the format's subnormal grid.
  const int msb = n.msb();
  const int grid = format.min_exponent - format.precision + 1 - scale;  // weight of the smallest subnormal
  const int lsb = std::max(msb - format.precision + 1, grid);
  // The top three digits hold every bit from msb down to lsb - 1 when that is at most msb
  // (msb - lsb < 53, and the top digit holds msb): read them as one window instead of bit
  // by bit.
  const int base_digit = std::max(n.top - 2, 0);
  const int base = ExactAccumulator::kLowestBit + 32 * base_digit;  // weight of the window's bit 0
  uint64_t q = 0;
  bool half = false, sticky = false;
  if (lsb - 1 > msb) {
    sticky = true;  // the whole (nonzero) total lies below half the grid: rounds to zero
  } else if (lsb - 1 >= base) {
    unsigned __int128 window = 0;
    for (int i = n.top; i >= base_digit; --i) window = (window << 32) | static_cast<uint64_t>(n.at(i));
    const int h = lsb - 1 - base;
    q = static_cast<uint64_t>(window >> (h + 1));
    half = (window >> h) & 1;
    sticky = (window & ((static_cast<unsigned __int128>(1) << h) - 1)) != 0 || n.any_below(base);
  } else {
    for (int w = msb; w >= lsb; --w) q = (q << 1) | static_cast<uint64_t>(n.bit(w));
    half = n.bit(lsb - 1);
    sticky = n.any_below(lsb - 1);
  }
  if (half && (sticky || (q & 1))) ++q;
  const double magnitude = std::ldexp(static_cast<double>(q), lsb + scale);
  const double largest = std::ldexp(2.0 - std::ldexp(1.0, 1 - format.precision), format.max_exponent);
  const double result = magnitude > largest ? INFINITY : magnitude;
  return n.negative ? -result : result;
}

void ExactAccumulator::exact(mpfr_ptr out) {
  if (is_nan()) return mpfr_set_nan(out);
  if (is_inf()) return mpfr_set_inf(out, positive_inf_ ? 1 : -1);
  const Normalized n(*this);
  if (n.top < 0) {
    mpfr_set_zero(out, terms_ > 0 && negative_zeros_ == terms_ ? -1 : 1);
    return;
  }
  mpz_t z;
  mpz_init(z);
  for (int i = n.top; i >= 0; --i) {
    mpz_mul_2exp(z, z, 32);
    mpz_add_ui(z, z, static_cast<unsigned long>(n.at(i)));
  }
  const auto bits = static_cast<mpfr_prec_t>(mpz_sizeinbase(z, 2));
  mpfr_set_prec(out, std::max<mpfr_prec_t>(bits, MPFR_PREC_MIN));
  mpfr_set_z_2exp(out, z, ExactAccumulator::kLowestBit, MPFR_RNDN);  // exact at that precision
  if (n.negative) mpfr_neg(out, out, MPFR_RNDN);
  mpz_clear(z);
}

}  // namespace touchstone::numeric
