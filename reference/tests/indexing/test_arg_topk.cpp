// ArgMax, ArgMin, TopK: the spec's rules per version (axis ranges, keepdims,
// select_last_index from 12, k as attribute/input, largest/sorted from 11), ties, NaN (the
// documented, implementation-defined answer), refusals. Expected values by hand.
#include <cmath>

#include "reference/tests/indexing/indexing_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {
const Tensor kData = tensor<float>({2, 3}, {2, 5, 5, 7, 1, 7});  // row maxima tie
}

TEST_CASE("ArgMax/ArgMin: axes, keepdims, first occurrence", "[ArgMax][ArgMin][v1][v11][v12][v13]") {
  for (int v : {1, 11, 12, 13}) {
    CHECK(run_node_output("ArgMax", v, {kData}) == tensor<int64_t>({1, 3}, {1, 0, 1}));
    CHECK(run_node_output("ArgMax", v, {kData}, {make_attr("axis", int64_t{1})}) == tensor<int64_t>({2, 1}, {1, 0}));
    CHECK(run_node_output("ArgMin", v, {kData}, {make_attr("axis", int64_t{1}), make_attr("keepdims", int64_t{0})}) ==
          vec<int64_t>({0, 1}));
    CHECK(run_node_output("ArgMax", v, {vec<uint64_t>({UINT64_MAX - 1, UINT64_MAX, 3})}, {make_attr("keepdims", int64_t{0})}) ==
          tensor<int64_t>({}, {1}));
  }
  for (int v : {11, 12, 13})
    CHECK(run_node_output("ArgMax", v, {kData}, {make_attr("axis", int64_t{-1})}) == tensor<int64_t>({2, 1}, {1, 0}));
  check_refused("ArgMax", 1, {kData}, {make_attr("axis", int64_t{-1})}, "axis -1 is outside [0, 1]");
  check_refused("ArgMin", 11, {kData}, {make_attr("axis", int64_t{2})}, "outside [-2, 1]");
  check_refused("ArgMax", 11, {tensor<float>({0, 3}, {})}, {make_attr("axis", int64_t{1})}, "must not be empty");
  check_refused("ArgMax", 12, {tensor<float>({2, 0}, {})}, {make_attr("axis", int64_t{1})}, "no element");
  check_refused("ArgMin", 13, {scalar<float>(1)}, {}, "rank 0");
  // Empty outside the axis: an empty result, allowed except in 11.
  CHECK(run_node_output("ArgMax", 12, {tensor<float>({0, 3}, {})}, {make_attr("axis", int64_t{1})}).shape() == Shape{0, 1});
}

TEST_CASE("ArgMax/ArgMin: select_last_index from 12; ties before are implementation-defined",
          "[ArgMax][ArgMin][v12][v13]") {
  const Attrs last = {make_attr("axis", int64_t{1}), make_attr("select_last_index", int64_t{1})};
  CHECK(run_node_output("ArgMax", 12, {kData}, last) == tensor<int64_t>({2, 1}, {2, 2}));
  CHECK(run_node_output("ArgMin", 13, {tensor<int8_t>({1, 4}, {-3, 0, -3, 9})}, last) == tensor<int64_t>({1, 1}, {2}));
  CHECK(semantics_of("ArgMax", 12, {kData}, {make_attr("axis", int64_t{1})}) == Semantics::kDefined);
  CHECK(semantics_of("ArgMax", 11, {kData}, {make_attr("axis", int64_t{1})}) == Semantics::kImplementationDefined);
  CHECK(semantics_of("ArgMax", 11, {vec<float>({1, 2})}) == Semantics::kDefined);
  check_refused("ArgMax", 11, {kData}, last, "select_last_index");
  // -0 and +0 tie: the first of them.
  CHECK(run_node_output("ArgMax", 13, {vec<float>({-0.0f, 0.0f})}) == tensor<int64_t>({1}, {0}));
}

TEST_CASE("ArgMax/ArgMin: NaN counts as the extreme (implementation-defined)", "[ArgMax][ArgMin][v13]") {
  const Tensor x = vec<double>({1, NAN, INFINITY, NAN});
  CHECK(run_node_output("ArgMax", 13, {x}) == tensor<int64_t>({1}, {1}));
  CHECK(run_node_output("ArgMin", 13, {x}) == tensor<int64_t>({1}, {1}));
  CHECK(run_node_output("ArgMax", 13, {x}, {make_attr("select_last_index", int64_t{1})}) == tensor<int64_t>({1}, {3}));
  CHECK(semantics_of("ArgMax", 13, {x}) == Semantics::kImplementationDefined);
}

