// Slice: the spec's examples, negative steps, clamping with the INT64 sentinels, refusals.
#include <climits>

#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

const Tensor kData = Tensor::from_values<int32_t>({2, 4}, {1, 2, 3, 4, 5, 6, 7, 8});

Tensor slice10(int v, const Tensor& x, std::vector<int64_t> starts, std::vector<int64_t> ends,
               std::optional<std::vector<int64_t>> axes = std::nullopt,
               std::optional<std::vector<int64_t>> steps = std::nullopt) {
  std::vector<std::optional<Tensor>> in = {x, ints(starts), ints(ends)};
  in.push_back(axes ? std::optional<Tensor>(ints(*axes)) : std::nullopt);
  in.push_back(steps ? std::optional<Tensor>(ints(*steps)) : std::nullopt);
  while (!in.back()) in.pop_back();
  return run_multi("Slice", v, in)[0];
}

}  // namespace

TEST_CASE("Slice-1: attributes; the spec's two examples", "[Slice][v1]") {
  const Tensor f = counting<float>({2, 4}, 1);
  CHECK(run_node_output("Slice", 1, {f},
                        {make_attr("axes", std::vector<int64_t>{0, 1}), make_attr("starts", std::vector<int64_t>{1, 0}),
                         make_attr("ends", std::vector<int64_t>{2, 3})}) == Tensor::from_values<float>({1, 3}, {5, 6, 7}));
  CHECK(run_node_output("Slice", 1, {f},
                        {make_attr("starts", std::vector<int64_t>{0, 1}), make_attr("ends", std::vector<int64_t>{-1, 1000})}) ==
        Tensor::from_values<float>({1, 3}, {2, 3, 4}));
  check_refused("Slice", 1, {f},
                {make_attr("axes", std::vector<int64_t>{-1}), make_attr("starts", std::vector<int64_t>{0}),
                 make_attr("ends", std::vector<int64_t>{1})},
                "negative axes are allowed only from opset 11");
  check_refused("Slice", 1, {f}, {make_attr("starts", std::vector<int64_t>{0, 0, 0}), make_attr("ends", std::vector<int64_t>{1, 1, 1})},
                "names more axes than the rank");
  check_refused("Slice", 1, {f}, {make_attr("starts", std::vector<int64_t>{0}), make_attr("ends", std::vector<int64_t>{1, 1})},
                "must have the same length");
}

TEST_CASE("Slice-10, 11, 13: inputs, steps, clamping", "[Slice][v10][v11][v13]") {
  for (int v : {10, 11, 13}) {
    // The spec's examples: steps [1, 2] -> [[5, 7]]; starts [0, 1], ends [-1, 1000] -> [[2, 3, 4]].
    CHECK(slice10(v, kData, {1, 0}, {2, 3}, std::vector<int64_t>{0, 1}, std::vector<int64_t>{1, 2}) ==
          Tensor::from_values<int32_t>({1, 2}, {5, 7}));
    CHECK(slice10(v, kData, {0, 1}, {-1, 1000}) == Tensor::from_values<int32_t>({1, 3}, {2, 3, 4}));
    // Backward: start 3 (then 2, 1), end 0 exclusive -> [4, 3, 2] and [8, 7, 6].
    CHECK(slice10(v, kData, {3}, {0}, std::vector<int64_t>{1}, std::vector<int64_t>{-1}) ==
          Tensor::from_values<int32_t>({2, 3}, {4, 3, 2, 8, 7, 6}));
    // Backward to the start with the INT64_MIN sentinel: end clamps to -1 -> everything reversed.
    CHECK(slice10(v, kData, {INT64_MAX}, {INT64_MIN}, std::vector<int64_t>{1}, std::vector<int64_t>{-1}) ==
          Tensor::from_values<int32_t>({2, 4}, {4, 3, 2, 1, 8, 7, 6, 5}));
    // Step -2 from the end: indices 3, 1.
    CHECK(slice10(v, kData, {-1}, {INT64_MIN}, std::vector<int64_t>{1}, std::vector<int64_t>{-2}) ==
          Tensor::from_values<int32_t>({2, 2}, {4, 2, 8, 6}));
    // Forward with the sentinels, and a huge step: one element.
    CHECK(slice10(v, kData, {INT64_MIN}, {INT64_MAX}, std::vector<int64_t>{1}, std::vector<int64_t>{INT64_MAX}) ==
          Tensor::from_values<int32_t>({2, 1}, {1, 5}));
    // Step INT64_MIN: one element (start clamps to 3).
    CHECK(slice10(v, kData, {INT64_MAX}, {INT64_MIN}, std::vector<int64_t>{1}, std::vector<int64_t>{INT64_MIN}) ==
          Tensor::from_values<int32_t>({2, 1}, {4, 8}));
    // Empty results: start past end; start beyond the dimension.
    CHECK(slice10(v, kData, {3}, {1}, std::vector<int64_t>{1}) == Tensor(DType::kInt32, {2, 0}));
    CHECK(slice10(v, kData, {1000}, {1001}) == Tensor(DType::kInt32, {0, 4}));
    // Backward over an empty dimension.
    CHECK(slice10(v, Tensor(DType::kFloat, {0, 2}), {-1}, {INT64_MIN}, std::vector<int64_t>{0}, std::vector<int64_t>{-1}) ==
          Tensor(DType::kFloat, {0, 2}));
    // int32 indices.
    CHECK(run_multi("Slice", v, {kData, vec<int32_t>({1}), vec<int32_t>({3}), vec<int32_t>({1})})[0] ==
          Tensor::from_values<int32_t>({2, 2}, {2, 3, 6, 7}));
    check_refused_multi("Slice", v, {kData, vec<int32_t>({1}), ints({3})}, {}, 1, "must have the same type");
    check_refused_multi("Slice", v, {kData, ints({0}), ints({1}), ints({0}), ints({0})}, {}, 1, "a step cannot be 0");
    check_refused_multi("Slice", v, {kData, ints({0, 0}), ints({1, 1}), ints({1, 1})}, {}, 1, "twice");
    check_refused_multi("Slice", v, {kData, ints({0}), ints({1}), ints({0, 1})}, {}, 1, "must have the length of starts");
    check_refused_multi("Slice", v, {kData, ints({0}), ints({1}), ints({2})}, {}, 1, "outside");
  }
  check_refused_multi("Slice", 10, {kData, ints({0}), ints({1}), ints({-1})}, {}, 1, "negative axes are allowed only from opset 11");
  CHECK(slice10(11, kData, {0}, {1}, std::vector<int64_t>{-2}) == Tensor::from_values<int32_t>({1, 4}, {1, 2, 3, 4}));
  check_refused_multi("Slice", 11, {kData, ints({0}), ints({1}), ints({-3})}, {}, 1, "outside [-r, r-1]");
  // Strings move like any other element.
  CHECK(slice10(13, vec<std::string>({"a", "b", "c"}), {-1}, {INT64_MIN}, std::nullopt, std::vector<int64_t>{-1}) ==
        vec<std::string>({"c", "b", "a"}));
}
