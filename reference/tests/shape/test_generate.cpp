// EyeLike, Trilu, Range: the spec's examples and hand-worked cases.
#include <cmath>

#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("EyeLike: ones at [i, i+k], dtype or the input's type", "[EyeLike][v9][v22]") {
  for (int v : {9, 22}) {
    CHECK(run_node_output("EyeLike", v, {Tensor(DType::kInt32, {3, 4})}, {make_attr("k", int64_t{1})}) ==
          Tensor::from_values<int32_t>({3, 4}, {0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
    CHECK(run_node_output("EyeLike", v, {Tensor(DType::kInt32, {3, 2})}, {make_attr("k", int64_t{-1}),
                                                                        make_attr("dtype", int64_t{11})}) ==
          Tensor::from_values<double>({3, 2}, {0, 0, 1, 0, 0, 1}));
    CHECK(run_node_output("EyeLike", v, {Tensor(DType::kBool, {2, 2})}) == Tensor::from_values<bool>({2, 2}, {true, false, false, true}));
    CHECK(run_node_output("EyeLike", v, {Tensor(DType::kFloat, {2, 2})}, {make_attr("k", int64_t{5})}) == Tensor(DType::kFloat, {2, 2}));
    CHECK(run_node_output("EyeLike", v, {Tensor(DType::kFloat, {2, 2})}, {make_attr("k", INT64_MIN)}) == Tensor(DType::kFloat, {2, 2}));
    check_refused("EyeLike", v, {Tensor(DType::kFloat, {2})}, {}, "must be 2-D");
    check_refused("EyeLike", v, {Tensor(DType::kFloat, {2, 2})}, {make_attr("dtype", int64_t{8})}, "T2 does not allow");
    check_refused("EyeLike", v, {Tensor(DType::kFloat, {2, 2})}, {make_attr("dtype", int64_t{99})}, "not an element type");
  }
  check_refused("EyeLike", 9, {Tensor(DType::kFloat, {2, 2})}, {make_attr("dtype", int64_t{16})}, "T2 does not allow");
  CHECK(run_node_output("EyeLike", 22, {Tensor(DType::kFloat, {1, 1})}, {make_attr("dtype", int64_t{16})}) ==
        Tensor::from_values<BFloat16>({1, 1}, {bfloat16_from_double(1)}));
}

TEST_CASE("Trilu-14: upper and lower about diagonal k", "[Trilu][v14]") {
  // ONNX's examples on a 4x5 matrix 0..19 (counting).
  const Tensor x = counting<int64_t>({4, 5});
  auto keep = [&](auto pred) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < 4; ++i)
      for (int64_t j = 0; j < 5; ++j) v.push_back(pred(i, j) ? i * 5 + j : 0);
    return Tensor::from_values<int64_t>({4, 5}, v);
  };
  CHECK(run_node_output("Trilu", 14, {x}) == keep([](int64_t i, int64_t j) { return j >= i; }));
  CHECK(run_node_output("Trilu", 14, {x, scalar<int64_t>(1)}) == keep([](int64_t i, int64_t j) { return j - i >= 1; }));
  CHECK(run_node_output("Trilu", 14, {x, scalar<int64_t>(-1)}, {make_attr("upper", int64_t{0})}) ==
        keep([](int64_t i, int64_t j) { return j - i <= -1; }));
  CHECK(run_node_output("Trilu", 14, {x, scalar<int64_t>(INT64_MIN)}) == x);
  CHECK(run_node_output("Trilu", 14, {x, scalar<int64_t>(INT64_MAX)}) == Tensor(DType::kInt64, {4, 5}));
  // Batches, strings (zero is "").
  CHECK(run_node_output("Trilu", 14, {Tensor::from_values<std::string>({2, 1, 2}, {"a", "b", "c", "d"})},
                        {make_attr("upper", int64_t{0})}) ==
        Tensor::from_values<std::string>({2, 1, 2}, {"a", "", "c", ""}));
  CHECK(run_node_output("Trilu", 14, {Tensor(DType::kFloat, {0, 3})}) == Tensor(DType::kFloat, {0, 3}));
  check_refused("Trilu", 14, {vec<float>({1})}, {}, "rank 2 or more");
  check_refused("Trilu", 14, {x, vec<int64_t>({1, 2})}, {}, "k must be a scalar");
}

