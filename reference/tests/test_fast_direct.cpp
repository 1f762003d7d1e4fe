// The fast path's direct routes: the special values of exp, log and sqrt decided without
// MPFR (numeric/functions.h special_value), the IEEE sqrt, and the double softsign of
// fast.cpp (decided by numeric::decide). Each must give the very bits MPFR alone gives.
//
// Oracle: the same function with the fast path off (numeric::set_fast_path(false)), whose
// values test_fast_path.cpp and test_math.cpp check against MPFR at 300 bits rounded by
// the tests' own rounders. Here whole bit patterns are compared (NaN included, as the
// benchmark compares them), over every float16 and bfloat16 pattern and over random float
// and double patterns with the special values; and the special inputs must not reach
// MPFR (the fallback counter stays put).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "reference/numeric/functions.h"
#include "reference/tests/oracle.h"
#include "reference/tests/run_node.h"

namespace {

namespace num = touchstone::numeric;
using num::Fn;
using touchstone::BFloat16;
using touchstone::DType;
using touchstone::Float16;
using touchstone::Tensor;
using namespace touchstone::oracle;

template <class T>
uint64_t bits_of(T x) {
  uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

// Every pattern of a 16-bit type, or random patterns of float/double plus the specials.
template <class T>
std::vector<T> inputs_of() {
  std::vector<T> xs;
  if constexpr (sizeof(T) == 2) {
    for (uint32_t b = 0; b < 65536; ++b) xs.push_back(from_bits<T>(b));
  } else {
    using L = std::numeric_limits<T>;
    for (T v : {T(0), -T(0), L::infinity(), -L::infinity(), L::quiet_NaN(), -L::quiet_NaN(), L::denorm_min(),
                -L::denorm_min(), L::min(), L::max(), -L::max(), T(1), T(-1), T(0.5), T(4), T(-4)})
      xs.push_back(v);
    std::mt19937_64 rng(sizeof(T) * 1009);
    for (int i = 0; i < 30000; ++i) xs.push_back(from_bits<T>(rng()));
    std::uniform_real_distribution<double> moderate(-30, 30);
    for (int i = 0; i < 30000; ++i) xs.push_back(static_cast<T>(moderate(rng)));
  }
  return xs;
}

template <class T>
T rounded_with(bool fast, Fn fn, T x) {
  num::set_fast_path(fast);
  const T r = num::rounded(fn, x);
  num::set_fast_path(true);
  return r;
}

template <class T>
void check_same_bits(Fn fn, const char* name) {
  int differ = 0;
  for (T x : inputs_of<T>()) {
    const T fast = rounded_with(true, fn, x), slow = rounded_with(false, fn, x);
    if (bits_of(fast) != bits_of(slow) && ++differ <= 5)
      FAIL_CHECK(name << "<" << type_name<T>() << ">(" << show_input(x) << "): fast " << show_input(fast)
                      << ", MPFR alone " << show_input(slow));
  }
  CHECK(differ == 0);
}

}  // namespace

TEMPLATE_TEST_CASE("fast path: exp, log, sqrt give MPFR's bits on every input, specials included", "[numeric][fast]",
                   Float16, BFloat16, float, double) {
  check_same_bits<TestType>(Fn::kExp, "exp");
  check_same_bits<TestType>(Fn::kLog, "log");
  check_same_bits<TestType>(Fn::kSqrt, "sqrt");
}

TEMPLATE_TEST_CASE("fast path: special inputs of exp, log, sqrt are decided without MPFR", "[numeric][fast]",
                   Float16, BFloat16, float, double) {
  const double inf = INFINITY;
  struct Special {
    Fn fn;
    double x, want;  // Annex F: exp(±inf), log(±0), log(+inf), log(x < 0), sqrt(x < 0)
  };
  const std::vector<Special> specials = {
      {Fn::kExp, inf, inf},  {Fn::kExp, -inf, 0.0},    {Fn::kLog, 0.0, -inf}, {Fn::kLog, -0.0, -inf},
      {Fn::kLog, inf, inf},  {Fn::kLog, -1.0, NAN},    {Fn::kLog, -inf, NAN}, {Fn::kSqrt, -2.0, NAN},
      {Fn::kSqrt, -inf, NAN}, {Fn::kExp, NAN, NAN},    {Fn::kLog, NAN, NAN},  {Fn::kSqrt, NAN, NAN},
  };
  for (const auto& s : specials) {
    INFO("fn " << static_cast<int>(s.fn) << " at " << show(s.x));
    const auto before = num::fallback_count();
    const double got = value_of(num::rounded(s.fn, near_value<TestType>(s.x)));
    CHECK(num::fallback_count() == before);
    CHECK(same_result(got, s.want));
  }
}

// Softsign, Elu and Selu through their kernels (Softsign: softsign_direct, else the
// double quotient's interval, or double-double for double; Selu: the exact product
// gamma x in double), fast against MPFR alone, bit for bit.
TEMPLATE_TEST_CASE("fast path: Softsign, Elu, Selu give MPFR's bits on every float16 and many float, double inputs",
                   "[numeric][fast][Softsign][Elu][Selu]", Float16, float, double) {
  using touchstone::make_attr;
  using touchstone::testing::run_node_output;
  using touchstone::testing::vec;
  const std::vector<TestType> xs = inputs_of<TestType>();
  const Tensor x = vec<TestType>(xs);
  struct Op {
    const char* name;
    int opset;
    std::vector<onnx::AttributeProto> attributes;
  };
  const std::vector<Op> ops = {{"Softsign", 1, {}}, {"Elu", 6, {}}, {"Selu", 6, {}},
                               {"Selu", 6, {make_attr("alpha", 2.0f), make_attr("gamma", 0.7f)}}};
  for (const auto& op : ops) {
    INFO(op.name);
    num::set_fast_path(false);
    const Tensor slow = run_node_output(op.name, op.opset, {x}, op.attributes);
    num::set_fast_path(true);
    const auto before = num::fallback_count();
    const Tensor fast = run_node_output(op.name, op.opset, {x}, op.attributes);
    CHECK(fast == slow);
    if (std::string(op.name) == "Softsign") {
      // NaN and zero inputs go to MPFR, and for double those outside 2^-900..2^900
      // (fast.cpp); otherwise a fallback is rare (an interval around a midpoint): at
      // most 1 in 1000.
      size_t to_mpfr = 0;
      for (TestType v : xs) {
        const double t = std::fabs(value_of(v));
        to_mpfr += std::isnan(t) || t == 0 || (std::is_same_v<TestType, double> && !(t >= 0x1p-900 && t <= 0x1p900));
      }
      CHECK(num::fallback_count() - before <= to_mpfr + xs.size() / 1000);
    }
  }
}

// softsign_direct (IEEE double arithmetic where numeric/fast.h's lemma proves it) against
// the oracle: x / (1 + |x|) with 1 + |x| exact at 2400 bits, the quotient at 300 bits with
// its ternary value, rounded by the tests' own rounder. Every float16 and bfloat16
// pattern; random float patterns and values, and the ends of float's proved range.
TEMPLATE_TEST_CASE("fast path: softsign straight from IEEE arithmetic is correctly rounded", "[numeric][fast][Softsign]",
                   Float16, BFloat16, float) {
  std::vector<TestType> xs = inputs_of<TestType>();
  if constexpr (std::is_same_v<TestType, float>)
    for (float e : {0x1p-5f, 0x1p28f})
      for (float v : {e, std::nextafter(e, 0.0f), std::nextafter(e, INFINITY), -e}) xs.push_back(v);
  int wrong = 0;
  size_t taken = 0;
  for (TestType v : xs) {
    const double x = value_of(v);
    const auto got = num::softsign_direct<TestType>(x);
    if (!got) continue;
    ++taken;
    Big n(64), d(2400), q(300);
    mpfr_set_d(n, x, MPFR_RNDN);
    mpfr_set_d(d, std::fabs(x), MPFR_RNDN);
    mpfr_add_ui(d, d, 1, MPFR_RNDN);  // exact
    const int ternary = mpfr_div(q, n, d, MPFR_RNDN);
    const double want = round_to<TestType>(q, ternary);
    if (!same_result(value_of(*got), want) && ++wrong <= 5)
      FAIL_CHECK("softsign<" << type_name<TestType>() << ">(" << show(x) << ") = " << show(value_of(*got))
                             << ", want " << show(want));
  }
  CHECK(wrong == 0);
  // The proved range covers every finite float16, bfloat16 from 2^-37, float from 2^-5.
  if constexpr (std::is_same_v<TestType, Float16>) CHECK(taken == 65536 - 2048);
  else CHECK(taken > xs.size() / 4);
}

// The kernels' own routes: from 65,536 elements map_unary computes each distinct float16
// or bfloat16 pattern once (ops/elementwise.h), and Sqrt of float and double takes the
// type's IEEE square root. Whole tensors, bit for bit: every 16-bit pattern twice over
// (131,072 elements), random float and double patterns. Against MPFR alone where that
// takes under a second; Tanh and Erf (MPFR alone takes 5 and 35 s over float16) against
// numeric::rounded element by element, which the tests above and test_fast_path.cpp
// check against MPFR. Elu (an attribute) against its MPFR-alone run.
TEMPLATE_TEST_CASE("fast path: large 16-bit tensors computed once per pattern, and Sqrt's IEEE route, give MPFR's bits",
                   "[numeric][fast][memo]", Float16, BFloat16, float, double) {
  using touchstone::testing::run_node_output;
  using touchstone::testing::vec;
  std::vector<TestType> xs = inputs_of<TestType>();
  const size_t distinct = xs.size();
  if constexpr (sizeof(TestType) == 2) xs.insert(xs.end(), xs.begin(), xs.begin() + distinct);
  const Tensor x = vec<TestType>(xs);
  unsigned long long fallbacks = 0;
  struct Op {
    const char* name;
    int opset;
    Fn fn;
    bool bfloat16, mpfr_alone;
  };
  for (const Op& op : {Op{"Sqrt", 13, Fn::kSqrt, true, true}, Op{"Exp", 13, Fn::kExp, true, true},
                       Op{"Log", 13, Fn::kLog, true, true}, Op{"Sin", 7, Fn::kSin, false, true},
                       Op{"Elu", 6, Fn::kExpm1, false, true}, Op{"Tanh", 13, Fn::kTanh, true, false},
                       Op{"Erf", 13, Fn::kErf, true, false}}) {
    if (std::is_same_v<TestType, BFloat16> && !op.bfloat16) continue;
    if (sizeof(TestType) > 2 && op.fn != Fn::kSqrt) continue;  // element by element: tested above
    INFO(op.name);
    Tensor want;
    if (op.mpfr_alone) {
      num::set_fast_path(false);
      want = run_node_output(op.name, op.opset, {x}, {});
      num::set_fast_path(true);
    } else {
      std::vector<TestType> ys;
      for (TestType v : xs) ys.push_back(num::rounded(op.fn, v));
      want = vec<TestType>(ys);
    }
    const auto before = num::fallback_count();
    CHECK(run_node_output(op.name, op.opset, {x}, {}) == want);
    if constexpr (sizeof(TestType) == 2) {
      // Each pattern reached the function once: as many fallbacks as one pass over them.
      const auto memoized = num::fallback_count() - before;
      run_node_output(op.name, op.opset, {vec<TestType>({xs.begin(), xs.begin() + distinct})}, {});
      CHECK(memoized == num::fallback_count() - before - memoized);
      fallbacks += memoized;
    }
  }
  if constexpr (sizeof(TestType) == 2) CHECK(fallbacks > 0);  // the count above can see a difference
}
