// touchstone diff GridSample 16 20 and RoiAlign 10 16: the changes the texts make must show
// as behaviour. Expected values are worked by hand from Changelog.md's texts (quoted in
// diff/hand_probes_geometry.cpp), not taken from the reference.
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& row_of(const char* op, int v) {
  for (const auto* row : op_versions("", op))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

const ProbeComparison& hand_probe(const VersionDiff& d, const std::string& fragment) {
  for (const auto& p : d.probes)
    if (p.probe.hand_written && p.probe.name.find(fragment) != std::string::npos) return p;
  FAIL("no hand-written probe with '" << fragment << "'");
  throw std::logic_error("unreachable");
}

std::vector<float> first_output(const ProbeOutcome& o) {
  REQUIRE(o.kind == ProbeOutcome::kValid);
  auto d = o.outputs.at(0).data<float>();
  return {d.begin(), d.end()};
}

size_t count(const VersionDiff& d, ProbeGroup g) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g;
  return n;
}

}  // namespace

TEST_CASE("diff GridSample 16 20: modes renamed, N-D X, the halfway pick named", "[diff][GridSample]") {
  const VersionDiff d = diff_versions(row_of("GridSample", 16), row_of("GridSample", 20));
  REQUIRE(d.compared);
  const auto& bilinear = hand_probe(d, "mode=bilinear at the centre");
  CHECK(bilinear.group == ProbeGroup::kOnlyOld);
  CHECK(first_output(bilinear.old_outcome) == std::vector<float>{2.5f});
  const auto& linear = hand_probe(d, "mode=linear at the centre");
  CHECK(linear.group == ProbeGroup::kOnlyNew);
  CHECK(first_output(linear.new_outcome) == std::vector<float>{2.5f});
  CHECK(hand_probe(d, "default mode").group == ProbeGroup::kSame);
  const auto& halfway = hand_probe(d, "nearest, g = 0");
  CHECK(first_output(halfway.new_outcome) == std::vector<float>{30});
  const auto& volume = hand_probe(d, "volumetric X");
  CHECK(volume.group == ProbeGroup::kOnlyNew);
  CHECK(first_output(volume.new_outcome) == std::vector<float>{4.5f});
  // The case specs' probes: 16's bilinear/bicubic cases run only there, 20's linear/cubic and
  // 3-D cases only in 20, nearest on 4-D the same.
  CHECK(count(d, ProbeGroup::kOnlyOld) > 1);
  CHECK(count(d, ProbeGroup::kOnlyNew) > 1);
  CHECK(count(d, ProbeGroup::kSame) > 0);
}

TEST_CASE("diff RoiAlign 10 16: half_pixel by default shifts the roi", "[diff][RoiAlign]") {
  const VersionDiff d = diff_versions(row_of("RoiAlign", 10), row_of("RoiAlign", 16));
  REQUIRE(d.compared);
  const auto& avg = hand_probe(d, "avg, roi [0,0,2,2]");
  CHECK(avg.group == ProbeGroup::kDifferent);
  CHECK(first_output(avg.old_outcome) == std::vector<float>{4});
  CHECK(first_output(avg.new_outcome) == std::vector<float>{2});
  const auto& max = hand_probe(d, "max, the same roi");
  CHECK(first_output(max.old_outcome) == std::vector<float>{6});
  CHECK(first_output(max.new_outcome) == std::vector<float>{4});
  CHECK(hand_probe(d, "output_half_pixel").group == ProbeGroup::kOnlyNew);
  // 10's cases under 16 (no attribute: half_pixel) give other values.
  CHECK(count(d, ProbeGroup::kDifferent) > 1);
}
