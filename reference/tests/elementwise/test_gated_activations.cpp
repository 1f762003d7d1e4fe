// Mish (18, 22), Gelu (20, both forms), Swish (24): what each version accepts and
// refuses, values by hand, what ONNX leaves open, and every float16 and bfloat16 bit
// pattern plus edge and random float/double inputs, bit for bit against an independent
// oracle (oracle.h's rounders; never the kernels' formulas):
// - Mish: x u(u + 2)/(u^2 + 2u + 2) with u = e^x for x < 0, and x (1 + 2w)/(1 + 2w + 2w^2)
//   with w = e^-x for x >= 0 (tanh(ln(1 + u)) written out), at 600 bits;
// - Gelu "none": the text's x/2 (1 + erf(x/sqrt 2)) with erf, at 300 + 1.5 x^2 bits (the
//   cancellation of 1 + erf for x < 0 costs x^2/(2 ln 2) bits); below x = -50 the value is under
//   e^-1250 and the oracle gives -0;
// - Gelu "tanh": the text's x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) with 0.044715
//   read from its decimal string, at 300 + 3|x| + 0.11|x|^3 bits for x < 0 (the
//   cancellation of 1 + tanh); below x = -30 the oracle gives -0 (value under e^-1970);
// - Swish: x (1 + tanh(t/2))/2 for t = alpha x >= 0, x e^t/(1 + e^t) for t < 0, 600 bits.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "reference/tests/oracle.h"
#include "reference/tests/oracle_check.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::oracle;

