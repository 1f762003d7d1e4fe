// Activations: Sigmoid, Softplus, Softsign, Elu, Selu, Celu, HardSigmoid, HardSwish,
// Relu, LeakyRelu, PRelu, ThresholdedRelu, Shrink — what each version accepts and
// refuses, values worked out by hand, and float results bit for bit against an
// independent oracle.
//
// Oracle (never the kernels' formulas): each op's formula in a different form, in MPFR
// at 600-2400 bits or in exact rationals (GMP mpq), rounded by oracle.h's round_to:
// - sigmoid: (1 + tanh(x/2)) / 2 for x >= 0, e^x / (1 + e^x) for x < 0;
// - softplus: x + ln(1 + e^-x) for x > 0, ln(1 + e^x) at 600 + 3|x| bits for x <= 0 (the
//   1 + e^x keeps every bit of e^x), and +0 below -2000 (the value is under e^-2000);
// - softsign: sign(x) (1 - 1/(1 + |x|)) at 2400 bits; ±inf gives the limit ±1;
// - Elu, Selu, Celu: the spec's forms alpha (e^x - 1), gamma (alpha e^x - alpha),
//   max(0, x) + min(0, alpha (e^(x/alpha) - 1)) at 2400 bits; below x = -1200 the value is
//   within 2^-1700 |alpha| of -alpha on the side toward zero, so the oracle rounds
//   -alpha nudged toward zero at 3000 bits;
// - HardSigmoid, HardSwish, LeakyRelu, PRelu, Selu (x > 0), Shrink: exact rationals.
// Inputs per float type: edge values (±0, subnormals, ±1, largest, ±inf, NaN, branch
// points), random bit patterns and random values in [-40, 40].
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "onnx/defs/schema.h"
#include "reference/tests/oracle.h"
#include "reference/tests/oracle_check.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::oracle;

namespace {



// Exact rationals.
class Rational {
 public:
  Rational() { mpq_init(q_); }
  explicit Rational(double d) : Rational() { mpq_set_d(q_, d); }
  ~Rational() { mpq_clear(q_); }
  Rational(const Rational&) = delete;
  Rational& operator=(const Rational&) = delete;
  operator mpq_ptr() { return q_; }

 private:
  mpq_t q_;
};

// q (exact) rounded to T by the oracle's rounder.
template <class T>
double round_rational(mpq_ptr q) {
  Big v(4000);
  const int ternary = mpfr_set_q(v, q, MPFR_RNDN);
  return round_to<T>(v, ternary);
}

// The T value nearest -a(1 - tiny): -a nudged toward zero at 3000 bits.
template <class T>
double just_inside(double a) {
  Big v(3000);
  mpfr_set_d(v, -a, MPFR_RNDN);
  if (a > 0) mpfr_nextabove(v);
  else if (a < 0) mpfr_nextbelow(v);
  return round_to<T>(v, 0);
}

// Inputs for a float type: edges, random bit patterns, random values in [-40, 40].
template <class T>
std::vector<T> sample_inputs(uint64_t seed, std::vector<double> extra = {}) {
  std::vector<double> edges = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 6.0, -6.0,
                               1e-3, -1e-3, 20.0, -20.0, 40.0, -40.0, 100.0, -100.0, 700.0, -700.0,
                               1e4, -1e4, 1e30, -1e30, 1e300, -1e300, INFINITY, -INFINITY, NAN,
                               std::numeric_limits<double>::denorm_min(), -std::numeric_limits<double>::denorm_min(),
                               0x1p-20, -0x1p-20, 0x1p-140, -0x1p-140, 65504.0, -65504.0, 3.3895313892515355e38,
                               -3.3895313892515355e38, std::numeric_limits<double>::max(),
                               -std::numeric_limits<double>::max(), 2.9999999999999996, -2.9999999999999996};
  edges.insert(edges.end(), extra.begin(), extra.end());
  std::vector<T> out;
  for (double d : edges) out.push_back(near_value<T>(d));
  std::mt19937_64 rng(seed);
  const int bits = sizeof(T) == 2 ? 16 : sizeof(T) == 4 ? 32 : 64;
  for (int i = 0; i < 300; ++i) out.push_back(from_bits<T>(bits == 64 ? rng() : rng() & ((uint64_t{1} << bits) - 1)));
  std::uniform_real_distribution<double> uniform(-40, 40);
  for (int i = 0; i < 300; ++i) out.push_back(near_value<T>(uniform(rng)));
  std::uniform_real_distribution<double> small(-4, 4);
  for (int i = 0; i < 200; ++i) out.push_back(near_value<T>(small(rng)));
  return out;
}

