// Gather, GatherElements, GatherND: the spec's examples, each version's index rules
// (negative indices from 11, GatherND-12 batch_dims), every element type, empty and
// out-of-range refusals. Expected values from the spec text or worked out by hand.
#include "reference/tests/indexing/indexing_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("Gather: the spec's examples, both axes", "[Gather][v1][v11][v13]") {
  const Tensor data = tensor<float>({3, 2}, {1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f});
  const Tensor idx = tensor<int64_t>({2, 2}, {0, 1, 1, 2});
  for (int v : {1, 11, 13}) {
    CHECK(run_node_output("Gather", v, {data, idx}) ==
          tensor<float>({2, 2, 2}, {1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f}));
    const Tensor d3 = tensor<float>({3, 3}, {1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f, 5.9f});
    CHECK(run_node_output("Gather", v, {d3, tensor<int32_t>({1, 2}, {0, 2})}, {make_attr("axis", int64_t{1})}) ==
          tensor<float>({3, 1, 2}, {1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f}));
    // axis -1 is axis 1 in every version (Gather-1's text already counts negative axes).
    CHECK(run_node_output("Gather", v, {d3, tensor<int32_t>({1, 2}, {0, 2})}, {make_attr("axis", int64_t{-1})}) ==
          tensor<float>({3, 1, 2}, {1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f}));
  }
}

TEST_CASE("Gather: scalar indices drop the axis; strings, bool; empty", "[Gather][v1][v11]") {
  const Tensor s = tensor<std::string>({2, 2}, {"a", "b", "c", "d"});
  CHECK(run_node_output("Gather", 11, {s, scalar<int64_t>(1)}) == vec<std::string>({"c", "d"}));
  CHECK(run_node_output("Gather", 1, {s, scalar<int64_t>(1)}, {make_attr("axis", int64_t{1})}) ==
        vec<std::string>({"b", "d"}));
  CHECK(run_node_output("Gather", 11, {vec<bool>({true, false}), vec<int64_t>({1, 1, 0})}) ==
        vec<bool>({false, false, true}));
  CHECK(run_node_output("Gather", 11, {tensor<float>({0, 3}, {}), tensor<int64_t>({0}, {})}).shape() == Shape{0, 3});
  CHECK(run_node_output("Gather", 11, {tensor<float>({2, 0}, {}), vec<int64_t>({1})}).shape() == Shape{1, 0});
}

TEST_CASE("Gather: negative indices from 11, refused before; out of range refused", "[Gather][v1][v11]") {
  const Tensor data = vec<int32_t>({10, 20, 30, 40});
  CHECK(run_node_output("Gather", 11, {data, vec<int64_t>({-1, -4, 0})}) == vec<int32_t>({40, 10, 10}));
  CHECK(run_node_output("Gather", 13, {data, vec<int32_t>({-2})}) == vec<int32_t>({30}));
  check_refused("Gather", 1, {data, vec<int64_t>({-1})}, {}, "negative indices only from opset 11");
  check_refused("Gather", 11, {data, vec<int64_t>({4})}, {}, "outside [-4, 3]");
  check_refused("Gather", 11, {data, vec<int64_t>({-5})}, {}, "outside [-4, 3]");
  check_refused("Gather", 13, {data, vec<int64_t>({INT64_MAX})}, {}, "out-of-bounds");
  check_refused("Gather", 13, {data, vec<int64_t>({INT64_MIN})}, {}, "out-of-bounds");
  check_refused("Gather", 11, {data, vec<int64_t>({0})}, {make_attr("axis", int64_t{1})}, "axis 1 is outside [-1, 0]");
  check_refused("Gather", 11, {scalar<float>(1), vec<int64_t>({0})}, {}, "rank >= 1");
}

