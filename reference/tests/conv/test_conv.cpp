// Conv and ConvTranspose against values worked out by hand and against an independent
// oracle: Conv as a naive loop over an explicitly zero-padded 2-D image, ConvTranspose as
// a scatter (each input element adds its kernel into a full-size image, then the pads are
// cut away), both in long double over values whose products and sums are exact, with the
// output sizes from the text's formulas written here again.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "reference/numeric/fast.h"
#include "reference/tests/conv/conv_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::conv;

namespace {

// The 2-D layer both oracles take: X (1, C, H, W), W's spatial (kh, kw), group.
struct Layer {
  int64_t c = 1, h = 1, w = 1, m = 1, kh = 1, kw = 1, group = 1;
  Ints strides{1, 1}, dilations{1, 1}, pads{0, 0, 0, 0};  // pads: top, left, bottom, right
};

// Conv: X zero-padded into a bigger array, each window read from it.
std::vector<float> conv_oracle(const Layer& l, const std::vector<float>& x, const std::vector<float>& w,
                               const std::vector<float>& b, Shape& shape) {
  const int64_t ph = l.h + l.pads[0] + l.pads[2], pw = l.w + l.pads[1] + l.pads[3];
  std::vector<long double> padded(static_cast<size_t>(l.c * ph * pw), 0.0L);
  for (int64_t c = 0; c < l.c; ++c)
    for (int64_t i = 0; i < l.h; ++i)
      for (int64_t j = 0; j < l.w; ++j) padded[(c * ph + i + l.pads[0]) * pw + j + l.pads[1]] = x[(c * l.h + i) * l.w + j];
  const int64_t oh = (ph - ((l.kh - 1) * l.dilations[0] + 1)) / l.strides[0] + 1;
  const int64_t ow = (pw - ((l.kw - 1) * l.dilations[1] + 1)) / l.strides[1] + 1;
  shape = {1, l.m, oh, ow};
  const int64_t cg = l.c / l.group, mg = l.m / l.group;
  std::vector<float> y;
  for (int64_t m = 0; m < l.m; ++m)
    for (int64_t a = 0; a < oh; ++a)
      for (int64_t bb = 0; bb < ow; ++bb) {
        long double sum = b.empty() ? 0.0L : b[m];
        for (int64_t c = 0; c < cg; ++c)
          for (int64_t u = 0; u < l.kh; ++u)
            for (int64_t v = 0; v < l.kw; ++v) {
              const int64_t channel = (m / mg) * cg + c;
              const long double xv =
                  padded[(channel * ph + a * l.strides[0] + u * l.dilations[0]) * pw + bb * l.strides[1] + v * l.dilations[1]];
              sum += xv * w[((m * cg + c) * l.kh + u) * l.kw + v];
            }
        y.push_back(static_cast<float>(sum));
      }
  return y;
}

// ConvTranspose: each X element scatters its kernel into the full image of size
// s * (in - 1) + dk + output_padding; Y is that image from pad_begin on, `out` long (past
// the full image: the bias alone).
std::vector<float> transpose_oracle(const Layer& l, const Ints& out_padding, const Ints& out, const std::vector<float>& x,
                                    const std::vector<float>& w, const std::vector<float>& b) {
  const int64_t fh = l.strides[0] * (l.h - 1) + (l.kh - 1) * l.dilations[0] + 1 + out_padding[0];
  const int64_t fw = l.strides[1] * (l.w - 1) + (l.kw - 1) * l.dilations[1] + 1 + out_padding[1];
  const int64_t cg = l.c / l.group, mg = l.m / l.group;
  std::vector<long double> full(static_cast<size_t>(l.m * fh * fw), 0.0L);
  for (int64_t c = 0; c < l.c; ++c)
    for (int64_t mm = 0; mm < mg; ++mm)
      for (int64_t i = 0; i < l.h; ++i)
        for (int64_t j = 0; j < l.w; ++j)
          for (int64_t u = 0; u < l.kh; ++u)
            for (int64_t v = 0; v < l.kw; ++v) {
              const int64_t m = (c / cg) * mg + mm;
              const int64_t r = i * l.strides[0] + u * l.dilations[0], s = j * l.strides[1] + v * l.dilations[1];
              full[(m * fh + r) * fw + s] += static_cast<long double>(x[(c * l.h + i) * l.w + j]) *
                                             w[((c * mg + mm) * l.kh + u) * l.kw + v];
            }
  std::vector<float> y;
  for (int64_t m = 0; m < l.m; ++m)
    for (int64_t a = 0; a < out[0]; ++a)
      for (int64_t bb = 0; bb < out[1]; ++bb) {
        const int64_t r = a + l.pads[0], s = bb + l.pads[1];
        long double v = b.empty() ? 0.0L : b[m];
        if (r >= 0 && r < fh && s >= 0 && s < fw) v += full[(m * fh + r) * fw + s];
        y.push_back(static_cast<float>(v));
      }
  return y;
}

Attrs geometry_attrs(const Layer& l) {
  return {make_attr("strides", l.strides), make_attr("dilations", l.dilations), make_attr("pads", l.pads),
          make_attr("group", l.group)};
}

std::vector<float> run_values(const char* op, int opset, const std::vector<Tensor>& in, const Attrs& a) {
  return values_of(run_node_output(op, opset, in, a));
}

}  // namespace

