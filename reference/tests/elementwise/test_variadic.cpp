// Max, Min, Mean, Sum: types and shape rules per version, hand-worked values, and Sum and
// Mean bit for bit against an independent oracle — the exact rational sum (GMP mpq_t),
// divided by n, taken to 320 bits and rounded by oracle.h's rounders — on random and edge
// inputs (cancellation, overflow, subnormal results, inf - inf) for every float type.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "reference/tests/oracle.h"
#include "reference/tests/logic_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;

namespace {

Tensor f16(std::vector<double> values) {
  std::vector<Float16> h;
  for (double x : values) h.push_back(float16_from_double(x));
  return vec<Float16>(h);
}

}  // namespace

TEST_CASE("each variadic version admits exactly its types", "[Max][Min][Mean][Sum]") {
  const Tensor i32 = vec<int32_t>({1}), f32 = vec<float>({1}), bf16 = vec<BFloat16>({bfloat16_from_double(1)});
  for (const char* op : {"Max", "Min"}) {
    check_invalid(op, 8, {i32, i32}, "tensor(int32)");
    CHECK_NOTHROW(run_node(op, 12, {i32, i32}));
    check_invalid(op, 12, {bf16}, "tensor(bfloat16)");
    CHECK_NOTHROW(run_node(op, 13, {bf16, bf16}));
    check_invalid(op, 13, {vec<bool>({true})}, "tensor(bool)");
  }
  for (const char* op : {"Mean", "Sum"}) {
    check_invalid(op, 13, {i32, i32}, "tensor(int32)");
    check_invalid(op, 8, {bf16, bf16}, "tensor(bfloat16)");
    CHECK_NOTHROW(run_node(op, 13, {bf16, bf16}));
    check_invalid(op, 6, {f32, vec<double>({1})}, "same type");
  }
  check_invalid("Sum", 8, {}, "0 inputs given");
}

TEST_CASE("consumed_inputs exists in version 1 only", "[Max][Min][Mean][Sum][v1][v6]") {
  const Tensor x = vec<float>({1, 4}), y = vec<float>({3, 2});
  const auto consumed = make_attr("consumed_inputs", std::vector<int64_t>{0, 0});
  CHECK(run_node_output("Max", 1, {x, y}, {consumed}) == vec<float>({3, 4}));
  CHECK(run_node_output("Min", 1, {x, y}, {consumed}) == vec<float>({1, 2}));
  CHECK(run_node_output("Sum", 1, {x, y}, {consumed}) == vec<float>({4, 6}));
  CHECK(run_node_output("Mean", 1, {x, y}, {consumed}) == vec<float>({2, 3}));
  for (const char* op : {"Max", "Min", "Mean", "Sum"}) check_invalid(op, 6, {x, y}, "unknown attribute 'consumed_inputs'", {consumed});
}

