// Acos, Acosh, Asin, Asinh, Atan, Atanh, Cos, Cosh, Sin, Sinh, Tan, Tanh, Erf, Exp, Log,
// Sqrt, Reciprocal: what each version admits, hand-computed values, and bit-for-bit
// agreement with an independent oracle for every float type each op allows.
//
// The oracle (oracle.h rounds its value): each function by a different identity than
// the kernel's single MPFR call, at 400+ bits, e.g. acos(x) = atan2(sqrt((1-x)(1+x)), x),
// exp(x) = 2^(x/ln 2), log(x) = e ln 2 + 2 atanh((m-1)/(m+1)), erf(x) = 1 - erfc(x), cos(x) =
// 1 - 2 sin^2(x/2), sqrt(x) = x / sqrt(x) via mpfr_rec_sqrt, 1/x by mpfr_ui_div. Each
// formula's relative error is far below 2^-300 on the inputs used (said beside each),
// and none of these functions has a result that close to a rounding boundary of a 64-bit
// format without being on it (the exact cases: acos(1), log(1), sqrt of squares, ... come
// out exact from the formulas too).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "reference/tests/exact_ops_testing.h"
#include "reference/tests/oracle.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::oracle;

namespace {

template <class T>
std::vector<double> values_of(const Tensor& t) {
  std::vector<double> out;
  for (T x : t.data<T>()) out.push_back(value_of(x));
  return out;
}

bool same_values(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return false;
  for (size_t i = 0; i < got.size(); ++i)
    if (!same_result(got[i], want[i])) return false;
  return true;
}

// ---------------------------------------------------------------------------------------
// The oracles. Each sets `out` (its precision is the working precision) from the exact
// input `x` and returns the ternary value of its last step (which only matters on a
// midpoint, where none of these lands).

using Oracle = std::function<int(mpfr_ptr out, mpfr_srcptr x)>;

mpfr_prec_t prec(mpfr_ptr v) { return mpfr_get_prec(v); }

// acos(x) = atan2(sqrt((1-x)(1+x)), x); asin(x) = atan2(x, sqrt((1-x)(1+x))). Each step
// adds a relative error of 2^-p, and atan2's relative condition is at most 1: error
// below 2^(4-p). Outside [-1, 1] the square root is NaN, as acos and asin are.
void set_cosine_of_asin(mpfr_ptr c, mpfr_srcptr x) {  // sqrt((1-x)(1+x))
  Big b(prec(c));
  mpfr_ui_sub(c, 1, x, MPFR_RNDN);
  mpfr_add_ui(b, x, 1, MPFR_RNDN);
  mpfr_mul(c, c, b, MPFR_RNDN);
  mpfr_sqrt(c, c, MPFR_RNDN);
}
int acos_oracle(mpfr_ptr out, mpfr_srcptr x) {
  Big c(prec(out));
  set_cosine_of_asin(c, x);
  return mpfr_atan2(out, c, x, MPFR_RNDN);
}
int asin_oracle(mpfr_ptr out, mpfr_srcptr x) {
  Big c(prec(out));
  set_cosine_of_asin(c, x);
  return mpfr_atan2(out, x, c, MPFR_RNDN);
}
// atan(x) = asin(x / sqrt(1 + x^2)) for |x| < 1 (asin's argument below 1/sqrt 2, where it
// is well conditioned), sign(x) acos(1 / sqrt(1 + x^2)) otherwise (acos's argument at most
// 1/sqrt 2). Error below 2^(6-p).
int atan_oracle(mpfr_ptr out, mpfr_srcptr x) {
  if (mpfr_nan_p(x)) return mpfr_set_nan(out), 0;
  Big s(prec(out));
  mpfr_sqr(s, x, MPFR_RNDN);
  mpfr_add_ui(s, s, 1, MPFR_RNDN);
  mpfr_sqrt(s, s, MPFR_RNDN);
  if (mpfr_cmpabs_ui(x, 1) < 0) {
    mpfr_div(s, x, s, MPFR_RNDN);
    return mpfr_asin(out, s, MPFR_RNDN);
  }
  mpfr_ui_div(s, 1, s, MPFR_RNDN);
  const int t = mpfr_acos(out, s, MPFR_RNDN);
  if (mpfr_signbit(x)) return mpfr_neg(out, out, MPFR_RNDN), -t;
  return t;
}
// acosh(x) = log1p((x-1) + sqrt((x-1)(x+1))) for x >= 1 (NaN below): no cancellation
// near 1. Error below 2^(6-p).
int acosh_oracle(mpfr_ptr out, mpfr_srcptr x) {
  if (!(mpfr_cmp_ui(x, 1) >= 0)) return mpfr_set_nan(out), 0;  // also NaN in
  Big a(prec(out)), b(prec(out));
  mpfr_sub_ui(a, x, 1, MPFR_RNDN);
  mpfr_add_ui(b, x, 1, MPFR_RNDN);
  mpfr_mul(b, a, b, MPFR_RNDN);
  mpfr_sqrt(b, b, MPFR_RNDN);
  mpfr_add(a, a, b, MPFR_RNDN);
  return mpfr_log1p(out, a, MPFR_RNDN);
}
// asinh(x) = sign(x) log(|x| + sqrt(x^2 + 1)) for |x| >= 1, and sign(x) log1p(|x| + x^2 /
// (1 + sqrt(1 + x^2))) below 1 (no cancellation for tiny x). Error below 2^(6-p).
int asinh_oracle(mpfr_ptr out, mpfr_srcptr x) {
  if (mpfr_nan_p(x)) return mpfr_set_nan(out), 0;
  Big a(prec(out)), s(prec(out));
  mpfr_abs(a, x, MPFR_RNDN);
  mpfr_sqr(s, a, MPFR_RNDN);
  mpfr_add_ui(s, s, 1, MPFR_RNDN);
  mpfr_sqrt(s, s, MPFR_RNDN);
  int t;
  if (mpfr_cmp_ui(a, 1) >= 0) {
    mpfr_add(s, s, a, MPFR_RNDN);
    t = mpfr_log(out, s, MPFR_RNDN);
  } else {
    Big q(prec(out));
    mpfr_add_ui(s, s, 1, MPFR_RNDN);
    mpfr_sqr(q, a, MPFR_RNDN);
    mpfr_div(q, q, s, MPFR_RNDN);
    mpfr_add(q, q, a, MPFR_RNDN);
    t = mpfr_log1p(out, q, MPFR_RNDN);
  }
  if (mpfr_signbit(x)) return mpfr_neg(out, out, MPFR_RNDN), -t;
  return t;
}
// atanh(x) = log1p(2x / (1 - x)) / 2; 1 - x is exact at these precisions for |x| near 1.
// atanh(1) = log1p(+inf), atanh(-1) = log1p(-1), |x| > 1 log1p(< -1) = NaN. Error 2^(4-p).
int atanh_oracle(mpfr_ptr out, mpfr_srcptr x) {
  Big a(prec(out)), b(prec(out));
  mpfr_ui_sub(b, 1, x, MPFR_RNDN);
  mpfr_mul_2ui(a, x, 1, MPFR_RNDN);
  mpfr_div(a, a, b, MPFR_RNDN);
  mpfr_log1p(out, a, MPFR_RNDN);
  return mpfr_div_2ui(out, out, 1, MPFR_RNDN);
}
// cos(x) = 1 - 2 sin^2(x/2): absolute error below 2^(4-p), and |cos x| >= 2^-70 for every
// 64-bit input (the hardest cases of argument reduction), so relative 2^(74-p) at worst.
int cos_oracle(mpfr_ptr out, mpfr_srcptr x) {
  Big h(prec(out) + 64);
  mpfr_div_2ui(h, x, 1, MPFR_RNDN);  // exact
  mpfr_sin(h, h, MPFR_RNDN);
  mpfr_sqr(h, h, MPFR_RNDN);
  mpfr_mul_2ui(h, h, 1, MPFR_RNDN);
  return mpfr_ui_sub(out, 1, h, MPFR_RNDN);
}
// sin(x) = 2 sin(x/2) cos(x/2): a product, error below 2^(3-p).
int sin_oracle(mpfr_ptr out, mpfr_srcptr x) {
  Big h(prec(out)), s(prec(out)), c(prec(out));
  mpfr_div_2ui(h, x, 1, MPFR_RNDN);
  mpfr_sin(s, h, MPFR_RNDN);
  mpfr_cos(c, h, MPFR_RNDN);
  mpfr_mul(out, s, c, MPFR_RNDN);
  return mpfr_mul_2ui(out, out, 1, MPFR_RNDN);
}
// tan(x) = sin(x) / cos(x): error below 2^(3-p).
int tan_oracle(mpfr_ptr out, mpfr_srcptr x) {
  Big s(prec(out)), c(prec(out));
  mpfr_sin(s, x, MPFR_RNDN);
  mpfr_cos(c, x, MPFR_RNDN);
  return mpfr_div(out, s, c, MPFR_RNDN);
}
// (f(x) + sign f(-x)) / 2, the even (sign 1) or odd (-1) part of f.
int half_combination(mpfr_ptr out, mpfr_srcptr x, int (*f)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), int sign) {
  Big a(prec(out)), b(prec(out)), m(prec(out));
  f(a, x, MPFR_RNDN);
  mpfr_neg(m, x, MPFR_RNDN);
  f(b, m, MPFR_RNDN);
  if (sign > 0) mpfr_add(out, a, b, MPFR_RNDN);
  else mpfr_sub(out, a, b, MPFR_RNDN);
  return mpfr_div_2ui(out, out, 1, MPFR_RNDN);
}
// cosh(x) = (e^x + e^-x) / 2: a sum of positive terms, error below 2^(3-p).
int cosh_oracle(mpfr_ptr out, mpfr_srcptr x) { return half_combination(out, x, mpfr_exp, 1); }
// sinh(x) = (expm1(x) - expm1(-x)) / 2: the two terms have opposite signs, so no
// cancellation; error below 2^(3-p).
int sinh_oracle(mpfr_ptr out, mpfr_srcptr x) { return half_combination(out, x, mpfr_expm1, -1); }
// tanh(x) = sign(x) * -expm1(-2|x|) / (2 + expm1(-2|x|)); e in (-1, 0], so the
// denominator is in (1, 2]: error below 2^(4-p).
int tanh_oracle(mpfr_ptr out, mpfr_srcptr x) {
  if (mpfr_nan_p(x)) return mpfr_set_nan(out), 0;
  Big e(prec(out)), d(prec(out));
  mpfr_abs(e, x, MPFR_RNDN);
  mpfr_mul_si(e, e, -2, MPFR_RNDN);
  mpfr_expm1(e, e, MPFR_RNDN);
  mpfr_add_ui(d, e, 2, MPFR_RNDN);
  mpfr_neg(e, e, MPFR_RNDN);
  int t = mpfr_div(out, e, d, MPFR_RNDN);
  if (mpfr_signbit(x)) return mpfr_neg(out, out, MPFR_RNDN), -t;
  return t;
}
// erf(x) = sign(x) (1 - erfc(|x|)) for |x| >= 2^-100, computed 200 bits wider so that the
// cancellation (erf(x) >= 2^-100) leaves 2^(-p) relative; below, the series
// 2x/sqrt(pi) (1 - x^2/3) whose next term is below 2^-400 relative.
int erf_oracle(mpfr_ptr out, mpfr_srcptr x) {
  if (mpfr_nan_p(x)) return mpfr_set_nan(out), 0;
  Big a(prec(out) + 200), c(prec(out) + 200);
  mpfr_abs(a, x, MPFR_RNDN);
  int t;
  if (mpfr_regular_p(a) && mpfr_get_exp(a) <= -100) {
    Big s(prec(out) + 200);
    mpfr_sqr(c, a, MPFR_RNDN);
    mpfr_div_ui(c, c, 3, MPFR_RNDN);
    mpfr_ui_sub(c, 1, c, MPFR_RNDN);
    mpfr_mul(c, c, a, MPFR_RNDN);
    mpfr_mul_2ui(c, c, 1, MPFR_RNDN);
    mpfr_const_pi(s, MPFR_RNDN);
    mpfr_sqrt(s, s, MPFR_RNDN);
    t = mpfr_div(out, c, s, MPFR_RNDN);
  } else {
    mpfr_erfc(c, a, MPFR_RNDN);
    t = mpfr_ui_sub(out, 1, c, MPFR_RNDN);
  }
  if (mpfr_signbit(x)) return mpfr_neg(out, out, MPFR_RNDN), -t;
  return t;
}
// exp(x) = 2^(x / ln 2): t = x / ln 2 has relative error 2^(2-p); below overflow |t| <
// 2^11, so exp2's result is off by a relative 2^(13-p) at most.
int exp_oracle(mpfr_ptr out, mpfr_srcptr x) {
  Big l(prec(out) + 16), t(prec(out) + 16);
  mpfr_const_log2(l, MPFR_RNDN);
  mpfr_div(t, x, l, MPFR_RNDN);
  return mpfr_exp2(out, t, MPFR_RNDN);
}
// log(x) = e ln 2 + 2 atanh((m-1)/(m+1)) with x = m 2^e, m in [3/4, 3/2): m +- 1 exact,
// the atanh argument in [-1/7, 1/5], and no cancellation between the terms beyond a
// factor 2^60 near x = 1 (e = 0 there). Error below 2^(66-p).
int log_oracle(mpfr_ptr out, mpfr_srcptr x) {
  if (mpfr_nan_p(x) || (mpfr_sgn(x) < 0 && !mpfr_zero_p(x))) return mpfr_set_nan(out), 0;
  if (mpfr_zero_p(x)) return mpfr_set_inf(out, -1), 0;
  if (mpfr_inf_p(x)) return mpfr_set_inf(out, 1), 0;
  Big m(prec(out)), a(prec(out)), b(prec(out)), l(prec(out));
  long e = mpfr_get_exp(x);
  mpfr_mul_2si(m, x, -e, MPFR_RNDN);  // exact: m in [1/2, 1)
  if (mpfr_cmp_d(m, 0.75) < 0) mpfr_mul_2ui(m, m, 1, MPFR_RNDN), --e;
  mpfr_sub_ui(a, m, 1, MPFR_RNDN);
  mpfr_add_ui(b, m, 1, MPFR_RNDN);
  mpfr_div(a, a, b, MPFR_RNDN);
  mpfr_atanh(a, a, MPFR_RNDN);
  mpfr_mul_2ui(a, a, 1, MPFR_RNDN);
  mpfr_const_log2(l, MPFR_RNDN);
  mpfr_mul_si(l, l, e, MPFR_RNDN);
  return mpfr_add(out, l, a, MPFR_RNDN);
}
// sqrt(x) = x * (1/sqrt(x)) (mpfr_rec_sqrt): error below 2^(2-p); sqrt never lands on a
// midpoint of the format (a midpoint squared has more bits than the input).
int sqrt_oracle(mpfr_ptr out, mpfr_srcptr x) {
  if (mpfr_nan_p(x) || (mpfr_sgn(x) < 0 && !mpfr_zero_p(x))) return mpfr_set_nan(out), 0;
  if (mpfr_zero_p(x) || mpfr_inf_p(x)) return mpfr_set(out, x, MPFR_RNDN);
  Big r(prec(out));
  mpfr_rec_sqrt(r, x, MPFR_RNDN);
  return mpfr_mul(out, x, r, MPFR_RNDN);
}
// 1/x, correctly rounded at p bits with its ternary value.
int reciprocal_oracle(mpfr_ptr out, mpfr_srcptr x) { return mpfr_ui_div(out, 1, x, MPFR_RNDN); }

