// Transpose, DepthToSpace, SpaceToDepth: expected values by hand and from the spec's
// DepthToSpace examples.
#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("Transpose: perm, default reversed; refusals", "[Transpose][v1][v13][v21]") {
  // (2, 3): [[0 1 2], [3 4 5]] -> (3, 2): [[0 3], [1 4], [2 5]].
  const Tensor x = counting<int32_t>({2, 3});
  const Tensor xt = Tensor::from_values<int32_t>({3, 2}, {0, 3, 1, 4, 2, 5});
  // (2, 3, 4) with perm (1, 2, 0): out[j][k][i] = x[i][j][k] = 12i + 4j + k.
  const Tensor y = counting<float>({2, 3, 4});
  std::vector<float> expect;
  for (int j = 0; j < 3; ++j)
    for (int k = 0; k < 4; ++k)
      for (int i = 0; i < 2; ++i) expect.push_back(static_cast<float>(12 * i + 4 * j + k));
  for (int v : {1, 13, 21, 25}) {
    CHECK(run_node_output("Transpose", v, {x}) == xt);
    CHECK(run_node_output("Transpose", v, {x}, {make_attr("perm", std::vector<int64_t>{1, 0})}) == xt);
    CHECK(run_node_output("Transpose", v, {y}, {make_attr("perm", std::vector<int64_t>{1, 2, 0})}) ==
          Tensor::from_values<float>({3, 4, 2}, expect));
    CHECK(run_node_output("Transpose", v, {Tensor(DType::kString, {0, 2, 3})},
                          {make_attr("perm", std::vector<int64_t>{2, 0, 1})}) == Tensor(DType::kString, {3, 0, 2}));
    CHECK(run_node_output("Transpose", v, {scalar<bool>(true)}) == scalar<bool>(true));
    check_refused("Transpose", v, {x}, {make_attr("perm", std::vector<int64_t>{0})}, "must be a permutation");
    check_refused("Transpose", v, {x}, {make_attr("perm", std::vector<int64_t>{0, 0})}, "repeats axis 0");
    check_refused("Transpose", v, {x}, {make_attr("perm", std::vector<int64_t>{-1, 0})}, "must be a permutation of [0, 1]");
    check_refused("Transpose", v, {x}, {make_attr("perm", std::vector<int64_t>{2, 0})}, "must be a permutation of [0, 1]");
  }
}

TEST_CASE("DepthToSpace: DCR (1, 11 default) and CRD (11)", "[DepthToSpace][v1][v11][v13]") {
  // ONNX's examples: x of shape (1, 8, 2, 3) holding 0..47, blocksize 2.
  const Tensor x = counting<float>({1, 8, 2, 3});
  const Tensor dcr = Tensor::from_values<float>(
      {1, 2, 4, 6}, {0,  12, 1,  13, 2,  14, 24, 36, 25, 37, 26, 38, 3,  15, 4,  16, 5,  17, 27, 39, 28, 40, 29, 41,
                     6,  18, 7,  19, 8,  20, 30, 42, 31, 43, 32, 44, 9,  21, 10, 22, 11, 23, 33, 45, 34, 46, 35, 47});
  const Tensor crd = Tensor::from_values<float>(
      {1, 2, 4, 6}, {0,  6,  1,  7,  2,  8,  12, 18, 13, 19, 14, 20, 3,  9,  4,  10, 5,  11, 15, 21, 16, 22, 17, 23,
                     24, 30, 25, 31, 26, 32, 36, 42, 37, 43, 38, 44, 27, 33, 28, 34, 29, 35, 39, 45, 40, 46, 41, 47});
  const auto b2 = make_attr("blocksize", int64_t{2});
  CHECK(run_node_output("DepthToSpace", 1, {x}, {b2}) == dcr);
  for (int v : {11, 13}) {
    CHECK(run_node_output("DepthToSpace", v, {x}, {b2}) == dcr);
    CHECK(run_node_output("DepthToSpace", v, {x}, {b2, make_attr("mode", std::string("DCR"))}) == dcr);
    CHECK(run_node_output("DepthToSpace", v, {x}, {b2, make_attr("mode", std::string("CRD"))}) == crd);
    check_refused("DepthToSpace", v, {x}, {b2, make_attr("mode", std::string("crd"))}, "neither DCR nor CRD");
  }
  check_refused("DepthToSpace", 1, {x}, {b2, make_attr("mode", std::string("CRD"))}, "unknown attribute 'mode'");
  check_refused("DepthToSpace", 11, {x}, {make_attr("blocksize", int64_t{3})}, "not divisible by blocksize");
  check_refused("DepthToSpace", 11, {x}, {make_attr("blocksize", int64_t{0})}, "must be at least 1");
  check_refused("DepthToSpace", 11, {counting<float>({8, 2, 3})}, {b2}, "must be 4-D");
}

TEST_CASE("SpaceToDepth inverts DepthToSpace's DCR order", "[SpaceToDepth][v1][v13]") {
  const Tensor dcr_in = counting<float>({1, 8, 2, 3});
  const auto b2 = make_attr("blocksize", int64_t{2});
  for (int v : {1, 13}) {
    const Tensor s = run_node_output("DepthToSpace", v == 1 ? 1 : 13, {dcr_in}, {b2});
    CHECK(run_node_output("SpaceToDepth", v, {s}, {b2}) == dcr_in);
    // By hand: (1, 1, 2, 2) [[a b], [c d]] -> (1, 4, 1, 1) [a, b, c, d].
    CHECK(run_node_output("SpaceToDepth", v, {counting<double>({1, 1, 2, 2})}, {b2}) == counting<double>({1, 4, 1, 1}));
    check_refused("SpaceToDepth", v, {counting<float>({1, 1, 3, 2})}, {b2}, "must be divisible by blocksize");
    check_refused("SpaceToDepth", v, {counting<float>({1, 2, 2})}, {b2}, "must be 4-D");
  }
}
