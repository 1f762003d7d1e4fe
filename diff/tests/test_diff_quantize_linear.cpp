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

// How many probes of group g have inputs that `fits`.
template <class F>
size_t in_group(const VersionDiff& d, ProbeGroup g, const F& fits) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g && fits(p.probe.inputs);
  return n;
}
size_t in_group(const VersionDiff& d, ProbeGroup g) {
  return in_group(d, g, [](const std::vector<Tensor>&) { return true; });
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
  // 19's T1 binds x and y_scale: int32 x with a float scale is 13's only.
  CHECK(in_group(d, ProbeGroup::kTypesOnlyOld, [](const std::vector<Tensor>& in) {
          return in.size() >= 2 && in[0].dtype() == DType::kInt32 && in[1].dtype() == DType::kFloat;
        }) > 0);
  CHECK(in_group(d, ProbeGroup::kTypesOnlyNew, [](const std::vector<Tensor>& in) {
          return in.size() == 3 && is_minifloat_dtype(in[2].dtype());
        }) > 0);
  CHECK(in_group(d, ProbeGroup::kDifferent) == 0);
}

TEST_CASE("diff QuantizeLinear 19 21: blocked scales, output_dtype, 16- and 4-bit outputs", "[diff][QuantizeLinear]") {
  const VersionDiff d = diff_versions(quantize_linear(19), quantize_linear(21));
  REQUIRE(d.compared);
  CHECK(in_group(d, ProbeGroup::kOnlyNew, [](const std::vector<Tensor>& in) {  // a 2-D y_scale: blocked
          return in.size() >= 2 && in[1].rank() == 2 && in[0].rank() == 2;
        }) > 0);
  CHECK(in_group(d, ProbeGroup::kTypesOnlyNew, [](const std::vector<Tensor>& in) {
          return in.size() == 3 && (in[2].dtype() == DType::kInt4 || in[2].dtype() == DType::kUInt4);
        }) > 0);
  CHECK(in_group(d, ProbeGroup::kSame) > 0);
  CHECK(in_group(d, ProbeGroup::kDifferent) == 0);
}
