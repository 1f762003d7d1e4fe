// Sub's versions side by side: the limited broadcast of Sub-1/6 against numpy's rule in
// Sub-7+. Expected values are computed here from the spec's formula with explicit index
// arithmetic, or written out by hand.
#include <catch2/catch.hpp>

#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

std::vector<onnx::AttributeProto> bcast(std::optional<int64_t> axis = std::nullopt) {
  std::vector<onnx::AttributeProto> attrs = {make_attr("broadcast", int64_t{1})};
  if (axis) attrs.push_back(make_attr("axis", *axis));
  return attrs;
}

// Checks C = A - B where B is indexed by the dims [first, first + rank(B)) of A.
void check_run_at(const Tensor& c, const Tensor& a, const Tensor& b, size_t first) {
  REQUIRE(c.shape() == a.shape());
  const auto& s = a.shape();
  const auto x = a.data<float>(), y = b.data<float>(), z = c.data<float>();
  for (int64_t i = 0; i < a.size(); ++i) {
    // Unravel i in A's shape, then ravel the run's coordinates in B's shape.
    std::vector<int64_t> idx(s.size());
    int64_t rest = i;
    for (size_t d = s.size(); d-- > 0;) {
      idx[d] = rest % s[d];
      rest /= s[d];
    }
    int64_t j = 0;
    for (size_t d = 0; d < b.shape().size(); ++d) j = j * b.shape()[d] + idx[first + d];
    REQUIRE(z[static_cast<size_t>(i)] == x[static_cast<size_t>(i)] - y[static_cast<size_t>(j)]);
  }
}

}  // namespace

TEST_CASE("Sub-6 subtracts B along axes 1-2 for A (2,3,4,5), B (3,4), axis=1", "[Sub][v6]") {
  Tensor a = iota_float({2, 3, 4, 5}), b = iota_float({3, 4}, 1000.0f);
  check_run_at(run_node_output("Sub", 6, {a, b}, bcast(1)), a, b, 1);
}

TEST_CASE("Sub-6 with A (3,3), B (3,), axis=0 subtracts B[i] from row i; Sub-7 per column",
          "[Sub][v6][v7]") {
  Tensor a = Tensor::from_values<float>({3, 3}, {10, 20, 30, 40, 50, 60, 70, 80, 90});
  Tensor b = Tensor::from_values<float>({3}, {1, 2, 3});
  Tensor rows = run_node_output("Sub", 6, {a, b}, bcast(0));
  CHECK(rows == Tensor::from_values<float>({3, 3}, {9, 19, 29, 38, 48, 58, 67, 77, 87}));
  Tensor columns = run_node_output("Sub", 7, {a, b});
  CHECK(columns == Tensor::from_values<float>({3, 3}, {9, 18, 27, 39, 48, 57, 69, 78, 87}));
}

TEST_CASE("Sub-6 accepts every example shape of its spec text", "[Sub][v6]") {
  Tensor a = iota_float({2, 3, 4, 5});
  SECTION("B a scalar") {
    Tensor b = Tensor::from_values<float>({}, {7});
    check_run_at(run_node_output("Sub", 6, {a, b}, bcast()), a, b, 4);
  }
  SECTION("B (1,1), one element") {
    Tensor b = Tensor::from_values<float>({1, 1}, {7});
    Tensor c = run_node_output("Sub", 6, {a, b}, bcast());
    for (int64_t i = 0; i < a.size(); ++i) REQUIRE(c.data<float>()[i] == a.data<float>()[i] - 7);
  }
  SECTION("B (5,), suffix") {
    Tensor b = iota_float({5}, 100.0f);
    check_run_at(run_node_output("Sub", 6, {a, b}, bcast()), a, b, 3);
  }
  SECTION("B (4,5), suffix") {
    Tensor b = iota_float({4, 5}, 100.0f);
    check_run_at(run_node_output("Sub", 6, {a, b}, bcast()), a, b, 2);
  }
  SECTION("B (3,4), axis=1") {
    Tensor b = iota_float({3, 4}, 100.0f);
    check_run_at(run_node_output("Sub", 6, {a, b}, bcast(1)), a, b, 1);
  }
  SECTION("B (2,), axis=0") {
    Tensor b = iota_float({2}, 100.0f);
    check_run_at(run_node_output("Sub", 6, {a, b}, bcast(0)), a, b, 0);
  }
  SECTION("Sub-1, the same rule: A (2,5), B (2,), axis=0") {
    Tensor a2 = iota_float({2, 5}), b = iota_float({2}, 100.0f);
    check_run_at(run_node_output("Sub", 1, {a2, b}, bcast(0)), a2, b, 0);
  }
}

