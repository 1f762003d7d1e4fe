// MaxPool, AveragePool, LpPool and the Global pools against values worked out by hand and
// against an independent oracle: a naive loop over an explicitly padded 2-D image, with the
// output size from the text's formulas written here again (floor/ceil, the dropped window).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "reference/tests/logic_testing.h"
#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using logic::check_invalid;
using reduce::floats;
using reduce::values_of;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;

std::vector<int64_t> ints_of(const Tensor& t) {
  auto d = t.data<int64_t>();
  return {d.begin(), d.end()};
}

// 1-D (1, 1, n) tensor of `values`.
Tensor row(std::vector<float> values) { return floats({1, 1, static_cast<int64_t>(values.size())}, values); }

// The oracle: one (H, W) image padded with markers (NaN) into a bigger array, windows read
// from it by their padded start; sizes from the text's formula, the dropped window by
// PyTorch's rule. Max ignores markers; Average divides by the non-markers, or with
// count_pad by the taps inside the padded array.
struct Geometry {
  Ints kernel, strides, pads, dilations;  // pads: top, left, bottom, right
  bool ceil = false;
};

int64_t out_size(int64_t in, int64_t begin, int64_t end, int64_t k, int64_t s, int64_t d, bool ceil) {
  const int64_t dk = (k - 1) * d + 1;
  const double exact = static_cast<double>(in + begin + end - dk) / static_cast<double>(s);
  int64_t out = static_cast<int64_t>(ceil ? std::ceil(exact) : std::floor(exact)) + 1;
  if (ceil && (out - 1) * s >= in + begin) --out;
  return out;
}

std::vector<float> padded_oracle(const std::vector<float>& x, int64_t h, int64_t w, const Geometry& g, bool average,
                          bool count_pad, Shape& shape) {
  const int64_t ph = h + g.pads[0] + g.pads[2], pw = w + g.pads[1] + g.pads[3];
  std::vector<float> padded(static_cast<size_t>(ph * pw), NAN);
  for (int64_t i = 0; i < h; ++i)
    for (int64_t j = 0; j < w; ++j) padded[(i + g.pads[0]) * pw + j + g.pads[1]] = x[i * w + j];
  const int64_t oh = out_size(h, g.pads[0], g.pads[2], g.kernel[0], g.strides[0], g.dilations[0], g.ceil);
  const int64_t ow = out_size(w, g.pads[1], g.pads[3], g.kernel[1], g.strides[1], g.dilations[1], g.ceil);
  shape = {1, 1, oh, ow};
  std::vector<float> y;
  for (int64_t a = 0; a < oh; ++a)
    for (int64_t b = 0; b < ow; ++b) {
      double best = -INFINITY, sum = 0;
      int count = 0, padded_count = 0;
      for (int64_t u = 0; u < g.kernel[0]; ++u)
        for (int64_t v = 0; v < g.kernel[1]; ++v) {
          const int64_t i = a * g.strides[0] + u * g.dilations[0], j = b * g.strides[1] + v * g.dilations[1];
          if (i >= ph || j >= pw) continue;  // past the end padding (ceil_mode)
          ++padded_count;
          const float value = padded[i * pw + j];
          if (std::isnan(value)) continue;
          best = std::max(best, static_cast<double>(value));
          sum += value;
          ++count;
        }
      y.push_back(static_cast<float>(average ? sum / (count_pad ? padded_count : count) : best));
    }
  return y;
}

Attrs attrs_of(const Geometry& g, bool count_pad, bool with_dilations) {
  Attrs a = {make_attr("kernel_shape", g.kernel), make_attr("strides", g.strides), make_attr("pads", g.pads),
             make_attr("ceil_mode", int64_t{g.ceil})};
  if (with_dilations) a.push_back(make_attr("dilations", g.dilations));
  if (count_pad) a.push_back(make_attr("count_include_pad", int64_t{1}));
  return a;
}

}  // namespace

TEST_CASE("SAME_UPPER puts the odd pad at the end, SAME_LOWER at the beginning", "[pool]") {
  const Tensor x = floats({1, 1, 1, 4}, {1, 2, 3, 4});
  auto same = [&](const char* op, int opset, const char* mode, int64_t count_pad) {
    Attrs a = {make_attr("kernel_shape", Ints{1, 2}), make_attr("auto_pad", std::string(mode))};
    if (count_pad) a.push_back(make_attr("count_include_pad", count_pad));
    return values_of(run_node_output(op, opset, {x}, a));
  };
  // Total pad 1 along the last axis: windows (1,2) (2,3) (3,4) (4,pad) or (pad,1) (1,2) ...
  CHECK(same("MaxPool", 12, "SAME_UPPER", 0) == std::vector<float>{2, 3, 4, 4});
  CHECK(same("MaxPool", 12, "SAME_LOWER", 0) == std::vector<float>{1, 2, 3, 4});
  CHECK(same("AveragePool", 19, "SAME_UPPER", 0) == std::vector<float>{1.5f, 2.5f, 3.5f, 4});
  CHECK(same("AveragePool", 19, "SAME_LOWER", 0) == std::vector<float>{1, 1.5f, 2.5f, 3.5f});
  CHECK(same("AveragePool", 19, "SAME_UPPER", 1) == std::vector<float>{1.5f, 2.5f, 3.5f, 2});
  CHECK(same("AveragePool", 19, "SAME_LOWER", 1) == std::vector<float>{0.5f, 1.5f, 2.5f, 3.5f});
}