// The oracle's answer for x in T's format, from its value at 420 bits.
template <class T>
double oracle_result(const Oracle& f, T x) {
  Big in(64), out(420);
  set_exact(in, x);
  const int ternary = f(out, in);
  return round_to<T>(out, ternary);
}

// ---------------------------------------------------------------------------------------
// Inputs: edge values with their neighbours, random bit patterns, random values of
// moderate size, and random values around the inverse functions' domain [-1, 1].

template <class T>
uint64_t bits_of(T x) {
  if constexpr (is_small_float<T>) {
    return x.bits;
  } else if constexpr (sizeof(T) == 4) {
    uint32_t b;
    std::memcpy(&b, &x, 4);
    return b;
  } else {
    uint64_t b;
    std::memcpy(&b, &x, 8);
    return b;
  }
}

template <class T>
std::vector<T> test_inputs(std::mt19937_64& rng) {  // about 850 values
  constexpr int kBits = is_small_float<T> ? 16 : static_cast<int>(sizeof(T) * 8);
  const Format f = format_of<T>();
  std::vector<T> out;
  // Edge values of the format and of the functions, and the values next to them.
  std::vector<double> seeds = {0, std::ldexp(1.0, f.min_exponent - f.precision + 1), std::ldexp(1.0, f.min_exponent),
                               std::ldexp(2.0 - std::ldexp(1.0, 1 - f.precision), f.max_exponent),
                               0.5, 1, 2, 3, 4, 10, 100, 1e4, 1e-4, 1e-8, 1e-30, M_PI / 4, M_PI / 2, M_PI, 2 * M_PI,
                               11.09, 11.78, 88.72, 89.41, 709.78, 710.47, 16.6, 17.3, 87.3, 103.97, 708.4, 745.13,
                               9.01, 19.06, 1e22, 65504, 3e38};
  for (double s : seeds)
    for (double sgn : {1.0, -1.0}) {
      const uint64_t b = bits_of(near_value<T>(sgn * s));
      for (uint64_t k : {b, b + 1, b - 1}) out.push_back(from_bits<T>(k));  // may step into inf/NaN
    }
  out.push_back(near_value<T>(INFINITY));
  out.push_back(near_value<T>(-INFINITY));
  out.push_back(near_value<T>(NAN));
  const uint64_t mask = kBits == 64 ? ~uint64_t{0} : (uint64_t{1} << kBits) - 1;
  for (int i = 0; i < 300; ++i) out.push_back(from_bits<T>(rng() & mask));
  for (int i = 0; i < 300; ++i) {
    const int e = std::uniform_int_distribution<int>(-14, 7)(rng);
    const double m = 1.0 + std::ldexp(static_cast<double>(rng() >> 12), -52);
    out.push_back(near_value<T>((rng() & 1 ? -1.0 : 1.0) * std::ldexp(m, e)));
  }
  for (int i = 0; i < 150; ++i) out.push_back(near_value<T>(std::uniform_real_distribution<double>(-1.25, 1.25)(rng)));
  return out;
}

