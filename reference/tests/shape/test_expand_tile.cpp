// Expand and Tile: expected values by hand and from the spec's examples.
#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("Expand: numpy broadcast with the shape input", "[Expand][v8][v13]") {
  for (int v : {8, 13}) {
    // ONNX's examples: (3, 1) with [2, 1, 6] -> (2, 3, 6); (3, 1) with [3, 4] -> (3, 4).
    const Tensor x = Tensor::from_values<float>({3, 1}, {1, 2, 3});
    std::vector<float> e;
    for (int k = 0; k < 2; ++k)
      for (float r : {1.f, 2.f, 3.f})
        for (int j = 0; j < 6; ++j) e.push_back(r);
    CHECK(run_node_output("Expand", v, {x, ints({2, 1, 6})}) == Tensor::from_values<float>({2, 3, 6}, e));
    CHECK(run_node_output("Expand", v, {x, ints({3, 4})}) ==
          Tensor::from_values<float>({3, 4}, {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}));
    // A shape of lower rank and 1s keeps the input's dimensions.
    CHECK(run_node_output("Expand", v, {counting<int16_t>({2, 3}), ints({1})}) == counting<int16_t>({2, 3}));
    CHECK(run_node_output("Expand", v, {counting<int16_t>({2, 3}), ints({})}) == counting<int16_t>({2, 3}));
    CHECK(run_node_output("Expand", v, {scalar<std::string>("s"), ints({2})}) == vec<std::string>({"s", "s"}));
    CHECK(run_node_output("Expand", v, {Tensor(DType::kBool, {2, 1}), ints({0})}) == Tensor(DType::kBool, {2, 0}));
    check_refused("Expand", v, {x, ints({2, 2})}, {}, "numpy");
    check_refused("Expand", v, {x, ints({-1})}, {}, "negative dimension");
  }
}

TEST_CASE("Tile-1: tiles and axis inputs of type T", "[Tile][v1]") {
  const Tensor x = Tensor::from_values<float>({2, 2}, {1, 2, 3, 4});
  CHECK(run_node_output("Tile", 1, {x, scalar<float>(2), scalar<float>(1)}) ==
        Tensor::from_values<float>({2, 4}, {1, 2, 1, 2, 3, 4, 3, 4}));
  CHECK(run_node_output("Tile", 1, {x, scalar<float>(3), scalar<float>(0)}) ==
        Tensor::from_values<float>({6, 2}, {1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4}));
  CHECK(run_node_output("Tile", 1, {x, scalar<float>(0), scalar<float>(0)}) == Tensor(DType::kFloat, {0, 2}));
  check_refused("Tile", 1, {x, scalar<float>(1.5f), scalar<float>(0)}, {}, "not a whole number");
  check_refused("Tile", 1, {x, scalar<float>(2), scalar<float>(-1)}, {}, "negative axes are allowed only from opset 11");
  check_refused("Tile", 1, {x, scalar<float>(-2), scalar<float>(0)}, {}, "is negative");
  check_refused("Tile", 1, {x, vec<float>({2, 2}), scalar<float>(0)}, {}, "exactly one element");
  check_refused("Tile", 1, {x, scalar<int64_t>(2), scalar<int64_t>(0)}, {}, "T does not allow");
}

TEST_CASE("Tile-6 and 13: repeats per dimension", "[Tile][v6][v13]") {
  for (int v : {6, 13}) {
    // ONNX's precomputed example: [[0, 1], [2, 3]] with repeats [2, 2].
    CHECK(run_node_output("Tile", v, {Tensor::from_values<int32_t>({2, 2}, {0, 1, 2, 3}), ints({2, 2})}) ==
          Tensor::from_values<int32_t>({4, 4}, {0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3}));
    CHECK(run_node_output("Tile", v, {vec<std::string>({"a", "b"}), ints({2})}) == vec<std::string>({"a", "b", "a", "b"}));
    CHECK(run_node_output("Tile", v, {scalar<double>(1), ints({})}) == scalar<double>(1));
    CHECK(run_node_output("Tile", v, {counting<float>({2, 3}), ints({0, 1})}) == Tensor(DType::kFloat, {0, 3}));
    check_refused("Tile", v, {counting<float>({2, 3}), ints({2})}, {}, "one per input dimension");
    check_refused("Tile", v, {counting<float>({2, 3}), ints({2, -1})}, {}, "negative count");
  }
}
