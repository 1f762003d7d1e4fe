// Resize and Upsample against hand-worked grids: every coordinate mode on 2 -> 3, 3 -> 2, 4 -> 1
// and 1 -> 3, the expected values computed here by a small rational oracle written from the
// text's formulas (not the kernel's code); Keys' cubic weights for a = -0.75 and -0.5 worked
// by hand; every nearest_mode on exact ties; antialias, keep_aspect_ratio_policy, the
// version rules (tf_half_pixel_for_nn, Upsample-10) and what is marked open.
#include <catch2/catch.hpp>

#include <numeric>
#include <optional>

#include "reference/ops/resample/resample_plan.h"
#include "reference/tests/logic_testing.h"
#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using reduce::floats;
using reduce::values_of;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;

// Resize at `opset` with the optional inputs present or left empty in the node.
RunResult run_resize(int opset, const Tensor& x, std::optional<Tensor> roi, std::optional<Tensor> scales,
                     std::optional<Tensor> sizes, const Attrs& attrs) {
  SingleNodeModel spec{"Resize", "", opset, {{"X", x.dtype(), x.shape()}}, {{"Y", x.dtype(), {}}}, attrs, 0};
  std::vector<Tensor> given = {x};
  std::vector<std::string> names = {"X"};
  const std::vector<std::pair<const char*, std::optional<Tensor>*>> optional = {{"roi", &roi}, {"scales", &scales}, {"sizes", &sizes}};
  for (const auto& [name, t] : optional) {
    names.push_back(t->has_value() ? name : "");
    if (!t->has_value()) continue;
    spec.inputs.push_back({name, (*t)->dtype(), (*t)->shape()});
    given.push_back(**t);
  }
  while (names.back().empty()) names.pop_back();
  auto proto = build_model(spec);
  auto* node = proto.mutable_graph()->mutable_node(0);
  node->clear_input();
  for (const auto& n : names) node->add_input(n);
  proto.mutable_graph()->mutable_output(0)->clear_type();
  return Model::from_proto(proto, ".", "resize-test").run(given);
}

Tensor sizes_of(Ints s) { return Tensor::from_values<int64_t>({static_cast<int64_t>(s.size())}, s); }
Tensor scales_of(std::vector<float> s) { return floats({static_cast<int64_t>(s.size())}, s); }

// The 1-D (1, 1, 1, n) row of `values` resized to `out` by sizes.
std::vector<float> resize_row(int opset, const std::vector<float>& values, int64_t out, const Attrs& attrs,
                              std::optional<Tensor> roi = std::nullopt) {
  const int64_t n = static_cast<int64_t>(values.size());
  const Tensor x = floats({1, 1, 1, n}, values);
  std::optional<Tensor> scales;
  if (opset == 11) {  // 11's roi and scales are required inputs, empty when unused
    if (!roi) roi = floats({0}, {});
    scales = floats({0}, {});
  }
  return values_of(run_resize(opset, x, roi, scales, sizes_of({1, 1, 1, out}), attrs).outputs.at(0));
}

// The oracle's exact arithmetic: a fraction of 64-bit integers, always reduced.
struct Fraction {
  int64_t num = 0, den = 1;
  Fraction(int64_t n = 0, int64_t d = 1) : num(n), den(d) {
    if (den < 0) num = -num, den = -den;
    const int64_t g = std::gcd(num < 0 ? -num : num, den);
    if (g > 1) num /= g, den /= g;
  }
  friend Fraction operator+(Fraction a, Fraction b) { return {a.num * b.den + b.num * a.den, a.den * b.den}; }
  friend Fraction operator-(Fraction a, Fraction b) { return {a.num * b.den - b.num * a.den, a.den * b.den}; }
  friend Fraction operator*(Fraction a, Fraction b) { return {a.num * b.num, a.den * b.den}; }
  friend Fraction operator/(Fraction a, Fraction b) { return {a.num * b.den, a.den * b.num}; }
  int64_t floor() const { return num >= 0 ? num / den : -((-num + den - 1) / den); }
  float as_float() const { return static_cast<float>(static_cast<long double>(num) / den); }
};

