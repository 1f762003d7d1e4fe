// Einsum-12 and Det-11/22: values by hand, and by independent oracles (MPFR products,
// determinants by Gaussian elimination over GMP rationals, rounded by oracle.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;
using namespace touchstone::testing::reduce;

namespace {

Tensor doubles(Shape shape, std::vector<double> values) { return Tensor::from_values<double>(std::move(shape), values); }
onnx::AttributeProto equation(const std::string& e) { return make_attr("equation", e); }
Tensor einsum(const std::string& e, const std::vector<Tensor>& in) { return run_node_output("Einsum", 12, in, {equation(e)}); }

// det by Gaussian elimination over exact rationals (a different formulation from the
// reference's fraction-free integer elimination).
double rational_det(const std::vector<double>& a, int n, oracle::Format f) {
  std::vector<mpq_t> m(static_cast<size_t>(n * n));
  for (size_t i = 0; i < m.size(); ++i) {
    mpq_init(m[i]);
    mpq_set_d(m[i], a[i]);
  }
  mpq_t det, factor, t;
  mpq_inits(det, factor, t, nullptr);
  mpq_set_ui(det, 1, 1);
  for (int k = 0; k < n; ++k) {
    int p = k;
    while (p < n && mpq_sgn(m[p * n + k]) == 0) ++p;
    if (p == n) {
      mpq_set_ui(det, 0, 1);
      break;
    }
    if (p != k) {
      for (int j = 0; j < n; ++j) mpq_swap(m[k * n + j], m[p * n + j]);
      mpq_neg(det, det);
    }
    mpq_mul(det, det, m[k * n + k]);
    for (int i = k + 1; i < n; ++i) {
      mpq_div(factor, m[i * n + k], m[k * n + k]);
      for (int j = k; j < n; ++j) {
        mpq_mul(t, factor, m[k * n + j]);
        mpq_sub(m[i * n + j], m[i * n + j], t);
      }
    }
  }
  oracle::Big v(20000);
  const int ternary = mpfr_set_q(v, det, MPFR_RNDN);
  const double r = oracle::round_scaled(v, ternary, f);
  mpq_clears(det, factor, t, nullptr);
  for (auto& q : m) mpq_clear(q);
  return r;
}

}  // namespace

TEST_CASE("Einsum: explicit and implicit outputs, diagonals, transposes", "[Einsum][v12]") {
  // Matrix product, explicit and implicit (output "ik": the labels occurring once, sorted).
  CHECK(values_of(einsum("ij,jk->ik", {iota_float({2, 3}), iota_float({3, 2})})) == std::vector<float>{10, 13, 28, 40});
  CHECK(values_of(einsum("ij, jk", {iota_float({2, 3}), iota_float({3, 2})})) == std::vector<float>{10, 13, 28, 40});
  // Implicit output sorted by ASCII: "kj,ji" gives "ik" (i < k), the transpose of kj x ji.
  Tensor y = einsum("kj,ji", {iota_float({2, 3}), iota_float({3, 2})});
  CHECK(y.shape() == Shape{2, 2});
  CHECK(values_of(y) == std::vector<float>{10, 28, 13, 40});
  // Labels occurring twice are summed: "bA,Ab" is a full contraction, a scalar.
  CHECK(values_of(einsum("bA,Ab", {iota_float({2, 3}), iota_float({3, 2})})) == std::vector<float>{50});
  // Upper case precedes lower case: "Ba,ab" gives "Bb", "ba,aB" gives "Bb" too (a transpose).
  CHECK(values_of(einsum("Ba,ab", {iota_float({2, 3}), iota_float({3, 2})})) == std::vector<float>{10, 13, 28, 40});
  CHECK(values_of(einsum("ba,aB", {iota_float({2, 3}), iota_float({3, 2})})) == std::vector<float>{10, 28, 13, 40});
  // Trace and diagonal; transpose; sum of everything.
  CHECK(values_of(einsum("ii", {iota_float({3, 3})})) == std::vector<float>{12});
  CHECK(values_of(einsum("ii->i", {iota_float({3, 3})})) == std::vector<float>{0, 4, 8});
  CHECK(values_of(einsum("ij->ji", {iota_float({2, 3})})) == std::vector<float>{0, 3, 1, 4, 2, 5});
  CHECK(values_of(einsum("ij->", {iota_float({2, 3})})) == std::vector<float>{15});
  CHECK(values_of(einsum("ij->j", {iota_float({2, 3})})) == std::vector<float>{3, 5, 7});
  // A label repeated in one term with another operand: "iij,j->i" = diag rows dotted with v.
  CHECK(values_of(einsum("iij,j->i", {iota_float({2, 2, 2}), floats({2}, {1, 10})})) ==
        std::vector<float>{0 + 10, 6 + 70});
  // Outer product and an empty sum (a summed label of size 0).
  CHECK(values_of(einsum("i,j->ij", {floats({2}, {1, 2}), floats({2}, {3, 4})})) == std::vector<float>{3, 4, 6, 8});
  CHECK(values_of(einsum("ij,jk->ik", {iota_float({2, 0}), iota_float({0, 2})})) == std::vector<float>{0, 0, 0, 0});
}

