// The window functions against their formula, a0 - a1 cos(2 pi n/N) + a2 cos(4 pi n/N),
// evaluated in long double in the test (the reference evaluates sin^2 forms in MPFR): each
// float result must be the long double value rounded to float (they agree far inside
// float's precision), and the exact points (0, 1, symmetric pairs) exactly.
#include <catch2/catch.hpp>

#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

long double formula(const std::string& op, int64_t n, int64_t N) {
  const long double pi = 3.141592653589793238462643383279502884L, x = 2 * pi * n / N;
  if (op == "HannWindow") return 0.5L - 0.5L * std::cos(x);
  if (op == "HammingWindow") return 25.0L / 46 - 21.0L / 46 * std::cos(x);
  return 0.42L - 0.5L * std::cos(x) + 0.08L * std::cos(2 * x);
}

Tensor window(const std::string& op, int64_t size, int64_t periodic, int64_t dtype = 1) {
  return run_node_output(op, 17, {Tensor::from_values<int64_t>({}, {size})},
                         {make_attr("periodic", periodic), make_attr("output_datatype", dtype)});
}

}  // namespace

TEST_CASE("windows: the formula rounded once, periodic and symmetric", "[signal][HannWindow]") {
  for (const std::string op : {"HannWindow", "HammingWindow", "BlackmanWindow"})
    for (int64_t size : {2, 3, 7, 10, 64})
      for (int64_t periodic : {0, 1}) {
        INFO(op << " size " << size << " periodic " << periodic);
        const int64_t N = periodic ? size : size - 1;
        const Tensor w = window(op, size, periodic);
        REQUIRE(w.shape() == Shape{size});
        const Tensor d = window(op, size, periodic, 11);  // double
        for (int64_t n = 0; n < size; ++n) {
          const long double e = formula(op, n, N);
          // long double carries 64 bits: the float rounding is decided unless e is within
          // 2^-40 of a float midpoint (none here: checked by the double result below).
          // Blackman's decimals are inexact in long double: its exact zeros come out as
          // residues near 1e-20 there; the exact value is 0.
          const float want = std::fabs(e) < 1e-18L ? 0.0f : static_cast<float>(e);
          CHECK(w.data<float>()[static_cast<size_t>(n)] == want);
          CHECK(std::fabs(d.data<double>()[static_cast<size_t>(n)] - static_cast<double>(e)) <= 1e-16L + 1e-15L * e);
        }
        if (!periodic)  // symmetric: w[n] = w[N - n] bit for bit
          for (int64_t n = 0; n <= N; ++n)
            CHECK(w.data<float>()[static_cast<size_t>(n)] == w.data<float>()[static_cast<size_t>(N - n)]);
      }
}

TEST_CASE("windows: exact points, size 0 and 1, integer outputs, refusals", "[signal][HannWindow]") {
  CHECK(window("HannWindow", 4, 1).data<float>()[0] == 0.0f);
  CHECK(window("HannWindow", 4, 1).data<float>()[2] == 1.0f);   // n = N/2
  CHECK(window("BlackmanWindow", 5, 0).data<float>()[2] == 1.0f);
  CHECK(window("HammingWindow", 4, 1).data<float>()[0] == static_cast<float>(2.0L / 23));
  CHECK(window("HannWindow", 0, 1).shape() == Shape{0});
  const auto one = run_node("HannWindow", 17, {Tensor::from_values<int64_t>({}, {1})}, {make_attr("periodic", int64_t{0})});
  CHECK(one.outputs[0].data<float>()[0] == 1.0f);  // N = 0: impl.-defined, 1
  CHECK(one.semantics.category == Semantics::kImplementationDefined);
  const Tensor ints = window("HannWindow", 4, 1, 7);  // int64: the exact value truncated
  CHECK(ints.data<int64_t>()[0] == 0);
  CHECK(ints.data<int64_t>()[1] == 0);  // 0.5
  CHECK(ints.data<int64_t>()[2] == 1);
  CHECK(kind_of([] { window("HannWindow", -1, 1); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] { window("HannWindow", 4, 1, 9); }) == ErrorKind::kInvalidModel);  // bool
}