TEST_CASE("SAME with dilation and stride: the dilated kernel sets the total pad", "[pool]") {
  // in 8, kernel 3, dilation 2 (span 5), stride 2: out 4, total pad 3*2 + 5 - 8 = 3.
  const Tensor x = row({0, 1, 2, 3, 4, 5, 6, 7});
  auto run = [&](const char* mode) {
    return values_of(run_node_output("MaxPool", 10, {x},
                                     {make_attr("kernel_shape", Ints{3}), make_attr("dilations", Ints{2}),
                                      make_attr("strides", Ints{2}), make_attr("auto_pad", std::string(mode))}));
  };
  CHECK(run("SAME_UPPER") == std::vector<float>{3, 5, 7, 7});  // pads 1 | 2: taps -1,1,3; 1,3,5; 3,5,7; 5,7,9
  CHECK(run("SAME_LOWER") == std::vector<float>{2, 4, 6, 6});  // pads 2 | 1: taps -2,0,2; ...; 4,6,8
  const Tensor y = run_node_output("MaxPool", 10, {x}, {make_attr("kernel_shape", Ints{3}), make_attr("dilations", Ints{2}),
                                                          make_attr("strides", Ints{2}), make_attr("auto_pad", std::string("VALID"))});
  CHECK(values_of(y) == std::vector<float>{4, 6});  // floor((8 - 5) / 2) + 1 = 2 windows: 0,2,4 and 2,4,6
}

TEST_CASE("ceil_mode keeps a window past the input and drops one that starts in the right padding", "[pool]") {
  const Attrs k3 = {make_attr("kernel_shape", Ints{3}), make_attr("strides", Ints{2}), make_attr("ceil_mode", int64_t{1})};
  const Tensor six = row({1, 2, 3, 4, 5, 6});
  CHECK(values_of(run_node_output("MaxPool", 10, {six}, k3)) == std::vector<float>{3, 5, 6});
  CHECK(values_of(run_node_output("AveragePool", 10, {six}, k3)) == std::vector<float>{2, 4, 5.5f});
  Attrs floor = k3;
  floor.back() = make_attr("ceil_mode", int64_t{0});
  CHECK(values_of(run_node_output("MaxPool", 10, {six}, floor)) == std::vector<float>{3, 5});
  // count_include_pad counts the pad but not the tap past it: the last window is x5, pad, beyond.
  Attrs counted = {make_attr("kernel_shape", Ints{3}), make_attr("strides", Ints{2}), make_attr("pads", Ints{1, 1}),
                   make_attr("ceil_mode", int64_t{1}), make_attr("count_include_pad", int64_t{1})};
  const RunResult r = run_node("AveragePool", 19, {six}, counted);
  CHECK(values_of(r.outputs.at(0)) == std::vector<float>{1, 3, 5, 3});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  // 5 + 1 + 1 - 2 = 5 over 2: ceil gives 4 windows; the 4th starts at padded 6 = the right pad.
  const Tensor five = row({1, 2, 3, 4, 5});
  const Attrs drop = {make_attr("kernel_shape", Ints{2}), make_attr("strides", Ints{2}), make_attr("pads", Ints{1, 1}),
                      make_attr("ceil_mode", int64_t{1})};
  const RunResult named = run_node("MaxPool", 22, {five}, drop);
  CHECK(values_of(named.outputs.at(0)) == std::vector<float>{1, 3, 5});
  CHECK(named.semantics.category == Semantics::kDefined);
  const RunResult open = run_node("MaxPool", 10, {five}, drop);
  CHECK(values_of(open.outputs.at(0)) == std::vector<float>{1, 3, 5});
  CHECK(open.semantics.category == Semantics::kImplementationDefined);
  CHECK(open.semantics.shape_open);
}