TEST_CASE("Einsum: ellipsis broadcasting", "[Einsum][v12]") {
  // Batch matmul with the ellipsis broadcast from 1: (2,2,3) x (1,3,2) -> (2,2,2).
  Tensor y = einsum("...ij,...jk->...ik", {iota_float({2, 2, 3}), iota_float({1, 3, 2})});
  CHECK(y.shape() == Shape{2, 2, 2});
  CHECK(values_of(y) == std::vector<float>{10, 13, 28, 40, 46, 67, 64, 94});
  // Implicit mode puts the ellipsis first: "i...->" is not needed; "...i,...i" -> "...".
  y = einsum("i...,i...", {iota_float({2, 3}), iota_float({2, 3})});
  CHECK(y.shape() == Shape{3});
  CHECK(values_of(y) == std::vector<float>{0 + 9, 1 + 16, 4 + 25});
  // Batched diagonal, ONNX's own example shape.
  y = einsum("...ii->...i", {iota_float({2, 2, 2})});
  CHECK(values_of(y) == std::vector<float>{0, 3, 4, 7});
  // An ellipsis standing for no dimension.
  CHECK(values_of(einsum("...i,i->...", {floats({2}, {1, 2}), floats({2}, {3, 4})})) == std::vector<float>{11});
}

TEST_CASE("Einsum: exact sums of products, rounded once; integers wrap", "[Einsum][v12]") {
  const float u = std::ldexp(1.0f, -24);
  // Cancellation beyond float: max*2 - max*2 + 1 = 1 (the naive partial sum overflows).
  const float max = std::numeric_limits<float>::max();
  CHECK(values_of(einsum("i,i", {floats({3}, {max, max, 1}), floats({3}, {2, -2, 1})})) == std::vector<float>{1});
  CHECK(values_of(einsum("i->", {floats({3}, {1, u, u})})) == std::vector<float>{1 + 2 * u});
  // Three operands: (1+2^-23)(1+3*2^-23)(1-2^-23) - 1, whose product needs more than a
  // double's 53 bits; a product rounded to double gives a tie and the wrong float.
  const float a = 1 + 2 * u, b = 1 + 6 * u, c = 1 - 2 * u;
  oracle::Big v(300);
  mpfr_set_flt(v, a, MPFR_RNDN);
  mpfr_mul_d(v, v, b, MPFR_RNDN);
  mpfr_mul_d(v, v, c, MPFR_RNDN);
  const int ternary = mpfr_sub_ui(v, v, 1, MPFR_RNDN);
  const auto want = static_cast<float>(oracle::round_to<float>(v, ternary));
  const float got = values_of(einsum("i,i,i->", {floats({2}, {a, 1}), floats({2}, {b, 1}), floats({2}, {c, -1})}))[0];
  CHECK(got == want);
  CHECK(got != static_cast<float>(static_cast<double>(a) * b * c - 1));
  // Integers: exact, wrapping marked undefined.
  auto r = run_node("Einsum", 12, {vec<int32_t>({65536, 1}), vec<int32_t>({32768, 0})}, {equation("i,i")});
  CHECK(r.outputs[0].data<int32_t>()[0] == std::numeric_limits<int32_t>::min());
  CHECK(r.semantics.category == Semantics::kUndefined);
  r = run_node("Einsum", 12, {vec<uint8_t>({200, 50})}, {equation("i->")});
  CHECK(r.outputs[0].data<uint8_t>()[0] == 250);
  CHECK(r.semantics.category == Semantics::kDefined);
}

