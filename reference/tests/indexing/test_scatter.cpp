// Scatter, ScatterElements, ScatterND: the spec's examples, negative indices from 11,
// reductions from 16 (add/mul) and 18 (max/min), duplicates (implementation-defined with
// reduction none), refusals. Expected values from the spec text or by hand.
#include <cmath>

#include "reference/tests/indexing/indexing_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {
onnx::AttributeProto reduction(const std::string& r) { return make_attr("reduction", r); }
}  // namespace

TEST_CASE("ScatterElements/Scatter: the spec's examples", "[Scatter][ScatterElements][v9][v11][v13][v16][v18]") {
  const Tensor data = tensor<float>({3, 3}, {0, 0, 0, 0, 0, 0, 0, 0, 0});
  const Tensor idx = tensor<int64_t>({2, 3}, {1, 0, 2, 0, 2, 1});
  const Tensor upd = tensor<float>({2, 3}, {1.0f, 1.1f, 1.2f, 2.0f, 2.1f, 2.2f});
  const Tensor want = tensor<float>({3, 3}, {2.0f, 1.1f, 0, 1.0f, 0, 2.2f, 0, 2.1f, 1.2f});
  CHECK(run_node_output("Scatter", 9, {data, idx, upd}) == want);
  for (int v : {11, 13, 16, 18}) {
    CHECK(run_node_output("ScatterElements", v, {data, idx, upd}) == want);
    CHECK(run_node_output("ScatterElements", v,
                          {tensor<float>({1, 5}, {1, 2, 3, 4, 5}), tensor<int32_t>({1, 2}, {1, 3}), tensor<float>({1, 2}, {1.1f, 2.1f})},
                          {make_attr("axis", int64_t{1})}) == tensor<float>({1, 5}, {1, 1.1f, 3, 2.1f, 5}));
    // Negative indices (ONNX's test): [[1, -3]] on axis 1 of a (1, 5).
    CHECK(run_node_output("ScatterElements", v,
                          {tensor<float>({1, 5}, {1, 2, 3, 4, 5}), tensor<int64_t>({1, 2}, {1, -3}), tensor<float>({1, 2}, {1.1f, 2.1f})},
                          {make_attr("axis", int64_t{-1})}) == tensor<float>({1, 5}, {1, 1.1f, 2.1f, 4, 5}));
  }
  check_refused("Scatter", 9, {vec<float>({1, 2}), vec<int64_t>({-1}), vec<float>({5})}, {}, "negative indices only from opset 11");
  check_refused("ScatterElements", 11, {vec<float>({1, 2}), vec<int64_t>({2}), vec<float>({5})}, {}, "outside [-2, 1]");
  check_refused("ScatterElements", 11, {vec<float>({1, 2}), vec<int64_t>({0}), vec<float>({5, 6})}, {}, "shape of indices");
  check_refused("ScatterElements", 13, {vec<float>({1, 2}), vec<int64_t>({0}), vec<float>({5})}, {reduction("add")}, "reduction");
  check_refused("ScatterElements", 16, {vec<float>({1, 2}), vec<int64_t>({0}), vec<float>({5})}, {reduction("max")},
                "not one of none, add, mul");
  check_refused("Scatter", 11, {vec<float>({1, 2}), vec<int64_t>({0}), vec<float>({5})}, {}, "deprecated");  // refused at load
}

TEST_CASE("ScatterElements: duplicates and reductions", "[ScatterElements][v16][v18]") {
  // ONNX's duplicate-index test: indices [[1, 1]] axis 1, updates [[1.1, 2.1]], add.
  const Tensor data = tensor<float>({1, 5}, {1, 2, 3, 4, 5});
  const Tensor idx = tensor<int64_t>({1, 2}, {1, 1});
  const Tensor upd = tensor<float>({1, 2}, {1.1f, 2.1f});
  const Attrs ax = {make_attr("axis", int64_t{1})};
  // 2 + 1.1 + 2.1 rounded per step in float: 3.1f then 5.2f.
  CHECK(run_node_output("ScatterElements", 16, {data, idx, upd}, {ax[0], reduction("add")}) ==
        tensor<float>({1, 5}, {1, (2.0f + 1.1f) + 2.1f, 3, 4, 5}));
  CHECK(run_node_output("ScatterElements", 16, {data, idx, upd}, {ax[0], reduction("mul")}) ==
        tensor<float>({1, 5}, {1, (2.0f * 1.1f) * 2.1f, 3, 4, 5}));
  CHECK(run_node_output("ScatterElements", 18, {data, idx, upd}, {ax[0], reduction("max")}) ==
        tensor<float>({1, 5}, {1, 2.1f, 3, 4, 5}));
  CHECK(run_node_output("ScatterElements", 18, {data, idx, upd}, {ax[0], reduction("min")}) ==
        tensor<float>({1, 5}, {1, 1.1f, 3, 4, 5}));
  CHECK(semantics_of("ScatterElements", 18, {data, idx, upd}, {ax[0], reduction("max")}) == Semantics::kDefined);
  CHECK(semantics_of("ScatterElements", 16, {data, idx, upd}, {ax[0], reduction("add")}) ==
        Semantics::kImplementationDefined);
  // reduction none with duplicates: the last update in row-major order (implementation-defined).
  CHECK(run_node_output("ScatterElements", 11, {data, idx, upd}, ax) == tensor<float>({1, 5}, {1, 2.1f, 3, 4, 5}));
  CHECK(semantics_of("ScatterElements", 11, {data, idx, upd}, ax) == Semantics::kImplementationDefined);
  // Integers: exact, order-free; overflow wraps and is undefined.
  const Tensor i8 = tensor<int8_t>({1, 2}, {100, 1});
  CHECK(run_node_output("ScatterElements", 16, {i8, idx, tensor<int8_t>({1, 2}, {20, 7})}, {ax[0], reduction("add")}) ==
        tensor<int8_t>({1, 2}, {100, 28}));
  CHECK(semantics_of("ScatterElements", 16, {i8, tensor<int64_t>({1, 2}, {0, 0}), tensor<int8_t>({1, 2}, {20, 10})},
                     {ax[0], reduction("add")}) == Semantics::kUndefined);
  CHECK(semantics_of("ScatterElements", 16, {i8, idx, tensor<int8_t>({1, 2}, {20, 7})}, {ax[0], reduction("add")}) ==
        Semantics::kDefined);
  // Max of -0 and +0 gives +0; NaN wins (both implementation-defined).
  const auto z = run_node_output("ScatterElements", 18, {vec<float>({-0.0f}), vec<int64_t>({0}), vec<float>({0.0f})},
                                 {reduction("max")});
  CHECK_FALSE(std::signbit(z.data<float>()[0]));
  CHECK(std::isnan(run_node_output("ScatterElements", 18, {vec<float>({1}), vec<int64_t>({0}), vec<float>({NAN})},
                                   {reduction("min")}).data<float>()[0]));
  check_refused("ScatterElements", 16, {vec<std::string>({"a"}), vec<int64_t>({0}), vec<std::string>({"b"})},
                {reduction("add")}, "strings");
}

