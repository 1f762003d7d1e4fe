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
#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <vector>

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
    if (!place(x, bins_.data(), low_bin_, high_bin_)) place_slow(x);
    count_term();
  }

  // a*b exactly, for any doubles: the 53-bit integer significands multiply into 106 bits,
  // added as two pieces of 53 bits (to bins 53 apart, so a bin still takes at most one
  // piece per term).
  [[gnu::always_inline]] void add_product(double a, double b) {
    if (!place_product(a, b, bins_.data(), low_bin_, high_bin_)) place_product_slow(a, b);
    count_term();
  }

  // sum_{i<n} a[i sa] * b[i sb] for values of one float type: the same terms as n calls
  // of add_product_of. Between folds the terms go through a loop without calls, with the
  // bin range and the bins' address in locals (in registers: a term then touches memory
  // only for its bins); a term that needs the slow path ends that loop. MatMul's dot
  // products and the benchmark use it.
  template <class T>
  void add_dot(const T* a, std::ptrdiff_t sa, const T* b, std::ptrdiff_t sb, int64_t n) {
    while (n > 0) {
      const int64_t chunk = std::min<int64_t>(n, kFoldEvery - (terms_ & (kFoldEvery - 1)));
      int64_t done = place_run(a, sa, b, sb, chunk, bins_.data(), low_bin_, high_bin_);
      a += done * sa;
      b += done * sb;
      if (done < chunk) {  // a term for the slow path
        if constexpr (std::is_same_v<T, double>) place_product_slow(*a, *b);
        else place_slow(widen(*a) * widen(*b));
        a += sa;
        b += sb;
        ++done;
      }
      n -= done;
      terms_ += done;
      if ((terms_ & (kFoldEvery - 1)) == 0) fold();
    }
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

  // -v when negative is 1, v when 0, without a branch (the signs of data are rarely
  // predictable): (v xor mask) - mask with mask all ones or zero.
  [[gnu::always_inline]] static int64_t signed_piece(uint64_t v, uint64_t negative) {
    const uint64_t mask = 0 - negative;
    return static_cast<int64_t>((v ^ mask) - mask);
  }
  // A normal x into `bins` (low and high: the range of bins touched); false, doing
  // nothing, for zeros, subnormals, infinities and NaN (place_slow's).
  [[gnu::always_inline]] static bool place(double x, int64_t* bins, int& low, int& high) {
    const uint64_t bits = std::bit_cast<uint64_t>(x);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    if (static_cast<unsigned>(biased - 1) >= 0x7fe) return false;
    // x = significand * 2^(biased - 1075).
    const int w = biased - 1075 - kLowestBin;
    bins[w] += signed_piece((bits & kFractionMask) | kImplicitBit, bits >> 63);
    low = std::min(low, w);
    high = std::max(high, w);
    return true;
  }
  // a*b for normal a and b (false otherwise: place_product_slow's): m = ma * mb below
  // 2^106 times 2^(w + kLowestBin), as two pieces of 53 bits.
  // a's significand goes in shifted to the top of its word (its implicit bit at 2^63): the
  // 128-bit product is then 2^11 ma mb, whose high word is the high piece (ma mb >> 53)
  // and whose low word is the low piece times 2^11 - no masking or double shift.
  [[gnu::always_inline]] static bool place_product(double a, double b, int64_t* bins, int& low, int& high) {
    const uint64_t ba = std::bit_cast<uint64_t>(a), bb = std::bit_cast<uint64_t>(b);
    const int64_t ea = static_cast<int64_t>((ba >> 52) & 0x7ff), eb = static_cast<int64_t>((bb >> 52) & 0x7ff);
    if (static_cast<uint64_t>(ea - 1) >= 0x7fe || static_cast<uint64_t>(eb - 1) >= 0x7fe) return false;
    const uint64_t ma = (ba << 11) | (uint64_t{1} << 63), mb = (bb & kFractionMask) | kImplicitBit;
    const unsigned __int128 m = static_cast<unsigned __int128>(ma) * mb;
    const int64_t w = ea + eb - (2 * 1075 + kLowestBin);
    const uint64_t negative = (ba ^ bb) >> 63;
    bins[w] += signed_piece(static_cast<uint64_t>(m) >> 11, negative);
    bins[w + 53] += signed_piece(static_cast<uint64_t>(m >> 64), negative);
    low = std::min(low, static_cast<int>(w));
    high = std::max(high, static_cast<int>(w) + 53);
    return true;
  }
  [[gnu::always_inline]] static void place_pieces(unsigned __int128 m, int w, uint64_t negative, int64_t* bins, int& low,
                                                  int& high) {
    bins[w] += signed_piece(static_cast<uint64_t>(m) & ((uint64_t{1} << 53) - 1), negative);
    bins[w + 53] += signed_piece(static_cast<uint64_t>(m >> 53), negative);
    low = std::min(low, w);
    high = std::max(high, w + 53);
  }
  // Places terms until one needs the slow path (or n are placed); returns how many were.
  // (GCC's SLP vectorizer would pack low and high into one vector register, putting a
  // round trip through it on the loop's critical path; it is off here.)
  template <class T>
  [[gnu::optimize("no-tree-slp-vectorize")]] static int64_t place_run(const T* a, std::ptrdiff_t sa, const T* b,
                                                                      std::ptrdiff_t sb, int64_t n, int64_t* bins,
                                                                      int& low_out, int& high_out) {
    int low = low_out, high = high_out;
    int64_t i = 0;
    for (; i < n; ++i, a += sa, b += sb) {
      bool placed;
      if constexpr (std::is_same_v<T, double>) placed = place_product(*a, *b, bins, low, high);
      else placed = place(widen(*a) * widen(*b), bins, low, high);
      if (!placed) break;
    }
    low_out = low;
    high_out = high;
    return i;
  }
  // The rest: zeros (their sign counted), subnormals, infinities and NaN (flags).
  void place_slow(double x);
  void place_product_slow(double a, double b);
  [[gnu::always_inline]] void count_term() {
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
