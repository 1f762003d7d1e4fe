// OneHot, NonZero, Compress: the spec's examples and rules per version (OneHot-9 vs 11 on
// negative indices and axes, NonZero of a scalar, Compress with a shorter or longer
// condition), refusals. Expected values by hand or from the spec text.
#include <cmath>

#include "reference/tests/indexing/indexing_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("OneHot: 9 turns negative indices off, 11 counts them from the back", "[OneHot][v9][v11]") {
  const Tensor idx = vec<int64_t>({0, -1, 2, 3});
  const Tensor depth = scalar<int64_t>(3);
  const Tensor values = vec<float>({0, 5});
  CHECK(run_node_output("OneHot", 9, {idx, depth, values}) ==
        tensor<float>({4, 3}, {5, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0}));
  CHECK(run_node_output("OneHot", 11, {idx, depth, values}) ==
        tensor<float>({4, 3}, {5, 0, 0, 0, 0, 5, 0, 0, 5, 0, 0, 0}));
  // axis 0: output[idx[i], i]; depth as a 1-element float tensor (cast to int64), float indices truncated.
  CHECK(run_node_output("OneHot", 11, {vec<float>({1.7f, 0}), vec<float>({2}), vec<int32_t>({-1, 1})},
                        {make_attr("axis", int64_t{0})}) == tensor<int32_t>({2, 2}, {-1, 1, 1, -1}));
  CHECK(run_node_output("OneHot", 11, {vec<int32_t>({1}), scalar<int32_t>(2), vec<int32_t>({0, 1})},
                        {make_attr("axis", int64_t{-2})}) == tensor<int32_t>({2, 1}, {0, 1}));
  CHECK(run_node_output("OneHot", 9, {scalar<int64_t>(1), scalar<int64_t>(2), vec<std::string>({"off", "on"})}) ==
        vec<std::string>({"off", "on"}));
  check_refused("OneHot", 9, {vec<int32_t>({1}), scalar<int32_t>(2), vec<int32_t>({0, 1})}, {make_attr("axis", int64_t{-2})},
                "only from opset 11");
  check_refused("OneHot", 11, {vec<int32_t>({1}), scalar<int32_t>(2), vec<int32_t>({0, 1})}, {make_attr("axis", int64_t{2})},
                "outside [-2, 1]");
  check_refused("OneHot", 11, {vec<int32_t>({1}), scalar<int32_t>(0), vec<int32_t>({0, 1})}, {}, "positive");
  check_refused("OneHot", 11, {vec<int32_t>({1}), vec<int32_t>({2, 2}), vec<int32_t>({0, 1})}, {}, "depth must be a scalar");
  check_refused("OneHot", 11, {vec<int32_t>({1}), scalar<int32_t>(2), vec<int32_t>({0, 1, 2})}, {}, "two elements");
  CHECK(semantics_of("OneHot", 11, {vec<float>({NAN}), scalar<int32_t>(2), vec<int32_t>({0, 1})}) == Semantics::kUndefined);
}

TEST_CASE("NonZero: row-major coordinates; a scalar gives (0, N)", "[NonZero][v9][v13]") {
  for (int v : {9, 13}) {
    // ONNX's example: [[1, 0], [1, 1]] -> [[0, 1, 1], [0, 0, 1]].
    CHECK(run_node_output("NonZero", v, {tensor<bool>({2, 2}, {true, false, true, true})}) ==
          tensor<int64_t>({2, 3}, {0, 1, 1, 0, 0, 1}));
    CHECK(run_node_output("NonZero", v, {vec<float>({-0.0f, NAN, 0, 2})}) == tensor<int64_t>({1, 2}, {1, 3}));
    CHECK(run_node_output("NonZero", v, {scalar<int32_t>(7)}) == tensor<int64_t>({0, 1}, {}));
    CHECK(run_node_output("NonZero", v, {scalar<int32_t>(0)}) == tensor<int64_t>({0, 0}, {}));
    CHECK(run_node_output("NonZero", v, {tensor<float>({2, 0, 3}, {})}) == tensor<int64_t>({3, 0}, {}));
  }
  CHECK(run_node_output("NonZero", 9, {vec<std::string>({"", "a"})}) == tensor<int64_t>({1, 1}, {1}));
  CHECK(semantics_of("NonZero", 9, {vec<std::string>({"", "a"})}) == Semantics::kImplementationDefined);
}