TEST_CASE("Conv: SAME_UPPER puts the odd pad at the end, SAME_LOWER at the beginning", "[conv]") {
  const Tensor x = floats({1, 1, 4}, {1, 2, 3, 4}), w = floats({1, 1, 2}, {1, 1});
  auto same = [&](int opset, const char* mode) {
    return run_values("Conv", opset, {x, w}, {make_attr("auto_pad", std::string(mode))});
  };
  CHECK(same(11, "SAME_UPPER") == std::vector<float>{3, 5, 7, 4});
  CHECK(same(11, "SAME_LOWER") == std::vector<float>{1, 3, 5, 7});
  CHECK(same(1, "SAME_UPPER") == std::vector<float>{3, 5, 7, 4});
  CHECK(run_values("Conv", 22, {x, w}, {make_attr("auto_pad", std::string("VALID"))}) == std::vector<float>{3, 5, 7});
  // in 5, kernel 3 dilated 2 (span 5), stride 2: out ceil(5/2) = 3, total pad 2*2 + 5 - 5 = 4.
  const Tensor five = floats({1, 1, 5}, {1, 2, 3, 4, 5}), k3 = floats({1, 1, 3}, {1, 10, 100});
  const Attrs a = {make_attr("auto_pad", std::string("SAME_UPPER")), make_attr("dilations", Ints{2}),
                   make_attr("strides", Ints{2})};
  CHECK(run_values("Conv", 11, {five, k3}, a) == std::vector<float>{10 + 300, 1 + 30 + 500, 3 + 50});
  // Conv-1's text keeps the input size under SAME; with stride 2 the reference gives ceil.
  const RunResult v1 = run_node("Conv", 1, {five, k3}, a);
  CHECK(v1.outputs.at(0).shape() == Shape{1, 1, 3});
  CHECK(v1.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node("Conv", 11, {five, k3}, a).semantics.category == Semantics::kDefined);
}

TEST_CASE("Conv: groups, depthwise, bias, kernel_shape inferred from W, empty batch", "[conv]") {
  const Tensor x = floats({1, 2, 3}, {1, 2, 3, 10, 20, 30});
  const Tensor depthwise = floats({2, 1, 1}, {2, 3});
  CHECK(run_values("Conv", 11, {x, depthwise}, {make_attr("group", int64_t{2})}) ==
        std::vector<float>{2, 4, 6, 30, 60, 90});
  const Tensor mixing = floats({1, 2, 1}, {2, 3}), bias = floats({1}, {0.5f});
  CHECK(run_values("Conv", 11, {x, mixing, bias}, {}) == std::vector<float>{32.5f, 64.5f, 96.5f});
  const Tensor y = run_node_output("Conv", 22, {floats({0, 2, 3}, {}), mixing}, {});
  CHECK(y.shape() == Shape{0, 1, 3});
  check_invalid("Conv", 11, {x, mixing}, "disagrees with W", {make_attr("kernel_shape", Ints{2})});
  check_invalid("Conv", 11, {x, floats({1, 1, 1}, {1})}, "must equal it", {});
  check_invalid("Conv", 11, {x, floats({3, 1, 1}, {1, 1, 1})}, "not a multiple of group", {make_attr("group", int64_t{2})});
  check_invalid("Conv", 11, {x, mixing, floats({2}, {1, 1})}, "output channels", {});
  check_invalid("Conv", 11, {x, mixing}, "cannot be used together",
                {make_attr("auto_pad", std::string("VALID")), make_attr("pads", Ints{1, 0})});
}