namespace {


// Every bit pattern of a 16-bit type; edges, random bit patterns and random values of
// the others.
template <class T>
std::vector<T> inputs_for(uint64_t seed) {
  std::vector<T> out;
  if constexpr (is_small_float<T>) {
    for (uint32_t b = 0; b <= 0xFFFF; ++b) out.push_back(T{static_cast<uint16_t>(b)});
  } else {
    for (double d : std::initializer_list<double>{0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 1e-3, -1e-3, 20.0, -20.0, 24.9, -24.9, 25.0, -25.0, 38.9,
                     -38.9, 39.0, -39.0, 40.0, -40.0, 63.9, 64.0, -799.0, -800.0, 1e4, -1e4, 1e30, -1e30, 1e300, -1e300,
                     INFINITY, -INFINITY, NAN, std::numeric_limits<double>::denorm_min(),
                     -std::numeric_limits<double>::denorm_min(), 0x1p-140, -0x1p-140, 3.3895313892515355e38,
                     -3.3895313892515355e38})
      out.push_back(near_value<T>(d));
    std::mt19937_64 rng(seed);
    const int bits = sizeof(T) == 4 ? 32 : 64;
    for (int i = 0; i < 300; ++i) out.push_back(from_bits<T>(bits == 64 ? rng() : rng() & 0xFFFFFFFFu));
    std::uniform_real_distribution<double> wide(-45, 45), narrow(-4, 4);
    for (int i = 0; i < 300; ++i) out.push_back(near_value<T>(wide(rng)));
    for (int i = 0; i < 200; ++i) out.push_back(near_value<T>(narrow(rng)));
  }
  return out;
}

template <class T>
void check_against(const std::string& op, int opset, const std::vector<onnx::AttributeProto>& attrs,
                   const std::function<double(double)>& oracle_fn, uint64_t seed) {
  check_outputs_against<T>(op, opset, attrs, oracle_fn, inputs_for<T>(seed));
}


// Bits to add to a working precision so that 1 + v keeps every bit of a tiny v (x/2 is a
// midpoint of T for an odd subnormal x, and x g(x) differs from it by about x^2).
mpfr_prec_t tiny_bits(double v) { return v == 0 || std::isinf(v) ? 0 : std::max(0, -std::ilogb(v)); }

// The limit at -inf and other values fixed by the formula before any rounding.
std::optional<double> fixed(double x) {
  if (std::isnan(x)) return NAN;
  if (x == 0) return x;
  if (x == INFINITY) return x;
  if (x == -INFINITY) return -0.0;
  return std::nullopt;
}

template <class T>
double mish_oracle(double x) {
  if (auto f = fixed(x)) return *f;
  Big v(600), e(600), n(600), d(600);
  mpfr_set_d(v, std::fabs(x), MPFR_RNDN);
  if (x < 0) {
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_exp(e, v, MPFR_RNDN);           // u
    mpfr_add_ui(n, e, 2, MPFR_RNDN);     // u + 2
    mpfr_mul(n, n, e, MPFR_RNDN);        // u(u + 2)
    mpfr_add_ui(d, n, 2, MPFR_RNDN);     // u^2 + 2u + 2
  } else {
    mpfr_neg(e, v, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);           // w
    mpfr_mul_2ui(n, e, 1, MPFR_RNDN);
    mpfr_add_ui(n, n, 1, MPFR_RNDN);     // 1 + 2w
    mpfr_sqr(d, e, MPFR_RNDN);
    mpfr_mul_2ui(d, d, 1, MPFR_RNDN);
    mpfr_add(d, d, n, MPFR_RNDN);        // 1 + 2w + 2w^2
  }
  mpfr_div(n, n, d, MPFR_RNDN);
  mpfr_set_d(v, x, MPFR_RNDN);
  mpfr_mul(v, v, n, MPFR_RNDN);
  return round_to<T>(v, 1);
}

template <class T>
double gelu_erf_oracle(double x) {
  if (auto f = fixed(x)) return *f;
  if (x < -50) return -0.0;
  const auto p = static_cast<mpfr_prec_t>(x < 0 ? 300 + 1.5 * x * x : 300) + tiny_bits(x);
  Big v(p), s(p);
  mpfr_set_d(v, x, MPFR_RNDN);
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_div(s, v, s, MPFR_RNDN);
  mpfr_erf(s, s, MPFR_RNDN);
  mpfr_add_ui(s, s, 1, MPFR_RNDN);
  mpfr_mul(v, v, s, MPFR_RNDN);
  mpfr_div_2ui(v, v, 1, MPFR_RNDN);
  return round_to<T>(v, 1);
}

template <class T>
double gelu_tanh_oracle(double x) {
  if (auto f = fixed(x)) return *f;
  if (x < -30) return -0.0;
  const double a = std::fabs(x);
  Big v(static_cast<mpfr_prec_t>(x < 0 ? 300 + 3 * a + 0.11 * a * a * a : 300) + tiny_bits(x));
  const mpfr_prec_t p = mpfr_get_prec(v.get());
  Big k(p), c(p), z(p);
  mpfr_set_str(k, "0.044715", 10, MPFR_RNDN);
  mpfr_set_d(v, x, MPFR_RNDN);
  mpfr_pow_ui(z, v, 3, MPFR_RNDN);
  mpfr_mul(z, z, k, MPFR_RNDN);
  mpfr_add(z, z, v, MPFR_RNDN);
  mpfr_const_pi(c, MPFR_RNDN);
  mpfr_ui_div(c, 2, c, MPFR_RNDN);
  mpfr_sqrt(c, c, MPFR_RNDN);
  mpfr_mul(z, z, c, MPFR_RNDN);
  mpfr_tanh(z, z, MPFR_RNDN);
  mpfr_add_ui(z, z, 1, MPFR_RNDN);
  mpfr_mul(v, v, z, MPFR_RNDN);
  mpfr_div_2ui(v, v, 1, MPFR_RNDN);
  return round_to<T>(v, 1);
}

template <class T>
double swish_oracle(double alpha, double x) {
  if (std::isnan(x)) return NAN;
  if (x == 0) return x;
  if (std::isinf(x)) return alpha * x > 0 || alpha == 0 ? x : (x > 0 ? 0.0 : -0.0);
  const mpfr_prec_t p = 600 + (alpha == 0 ? 0 : tiny_bits(x) + tiny_bits(alpha));
  Big v(p), t(p), e(p);
  mpfr_set_d(t, alpha, MPFR_RNDN);
  mpfr_mul_d(t, t, x, MPFR_RNDN);
  mpfr_set_d(v, x, MPFR_RNDN);
  if (mpfr_cmp_si(t.get(), -1) >= 0) {
    mpfr_div_2ui(t, t, 1, MPFR_RNDN);
    mpfr_tanh(t, t, MPFR_RNDN);
    mpfr_add_ui(t, t, 1, MPFR_RNDN);
    mpfr_div_2ui(t, t, 1, MPFR_RNDN);
  } else {
    mpfr_exp(e, t, MPFR_RNDN);
    mpfr_add_ui(t, e, 1, MPFR_RNDN);
    mpfr_div(t, e, t, MPFR_RNDN);
  }
  mpfr_mul(v, v, t, MPFR_RNDN);
  return round_to<T>(v, alpha == 0 ? 0 : 1);
}

void refused(const std::string& op, int opset, const std::vector<Tensor>& in, const std::string& what,
             const std::vector<onnx::AttributeProto>& attrs = {}) {
  INFO(op << "-" << opset << ": " << what);
  try {
    run_node(op, opset, in, attrs);
    FAIL("accepted");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains(what));
  }
}

}  // namespace