TEST_CASE("Compress: axis, flattened, shorter condition; longer refused", "[Compress][v9][v11]") {
  const Tensor x = tensor<float>({3, 2}, {1, 2, 3, 4, 5, 6});
  for (int v : {9, 11}) {
    // ONNX's examples.
    CHECK(run_node_output("Compress", v, {x, vec<bool>({false, true, true})}, {make_attr("axis", int64_t{0})}) ==
          tensor<float>({2, 2}, {3, 4, 5, 6}));
    CHECK(run_node_output("Compress", v, {x, vec<bool>({false, true})}, {make_attr("axis", int64_t{1})}) ==
          tensor<float>({3, 1}, {2, 4, 6}));
    CHECK(run_node_output("Compress", v, {x, vec<bool>({false, true, false, false, true})}) == vec<float>({2, 5}));
    CHECK(run_node_output("Compress", v, {x, vec<bool>({})}) == vec<float>({}));
    check_refused("Compress", v, {x, vec<bool>({true, true, true, false})}, {make_attr("axis", int64_t{0})}, "only be shorter");
    check_refused("Compress", v, {x, tensor<bool>({1, 1}, {true})}, {}, "rank-1");
  }
  CHECK(run_node_output("Compress", 11, {x, vec<bool>({false, true})}, {make_attr("axis", int64_t{-1})}) ==
        tensor<float>({3, 1}, {2, 4, 6}));
  check_refused("Compress", 9, {x, vec<bool>({false, true})}, {make_attr("axis", int64_t{-1})}, "outside [0, 1]");
  check_refused("Compress", 11, {scalar<float>(1), vec<bool>({true})}, {}, "rank >= 1");
}

TEST_CASE("ReverseSequence: the spec's examples; refusals", "[ReverseSequence][v10]") {
  // Example 1: time_axis 0, batch_axis 1, lens [4, 3, 2, 1].
  const Tensor x = tensor<float>({4, 4}, {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15});
  CHECK(run_node_output("ReverseSequence", 10, {x, vec<int64_t>({4, 3, 2, 1})}) ==
        tensor<float>({4, 4}, {3, 6, 9, 12, 2, 5, 8, 13, 1, 4, 10, 14, 0, 7, 11, 15}));
  // Example 2: batch_axis 0, time_axis 1, lens [1, 2, 3, 4].
  const Tensor x2 = tensor<float>({4, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  CHECK(run_node_output("ReverseSequence", 10, {x2, vec<int64_t>({1, 2, 3, 4})},
                        {make_attr("batch_axis", int64_t{0}), make_attr("time_axis", int64_t{1})}) ==
        tensor<float>({4, 4}, {0, 1, 2, 3, 5, 4, 6, 7, 10, 9, 8, 11, 15, 14, 13, 12}));
  CHECK(run_node_output("ReverseSequence", 10, {tensor<std::string>({2, 1, 2}, {"a", "b", "c", "d"}), vec<int64_t>({2})}) ==
        tensor<std::string>({2, 1, 2}, {"c", "d", "a", "b"}));
  check_refused("ReverseSequence", 10, {x, vec<int64_t>({5, 0, 0, 0})}, {}, "outside [0, 4]");
  check_refused("ReverseSequence", 10, {x, vec<int64_t>({1, 1})}, {}, "[batch_size]");
  check_refused("ReverseSequence", 10, {x, vec<int64_t>({1, 1, 1, 1})}, {make_attr("batch_axis", int64_t{0})}, "(0, 0)");
  check_refused("ReverseSequence", 10, {vec<float>({1}), vec<int64_t>({1})}, {}, "rank >= 2");
}