// The text's x_original for output position x (scale = out / in, as sizes give it).
Fraction oracle_coordinate(const std::string& mode, int64_t x, int64_t in, int64_t out, Fraction start, Fraction end) {
  const Fraction scale(out, in), half(1, 2);
  if (mode == "half_pixel" || mode == "half_pixel_symmetric") return (Fraction(x) + half) / scale - half;
  if (mode == "pytorch_half_pixel") return out > 1 ? (Fraction(x) + half) / scale - half : Fraction(0);
  if (mode == "align_corners") return out > 1 ? Fraction(x * (in - 1), out - 1) : Fraction(0);
  if (mode == "asymmetric") return Fraction(x) / scale;
  if (mode == "tf_half_pixel_for_nn") return (Fraction(x) + half) / scale;
  // tf_crop_and_resize
  if (out == 1) return half * (start + end) * Fraction(in - 1);
  return start * Fraction(in - 1) + Fraction(x) * (end - start) * Fraction(in - 1) / Fraction(out - 1);
}

// Linear interpolation of `v` at c, the neighbours clamped into the row.
float oracle_linear(const std::vector<float>& v, Fraction c) {
  const int64_t n = static_cast<int64_t>(v.size()), f = c.floor();
  const Fraction t = c - Fraction(f);
  auto at = [&](int64_t i) { return Fraction(static_cast<int64_t>(v[std::clamp<int64_t>(i, 0, n - 1)])); };
  return (at(f) * (Fraction(1) - t) + at(f + 1) * t).as_float();
}

}  // namespace