TEST_CASE("Conv: each output is the exact sum rounded once", "[conv]") {
  // Left to right in float: 2^24 + 1 rounds to 2^24, then 0. Exactly: 1.
  const Tensor w = floats({1, 1, 3}, {1, 1, 1});
  CHECK(run_values("Conv", 11, {floats({1, 1, 3}, {16777216.0f, 1, -16777216.0f}), w}, {}) == std::vector<float>{1});
  // 1 + 2^-24 is a tie (to even: 1); 2^-60 more decides it upward - both paths must agree.
  const Tensor x = floats({1, 1, 3}, {1, 0x1p-24f, 0x1p-60f});
  for (bool fast : {true, false}) {
    numeric::set_fast_path(fast);
    CHECK(run_values("Conv", 11, {x, w}, {}) == std::vector<float>{1 + 0x1p-23f});
    CHECK(run_values("Conv", 11, {floats({1, 1, 2}, {1, 0x1p-24f}), floats({1, 1, 2}, {1, 1})}, {}) ==
          std::vector<float>{1});
  }
  numeric::set_fast_path(true);
}

TEST_CASE("Conv: the fast path gives the exact path's bits on random data", "[conv]") {
  std::mt19937 rng(7);
  std::normal_distribution<float> n(0, 1);
  std::vector<float> xv(2 * 4 * 9 * 9), wv(6 * 2 * 3 * 3), bv(6);
  for (auto* v : {&xv, &wv, &bv})
    for (float& e : *v) e = n(rng);
  const std::vector<Tensor> in = {floats({2, 4, 9, 9}, xv), floats({6, 2, 3, 3}, wv), floats({6}, bv)};
  const Attrs a = {make_attr("group", int64_t{2}), make_attr("pads", Ints{1, 0, 1, 2})};
  numeric::set_fast_path(false);
  const std::vector<float> exact = run_values("Conv", 11, in, a);
  numeric::set_fast_path(true);
  CHECK(run_values("Conv", 11, in, a) == exact);
  // ConvTranspose through the same sum: X (2, 6, 5, 5), W (6, 2, 3, 3) in 3 groups, stride 2.
  const std::vector<Tensor> t = {floats({2, 6, 5, 5}, std::vector<float>(xv.begin(), xv.begin() + 300)), in[1]};
  const Attrs ta = {make_attr("group", int64_t{3}), make_attr("strides", Ints{2, 2})};
  numeric::set_fast_path(false);
  const Tensor exact_t = run_node_output("ConvTranspose", 11, t, ta);
  numeric::set_fast_path(true);
  const Tensor fast_t = run_node_output("ConvTranspose", 11, t, ta);
  CHECK(fast_t.shape() == Shape{2, 6, 11, 11});
  CHECK(values_of(fast_t) == values_of(exact_t));
}

