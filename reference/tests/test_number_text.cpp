// How the reference prints one element (element_to_string: report mismatches, messages):
// the shortest decimal that reads back as the value, in printf's %g layout. Expected
// strings worked by hand from the IEEE formats.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>

#include "reference/half.h"
#include "reference/tensor.h"

using namespace touchstone;

namespace {

template <class T>
std::string text(T v) {
  return element_to_string(Tensor::from_values<T>({1}, {v}), 0);
}

}  // namespace

TEST_CASE("numbers print as their shortest round-trip decimal, %g layout", "[tensor][number-text]") {
  CHECK(text(0.1f) == "0.1");
  CHECK(text(1.0f / 3) == "0.33333334");  // 11184811 / 2^25 = 0.33333334327: 8 digits within half a gap (1.5e-8), 7 not
  CHECK(text(std::ldexp(1.0f, -149)) == "1e-45");    // the least subnormal: 1.4013e-45 is nearest
  CHECK(text(16777216.0f) == "16777216");           // 2^24: 8 digits, below %g's exponent switch
  CHECK(text(1200.0f) == "1.2e+03");                // 2 digits, exponent 3 >= 2: %g writes an exponent
  CHECK(text(0.0001f) == "0.0001");                 // exponent -4: still fixed
  CHECK(text(0.00001f) == "1e-05");
  CHECK(text(-0.0f) == "-0");
  CHECK(text(-6832341.5f) == "-6832341.5");
  CHECK(text(0.1) == "0.1");
  CHECK(text(1.0 / 3) == "0.3333333333333333");
  CHECK(text(std::ldexp(1.0, -1074)) == "5e-324");
  CHECK(text(std::nan("")) == "nan");
  CHECK(text(-INFINITY) == "-inf");
  // float16: the shortest decimal that rounds to the same half (0.0999755859375 -> 0.1;
  // 65504, the largest: 65500 rounds to it, 66000 overflows).
  CHECK(text(float16_from_double(0.1)) == "0.1");
  CHECK(text(float16_from_double(65504)) == "6.55e+04");
}

TEST_CASE("every power of two of float and double, and its neighbours, reads back", "[tensor][number-text]") {
  for (int e = -149; e < 128; ++e)
    for (float v : {std::ldexp(1.0f, e), std::nextafter(std::ldexp(1.0f, e), 0.0f), std::nextafter(std::ldexp(1.0f, e), INFINITY)}) {
      if (std::isinf(v)) continue;
      INFO(e);
      CHECK(std::strtof(text(v).c_str(), nullptr) == v);
    }
  for (int e = -1074; e < 1024; ++e) {
    const double v = std::ldexp(1.0, e);
    CHECK(std::strtod(text(v).c_str(), nullptr) == v);
  }
}