struct OpOracle {
  const char* op;
  int opset;  // the newest version; bfloat16 where it allows it
  Oracle oracle;
  bool bfloat16;
};

const std::vector<OpOracle>& op_oracles() {
  static const std::vector<OpOracle> table = {
      {"Acos", 7, acos_oracle, false},   {"Acosh", 9, acosh_oracle, false}, {"Asin", 7, asin_oracle, false},
      {"Asinh", 9, asinh_oracle, false}, {"Atan", 7, atan_oracle, false},   {"Atanh", 9, atanh_oracle, false},
      {"Cos", 7, cos_oracle, false},     {"Cosh", 9, cosh_oracle, false},   {"Sin", 7, sin_oracle, false},
      {"Sinh", 9, sinh_oracle, false},   {"Tan", 7, tan_oracle, false},     {"Tanh", 13, tanh_oracle, true},
      {"Erf", 13, erf_oracle, true},     {"Exp", 13, exp_oracle, true},     {"Log", 13, log_oracle, true},
      {"Sqrt", 13, sqrt_oracle, true},   {"Reciprocal", 13, reciprocal_oracle, true},
  };
  return table;
}

template <class T>
void check_against_oracle(const OpOracle& o, const std::vector<T>& inputs) {
  const Tensor got = run_node_output(o.op, o.opset, {vec<T>(inputs)});
  REQUIRE(got.dtype() == dtype_of<T>);
  const auto y = got.data<T>();
  int failures = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const double want = oracle_result<T>(o.oracle, inputs[i]);
    if (!same_result(value_of(y[i]), want) && failures++ < 5)
      FAIL_CHECK(o.op << "-" << o.opset << " " << type_name<T>() << " of " << show_input(inputs[i]) << ": got "
                      << show(value_of(y[i])) << ", oracle " << show(want));
  }
  CHECK(failures == 0);
}