TEST_CASE("count_include_pad: AveragePool-1 excludes the pads, 7 counts them when asked", "[pool]") {
  const Tensor x = floats({1, 1, 2, 2}, {1, 2, 3, 4});
  const Attrs pads = {make_attr("kernel_shape", Ints{2, 2}), make_attr("pads", Ints{1, 1, 0, 0})};
  // Windows of the padded 3x3: (pad pad pad 1) (pad pad 1 2) (pad 1 pad 3) (1 2 3 4).
  CHECK(values_of(run_node_output("AveragePool", 1, {x}, pads)) == std::vector<float>{1, 1.5f, 2, 2.5f});
  Attrs counted = pads;
  counted.push_back(make_attr("count_include_pad", int64_t{1}));
  CHECK(values_of(run_node_output("AveragePool", 7, {x}, counted)) == std::vector<float>{0.25f, 0.75f, 1, 2.5f});
}

TEST_CASE("MaxPool's Indices: flat over N, C and the image; storage_order 1 column-major spatially", "[pool]") {
  const Tensor x = iota_float({2, 1, 3, 4});  // the largest of a window is its bottom-right tap
  const Attrs a = {make_attr("kernel_shape", Ints{2, 2}), make_attr("strides", Ints{2, 2})};
  SingleNodeModel spec{"MaxPool", "", 8, {{"X", DType::kFloat, {2, 1, 3, 4}}},
                       {{"Y", DType::kFloat, {}}, {"I", DType::kInt64, {}}}, a, 0};
  auto run = [&](int64_t order) {
    SingleNodeModel s = spec;
    s.attributes.push_back(make_attr("storage_order", order));
    auto proto = build_model(s);
    for (int k = 0; k < 2; ++k) proto.mutable_graph()->mutable_output(k)->clear_type();
    return Model::from_proto(proto, ".", "maxpool").run({x});
  };
  const RunResult row_major = run(0);
  CHECK(values_of(row_major.outputs.at(0)) == std::vector<float>{5, 7, 17, 19});
  CHECK(ints_of(row_major.outputs.at(1)) == std::vector<int64_t>{5, 7, 17, 19});
  // (1, 1) -> 1 + 1*3 = 4; (1, 3) -> 1 + 3*3 = 10; the second image adds 12.
  CHECK(ints_of(run(1).outputs.at(1)) == std::vector<int64_t>{4, 10, 16, 22});
  // Ties: the first maximum in window order.
  const Tensor ties = floats({1, 1, 2, 2}, {2, 2, 2, 1});
  SingleNodeModel t{"MaxPool", "", 12, {{"X", DType::kFloat, {1, 1, 2, 2}}},
                    {{"Y", DType::kFloat, {}}, {"I", DType::kInt64, {}}}, {make_attr("kernel_shape", Ints{2, 2})}, 0};
  auto proto = build_model(t);
  for (int k = 0; k < 2; ++k) proto.mutable_graph()->mutable_output(k)->clear_type();
  CHECK(ints_of(Model::from_proto(proto, ".", "ties").run({ties}).outputs.at(1)) == std::vector<int64_t>{0});
}

TEST_CASE("pools agree with a naive loop over explicitly padded windows", "[pool][oracle]") {
  std::mt19937 rng(26);
  std::uniform_int_distribution<int> value(-40, 40);
  const std::vector<Geometry> geometries = {
      {{3, 3}, {1, 1}, {0, 0, 0, 0}, {1, 1}},         {{3, 2}, {2, 1}, {1, 0, 2, 1}, {1, 1}},
      {{2, 2}, {2, 2}, {1, 1, 1, 1}, {1, 1}, true},   {{3, 3}, {2, 3}, {0, 1, 1, 0}, {1, 1}, true},
      {{2, 3}, {1, 2}, {1, 2, 1, 2}, {2, 2}},         {{2, 2}, {3, 2}, {2, 1, 1, 2}, {3, 2}, true},
  };
  for (size_t n = 0; n < geometries.size(); ++n) {
    const Geometry& g = geometries[n];
    const int64_t h = 7, w = 8;
    std::vector<float> x(static_cast<size_t>(h * w));
    for (float& v : x) v = static_cast<float>(value(rng)) / 4;
    const Tensor input = floats({1, 1, h, w}, x);
    const bool dilated = g.dilations != Ints{1, 1};
    INFO("geometry " << n);
    Shape shape;
    const Tensor mx = run_node_output("MaxPool", 12, {input}, attrs_of(g, false, true));
    CHECK(values_of(mx) == padded_oracle(x, h, w, g, false, false, shape));
    CHECK(mx.shape() == shape);
    for (bool count_pad : {false, true}) {
      const int opset = dilated ? 19 : 11;
      const Tensor av = run_node_output("AveragePool", opset, {input}, attrs_of(g, count_pad, dilated));
      CHECK(values_of(av) == padded_oracle(x, h, w, g, true, count_pad, shape));
      CHECK(av.shape() == shape);
    }
  }
}

