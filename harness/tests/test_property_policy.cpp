// The property policy (random outputs): types and shapes exactly, then the op's property
// decides where the values differ; without one, the exact comparison stands.
#include <catch2/catch.hpp>

#include "harness/compare.h"

using namespace touchstone;
using namespace touchstone::harness;

namespace {

Tensor floats(Shape shape, std::vector<float> v) { return Tensor::from_values<float>(std::move(shape), v); }

ComparePolicy property_policy() {
  ComparePolicy p;
  p.tolerance = Tolerance::parse("property(dropout)");
  return p;
}

}  // namespace

TEST_CASE("the property policy: shapes exactly, values by the property", "[compare][property]") {
  CHECK(Tolerance::parse("property(dropout)").kind == Tolerance::kProperty);
  CHECK(Tolerance::parse("property(dropout)").to_string() == "property(dropout)");
  CHECK_THROWS(Tolerance::parse("property()"));
  const std::vector<Tensor> expected = {floats({2}, {2, 0})}, other = {floats({2}, {0, 4})};
  const PropertyCheck holds = [](const std::vector<Tensor>&) { return std::pair<std::string, int64_t>{"", 0}; };
  const PropertyCheck breaks = [](const std::vector<Tensor>&) { return std::pair<std::string, int64_t>{"element 1 is 4", 1}; };
  CHECK(compare_by_property(expected, other, property_policy(), holds).ok());
  const Comparison failed = compare_by_property(expected, other, property_policy(), breaks);
  CHECK(failed.kind == Comparison::kValues);
  CHECK(failed.message == "property (dropout): element 1 is 4");
  CHECK(failed.bad_count == 1);
  // A wrong shape is never the property's to excuse; without a check the values must match.
  CHECK(compare_by_property(expected, {floats({3}, {0, 0, 0})}, property_policy(), holds).kind == Comparison::kWrongShape);
  CHECK(compare_by_property(expected, other, property_policy(), {}).kind == Comparison::kValues);
  CHECK(compare_by_property(expected, expected, property_policy(), breaks).ok());  // equal values: nothing to judge
}
