// `touchstone diff` on the control-flow, sequence and recurrent changes issue 28 names:
// If 11 -> 13 -> 16 (sequences, then optionals, out of the branches), SplitToSequence
// 11 -> 24 (bfloat16 only), GRU 1 -> 3 -> 7 (linear_before_reset and an optional Y_h in 3;
// output_sequence gone in 7). Expected values are the constants the probes' branches hold
// and the rules of Changelog.md, not the reference's answers.
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& ctl_version(const char* op, int v) {
  for (const auto* row : op_versions("", op))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

const ProbeComparison* ctl_probe(const VersionDiff& d, const std::string& fragment) {
  for (const auto& p : d.probes)
    if (p.probe.name.find(fragment) != std::string::npos) return &p;
  return nullptr;
}

std::vector<float> ctl_floats(const Tensor& t) {
  auto d = t.data<float>();
  return {d.begin(), d.end()};
}

size_t ctl_count(const VersionDiff& d, ProbeGroup g) {
  size_t n = 0;
  for (const auto& p : d.probes) n += p.group == g;
  return n;
}

}  // namespace

TEST_CASE("diff If 11 13 16: sequences, then optionals, out of the branches", "[diff][If]") {
  const VersionDiff d13 = diff_versions(ctl_version("If", 11), ctl_version("If", 13));
  const auto* seq = ctl_probe(d13, "branches give sequences, cond true");
  REQUIRE(seq);
  CHECK(seq->group == ProbeGroup::kOnlyNew);
  CHECK(seq->old_outcome.message.find("V does not admit") != std::string::npos);
  REQUIRE(seq->new_outcome.outputs.size() == 2);  // the sequence [[1,2],[3]], element by element
  CHECK(ctl_floats(seq->new_outcome.outputs[0]) == std::vector<float>{1, 2});
  CHECK(ctl_floats(seq->new_outcome.outputs[1]) == std::vector<float>{3});
  REQUIRE(seq->new_outcome.non_tensor.size() == 1);
  CHECK(seq->new_outcome.non_tensor[0].find("seq(tensor(float)) of 2 tensors") != std::string::npos);
  const auto* other = ctl_probe(d13, "cond false");
  REQUIRE(other);
  REQUIRE(other->new_outcome.outputs.size() == 1);
  CHECK(ctl_floats(other->new_outcome.outputs[0]) == std::vector<float>{4, 5, 6});

  const VersionDiff d16 = diff_versions(ctl_version("If", 13), ctl_version("If", 16));
  const auto* opt = ctl_probe(d16, "optionals of sequences");
  REQUIRE(opt);
  CHECK(opt->group == ProbeGroup::kOnlyNew);
  REQUIRE(opt->new_outcome.non_tensor.size() == 1);
  CHECK(opt->new_outcome.non_tensor[0].find("optional(seq(tensor(float))) holding 2") != std::string::npos);
}

TEST_CASE("diff SplitToSequence 11 24: only bfloat16 is new", "[diff][SplitToSequence]") {
  const VersionDiff d = diff_versions(ctl_version("SplitToSequence", 11), ctl_version("SplitToSequence", 24));
  REQUIRE(d.compared);
  CHECK(ctl_count(d, ProbeGroup::kTypesOnlyNew) > 0);
  CHECK(ctl_count(d, ProbeGroup::kDifferent) == 0);
  CHECK(ctl_count(d, ProbeGroup::kOnlyOld) == 0);
  CHECK(ctl_count(d, ProbeGroup::kOnlyNew) == 0);
  for (const auto& p : d.probes)
    if (p.group == ProbeGroup::kTypesOnlyNew) CHECK(p.probe.name.find("bfloat16") != std::string::npos);
  // Both versions agree on every float probe, sequence outputs compared element by element.
  CHECK(ctl_count(d, ProbeGroup::kSame) > 10);
}

TEST_CASE("diff GRU 1 3 7: linear_before_reset and an optional Y_h, then output_sequence gone", "[diff][GRU]") {
  const VersionDiff d3 = diff_versions(ctl_version("GRU", 1), ctl_version("GRU", 3));
  const auto* reset = ctl_probe(d3, "linear_before_reset_1 float32");
  REQUIRE(reset);
  CHECK(reset->group == ProbeGroup::kDifferent);  // GRU-1 runs without the attribute it lacks
  CHECK_FALSE(reset->old_outcome.dropped.empty());
  const auto* reset0 = ctl_probe(d3, "linear_before_reset_0 float32");
  REQUIRE(reset0);
  CHECK(reset0->group == ProbeGroup::kSame);  // 0 is GRU-1's only behaviour
  const auto* y_only = ctl_probe(d3, "y_only float32");
  REQUIRE(y_only);
  CHECK(y_only->group == ProbeGroup::kOnlyNew);  // GRU-1's Y_h is not optional
  CHECK(y_only->old_outcome.message.find("outputs") != std::string::npos);

  const VersionDiff d7 = diff_versions(ctl_version("GRU", 3), ctl_version("GRU", 7));
  CHECK(ctl_count(d7, ProbeGroup::kDifferent) == 0);
  CHECK(ctl_count(d7, ProbeGroup::kOnlyOld) == 0);
  CHECK(ctl_count(d7, ProbeGroup::kOnlyNew) == 0);
  bool removed = false;
  for (const auto& a : d7.schema.attributes) removed |= a.find("removed output_sequence") != std::string::npos;
  CHECK(removed);
}
