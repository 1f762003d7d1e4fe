// touchstone diff QuantizeLinear 10 13, 13 19 and 19 21: each text's change shows as behaviour
// (Changelog.md: 13 adds per-axis scales; 19 ties y_scale's type to x's and adds float16/bfloat16
// x and float8 outputs; 21 adds blocked scales, output_dtype and the 16- and 4-bit types).
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& quantize_linear(int v) {
  for (const auto* row : op_versions("", "QuantizeLinear"))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

size_t in_group(const VersionDiff& d, ProbeGroup g) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g;
  return n;
}

}  // namespace

TEST_CASE("diff QuantizeLinear 10 13: per-axis scales run only in 13", "[diff][QuantizeLinear]") {
  const VersionDiff d = diff_versions(quantize_linear(10), quantize_linear(13));
  REQUIRE(d.compared);
  CHECK(in_group(d, ProbeGroup::kSame) > 0);     // per tensor: the same values
  CHECK(in_group(d, ProbeGroup::kOnlyNew) > 0);  // a 1-D y_scale: refused by 10
  CHECK(in_group(d, ProbeGroup::kDifferent) == 0);
}

TEST_CASE("diff QuantizeLinear 13 19: y_scale takes x's type; float16 x and float8 outputs", "[diff][QuantizeLinear]") {
  const VersionDiff d = diff_versions(quantize_linear(13), quantize_linear(19));
  REQUIRE(d.compared);
  size_t int32_x_float_scale = 0, float8_out = 0;
  for (const auto& p : d.probes) {
    const auto& in = p.probe.inputs;
    int32_x_float_scale += p.group == ProbeGroup::kTypesOnlyOld && in.size() >= 2 && in[0].dtype() == DType::kInt32 &&
                           in[1].dtype() == DType::kFloat;
    float8_out += p.group == ProbeGroup::kTypesOnlyNew && in.size() == 3 && is_minifloat_dtype(in[2].dtype());
  }
  CHECK(int32_x_float_scale > 0);  // 19's T1 binds x and y_scale: int32 x with a float scale is 13's only
  CHECK(float8_out > 0);
  CHECK(in_group(d, ProbeGroup::kDifferent) == 0);
}

TEST_CASE("diff QuantizeLinear 19 21: blocked scales, output_dtype, 16- and 4-bit outputs", "[diff][QuantizeLinear]") {
  const VersionDiff d = diff_versions(quantize_linear(19), quantize_linear(21));
  REQUIRE(d.compared);
  size_t blocked = 0, four_bit = 0;
  for (const auto& p : d.probes) {
    const auto& in = p.probe.inputs;
    blocked += p.group == ProbeGroup::kOnlyNew && in.size() >= 2 && in[1].rank() == in[0].rank() && in[1].rank() == 2;
    four_bit += p.group == ProbeGroup::kTypesOnlyNew && in.size() == 3 &&
                (in[2].dtype() == DType::kInt4 || in[2].dtype() == DType::kUInt4);
  }
  CHECK(blocked > 0);
  CHECK(four_bit > 0);
  CHECK(in_group(d, ProbeGroup::kSame) > 0);
  CHECK(in_group(d, ProbeGroup::kDifferent) == 0);
}
