// Scan on hand-built models against oracles written here in plain loops: Scan-9's input and
// output axes and directions (a reversed input along axis 1, outputs prepended along axis 1),
// Scan-11's negative axes (refused by 9), Scan-8's batches with ragged sequence_lens and a
// reversed input, zero-length scans, and the arity refusals.
#include <catch2/catch.hpp>

#include "reference/tests/control/control_testing.h"
#include "reference/tests/error_kind.h"

using namespace touchstone;
using namespace touchstone::testing::control;
using Catch::Matchers::Contains;
using testing::kind_of;

namespace {

// s_out = s_in + e; scan output s_out. Main: Scan(s0, x) -> (s_final, seen).
GraphParts running_sum(int64_t elem, std::vector<onnx::AttributeProto> attrs, bool with_lens = false) {
  onnx::GraphProto body = graph("body", {{declare_tensor("s_in", DType::kFloat, Shape{elem}), declare_tensor("e", DType::kFloat, Shape{elem})},
                                         {declare_tensor("s_out", DType::kFloat, Shape{elem}), declare_tensor("seen", DType::kFloat, Shape{elem})},
                                         {node("Add", {"s_in", "e"}, {"s_out"}), node("Identity", {"s_out"}, {"seen"})}});
  attrs.push_back(graph_attr("body", body));
  onnx::AttributeProto m;
  m.set_name("num_scan_inputs");
  m.set_type(onnx::AttributeProto::INT);
  m.set_i(1);
  attrs.push_back(m);
  GraphParts main{{declare_tensor("s0", DType::kFloat), declare_tensor("x", DType::kFloat)},
                  {declare_tensor("s_final", DType::kFloat), declare_tensor("seen_all", DType::kFloat)},
                  {node("Scan", {"s0", "x"}, {"s_final", "seen_all"}, attrs)}};
  if (with_lens) {
    main.inputs.insert(main.inputs.begin(), declare_tensor("lens", DType::kInt64));
    main.nodes[0].mutable_input()->Clear();
    for (const char* n : {"lens", "s0", "x"}) main.nodes[0].add_input(n);
  }
  return main;
}

onnx::AttributeProto ints(const std::string& name, std::vector<int64_t> v) { return make_attr(name, v); }

}  // namespace

TEST_CASE("Scan-9: a reversed scan input along axis 1, outputs prepended along axis 1 (oracle: plain loops)", "[control][Scan]") {
  // x (2, 4): the scan runs over its 4 columns, last first.
  const std::vector<float> x = {1, 2, 3, 4, 10, 20, 30, 40};
  const auto r = run_model(9, running_sum(2, {ints("scan_input_axes", {1}), ints("scan_input_directions", {1}),
                                              ints("scan_output_axes", {1}), ints("scan_output_directions", {1})}),
                           {floats({2}, {0.5f, -1}), floats({2, 4}, x)});
  // The oracle: step t reads column 3 - t; its running sum is prepended, so step t's sum
  // lands in column 3 - t of the (2, 4) output.
  std::vector<double> s = {0.5, -1};
  std::vector<double> seen(8);
  for (int t = 0; t < 4; ++t) {
    const int col = 3 - t;
    for (int row = 0; row < 2; ++row) {
      s[static_cast<size_t>(row)] += x[static_cast<size_t>(row * 4 + col)];
      seen[static_cast<size_t>(row * 4 + col)] = s[static_cast<size_t>(row)];
    }
  }
  CHECK(values_of(r.outputs[0]) == std::vector<float>{static_cast<float>(s[0]), static_cast<float>(s[1])});
  REQUIRE(r.outputs[1].tensor().shape() == Shape{2, 4});
  const auto got = values_of(r.outputs[1]);
  for (size_t k = 0; k < 8; ++k) CHECK(got[k] == static_cast<float>(seen[k]));
  CHECK(r.semantics.category == Semantics::kDefined);
}

TEST_CASE("Scan-9: forward and reverse over axis 0, outputs appended on axis 0", "[control][Scan]") {
  const auto fwd = run_model(9, running_sum(2, {}), {floats({2}, {0, 0}), floats({3, 2}, {1, 2, 3, 4, 5, 6})});
  CHECK(values_of(fwd.outputs[1]) == std::vector<float>{1, 2, 4, 6, 9, 12});
  const auto rev = run_model(9, running_sum(2, {ints("scan_input_directions", {1})}), {floats({2}, {0, 0}), floats({3, 2}, {1, 2, 3, 4, 5, 6})});
  CHECK(values_of(rev.outputs[1]) == std::vector<float>{5, 6, 8, 10, 9, 12});
  const auto out_rev = run_model(9, running_sum(2, {ints("scan_output_directions", {1})}), {floats({2}, {0, 0}), floats({3, 2}, {1, 2, 3, 4, 5, 6})});
  CHECK(values_of(out_rev.outputs[1]) == std::vector<float>{9, 12, 4, 6, 1, 2});
}

