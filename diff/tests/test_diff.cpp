// The versioned-semantics diff: the issue's examples must land in the right groups.
// Expected groupings come from the spec texts of the versions (Changelog.md).
#include <catch2/catch.hpp>

#include "diff/behaviour_diff.h"
#include "diff/html.h"
#include "diff/text_diff.h"

using namespace touchstone;

namespace {

const CatalogRow& version(const char* op, int v, const char* domain = "") {
  for (const auto* row : op_versions(domain, op))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

// The group of the probe named `name`.
ProbeGroup group_of(const VersionDiff& d, const std::string& name) {
  for (const auto& p : d.probes)
    if (p.probe.name == name) return p.group;
  FAIL("no probe " << name);
  return ProbeGroup::kInvalidInBoth;
}

bool has_line(const std::vector<std::string>& lines, const std::string& fragment) {
  for (const auto& l : lines)
    if (l.find(fragment) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("diff Sub 6 7: the broadcasting split", "[diff][Sub]") {
  for (const char* op : {"Sub", "Add", "Mul", "Div"}) {
    INFO(op);
    const VersionDiff d = diff_versions(version(op, 6), version(op, 7));
    REQUIRE(d.compared);
    // (3,3) with (3,) at axis=0: per row in 6, per column in 7.
    CHECK(group_of(d, "A float32 (3,3) B float32 (3) broadcast=1 axis=0") == ProbeGroup::kDifferent);
    // (2,3,4,5) with (3,4) at axis=1: only the legacy rule places B there.
    CHECK(group_of(d, "A float32 (2,3,4,5) B float32 (3,4) broadcast=1 axis=1") == ProbeGroup::kOnlyOld);
    // (3,1) with (1,4): numpy stretches both; the legacy rule never stretches 1.
    CHECK(group_of(d, "A float32 (3,1) B float32 (1,4) broadcast=1") == ProbeGroup::kOnlyNew);
    // The suffix case means the same under both rules.
    CHECK(group_of(d, "A float32 (2,3,4,5) B float32 (5) broadcast=1") == ProbeGroup::kSame);
    CHECK(has_line(d.schema.attributes, "removed broadcast"));
    CHECK(has_line(d.schema.attributes, "removed axis"));
  }
}

TEST_CASE("diff Pow 7 12: integer bases and a separate exponent type", "[diff][Pow]") {
  const VersionDiff d = diff_versions(version("Pow", 7), version("Pow", 12));
  REQUIRE(d.compared);
  CHECK(has_line(d.schema.type_constraints, "added type parameter T1"));
  CHECK(has_line(d.schema.type_constraints, "T: added tensor(int32), tensor(int64)"));
  CHECK(group_of(d, "A int32 (2,3) B int32 (2,3)") == ProbeGroup::kTypesOnlyNew);
  CHECK(group_of(d, "A int64 (2,3) B float32 (2,3)") == ProbeGroup::kTypesOnlyNew);
  CHECK(group_of(d, "A float32 (2,3) B int8 (2,3)") == ProbeGroup::kTypesOnlyNew);
  CHECK(group_of(d, "A float32 (2,3) B float32 (2,3)") == ProbeGroup::kSame);
  size_t integer_only_new = 0;
  for (const auto& p : d.probes)
    integer_only_new += p.group == ProbeGroup::kTypesOnlyNew && is_integer_dtype(p.probe.inputs[0].dtype());
  CHECK(integer_only_new > 0);
}

TEST_CASE("diff Pow 13 15: the bfloat16 exponent", "[diff][Pow]") {
  const VersionDiff d = diff_versions(version("Pow", 13), version("Pow", 15));
  CHECK(has_line(d.schema.type_constraints, "T1: added tensor(bfloat16)"));
  CHECK(group_of(d, "A float32 (2,3) B bfloat16 (2,3)") == ProbeGroup::kTypesOnlyNew);
}

TEST_CASE("a version the reference lacks is said, not compared", "[diff]") {
  // A row without a kernel (what a version added to the catalog before its kernel is): here
  // a copy of TreeEnsembleRegressor-1's with the kernel taken away; its schema diff still works.
  CatalogRow lacking = version("TreeEnsembleRegressor", 1, "ai.onnx.ml");
  lacking.kernel = nullptr;
  const VersionDiff d = diff_versions(lacking, version("TreeEnsembleRegressor", 3, "ai.onnx.ml"));
  CHECK_FALSE(d.compared);
  CHECK(d.not_compared.find("TreeEnsembleRegressor-1 is not implemented") != std::string::npos);
}

TEST_CASE("the JSON is the same bytes every time", "[diff]") {
  const auto a = diff_versions(version("Sub", 6), version("Sub", 7)).to_json().dump();
  const auto b = diff_versions(version("Sub", 6), version("Sub", 7)).to_json().dump();
  CHECK(a == b);
}

TEST_CASE("unified_diff", "[diff][text]") {
  CHECK(unified_diff("a\nb\nc\n", "a\nb\nc\n").empty());
  // Hand-worked: b replaced by B between kept a and c.
  CHECK(unified_diff("a\nb\nc\n", "a\nB\nc\n", 1) ==
        std::vector<std::string>{"@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"});
  // Two changes far apart make two hunks.
  const auto hunks = unified_diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "x\n2\n3\n4\n5\n6\n7\n8\ny\n", 1);
  CHECK(hunks == std::vector<std::string>{"@@ -1,2 +1,2 @@", "-1", "+x", " 2", "@@ -8,2 +8,2 @@", " 8", "-9", "+y"});
}

TEST_CASE("ops without hand-written probes are compared on their case specs", "[diff][Acos][Erf]") {
  // Acos-22 only adds bfloat16 (Changelog.md): float cases agree, bfloat16 ones run only there.
  const VersionDiff acos = diff_versions(version("Acos", 7), version("Acos", 22));
  REQUIRE(acos.compared);
  size_t same = 0, bf16_only_new = 0, other = 0;
  for (const auto& p : acos.probes) {
    const bool bf16 = p.probe.inputs[0].dtype() == DType::kBFloat16;
    if (p.group == ProbeGroup::kSame && !bf16) ++same;
    else if (p.group == ProbeGroup::kTypesOnlyNew && bf16) ++bf16_only_new;
    else if (p.group != ProbeGroup::kInvalidInBoth) ++other;
  }
  CHECK(same > 10);
  CHECK(bf16_only_new > 0);
  CHECK(other == 0);
  // Erf-13 drops the integers Erf-9 admits (ONNX 1.23's text).
  const VersionDiff erf = diff_versions(version("Erf", 9), version("Erf", 13));
  REQUIRE(erf.compared);
  CHECK(has_line(erf.schema.type_constraints, "T: removed"));
  size_t int_only_old = 0;
  for (const auto& p : erf.probes)
    int_only_old += p.group == ProbeGroup::kTypesOnlyOld && is_integer_dtype(p.probe.inputs[0].dtype());
  CHECK(int_only_old > 0);
}

TEST_CASE("an attribute only one version has is dropped for the other, and every rendering says so", "[diff][dropped]") {
  // Sub-7 removed broadcast and axis: the legacy probe runs under Sub-7 without them.
  const VersionDiff d = diff_versions(version("Sub", 6), version("Sub", 7));
  const ProbeComparison* p = nullptr;
  for (const auto& c : d.probes)
    if (c.probe.name == "A float32 (3,3) B float32 (3) broadcast=1 axis=0") p = &c;
  REQUIRE(p);
  CHECK(p->old_outcome.attributes == std::vector<std::string>{"broadcast=1", "axis=0"});
  CHECK(p->old_outcome.dropped.empty());
  CHECK(p->new_outcome.attributes.empty());
  CHECK(p->new_outcome.dropped == std::vector<std::string>{"broadcast=1", "axis=0"});
  const std::string said = "without broadcast=1, axis=0 (not attributes of Sub-7)";
  CHECK(dropped_text(version("Sub", 7), p->new_outcome) == said);
  CHECK(d.to_text(100, false).find("Sub-7 " + said) != std::string::npos);
  CHECK(diffs_to_html({d}, "t").find(said) != std::string::npos);
  const auto j = d.to_json()["behaviour"]["groups"]["different"]["examples"];
  bool found = false;
  for (const auto& e : j)
    if (e["probe"] == p->probe.name) {
      found = true;
      CHECK(e["new"]["dropped_attributes"] == nlohmann::json{"broadcast=1", "axis=0"});
      CHECK_FALSE(e["old"].contains("dropped_attributes"));
    }
  CHECK(found);
  // A probe whose attributes both versions have drops nothing.
  for (const auto& c : diff_versions(version("Sub", 13), version("Sub", 14)).probes)
    CHECK((c.old_outcome.dropped.empty() && c.new_outcome.dropped.empty()));
}