TEST_CASE("ScatterND: the spec's examples; negative indices; reductions", "[ScatterND][v11][v13][v16][v18]") {
  const Tensor data = vec<int32_t>({1, 2, 3, 4, 5, 6, 7, 8});
  const Tensor idx = tensor<int64_t>({4, 1}, {4, 3, 1, 7});
  const Tensor upd = vec<int32_t>({9, 10, 11, 12});
  for (int v : {11, 13, 16, 18}) {
    CHECK(run_node_output("ScatterND", v, {data, idx, upd}) == vec<int32_t>({1, 11, 3, 10, 9, 6, 7, 12}));
    CHECK(run_node_output("ScatterND", v, {data, tensor<int64_t>({2, 1}, {-1, -8}), vec<int32_t>({0, 0})}) ==
          vec<int32_t>({0, 2, 3, 4, 5, 6, 7, 0}));
  }
  // Example 2: slices of a (4, 4, 4) at indices [[0], [2]].
  std::vector<float> d(64), u(32);
  const float rows[4][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {8, 7, 6, 5}, {4, 3, 2, 1}};
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 4; ++c) d[static_cast<size_t>(a * 16 + b * 4 + c)] = a < 2 ? rows[b][c] : rows[(b + 2) % 4][c];
  for (int s = 0; s < 2; ++s)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 4; ++c) u[static_cast<size_t>(s * 16 + b * 4 + c)] = static_cast<float>(s == 0 ? 5 + b : 1 + b);
  std::vector<float> want = d;
  for (int i = 0; i < 16; ++i) {
    want[static_cast<size_t>(i)] = u[static_cast<size_t>(i)];
    want[static_cast<size_t>(32 + i)] = u[static_cast<size_t>(16 + i)];
  }
  CHECK(run_node_output("ScatterND", 11, {tensor<float>({4, 4, 4}, d), tensor<int64_t>({2, 1}, {0, 2}), tensor<float>({2, 4, 4}, u)}) ==
        tensor<float>({4, 4, 4}, want));
  // ONNX's reduction tests: indices [[0], [0]] (a duplicate) on the same data, add and mul.
  const Tensor dup = tensor<int64_t>({2, 1}, {0, 0});
  const Tensor u2 = tensor<int32_t>({2, 2}, {5, 6, 7, 8});
  const Tensor d2 = tensor<int32_t>({2, 2}, {1, 2, 3, 4});
  CHECK(run_node_output("ScatterND", 16, {d2, dup, u2}, {reduction("add")}) == tensor<int32_t>({2, 2}, {13, 16, 3, 4}));
  CHECK(run_node_output("ScatterND", 16, {d2, dup, u2}, {reduction("mul")}) == tensor<int32_t>({2, 2}, {35, 96, 3, 4}));
  CHECK(run_node_output("ScatterND", 18, {d2, dup, u2}, {reduction("min")}) == tensor<int32_t>({2, 2}, {1, 2, 3, 4}));
  CHECK(run_node_output("ScatterND", 18, {d2, dup, u2}, {reduction("max")}) == tensor<int32_t>({2, 2}, {7, 8, 3, 4}));
  CHECK(semantics_of("ScatterND", 11, {d2, dup, u2}) == Semantics::kImplementationDefined);
  CHECK(run_node_output("ScatterND", 11, {d2, dup, u2}) == tensor<int32_t>({2, 2}, {7, 8, 3, 4}));
  check_refused("ScatterND", 11, {data, tensor<int64_t>({1, 1}, {8}), vec<int32_t>({0})}, {}, "outside [-8, 7]");
  check_refused("ScatterND", 11, {data, tensor<int64_t>({1, 2}, {0, 0}), vec<int32_t>({0})}, {}, "at most the rank");
  check_refused("ScatterND", 11, {data, tensor<int64_t>({2, 1}, {0, 1}), vec<int32_t>({0})}, {}, "must have shape");
  check_refused("ScatterND", 16, {d2, dup, u2}, {reduction("min")}, "not one of none, add, mul");
}
