// BitShift and Mod: types, attributes and broadcasting per version, hand values, the cases
// ONNX leaves open, and independent oracles: for integers, __int128 arithmetic with a
// different formulation (floor/trunc division identities); for float Mod (fmod=1), MPFR's
// mpfr_fmod on the exact inputs at 300 bits (exact), rounded by oracle.h's rounders.
#include <cmath>
#include <limits>

#include "reference/tests/exact_ops_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

const std::vector<onnx::AttributeProto> kNoAttrs;
onnx::AttributeProto fmod_attr(int64_t v) { return make_attr("fmod", v); }
onnx::AttributeProto direction(const std::string& d) { return make_attr("direction", d); }

// x mod y by the identity r = x - y * floor(x / y) (fmod=0) or x - y * trunc(x / y)
// (fmod=1), in 128-bit arithmetic; y != 0.
__int128 floor_div(__int128 x, __int128 y) {
  __int128 q = x / y;
  if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
  return q;
}
template <class T>
T mod_oracle(T x, T y, bool c_fmod) {
  const __int128 a = x, b = y;
  const __int128 q = c_fmod ? a / b : floor_div(a, b);
  return static_cast<T>(a - b * q);
}

template <class T>
void check_integer_mod(int opset, uint64_t seed) {
  std::mt19937_64 rng(seed);
  using L = std::numeric_limits<T>;
  std::vector<T> xs, ys;
  const std::vector<T> edges = {L::min(), static_cast<T>(L::min() + 1), static_cast<T>(-1), 0, 1, 2, 3,
                                static_cast<T>(L::max() - 1), L::max()};
  for (T a : edges)
    for (T b : edges)
      if (b != 0) xs.push_back(a), ys.push_back(b);
  for (int i = 0; i < 4000; ++i) {
    const T a = static_cast<T>(rng()), b = static_cast<T>(rng() >> (rng() % (8 * sizeof(T))));
    if (b == 0) continue;
    xs.push_back(a), ys.push_back(b);
  }
  for (bool c_fmod : {false, true}) {
    const Tensor got = run_node_output("Mod", opset, {vec<T>(xs), vec<T>(ys)}, {fmod_attr(c_fmod)});
    std::vector<T> want;
    for (size_t i = 0; i < xs.size(); ++i) want.push_back(mod_oracle(xs[i], ys[i], c_fmod));
    INFO(oracle::type_name<T>() << " fmod=" << c_fmod);
    CHECK(got == vec<T>(want));
  }
}

// Pairs of floats whose remainder is not trivial: random bit patterns, and pairs with
// exponents at most 40 apart, with every 16-bit special crossing the others.
template <class T>
void check_float_mod(int opset, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> xs, ys;
  const std::vector<double> specials = {0.0, -0.0, 1, -1, 0.5, 3, -3, INFINITY, -INFINITY, NAN,
                                        std::ldexp(1.0, -24), 65504, 1.5};
  for (double a : specials)
    for (double b : specials) xs.push_back(oracle::near_value<T>(a)), ys.push_back(oracle::near_value<T>(b));
  std::uniform_real_distribution<double> unit(1, 2);
  for (int i = 0; i < 20000; ++i) {
    const int e = static_cast<int>(rng() % 60) - 30;
    const int d = static_cast<int>(rng() % 41) - 5;
    const double a = std::ldexp(unit(rng), e + d) * ((rng() & 1) ? -1 : 1);
    const double b = std::ldexp(unit(rng), e) * ((rng() & 1) ? -1 : 1);
    xs.push_back(oracle::near_value<T>(a)), ys.push_back(oracle::near_value<T>(b));
    xs.push_back(oracle::from_bits<T>(rng())), ys.push_back(oracle::from_bits<T>(rng()));
  }
  const Tensor got = run_node_output("Mod", opset, {vec<T>(xs), vec<T>(ys)}, {fmod_attr(1)});
  const auto g = got.data<T>();
  oracle::Big a(300), b(300), r(300);
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    mpfr_set_d(a, oracle::value_of(xs[i]), MPFR_RNDN);
    mpfr_set_d(b, oracle::value_of(ys[i]), MPFR_RNDN);
    const int t = mpfr_fmod(r, a, b, MPFR_RNDN);
    const double want = oracle::round_to<T>(r, t), have = oracle::value_of(g[i]);
    if (!oracle::same_result(have, want) && bad++ < 5)
      FAIL_CHECK("Mod-" << opset << " " << oracle::type_name<T>() << " fmod(" << oracle::show_input(xs[i]) << ", "
                        << oracle::show_input(ys[i]) << "): got " << oracle::show(have) << ", want " << oracle::show(want));
  }
  CHECK(bad == 0);
}

}  // namespace