TEST_CASE("Einsum: malformed equations are refused with the rule", "[Einsum][v12]") {
  const Tensor m = iota_float({2, 3});
  check_invalid("Einsum", 12, {m}, "one term per operand", {equation("ij,jk->ik")});
  check_invalid("Einsum", 12, {m}, "rank 2", {equation("ijk->i")});
  check_invalid("Einsum", 12, {m}, "not allowed", {equation("i1->i")});
  check_invalid("Einsum", 12, {m}, "part of an ellipsis", {equation("..ij")});
  check_invalid("Einsum", 12, {m}, "more than one ellipsis", {equation("......")});
  check_invalid("Einsum", 12, {m}, "does not occur", {equation("ij->k")});
  check_invalid("Einsum", 12, {m}, "more than once", {equation("ij->ii")});
  check_invalid("Einsum", 12, {m}, "more than one \"->\"", {equation("ij->j->i")});
}

TEST_CASE("Einsum: refusals of sizes and ellipsis counts", "[Einsum][v12]") {
  check_invalid("Einsum", 12, {iota_float({2, 3}), iota_float({2, 2})}, "dimensions must agree", {equation("ij,ij->i")});
  check_invalid("Einsum", 12, {iota_float({2, 2, 3}), iota_float({3, 2})}, "same number of dimensions",
                {equation("...ij,...jk->...ik")});
  check_invalid("Einsum", 12, {iota_float({2, 3}), iota_float({3, 3})}, "do not broadcast", {equation("...i,...i")});
  check_invalid("Einsum", 12, {iota_float({2, 3})}, "must hold an ellipsis", {equation("...i->i")});
  check_invalid("Einsum", 12, {bools({true, false, true, false}, {2, 2})}, "tensor(bool)", {equation("ij")});
}

TEST_CASE("Det: hand values, empty matrices, pivoting", "[Det][v11][v22]") {
  CHECK(values_of(run_node_output("Det", 11, {floats({2, 2}, {1, 2, 3, 4})})) == std::vector<float>{-2});
  CHECK(run_node_output("Det", 11, {floats({2, 2}, {1, 2, 3, 4})}).shape() == Shape{});
  // Batched: (2, 2, 2) -> (2).
  Tensor y = run_node_output("Det", 11, {floats({2, 2, 2}, {1, 2, 3, 4, 2, 0, 0, 3})});
  CHECK(y.shape() == Shape{2});
  CHECK(values_of(y) == std::vector<float>{-2, 6});
  // M = 0: the empty product 1; batches of them.
  CHECK(values_of(run_node_output("Det", 11, {floats({0, 0}, {})})) == std::vector<float>{1});
  CHECK(values_of(run_node_output("Det", 11, {floats({3, 0, 0}, {})})) == std::vector<float>{1, 1, 1});
  CHECK(run_node_output("Det", 11, {floats({0, 2, 2}, {})}).shape() == Shape{0});
  // Zero pivots: a row swap flips the sign; a singular matrix gives 0.
  CHECK(values_of(run_node_output("Det", 11, {floats({2, 2}, {0, 1, 1, 0})})) == std::vector<float>{-1});
  CHECK(values_of(run_node_output("Det", 11, {floats({3, 3}, {0, 0, 1, 0, 1, 0, 1, 0, 0})})) == std::vector<float>{-1});
  CHECK(values_of(run_node_output("Det", 11, {floats({2, 2}, {0, 0, 0, 1})})) == std::vector<float>{0});
  CHECK(values_of(run_node_output("Det", 11, {iota_float({3, 3})})) == std::vector<float>{0});
  // 1x1: the entry itself.
  CHECK(values_of(run_node_output("Det", 11, {floats({1, 1}, {-7.5f})})) == std::vector<float>{-7.5f});
}

