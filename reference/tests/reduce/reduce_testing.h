// Helpers of the reduce/linalg tests: float tensors in and out, and an MPFR computation
// rounded to float by the tests' own rounder (oracle.h).
#pragma once
#include <vector>

#include "reference/tests/logic_testing.h"
#include "reference/tests/oracle.h"

namespace touchstone::testing::reduce {

inline Tensor floats(Shape shape, std::vector<float> values) { return Tensor::from_values<float>(std::move(shape), values); }

inline std::vector<float> values_of(const Tensor& t) {
  auto d = t.data<float>();
  return {d.begin(), d.end()};
}

// f(v) sets v (at `bits` bits) and returns its ternary value; the result is v rounded to float.
template <class F>
float oracle_float(F&& f, int bits = 300) {
  oracle::Big v(bits);
  const int ternary = f(v.get());
  return static_cast<float>(oracle::round_to<float>(v, ternary));
}

}  // namespace touchstone::testing::reduce