TEST_CASE("BitShift: unsigned types, direction LEFT or RIGHT, numpy broadcasting", "[BitShift][v11]") {
  // ONNX's examples: RIGHT [1, 4] by [1, 1] is [0, 2]; LEFT [1, 2] by [1, 2] is [2, 8].
  CHECK(run_node_output("BitShift", 11, {vec<uint8_t>({1, 4}), vec<uint8_t>({1, 1})}, {direction("RIGHT")}) ==
        vec<uint8_t>({0, 2}));
  CHECK(run_node_output("BitShift", 11, {vec<uint32_t>({1, 2}), vec<uint32_t>({1, 2})}, {direction("LEFT")}) ==
        vec<uint32_t>({2, 8}));
  // Bits shifted out of the top are lost: 0xF0 << 2 in uint8 is 0xC0.
  CHECK(run_node_output("BitShift", 11, {vec<uint8_t>({0xF0, 0x81}), scalar<uint8_t>(2)}, {direction("LEFT")}) ==
        vec<uint8_t>({0xC0, 0x04}));
  CHECK(run_node_output("BitShift", 11, {Tensor::from_values<uint64_t>({2, 1}, {~uint64_t{0}, 1}), vec<uint64_t>({63, 0})},
                        {direction("RIGHT")}) == Tensor::from_values<uint64_t>({2, 2}, {1, ~uint64_t{0}, 0, 1}));
  auto wide = run_node("BitShift", 11, {vec<uint16_t>({1, 1}), vec<uint16_t>({16, 15})}, {direction("LEFT")});
  CHECK(wide.outputs[0] == vec<uint16_t>({0, 0x8000}));
  CHECK(wide.semantics.category == Semantics::kUndefined);
  auto fine = run_node("BitShift", 11, {vec<uint16_t>({0x8000}), vec<uint16_t>({15})}, {direction("RIGHT")});
  CHECK(fine.outputs[0] == vec<uint16_t>({1}));
  CHECK(fine.semantics.category == Semantics::kDefined);
  const Tensor u = vec<uint8_t>({1});
  check_refused("BitShift", 11, {u, u}, kNoAttrs, "required attribute 'direction' is missing");
  check_refused("BitShift", 11, {u, u}, {direction("Right")}, "must be \"LEFT\" or \"RIGHT\"");
  check_refused("BitShift", 11, {u, u}, {make_attr("direction", int64_t{1})}, "'direction' must be string");
  check_refused("BitShift", 11, {vec<int32_t>({1}), vec<int32_t>({1})}, {direction("LEFT")}, "tensor(int32)");
  check_refused("BitShift", 11, {vec<uint8_t>({1, 2}), vec<uint8_t>({1, 2, 3})}, {direction("LEFT")}, "numpy");
}

TEST_CASE("BitShift agrees with multiplication and division by powers of two", "[BitShift][v11]") {
  std::mt19937_64 rng(11);
  std::vector<uint64_t> x, s, left, right;
  for (int i = 0; i < 2000; ++i) {
    x.push_back(rng()), s.push_back(rng() % 64);
    const unsigned __int128 p = static_cast<unsigned __int128>(1) << s.back();
    left.push_back(static_cast<uint64_t>(static_cast<unsigned __int128>(x.back()) * p));  // mod 2^64
    right.push_back(static_cast<uint64_t>(x.back() / p));
  }
  CHECK(run_node_output("BitShift", 11, {vec(x), vec(s)}, {direction("LEFT")}) == vec(left));
  CHECK(run_node_output("BitShift", 11, {vec(x), vec(s)}, {direction("RIGHT")}) == vec(right));
}

TEST_CASE("Mod fmod=0 follows Python's %, fmod=1 C's fmod", "[Mod][v10][v13]") {
  // ONNX's mixed-sign example: fmod=0 takes the divisor's sign.
  const Tensor a = vec<int32_t>({-4, 7, 5, 4, -7, 8}), b = vec<int32_t>({2, -3, 8, -2, 3, 5});
  CHECK(run_node_output("Mod", 10, {a, b}) == vec<int32_t>({0, -2, 5, 0, 2, 3}));
  CHECK(run_node_output("Mod", 10, {a, b}, {fmod_attr(1)}) == vec<int32_t>({0, 1, 5, 0, -1, 3}));
  const Tensor f = run_node_output("Mod", 13, {vec<float>({-4, 7, 5, 4, -7, 8}), vec<float>({2, -3, 8, -2, 3, 5})},
                                   {fmod_attr(1)});
  CHECK(f == vec<float>({-0.0f, 1, 5, 0, -1, 3}));
  CHECK(std::signbit(f.data<float>()[0]));
  // fmod is exact: fmod(1e30, 3) is 1e30 - 3 * trunc(1e30 / 3) in exact arithmetic. 1e30f is
  // 1000000015047466219876688855040 = 3 * 333333338349155406625562951680, remainder 0.
  CHECK(run_node_output("Mod", 13, {vec<float>({1e30f, 5.5f}), vec<float>({3, 0.75f})}, {fmod_attr(1)}) ==
        vec<float>({0, 0.25f}));
  // Broadcasting.
  CHECK(run_node_output("Mod", 10, {Tensor::from_values<int64_t>({2, 1}, {7, -7}), vec<int64_t>({2, 3, -4})}) ==
        Tensor::from_values<int64_t>({2, 3}, {1, 1, -1, 1, 2, -3}));
  check_refused("Mod", 10, {vec<int64_t>({1, 2}), vec<int64_t>({1, 2, 3})}, kNoAttrs, "numpy");
}