TEST_CASE("Conv: padding, stride, dilation and groups match a naive loop over a padded image", "[conv]") {
  const std::vector<Layer> layers = {
      {.c = 1, .h = 5, .w = 6, .m = 1, .kh = 3, .kw = 3},
      {.c = 2, .h = 6, .w = 7, .m = 3, .kh = 3, .kw = 2, .strides = {2, 3}, .pads = {1, 0, 2, 1}},
      {.c = 4, .h = 7, .w = 7, .m = 4, .kh = 2, .kw = 3, .group = 2, .dilations = {2, 3}, .pads = {0, 2, 1, 2}},
      {.c = 3, .h = 8, .w = 5, .m = 6, .kh = 3, .kw = 3, .group = 3, .strides = {3, 2}, .dilations = {2, 1}, .pads = {2, 2, 2, 2}},
      {.c = 2, .h = 4, .w = 4, .m = 2, .kh = 4, .kw = 4, .group = 2, .pads = {3, 3, 3, 3}},
  };
  unsigned seed = 1;
  for (const Layer& l : layers) {
    const auto x = dyadic(static_cast<size_t>(l.c * l.h * l.w), seed++);
    const auto w = dyadic(static_cast<size_t>(l.m * (l.c / l.group) * l.kh * l.kw), seed++);
    const auto b = dyadic(static_cast<size_t>(l.m), seed++);
    Shape shape;
    const std::vector<float> expected = conv_oracle(l, x, w, b, shape);
    const Tensor y = run_node_output("Conv", 11,
                                     {floats({1, l.c, l.h, l.w}, x), floats({l.m, l.c / l.group, l.kh, l.kw}, w), floats({l.m}, b)},
                                     geometry_attrs(l));
    INFO("layer " << seed);
    CHECK(y.shape() == shape);
    CHECK(values_of(y) == expected);
  }
}

TEST_CASE("ConvTranspose: stride, output_padding, bias by hand", "[conv]") {
  const Tensor x = floats({1, 1, 2}, {1, 2}), w = floats({1, 1, 3}, {1, 1, 1});
  const Attrs s2 = {make_attr("strides", Ints{2})};
  // Full image of 2 * 1 + 3 = 5: x0's kernel at 0..2, x1's at 2..4.
  CHECK(run_values("ConvTranspose", 11, {x, w}, s2) == std::vector<float>{1, 1, 3, 2, 2});
  Attrs padded = s2;
  padded.push_back(make_attr("output_padding", Ints{1}));
  CHECK(run_values("ConvTranspose", 11, {x, w, floats({1}, {0.5f})}, padded) ==
        std::vector<float>{1.5f, 1.5f, 3.5f, 2.5f, 2.5f, 0.5f});
  Attrs pads = s2;
  pads.push_back(make_attr("pads", Ints{1, 2}));
  CHECK(run_values("ConvTranspose", 1, {x, w}, pads) == std::vector<float>{1, 3});
  // group 2, one output channel per group: channel c's kernel scaled per group.
  const Tensor x2 = floats({1, 2, 2}, {1, 2, 10, 20}), w2 = floats({2, 1, 1}, {3, 5});
  CHECK(run_values("ConvTranspose", 22, {x2, w2}, {make_attr("group", int64_t{2})}) == std::vector<float>{3, 6, 50, 100});
  CHECK(run_node_output("ConvTranspose", 11, {floats({0, 1, 2}, {}), w}, s2).shape() == Shape{0, 1, 5});
}

TEST_CASE("ConvTranspose: where the odd automatic pad goes, by version, marked implementation-defined", "[conv]") {
  const Tensor x = floats({1, 1, 2}, {1, 2}), w = floats({1, 1, 3}, {1, 1, 1});
  auto run = [&](int opset, const char* auto_pad, bool output_shape) {
    Attrs a = {make_attr("strides", Ints{2}), make_attr("auto_pad", std::string(auto_pad))};
    if (output_shape) a.push_back(make_attr("output_shape", Ints{4}));
    return run_node("ConvTranspose", opset, {x, w}, a);
  };
  const std::vector<float> first = {1, 3, 2, 2}, last = {1, 1, 3, 2};  // total pad 5 - 4 = 1
  // output_shape's equations: 1 puts the odd pad last unless SAME_UPPER; 11 first unless SAME_UPPER.
  CHECK(values_of(run(1, "NOTSET", true).outputs.at(0)) == last);
  CHECK(values_of(run(1, "SAME_UPPER", true).outputs.at(0)) == first);
  CHECK(values_of(run(11, "NOTSET", true).outputs.at(0)) == first);
  CHECK(values_of(run(11, "SAME_UPPER", true).outputs.at(0)) == last);
  // SAME without output_shape: out = in * stride = 4, the attribute's text: UPPER last, LOWER first.
  CHECK(values_of(run(11, "SAME_UPPER", false).outputs.at(0)) == last);
  CHECK(values_of(run(22, "SAME_LOWER", false).outputs.at(0)) == first);
  for (int opset : {1, 11})
    for (const char* mode : {"NOTSET", "SAME_UPPER"}) {
      const RunResult r = run(opset, mode, true);
      CHECK(r.semantics.category == Semantics::kImplementationDefined);
      CHECK(r.semantics.shape_open);
    }
  // An even total is defined: output_shape 3 cuts one from each side.
  const RunResult even = run_node("ConvTranspose", 11, {x, w}, {make_attr("strides", Ints{2}), make_attr("output_shape", Ints{3})});
  CHECK(values_of(even.outputs.at(0)) == std::vector<float>{1, 3, 2});
  CHECK(even.semantics.category == Semantics::kDefined);
  check_invalid("ConvTranspose", 11, {x, w}, "must be less than the stride or the dilation",
                {make_attr("output_padding", Ints{1})});
  CHECK(run_values("ConvTranspose", 1, {x, w}, {make_attr("output_padding", Ints{1})}) == std::vector<float>{1, 3, 3, 2, 0});
  check_invalid("ConvTranspose", 11, {x, w}, "negative", {make_attr("pads", Ints{3, 3})});
}