TEST_CASE("every coordinate mode on 2->3, 3->2, 4->1, 1->3 against the rational oracle", "[resample][Resize]") {
  const std::vector<std::vector<float>> rows = {{10, 40}, {10, 40, 70}, {8, 16, 40, 24}, {5}};
  const std::vector<int64_t> outs = {3, 2, 1, 3};
  for (const std::string mode : {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric", "half_pixel_symmetric"})
    for (size_t k = 0; k < rows.size(); ++k) {
      const int64_t in = static_cast<int64_t>(rows[k].size()), out = outs[k];
      std::vector<float> expected;
      for (int64_t x = 0; x < out; ++x) expected.push_back(oracle_linear(rows[k], oracle_coordinate(mode, x, in, out, 0, 1)));
      INFO(mode << " " << in << " -> " << out);
      CHECK(resize_row(19, rows[k], out, {make_attr("mode", std::string("linear")),
                                          make_attr("coordinate_transformation_mode", mode)}) == expected);
    }
  // tf_half_pixel_for_nn (11, nearest) and tf_crop_and_resize with roi [0.25, 0.75] on the last axis.
  for (size_t k = 0; k < rows.size(); ++k) {
    const int64_t in = static_cast<int64_t>(rows[k].size()), out = outs[k];
    std::vector<float> nn, crop;
    for (int64_t x = 0; x < out; ++x) {
      const Fraction c = oracle_coordinate("tf_half_pixel_for_nn", x, in, out, 0, 1);
      const Fraction t = c - Fraction(c.floor());
      const int64_t pick = t.num * 2 > t.den ? c.floor() + 1 : c.floor();  // round_prefer_floor
      nn.push_back(rows[k][static_cast<size_t>(std::clamp<int64_t>(pick, 0, in - 1))]);
      const Fraction cc = oracle_coordinate("tf_crop_and_resize", x, in, out, Fraction(1, 4), Fraction(3, 4));
      crop.push_back(oracle_linear(rows[k], cc));
    }
    INFO(in << " -> " << out);
    CHECK(resize_row(11, rows[k], out, {make_attr("coordinate_transformation_mode", std::string("tf_half_pixel_for_nn"))}) == nn);
    const Tensor roi = floats({8}, {0, 0, 0, 0.25f, 1, 1, 1, 0.75f});
    CHECK(resize_row(13, rows[k], out, {make_attr("mode", std::string("linear")),
                                        make_attr("coordinate_transformation_mode", std::string("tf_crop_and_resize"))},
                     roi) == crop);
  }
}

TEST_CASE("an output of one element: half_pixel samples the middle, pytorch_half_pixel the first", "[resample][Resize]") {
  const Attrs half = {make_attr("mode", std::string("linear"))};
  const Attrs torch = {make_attr("mode", std::string("linear")),
                       make_attr("coordinate_transformation_mode", std::string("pytorch_half_pixel"))};
  CHECK(resize_row(13, {10, 40, 70}, 1, half) == std::vector<float>{40});   // (0.5) x 3 - 0.5 = 1
  CHECK(resize_row(13, {10, 40, 70}, 1, torch) == std::vector<float>{10});  // 0
  CHECK(resize_row(13, {8, 16, 40, 24}, 1, half) == std::vector<float>{28});  // 1.5: (16 + 40) / 2
}

TEST_CASE("Keys' cubic weights for a = -0.75 and -0.5, worked by hand", "[resample][Resize]") {
  using ops::resample::keys_weight;
  const mpq_class a75(-3, 4), a5(-1, 2);
  // a = -0.75: W(0.5) = 1.25/8 - 2.25/4 + 1 = 0.59375; W(1.5) = -0.75 x 3.375 + 3.75 x 2.25 - 9 + 3 = -0.09375.
  CHECK(keys_weight(mpq_class(1, 2), a75) == mpq_class(19, 32));
  CHECK(keys_weight(mpq_class(3, 2), a75) == mpq_class(-3, 32));
  // t = 0.25: W(0.25) = 0.87890625, W(0.75) = 0.26171875, W(1.25) = -0.10546875, W(1.75) = -0.03515625 (sum 1).
  CHECK(keys_weight(mpq_class(1, 4), a75) == mpq_class(225, 256));
  CHECK(keys_weight(mpq_class(-3, 4), a75) == mpq_class(67, 256));
  CHECK(keys_weight(mpq_class(5, 4), a75) == mpq_class(-27, 256));
  CHECK(keys_weight(mpq_class(7, 4), a75) == mpq_class(-9, 256));
  // a = -0.5: W(0.5) = 1.5/8 - 2.5/4 + 1 = 0.5625; W(1.5) = -1.6875 + 5.625 - 6 + 2 = -0.0625.
  CHECK(keys_weight(mpq_class(1, 2), a5) == mpq_class(9, 16));
  CHECK(keys_weight(mpq_class(3, 2), a5) == mpq_class(-1, 16));
  CHECK(keys_weight(mpq_class(0), a5) == 1);
  CHECK(keys_weight(mpq_class(1), a75) == 0);
  CHECK(keys_weight(mpq_class(2), a75) == 0);
  // Through the kernel: a one-hot row read at x = 2.5 (asymmetric, scale 2, output 5) gives
  // the weight of the hot tap: taps 1, 2, 3, 4 at distances 1.5, 0.5, 0.5, 1.5.
  for (const auto& [a, w15, w05] : {std::tuple{-0.75f, -0.09375f, 0.59375f}, std::tuple{-0.5f, -0.0625f, 0.5625f}}) {
    const Attrs cubic = {make_attr("mode", std::string("cubic")), make_attr("cubic_coeff_a", a),
                         make_attr("coordinate_transformation_mode", std::string("asymmetric"))};
    CHECK(resize_row(13, {0, 1, 0, 0, 0, 0, 0, 0}, 16, cubic).at(5) == w15);
    CHECK(resize_row(13, {0, 0, 1, 0, 0, 0, 0, 0}, 16, cubic).at(5) == w05);
  }
}

TEST_CASE("every nearest_mode on exact ties (asymmetric, scale 2)", "[resample][Resize]") {
  auto nearest = [](const char* mode) {
    return resize_row(13, {1, 2, 3}, 6, {make_attr("coordinate_transformation_mode", std::string("asymmetric")),
                                         make_attr("nearest_mode", std::string(mode))});
  };
  // Coordinates 0, 0.5, 1, 1.5, 2, 2.5.
  CHECK(nearest("round_prefer_floor") == std::vector<float>{1, 1, 2, 2, 3, 3});
  CHECK(nearest("round_prefer_ceil") == std::vector<float>{1, 2, 2, 3, 3, 3});
  CHECK(nearest("floor") == std::vector<float>{1, 1, 2, 2, 3, 3});
  CHECK(nearest("ceil") == std::vector<float>{1, 2, 2, 3, 3, 3});
  const RunResult r = run_resize(13, floats({1, 1, 1, 3}, {1, 2, 3}), std::nullopt, scales_of({1, 1, 1, 2}), std::nullopt,
                                 {make_attr("coordinate_transformation_mode", std::string("asymmetric"))});
  CHECK(r.semantics.category == Semantics::kDefined);  // exact ties, exact in float32: the mode decides
}

TEST_CASE("a nearest pick within float32 rounding of its boundary is marked; others are not", "[resample][Resize]") {
  // asymmetric, scale 0.6f: x = 3 / 0.6000000238 = 4.99999980 - floor gives 4, a float32 quotient 5.
  const Tensor x = floats({1, 1, 1, 10}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  const Attrs floor = {make_attr("coordinate_transformation_mode", std::string("asymmetric")),
                       make_attr("nearest_mode", std::string("floor"))};
  const RunResult r = run_resize(13, x, std::nullopt, scales_of({1, 1, 1, 0.6f}), std::nullopt, floor);
  CHECK(values_of(r.outputs.at(0)) == std::vector<float>{0, 1, 3, 4, 6, 8});  // x = 0, 1.67, 3.33, 4.99..., 6.67, 8.33
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  bool near = false;
  for (const std::string& why : r.semantics.reasons) near = near || why.find("within float32 rounding") != std::string::npos;
  CHECK(near);
  const RunResult sizes = run_resize(13, x, std::nullopt, std::nullopt, sizes_of({1, 1, 1, 5}), floor);
  CHECK(values_of(sizes.outputs.at(0)) == std::vector<float>{0, 2, 4, 6, 8});
  CHECK(sizes.semantics.category == Semantics::kDefined);
}

TEST_CASE("antialias stretches the filter by 1/scale and renormalizes", "[resample][Resize]") {
  const std::vector<float> row = {0, 1, 2, 3, 4, 5, 6, 7};
  const Attrs aa = {make_attr("mode", std::string("linear")), make_attr("antialias", int64_t{1})};
  Attrs excl = aa;
  excl.push_back(make_attr("exclude_outside", int64_t{1}));
  // half_pixel, 8 -> 4: x = 2i + 0.5; taps 2i-1 .. 2i+2 with 1 - |j - x| / 2 = .25 .75 .75 .25 (sum 2).
  // i = 1: (.25 x 1 + .75 x 2 + .75 x 3 + .25 x 4) / 2 = 2.5. i = 0 excluding tap -1: (.75 x 1 + .25 x 2) / 1.75 = 5/7.
  const std::vector<float> y = resize_row(18, row, 4, excl);
  CHECK(y.at(1) == 2.5f);
  CHECK(y.at(2) == 4.5f);
  CHECK(y.at(0) == static_cast<float>(5.0L / 7.0L));
  // Without exclude_outside the tap at -1 reads X[0] (edge): (.25 x 0 + .75 x 0 + .75 x 1 + .25 x 2) / 2 = 0.625, marked.
  const RunResult edge = run_resize(18, floats({1, 1, 1, 8}, row), std::nullopt, std::nullopt, sizes_of({1, 1, 1, 4}), aa);
  CHECK(values_of(edge.outputs.at(0)).at(0) == 0.625f);
  CHECK(edge.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("keep_aspect_ratio_policy and axes (18)", "[resample][Resize]") {
  const Tensor x = iota_float({1, 1, 4, 6});
  auto shape = [&](const char* policy) {
    const Attrs a = {make_attr("keep_aspect_ratio_policy", std::string(policy)), make_attr("axes", Ints{2, 3})};
    return run_resize(18, x, std::nullopt, std::nullopt, sizes_of({6, 6}), a).outputs.at(0).shape();
  };
  CHECK(shape("stretch") == Shape{1, 1, 6, 6});
  CHECK(shape("not_larger") == Shape{1, 1, 4, 6});   // scale min(6/4, 6/6) = 1
  CHECK(shape("not_smaller") == Shape{1, 1, 6, 9});  // scale 1.5
  // round_int halves up: (3, 5) to at most (2, 9): scale 2/3, 5 x 2/3 = 3.33 -> 3; to at most (3, 2): scale 0.4, 3 x 0.4 = 1.2 -> 1.
  const Tensor y = iota_float({1, 1, 3, 5});
  const Attrs half = {make_attr("keep_aspect_ratio_policy", std::string("not_larger")), make_attr("axes", Ints{2, 3})};
  CHECK(run_resize(18, y, std::nullopt, std::nullopt, sizes_of({2, 9}), half).outputs.at(0).shape() == Shape{1, 1, 2, 3});
  CHECK(run_resize(18, y, std::nullopt, std::nullopt, sizes_of({3, 2}), half).outputs.at(0).shape() == Shape{1, 1, 1, 2});
  // (3, 5) to at most (3, 3): scale 0.6, 3 x 0.6 = 1.8 -> 2, 5 x 0.6 = 3. A half goes up: (2, 5) to at most
  // (1, 5): scale 0.5, 2 x 0.5 = 1, 5 x 0.5 = 2.5 -> 3.
  CHECK(run_resize(18, y, std::nullopt, std::nullopt, sizes_of({3, 3}), half).outputs.at(0).shape() == Shape{1, 1, 2, 3});
  const Tensor z = iota_float({1, 1, 2, 5});
  CHECK(run_resize(18, z, std::nullopt, std::nullopt, sizes_of({1, 5}), half).outputs.at(0).shape() == Shape{1, 1, 1, 3});
  // Without axes every axis is listed: N and C shrink too (round_int(0.4 x 1) = 0).
  CHECK(run_resize(18, y, std::nullopt, std::nullopt, sizes_of({1, 1, 3, 2}), {half[0]}).outputs.at(0).shape() ==
        Shape{0, 0, 1, 2});
}

TEST_CASE("version rules: tf_half_pixel_for_nn is 11's only, Upsample-10 is deprecated, Upsample's example", "[resample]") {
  const Tensor x = floats({1, 1, 2, 2}, {1, 2, 3, 4});
  const Attrs tf = {make_attr("coordinate_transformation_mode", std::string("tf_half_pixel_for_nn"))};
  CHECK_THROWS_WITH(run_resize(13, x, std::nullopt, scales_of({1, 1, 2, 2}), std::nullopt, tf),
                    Catch::Contains("Resize-13") && Catch::Contains("tf_half_pixel_for_nn is Resize-11's only"));
  CHECK_NOTHROW(run_resize(11, x, floats({0}, {}), scales_of({1, 1, 2, 2}), std::nullopt, tf));
  CHECK_THROWS_WITH(run_resize(13, x, std::nullopt, scales_of({1, 1, 2, 2}), sizes_of({1, 1, 4, 4}), {}),
                    Catch::Contains("exactly one of scales and sizes"));
  // Upsample-7's example: nearest at scale 2 replicates.
  const Tensor y = run_node_output("Upsample", 7, {x}, {make_attr("mode", std::string("nearest")),
                                                        make_attr("scales", std::vector<float>{1, 1, 2, 2})});
  CHECK(values_of(y) == std::vector<float>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4});
  // Upsample-1 bilinear, asymmetric: row [1, 2] at scale 2 -> 1, 1.5, 2, 2.
  const Tensor b = run_node_output("Upsample", 1, {floats({1, 1, 1, 2}, {1, 2})},
                                   {make_attr("mode", std::string("bilinear")), make_attr("height_scale", 1.0f),
                                    make_attr("width_scale", 2.0f)});
  CHECK(values_of(b) == std::vector<float>{1, 1.5f, 2, 2});
  logic::check_invalid("Upsample", 9, {x, scales_of({1, 1, 0.5f, 2})}, "scales are at least 1", {});
  CHECK_THROWS_WITH(run_node("Upsample", 10, {x, scales_of({1, 1, 2, 2})}), Catch::Contains("deprecated"));
}