TEST_CASE("gated activations: types and attributes by version", "[Mish][Gelu][Swish][v18][v20][v22][v24]") {
  const Tensor bf = vec<BFloat16>({BFloat16{0x3F80}}), i32 = vec<int32_t>({1});
  refused("Mish", 18, {bf}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Mish", 22, {bf}));
  refused("Mish", 22, {i32}, "tensor(int32)");
  refused("Mish", 17, {vec<float>({1})}, "Mish");
  CHECK_NOTHROW(run_node("Gelu", 20, {bf}));
  refused("Gelu", 20, {i32}, "tensor(int32)");
  refused("Gelu", 20, {vec<float>({1})}, "approximate must be \"none\" or \"tanh\"", {make_attr("approximate", std::string("exact"))});
  refused("Gelu", 20, {vec<float>({1})}, "approximate", {make_attr("approximate", int64_t{1})});
  refused("Gelu", 19, {vec<float>({1})}, "Gelu");
  CHECK_NOTHROW(run_node("Swish", 24, {bf}));
  refused("Swish", 24, {i32}, "tensor(int32)");
  refused("Swish", 24, {vec<float>({1})}, "alpha", {make_attr("alpha", int64_t{1})});
  refused("Swish", 23, {vec<float>({1})}, "Swish");
}

TEST_CASE("gated activations by hand", "[Mish][Gelu][Swish][v18][v20][v24]") {
  // Phi(1) = 0.841344746068542948...; sigmoid(1) = 0.731058578630004879...;
  // tanh(ln(1 + e)) = 0.865098388267310...: the doubles nearest x g(x) at x = 1.
  CHECK(tensor_doubles(run_node_output("Gelu", 20, {vec<double>({1})})) == std::vector<double>{0.8413447460685429});
  CHECK(tensor_doubles(run_node_output("Swish", 24, {vec<double>({1})})) == std::vector<double>{0.7310585786300049});
  CHECK(tensor_doubles(run_node_output("Mish", 18, {vec<double>({1})})) == std::vector<double>{0.8650983882673103});
  // alpha = 0: sigmoid(0) = 1/2, so x/2 exactly (3 -> 1.5, the smallest subnormal -> +0 by
  // ties to even); alpha = 2 at x = 0: 0.
  CHECK(tensor_doubles(run_node_output("Swish", 24, {vec<float>({3, -5, 0x1p-149f})}, {make_attr("alpha", 0.0f)})) ==
        std::vector<double>{1.5, -2.5, 0});
  // Signed zeros stay; far tails are x itself or -0.
  CHECK(tensor_doubles(run_node_output("Gelu", 20, {vec<float>({-0.0f, 0.0f, 50, -50})})) == std::vector<double>{-0.0, 0.0, 50, -0.0});
  CHECK(std::signbit(tensor_doubles(run_node_output("Gelu", 20, {vec<float>({-0.0f, -50})}))[1]));
  CHECK(std::signbit(tensor_doubles(run_node_output("Mish", 18, {vec<float>({-0.0f})}))[0]));
  CHECK(std::signbit(tensor_doubles(run_node_output("Gelu", 20, {vec<float>({-30})}, {make_attr("approximate", std::string("tanh"))}))[0]));
  CHECK(tensor_doubles(run_node_output("Mish", 18, {vec<float>({INFINITY, 100})})) == std::vector<double>{INFINITY, 100});
}

TEST_CASE("gated activations: what ONNX leaves open is marked", "[Mish][Gelu][Swish][v18][v20][v24]") {
  for (const char* op : {"Mish", "Gelu"}) {
    const int v = op[0] == 'M' ? 18 : 20;
    auto r = run_node(op, v, {vec<float>({-INFINITY})});
    CHECK(tensor_doubles(r.outputs[0]) == std::vector<double>{-0.0});
    CHECK(std::signbit(tensor_doubles(r.outputs[0])[0]));
    CHECK(r.semantics.category == Semantics::kImplementationDefined);
    CHECK(run_node(op, v, {vec<float>({INFINITY, NAN, 1, -0.0f})}).semantics.category == Semantics::kDefined);
  }
  auto t = run_node("Gelu", 20, {vec<double>({-INFINITY})}, {make_attr("approximate", std::string("tanh"))});
  CHECK(t.semantics.category == Semantics::kImplementationDefined);
  // Swish: alpha x -> -inf gives x's signed zero; alpha = 0 gives x (x/2); both marked.
  auto s = run_node("Swish", 24, {vec<float>({-INFINITY, INFINITY})});
  CHECK(tensor_doubles(s.outputs[0])[1] == INFINITY);
  CHECK(std::signbit(tensor_doubles(s.outputs[0])[0]));
  CHECK(s.semantics.category == Semantics::kImplementationDefined);
  auto n = run_node("Swish", 24, {vec<float>({INFINITY, -INFINITY})}, {make_attr("alpha", -1.0f)});
  CHECK(tensor_doubles(n.outputs[0]) == std::vector<double>{0.0, -INFINITY});
  CHECK(n.semantics.category == Semantics::kImplementationDefined);
  auto z = run_node("Swish", 24, {vec<float>({INFINITY})}, {make_attr("alpha", 0.0f)});
  CHECK(tensor_doubles(z.outputs[0]) == std::vector<double>{INFINITY});
  CHECK(z.semantics.category == Semantics::kImplementationDefined);
  auto u = run_node("Swish", 24, {vec<float>({0, 2, -2})}, {make_attr("alpha", INFINITY)});
  const auto uv = tensor_doubles(u.outputs[0]);
  CHECK(std::isnan(uv[0]));
  CHECK(uv[1] == 2);
  CHECK((uv[2] == 0 && std::signbit(uv[2])));
  CHECK(u.semantics.category == Semantics::kUndefined);
  CHECK(run_node("Swish", 24, {vec<float>({2, -2})}, {make_attr("alpha", INFINITY)}).semantics.category ==
        Semantics::kDefined);
}

TEST_CASE("Mish against the oracle", "[Mish][v18][v22]") {
  for_float_types(true, [&]<class T>() { check_against<T>("Mish", 22, {}, mish_oracle<T>, 181); });
  check_against<Float16>("Mish", 18, {}, mish_oracle<Float16>, 182);
  check_against<float>("Mish", 18, {}, mish_oracle<float>, 183);
}

TEST_CASE("Gelu (none) against the oracle", "[Gelu][v20]") {
  for_float_types(true, [&]<class T>() { check_against<T>("Gelu", 20, {}, gelu_erf_oracle<T>, 201); });
  check_against<float>("Gelu", 20, {make_attr("approximate", std::string("none"))}, gelu_erf_oracle<float>, 202);
}

TEST_CASE("Gelu (tanh) against the oracle", "[Gelu][v20]") {
  const auto tanh_form = make_attr("approximate", std::string("tanh"));
  for_float_types(true, [&]<class T>() { check_against<T>("Gelu", 20, {tanh_form}, gelu_tanh_oracle<T>, 203); });
}

TEST_CASE("Swish against the oracle", "[Swish][v24]") {
  for_float_types(true, [&]<class T>() {
    check_against<T>("Swish", 24, {}, [](double x) { return swish_oracle<T>(1.0, x); }, 241);
  });
  for (float alpha : {0.5f, -1.5f, 1.702f, 3e-40f, 1e30f, 0.0f}) {
    INFO("alpha " << alpha);
    auto with = [&](double x) { return swish_oracle<double>(alpha, x); };
    check_against<double>("Swish", 24, {make_attr("alpha", alpha)}, with, 242);
    check_against<float>("Swish", 24, {make_attr("alpha", alpha)}, [&](double x) { return swish_oracle<float>(alpha, x); }, 243);
  }
  check_against<Float16>("Swish", 24, {make_attr("alpha", 0.5f)}, [](double x) { return swish_oracle<Float16>(0.5, x); }, 244);
  check_against<BFloat16>("Swish", 24, {make_attr("alpha", -1.5f)}, [](double x) { return swish_oracle<BFloat16>(-1.5, x); }, 245);
}
