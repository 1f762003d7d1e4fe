// Unique-11: the spec's examples (flattened, sorted 0/1, axis), strings, NaN and signed
// zeros (implementation-defined). Expected values from the spec text or by hand.
#include <cmath>

#include "reference/tests/indexing/indexing_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("Unique: the spec's examples", "[Unique][v11]") {
  const Tensor x = vec<float>({2, 1, 1, 3, 4, 3});
  auto unsorted = run_outputs("Unique", 11, {x}, {make_attr("sorted", int64_t{0})}, 4);
  CHECK(unsorted.outputs[0] == vec<float>({2, 1, 3, 4}));
  CHECK(unsorted.outputs[1] == vec<int64_t>({0, 1, 3, 4}));
  CHECK(unsorted.outputs[2] == vec<int64_t>({0, 1, 1, 2, 3, 2}));
  CHECK(unsorted.outputs[3] == vec<int64_t>({1, 2, 2, 1}));
  auto s = run_outputs("Unique", 11, {x}, {}, 4);
  CHECK(s.outputs[0] == vec<float>({1, 2, 3, 4}));
  CHECK(s.outputs[1] == vec<int64_t>({1, 0, 3, 4}));
  CHECK(s.outputs[2] == vec<int64_t>({1, 0, 0, 2, 3, 2}));
  CHECK(s.outputs[3] == vec<int64_t>({2, 1, 2, 1}));
  // Example 3: axis 0 of [[1, 0, 0], [1, 0, 0], [2, 3, 4]].
  auto a = run_outputs("Unique", 11, {tensor<float>({3, 3}, {1, 0, 0, 1, 0, 0, 2, 3, 4})}, {make_attr("axis", int64_t{0})}, 4);
  CHECK(a.outputs[0] == tensor<float>({2, 3}, {1, 0, 0, 2, 3, 4}));
  CHECK(a.outputs[1] == vec<int64_t>({0, 2}));
  CHECK(a.outputs[2] == vec<int64_t>({0, 0, 1}));
  CHECK(a.outputs[3] == vec<int64_t>({2, 1}));
  // Example 4: axis 1 of a (2, 4, 2): columns [[1,1],[0,1],[2,1],[0,1]] sorted.
  auto b = run_outputs("Unique", 11, {tensor<float>({2, 4, 2}, {1, 1, 0, 1, 2, 1, 0, 1, 1, 1, 0, 1, 2, 1, 0, 1})},
                       {make_attr("axis", int64_t{1})}, 4);
  CHECK(b.outputs[0] == tensor<float>({2, 3, 2}, {0, 1, 1, 1, 2, 1, 0, 1, 1, 1, 2, 1}));
  CHECK(b.outputs[1] == vec<int64_t>({1, 0, 2}));
  CHECK(b.outputs[2] == vec<int64_t>({1, 0, 2, 0}));
  CHECK(b.outputs[3] == vec<int64_t>({2, 1, 1}));
  CHECK(run_outputs("Unique", 11, {vec<std::string>({"b", "", "b", "a"})}, {}, 1).outputs[0] == vec<std::string>({"", "a", "b"}));
  CHECK(run_outputs("Unique", 11, {tensor<int32_t>({0}, {})}, {}, 4).outputs[3].shape() == Shape{0});
  check_refused("Unique", 11, {x}, {make_attr("axis", int64_t{1})}, "outside [-1, 0]");
  check_refused("Unique", 11, {x}, {make_attr("sorted", int64_t{2})}, "sorted must be 0 or 1");
}

TEST_CASE("Unique: NaN is one value above numbers; -0 and +0 one value (implementation-defined)", "[Unique][v11]") {
  auto r = run_outputs("Unique", 11, {vec<double>({NAN, 1, -0.0, NAN, 0.0})}, {}, 4);
  const auto y = r.outputs[0].data<double>();
  REQUIRE(y.size() == 3);
  CHECK((y[0] == 0 && std::signbit(y[0])));
  CHECK(y[1] == 1);
  CHECK(std::isnan(y[2]));
  CHECK(r.outputs[3] == vec<int64_t>({2, 1, 2}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(r.semantics.shape_open);  // how many values Y has depends on those choices
  CHECK(semantics_of("Unique", 11, {vec<double>({2, 1, 2})}) == Semantics::kDefined);
  CHECK_FALSE(run_outputs("Unique", 11, {vec<double>({2, 1, 2})}, {}, 4).semantics.shape_open);
  CHECK(run_outputs("Unique", 11, {vec<double>({NAN, 1})}, {}, 4).semantics.shape_open);
  CHECK(run_outputs("Unique", 11, {vec<double>({-0.0, 0.0})}, {}, 4).semantics.shape_open);
}