TEST_CASE("Scan-11 counts negative axes from the back; Scan-9 refuses them", "[control][Scan]") {
  const Values feeds = {floats({2}, {0, 0}), floats({2, 3}, {1, 2, 3, 4, 5, 6})};
  const auto neg = run_model(11, running_sum(2, {ints("scan_input_axes", {-1}), ints("scan_output_axes", {-1})}), feeds);
  const auto pos = run_model(11, running_sum(2, {ints("scan_input_axes", {1}), ints("scan_output_axes", {1})}), feeds);
  CHECK(neg.outputs[1] == pos.outputs[1]);
  CHECK(values_of(pos.outputs[1]) == std::vector<float>{1, 3, 6, 4, 9, 15});
  std::string message;
  CHECK(kind_of([&] { run_model(9, running_sum(2, {ints("scan_input_axes", {-1})}), feeds); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("scan_input_axes"));
}

TEST_CASE("Scan-8: batches with ragged sequence_lens, padding zeros (implementation-defined)", "[control][Scan]") {
  // x (2 batches, 3 steps, 2); lengths 3 and 1; batch 1 scans reversed from its last valid step.
  const std::vector<float> x = {1, 2, 3, 4, 5, 6, 10, 20, 30, 40, 50, 60};
  const Values feeds = {int64s({2}, {3, 1}), floats({2, 2}, {0, 0, 100, 100}), floats({2, 3, 2}, x)};
  const auto r = run_model(8, running_sum(2, {}, true), feeds);
  // Oracle: per batch, sum over its first len steps; outputs past len are zeros.
  std::vector<float> finals, seen(12, 0.0f);
  const std::vector<int> lens = {3, 1};
  for (int b = 0; b < 2; ++b) {
    std::vector<double> s = {b ? 100.0 : 0.0, b ? 100.0 : 0.0};
    for (int t = 0; t < lens[static_cast<size_t>(b)]; ++t)
      for (int k = 0; k < 2; ++k) {
        s[static_cast<size_t>(k)] += x[static_cast<size_t>(b * 6 + t * 2 + k)];
        seen[static_cast<size_t>(b * 6 + t * 2 + k)] = static_cast<float>(s[static_cast<size_t>(k)]);
      }
    for (double v : s) finals.push_back(static_cast<float>(v));
  }
  CHECK(values_of(r.outputs[0]) == finals);
  REQUIRE(r.outputs[1].tensor().shape() == Shape{2, 3, 2});
  CHECK(values_of(r.outputs[1]) == seen);
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  // Without sequence_lens every batch element runs all 3 steps: defined.
  const auto full = run_model(8, running_sum(2, {}, true), {int64s({2}, {3, 3}), floats({2, 2}, {0, 0, 100, 100}), floats({2, 3, 2}, x)});
  CHECK(values_of(full.outputs[0]) == std::vector<float>{9, 12, 190, 220});
  CHECK(full.semantics.category == Semantics::kDefined);
  // Reversed: batch 0 sums steps 2, 1, 0.
  const auto rev = run_model(8, running_sum(2, {ints("directions", {1})}, true), {int64s({2}, {3, 3}), floats({2, 2}, {0, 0, 0, 0}), floats({2, 3, 2}, x)});
  CHECK(values_of(rev.outputs[1]) == std::vector<float>{5, 6, 8, 10, 9, 12, 50, 60, 80, 100, 90, 120});
}

TEST_CASE("Scan of zero length: states unchanged, scan outputs empty of the declared shape (open)", "[control][Scan]") {
  const auto r = run_model(11, running_sum(2, {}), {floats({2}, {7, 8}), Tensor(DType::kFloat, {0, 2})});
  CHECK(values_of(r.outputs[0]) == std::vector<float>{7, 8});
  CHECK(r.outputs[1].tensor().shape() == Shape{0, 2});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  CHECK(r.semantics.shape_open);
}

TEST_CASE("Scan refuses a body of the wrong arity and scan inputs of different lengths", "[control][Scan]") {
  GraphParts bad = running_sum(2, {});
  *bad.nodes[0].mutable_attribute(0)->mutable_g()->add_input() = declare_tensor("extra", DType::kFloat);  // 3 inputs for N + M = 2
  std::string message;
  CHECK(kind_of([&] { run_model(11, bad, {floats({2}, {0, 0}), floats({3, 2}, {1, 2, 3, 4, 5, 6})}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("N + M"));
  CHECK(kind_of([&] { run_model(11, running_sum(2, {ints("scan_input_directions", {2})}), {floats({2}, {0, 0}), floats({3, 2}, {1, 2, 3, 4, 5, 6})}); },
                &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Contains("direction"));
}
