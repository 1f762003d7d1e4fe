// And, Or, Xor, Not and the comparisons: types per version, broadcasting rules, truth
// tables worked by hand, and every comparison of random and edge float bit patterns
// against MPFR's predicates on independently decoded values (oracle.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "reference/tests/oracle.h"
#include "reference/tests/exact_ops_testing.h"
#include "reference/tests/logic_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;


TEST_CASE("logical ops take bool only and give bool", "[And][Or][Xor][Not][v1][v7]") {
  const Tensor a = bools({false, false, true, true}), b = bools({false, true, false, true});
  for (int v : {1, 7}) {
    CHECK(run_node_output("And", v, {a, b}) == bools({false, false, false, true}));
    CHECK(run_node_output("Or", v, {a, b}) == bools({false, true, true, true}));
    CHECK(run_node_output("Xor", v, {a, b}) == bools({false, true, true, false}));
    check_invalid("And", v, {vec<int32_t>({1}), vec<int32_t>({1})}, "tensor(int32)");
    check_invalid("Xor", v, {vec<float>({1}), vec<float>({1})}, "tensor(float)");
  }
  CHECK(run_node_output("Not", 1, {a}) == bools({true, true, false, false}));
  CHECK(run_node_output("Not", 1, {bools({}, {0, 3})}) == bools({}, {0, 3}));
  check_invalid("Not", 1, {vec<float>({1})}, "tensor(float)");
  check_invalid("Or", 7, {a, vec<int64_t>({1, 2, 3, 4})}, "tensor(int64)");
}

