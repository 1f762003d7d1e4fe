// Helpers shared by the tests of the exact ops (exact_unary, selection, integer): tensors
// from values, refusal checks, and input samples for the independent oracles.
#pragma once
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "reference/tests/oracle.h"
#include "reference/tests/run_node.h"

namespace touchstone::testing {


template <class T>
Tensor scalar(T value) {
  return Tensor::from_values<T>({}, {value});
}

// A tensor of T holding each double exactly (the test's values are chosen representable).
template <class T>
Tensor vec_of(const std::vector<double>& values) {
  std::vector<T> v;
  for (double d : values) {
    auto x = oracle::exactly<T>(d);
    REQUIRE(x.has_value());
    v.push_back(*x);
  }
  return vec<T>(v);
}

inline void check_refused(const std::string& op, int opset, const std::vector<Tensor>& in,
                          const std::vector<onnx::AttributeProto>& attrs, const std::string& fragment) {
  try {
    run_node(op, opset, in, attrs);
    FAIL(op << "-" << opset << " accepted what it should refuse (" << fragment << ")");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains(op + "-" + std::to_string(opset)) && Catch::Contains(fragment));
  }
}

// Inputs for the oracles: every bit pattern of a 16-bit type; for float and double, random
// bit patterns and random values of moderate magnitude (where rounding to an integer or a
// remainder is not trivial), with halves and near-halves.
template <class T>
std::vector<T> float_samples(uint64_t seed, size_t n) {
  std::vector<T> out;
  if constexpr (is_small_float<T>) {
    for (uint32_t b = 0; b <= 0xFFFF; ++b) out.push_back(oracle::from_bits<T>(b));
  } else {
    std::mt19937_64 rng(seed);
    for (size_t i = 0; i < n; ++i) out.push_back(oracle::from_bits<T>(rng()));
    std::uniform_int_distribution<int> exponent(-8, std::numeric_limits<T>::digits + 1);
    std::uniform_real_distribution<double> unit(1, 2);
    for (size_t i = 0; i < n; ++i) {
      const double m = std::ldexp(unit(rng), exponent(rng)) * ((rng() & 1) ? -1 : 1);
      out.push_back(static_cast<T>(m));
      const double k = std::trunc(m);
      if (std::fabs(k) < 1e6) out.push_back(static_cast<T>(k + 0.5));  // ties (exact below 2^23)
    }
  }
  return out;
}

}  // namespace touchstone::testing
