// Reduce*: the axes rules of each version, keepdims, empty sets, and values worked out by
// hand or by an independent oracle (MPFR at 300 bits rounded by oracle.h's rounders; C's
// correctly rounded sqrt; exact integer arithmetic).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;
using namespace touchstone::testing::reduce;

namespace {

Tensor axes(std::vector<int64_t> a) { return vec<int64_t>(std::move(a)); }


}  // namespace

TEST_CASE("Reduce*: axes attribute, negative axes from 11, keepdims", "[ReduceSum][v1][v11]") {
  const Tensor x = iota_float({2, 3});  // [[0 1 2] [3 4 5]]
  Tensor y = run_node_output("ReduceSum", 1, {x}, {make_attr("axes", std::vector<int64_t>{1})});
  CHECK(y.shape() == Shape{2, 1});
  CHECK(values_of(y) == std::vector<float>{3, 12});
  y = run_node_output("ReduceSum", 1, {x}, {make_attr("axes", std::vector<int64_t>{0}), make_attr("keepdims", int64_t{0})});
  CHECK(y.shape() == Shape{3});
  CHECK(values_of(y) == std::vector<float>{3, 5, 7});
  y = run_node_output("ReduceSum", 1, {x}, {make_attr("keepdims", int64_t{0})});
  CHECK(y.shape() == Shape{});
  CHECK(values_of(y) == std::vector<float>{15});
  check_invalid("ReduceSum", 1, {x}, "negative axes from version 11", {make_attr("axes", std::vector<int64_t>{-1})});
  y = run_node_output("ReduceSum", 11, {x}, {make_attr("axes", std::vector<int64_t>{-1})});
  CHECK(values_of(y) == std::vector<float>{3, 12});
  check_invalid("ReduceSum", 11, {x}, "outside [-2, 1]", {make_attr("axes", std::vector<int64_t>{2})});
  check_invalid("ReduceSum", 11, {x}, "listed twice", {make_attr("axes", std::vector<int64_t>{1, -1})});
  y = run_node_output("ReduceMax", 11, {x}, {make_attr("axes", std::vector<int64_t>{0, 1})});
  CHECK(y.shape() == Shape{1, 1});
  CHECK(values_of(y) == std::vector<float>{5});
}

TEST_CASE("ReduceSum-13 and the others at 18 take axes as an input, with noop_with_empty_axes", "[ReduceSum][v13][v18]") {
  const Tensor x = iota_float({2, 3});
  CHECK(values_of(run_node_output("ReduceSum", 13, {x, axes({1})})) == std::vector<float>{3, 12});
  CHECK(values_of(run_node_output("ReduceSum", 13, {x, axes({})})) == std::vector<float>{15});
  Tensor y = run_node_output("ReduceSum", 13, {x, axes({})}, {make_attr("noop_with_empty_axes", int64_t{1})});
  CHECK(y == x);
  // Composite ops still apply their other steps: squares, logs.
  y = run_node_output("ReduceSumSquare", 18, {x, axes({})}, {make_attr("noop_with_empty_axes", int64_t{1})});
  CHECK(values_of(y) == std::vector<float>{0, 1, 4, 9, 16, 25});
  y = run_node_output("ReduceLogSum", 18, {floats({2}, {1, 4}), axes({})}, {make_attr("noop_with_empty_axes", int64_t{1})});
  CHECK(values_of(y) == std::vector<float>{0, oracle_float([](mpfr_ptr v) {
                                              mpfr_set_ui(v, 4, MPFR_RNDN);
                                              return mpfr_log(v, v, MPFR_RNDN);
                                            })});
  check_invalid("ReduceMean", 18, {x}, "unknown attribute 'axes'", {make_attr("axes", std::vector<int64_t>{1})});
  check_invalid("ReduceMean", 13, {x, axes({1})}, "");
}

