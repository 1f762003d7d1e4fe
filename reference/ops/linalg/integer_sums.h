// Exact integer accumulation shared by MatMul, Gemm and Einsum: GMP integers hold the
// exact sum; the result wraps to the output type in two's complement, and a result that
// does not fit is marked undefined (ONNX does not say what an overflowing integer
// accumulation gives).
#pragma once
#include <gmp.h>

#include <cstdint>
#include <limits>
#include <type_traits>

#include "reference/node.h"

namespace touchstone::ops {

// Sets an exact integer of any ONNX integer type.
template <class T>
void set_integer(mpz_t z, T x) {
  if constexpr (std::is_signed_v<T>) mpz_set_si(z, static_cast<long>(x));
  else mpz_set_ui(z, static_cast<unsigned long>(x));
}

// z wrapped to T (two's complement), marked undefined when it does not fit.
template <class T>
T wrap_integer(const Node& node, mpz_t z, mpz_t scratch) {
  using L = std::numeric_limits<T>;
  bool fits;
  if constexpr (L::is_signed)
    fits = mpz_cmp_si(z, static_cast<long>(L::min())) >= 0 && mpz_cmp_si(z, static_cast<long>(L::max())) <= 0;
  else
    fits = mpz_sgn(z) >= 0 && mpz_cmp_ui(z, static_cast<unsigned long>(L::max())) <= 0;
  if (!fits) node.mark(Semantics::kUndefined, "integer overflow of the accumulation (the result wraps in two's complement)");
  mpz_fdiv_r_2exp(scratch, z, 64);
  return static_cast<T>(static_cast<uint64_t>(mpz_get_ui(scratch)));
}

}  // namespace touchstone::ops
