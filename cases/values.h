// Deterministic values for cases: a seeded generator whose output is the same on every
// platform and standard library (splitmix64, no std::*_distribution), random tensors in
// a value domain, and the special values each element type has.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reference/tensor.h"

namespace touchstone::cases {

// splitmix64 (Steele, Lea, Flood 2014): tiny, and fully specified by its arithmetic.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next();
  // Uniform in [lo, hi] (inclusive), by rejection so no value is favoured.
  int64_t integer(int64_t lo, int64_t hi);
  uint64_t unsigned_integer(uint64_t lo, uint64_t hi);
  // Uniform in [0, 1) with 53 random bits.
  double unit();

 private:
  uint64_t state_;
};

// A seed from text (FNV-1a of the case id), so each case's values depend only on its id.
uint64_t seed_of(const std::string& text);

// Where random values are drawn from. Integers in [int_lo, int_hi] clamped to the type;
// floats sign * m * 2^e with m in [1, 2) (rounded to the type) and e in [exp_lo, exp_hi],
// negative only when `negative`. `integral` makes float values whole numbers in
// [int_lo, int_hi] instead.
struct Domain {
  int64_t int_lo = -100, int_hi = 100;
  int exp_lo = -4, exp_hi = 4;
  bool negative = true;
  bool integral = false;
  bool nonzero = false;  // redraw zeros (divisors)
};

// A tensor of `shape` with values drawn from `domain`. Non-numeric types are zero-filled.
Tensor random_tensor(Rng& rng, DType dtype, const Shape& shape, const Domain& domain);

// A tensor with the given values (as doubles, exactly representable or rounded once).
Tensor tensor_of(DType dtype, const Shape& shape, const std::vector<double>& values);

// The values where backends break, for a numeric type, as a tensor of shape (n,):
// floats: +-0, smallest and largest subnormal, smallest normal, largest finite, +-inf,
// NaN, +-1, and values that put sums and products on rounding ties (1 + ulp, ulp/2);
// integers: min, min+1, -1, 0, 1, 2, max-1, max (the signed ones where they exist).
Tensor special_values(DType dtype);

// Pairs every element of `a` with every element of `b`: two tensors of shape (|a|*|b|,)
// with a' = a repeated per element, b' = b tiled, so equal-shape ops see every pair.
std::pair<Tensor, Tensor> cross_pairs(const Tensor& a, const Tensor& b);

}  // namespace touchstone::cases