TEST_CASE("Range: count in double (implementation-defined where exact differs), values rounded once", "[Range][v11][v27]") {
  for (int v : {11, 27}) {
    // The spec's examples.
    CHECK(run_node_output("Range", v, {scalar<int32_t>(3), scalar<int32_t>(9), scalar<int32_t>(3)}) == vec<int32_t>({3, 6}));
    CHECK(run_node_output("Range", v, {scalar<int64_t>(10), scalar<int64_t>(4), scalar<int64_t>(-2)}) ==
          vec<int64_t>({10, 8, 6}));
    CHECK(run_node_output("Range", v, {scalar<float>(1), scalar<float>(1), scalar<float>(1)}) == vec<float>({}));
    CHECK(run_node_output("Range", v, {scalar<int16_t>(-32768), scalar<int16_t>(32767), scalar<int16_t>(32767)}) ==
          vec<int16_t>({-32768, -1, 32766}));
    // 0.1 steps: count ceil((1 - 0) / 0.1f): 0.1f is slightly above 0.1, so 1/0.1f < 10 -> 10.
    const Tensor tenth = run_node_output("Range", v, {scalar<float>(0), scalar<float>(1), scalar<float>(0.1f)});
    REQUIRE(tenth.size() == 10);
    // Element 3 is the float nearest 3 * 0.1f (exactly 0.300000004470348358154296875), i.e. 0.3f's neighbour.
    CHECK(tenth.data<float>()[3] == static_cast<float>(3.0 * static_cast<double>(0.1f)));
    // Large start: float start + i*delta rounded once (2^24 + 1 is a tie: rounds to even 2^24).
    const Tensor big = run_node_output("Range", v, {scalar<float>(16777216.0f), scalar<float>(16777220.0f), scalar<float>(1)});
    CHECK(big == vec<float>({16777216.0f, 16777216.0f, 16777218.0f, 16777220.0f}));
    check_refused("Range", v, {scalar<int32_t>(0), scalar<int32_t>(5), scalar<int32_t>(0)}, {}, "delta is 0");
    check_refused("Range", v, {scalar<float>(0), scalar<float>(INFINITY), scalar<float>(1)}, {}, "must be finite");
    check_refused("Range", v, {vec<float>({0, 1}), scalar<float>(1), scalar<float>(1)}, {}, "start must be a scalar");
  }
  // The count in double, as numpy.arange: 7 / (the double nearest 1/3) is 21.000...0010 exactly
  // but 21 in double, so 21 elements, implementation-defined. In float the same range is
  // 20.99999937... exactly and 21 in double: defined.
  const auto thirds = run_node("Range", 11, {scalar<double>(1), scalar<double>(8), scalar<double>(1.0 / 3)});
  CHECK(thirds.outputs[0].size() == 21);
  CHECK(thirds.semantics.category == Semantics::kImplementationDefined);
  const auto float_thirds = run_node("Range", 11, {scalar<float>(1), scalar<float>(8), scalar<float>(1.0f / 3)});
  CHECK(float_thirds.outputs[0].size() == 21);
  CHECK(float_thirds.semantics.category == Semantics::kDefined);
  check_refused("Range", 11, {scalar<Float16>(Float16{}), scalar<Float16>(Float16{}), scalar<Float16>(Float16{})}, {},
                "tensor(float16)");
  CHECK(run_node_output("Range", 27, {scalar<Float16>(float16_from_double(2048)), scalar<Float16>(float16_from_double(2052)),
                                      scalar<Float16>(float16_from_double(1))}) ==
        vec<Float16>({float16_from_double(2048), float16_from_double(2048), float16_from_double(2050), float16_from_double(2052)}));
}