TEST_CASE("versions 1 and 6 need equal shapes; 8 broadcasts all inputs", "[Max][Min][Mean][Sum][v6][v8]") {
  const Tensor a = Tensor::from_values<float>({2, 1, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = Tensor::from_values<float>({4, 1}, {10, 20, 30, 40});
  const Tensor c = vec<float>({100, 200, 300});
  for (const char* op : {"Max", "Sum"}) {
    check_invalid(op, 6, {a, c}, "same shape");
    check_invalid(op, 1, {c, vec<float>({1})}, "same shape");
  }
  const Tensor sum = run_node_output("Sum", 8, {a, b, c});
  REQUIRE(sum.shape() == Shape{2, 4, 3});
  // sum[i][j][k] = a[i][k] + b[j] + c[k]: element (1, 2, 0) is 4 + 30 + 100.
  CHECK(sum.data<float>()[1 * 12 + 2 * 3 + 0] == 134);
  CHECK(run_node_output("Max", 8, {a, b, c}).data<float>()[0] == 100);
  check_invalid("Min", 8, {vec<float>({1, 2}), vec<float>({1, 2, 3})}, "Min-8");
  check_invalid("Mean", 13, {a, b, vec<float>({1, 2})}, "Mean-13");
  // One input is the identity (and empty tensors stay empty).
  CHECK(run_node_output("Mean", 6, {c}) == c);
  CHECK(run_node_output("Max", 13, {Tensor(DType::kInt8, {0, 3})}) == Tensor(DType::kInt8, {0, 3}));
  CHECK(run_node_output("Sum", 8, {Tensor(DType::kFloat, {0, 3}), vec<float>({1, 2, 3})}) == Tensor(DType::kFloat, {0, 3}));
}

TEST_CASE("Max and Min: integers exact; NaN and signed zeros documented", "[Max][Min][v12][v13]") {
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  CHECK(run_node_output("Max", 12, {vec<int64_t>({lo, hi - 1}), vec<int64_t>({lo + 1, hi}), vec<int64_t>({0, 0})}) ==
        vec<int64_t>({0, hi}));
  CHECK(run_node_output("Min", 13, {vec<uint64_t>({~uint64_t{0}, 5}), vec<uint64_t>({~uint64_t{0} - 1, 7})}) ==
        vec<uint64_t>({~uint64_t{0} - 1, 5}));
  auto plain = run_node("Max", 8, {vec<double>({1, -3}), vec<double>({2, -INFINITY})});
  CHECK(plain.outputs[0] == vec<double>({2, -3}));
  CHECK(plain.semantics.category == Semantics::kDefined);
  // NaN anywhere gives NaN.
  auto nan = run_node("Min", 8, {vec<float>({1, NAN, 2}), vec<float>({NAN, 0, 3})});
  const auto v = nan.outputs[0].data<float>();
  CHECK((std::isnan(v[0]) && std::isnan(v[1]) && v[2] == 2));
  CHECK(nan.semantics.category == Semantics::kImplementationDefined);
  // Max(-0, +0) = +0 and Min = -0, in either order.
  auto zmax = run_node("Max", 8, {vec<double>({-0.0, 0.0}), vec<double>({0.0, -0.0})});
  CHECK(zmax.outputs[0] == vec<double>({0.0, 0.0}));
  CHECK(zmax.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node_output("Min", 8, {vec<double>({-0.0, 0.0}), vec<double>({0.0, -0.0})}) == vec<double>({-0.0, -0.0}));
  // A zero of either sign that is not the result marks nothing.
  CHECK(run_node("Max", 8, {vec<double>({-0.0}), vec<double>({0.0}), vec<double>({1})}).semantics.category ==
        Semantics::kDefined);
}

TEST_CASE("Sum and Mean round the exact result once", "[Sum][Mean][v8][v13]") {
  // float16 spacing is 2 at 2048: pairwise, 2048 + 1 ties to 2048 twice; exactly, 2050.
  CHECK(run_node_output("Sum", 8, {f16({2048}), f16({1}), f16({1})}) == f16({2050}));
  // float: 2^24 + 1 + 1 = 2^24 + 2; double: 1 + 2^-53 + 2^-53 = 1 + 2^-52.
  CHECK(run_node_output("Sum", 8, {vec<float>({0x1p24f}), vec<float>({1}), vec<float>({1})}) == vec<float>({0x1p24f + 2}));
  CHECK(run_node_output("Sum", 6, {vec<double>({1}), vec<double>({0x1p-53}), vec<double>({0x1p-53})}) ==
        vec<double>({1 + 0x1p-52}));
  // No intermediate overflow: max + max - max = max.
  const double m = std::numeric_limits<double>::max();
  CHECK(run_node_output("Sum", 8, {vec<double>({m}), vec<double>({m}), vec<double>({-m})}) == vec<double>({m}));
  CHECK(run_node_output("Mean", 8, {vec<double>({m}), vec<double>({m})}) == vec<double>({m}));
  CHECK(run_node_output("Sum", 8, {vec<double>({m}), vec<double>({m})}) == vec<double>({INFINITY}));
  // Signed zeros: -0 only when every term is -0; x + -x is +0.
  CHECK(run_node_output("Sum", 8, {vec<float>({-0.0f, -0.0f, 1}), vec<float>({-0.0f, 0.0f, -1})}) ==
        vec<float>({-0.0f, 0.0f, 0.0f}));
  const Tensor s_out = run_node_output("Sum", 8, {vec<float>({INFINITY, INFINITY}), vec<float>({-INFINITY, 1})});
  const auto s = s_out.data<float>();
  CHECK((std::isnan(s[0]) && s[1] == INFINITY));
  // Mean of float16 1, 2, 2 is 5/3 = 1.10101010101...b: 11 bits 1.1010101010|1 round up.
  CHECK(run_node_output("Mean", 8, {f16({1}), f16({2}), f16({2})}) == f16({1 + 0x2abp-10}));
  // Mean of the two smallest float subnormals is 1.5 * 2^-149: a tie, to even 2^-148.
  CHECK(run_node_output("Mean", 8, {vec<float>({0x1p-149f}), vec<float>({0x1p-148f})}) == vec<float>({0x1p-148f}));
  CHECK(run_node_output("Mean", 8, {vec<float>({0x1p-149f}), vec<float>({0.0f})}) == vec<float>({0.0f}));
}

namespace {

namespace o = oracle;

// The oracle: sum (and mean) of doubles by exact rational arithmetic.
struct RationalSum {
  double sum, mean;
};
RationalSum rational_sum(const std::vector<double>& terms, double (*round)(mpfr_ptr, int)) {
  bool nan = false, pos_inf = false, neg_inf = false, all_negative_zero = true;
  mpq_t total, term;
  mpq_init(total);
  mpq_init(term);
  for (double t : terms) {
    if (std::isnan(t)) nan = true;
    else if (std::isinf(t)) (t > 0 ? pos_inf : neg_inf) = true;
    else {
      mpq_set_d(term, t);  // exact
      mpq_add(total, total, term);
    }
    if (!(t == 0 && std::signbit(t))) all_negative_zero = false;
  }
  RationalSum r{};
  if (nan || (pos_inf && neg_inf)) {
    r = {NAN, NAN};
  } else if (pos_inf || neg_inf) {
    r = {pos_inf ? INFINITY : -INFINITY, pos_inf ? INFINITY : -INFINITY};
  } else if (mpq_sgn(total) == 0) {
    r.sum = r.mean = all_negative_zero ? -0.0 : 0.0;
  } else {
    o::Big wide(320);
    r.sum = round(wide, mpfr_set_q(wide, total, MPFR_RNDN));
    mpq_set_ui(term, terms.size(), 1);
    mpq_div(total, total, term);
    r.mean = round(wide, mpfr_set_q(wide, total, MPFR_RNDN));
  }
  mpq_clear(total);
  mpq_clear(term);
  return r;
}

// Inputs that matter for sums: random bit patterns of every magnitude, specials, values
// that cancel earlier ones (exactly or within an ulp), and tiny values near the subnormals.
template <class T>
std::vector<std::vector<T>> sum_inputs(std::mt19937_64& gen, size_t n, size_t count) {
  const int bits = sizeof(T) * 8;
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  const uint64_t sign = uint64_t{1} << (bits - 1);
  const uint64_t tiny = uint64_t{1} << (bits == 16 ? 11 : bits == 32 ? 25 : 54);  // small exponents
  const std::vector<double> specials = {0.0, -0.0, NAN, INFINITY, -INFINITY, 1, -1, 0.5};
  std::vector<std::vector<T>> inputs(n, std::vector<T>(count));
  for (size_t i = 0; i < count; ++i) {
    std::vector<uint64_t> row;  // the bit patterns drawn so far for this element
    for (size_t k = 0; k < n; ++k) {
      const int pick = static_cast<int>(gen() % 10);
      if (pick == 0) {
        inputs[k][i] = o::near_value<T>(specials[gen() % specials.size()]);
        row.push_back(0);
        continue;
      }
      uint64_t b = gen() & mask;
      if (pick <= 3 && k > 0) b = (row[gen() % k] ^ sign) + (gen() % 3) - 1;  // cancels an earlier term
      else if (pick <= 5) b = (b & sign) | (gen() % tiny);
      b &= mask;
      // NaN and inf come from the specials only: an all-ones exponent is made finite.
      if (!std::isfinite(o::value_of(o::from_bits<T>(b)))) b &= ~(sign >> 1);
      inputs[k][i] = o::from_bits<T>(b);
      row.push_back(b);
    }
  }
  return inputs;
}

template <class T>
void sum_and_mean_against_rationals(int version) {
  std::mt19937_64 gen(77 + sizeof(T));
  const size_t count = 600;
  for (size_t n = 1; n <= 7; ++n) {
    const auto columns = sum_inputs<T>(gen, n, count);
    std::vector<Tensor> in;
    for (const auto& c : columns) in.push_back(vec<T>(c));
    const Tensor sum = run_node_output("Sum", version, in), mean = run_node_output("Mean", version, in);
    for (size_t i = 0; i < count; ++i) {
      std::vector<double> terms;
      std::string shown;
      for (size_t k = 0; k < n; ++k) {
        terms.push_back(o::value_of(columns[k][i]));
        shown += o::show(terms.back()) + " ";
      }
      const RationalSum want = rational_sum(terms, &o::round_to<T>);
      const double got_sum = o::value_of(sum.data<T>()[i]), got_mean = o::value_of(mean.data<T>()[i]);
      INFO(o::type_name<T>() << " n=" << n << " terms " << shown << "sum " << o::show(got_sum) << " mean "
                              << o::show(got_mean));
      CHECK(o::same_result(got_sum, want.sum));
      CHECK(o::same_result(got_mean, want.mean));
    }
  }
}

}  // namespace

TEST_CASE("Sum and Mean agree bit for bit with exact rational arithmetic", "[Sum][Mean][v8][v13]") {
  sum_and_mean_against_rationals<Float16>(8);
  sum_and_mean_against_rationals<float>(8);
  sum_and_mean_against_rationals<double>(8);
  sum_and_mean_against_rationals<BFloat16>(13);
}

TEST_CASE("Max and Min agree with a plain reading of the spec on random floats", "[Max][Min][v13]") {
  std::mt19937_64 gen(5);
  auto run = [&]<class T>() {
    for (size_t n = 1; n <= 4; ++n) {
      const auto columns = sum_inputs<T>(gen, n, 300);
      std::vector<Tensor> in;
      for (const auto& c : columns) in.push_back(vec<T>(c));
      const Tensor mx = run_node_output("Max", 13, in), mn = run_node_output("Min", 13, in);
      for (size_t i = 0; i < 300; ++i) {
        // NaN wins; otherwise the largest (smallest) value, +0 above -0.
        double hi = -INFINITY, lo = INFINITY;
        bool nan = false;
        for (size_t k = 0; k < n; ++k) {
          const double v = o::value_of(columns[k][i]);
          nan |= std::isnan(v);
          if (v > hi || (v == hi && !std::signbit(v))) hi = v;
          if (v < lo || (v == lo && std::signbit(v))) lo = v;
        }
        if (nan) hi = lo = NAN;
        INFO(o::type_name<T>() << " n=" << n << " element " << i);
        CHECK(o::same_result(o::value_of(mx.data<T>()[i]), hi));
        CHECK(o::same_result(o::value_of(mn.data<T>()[i]), lo));
      }
    }
  };
  run.operator()<Float16>();
  run.operator()<BFloat16>();
  run.operator()<float>();
  run.operator()<double>();
}