TEST_CASE("Mod: attribute rules and types per version", "[Mod][v10][v13]") {
  const Tensor f = vec<float>({1}), i = vec<int32_t>({1}), bf = vec<BFloat16>({bfloat16_from_double(1)});
  check_refused("Mod", 10, {f, f}, kNoAttrs, "fmod must be 1 for floating-point types");
  check_refused("Mod", 13, {f, f}, {fmod_attr(0)}, "fmod must be 1 for floating-point types");
  check_refused("Mod", 13, {i, i}, {fmod_attr(2)}, "fmod must be 0 or 1");
  check_refused("Mod", 10, {i, i}, {fmod_attr(-1)}, "fmod must be 0 or 1");
  check_refused("Mod", 10, {i, i}, {make_attr("fmod", 1.0f)}, "'fmod' must be int");
  check_refused("Mod", 10, {bf, bf}, {fmod_attr(1)}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Mod", 13, {bf, bf}, {fmod_attr(1)}));
  check_refused("Mod", 13, {vec<bool>({true}), vec<bool>({true})}, kNoAttrs, "tensor(bool)");
  check_refused("Mod", 13, {i, vec<int64_t>({1})}, kNoAttrs, "same type T");
  // Mod-13 restricts fmod=1 to float types in its text; ONNX's own test runs it on int64.
  auto c = run_node("Mod", 13, {vec<int64_t>({-7}), vec<int64_t>({3})}, {fmod_attr(1)});
  CHECK(c.outputs[0] == vec<int64_t>({-1}));
  CHECK(c.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node("Mod", 10, {vec<int64_t>({-7}), vec<int64_t>({3})}, {fmod_attr(1)}).semantics.category ==
        Semantics::kDefined);
}

TEST_CASE("Mod: by zero undefined (0); INT_MIN mod -1 is 0; fmod(-0, y) implementation-defined", "[Mod][v10][v13]") {
  auto zero = run_node("Mod", 10, {vec<uint8_t>({7}), vec<uint8_t>({0})});
  CHECK(zero.outputs[0] == vec<uint8_t>({0}));
  CHECK(zero.semantics.category == Semantics::kUndefined);
  auto min = run_node("Mod", 13, {vec<int32_t>({std::numeric_limits<int32_t>::min()}), vec<int32_t>({-1})});
  CHECK(min.outputs[0] == vec<int32_t>({0}));
  CHECK(min.semantics.category == Semantics::kDefined);
  const Tensor nz = run_node_output("Mod", 13, {vec<double>({5, INFINITY, 2, NAN}), vec<double>({0, 2, INFINITY, 1})},
                                    {fmod_attr(1)});
  const auto v = nz.data<double>();
  CHECK(std::isnan(v[0]));  // y = 0: NaN
  CHECK(std::isnan(v[1]));  // x = inf: NaN
  CHECK(v[2] == 2);         // y = inf, x finite: x
  CHECK(std::isnan(v[3]));
  auto negzero = run_node("Mod", 13, {vec<double>({-0.0}), vec<double>({3})}, {fmod_attr(1)});
  CHECK(std::signbit(negzero.outputs[0].data<double>()[0]));
  CHECK(negzero.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("integer Mod agrees with 128-bit floor/trunc division", "[Mod][v10][v13]") {
  check_integer_mod<int8_t>(10, 1);
  check_integer_mod<int16_t>(13, 2);
  check_integer_mod<int32_t>(10, 3);
  check_integer_mod<int64_t>(13, 4);
  check_integer_mod<uint8_t>(13, 5);
  check_integer_mod<uint16_t>(10, 6);
  check_integer_mod<uint32_t>(13, 7);
  check_integer_mod<uint64_t>(10, 8);
}

TEST_CASE("float Mod (fmod=1) agrees with mpfr_fmod on every float type", "[Mod][v10][v13]") {
  check_float_mod<Float16>(10, 21);
  check_float_mod<BFloat16>(13, 22);
  check_float_mod<float>(13, 23);
  check_float_mod<double>(10, 24);
}
