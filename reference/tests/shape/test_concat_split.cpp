// Concat and Split: expected values by hand and from the spec's examples.
#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("Concat: axis default 1 (v1), required (4), negative (11)", "[Concat][v1][v4][v11][v13]") {
  const Tensor a = Tensor::from_values<float>({2, 2}, {1, 2, 3, 4});
  const Tensor b = Tensor::from_values<float>({2, 1}, {5, 6});
  const Tensor ab1 = Tensor::from_values<float>({2, 3}, {1, 2, 5, 3, 4, 6});
  CHECK(run_node_output("Concat", 1, {a, b}) == ab1);
  CHECK(run_node_output("Concat", 1, {a, a}, {make_attr("axis", int64_t{0})}) ==
        Tensor::from_values<float>({4, 2}, {1, 2, 3, 4, 1, 2, 3, 4}));
  check_refused("Concat", 4, {a, b}, {}, "required attribute 'axis' is missing");
  for (int v : {4, 11, 13}) {
    CHECK(run_node_output("Concat", v, {a, b}, {make_attr("axis", int64_t{1})}) == ab1);
    CHECK(run_node_output("Concat", v, {vec<std::string>({"x"}), vec<std::string>({}), vec<std::string>({"y", "z"})},
                          {make_attr("axis", int64_t{0})}) == vec<std::string>({"x", "y", "z"}));
    check_refused("Concat", v, {a, b}, {make_attr("axis", int64_t{0})}, "same shape except along axis 0");
    check_refused("Concat", v, {a, vec<float>({1, 2})}, {make_attr("axis", int64_t{0})}, "same shape except");
    check_refused("Concat", v, {scalar<float>(1), scalar<float>(2)}, {make_attr("axis", int64_t{0})}, "rank at least 1");
  }
  check_refused("Concat", 4, {a, b}, {make_attr("axis", int64_t{-1})}, "negative axes are allowed only from opset 11");
  CHECK(run_node_output("Concat", 11, {a, b}, {make_attr("axis", int64_t{-1})}) == ab1);
  check_refused("Concat", 11, {a, b}, {make_attr("axis", int64_t{-3})}, "outside [-r, r-1]");
  check_refused("Concat", 1, {vec<int32_t>({1})}, {}, "tensor(int32)");
}

TEST_CASE("Split before 18: equal parts or given sizes", "[Split][v1][v2][v11][v13]") {
  const Tensor x = vec<float>({1, 2, 3, 4, 5, 6});
  // ONNX's examples: three equal parts; parts [2, 4].
  const std::vector<Tensor> thirds = {vec<float>({1, 2}), vec<float>({3, 4}), vec<float>({5, 6})};
  const std::vector<Tensor> two_four = {vec<float>({1, 2}), vec<float>({3, 4, 5, 6})};
  for (int v : {1, 2, 11, 13}) CHECK(run_multi("Split", v, {x}, {}, 3) == thirds);
  for (int v : {1, 2, 11}) CHECK(run_multi("Split", v, {x}, {make_attr("split", std::vector<int64_t>{2, 4})}, 2) == two_four);
  CHECK(run_multi("Split", 1, {x, vec<float>({2, 4})}, {}, 2) == two_four);  // Split-1's second input is typed T
  CHECK(run_multi("Split", 13, {x, ints({2, 4})}, {}, 2) == two_four);
  check_refused_multi("Split", 1, {x, vec<float>({2.5f, 3.5f})}, {}, 2, "not a whole number");
  check_refused_multi("Split", 1, {x, vec<float>({2, 4})}, {make_attr("split", std::vector<int64_t>{2, 4})}, 2, "both");
  check_refused_multi("Split", 13, {x}, {make_attr("split", std::vector<int64_t>{2, 4})}, 2, "unknown attribute 'split'");
  // 2-D along axis 1, negative axis from 11.
  const Tensor m = counting<int32_t>({2, 4});
  const std::vector<Tensor> cols = {Tensor::from_values<int32_t>({2, 1}, {0, 4}), Tensor::from_values<int32_t>({2, 3}, {1, 2, 3, 5, 6, 7})};
  CHECK(run_multi("Split", 2, {m}, {make_attr("axis", int64_t{1}), make_attr("split", std::vector<int64_t>{1, 3})}, 2) == cols);
  CHECK(run_multi("Split", 13, {m, ints({1, 3})}, {make_attr("axis", int64_t{-1})}, 2) == cols);
  check_refused_multi("Split", 2, {m}, {make_attr("axis", int64_t{-1})}, 2, "negative axes are allowed only from opset 11");
  for (int v : {2, 11, 13}) {
    check_refused_multi("Split", v, {x}, {}, 4, "must divide into 4 equal parts");
    check_refused_multi("Split", v, {scalar<float>(1)}, {}, 1, "cannot be split");
  }
  check_refused_multi("Split", 13, {x, ints({2, 3})}, {}, 2, "sums to 5");
  check_refused_multi("Split", 13, {x, ints({2, 4})}, {}, 3, "one per output");
  check_refused_multi("Split", 13, {x, ints({-1, 7})}, {}, 2, "negative size");
  // Zero-size parts are legal.
  CHECK(run_multi("Split", 13, {x, ints({0, 6})}, {}, 2) == std::vector<Tensor>{vec<float>({}), x});
}

TEST_CASE("Split-18: num_outputs with a smaller last part, or the split input", "[Split][v18]") {
  // ONNX's uneven example: 7 elements into 4 -> [2, 2, 2, 1].
  const Tensor x = vec<float>({1, 2, 3, 4, 5, 6, 7});
  CHECK(run_multi("Split", 18, {x}, {make_attr("num_outputs", int64_t{4})}, 4) ==
        std::vector<Tensor>{vec<float>({1, 2}), vec<float>({3, 4}), vec<float>({5, 6}), vec<float>({7})});
  CHECK(run_multi("Split", 18, {counting<int8_t>({4})}, {make_attr("num_outputs", int64_t{3})}, 3) ==
        std::vector<Tensor>{vec<int8_t>({0, 1}), vec<int8_t>({2, 3}), vec<int8_t>({})});
  CHECK(run_multi("Split", 18, {x, ints({3, 4})}, {}, 2) == std::vector<Tensor>{vec<float>({1, 2, 3}), vec<float>({4, 5, 6, 7})});
  check_refused_multi("Split", 18, {counting<float>({5})}, {make_attr("num_outputs", int64_t{4})}, 4, "cannot be split into 4");
  check_refused_multi("Split", 18, {x}, {}, 7, "must be given");
  check_refused_multi("Split", 18, {x, ints({3, 4})}, {make_attr("num_outputs", int64_t{2})}, 2, "not both");
  check_refused_multi("Split", 18, {x}, {make_attr("num_outputs", int64_t{3})}, 2, "differs from the node's 2 outputs");
  check_refused_multi("Split", 18, {x}, {make_attr("num_outputs", int64_t{0})}, 1, "at least 1");
}
