// Softmax, LogSoftmax, Hardmax: the 2-D coercion (1, 11) against one axis (13), values by
// hand or by an independent oracle (MPFR at 300 bits, rounded by oracle.h's rounders).
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;
using namespace touchstone::testing::reduce;

TEST_CASE("Softmax family: 2-D coercion (1, 11) against one axis (13)", "[Softmax][LogSoftmax][Hardmax]") {
  // x (1,2,2) = [[[0 0][0 0]]]: at axis 1, version 1 normalizes the block of 4 (1/4 each),
  // version 13 the pair along axis 1 (1/2 each).
  const Tensor zeros = floats({1, 2, 2}, {0, 0, 0, 0});
  CHECK(values_of(run_node_output("Softmax", 1, {zeros})) == std::vector<float>(4, 0.25f));
  CHECK(values_of(run_node_output("Softmax", 13, {zeros}, {make_attr("axis", int64_t{1})})) == std::vector<float>(4, 0.5f));
  CHECK(values_of(run_node_output("Softmax", 11, {zeros}, {make_attr("axis", int64_t{-2})})) == std::vector<float>(4, 0.25f));
  check_invalid("Softmax", 1, {zeros}, "negative axes from version 11", {make_attr("axis", int64_t{-1})});
  // Values: softmax(0, 1) = (1/(1+e), e/(1+e)); no overflow at 1000s.
  const float s0 = oracle_float([](mpfr_ptr v) {
    oracle::Big e(300);
    mpfr_set_ui(e, 1, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    mpfr_add_ui(e, e, 1, MPFR_RNDN);
    return mpfr_ui_div(v, 1, e, MPFR_RNDN);
  });
  CHECK(values_of(run_node_output("Softmax", 13, {floats({2}, {1000, 1001})}))[0] == s0);
  const float l0 = oracle_float([](mpfr_ptr v) {  // log(1/(1+e)) = -log(1+e)
    oracle::Big e(300);
    mpfr_set_ui(e, 1, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    const int t = mpfr_log1p(v, e, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    return -t;
  });
  CHECK(values_of(run_node_output("LogSoftmax", 13, {floats({2}, {1000, 1001})}))[0] == l0);
  CHECK(values_of(run_node_output("LogSoftmax", 13, {floats({2}, {5, -INFINITY})})) == std::vector<float>{0, -INFINITY});
  auto r = run_node("Softmax", 13, {floats({2}, {INFINITY, 1})});
  CHECK(std::isnan(values_of(r.outputs[0])[0]));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  // Hardmax: the first of tied maxima.
  CHECK(values_of(run_node_output("Hardmax", 13, {floats({4}, {1, 3, 3, 2})})) == std::vector<float>{0, 1, 0, 0});
  CHECK(values_of(run_node_output("Hardmax", 1, {floats({2, 2}, {1, 3, 3, 2})}, {make_attr("axis", int64_t{0})})) ==
        std::vector<float>{0, 1, 0, 0});
}
