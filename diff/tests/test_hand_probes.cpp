// The hand-written probes: `diff` must show each change with the values the spec text
// gives. Every expected value below is worked by hand from Changelog.md's text of the two
// versions (quoted in diff/hand_probes*.cpp), not taken from the reference.
#include <catch2/catch.hpp>

#include <cmath>

#include "diff/behaviour_diff.h"
#include "diff/html.h"
#include "reports/escape.h"

using namespace touchstone;

namespace {

const CatalogRow& version(const char* op, int v) {
  for (const auto* row : op_versions("", op))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

// The hand-written probe whose label holds `fragment`.
const ProbeComparison& probe(const VersionDiff& d, const std::string& fragment) {
  for (const auto& p : d.probes)
    if (p.probe.hand_written && p.probe.name.find(fragment) != std::string::npos) return p;
  FAIL("no hand-written probe with '" << fragment << "'");
  throw std::logic_error("unreachable");
}

template <class T>
std::vector<T> values(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}

// Output k of a valid outcome, as floats, with its shape.
std::vector<float> floats(const ProbeOutcome& o, size_t k = 0) {
  REQUIRE(o.kind == ProbeOutcome::kValid);
  REQUIRE(o.outputs.size() > k);
  return values<float>(o.outputs[k]);
}

bool refused_with(const ProbeOutcome& o, const std::string& fragment) {
  return o.kind != ProbeOutcome::kValid && o.message.find(fragment) != std::string::npos;
}

using F = std::vector<float>;
using I = std::vector<int64_t>;

}  // namespace

TEST_CASE("diff Reshape 13 14: allowzero", "[diff][hand][Reshape]") {
  const VersionDiff d = diff_versions(version("Reshape", 13), version("Reshape", 14));
  // Shape [0,3] on (2,3): 13 copies dim 0 (2) -> (2,3); 14 keeps 0 -> (0,3), 0 != 6 elements.
  const auto& copy = probe(d, "shape [0,3] on (2,3)");
  CHECK(copy.group == ProbeGroup::kOnlyOld);
  CHECK(copy.old_outcome.outputs[0].shape() == Shape{2, 3});
  CHECK(floats(copy.old_outcome) == F{1, 2, 3, 4, 5, 6});
  CHECK(refused_with(copy.new_outcome, "Reshape-14"));
  // Shape [3,0] on (0,3): 13 copies dim 1 (3) -> (3,3), 9 != 0 elements; 14 gives (3,0).
  const auto& zero = probe(d, "shape [3,0] on an empty (0,3)");
  CHECK(zero.group == ProbeGroup::kOnlyNew);
  CHECK(refused_with(zero.old_outcome, "Reshape-13"));
  REQUIRE(zero.new_outcome.kind == ProbeOutcome::kValid);
  CHECK(zero.new_outcome.outputs[0].shape() == Shape{3, 0});
  // "it is invalid for the specified shape to contain both a zero value and -1".
  const auto& both = probe(d, "a 0 with -1");
  CHECK(both.group == ProbeGroup::kOnlyOld);
  CHECK(refused_with(both.new_outcome, "-1"));
  CHECK(probe(d, "allowzero=0").group == ProbeGroup::kSame);
}

TEST_CASE("diff Slice 1 10: attributes become inputs; steps", "[diff][hand][Slice]") {
  const VersionDiff d = diff_versions(version("Slice", 1), version("Slice", 10));
  // The spec's example 1 without steps: rows [1,2), columns [0,3) -> [[5,6,7]] in both forms.
  const auto& ex1 = probe(d, "spec example 1");
  CHECK(ex1.group == ProbeGroup::kSame);
  CHECK(floats(ex1.old_outcome) == F{5, 6, 7});
  // Example 2: ends -1 -> 1 (rows), 1000 -> 4 (columns) -> [[2,3,4]].
  CHECK(floats(probe(d, "spec example 2").new_outcome) == F{2, 3, 4});
  // Example 1 with steps [1,2] (Slice-10's text): [[5,7]]; Slice-1 takes one input.
  const auto& steps = probe(d, "steps [1,2]");
  CHECK(steps.group == ProbeGroup::kOnlyNew);
  CHECK(steps.new_outcome.outputs[0].shape() == Shape{1, 2});
  CHECK(floats(steps.new_outcome) == F{5, 7});
  CHECK(refused_with(steps.old_outcome, "Slice-1"));
  // Columns 3, 2, 1 (end 0 excluded) of each row.
  const auto& back = probe(d, "negative step");
  CHECK(back.group == ProbeGroup::kOnlyNew);
  CHECK(floats(back.new_outcome) == F{4, 3, 2, 8, 7, 6});
  CHECK(probe(d, "as attributes under 10").group == ProbeGroup::kOnlyOld);
}

TEST_CASE("diff Split 13 18: num_outputs and the smaller last chunk", "[diff][hand][Split]") {
  const VersionDiff d = diff_versions(version("Split", 13), version("Split", 18));
  const auto& five = probe(d, "num_outputs=2 on 5 elements");
  CHECK(five.group == ProbeGroup::kOnlyNew);
  CHECK(refused_with(five.old_outcome, "Split-13"));
  CHECK(floats(five.new_outcome, 0) == F{1, 2, 3});
  CHECK(floats(five.new_outcome, 1) == F{4, 5});
  // ceil(7/3) = 3 per part, the last gets the 1 left.
  const auto& seven = probe(d, "num_outputs=3 on 7 elements");
  CHECK(floats(seven.new_outcome, 0) == F{1, 2, 3});
  CHECK(floats(seven.new_outcome, 1) == F{4, 5, 6});
  CHECK(floats(seven.new_outcome, 2) == F{7});
  CHECK(probe(d, "num_outputs=3 on 6 elements").group == ProbeGroup::kSame);
  // "Either input 'split' or the attribute 'num_outputs' should be specified".
  const auto& neither = probe(d, "neither split nor num_outputs");
  CHECK(neither.group == ProbeGroup::kOnlyOld);
  CHECK(floats(neither.old_outcome, 1) == F{3, 4});
  CHECK(probe(d, "split input [2,3]").group == ProbeGroup::kSame);
}

TEST_CASE("diff Pad 13 18 and 18 19: axes, then wrap", "[diff][hand][Pad]") {
  const VersionDiff axes = diff_versions(version("Pad", 13), version("Pad", 18));
  // [[1,2,3],[4,5,6]], axis 1 padded 1 before and 2 after with zeros.
  const auto& one = probe(axes, "axes [1], pads [1,2]");
  CHECK(one.group == ProbeGroup::kOnlyNew);
  CHECK(refused_with(one.old_outcome, "Pad-13"));
  CHECK(one.new_outcome.outputs[0].shape() == Shape{2, 6});
  CHECK(floats(one.new_outcome) == F{0, 1, 2, 3, 0, 0, 0, 4, 5, 6, 0, 0});
  CHECK(floats(probe(axes, "axes [-1]").new_outcome) == F{1, 2, 3, 0, 4, 5, 6, 0});
  CHECK(probe(axes, "the same padding").group == ProbeGroup::kSame);

  const VersionDiff wrap = diff_versions(version("Pad", 18), version("Pad", 19));
  // A torus along axis 1: [1,2,3] -> [2,3 | 1,2,3 | 1].
  const auto& cols = probe(wrap, "mode=wrap, pads [0,2,0,1]");
  CHECK(cols.group == ProbeGroup::kOnlyNew);
  CHECK(refused_with(cols.old_outcome, "wrap"));
  CHECK(floats(cols.new_outcome) == F{2, 3, 1, 2, 3, 1, 5, 6, 4, 5, 6, 4});
  CHECK(floats(probe(wrap, "mode=wrap, pads [1,0,0,0]").new_outcome) == F{4, 5, 6, 1, 2, 3, 4, 5, 6});
  // reflect mirrors on the edge value: [1,2,3] -> [2 | 1,2,3 | 2].
  const auto& reflect = probe(wrap, "mode=reflect");
  CHECK(reflect.group == ProbeGroup::kSame);
  CHECK(floats(reflect.old_outcome) == F{2, 1, 2, 3, 2, 5, 4, 5, 6, 5});
}

TEST_CASE("diff Tile 1 6: one axis vs repeats per dimension", "[diff][hand][Tile]") {
  const VersionDiff d = diff_versions(version("Tile", 1), version("Tile", 6));
  // Tile-6's own example: [[1,2],[3,4]] with repeats [1,2] -> [[1,2,1,2],[3,4,3,4]].
  const auto& same = probe(d, "the same tiling");
  CHECK(same.group == ProbeGroup::kSame);
  CHECK(floats(same.new_outcome) == F{1, 2, 1, 2, 3, 4, 3, 4});
  const auto& both_axes = probe(d, "repeats [2,2]");
  CHECK(both_axes.old_outcome.kind != ProbeOutcome::kValid);
  CHECK(both_axes.new_outcome.outputs[0].shape() == Shape{4, 4});
  CHECK(floats(both_axes.new_outcome) == F{1, 2, 1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4});
  const auto& old_form = probe(d, "tiles 3 on axis 0");
  CHECK(old_form.new_outcome.kind != ProbeOutcome::kValid);
  CHECK(floats(old_form.old_outcome) == F{1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4});
  CHECK(probe(d, "int32 data").group == ProbeGroup::kTypesOnlyNew);
}

TEST_CASE("diff OneHot 9 11: negative indices", "[diff][hand][OneHot]") {
  const VersionDiff d = diff_versions(version("OneHot", 9), version("OneHot", 11));
  // Index -1, depth 3: outside [0,3) -> all off (9); -1 + 3 = 2 -> last on (11).
  const auto& minus_one = probe(d, "index -1, depth 3");
  CHECK(minus_one.group == ProbeGroup::kDifferent);
  CHECK(floats(minus_one.old_outcome) == F{0, 0, 0});
  CHECK(floats(minus_one.new_outcome) == F{0, 0, 1});
  CHECK(minus_one.difference == "output 0 (1,3) at [0,2]: 0 vs 1");
  // -3 -> 0 in 11 only; -4 and 3 outside [-3, 2] too; 1 the same.
  const auto& several = probe(d, "indices [-3,-4,3,1]");
  CHECK(floats(several.old_outcome) == F{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0});
  CHECK(floats(several.new_outcome) == F{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0});
  CHECK(several.difference == "output 0 (4,3) at [0,0]: 0 vs 1");
  CHECK(probe(d, "indices [0,2]").group == ProbeGroup::kSame);
  // The text shows the difference.
  CHECK(d.to_text(4, false).find("first difference: output 0 (1,3) at [0,2]: 0 vs 1") != std::string::npos);
}

TEST_CASE("diff TopK 10 11: largest, sorted, integer types", "[diff][hand][TopK]") {
  const VersionDiff d = diff_versions(version("TopK", 10), version("TopK", 11));
  // k=2 of [3,1,4,1,5]: largest 5 (index 4), 4 (index 2); smallest 1 (1), 1 (3): the tie
  // goes to the lower index first.
  const auto& smallest = probe(d, "largest=0");
  CHECK(smallest.group == ProbeGroup::kDifferent);
  CHECK(floats(smallest.old_outcome, 0) == F{5, 4});
  CHECK(values<int64_t>(smallest.old_outcome.outputs[1]) == I{4, 2});
  CHECK(floats(smallest.new_outcome, 0) == F{1, 1});
  CHECK(values<int64_t>(smallest.new_outcome.outputs[1]) == I{1, 3});
  CHECK(smallest.difference == "output 0 (2) at [0]: 5 vs 1");
  CHECK(probe(d, "the defaults").group == ProbeGroup::kSame);
  // sorted=0: the order is open; the values are the two largest, as a multiset.
  auto unsorted = floats(probe(d, "sorted=0").new_outcome, 0);
  std::sort(unsorted.begin(), unsorted.end());
  CHECK(unsorted == F{4, 5});
  const auto& ints = probe(d, "int32 X");
  CHECK(ints.group == ProbeGroup::kTypesOnlyNew);
  CHECK(values<int32_t>(ints.new_outcome.outputs[0]) == std::vector<int32_t>{5, 4});
  // The rest of the pair comes from TopK's case specs, not from the binary ops' patterns
  // (which TopK refuses throughout).
  size_t from_specs = 0;
  for (const auto& p : d.probes) from_specs += p.probe.name.find(" case ") != std::string::npos;
  CHECK(from_specs > 10);
}

TEST_CASE("diff ScatterND 13 16 18: reductions", "[diff][hand][ScatterND]") {
  const VersionDiff d16 = diff_versions(version("ScatterND", 13), version("ScatterND", 16));
  // data [1,2,3,4], updates [7,9] at [1] and [3].
  const auto& add = probe(d16, "reduction=add at [1],[3]");
  CHECK(add.group == ProbeGroup::kDifferent);
  CHECK(floats(add.old_outcome) == F{1, 7, 3, 9});
  CHECK(floats(add.new_outcome) == F{1, 9, 3, 13});
  CHECK(add.difference == "output 0 (4) at [1]: 7 vs 9");
  CHECK(floats(probe(d16, "reduction=mul").new_outcome) == F{1, 14, 3, 36});
  // Both updates at [1]: 2 + 7 + 9 with add; without a reduction the order is open.
  const auto& twice = probe(d16, "at [1] twice");
  CHECK(floats(twice.new_outcome) == F{1, 18, 3, 4});
  CHECK_FALSE(twice.old_outcome.semantics.empty());
  CHECK(probe(d16, "reduction=none").group == ProbeGroup::kSame);

  const VersionDiff d18 = diff_versions(version("ScatterND", 16), version("ScatterND", 18));
  // updates [0,9] at [1],[3]: min(2,0)=0, min(4,9)=4; max(2,0)=2, max(4,9)=9.
  const auto& min = probe(d18, "reduction=min");
  CHECK(min.group == ProbeGroup::kOnlyNew);
  CHECK(refused_with(min.old_outcome, "min"));
  CHECK(floats(min.new_outcome) == F{1, 0, 3, 4});
  CHECK(floats(probe(d18, "reduction=max at [1],[3]").new_outcome) == F{1, 2, 3, 9});
  // max(3, 7, 5) = 7 at [2].
  CHECK(floats(probe(d18, "at [2] twice").new_outcome) == F{1, 2, 7, 4});
  CHECK(probe(d18, "reduction=add").group == ProbeGroup::kSame);
  // Across both changes (13 -> 18) both sets are shown; 13 has no reduction and replaces.
  const VersionDiff d13_18 = diff_versions(version("ScatterND", 13), version("ScatterND", 18));
  CHECK(probe(d13_18, "reduction=mul").group == ProbeGroup::kDifferent);
  const auto& min_13 = probe(d13_18, "reduction=min");
  CHECK(min_13.group == ProbeGroup::kDifferent);
  CHECK(floats(min_13.old_outcome) == F{1, 0, 3, 9});
  CHECK(min_13.difference == "output 0 (4) at [3]: 9 vs 4");
}

TEST_CASE("first_difference names the index, the values, and any shape or dtype change", "[diff][hand]") {
  const auto a = Tensor::from_values<float>({2, 2}, {1, 2, 3, 4});
  CHECK(first_difference({a}, {a}).empty());
  CHECK(first_difference({a}, {Tensor::from_values<float>({2, 2}, {1, 2, 3, 5})}) ==
        "output 0 (2,2) at [1,1]: 4 vs 5");
  CHECK(first_difference({a}, {Tensor::from_values<float>({4}, {1, 2, 3, 4})}) ==
        "output 0 shape (2,2) vs (4)");
  CHECK(first_difference({a}, {Tensor::from_values<float>({1, 4}, {1, 9, 3, 4})}) ==
        "output 0 shape (2,2) vs (1,4); element 1 ([0,1] vs [0,1]): 2 vs 9");
  CHECK(first_difference({a}, {Tensor::from_values<double>({2, 2}, {1, 2, 3, 4})}) ==
        "output 0 (2,2) dtype float32 vs float64");
  CHECK(first_difference({a, a}, {a, Tensor::from_values<float>({2, 2}, {0, 2, 3, 4})}) ==
        "output 1 (2,2) at [0,0]: 1 vs 0");
  CHECK(first_difference({a}, {a, a}) == "1 vs 2 outputs");
}

TEST_CASE("the HTML page shows the first difference and stays text", "[diff][hand][html]") {
  CHECK(reports::html_escape(std::string("a\0b<", 4)) == "a\\x00b&lt;");
  const std::string page = diffs_to_html({diff_versions(version("OneHot", 9), version("OneHot", 11))}, "t");
  CHECK(page.find("first difference: output 0 (1,3) at [0,2]: 0 vs 1") != std::string::npos);
  CHECK(page.find('\0') == std::string::npos);
}

TEST_CASE("diff GroupNormalization 18 21: scale and bias per group, then per channel", "[diff][hand][GroupNormalization]") {
  const VersionDiff d = diff_versions(version("GroupNormalization", 18), version("GroupNormalization", 21));
  REQUIRE(d.compared);
  // X (1, 4, 2) = channels (1, 2), (3, 5) | (-1, 0), (4, 8): group 0 has mean 11/4 and variance
  // 8.75/4, group 1 mean 11/4 and variance 50.75/4. 18 scales per group by (2, -1) and adds
  // (0.5, 0); 21 gets the same numbers repeated per channel: the same result.
  const auto& same = probe(d, "the same scaling");
  CHECK(same.group == ProbeGroup::kSame);
  const F y = floats(same.old_outcome);
  REQUIRE(y.size() == 8);
  CHECK(y[0] == static_cast<float>(2 * (1 - 2.75L) / std::sqrt(8.75L / 4) + 0.5L));
  CHECK(y[4] == static_cast<float>(-1 * (-1 - 2.75L) / std::sqrt(50.75L / 4)));
  CHECK(floats(same.new_outcome) == y);
  CHECK(same.old_outcome.semantics.find("deprecated") != std::string::npos);
  // A per-channel scale is 21's shape only; a per-group one 18's only.
  const auto& per_channel = probe(d, "scale and bias per channel");
  CHECK(per_channel.group == ProbeGroup::kOnlyNew);
  CHECK(refused_with(per_channel.old_outcome, "(num_groups)"));
  const auto& per_group = probe(d, "scale and bias per group (2)");
  CHECK(per_group.group == ProbeGroup::kOnlyOld);
  CHECK(refused_with(per_group.new_outcome, "(C)"));
}

TEST_CASE("diff MaxPool 8 10: ceil_mode and dilations", "[diff][hand][MaxPool]") {
  const VersionDiff d = diff_versions(version("MaxPool", 8), version("MaxPool", 10));
  // Kernel 2, stride 2 over [1..5]: floor((5-2)/2)+1 = 2 windows (8, no ceil_mode) vs 3 (10).
  const auto& ceil = probe(d, "ceil_mode=1, kernel 2, stride 2");
  CHECK(ceil.group == ProbeGroup::kDifferent);
  CHECK(floats(ceil.old_outcome) == F{2, 4});
  CHECK(floats(ceil.new_outcome) == F{2, 4, 5});
  CHECK(probe(d, "ceil_mode=0, kernel 2").group == ProbeGroup::kSame);
  // Dilation 2 pairs x0,x2 / x1,x3 / x2,x4 of [1,5,2,4,3]; 8 pairs neighbours.
  const auto& dil = probe(d, "dilations=2, kernel 2 over [1,5,2,4,3]");
  CHECK(dil.group == ProbeGroup::kDifferent);
  CHECK(floats(dil.old_outcome) == F{5, 5, 4, 4});
  CHECK(floats(dil.new_outcome) == F{2, 5, 3});
  CHECK(values<int64_t>(dil.new_outcome.outputs.at(1)) == I{2, 1, 4});  // the maxima's flat indices
}

TEST_CASE("diff AveragePool 10 11 and 11 19: the auto_pad text, dilations", "[diff][hand][AveragePool]") {
  const VersionDiff d11 = diff_versions(version("AveragePool", 10), version("AveragePool", 11));
  // VALID, kernel 3, stride 2 over 7: windows at 0, 2, 4: means 2, 4, 6 - 11's own text would
  // give floor(5/2) = 2 windows, so 11 marks it implementation-defined.
  const auto& valid = probe(d11, "VALID, kernel 3, stride 2");
  CHECK(valid.group == ProbeGroup::kSame);
  CHECK(floats(valid.new_outcome) == F{2, 4, 6});
  CHECK(valid.old_outcome.semantics.empty());
  CHECK(valid.new_outcome.semantics.find("implementation-defined") != std::string::npos);
  // SAME_UPPER, kernel 2, stride 2 over 5: total pad (3-1)*2 + 2 - 5 = 1, at the end: the last
  // window holds 5 alone (pads not counted).
  const auto& same = probe(d11, "SAME_UPPER, kernel 2, stride 2");
  CHECK(floats(same.old_outcome) == F{1.5f, 3.5f, 5});
  CHECK_FALSE(same.new_outcome.semantics.empty());
  CHECK(floats(probe(d11, "no strides").new_outcome) == F{1.5f, 2.5f});
  const VersionDiff d19 = diff_versions(version("AveragePool", 11), version("AveragePool", 19));
  const auto& dil = probe(d19, "dilations=2, kernel 2 over [1,5,2,4,3]");
  CHECK(dil.group == ProbeGroup::kDifferent);
  CHECK(floats(dil.old_outcome) == F{3, 3.5f, 3, 3.5f});
  CHECK(floats(dil.new_outcome) == F{1.5f, 4.5f, 2.5f});
  // Span 3 at stride 2 over 6 with ceil: windows at 0, 2, 4; the last reads x4 = 5 alone.
  const auto& ceil = probe(d19, "dilations=2, kernel 2, stride 2, ceil_mode");
  CHECK(floats(ceil.old_outcome) == F{1.5f, 3.5f, 5.5f});
  CHECK(floats(ceil.new_outcome) == F{2, 4, 5});
}

TEST_CASE("diff LpPool 1 2: p a float, then an int", "[diff][hand][LpPool]") {
  const VersionDiff d = diff_versions(version("LpPool", 1), version("LpPool", 2));
  // 3^3 + 4^3 + 5^3 = 216 = 6^3.
  const auto& both = probe(d, "p=3.0 (a float, 1) and p=3 (an int, 2)");
  CHECK(both.group == ProbeGroup::kSame);
  CHECK(floats(both.new_outcome) == F{6});
  const auto& as_float = probe(d, "p=3.0 as a float");
  CHECK(as_float.group == ProbeGroup::kOnlyOld);
  CHECK(refused_with(as_float.new_outcome, "must be int"));
  const auto& as_int = probe(d, "p=3 as an int");
  CHECK(as_int.group == ProbeGroup::kOnlyNew);
  CHECK(refused_with(as_int.old_outcome, "must be float"));
  CHECK(floats(probe(d, "p absent").old_outcome) == F{5});
}

TEST_CASE("diff Scan 8 9: the batch axis goes, the scan axis is 0 of the whole input", "[diff][hand][Scan]") {
  const VersionDiff d = diff_versions(version("Scan", 8), version("Scan", 9));
  // s0 [[0,0],[100,100]], x [[[1,2],[3,4]],[[10,20],[30,40]]], body s += e.
  // Scan-8: batch 0 sums [1,2] + [3,4] = [4,6]; batch 1: [100,100] + [10,20] + [30,40] = [140,160].
  // Scan-9: s0 + x[0] = [[1,2],[103,104]], + x[1] = [[11,22],[133,144]].
  const auto& axis = probe(d, "state (2,2), x (2,2,2)");
  CHECK(axis.group == ProbeGroup::kDifferent);
  CHECK(floats(axis.old_outcome, 0) == F{4, 6, 140, 160});
  CHECK(floats(axis.old_outcome, 1) == F{1, 2, 4, 6, 110, 120, 140, 160});
  CHECK(floats(axis.new_outcome, 0) == F{11, 22, 133, 144});
  CHECK(floats(axis.new_outcome, 1) == F{1, 2, 103, 104, 11, 22, 133, 144});
  // Reversed: Scan-8 batch 0 reads [3,4] then [1,2]; Scan-9 reads x[1] then x[0].
  const auto& rev = probe(d, "reversed: directions=[1]");
  CHECK(floats(rev.old_outcome, 1) == F{3, 4, 4, 6, 130, 140, 140, 160});
  CHECK(floats(rev.new_outcome, 1) == F{10, 20, 130, 140, 11, 22, 133, 144});
}

TEST_CASE("diff If 1 11: branch outputs of different shapes", "[diff][hand][If]") {
  const VersionDiff d = diff_versions(version("If", 1), version("If", 11));
  const auto& shapes = probe(d, "then gives [1,2] (shape 2), else [3,4,5]");
  CHECK(refused_with(shapes.old_outcome, "the same shape"));
  CHECK(floats(shapes.new_outcome) == F{1, 2});
  CHECK(probe(d, "both branches of shape 2").group == ProbeGroup::kSame);
}