TEST_CASE("Reduce*: sums are exact and rounded once", "[ReduceSum][ReduceMean][ReduceL2][ReduceSumSquare]") {
  const float u = std::ldexp(1.0f, -24), max = std::numeric_limits<float>::max();
  // 1 + u + u = 1 + 2u exactly (a left-to-right float sum gives 1).
  CHECK(values_of(run_node_output("ReduceSum", 13, {floats({3}, {1, u, u})}))[0] == 1 + 2 * u);
  // No overflow of partial sums: max + max - max = max.
  CHECK(values_of(run_node_output("ReduceSum", 13, {floats({3}, {max, max, -max})}))[0] == max);
  CHECK(values_of(run_node_output("ReduceMean", 18, {floats({3}, {max, max, max})}))[0] == max);
  // Mean of (1, 1, 2^-23): (2 + 2^-23) / 3 rounded once.
  const float mean = oracle_float([](mpfr_ptr v) {
    mpfr_set_d(v, 2 + std::ldexp(1.0, -23), MPFR_RNDN);
    return mpfr_div_ui(v, v, 3, MPFR_RNDN);
  });
  CHECK(values_of(run_node_output("ReduceMean", 18, {floats({3}, {1, 1, std::ldexp(1.0f, -23)})}))[0] == mean);
  // L2 of (3, 4) = 5; of (1, 1) = sqrt 2 (C's sqrt is correctly rounded); of (max, max) = sqrt 2 * max.
  CHECK(values_of(run_node_output("ReduceL2", 18, {floats({2}, {3, 4})}))[0] == 5);
  CHECK(values_of(run_node_output("ReduceL2", 18, {floats({2}, {1, 1})}))[0] == std::sqrt(2.0f));
  CHECK(std::isinf(values_of(run_node_output("ReduceL2", 18, {floats({2}, {max, max})}))[0]));
  CHECK(values_of(run_node_output("ReduceL2", 18, {floats({2}, {max / 2, max / 2})}))[0] ==
        static_cast<float>(std::sqrt(2.0) * (max / 2)));  // sqrt(2)*2^127*(2-2^-23)/2: double rounding innocuous
  CHECK(values_of(run_node_output("ReduceSumSquare", 18, {floats({2}, {3, -4})}))[0] == 25);
  CHECK(values_of(run_node_output("ReduceL1", 18, {floats({3}, {-1, 2, -3})}))[0] == 6);
  // Signs of zero: every term -0 gives -0; otherwise +0.
  CHECK(std::signbit(values_of(run_node_output("ReduceSum", 13, {floats({2}, {-0.0f, -0.0f})}))[0]));
  CHECK(!std::signbit(values_of(run_node_output("ReduceSum", 13, {floats({2}, {1, -1})}))[0]));
}