TEST_CASE("LpPool: p as a float (1) and an int (2+), the exact p-norm rounded once", "[pool]") {
  const Tensor x = row({3, -4, 5});
  const Attrs k3 = {make_attr("kernel_shape", Ints{3})};
  Attrs p3 = k3;
  p3.push_back(make_attr("p", int64_t{3}));
  CHECK(values_of(run_node_output("LpPool", 18, {x}, p3)) == std::vector<float>{6});  // 27 + 64 + 125 = 216
  Attrs p1 = k3;
  p1.push_back(make_attr("p", 1.0f));
  CHECK(values_of(run_node_output("LpPool", 1, {x}, p1)) == std::vector<float>{12});
  CHECK(values_of(run_node_output("LpPool", 2, {x}, k3)) == std::vector<float>{std::sqrt(50.0f)});
  Attrs p25 = k3;
  p25.push_back(make_attr("p", 2.5f));
  const float expected = reduce::oracle_float([](mpfr_ptr v) {
    touchstone::oracle::Big s(300), t(300), e(300);
    mpfr_set_d(e, 2.5, MPFR_RNDN);
    mpfr_set_zero(s, 1);
    for (double a : {3.0, 4.0, 5.0}) {
      mpfr_set_d(t, a, MPFR_RNDN);
      mpfr_pow(t, t, e, MPFR_RNDN);
      mpfr_add(s, s, t, MPFR_RNDN);
    }
    mpfr_ui_div(e, 1, e, MPFR_RNDN);
    return mpfr_pow(v, s, e, MPFR_RNDN);
  });
  CHECK(values_of(run_node_output("LpPool", 1, {x}, p25)) == std::vector<float>{expected});
  // Global: each (n, c) image whole.
  const Tensor two = floats({1, 2, 1, 2}, {3, 4, 1, -1});
  CHECK(values_of(run_node_output("GlobalLpPool", 2, {two})) == std::vector<float>{5, std::sqrt(2.0f)});
  CHECK(values_of(run_node_output("GlobalAveragePool", 22, {two})) == std::vector<float>{3.5f, 0});
  CHECK(values_of(run_node_output("GlobalMaxPool", 1, {two})) == std::vector<float>{4, 1});
}

TEST_CASE("AveragePool's quotient is the exact sum rounded once", "[pool]") {
  // 2^24 + 1 + 1 over 3: a float sum loses the ones (5592405.33 -> 5592405); exact: (2^24 + 2) / 3 = 5592406.
  const Tensor x = row({16777216.0f, 1, 1});
  const Tensor y = run_node_output("AveragePool", 1, {x}, {make_attr("kernel_shape", Ints{3})});
  CHECK(values_of(y) == std::vector<float>{5592406.0f});
  const Tensor g = run_node_output("GlobalAveragePool", 1, {floats({1, 1, 4}, {16777216.0f, 1, 1, 1})});
  CHECK(values_of(g) == std::vector<float>{4194305.0f});  // (2^24 + 3) / 4 = 4194304.75 -> 4194305
}

TEST_CASE("pools refuse what their window rules forbid, naming the rule", "[pool]") {
  const Tensor x = iota_float({1, 1, 5, 5});
  check_invalid("MaxPool", 12, {iota_float({3, 4})}, "rank at least 3", {make_attr("kernel_shape", Ints{2})});
  check_invalid("MaxPool", 12, {x}, "kernel_shape has 1 values", {make_attr("kernel_shape", Ints{2})});
  check_invalid("AveragePool", 11, {x}, "pads cannot be used together with auto_pad",
                {make_attr("kernel_shape", Ints{2, 2}), make_attr("pads", Ints{1, 1, 1, 1}),
                 make_attr("auto_pad", std::string("SAME_UPPER"))});
  check_invalid("AveragePool", 19, {x}, "dilations[0] = 0 is below 1",
                {make_attr("kernel_shape", Ints{2, 2}), make_attr("dilations", Ints{0, 1})});
  check_invalid("LpPool", 18, {x}, "the output size would be negative", {make_attr("kernel_shape", Ints{7, 2})});
  // A kernel one longer than the input: floor((5 - 6) / 1) + 1 = 0 rows, an empty Y.
  CHECK(run_node_output("LpPool", 18, {x}, {make_attr("kernel_shape", Ints{6, 2})}).shape() == Shape{1, 1, 0, 4});
  check_invalid("LpPool", 2, {x}, "p > 0", {make_attr("kernel_shape", Ints{2, 2}), make_attr("p", int64_t{0})});
  check_invalid("MaxPool", 12, {x}, "auto_pad 'SAME' is not",
                {make_attr("kernel_shape", Ints{2, 2}), make_attr("auto_pad", std::string("SAME"))});
}