template <class T>
void check_against_oracle(const OpOracle& o) {
  std::mt19937_64 rng(std::hash<std::string>{}(std::string(o.op) + type_name<T>()));
  check_against_oracle<T>(o, test_inputs<T>(rng));
}

template <class T>
std::vector<T> every_16_bit_value() {
  std::vector<T> out;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) out.push_back(from_bits<T>(b));
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// What each version admits.

TEST_CASE("math: each version admits exactly its types", "[math]") {
  const Tensor f16 = vec_of<Float16>({0.5}), f32 = vec_of<float>({0.5}), f64 = vec_of<double>({0.5});
  const Tensor bf16 = vec_of<BFloat16>({0.5}), i32 = vec<int32_t>({1}), u8 = vec<uint8_t>({1});
  for (const char* op : {"Acos", "Asin", "Atan", "Cos", "Sin", "Tan"}) {
    CHECK_NOTHROW(run_node(op, 7, {f16}));
    CHECK_NOTHROW(run_node(op, 7, {f64}));
    check_refused(op, 7, {bf16}, {}, "tensor(bfloat16)");
    check_refused(op, 7, {i32}, {}, "tensor(int32)");
  }
  for (const char* op : {"Acosh", "Asinh", "Atanh", "Cosh", "Sinh"}) {
    CHECK_NOTHROW(run_node(op, 9, {f32}));
    check_refused(op, 9, {bf16}, {}, "tensor(bfloat16)");
    check_refused(op, 9, {u8}, {}, "tensor(uint8)");
  }
  for (const char* op : {"Tanh", "Exp", "Log", "Sqrt", "Reciprocal"}) {
    for (int v : {1, 6}) {
      CHECK_NOTHROW(run_node(op, v, {f16}));
      check_refused(op, v, {bf16}, {}, "tensor(bfloat16)");
      check_refused(op, v, {i32}, {}, "tensor(int32)");
    }
    CHECK_NOTHROW(run_node(op, 13, {bf16}));
    check_refused(op, 13, {i32}, {}, "tensor(int32)");
  }
  // Erf-9 admits every numeric type but bfloat16; Erf-13 adds bfloat16 and, in ONNX 1.23's
  // text (which the schema table follows), drops the integers that 1.12's registry kept.
  CHECK_NOTHROW(run_node("Erf", 9, {i32}));
  CHECK_NOTHROW(run_node("Erf", 9, {u8}));
  check_refused("Erf", 9, {bf16}, {}, "tensor(bfloat16)");
  check_refused("Erf", 9, {vec<bool>({true})}, {}, "tensor(bool)");
  CHECK_NOTHROW(run_node("Erf", 13, {bf16}));
  check_refused("Erf", 13, {i32}, {}, "tensor(int32)");
  check_refused("Erf", 13, {vec<bool>({true})}, {}, "tensor(bool)");
}

