// Reshape, Flatten, Squeeze, Unsqueeze: shapes worked out by hand from the spec text;
// elements keep their row-major order, so the expected data is the input's.
#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

TEST_CASE("Reshape-1 takes its shape from the attribute", "[Reshape][v1]") {
  const Tensor x = counting<float>({2, 3, 4});
  CHECK(run_node_output("Reshape", 1, {x}, {make_attr("shape", std::vector<int64_t>{4, -1})}) == counting<float>({4, 6}));
  CHECK(run_node_output("Reshape", 1, {x}, {make_attr("shape", std::vector<int64_t>{0, 12})}) == counting<float>({2, 12}));
  CHECK(run_node_output("Reshape", 1, {counting<float>({1})}, {make_attr("shape", std::vector<int64_t>{})}) ==
        counting<float>({}));
  check_refused("Reshape", 1, {x}, {make_attr("shape", std::vector<int64_t>{5, -1})}, "do not divide");
  check_refused("Reshape", 1, {x}, {make_attr("shape", std::vector<int64_t>{-1, -1, 2})}, "at most one dimension may be -1");
}

TEST_CASE("Reshape-5 and 13: shape input; 0 copies, -1 inferred, refusals", "[Reshape][v5][v13]") {
  const Tensor x = counting<int32_t>({2, 3, 4});
  for (int v : {5, 13}) {
    // ONNX's examples: reordered (4,2,3), reduced (2,12), extended (2,3,2,2), one dim (24), -1 and 0 together.
    CHECK(run_node_output("Reshape", v, {x, ints({4, 2, 3})}) == counting<int32_t>({4, 2, 3}));
    CHECK(run_node_output("Reshape", v, {x, ints({2, -1})}) == counting<int32_t>({2, 12}));
    CHECK(run_node_output("Reshape", v, {x, ints({-1, 2, 3, 4})}) == counting<int32_t>({1, 2, 3, 4}));
    CHECK(run_node_output("Reshape", v, {x, ints({2, 0, 4, 1})}) == counting<int32_t>({2, 3, 4, 1}));
    CHECK(run_node_output("Reshape", v, {x, ints({0, 0, -1})}) == counting<int32_t>({2, 3, 4}));
    CHECK(run_node_output("Reshape", v, {Tensor(DType::kString, {0, 3}), ints({3, -1})}) == Tensor(DType::kString, {3, 0}));
    check_refused("Reshape", v, {x, ints({2, 3, 4, 0})}, {}, "copies a dimension beyond the input's rank");
    check_refused("Reshape", v, {x, ints({5, 5})}, {}, "the element counts must agree");
    check_refused("Reshape", v, {x, ints({2, -2, 6})}, {}, "is below -1");
    check_refused("Reshape", v, {Tensor(DType::kFloat, {0, 3}), ints({0, -1})}, {}, "cannot be inferred");
    check_refused("Reshape", v, {x, Tensor::from_values<int64_t>({1, 2}, {4, 6})}, {}, "must be a 1-D tensor");
  }
  check_refused("Reshape", 5, {vec<BFloat16>({BFloat16{}}), ints({1})}, {}, "tensor(bfloat16)");
  CHECK(run_node_output("Reshape", 13, {vec<BFloat16>({BFloat16{0x7FC1}}), ints({})}) ==
        Tensor::from_values<BFloat16>({}, {BFloat16{0x7FC1}}));
}

TEST_CASE("Reshape-14: allowzero makes 0 a literal zero", "[Reshape][v14][v19][v21]") {
  const Tensor empty = Tensor(DType::kFloat, {0, 3, 4});
  for (int v : {14, 19, 21, 25}) {
    // ONNX's allowzero example: (0, 3, 4) to (3, 4, 0).
    CHECK(run_node_output("Reshape", v, {empty, ints({3, 4, 0})}, {make_attr("allowzero", int64_t{1})}) ==
          Tensor(DType::kFloat, {3, 4, 0}));
    // Without allowzero the 0 copies dimension 2 (4): 3*4*4 != 0 elements.
    check_refused("Reshape", v, {empty, ints({3, 4, 0})}, {}, "the element counts must agree");
    // allowzero with an index beyond the input rank is fine: it copies nothing.
    CHECK(run_node_output("Reshape", v, {Tensor(DType::kInt8, {0}), ints({2, 0, 5, 0})},
                          {make_attr("allowzero", int64_t{1})}) == Tensor(DType::kInt8, {2, 0, 5, 0}));
    check_refused("Reshape", v, {empty, ints({0, -1})}, {make_attr("allowzero", int64_t{1})},
                  "may not hold both 0 and -1");
    CHECK(run_node_output("Reshape", v, {counting<double>({2, 3}), ints({0, -1})}) == counting<double>({2, 3}));
  }
  check_refused("Reshape", 13, {empty, ints({3, 4, 0})}, {make_attr("allowzero", int64_t{1})}, "unknown attribute 'allowzero'");
}