TEST_CASE("Det: exact, rounded once", "[Det][v11][v22]") {
  // (1 + 2^-13)(1 - 2^-13) - 1 = -2^-26: float arithmetic gives 0.
  const float e = std::ldexp(1.0f, -13);
  CHECK(values_of(run_node_output("Det", 11, {floats({2, 2}, {1 + e, 1, 1, 1 - e})})) ==
        std::vector<float>{-std::ldexp(1.0f, -26)});
  // Wide exponents: 2^100 * 2^-100 - 3 * 1 = -2.
  const float big = std::ldexp(1.0f, 100), small = std::ldexp(1.0f, -100);
  CHECK(values_of(run_node_output("Det", 11, {floats({2, 2}, {big, 3, 1, small})})) == std::vector<float>{-2});
  // Overflow of the result: inf.
  CHECK(std::isinf(values_of(run_node_output("Det", 11, {floats({2, 2}, {3e38f, 0, 0, 3e38f})}))[0]));
  // Random matrices against the rational oracle, float and double (with wide exponents).
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::uniform_int_distribution<int> exponent(-60, 60);
  for (int n : {2, 3, 4, 6}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<float> f(static_cast<size_t>(n * n));
      std::vector<double> fd(f.size()), d(f.size());
      for (size_t i = 0; i < f.size(); ++i) {
        f[i] = static_cast<float>(unit(rng));
        fd[i] = f[i];
        d[i] = std::ldexp(unit(rng), exponent(rng));
      }
      CAPTURE(n, trial);
      CHECK(values_of(run_node_output("Det", 22, {floats({n, n}, f)}))[0] ==
            static_cast<float>(rational_det(fd, n, oracle::format_of<float>())));
      CHECK(run_node_output("Det", 22, {doubles({n, n}, d)}).data<double>()[0] ==
            rational_det(d, n, oracle::format_of<double>()));
    }
  }
  // A nearly singular (Hilbert-like) matrix where cancellation is total in float.
  std::vector<double> h(16);
  std::vector<float> hf(16);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) hf[i * 4 + j] = 1.0f / static_cast<float>(i + j + 1), h[i * 4 + j] = hf[i * 4 + j];
  CHECK(values_of(run_node_output("Det", 11, {floats({4, 4}, hf)}))[0] ==
        static_cast<float>(rational_det(h, 4, oracle::format_of<float>())));
}

TEST_CASE("Det: specials, types by version, refusals", "[Det][v11][v22]") {
  auto r = run_node("Det", 11, {floats({2, 2}, {INFINITY, 1, 1, 1})});
  CHECK(std::isnan(r.outputs[0].data<float>()[0]));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(std::isinf(values_of(run_node_output("Det", 11, {floats({1, 1}, {INFINITY})}))[0]));
  const Tensor bf = Tensor::from_values<BFloat16>({2, 2}, {bfloat16_from_double(1), bfloat16_from_double(2), bfloat16_from_double(3), bfloat16_from_double(4)});
  check_invalid("Det", 11, {bf}, "tensor(bfloat16)");
  CHECK(to_double(run_node_output("Det", 22, {bf}).data<BFloat16>()[0]) == -2);
  check_invalid("Det", 11, {floats({2, 3}, {1, 2, 3, 4, 5, 6})}, "square matrices");
  check_invalid("Det", 22, {floats({3}, {1, 2, 3})}, "rank >= 2");
}