TEST_CASE("math: version 1 takes consumed_inputs and ignores it; 6 and 13 refuse it", "[Exp][Log][Sqrt][Tanh][Reciprocal][v1][v6]") {
  const auto consumed = make_attr("consumed_inputs", std::vector<int64_t>{0});
  for (const char* op : {"Tanh", "Exp", "Log", "Sqrt", "Reciprocal"}) {
    const Tensor x = vec_of<float>({0.25, 4});
    CHECK(run_node_output(op, 1, {x}, {consumed}) == run_node_output(op, 6, {x}));
    check_refused(op, 1, {x}, {make_attr("consumed_inputs", 1.0f)}, "'consumed_inputs' must be");
    check_refused(op, 6, {x}, {consumed}, "unknown attribute 'consumed_inputs'");
    check_refused(op, 13, {x}, {consumed}, "unknown attribute 'consumed_inputs'");
  }
  check_refused("Sin", 7, {vec_of<float>({1})}, {make_attr("alpha", 1.0f)}, "unknown attribute 'alpha'");
  check_refused("Sqrt", 13, {vec_of<float>({1}), vec_of<float>({1})}, {}, "2 inputs given; it takes 1");
}

// ---------------------------------------------------------------------------------------
// Values worked out by hand.

TEST_CASE("math: exact results and correctly rounded constants", "[math]") {
  // sqrt of squares is exact; sqrt(2) in float is 0x1.6a09e6p+0 (1.41421353..., the next
  // bits 0110 0110 round down); acos(-1) = pi -> 0x1.921fb6p+1 in float (pi = 3.14159265
  // lies between 0x1.921fb4p+1 = 3.1415925 and 0x1.921fb6p+1 = 3.1415927, nearer the latter).
  CHECK(values_of<float>(run_node_output("Sqrt", 6, {vec_of<float>({4, 0.25, 1, 2})})) ==
        std::vector<double>{2, 0.5, 1, 0x1.6a09e6p+0});
  CHECK(values_of<float>(run_node_output("Acos", 7, {vec_of<float>({1, -1})})) == std::vector<double>{0, 0x1.921fb6p+1});
  CHECK(values_of<float>(run_node_output("Asin", 7, {vec_of<float>({1})})) == std::vector<double>{0x1.921fb6p+0});
  CHECK(values_of<double>(run_node_output("Exp", 13, {vec_of<double>({0, 1})})) ==
        std::vector<double>{1, 0x1.5bf0a8b145769p+1});  // e = 2.718281828459045235...
  CHECK(values_of<double>(run_node_output("Log", 13, {vec_of<double>({1, 2})})) ==
        std::vector<double>{0, 0x1.62e42fefa39efp-1});  // ln 2 = 0.6931471805599453094...
  CHECK(values_of<double>(run_node_output("Cos", 7, {vec_of<double>({0})})) == std::vector<double>{1});
  // float16: 1/3 = 0.0101 0101 0101 0101...b; 11 bits from the leading one: 1.0101010101|0101
  // -> rounds down to 0x1.554p-2.
  CHECK(values_of<Float16>(run_node_output("Reciprocal", 13, {vec_of<Float16>({3, 4, -0.5})})) ==
        std::vector<double>{0x1.554p-2, 0.25, -2});
  // bfloat16 (8 bits): e^1 = 1.0101101 1111...b -> rounds up to 1.0101110b = 2.71875.
  CHECK(values_of<BFloat16>(run_node_output("Exp", 13, {vec_of<BFloat16>({1})})) == std::vector<double>{2.71875});
}

