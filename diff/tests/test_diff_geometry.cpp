// touchstone diff GridSample 16 20 and RoiAlign 10 16: the changes the texts make must show
// as behaviour. Expected values are worked by hand from Changelog.md's texts (quoted in
// diff/hand_probes_geometry.cpp), not taken from the reference.
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& geometry_row(const char* op, int v) {
  for (const auto* row : op_versions("", op))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

const ProbeComparison& geometry_probe(const VersionDiff& d, const std::string& fragment) {
  for (const auto& p : d.probes)
    if (p.probe.hand_written && p.probe.name.find(fragment) != std::string::npos) return p;
  FAIL("no hand-written probe with '" << fragment << "'");
  throw std::logic_error("unreachable");
}

std::vector<float> geometry_output(const ProbeOutcome& o) {
  REQUIRE(o.kind == ProbeOutcome::kValid);
  auto d = o.outputs.at(0).data<float>();
  return {d.begin(), d.end()};
}

size_t probes_in(const VersionDiff& d, ProbeGroup g) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g;
  return n;
}

}  // namespace

TEST_CASE("diff GridSample 16 20: modes renamed, N-D X, the halfway pick named", "[diff][GridSample]") {
  const VersionDiff d = diff_versions(geometry_row("GridSample", 16), geometry_row("GridSample", 20));
  REQUIRE(d.compared);
  const auto& bilinear = geometry_probe(d, "mode=bilinear at the centre");
  CHECK(bilinear.group == ProbeGroup::kOnlyOld);
  CHECK(geometry_output(bilinear.old_outcome) == std::vector<float>{2.5f});
  const auto& linear = geometry_probe(d, "mode=linear at the centre");
  CHECK(linear.group == ProbeGroup::kOnlyNew);
  CHECK(geometry_output(linear.new_outcome) == std::vector<float>{2.5f});
  CHECK(geometry_probe(d, "default mode").group == ProbeGroup::kSame);
  const auto& halfway = geometry_probe(d, "nearest, g = 0");
  CHECK(geometry_output(halfway.new_outcome) == std::vector<float>{30});
  const auto& volume = geometry_probe(d, "volumetric X");
  CHECK(volume.group == ProbeGroup::kOnlyNew);
  CHECK(geometry_output(volume.new_outcome) == std::vector<float>{4.5f});
  // The case specs' probes: 16's bilinear/bicubic cases run only there, 20's linear/cubic and
  // 3-D cases only in 20, nearest on 4-D the same.
  CHECK(probes_in(d, ProbeGroup::kOnlyOld) > 1);
  CHECK(probes_in(d, ProbeGroup::kOnlyNew) > 1);
  CHECK(probes_in(d, ProbeGroup::kSame) > 0);
}

TEST_CASE("diff RoiAlign 10 16: half_pixel by default shifts the roi", "[diff][RoiAlign]") {
  const VersionDiff d = diff_versions(geometry_row("RoiAlign", 10), geometry_row("RoiAlign", 16));
  REQUIRE(d.compared);
  const auto& avg = geometry_probe(d, "avg, roi [0,0,2,2]");
  CHECK(avg.group == ProbeGroup::kDifferent);
  CHECK(geometry_output(avg.old_outcome) == std::vector<float>{4});
  CHECK(geometry_output(avg.new_outcome) == std::vector<float>{2});
  const auto& max = geometry_probe(d, "max, the same roi");
  CHECK(geometry_output(max.old_outcome) == std::vector<float>{6});
  CHECK(geometry_output(max.new_outcome) == std::vector<float>{4});
  const auto& legacy = geometry_probe(d, "output_half_pixel");
  CHECK(legacy.group == ProbeGroup::kSame);
  CHECK(geometry_output(legacy.new_outcome) == std::vector<float>{4});
  // 10's cases under 16 (no attribute: half_pixel) give other values.
  CHECK(probes_in(d, ProbeGroup::kDifferent) > 1);
}