TEST_CASE("ReduceLogSumExp has no intermediate overflow; LogSum and Prod round once", "[ReduceLogSumExp][ReduceLogSum][ReduceProd]") {
  const float lse = oracle_float([](mpfr_ptr v) {
    mpfr_const_log2(v, MPFR_RNDN);  // log(e^1000 + e^1000) = 1000 + log 2
    return mpfr_add_ui(v, v, 1000, MPFR_RNDN);
  });
  CHECK(values_of(run_node_output("ReduceLogSumExp", 18, {floats({2}, {1000, 1000})}))[0] == lse);
  const float lse2 = oracle_float([](mpfr_ptr v) {  // log(e^1 + e^2) = 2 + log(1 + e^-1)
    oracle::Big e(300);
    mpfr_set_si(e, -1, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    mpfr_log1p(v, e, MPFR_RNDN);
    return mpfr_add_ui(v, v, 2, MPFR_RNDN);
  });
  CHECK(values_of(run_node_output("ReduceLogSumExp", 18, {floats({2}, {1, 2})}))[0] == lse2);
  CHECK(values_of(run_node_output("ReduceLogSumExp", 18, {floats({2}, {-INFINITY, 7.5f})}))[0] == 7.5f);
  const float log6 = oracle_float([](mpfr_ptr v) {
    mpfr_set_ui(v, 6, MPFR_RNDN);
    return mpfr_log(v, v, MPFR_RNDN);
  });
  CHECK(values_of(run_node_output("ReduceLogSum", 18, {floats({3}, {1, 2, 3})}))[0] == log6);
  CHECK(std::isnan(values_of(run_node_output("ReduceLogSum", 18, {floats({2}, {1, -2})}))[0]));
  const float max = std::numeric_limits<float>::max(), tiny = std::numeric_limits<float>::denorm_min();
  CHECK(values_of(run_node_output("ReduceProd", 18, {floats({3}, {max, 2, 0.5f})}))[0] == max);
  CHECK(values_of(run_node_output("ReduceProd", 18, {floats({3}, {tiny, std::ldexp(1.0f, 100), std::ldexp(1.0f, 49)})}))[0] == 1);
  CHECK(std::isnan(values_of(run_node_output("ReduceProd", 18, {floats({2}, {INFINITY, 0})}))[0]));
  CHECK(std::signbit(values_of(run_node_output("ReduceProd", 18, {floats({2}, {-3, 0})}))[0]));
}

TEST_CASE("Reduce*: empty sets by version", "[ReduceSum][ReduceMean][ReduceMax][ReduceProd][empty]") {
  const Tensor empty = floats({0, 3}, {});
  auto run = [&](const char* op, int v, std::vector<Tensor> in) { return run_node(op, v, in, {make_attr("keepdims", int64_t{0})}); };
  auto r = run("ReduceSum", 13, {empty, axes({0})});
  CHECK(r.outputs[0].shape() == Shape{3});
  CHECK(values_of(r.outputs[0]) == std::vector<float>{0, 0, 0});
  CHECK(r.semantics.category == Semantics::kDefined);
  r = run_node("ReduceSum", 11, {empty}, {make_attr("axes", std::vector<int64_t>{0})});
  CHECK(r.outputs[0].shape() == Shape{1, 3});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  r = run("ReduceProd", 18, {empty, axes({0})});
  CHECK(values_of(r.outputs[0]) == std::vector<float>{1, 1, 1});
  r = run("ReduceMax", 18, {empty, axes({0})});
  CHECK(values_of(r.outputs[0])[0] == -INFINITY);
  r = run("ReduceLogSumExp", 18, {empty, axes({0})});
  CHECK(values_of(r.outputs[0])[0] == -INFINITY);
  r = run("ReduceMean", 18, {empty, axes({0})});
  CHECK(std::isnan(values_of(r.outputs[0])[0]));
  CHECK(r.semantics.category == Semantics::kUndefined);
  r = run("ReduceMin", 20, {Tensor(DType::kInt32, {0}), axes({})});
  CHECK(r.outputs[0].data<int32_t>()[0] == std::numeric_limits<int32_t>::max());
  r = run("ReduceMin", 20, {bools({}, {0}), axes({})});
  CHECK(r.outputs[0].data<bool>()[0] == true);
  check_invalid("ReduceMax", 12, {Tensor(DType::kInt8, {0}), axes({})}, "");  // 12 takes no axes input
}

TEST_CASE("Reduce*: integers exact, wrapping marked undefined, real results truncated", "[ReduceSum][ReduceMean][ReduceL2][integer]") {
  const int32_t big = std::numeric_limits<int32_t>::max();
  auto r = run_node("ReduceSum", 13, {vec<int32_t>({big, 1})});
  CHECK(r.outputs[0].data<int32_t>()[0] == std::numeric_limits<int32_t>::min());
  CHECK(r.semantics.category == Semantics::kUndefined);
  r = run_node("ReduceSum", 13, {vec<int32_t>({big, 1, -2})});  // exact sum fits: no wrap
  CHECK(r.outputs[0].data<int32_t>()[0] == big - 1);
  CHECK(r.semantics.category == Semantics::kDefined);
  r = run_node("ReduceMean", 18, {vec<int32_t>({-1, -2})});
  CHECK(r.outputs[0].data<int32_t>()[0] == -1);
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node("ReduceL2", 18, {vec<int64_t>({3, 4})}).outputs[0].data<int64_t>()[0] == 5);
  CHECK(run_node("ReduceL2", 18, {vec<int64_t>({1, 1})}).outputs[0].data<int64_t>()[0] == 1);
  CHECK(run_node("ReduceLogSumExp", 18, {vec<int32_t>({1, 2})}).outputs[0].data<int32_t>()[0] == 2);  // 2.31...
  CHECK(run_node("ReduceProd", 18, {vec<uint32_t>({65536, 65536})}).outputs[0].data<uint32_t>()[0] == 0);
  CHECK(run_node("ReduceMax", 20, {bools({false, true})}).outputs[0].data<bool>()[0] == true);
  CHECK(run_node("ReduceMax", 12, {vec<int8_t>({-5, 3, 7})}).outputs[0].data<int8_t>()[0] == 7);
  check_invalid("ReduceMax", 11, {vec<int8_t>({1})}, "tensor(int8)");
}

TEST_CASE("ReduceMax/Min: NaN and signed zeros", "[ReduceMax][ReduceMin]") {
  auto r = run_node("ReduceMax", 18, {floats({3}, {1, NAN, 2})});
  CHECK(std::isnan(values_of(r.outputs[0])[0]));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(!std::signbit(values_of(run_node_output("ReduceMax", 18, {floats({2}, {-0.0f, 0.0f})}))[0]));
  CHECK(std::signbit(values_of(run_node_output("ReduceMin", 18, {floats({2}, {0.0f, -0.0f})}))[0]));
}