TEST_CASE("math: domain edges and special values", "[math]") {
  const double inf = INFINITY, nan = NAN;
  auto run = [](const char* op, int opset, std::vector<double> x) {
    return values_of<double>(run_node_output(op, opset, {vec_of<double>(x)}));
  };
  CHECK(same_values(run("Acos", 7, {1.5, -1.0000000000000002, inf, nan}), {nan, nan, nan, nan}));
  CHECK(same_values(run("Asin", 7, {-0.0, 0.0, 2}), {-0.0, 0.0, nan}));
  CHECK(same_values(run("Atanh", 9, {1, -1, 1.5, -0.0}), {inf, -inf, nan, -0.0}));
  CHECK(same_values(run("Acosh", 9, {1, 0.999, inf, -inf}), {0, nan, inf, nan}));
  CHECK(same_values(run("Atan", 7, {inf, -inf, -0.0}), {0x1.921fb54442d18p+0, -0x1.921fb54442d18p+0, -0.0}));
  CHECK(same_values(run("Log", 13, {0, -0.0, -1, inf, -inf}), {-inf, -inf, nan, inf, nan}));
  CHECK(same_values(run("Sqrt", 13, {-0.0, -1, inf, -inf}), {-0.0, nan, inf, nan}));
  CHECK(same_values(run("Reciprocal", 13, {0, -0.0, inf, -inf}), {inf, -inf, 0, -0.0}));
  CHECK(same_values(run("Exp", 13, {-inf, inf, 710, -746}), {0, inf, inf, 0}));
  CHECK(same_values(run("Sinh", 9, {-711, 711, -0.0}), {-inf, inf, -0.0}));
  CHECK(same_values(run("Cosh", 9, {-711, -inf, 0}), {inf, inf, 1}));
  CHECK(same_values(run("Tanh", 13, {inf, -inf, -0.0, 20, -1e300}), {1, -1, -0.0, 1, -1}));
  CHECK(same_values(run("Erf", 13, {inf, -inf, -0.0, 6, -30}), {1, -1, -0.0, 1, -1}));
  CHECK(same_values(run("Sin", 7, {inf, -0.0}), {nan, -0.0}));
  CHECK(same_values(run("Cos", 7, {-inf}), {nan}));
  CHECK(same_values(run("Tan", 7, {inf, -0.0}), {nan, -0.0}));
  // Overflow per format: float16's largest is 65504; e^11 = 59874.1 rounds to 59872 (spacing
  // 32 above 32768), e^12 = 162754.8 overflows; cosh(12) too.
  CHECK(same_values(values_of<Float16>(run_node_output("Exp", 13, {vec_of<Float16>({11, 12})})), {59872, inf}));
  CHECK(same_values(values_of<Float16>(run_node_output("Cosh", 9, {vec_of<Float16>({12})})), {inf}));
  // float: reciprocal of the smallest normal 2^-126 is 2^126; of 2^-128 (subnormal) it is
  // 2^128, which overflows.
  CHECK(same_values(values_of<float>(run_node_output("Reciprocal", 13, {vec<float>({0x1p-126f, 0x1p-128f})})),
                    {0x1p126, inf}));
  // Subnormals survive: sinh(2^-24) in float16 is 2^-24 (the next term is 2^-72/6).
  CHECK(values_of<Float16>(run_node_output("Sinh", 9, {vec_of<Float16>({0x1p-24})})) == std::vector<double>{0x1p-24});
  auto r = run_node("Exp", 13, {vec_of<float>({nan, inf})});
  CHECK(r.semantics.category == Semantics::kDefined);
}