TEST_CASE("Flatten: axis in [0, r], negative from 11", "[Flatten][v1][v9][v11][v13][v21]") {
  const Tensor x = counting<float>({2, 3, 4, 5});
  // ONNX's examples: axis 0 -> (1, 120), axis 4 -> (120, 1), default 1 -> (2, 60).
  for (int v : {1, 9, 11, 13, 21}) {
    CHECK(run_node_output("Flatten", v, {x}, {make_attr("axis", int64_t{0})}) == counting<float>({1, 120}));
    CHECK(run_node_output("Flatten", v, {x}, {make_attr("axis", int64_t{4})}) == counting<float>({120, 1}));
    CHECK(run_node_output("Flatten", v, {x}) == counting<float>({2, 60}));
    check_refused("Flatten", v, {x}, {make_attr("axis", int64_t{5})}, "outside");
  }
  CHECK(run_node_output("Flatten", 11, {x}, {make_attr("axis", int64_t{-1})}) == counting<float>({24, 5}));
  CHECK(run_node_output("Flatten", 13, {x}, {make_attr("axis", int64_t{-4})}) == counting<float>({1, 120}));
  check_refused("Flatten", 11, {x}, {make_attr("axis", int64_t{-5})}, "outside [-r, r]");
  check_refused("Flatten", 9, {x}, {make_attr("axis", int64_t{-1})}, "negative axes are allowed only from opset 11");
  check_refused("Flatten", 1, {counting<int32_t>({2})}, {}, "tensor(int32)");
  CHECK(run_node_output("Flatten", 9, {counting<int32_t>({2})}) == counting<int32_t>({2, 1}));
  CHECK(run_node_output("Flatten", 11, {Tensor(DType::kBool, {})}, {make_attr("axis", int64_t{0})}) ==
        Tensor(DType::kBool, {1, 1}));
}

TEST_CASE("Squeeze: attribute axes (1, 11), input axes (13+)", "[Squeeze][v1][v11][v13][v21]") {
  const Tensor x = counting<float>({1, 3, 1, 5});
  CHECK(run_node_output("Squeeze", 1, {x}) == counting<float>({3, 5}));
  CHECK(run_node_output("Squeeze", 1, {x}, {make_attr("axes", std::vector<int64_t>{0})}) == counting<float>({3, 1, 5}));
  check_refused("Squeeze", 1, {x}, {make_attr("axes", std::vector<int64_t>{-2})}, "negative axes are allowed only from opset 11");
  check_refused("Squeeze", 1, {x}, {make_attr("axes", std::vector<int64_t>{1})}, "only dimensions of size 1 can be squeezed");
  CHECK(run_node_output("Squeeze", 11, {x}, {make_attr("axes", std::vector<int64_t>{-2})}) == counting<float>({1, 3, 5}));
  check_refused("Squeeze", 11, {x}, {make_attr("axes", std::vector<int64_t>{0, -4})}, "twice");
  check_refused("Squeeze", 11, {x}, {make_attr("axes", std::vector<int64_t>{4})}, "outside [-r, r-1]");
  for (int v : {13, 21, 25}) {
    CHECK(run_multi("Squeeze", v, {x, ints({0, 2})})[0] == counting<float>({3, 5}));
    CHECK(run_multi("Squeeze", v, {x})[0] == counting<float>({3, 5}));
    CHECK(run_multi("Squeeze", v, {x, ints({-4})})[0] == counting<float>({3, 1, 5}));
    check_refused("Squeeze", v, {x, ints({1})}, {}, "only dimensions of size 1");
    check_refused("Squeeze", v, {x}, {make_attr("axes", std::vector<int64_t>{0})}, "unknown attribute 'axes'");
  }
  // An empty axes input reads as absent (implementation-defined).
  const auto r = run_node("Squeeze", 13, {x, ints({})});
  CHECK(r.outputs[0] == counting<float>({3, 5}));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node_output("Squeeze", 13, {Tensor::from_values<std::string>({1, 1}, {"s"})}) ==
        Tensor::from_values<std::string>({}, {"s"}));
}

TEST_CASE("Unsqueeze: axes in the output rank", "[Unsqueeze][v1][v11][v13][v21]") {
  const Tensor x = counting<int64_t>({3, 4, 5});
  // ONNX's example: (3, 4, 5) with axes [0, 4] -> (1, 3, 4, 5, 1).
  CHECK(run_node_output("Unsqueeze", 1, {x}, {make_attr("axes", std::vector<int64_t>{0, 4})}) ==
        counting<int64_t>({1, 3, 4, 5, 1}));
  CHECK(run_node_output("Unsqueeze", 1, {x}, {make_attr("axes", std::vector<int64_t>{4, 0})}) ==
        counting<int64_t>({1, 3, 4, 5, 1}));
  check_refused("Unsqueeze", 1, {x}, {make_attr("axes", std::vector<int64_t>{-1})}, "negative axes are allowed only from opset 11");
  check_refused("Unsqueeze", 1, {x}, {make_attr("axes", std::vector<int64_t>{5})}, "outside [0, r-1]");
  CHECK(run_node_output("Unsqueeze", 11, {x}, {make_attr("axes", std::vector<int64_t>{-1})}) ==
        counting<int64_t>({3, 4, 5, 1}));
  CHECK(run_node_output("Unsqueeze", 11, {x}, {make_attr("axes", std::vector<int64_t>{1, -2})}) ==
        counting<int64_t>({3, 1, 4, 1, 5}));
  check_refused("Unsqueeze", 11, {x}, {make_attr("axes", std::vector<int64_t>{1, -4})}, "twice");
  for (int v : {13, 21, 25}) {
    CHECK(run_node_output("Unsqueeze", v, {x, ints({2, 0})}) == counting<int64_t>({1, 3, 1, 4, 5}));
    CHECK(run_node_output("Unsqueeze", v, {Tensor::from_values<bool>({}, {true}), ints({0, 1})}) ==
          Tensor::from_values<bool>({1, 1}, {true}));
    check_refused("Unsqueeze", v, {x, ints({-6})}, {}, "outside [-r, r-1]");
  }
}