// Runs op on every sample of T and compares each result with oracle(x).
template <class T>
void check_against(const std::string& op, int opset, const std::vector<onnx::AttributeProto>& attrs,
                   const std::function<double(double)>& oracle_fn, uint64_t seed, std::vector<double> extra = {}) {
  check_outputs_against<T>(op, opset, attrs, oracle_fn, sample_inputs<T>(seed, extra));
}


// ---------------------------------------------------------------------------------------
// Oracles: each takes the exact input and returns the expected value in T.

template <class T>
double sigmoid_oracle(double x) {
  Big v(600), t(600);
  mpfr_set_d(v, x, MPFR_RNDN);
  if (std::isnan(x)) return NAN;
  if (x >= 0) {
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    mpfr_tanh(v, v, MPFR_RNDN);
    mpfr_add_ui(v, v, 1, MPFR_RNDN);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
  } else {
    mpfr_exp(v, v, MPFR_RNDN);
    mpfr_add_ui(t, v, 1, MPFR_RNDN);
    mpfr_div(v, v, t, MPFR_RNDN);
  }
  return round_to<T>(v, x == 0 ? 0 : 1);
}

template <class T>
double softplus_oracle(double x) {
  if (std::isnan(x)) return NAN;
  if (x < -2000) return 0.0;
  const mpfr_prec_t p = x > 0 ? 600 : 600 + static_cast<mpfr_prec_t>(3 * -x);
  Big v(p), e(p);
  mpfr_set_d(v, x, MPFR_RNDN);
  if (x > 0) {
    mpfr_neg(e, v, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    mpfr_log1p(e, e, MPFR_RNDN);
    mpfr_add(v, v, e, MPFR_RNDN);
  } else {
    mpfr_exp(e, v, MPFR_RNDN);
    mpfr_add_ui(e, e, 1, MPFR_RNDN);
    mpfr_log(v, e, MPFR_RNDN);
  }
  return round_to<T>(v, 1);
}

template <class T>
double softsign_oracle(double x) {
  if (std::isnan(x)) return NAN;
  if (std::isinf(x)) return x > 0 ? 1.0 : -1.0;
  if (x == 0) return x;
  Big v(2400);
  mpfr_set_d(v, std::fabs(x), MPFR_RNDN);
  mpfr_add_ui(v, v, 1, MPFR_RNDN);
  mpfr_ui_div(v, 1, v, MPFR_RNDN);
  const int t = mpfr_ui_sub(v, 1, v, MPFR_RNDN);
  if (x < 0) mpfr_neg(v, v, MPFR_RNDN);
  return round_to<T>(v, x < 0 ? -t : t);
}

// scale * (e^x - 1) for x < 0, as the spec writes it.
template <class T>
double scaled_exp_minus_one(double scale, double x) {
  if (x == 0) return scale * x;  // the documented choice: a zero keeps the sign of x (times scale's)
  if (x < -1200) return just_inside<T>(scale);
  Big v(2400), s(2400);
  mpfr_set_d(v, x, MPFR_RNDN);
  mpfr_set_d(s, scale, MPFR_RNDN);
  mpfr_exp(v, v, MPFR_RNDN);
  mpfr_sub_ui(v, v, 1, MPFR_RNDN);
  mpfr_mul(v, v, s, MPFR_RNDN);
  return round_to<T>(v, 1);
}

template <class T>
double product_oracle(double a, double b) {
  // Infinities, NaN and zeros: IEEE's product is exact, and signs its zeros.
  if (!std::isfinite(a) || !std::isfinite(b) || a == 0 || b == 0) return a * b;
  Rational q(a), r(b);
  mpq_mul(q, q, r);
  return round_rational<T>(q);
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Spec rules.

TEST_CASE("activation defaults are the schema's float32 values", "[Selu][Elu][HardSigmoid][LeakyRelu]") {
  struct Default {
    const char* op;
    int version;
    const char* attr;
    float value;
  };
  // The values the kernels use when the attribute is absent.
  const std::vector<Default> defaults = {
      {"Selu", 1, "alpha", 1.6732f}, {"Selu", 1, "gamma", 1.0507f},
      {"Selu", 6, "alpha", 1.67326319217681884765625f}, {"Selu", 6, "gamma", 1.05070102214813232421875f},
      {"Elu", 1, "alpha", 1.0f}, {"Elu", 6, "alpha", 1.0f}, {"Celu", 12, "alpha", 1.0f},
      {"HardSigmoid", 6, "alpha", 0.2f}, {"HardSigmoid", 6, "beta", 0.5f}, {"LeakyRelu", 16, "alpha", 0.01f},
      {"ThresholdedRelu", 10, "alpha", 1.0f}, {"Shrink", 9, "lambd", 0.5f}, {"Shrink", 9, "bias", 0.0f},
  };
  for (const auto& d : defaults) {
    const auto* schema = onnx::OpSchemaRegistry::Schema(d.op, d.version);
    REQUIRE(schema != nullptr);
    const auto& attr = schema->attributes().at(d.attr);
    INFO(d.op << "-" << d.version << " " << d.attr);
    CHECK(attr.default_value.f() == d.value);
    // And the kernel uses it: Selu/Elu at x = -1, others where the attribute shows.
  }
  // Selu-1 vs Selu-6 at x = 1: gamma * 1 is gamma itself.
  CHECK(tensor_doubles(run_node_output("Selu", 1, {vec<float>({1})})) == std::vector<double>{1.0507f});
  CHECK(tensor_doubles(run_node_output("Selu", 6, {vec<float>({1})})) == std::vector<double>{1.05070102214813232421875});
}

TEST_CASE("activations: each version admits exactly its types", "[Relu][LeakyRelu][PRelu][Sigmoid][Shrink][Celu]") {
  const Tensor i32 = vec<int32_t>({-2, 3}), u32 = vec<uint32_t>({2, 3}), i8 = vec<int8_t>({-2, 3});
  const Tensor bf = vec<BFloat16>({BFloat16{0x3f80}}), f32 = vec<float>({1}), f64 = vec<double>({1});
  auto refuses = [](const std::string& op, int v, const std::vector<Tensor>& in, const std::string& type) {
    INFO(op << "-" << v << " " << type);
    try {
      run_node(op, v, in);
      FAIL("accepted");
    } catch (const Error& e) {
      CHECK(e.kind() == ErrorKind::kInvalidModel);
      CHECK_THAT(e.what(), Catch::Contains(op + "-" + std::to_string(v)) && Catch::Contains(type));
    }
  };
  refuses("Relu", 13, {i32}, "tensor(int32)");
  CHECK(run_node_output("Relu", 14, {i32}) == vec<int32_t>({0, 3}));
  CHECK(run_node_output("Relu", 14, {i8}) == vec<int8_t>({0, 3}));
  refuses("Relu", 14, {u32}, "tensor(uint32)");
  refuses("Relu", 6, {bf}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Relu", 13, {bf}));
  refuses("Sigmoid", 6, {bf}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Sigmoid", 13, {bf}));
  refuses("LeakyRelu", 6, {bf}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("LeakyRelu", 16, {bf}));
  refuses("LeakyRelu", 16, {i32}, "tensor(int32)");
  refuses("PRelu", 7, {i32, i32}, "tensor(int32)");
  CHECK(run_node_output("PRelu", 9, {i32, vec<int32_t>({5})}) == vec<int32_t>({-10, 3}));
  CHECK(run_node_output("PRelu", 9, {u32, vec<uint32_t>({5})}) == u32);
  refuses("PRelu", 9, {bf, bf}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("PRelu", 16, {bf, bf}));
  refuses("Celu", 12, {f64}, "tensor(double)");
  refuses("Softplus", 1, {i32}, "tensor(int32)");
  refuses("HardSwish", 14, {bf}, "tensor(bfloat16)");
  CHECK(run_node_output("Shrink", 9, {vec<uint8_t>({0, 1, 200})}) == vec<uint8_t>({0, 1, 200}));
  refuses("Shrink", 9, {bf}, "tensor(bfloat16)");
  (void)f32;
}

TEST_CASE("legacy consumed_inputs only in version 1; attribute kinds are checked",
          "[Relu][v1][v6][Elu][Selu][Sigmoid][HardSigmoid][LeakyRelu][PRelu]") {
  const Tensor x = vec<float>({-1, 1});
  const auto consumed = make_attr("consumed_inputs", std::vector<int64_t>{0});
  for (const char* op : {"Relu", "Elu", "Selu", "Sigmoid", "HardSigmoid", "LeakyRelu"}) {
    INFO(op);
    CHECK_NOTHROW(run_node(op, 1, {x}, {consumed}));
    CHECK_THROWS_WITH(run_node(op, 6, {x}, {consumed}), Catch::Contains("consumed_inputs"));
  }
  CHECK_NOTHROW(run_node("PRelu", 1, {x, vec<float>({2})}, {consumed}));
  CHECK_THROWS_WITH(run_node("LeakyRelu", 6, {x}, {make_attr("alpha", int64_t{1})}), Catch::Contains("alpha"));
  CHECK_THROWS_WITH(run_node("Shrink", 9, {x}, {make_attr("lambd", std::string("a"))}), Catch::Contains("lambd"));
  CHECK_THROWS_WITH(run_node("Relu", 14, {x}, {make_attr("alpha", 1.0f)}), Catch::Contains("alpha"));
}

TEST_CASE("PRelu slope shapes: one element or X's shape before 7, unidirectional from 7", "[PRelu][v1][v6][v7]") {
  Tensor x = Tensor::from_values<float>({2, 3}, {-1, -2, -3, 4, -5, 6});
  const Tensor row = Tensor::from_values<float>({3}, {1, 2, 3});
  const Tensor same = Tensor::from_values<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor one = Tensor::from_values<float>({1, 1, 1}, {0.5f});
  CHECK(run_node_output("PRelu", 6, {x, one}) == Tensor::from_values<float>({2, 3}, {-0.5f, -1, -1.5f, 4, -2.5f, 6}));
  CHECK(run_node_output("PRelu", 6, {x, same}) == Tensor::from_values<float>({2, 3}, {-1, -4, -9, 4, -25, 6}));
  CHECK_THROWS_WITH(run_node("PRelu", 6, {x, row}), Catch::Contains("PRelu-6") && Catch::Contains("one element"));
  CHECK(run_node_output("PRelu", 7, {x, row}) == Tensor::from_values<float>({2, 3}, {-1, -4, -9, 4, -10, 6}));
  const Tensor column = Tensor::from_values<float>({2, 1}, {1, 10});
  CHECK(run_node_output("PRelu", 16, {x, column}) == Tensor::from_values<float>({2, 3}, {-1, -2, -3, 4, -50, 6}));
  // Slope may not stretch X: (2, 3) slope against (3,) X.
  CHECK_THROWS_WITH(run_node("PRelu", 7, {row, same}), Catch::Contains("PRelu-7"));
  CHECK_THROWS_WITH(run_node("PRelu", 7, {x, Tensor::from_values<float>({2}, {1, 2})}), Catch::Contains("PRelu-7"));
  CHECK(run_node_output("PRelu", 7, {Tensor(DType::kFloat, {0, 3}), row}) == Tensor(DType::kFloat, {0, 3}));
}

// ---------------------------------------------------------------------------------------
// Values by hand.

TEST_CASE("hand-computed values", "[Relu][LeakyRelu][ThresholdedRelu][Shrink][HardSigmoid][HardSwish][Elu][Celu]") {
  CHECK(tensor_doubles(run_node_output("Relu", 6, {vec<float>({-2, -0.0f, 0, 3.5f})})) == std::vector<double>{0, 0, 0, 3.5});
  CHECK_FALSE(std::signbit(tensor_doubles(run_node_output("Relu", 6, {vec<float>({-0.0f})}))[0]));
  CHECK(run_node_output("Relu", 14, {vec<int64_t>({INT64_MIN, -1, 0, INT64_MAX})}) ==
        vec<int64_t>({0, 0, 0, INT64_MAX}));
  // 0.01f * -100 = -0.999999977648258209228515625 (0.01f is
  // 0.00999999977648258209228515625), exact in double; in float it rounds to -1.
  CHECK(tensor_doubles(run_node_output("LeakyRelu", 6, {vec<double>({-100, 5})})) ==
        std::vector<double>{-0.999999977648258209228515625, 5});
  CHECK(tensor_doubles(run_node_output("LeakyRelu", 6, {vec<float>({-100})})) == std::vector<double>{-1});
  CHECK(tensor_doubles(run_node_output("ThresholdedRelu", 10, {vec<float>({1, 1.5f, -3, NAN})})) ==
        std::vector<double>{0, 1.5, 0, 0});
  CHECK(tensor_doubles(run_node_output("Shrink", 9, {vec<float>({-2, -0.5f, 0.25f, 0.5f, 2, NAN})},
                                {make_attr("lambd", 0.5f), make_attr("bias", 1.5f)})) ==
        std::vector<double>{-0.5, 0, 0, 0, 0.5, 0});
  // Integer Shrink: bias 1.5 gives -7 + 1.5 = -5.5 -> -5 and 7 - 1.5 = 5.5 -> 5 (truncated).
  auto r = run_node("Shrink", 9, {vec<int8_t>({-7, 0, 7, -128})}, {make_attr("lambd", 1.0f), make_attr("bias", 1.5f)});
  CHECK(r.outputs[0] == vec<int8_t>({-5, 0, 5, -126}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  auto sat = run_node("Shrink", 9, {vec<uint8_t>({3, 250})}, {make_attr("lambd", 1.0f), make_attr("bias", -10.0f)});
  CHECK(sat.outputs[0] == vec<uint8_t>({13, 255}));
  CHECK(sat.semantics.category == Semantics::kUndefined);
  auto neg = run_node("Shrink", 9, {vec<float>({0})}, {make_attr("lambd", -1.0f), make_attr("bias", 1.0f)});
  CHECK(tensor_doubles(neg.outputs[0]) == std::vector<double>{1});  // 0 < 1: x + bias wins
  CHECK(neg.semantics.category == Semantics::kImplementationDefined);
  // HardSigmoid 0.2f * 1 + 0.5 = 0.70000000298023224 exactly; float rounds to 0.7f.
  CHECK(tensor_doubles(run_node_output("HardSigmoid", 6, {vec<double>({1, 10, -10})})) ==
        std::vector<double>{0.70000000298023224, 1, 0});
  // HardSwish: 1 * (1/6 + 1/2) = 2/3; 3 -> 3; -3 -> -0; 1.5 * 0.75 = 1.125.
  CHECK(tensor_doubles(run_node_output("HardSwish", 14, {vec<double>({1, 3, -3, 1.5, 4})})) ==
        std::vector<double>{2.0 / 3.0, 3, 0, 1.125, 4});
  CHECK(std::signbit(tensor_doubles(run_node_output("HardSwish", 14, {vec<float>({-3})}))[0]));
  CHECK(tensor_doubles(run_node_output("Elu", 6, {vec<float>({2, -0.0f})}, {make_attr("alpha", 3.0f)})) ==
        std::vector<double>{2, -0.0});
  CHECK(tensor_doubles(run_node_output("Celu", 12, {vec<float>({2, -INFINITY})}, {make_attr("alpha", 2.0f)})) ==
        std::vector<double>{2, -2});
  CHECK(tensor_doubles(run_node_output("Sigmoid", 13, {vec<float>({0, INFINITY, -INFINITY})})) ==
        std::vector<double>{0.5, 1, 0});
  CHECK(tensor_doubles(run_node_output("Softsign", 1, {vec<float>({1, -3})})) == std::vector<double>{0.5, -0.75});
}

TEST_CASE("what ONNX leaves open is marked", "[Relu][PRelu][Softsign][HardSwish][Celu]") {
  CHECK(run_node("Relu", 6, {vec<float>({NAN})}).semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node("Relu", 6, {vec<float>({1})}).semantics.category == Semantics::kDefined);
  CHECK(run_node("ThresholdedRelu", 10, {vec<float>({NAN})}).semantics.category == Semantics::kDefined);
  auto s = run_node("Softsign", 1, {vec<float>({INFINITY})});
  CHECK(tensor_doubles(s.outputs[0]) == std::vector<double>{1});
  CHECK(s.semantics.category == Semantics::kImplementationDefined);
  auto p = run_node("PRelu", 9, {vec<int32_t>({-65536}), vec<int32_t>({65536})});
  CHECK(p.outputs[0] == vec<int32_t>({0}));  // -2^32 wraps to 0
  CHECK(p.semantics.category == Semantics::kUndefined);
  CHECK(run_node("Celu", 12, {vec<float>({-1})}, {make_attr("alpha", 0.0f)}).semantics.category ==
        Semantics::kUndefined);
  auto h = run_node("HardSwish", 14, {vec<float>({-INFINITY})});
  CHECK(tensor_doubles(h.outputs[0]) == std::vector<double>{-0.0});
  CHECK(h.semantics.category == Semantics::kImplementationDefined);
  // Selu and Celu at -0 follow Relu's decision: the formula's zero (gamma * +0 for Selu),
  // implementation-defined (ONNX does not say which zero); at +0 the result is defined.
  for (auto [op, version] : {std::pair{"Selu", 6}, std::pair{"Selu", 1}, std::pair{"Celu", 12}}) {
    auto z = run_node(op, version, {vec<float>({-0.0f})});
    CHECK_FALSE(std::signbit(tensor_doubles(z.outputs[0])[0]));
    CHECK(z.semantics.category == Semantics::kImplementationDefined);
    CHECK(run_node(op, version, {vec<float>({0.0f})}).semantics.category == Semantics::kDefined);
  }
  // A negative gamma makes the formula's zero -0: gamma * (alpha e^0 - alpha) = -1 * (+0).
  for (float x : {-0.0f, 0.0f})
    CHECK(std::signbit(tensor_doubles(run_node_output("Selu", 6, {vec<float>({x})}, {make_attr("gamma", -1.0f)}))[0]));
}

// ---------------------------------------------------------------------------------------
// Float results bit for bit against the oracle.

TEST_CASE("Sigmoid against the oracle", "[Sigmoid][v1][v6][v13]") {
  for_float_types(true, [&]<class T>() { check_against<T>("Sigmoid", 13, {}, sigmoid_oracle<T>, 11); });
  for_float_types(false, [&]<class T>() { check_against<T>("Sigmoid", 6, {}, sigmoid_oracle<T>, 12); });
  check_against<float>("Sigmoid", 1, {}, sigmoid_oracle<float>, 13);
}

TEST_CASE("Softplus against the oracle", "[Softplus][v1]") {
  for_float_types(false, [&]<class T>() { check_against<T>("Softplus", 1, {}, softplus_oracle<T>, 21, {-1500, 1500}); });
}

TEST_CASE("Softsign against the oracle", "[Softsign][v1]") {
  for_float_types(false, [&]<class T>() { check_against<T>("Softsign", 1, {}, softsign_oracle<T>, 31); });
}

TEST_CASE("Elu against the oracle", "[Elu][v1][v6]") {
  for (float alpha : {1.0f, 0.5f, 1.00048828125f, -2.5f, 3e-40f}) {
    for_float_types(false, [&]<class T>() {
      check_against<T>("Elu", 6, {make_attr("alpha", alpha)}, [&](double x) {
        if (std::isnan(x) || !(x < 0)) return x;
        return scaled_exp_minus_one<T>(alpha, x);
      }, 41, {-1300, -1100, -1000, -999});
    });
  }
  check_against<float>("Elu", 1, {}, [](double x) { return x < 0 ? scaled_exp_minus_one<float>(1, x) : x; }, 42);
}

TEST_CASE("Selu against the oracle", "[Selu][v1][v6]") {
  auto check = [&]<class T>(int version, float alpha, float gamma, std::vector<onnx::AttributeProto> attrs) {
    check_against<T>("Selu", version, attrs, [&](double x) {
      if (std::isnan(x)) return x;
      if (x > 0) return product_oracle<T>(gamma, x);
      if (x == 0) return static_cast<double>(gamma) * 0.0;  // gamma (alpha e^0 - alpha) = gamma * (+0), either zero
      // gamma (alpha e^x - alpha), with gamma alpha exact in double.
      return scaled_exp_minus_one<T>(static_cast<double>(gamma) * alpha, x);
    }, 51);
  };
  for_float_types(false, [&]<class T>() {
    check.template operator()<T>(6, 1.67326319217681884765625f, 1.05070102214813232421875f, {});
    check.template operator()<T>(1, 1.6732f, 1.0507f, {});
    check.template operator()<T>(6, 2.0f, 0.75f, {make_attr("alpha", 2.0f), make_attr("gamma", 0.75f)});
  });
}

TEST_CASE("Celu against the oracle", "[Celu][v12]") {
  for (float alpha : {1.0f, 0.5f, 3.0f, 1e-3f, -1.5f}) {
    check_against<float>("Celu", 12, {make_attr("alpha", alpha)}, [&](double x) -> double {
      if (std::isnan(x)) return x;
      if (x == 0) return 0.0;  // max(0, ±0) + min(0, 0): IEEE's maximum gives +0
      if (x > 0) return x;
      Big v(2400), a(2400), t(2400);
      mpfr_set_d(a, alpha, MPFR_RNDN);
      mpfr_set_d(v, x, MPFR_RNDN);
      mpfr_div(t, v, a, MPFR_RNDN);
      if (alpha > 0 && mpfr_cmp_si(t, -1200) < 0) return just_inside<float>(alpha);
      mpfr_exp(t, t, MPFR_RNDN);
      mpfr_sub_ui(t, t, 1, MPFR_RNDN);
      mpfr_mul(t, t, a, MPFR_RNDN);
      if (mpfr_sgn(t.get()) > 0) mpfr_set_ui(t, 0, MPFR_RNDN);  // min(0, .)
      return round_to<float>(t, 1);
    }, 61);
  }
}

TEST_CASE("HardSigmoid and HardSwish against exact rationals", "[HardSigmoid][HardSwish][v1][v6][v14]") {
  auto clamp01 = [](mpq_ptr q) {
    if (mpq_sgn(q) < 0) mpq_set_ui(q, 0, 1);
    Rational one(1.0);
    if (mpq_cmp(q, one) > 0) mpq_set_ui(q, 1, 1);
  };
  for (auto [alpha, beta] : {std::pair{0.2f, 0.5f}, {0.1f, 0.3f}, {-0.25f, 0.75f}, {3.0f, -1.0f}}) {
    for_float_types(false, [&]<class T>() {
      check_against<T>("HardSigmoid", 6, {make_attr("alpha", alpha), make_attr("beta", beta)}, [&](double x) {
        if (std::isnan(x)) return x;
        if (std::isinf(x)) return (x > 0) == (alpha > 0) ? 1.0 : 0.0;
        Rational q(alpha), vx(x), b(beta);
        mpq_mul(q, q, vx);
        mpq_add(q, q, b);
        clamp01(q);
        return round_rational<T>(q);
      }, 71);
    });
  }
  check_against<float>("HardSigmoid", 1, {}, [&](double x) -> double {
    if (std::isnan(x)) return x;
    if (std::isinf(x)) return x > 0 ? 1.0 : 0.0;
    Rational q(0.2f), vx(x), b(0.5);
    mpq_mul(q, q, vx);
    mpq_add(q, q, b);
    clamp01(q);
    return round_rational<float>(q);
  }, 72);
  for_float_types(false, [&]<class T>() {
    check_against<T>("HardSwish", 14, {}, [&](double x) -> double {
      if (std::isnan(x)) return x;
      if (x == -INFINITY) return -0.0;
      if (x == INFINITY) return x;
      Rational h(x), sixth, half(0.5), vx(x);
      mpq_set_ui(sixth, 1, 6);
      mpq_mul(h, h, sixth);
      mpq_add(h, h, half);
      clamp01(h);
      mpq_mul(h, h, vx);
      if (mpq_sgn(static_cast<mpq_ptr>(h)) == 0) return std::signbit(x) ? -0.0 : 0.0;
      return round_rational<T>(h);
    }, 81, {2.99, -2.99, 1e-310});
  });
}

TEST_CASE("LeakyRelu, PRelu, ThresholdedRelu, Relu, Shrink against exact rationals",
          "[LeakyRelu][PRelu][ThresholdedRelu][Relu][Shrink][v6][v7][v9][v10][v13][v16]") {
  for (float alpha : {0.01f, 0.1f, 3.0f, -0.7f, 1e-40f}) {
    for_float_types(true, [&]<class T>() {
      check_against<T>("LeakyRelu", 16, {make_attr("alpha", alpha)}, [&](double x) {
        return x < 0 ? product_oracle<T>(alpha, x) : x;
      }, 91);
    });
    for_float_types(false, [&]<class T>() {
      check_against<T>("ThresholdedRelu", 10, {make_attr("alpha", alpha)}, [&](double x) {
        return x > alpha ? x : 0.0;
      }, 92);
    });
  }
  for_float_types(true, [&]<class T>() {
    check_against<T>("Relu", 14, {}, [&](double x) { return std::isnan(x) || x > 0 ? x : 0.0; }, 93);
  });
  for (auto [lambd, bias] : {std::pair{0.5f, 0.0f}, {1.5f, 0.1f}, {0.0f, -2.0f}, {1e30f, 1e-30f}}) {
    for_float_types(false, [&]<class T>() {
      check_against<T>("Shrink", 9, {make_attr("lambd", lambd), make_attr("bias", bias)}, [&](double x) -> double {
        if (!(x < -lambd) && !(x > lambd)) return 0.0;
        if (std::isinf(x)) return x;
        Rational q(x), b(bias);
        if (x < -lambd) mpq_add(q, q, b);
        else mpq_sub(q, q, b);
        if (mpq_sgn(static_cast<mpq_ptr>(q)) == 0) return 0.0;
        return round_rational<T>(q);
      }, 94);
    });
  }
  // PRelu: X and slope both random; slope * x in exact rationals.
  for_float_types(true, [&]<class T>() {
    const auto x = sample_inputs<T>(95), slope = sample_inputs<T>(96);
    const Tensor out = run_node_output("PRelu", 16, {vec<T>(x), vec<T>(slope)});
    const auto got = tensor_doubles(out);
    for (size_t i = 0; i < x.size(); ++i) {
      const double a = value_of(x[i]), s = value_of(slope[i]);
      double want = a;
      if (a < 0) want = product_oracle<T>(s, a);
      INFO(type_name<T>() << " x = " << show(a) << " slope = " << show(s));
      REQUIRE(same_result(got[i], want));
    }
  });
}