TEST_CASE("math: Erf of integers truncates the real erf toward zero (implementation-defined)", "[Erf][v9][v13]") {
  auto zero = run_node("Erf", 9, {vec<int32_t>({0, 0})});
  CHECK(zero.outputs[0] == vec<int32_t>({0, 0}));
  CHECK(zero.semantics.category == Semantics::kDefined);
  // erf(1) = 0.8427..., erf(-3) = -0.99997...: both truncate to 0.
  auto r = run_node("Erf", 9, {vec<int64_t>({1, -3, 100, INT64_MIN})});
  CHECK(r.outputs[0] == vec<int64_t>({0, 0, 0, 0}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node_output("Erf", 9, {vec<uint8_t>({255})}) == vec<uint8_t>({0}));
  CHECK(run_node_output("Erf", 9, {vec<int8_t>({-128, 0, 127})}) == vec<int8_t>({0, 0, 0}));
  // Float inputs at Erf-9 are correctly rounded like Erf-13: erf(0.5) = 0.5204998778...
  CHECK(values_of<double>(run_node_output("Erf", 9, {vec_of<double>({0.5})})) ==
        std::vector<double>{0x1.0a7ef5c18edd2p-1});
}

TEST_CASE("math: shapes pass through: scalar, empty, rank 6", "[math]") {
  CHECK(run_node_output("Exp", 13, {Tensor::from_values<float>({}, {0.0f})}).shape() == Shape{});
  CHECK(run_node_output("Log", 13, {Tensor(DType::kDouble, {2, 0, 3})}).shape() == Shape{2, 0, 3});
  CHECK(run_node_output("Sin", 7, {Tensor(DType::kFloat16, {2, 1, 2, 1, 3, 2})}).shape() == Shape{2, 1, 2, 1, 3, 2});
}

// ---------------------------------------------------------------------------------------
// Bit-for-bit against the oracle, every float type each op allows.

TEST_CASE("math: every op agrees bit for bit with the independent oracle", "[math][oracle]") {
  for (const auto& o : op_oracles()) {
    SECTION(o.op) {
      check_against_oracle<Float16>(o);
      check_against_oracle<float>(o);
      check_against_oracle<double>(o);
      if (o.bfloat16) check_against_oracle<BFloat16>(o);
    }
  }
}

TEST_CASE("math: every version of an op gives the same values", "[Tanh][Exp][Log][Sqrt][Reciprocal][Erf][v1][v6][v9][v13]") {
  std::mt19937_64 rng(7);
  const Tensor x = vec<float>([&] {
    std::vector<float> v;
    for (float d : test_inputs<float>(rng)) v.push_back(d);
    return v;
  }());
  for (const char* op : {"Tanh", "Exp", "Log", "Sqrt", "Reciprocal"}) {
    const auto at13 = values_of<float>(run_node_output(op, 13, {x}));
    CHECK(same_values(values_of<float>(run_node_output(op, 1, {x})), at13));
    CHECK(same_values(values_of<float>(run_node_output(op, 6, {x})), at13));
  }
  CHECK(same_values(values_of<float>(run_node_output("Erf", 9, {x})), values_of<float>(run_node_output("Erf", 13, {x}))));
}

// Hidden (about a minute): every float16 and bfloat16 input of every op.
TEST_CASE("math: every 16-bit input agrees with the oracle", "[.][math-exhaustive]") {
  for (const auto& o : op_oracles()) {
    SECTION(o.op) {
      check_against_oracle<Float16>(o, every_16_bit_value<Float16>());
      if (o.bfloat16) check_against_oracle<BFloat16>(o, every_16_bit_value<BFloat16>());
    }
  }
}
