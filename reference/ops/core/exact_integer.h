// Exact integer arithmetic on GMP's C++ integers (gmpxx), written once for the kernels
// whose integer results are exact (MatMul, Gemm, Einsum, the Reduce* ops): read any ONNX
// integer type exactly, accumulate without overflow, and bring the exact result back to
// the output type - wrapped in two's complement or saturated - saying whether it fit.
#pragma once
#include <gmpxx.h>

#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include "reference/node.h"

namespace touchstone::ops::core {

// z = x exactly, for every ONNX integer type (int8 ... uint64; bool reads as 0/1).
template <class T>
void set_exact(mpz_class& z, T x) {
  static_assert(std::numeric_limits<T>::is_integer && sizeof(T) <= sizeof(long));
  if constexpr (std::is_signed_v<T>) z = static_cast<long>(x);
  else z = static_cast<unsigned long>(x);
}

template <class T>
mpz_class exact(T x) {
  mpz_class z;
  set_exact(z, x);
  return z;
}

// Whether z is a value of T.
template <class T>
bool fits(const mpz_class& z) {
  using L = std::numeric_limits<T>;
  if constexpr (L::is_signed) return z >= static_cast<long>(L::min()) && z <= static_cast<long>(L::max());
  else return sgn(z) >= 0 && z <= static_cast<unsigned long>(L::max());
}

// z modulo 2^bits(T), read as T: two's complement wrapping (the low 64 bits, narrowed).
template <class T>
T wrap_to(const mpz_class& z) {
  mpz_class low;
  mpz_fdiv_r_2exp(low.get_mpz_t(), z.get_mpz_t(), 64);  // in [0, 2^64)
  return static_cast<T>(static_cast<uint64_t>(low.get_ui()));
}

// z clamped to T's range.
template <class T>
T saturate_to(const mpz_class& z) {
  using L = std::numeric_limits<T>;
  if (fits<T>(z)) return wrap_to<T>(z);
  return sgn(z) < 0 ? L::min() : L::max();
}

// The exact result z into T, wrapped; when it does not fit, the node is marked undefined
// with `why` (ONNX does not say what an overflowing integer result is).
template <class T>
T wrapped_result(const Node& node, const mpz_class& z, std::string_view why) {
  if (!fits<T>(z)) node.mark(Semantics::kUndefined, std::string(why));
  return wrap_to<T>(z);
}

// The reason MatMul, Gemm and Einsum give for an accumulation that does not fit.
inline constexpr std::string_view kAccumulationOverflow =
    "integer overflow of the accumulation (the result wraps in two's complement)";

// An exact sum of integers and of integer products, reusing its storage across clear()s
// (the kernels' inner loops do not allocate per element).
class IntegerSum {
 public:
  void clear() { sum_ = 0; }
  template <class T>
  void add(T x) {
    set_exact(term_, x);
    sum_ += term_;
  }
  void add(const mpz_class& x) { sum_ += x; }
  template <class T>
  void add_product(T a, T b) {
    set_exact(term_, a);
    set_exact(factor_, b);
    mpz_addmul(sum_.get_mpz_t(), term_.get_mpz_t(), factor_.get_mpz_t());
  }
  const mpz_class& value() const { return sum_; }
  mpz_class& value() { return sum_; }

 private:
  mpz_class sum_, term_, factor_;
};

}  // namespace touchstone::ops::core