TEST_CASE("TopK-1/10: k as attribute, then as input; ties by lower index", "[TopK][v1][v10]") {
  const Tensor x = tensor<float>({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 11, 10, 9, 8});
  // ONNX's example: k = 3 along the last axis.
  const Tensor values = tensor<float>({3, 3}, {3, 2, 1, 7, 6, 5, 11, 10, 9});
  const Tensor indices = tensor<int64_t>({3, 3}, {3, 2, 1, 3, 2, 1, 0, 1, 2});
  auto r1 = run_outputs("TopK", 1, {x}, {make_attr("k", int64_t{3})}, 2);
  CHECK(r1.outputs[0] == values);
  CHECK(r1.outputs[1] == indices);
  auto r10 = run_outputs("TopK", 10, {x, vec<int64_t>({3})}, {}, 2);
  CHECK(r10.outputs[0] == values);
  CHECK(r10.outputs[1] == indices);
  auto ties = run_outputs("TopK", 10, {vec<float>({1, 3, 3, 2, 3}), vec<int64_t>({2})}, {}, 2);
  CHECK(ties.outputs[0] == vec<float>({3, 3}));
  CHECK(ties.outputs[1] == vec<int64_t>({1, 2}));
  CHECK(ties.semantics.category == Semantics::kDefined);
  auto axis0 = run_outputs("TopK", 1, {x}, {make_attr("k", int64_t{1}), make_attr("axis", int64_t{0})}, 2);
  CHECK(axis0.outputs[0] == tensor<float>({1, 4}, {11, 10, 9, 8}));
  CHECK(axis0.outputs[1] == tensor<int64_t>({1, 4}, {2, 2, 2, 2}));
  CHECK(run_outputs("TopK", 1, {x}, {make_attr("k", int64_t{0})}, 2).outputs[1].shape() == Shape{3, 0});
  check_refused_outputs("TopK", 1, {x}, {}, "k", 2);
  check_refused_outputs("TopK", 1, {x}, {make_attr("k", int64_t{5})}, "larger than axis", 2);
  check_refused_outputs("TopK", 10, {x, vec<int64_t>({0})}, {}, "K must be positive", 2);
  check_refused_outputs("TopK", 10, {x, scalar<int64_t>(2)}, {}, "1-D tensor", 2);
  check_refused_outputs("TopK", 10, {x, vec<int64_t>({2})}, {make_attr("k", int64_t{2})}, "k", 2);
  check_refused_outputs("TopK", 10, {x, vec<int64_t>({2})}, {make_attr("largest", int64_t{0})}, "largest", 2);
}

TEST_CASE("TopK-11/24: largest, sorted, integers; NaN ranks above +inf", "[TopK][v11][v24]") {
  const Tensor x = vec<int32_t>({5, -1, 7, -1, 0});
  for (int v : {11, 24}) {
    auto small = run_outputs("TopK", v, {x, vec<int64_t>({3})}, {make_attr("largest", int64_t{0})}, 2);
    CHECK(small.outputs[0] == vec<int32_t>({-1, -1, 0}));
    CHECK(small.outputs[1] == vec<int64_t>({1, 3, 4}));
    auto unsorted = run_outputs("TopK", v, {x, vec<int64_t>({2})}, {make_attr("sorted", int64_t{0})}, 2);
    CHECK(unsorted.outputs[1] == vec<int64_t>({2, 0}));
    CHECK(unsorted.semantics.category == Semantics::kDefined);
  }
  const Tensor f = vec<float>({1, NAN, INFINITY, -INFINITY});
  auto big = run_outputs("TopK", 11, {f, vec<int64_t>({2})}, {}, 2);
  CHECK(big.outputs[1] == vec<int64_t>({1, 2}));
  CHECK(big.semantics.category == Semantics::kImplementationDefined);
  auto low = run_outputs("TopK", 11, {f, vec<int64_t>({4})}, {make_attr("largest", int64_t{0})}, 2);
  CHECK(low.outputs[1] == vec<int64_t>({3, 0, 2, 1}));
  check_refused_outputs("TopK", 11, {x, vec<int64_t>({6})}, {}, "larger than axis", 2);
  check_refused_outputs("TopK", 11, {x, vec<int64_t>({1})}, {make_attr("axis", int64_t{1})}, "outside [-1, 0]", 2);
}