TEST_CASE("ConvTranspose: output shape, pads, dilation and groups match a scatter oracle", "[conv]") {
  struct Sweep {
    Layer l;
    Ints out_padding{0, 0};
    Ints output_shape;  // empty: from pads
  };
  const std::vector<Sweep> sweeps = {
      {{.c = 1, .h = 3, .w = 3, .m = 1, .kh = 3, .kw = 3}},
      {{.c = 2, .h = 3, .w = 4, .m = 3, .kh = 3, .kw = 2, .strides = {3, 2}, .pads = {1, 0, 2, 1}}, {1, 1}},
      {{.c = 4, .h = 3, .w = 3, .m = 6, .kh = 2, .kw = 3, .group = 2, .strides = {2, 2}, .dilations = {2, 3}}, {1, 0}},
      {{.c = 3, .h = 2, .w = 4, .m = 3, .kh = 3, .kw = 3, .group = 3, .strides = {2, 1}}, {0, 0}, {7, 8}},
      {{.c = 2, .h = 3, .w = 3, .m = 2, .kh = 3, .kw = 3, .strides = {3, 2}}, {0, 0}, {10, 8}},
  };
  unsigned seed = 100;
  for (const Sweep& s : sweeps) {
    Layer l = s.l;
    Ints out(2);
    for (int d = 0; d < 2; ++d) {
      const int64_t in = d == 0 ? l.h : l.w, k = d == 0 ? l.kh : l.kw;
      const int64_t natural = l.strides[d] * (in - 1) + s.out_padding[d] + (k - 1) * l.dilations[d] + 1;
      if (s.output_shape.empty()) {
        out[d] = natural - l.pads[d] - l.pads[d + 2];
      } else {  // version 11, NOTSET: pads[start] = total - total // 2 (Python floor division)
        out[d] = s.output_shape[d];
        const int64_t total = natural - out[d];
        const int64_t half = static_cast<int64_t>(std::floor(static_cast<double>(total) / 2));
        l.pads[d] = total - half;
      }
    }
    const auto x = dyadic(static_cast<size_t>(l.c * l.h * l.w), seed++);
    const auto w = dyadic(static_cast<size_t>(l.c * (l.m / l.group) * l.kh * l.kw), seed++);
    const auto b = dyadic(static_cast<size_t>(l.m), seed++);
    Attrs a = geometry_attrs(s.l);
    a.push_back(make_attr("output_padding", s.out_padding));
    if (!s.output_shape.empty()) a.push_back(make_attr("output_shape", s.output_shape));
    const Tensor y = run_node_output(
        "ConvTranspose", 11, {floats({1, l.c, l.h, l.w}, x), floats({l.c, l.m / l.group, l.kh, l.kw}, w), floats({l.m}, b)}, a);
    INFO("sweep " << seed);
    CHECK(y.shape() == Shape{1, l.m, out[0], out[1]});
    CHECK(values_of(y) == transpose_oracle(l, s.out_padding, out, x, w, b));
  }
}
