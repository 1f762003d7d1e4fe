// touchstone diff Resize 10 11, 11 13, 13 18 and 18 19: each version's change shows as behaviour
// (Changelog.md: 11 brings the coordinate modes with half_pixel by default where 10 samples
// asymmetrically, and cubic; 13 drops tf_half_pixel_for_nn and makes roi optional; 18 adds
// antialias (different values), axes and keep_aspect_ratio_policy; 19 adds half_pixel_symmetric).
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& resize(int v) {
  for (const auto* row : op_versions("", "Resize"))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

// The hand probes of `d` in group g whose label contains `what`.
size_t hand(const VersionDiff& d, ProbeGroup g, const std::string& what) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g && p.probe.hand_written && p.probe.name.find(what) != std::string::npos;
  return n;
}

}  // namespace

TEST_CASE("diff Resize 10 11: asymmetric becomes half_pixel, cubic arrives", "[diff][Resize]") {
  const VersionDiff d = diff_versions(resize(10), resize(11));
  REQUIRE(d.compared);
  CHECK(hand(d, ProbeGroup::kDifferent, "linear, scale 2 over [1,2]") == 1);
  CHECK(hand(d, ProbeGroup::kSame, "nearest, scale 2") == 1);
  CHECK(hand(d, ProbeGroup::kOnlyNew, "cubic") == 1);
}

TEST_CASE("diff Resize 11 13: tf_half_pixel_for_nn only in 11, roi optional in 13", "[diff][Resize]") {
  const VersionDiff d = diff_versions(resize(11), resize(13));
  REQUIRE(d.compared);
  CHECK(hand(d, ProbeGroup::kOnlyOld, "tf_half_pixel_for_nn") == 1);
  CHECK(hand(d, ProbeGroup::kOnlyNew, "roi left empty") == 1);
}

TEST_CASE("diff Resize 13 18: antialias changes the values; axes and keep_aspect_ratio_policy only in 18", "[diff][Resize]") {
  const VersionDiff d = diff_versions(resize(13), resize(18));
  REQUIRE(d.compared);
  // 13 runs the probe without the attribute it lacks: [.5, 2.5, 4.5, 6.5] against 18's [.625, 2.5, 4.5, 6.375].
  CHECK(hand(d, ProbeGroup::kDifferent, "antialias=1") == 1);
  CHECK(hand(d, ProbeGroup::kOnlyNew, "axes=[3]") == 1);
  CHECK(hand(d, ProbeGroup::kOnlyNew, "keep_aspect_ratio_policy") == 1);
}

TEST_CASE("diff Resize 18 19: half_pixel_symmetric only in 19", "[diff][Resize]") {
  const VersionDiff d = diff_versions(resize(18), resize(19));
  REQUIRE(d.compared);
  CHECK(hand(d, ProbeGroup::kOnlyNew, "half_pixel_symmetric") == 1);
}