TEST_CASE("GatherElements: the spec's examples; negative indices; refusals", "[GatherElements][v11][v13]") {
  for (int v : {11, 13}) {
    CHECK(run_node_output("GatherElements", v,
                          {tensor<int32_t>({2, 2}, {1, 2, 3, 4}), tensor<int64_t>({2, 2}, {0, 0, 1, 0})},
                          {make_attr("axis", int64_t{1})}) == tensor<int32_t>({2, 2}, {1, 1, 4, 3}));
    CHECK(run_node_output("GatherElements", v,
                          {tensor<int32_t>({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}), tensor<int32_t>({2, 3}, {1, 2, 0, 2, 0, 0})}) ==
          tensor<int32_t>({2, 3}, {4, 8, 3, 7, 2, 3}));
    // ONNX's negative-index test: indices [[-1, -2, 0], [-2, 0, 0]] on the 3x3 data.
    CHECK(run_node_output("GatherElements", v,
                          {tensor<float>({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}), tensor<int64_t>({2, 3}, {-1, -2, 0, -2, 0, 0})}) ==
          tensor<float>({2, 3}, {7, 5, 3, 4, 2, 3}));
  }
  CHECK(run_node_output("GatherElements", 11, {tensor<std::string>({1, 2}, {"x", "y"}), tensor<int64_t>({1, 3}, {1, -1, 0})},
                        {make_attr("axis", int64_t{-1})}) == tensor<std::string>({1, 3}, {"y", "y", "x"}));
  check_refused("GatherElements", 11, {tensor<float>({2, 2}, {1, 2, 3, 4}), tensor<int64_t>({2, 2}, {0, 2, 0, 0})}, {},
                "outside [-2, 1]");
  check_refused("GatherElements", 11, {tensor<float>({2, 2}, {1, 2, 3, 4}), vec<int64_t>({0, 1})}, {}, "data's rank");
  check_refused("GatherElements", 13, {tensor<float>({2, 2}, {1, 2, 3, 4}), tensor<int64_t>({1, 3}, {0, 0, 0})}, {},
                "larger than data");
}

TEST_CASE("GatherND: the spec's examples, batch_dims from 12", "[GatherND][v11][v12][v13]") {
  const Tensor d22 = tensor<int32_t>({2, 2}, {0, 1, 2, 3});
  const Tensor d222 = tensor<int32_t>({2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7});
  for (int v : {11, 12, 13}) {
    CHECK(run_node_output("GatherND", v, {d22, tensor<int64_t>({2, 2}, {0, 0, 1, 1})}) == vec<int32_t>({0, 3}));
    CHECK(run_node_output("GatherND", v, {d22, tensor<int64_t>({2, 1}, {1, 0})}) == tensor<int32_t>({2, 2}, {2, 3, 0, 1}));
    CHECK(run_node_output("GatherND", v, {d222, tensor<int64_t>({2, 2}, {0, 1, 1, 0})}) ==
          tensor<int32_t>({2, 2}, {2, 3, 4, 5}));
    CHECK(run_node_output("GatherND", v, {d222, tensor<int64_t>({2, 1, 2}, {0, 1, 1, 0})}) ==
          tensor<int32_t>({2, 1, 2}, {2, 3, 4, 5}));
    // Negative components count from the back of their own dimension.
    CHECK(run_node_output("GatherND", v, {d22, tensor<int64_t>({1, 2}, {-1, -2})}) == vec<int32_t>({2}));
  }
  // Example 5: batch_dims = 1, indices [[1], [0]] -> [[2, 3], [4, 5]].
  for (int v : {12, 13})
    CHECK(run_node_output("GatherND", v, {d222, tensor<int64_t>({2, 1}, {1, 0})}, {make_attr("batch_dims", int64_t{1})}) ==
          tensor<int32_t>({2, 2}, {2, 3, 4, 5}));
  // batch_dims = 1 with k = 2 = r - b: one scalar per batch; -1 indexes data dimension 2 (size 2).
  CHECK(run_node_output("GatherND", 12, {d222, tensor<int64_t>({2, 2}, {1, -1, 0, -2})},
                        {make_attr("batch_dims", int64_t{1})}) == vec<int32_t>({3, 4}));
  check_refused("GatherND", 11, {d22, tensor<int64_t>({1, 3}, {0, 0, 0})}, {}, "indices.shape[-1] = 3");
  check_refused("GatherND", 11, {d22, tensor<int64_t>({1, 2}, {2, 0})}, {}, "outside [-2, 1]");
  check_refused("GatherND", 12, {d22, tensor<int64_t>({1, 2}, {0, -3})}, {}, "outside [-2, 1]");
  check_refused("GatherND", 12, {d222, tensor<int64_t>({3, 1}, {0, 0, 0})}, {make_attr("batch_dims", int64_t{1})},
                "must be equal");
  check_refused("GatherND", 12, {d22, tensor<int64_t>({2, 1}, {0, 0})}, {make_attr("batch_dims", int64_t{2})},
                "batch_dims 2");
  check_refused("GatherND", 11, {d22, tensor<int64_t>({2, 1}, {0, 0})}, {make_attr("batch_dims", int64_t{1})},
                "batch_dims");
}