TEST_CASE("Sub-6 refuses what its rule does not allow", "[Sub][v6]") {
  auto refuses = [](const Tensor& a, const Tensor& b, const std::vector<onnx::AttributeProto>& attrs,
                    const std::string& fragment) {
    try {
      run_node("Sub", 6, {a, b}, attrs);
      FAIL("accepted " << shape_to_string(a.shape()) << " and " << shape_to_string(b.shape()));
    } catch (const Error& e) {
      CHECK(e.kind() == ErrorKind::kInvalidModel);
      CHECK_THAT(e.what(), Catch::Contains("Sub-6") && Catch::Contains(fragment));
    }
  };
  Tensor a = iota_float({2, 3, 4, 5});
  refuses(a, iota_float({5}), {}, "broadcast=1");                  // unequal without broadcast
  refuses(iota_float({3, 1}), iota_float({1, 4}), bcast(), "contiguous run");  // no 1-dim expansion
  refuses(iota_float({3, 1}), iota_float({1, 4}), {}, "broadcast=1");
  refuses(a, iota_float({3, 4}), bcast(), "contiguous run");       // (3,4) is not A's suffix
  refuses(a, iota_float({3, 4}), bcast(3), "axis 3");              // the run would not fit
  refuses(a, iota_float({3, 4}), bcast(-1), "axis -1");
  refuses(iota_float({4, 5}), iota_float({2, 4, 5}), bcast(), "higher rank");
  refuses(a, iota_float({5}), {make_attr("broadcast", int64_t{2})}, "0 or 1");
  // Equal shapes need no broadcast attribute.
  CHECK(run_node_output("Sub", 6, {a, a}) == Tensor(DType::kFloat, {2, 3, 4, 5}));
}

TEST_CASE("Sub-7 broadcasts by numpy's rule and refuses A (2,3,4,5), B (3,4)", "[Sub][v7]") {
  try {
    run_node("Sub", 7, {iota_float({2, 3, 4, 5}), iota_float({3, 4})});
    FAIL("Sub-7 accepted (2,3,4,5) and (3,4)");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains("Sub-7") && Catch::Contains("do not broadcast"));
  }
  // Sub-7 has no broadcast/axis attributes any more.
  CHECK_THROWS_WITH(run_node("Sub", 7, {iota_float({3}), iota_float({3})}, bcast()),
                    Catch::Contains("unknown attribute 'broadcast'"));
  // (3,1) and (1,4), refused by Sub-6, give (3,4) under Sub-7.
  Tensor c = run_node_output("Sub", 7, {Tensor::from_values<float>({3, 1}, {10, 20, 30}),
                                        Tensor::from_values<float>({1, 4}, {1, 2, 3, 4})});
  CHECK(c == Tensor::from_values<float>({3, 4}, {9, 8, 7, 6, 19, 18, 17, 16, 29, 28, 27, 26}));
}

TEST_CASE("Sub-7: OpenVINO's example (8,1,6,1) with (7,1,5) gives (8,7,6,5)", "[Sub][v7]") {
  Tensor a = iota_float({8, 1, 6, 1}), b = iota_float({7, 1, 5}, 0.5f);
  Tensor c = run_node_output("Sub", 7, {a, b});
  REQUIRE(c.shape() == Shape{8, 7, 6, 5});
  const auto x = a.data<float>(), y = b.data<float>(), z = c.data<float>();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 7; ++j)
      for (int k = 0; k < 6; ++k)
        for (int l = 0; l < 5; ++l)
          REQUIRE(z[((i * 7 + j) * 6 + k) * 5 + l] == x[i * 6 + k] - y[j * 5 + l]);
}

TEST_CASE("Sub-13/14 keep numpy's rule: zero-size and scalar operands", "[Sub][v13][v14]") {
  Tensor empty = run_node_output("Sub", 14, {iota_float({0, 3}), iota_float({3})});
  CHECK(empty.shape() == Shape{0, 3});
  Tensor scalar = run_node_output("Sub", 13, {Tensor::from_values<float>({}, {5}), Tensor::from_values<float>({}, {2})});
  CHECK(scalar == Tensor::from_values<float>({}, {3}));
}