TEST_CASE("each comparison version admits exactly its types", "[Equal][Greater][Less][GreaterOrEqual][LessOrEqual]") {
  const Tensor i32 = vec<int32_t>({1}), u8 = vec<uint8_t>({1}), f32 = vec<float>({1}), b = bools({true});
  const Tensor bf16 = vec<BFloat16>({bfloat16_from_double(1)});
  CHECK_NOTHROW(run_node("Equal", 1, {b, b}));
  CHECK_NOTHROW(run_node("Equal", 7, {i32, i32}));
  check_invalid("Equal", 7, {f32, f32}, "tensor(float)");
  check_invalid("Equal", 7, {u8, u8}, "tensor(uint8)");
  CHECK_NOTHROW(run_node("Equal", 11, {f32, f32}));
  CHECK_NOTHROW(run_node("Equal", 11, {u8, u8}));
  check_invalid("Equal", 11, {bf16, bf16}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Equal", 13, {bf16, bf16}));
  check_invalid("Greater", 1, {i32, i32}, "tensor(int32)");
  check_invalid("Less", 7, {i32, i32}, "tensor(int32)");
  CHECK_NOTHROW(run_node("Less", 9, {i32, i32}));
  check_invalid("Greater", 9, {b, b}, "tensor(bool)");
  check_invalid("Greater", 9, {bf16, bf16}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Greater", 13, {bf16, bf16}));
  check_invalid("GreaterOrEqual", 12, {bf16, bf16}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("GreaterOrEqual", 16, {bf16, bf16}));
  check_invalid("LessOrEqual", 12, {bf16, bf16}, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("LessOrEqual", 16, {bf16, bf16}));
  check_invalid("Equal", 13, {i32, vec<int64_t>({1})}, "same type");
  CHECK(run_node_output("Less", 9, {i32, i32}).dtype() == DType::kBool);
}

TEST_CASE("version 1 broadcasts by the limited rule, 7 by numpy's", "[And][Equal][Greater][Less][v1][v7]") {
  const Tensor a = bools({true, false, true, false, true, false}, {2, 3});
  const Tensor row = bools({true, true, false});
  check_invalid("And", 1, {a, row}, "broadcast");
  CHECK(run_node_output("And", 1, {a, row}, {make_attr("broadcast", int64_t{1})}) ==
        bools({true, false, false, false, true, false}, {2, 3}));
  // axis=0: B (2) runs along A's first dimension.
  CHECK(run_node_output("Or", 1, {a, bools({false, true})}, {make_attr("broadcast", int64_t{1}), make_attr("axis", int64_t{0})}) ==
        bools({true, false, true, true, true, true}, {2, 3}));
  // Limited broadcast does not stretch a size-1 dimension of A; numpy does both ways.
  const Tensor col = Tensor::from_values<float>({3, 1}, {1, 2, 3}), line = Tensor::from_values<float>({1, 2}, {2, 3});
  check_invalid("Greater", 1, {col, line}, "Greater-1", {make_attr("broadcast", int64_t{1})});
  CHECK(run_node_output("Greater", 7, {col, line}) == bools({false, false, false, false, true, false}, {3, 2}));
  check_invalid("Less", 7, {vec<float>({1, 2}), vec<float>({1, 2, 3})}, "Less-7");
  check_invalid("Equal", 7, {vec<int32_t>({1}), vec<int32_t>({1})}, "unknown attribute 'broadcast'",
                {make_attr("broadcast", int64_t{1})});
  check_invalid("Equal", 1, {vec<int32_t>({1}), vec<int32_t>({1})}, "'broadcast' must be int",
                {make_attr("broadcast", 1.0f)});
  CHECK(run_node_output("Equal", 1, {Tensor::from_values<int64_t>({2, 2}, {1, 2, 3, 4}), vec<int64_t>({1, 4})},
                        {make_attr("broadcast", int64_t{1})}) == bools({true, false, false, true}, {2, 2}));
  CHECK(run_node_output("LessOrEqual", 12, {Tensor(DType::kInt8, {0, 2}), vec<int8_t>({1, 2})}) == bools({}, {0, 2}));
}

TEST_CASE("integer comparisons at the extremes of each type", "[Equal][Greater][Less][v11][v13]") {
  const uint64_t umax = std::numeric_limits<uint64_t>::max();
  CHECK(run_node_output("Greater", 13, {vec<uint64_t>({umax, 0, umax - 1}), vec<uint64_t>({umax - 1, umax, umax})}) ==
        bools({true, false, false}));
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  CHECK(run_node_output("Less", 9, {vec<int64_t>({lo, hi, -1}), vec<int64_t>({hi, lo, 0})}) == bools({true, false, true}));
  // 2^53 + 1 and 2^53 differ as int64 (a comparison through double would say equal).
  const int64_t big = (int64_t{1} << 53);
  CHECK(run_node_output("Equal", 11, {vec<int64_t>({big + 1, big}), vec<int64_t>({big, big})}) == bools({false, true}));
  CHECK(run_node_output("GreaterOrEqual", 12, {vec<int8_t>({-128, 127}), vec<int8_t>({127, 127})}) == bools({false, true}));
  CHECK(run_node_output("LessOrEqual", 16, {vec<uint16_t>({65535, 0}), vec<uint16_t>({0, 0})}) == bools({false, true}));
}

TEST_CASE("float comparisons are IEEE's: -0 == +0, NaN unordered", "[Equal][Greater][Less][GreaterOrEqual][LessOrEqual]") {
  const Tensor a = vec<double>({-0.0, NAN, NAN, INFINITY, -INFINITY, 1});
  const Tensor b = vec<double>({0.0, NAN, 1, INFINITY, -1e308, 1});
  CHECK(run_node_output("Equal", 11, {a, b}) == bools({true, false, false, true, false, true}));
  CHECK(run_node_output("Greater", 7, {a, b}) == bools({false, false, false, false, false, false}));
  CHECK(run_node_output("Less", 7, {a, b}) == bools({false, false, false, false, true, false}));
  CHECK(run_node_output("GreaterOrEqual", 12, {a, b}) == bools({true, false, false, true, false, true}));
  CHECK(run_node_output("LessOrEqual", 12, {a, b}) == bools({true, false, false, true, true, true}));
  auto r = run_node("Equal", 11, {a, b});
  CHECK(r.semantics.category == Semantics::kDefined);
}

namespace {

// Every comparison of random and edge bit patterns of T against MPFR's predicates on the
// values decoded by oracle.h (mpfr_equal_p and friends are false when either is NaN).
template <class T>
void compare_against_mpfr(int equal_version, int order_version, int or_equal_version) {
  namespace o = oracle;
  std::mt19937_64 gen(1234 + sizeof(T));
  const int bits = sizeof(T) * 8;
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  const std::vector<double> edges = {0.0, -0.0, NAN, INFINITY, -INFINITY, 1, -1, 1e-40, 65504, 3e38};
  std::vector<T> xs, ys;
  for (double e : edges)
    for (double f : edges) xs.push_back(o::near_value<T>(e)), ys.push_back(o::near_value<T>(f));
  for (int i = 0; i < 4000; ++i) {
    const uint64_t x = gen() & mask;
    // Half the pairs are neighbours (or equal) so that ties and near misses are common.
    const uint64_t y = (i % 2) ? (x + (gen() % 3) - 1) & mask : gen() & mask;
    xs.push_back(o::from_bits<T>(x)), ys.push_back(o::from_bits<T>(y));
  }
  const Tensor a = vec<T>(xs), b = vec<T>(ys);
  const Tensor eq_out = run_node_output("Equal", equal_version, {a, b});
  const auto eq = eq_out.data<bool>();
  const Tensor gt_out = run_node_output("Greater", order_version, {a, b});
  const auto gt = gt_out.data<bool>();
  const Tensor lt_out = run_node_output("Less", order_version, {a, b});
  const auto lt = lt_out.data<bool>();
  const Tensor ge_out = run_node_output("GreaterOrEqual", or_equal_version, {a, b});
  const auto ge = ge_out.data<bool>();
  const Tensor le_out = run_node_output("LessOrEqual", or_equal_version, {a, b});
  const auto le = le_out.data<bool>();
  o::Big x(64), y(64);
  for (size_t i = 0; i < xs.size(); ++i) {
    mpfr_set_d(x, o::value_of(xs[i]), MPFR_RNDN);
    mpfr_set_d(y, o::value_of(ys[i]), MPFR_RNDN);
    INFO(o::type_name<T>() << " " << o::show_input(xs[i]) << " vs " << o::show_input(ys[i]));
    CHECK(eq[i] == (mpfr_equal_p(x, y) != 0));
    CHECK(gt[i] == (mpfr_greater_p(x, y) != 0));
    CHECK(lt[i] == (mpfr_less_p(x, y) != 0));
    CHECK(ge[i] == (mpfr_greaterequal_p(x, y) != 0));
    CHECK(le[i] == (mpfr_lessequal_p(x, y) != 0));
  }
}

}  // namespace

TEST_CASE("float comparisons agree with MPFR on random and edge bit patterns", "[Equal][Greater][Less][v13]") {
  compare_against_mpfr<Float16>(11, 7, 12);
  compare_against_mpfr<float>(11, 7, 12);
  compare_against_mpfr<double>(11, 7, 12);
  compare_against_mpfr<BFloat16>(13, 13, 16);
}

TEST_CASE("integer comparisons agree with 128-bit arithmetic on random values", "[Equal][Greater][Less][v13]") {
  std::mt19937_64 gen(99);
  auto run = [&]<class T>() {
    std::vector<T> xs, ys;
    for (int i = 0; i < 500; ++i) {
      const T x = static_cast<T>(gen());
      xs.push_back(x);
      ys.push_back(i % 3 == 0 ? x : static_cast<T>(i % 3 == 1 ? x + 1 : gen()));
    }
    const Tensor a = vec<T>(xs), b = vec<T>(ys);
    const Tensor gt_out = run_node_output("Greater", 13, {a, b});
    const auto gt = gt_out.data<bool>();
    const Tensor le_out = run_node_output("LessOrEqual", 16, {a, b});
    const auto le = le_out.data<bool>();
    const Tensor eq_out = run_node_output("Equal", 13, {a, b});
    const auto eq = eq_out.data<bool>();
    for (size_t i = 0; i < xs.size(); ++i) {
      const __int128 x = xs[i], y = ys[i];
      CHECK(gt[i] == (x > y));
      CHECK(le[i] == (x <= y));
      CHECK(eq[i] == (x == y));
    }
  };
  run.operator()<int8_t>();
  run.operator()<uint8_t>();
  run.operator()<int16_t>();
  run.operator()<uint16_t>();
  run.operator()<int32_t>();
  run.operator()<uint32_t>();
  run.operator()<int64_t>();
  run.operator()<uint64_t>();
}

TEST_CASE("Equal-19 compares strings byte for byte, with numpy broadcasting", "[Equal][v19]") {
  const auto a = Tensor::from_values<std::string>(
      {2, 3}, {"", "a", "A", std::string("a\0b", 3), "\xc3\xa9", "abc"});
  const auto b = Tensor::from_values<std::string>(
      {2, 3}, {"", "a ", "A", std::string("a\0c", 3), "e\xcc\x81", "abc"});
  // Hand-worked: equal, trailing space differs, equal, differs after the NUL, precomposed
  // vs decomposed e-acute differ (no normalisation), equal.
  CHECK(run_node_output("Equal", 19, {a, b}) == Tensor::from_values<bool>({2, 3}, {true, false, true, false, false, true}));
  const auto one = Tensor::from_values<std::string>({1}, {"A"});
  CHECK(run_node_output("Equal", 19, {a, one}).shape() == Shape{2, 3});
  CHECK(run_node_output("Equal", 19, {a, one}) == Tensor::from_values<bool>({2, 3}, {false, false, true, false, false, false}));
  // Before 19, strings are outside T.
  check_refused("Equal", 13, {a, b}, {}, "tensor(string)");
  check_refused("Greater", 13, {a, b}, {}, "tensor(string)");
}
