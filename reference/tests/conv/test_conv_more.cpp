// Col2Im, DeformConv and CausalConvWithState against values worked by hand and independent
// oracles written here: Col2Im as a scatter (each column value added at its block's place,
// PyTorch fold's loop), DeformConv as a naive loop that samples each point by floor() and
// (1 - f, f) in long double, CausalConvWithState as an explicit concatenation and a dot product,
// silu in long double. Values are multiples of 1/8 (offsets too), so every oracle sum is exact.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "reference/tests/conv/conv_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::conv;

namespace {

Tensor int64s(const Ints& v) { return Tensor::from_values<int64_t>({static_cast<int64_t>(v.size())}, v); }

// Col2Im by scattering: column (k, l) of channel c adds at block l's place plus k's offset.
std::vector<float> fold_oracle(const std::vector<float>& x, int64_t n, int64_t c, const Ints& image, const Ints& block,
                               const Ints& strides, const Ints& pads, const Ints& dil, Ints& blocks) {
  blocks = {(image[0] + pads[0] + pads[2] - (block[0] - 1) * dil[0] - 1) / strides[0] + 1,
            (image[1] + pads[1] + pads[3] - (block[1] - 1) * dil[1] - 1) / strides[1] + 1};
  const int64_t L = blocks[0] * blocks[1], bv = block[0] * block[1];
  std::vector<long double> y(static_cast<size_t>(n * c * image[0] * image[1]), 0.0L);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t ki = 0; ki < block[0]; ++ki)
        for (int64_t kj = 0; kj < block[1]; ++kj)
          for (int64_t li = 0; li < blocks[0]; ++li)
            for (int64_t lj = 0; lj < blocks[1]; ++lj) {
              const int64_t r = li * strides[0] - pads[0] + ki * dil[0], s = lj * strides[1] - pads[1] + kj * dil[1];
              if (r < 0 || r >= image[0] || s < 0 || s >= image[1]) continue;
              const int64_t row = ch * bv + ki * block[1] + kj, col = li * blocks[1] + lj;
              y[((b * c + ch) * image[0] + r) * image[1] + s] += x[(b * c * bv + row) * L + col];
            }
  return std::vector<float>(y.begin(), y.end());
}

// Both outputs of a CausalConvWithState node.
std::vector<Tensor> run_causal(const std::vector<Tensor>& in, const Attrs& attrs = {}) {
  SingleNodeModel spec{"CausalConvWithState", "", 27, {}, {{"Out", DType::kFloat, {}}, {"State", DType::kFloat, {}}}, attrs, 0};
  for (size_t i = 0; i < in.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), in[i].dtype(), in[i].shape()});
  auto proto = build_model(spec);
  for (int i = 0; i < 2; ++i) proto.mutable_graph()->mutable_output(i)->clear_type();
  return Model::from_proto(proto, ".", "causal-test").run(in).outputs;
}

}  // namespace

TEST_CASE("Col2Im: blocks placed and overlaps summed, by hand", "[conv][Col2Im]") {
  // 3x3 image, 2x2 blocks of ones: each element counts the blocks covering it.
  const Tensor ones = floats({1, 4, 4}, std::vector<float>(16, 1));
  CHECK(values_of(run_node_output("Col2Im", 18, {ones, int64s({3, 3}), int64s({2, 2})})) ==
        std::vector<float>{1, 2, 1, 2, 4, 2, 1, 2, 1});
  // A row of 5, blocks of 2 at stride 2: 2 blocks; row k of the input is block element k.
  const Tensor x = floats({1, 2, 2}, {1, 2, 10, 20});  // k = 0: blocks 0, 1; k = 1: blocks 0, 1
  CHECK(values_of(run_node_output("Col2Im", 18, {x, int64s({1, 5}), int64s({1, 2})}, {make_attr("strides", Ints{1, 2})})) ==
        std::vector<float>{1, 10, 2, 20, 0});
  // Dilation 2 and a pad of 1 at the start: (4 + 1 - 3) / 1 + 1 = 3 blocks at -1, 0, 1; taps 0 and +2.
  const Tensor d = floats({1, 2, 3}, {1, 2, 3, 10, 20, 30});
  CHECK(values_of(run_node_output("Col2Im", 18, {d, int64s({1, 4}), int64s({1, 2})},
                                  {make_attr("dilations", Ints{1, 2}), make_attr("pads", Ints{0, 1, 0, 0})})) ==
        std::vector<float>{2, 3 + 10, 20, 30});
  // No blocks fit: L = 0, the image is zeros.
  CHECK(values_of(run_node_output("Col2Im", 18, {floats({1, 9, 0}, {}), int64s({2, 2}), int64s({3, 3})})) ==
        std::vector<float>{0, 0, 0, 0});
}

TEST_CASE("Col2Im: strides, pads, dilations and channels match a scatter oracle", "[conv][Col2Im]") {
  struct Layout {
    int64_t n, c;
    Ints image, block, strides, pads, dil;
  };
  const std::vector<Layout> layouts = {
      {1, 1, {3, 3}, {2, 2}, {1, 1}, {0, 0, 0, 0}, {1, 1}},
      {2, 2, {5, 6}, {2, 3}, {2, 1}, {1, 0, 1, 2}, {1, 2}},
      {1, 3, {4, 4}, {3, 3}, {1, 1}, {2, 2, 2, 2}, {1, 1}},
      {1, 2, {7, 5}, {2, 2}, {3, 2}, {0, 1, 2, 0}, {2, 1}},
  };
  unsigned seed = 1;
  for (const Layout& l : layouts) {
    Ints blocks;
    fold_oracle({}, 0, l.c, l.image, l.block, l.strides, l.pads, l.dil, blocks);
    const int64_t rows = l.c * l.block[0] * l.block[1], cols = blocks[0] * blocks[1];
    const auto x = dyadic(static_cast<size_t>(l.n * rows * cols), seed++);
    const std::vector<float> expected = fold_oracle(x, l.n, l.c, l.image, l.block, l.strides, l.pads, l.dil, blocks);
    const Tensor y = run_node_output("Col2Im", 18, {floats({l.n, rows, cols}, x), int64s(l.image), int64s(l.block)},
                                     {make_attr("strides", l.strides), make_attr("pads", l.pads), make_attr("dilations", l.dil)});
    INFO("layout " << seed);
    CHECK(y.shape() == Shape{l.n, l.c, l.image[0], l.image[1]});
    CHECK(values_of(y) == expected);
  }
}

TEST_CASE("Col2Im: the overlap sum is exact and rounded once; refusals; bool overlaps undefined", "[conv][Col2Im]") {
  // Blocks (1, 2) over a row of 3: 2 blocks; the middle element sums k = 0 of block 1 and k = 1
  // of block 0: exactly 1 + 2^-24, a tie, to even: 1.
  const Tensor x = floats({1, 2, 2}, {0, 0x1p-24f, 1, 0});  // rows k = 0, 1; columns the blocks
  CHECK(values_of(run_node_output("Col2Im", 18, {x, int64s({1, 3}), int64s({1, 2})})) == std::vector<float>{0, 1, 0});
  // Blocks (1, 3) over a row of 3 padded by 2 on each side: 5 blocks; element 0 sums k = 2 of
  // block 0, k = 1 of block 1 and k = 0 of block 2: 1 + 2^-24 + 2^-60 rounds up to 1 + 2^-23
  // (left to right in float it would be 1).
  std::vector<float> three(15, 0);
  three[2 * 5 + 0] = 1, three[1 * 5 + 1] = 0x1p-24f, three[0 * 5 + 2] = 0x1p-60f;
  CHECK(values_of(run_node_output("Col2Im", 18, {floats({1, 3, 5}, three), int64s({1, 3}), int64s({1, 3})},
                                  {make_attr("pads", Ints{0, 2, 0, 2})})) == std::vector<float>{1 + 0x1p-23f, 0, 0});
  const RunResult r = run_node("Col2Im", 18, {floats({1, 4, 4}, std::vector<float>(16, 1)), int64s({3, 3}), int64s({2, 2})});
  CHECK(r.semantics.category == Semantics::kDefined);
  check_invalid("Col2Im", 18, {floats({1, 4, 5}, std::vector<float>(20, 1)), int64s({3, 3}), int64s({2, 2})},
                "number 4", {});
  check_invalid("Col2Im", 18, {floats({1, 2, 2}, {1, 1, 1, 1}), int64s({3}), int64s({2})}, "at least 2 values", {});
  check_invalid("Col2Im", 18, {floats({1, 5, 4}, std::vector<float>(20, 1)), int64s({3, 3}), int64s({2, 2})},
                "not a multiple", {});
  Tensor bools(DType::kBool, {1, 4, 4});
  const RunResult b = run_node("Col2Im", 18, {bools, int64s({3, 3}), int64s({2, 2})});
  CHECK(b.semantics.category == Semantics::kUndefined);
  const RunResult rearranged = run_node("Col2Im", 18, {Tensor(DType::kBool, {1, 4, 1}), int64s({2, 2}), int64s({2, 2})});
  CHECK(rearranged.semantics.category == Semantics::kDefined);
}

namespace {

// DeformConv, 2-D, by a naive loop: each tap's point p = o s - pad + k d + offset, corners
// floor(p) and floor(p) + 1 weighted (1 - f, f), outside the image zero; long double.
struct Deform {
  int64_t n = 1, c = 1, h = 1, w = 1, m = 1, kh = 1, kw = 1, group = 1, offset_group = 1;
  Ints strides{1, 1}, pads{0, 0, 0, 0}, dil{1, 1};
  int64_t oh() const { return (h + pads[0] + pads[2] - (kh - 1) * dil[0] - 1) / strides[0] + 1; }
  int64_t ow() const { return (w + pads[1] + pads[3] - (kw - 1) * dil[1] - 1) / strides[1] + 1; }
};

long double bilinear(const std::vector<float>& x, int64_t base, int64_t h, int64_t w, long double ph, long double pw) {
  const long double fh = std::floor(ph), fw = std::floor(pw);
  long double v = 0;
  for (int dh = 0; dh < 2; ++dh)
    for (int dw = 0; dw < 2; ++dw) {
      const int64_t r = static_cast<int64_t>(fh) + dh, s = static_cast<int64_t>(fw) + dw;
      if (r < 0 || r >= h || s < 0 || s >= w) continue;
      const long double wr = dh ? ph - fh : 1 - (ph - fh), ws = dw ? pw - fw : 1 - (pw - fw);
      v += wr * ws * x[base + r * w + s];
    }
  return v;
}

std::vector<float> deform_oracle(const Deform& g, const std::vector<float>& x, const std::vector<float>& wt,
                                 const std::vector<float>& off, const std::vector<float>& b, const std::vector<float>& mask) {
  const int64_t cg = g.c / g.group, mg = g.m / g.group, K = g.kh * g.kw, oh = g.oh(), ow = g.ow();
  std::vector<float> y;
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t m = 0; m < g.m; ++m)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          long double sum = b.empty() ? 0 : b[m];
          for (int64_t ci = 0; ci < cg; ++ci) {
            const int64_t c = (m / mg) * cg + ci, og = c / (g.c / g.offset_group);
            for (int64_t u = 0; u < g.kh; ++u)
              for (int64_t v = 0; v < g.kw; ++v) {
                const int64_t k = u * g.kw + v;
                auto at = [&](int64_t channel) { return ((n * g.offset_group * K * 2 + channel) * oh + i) * ow + j; };
                const long double ph = i * g.strides[0] - g.pads[0] + u * g.dil[0] + off[at((og * K + k) * 2)];
                const long double pw = j * g.strides[1] - g.pads[1] + v * g.dil[1] + off[at((og * K + k) * 2 + 1)];
                const long double mk = mask.empty() ? 1 : mask[((n * g.offset_group * K + og * K + k) * oh + i) * ow + j];
                sum += wt[(m * cg + ci) * K + k] * mk * bilinear(x, (n * g.c + c) * g.h * g.w, g.h, g.w, ph, pw);
              }
          }
          y.push_back(static_cast<float>(sum));
        }
  return y;
}

}  // namespace

TEST_CASE("DeformConv: bilinear samples by hand, zero outside the image", "[conv][DeformConv]") {
  const Tensor x = floats({1, 1, 2, 2}, {1, 2, 3, 4}), w = floats({1, 1, 1, 1}, {1});
  // 1x1 kernel, 2x2 outputs; offsets (dh, dw) per output: channel 0 the rows, 1 the columns.
  // (0,0)+(.5,.5): the mean 2.5; (0,1)+(.5,.5): (.5,1.5), half its corners outside: (2+4)/4;
  // (1,0)+(-.25,0): rows .75 and 1: .25*1 + .75*3; (1,1)+(-1.5,0): row -.5: .5 * 2.
  const Tensor off = floats({1, 2, 2, 2}, {0.5f, 0.5f, -0.25f, -1.5f, 0.5f, 0.5f, 0, 0});
  CHECK(values_of(run_node_output("DeformConv", 19, {x, w, off})) == std::vector<float>{2.5f, 1.5f, 2.5f, 1});
  // A mask halves every tap; B adds 1.
  const Tensor mask = floats({1, 1, 2, 2}, {0.5f, 0.5f, 0.5f, 0.5f}), b = floats({1}, {1});
  CHECK(values_of(run_node_output("DeformConv", 22, {x, w, off, b, mask})) == std::vector<float>{2.25f, 1.75f, 2.25f, 1.5f});
  // Zero offsets: Conv's answer (2x2 kernel of ones over the 2x2 image: 10).
  CHECK(values_of(run_node_output("DeformConv", 19, {x, floats({1, 1, 2, 2}, {1, 1, 1, 1}), floats({1, 8, 1, 1}, std::vector<float>(8, 0))})) ==
        std::vector<float>{10});
  // Far offsets: every corner outside.
  CHECK(values_of(run_node_output("DeformConv", 19, {x, w, floats({1, 2, 2, 2}, std::vector<float>(8, 7))})) ==
        std::vector<float>{0, 0, 0, 0});
}

TEST_CASE("DeformConv: groups, offset groups, mask, strides, pads, dilations match a naive loop", "[conv][DeformConv]") {
  const std::vector<Deform> layouts = {
      {.c = 2, .h = 5, .w = 6, .m = 2, .kh = 2, .kw = 2},
      {.n = 2, .c = 4, .h = 4, .w = 5, .m = 4, .kh = 2, .kw = 3, .group = 2, .offset_group = 2},
      {.c = 4, .h = 6, .w = 7, .m = 2, .kh = 2, .kw = 2, .offset_group = 4, .strides = {2, 1}, .pads = {1, 0, 1, 1}, .dil = {1, 2}},
      {.c = 3, .h = 5, .w = 5, .m = 3, .kh = 3, .kw = 3, .group = 3, .pads = {1, 1, 1, 1}},
  };
  unsigned seed = 50;
  for (const Deform& g : layouts) {
    const int64_t K = g.kh * g.kw, oh = g.oh(), ow = g.ow();
    const auto x = dyadic(static_cast<size_t>(g.n * g.c * g.h * g.w), seed++);
    const auto w = dyadic(static_cast<size_t>(g.m * (g.c / g.group) * K), seed++);
    const auto off = dyadic(static_cast<size_t>(g.n * g.offset_group * K * 2 * oh * ow), seed++, -20, 20);
    const auto b = dyadic(static_cast<size_t>(g.m), seed++);
    const auto mask = dyadic(static_cast<size_t>(g.n * g.offset_group * K * oh * ow), seed++, 0, 8);
    const Attrs a = {make_attr("strides", g.strides), make_attr("pads", g.pads), make_attr("dilations", g.dil),
                     make_attr("group", g.group), make_attr("offset_group", g.offset_group)};
    const Tensor y = run_node_output("DeformConv", 19,
                                     {floats({g.n, g.c, g.h, g.w}, x), floats({g.m, g.c / g.group, g.kh, g.kw}, w),
                                      floats({g.n, g.offset_group * K * 2, oh, ow}, off), floats({g.m}, b),
                                      floats({g.n, g.offset_group * K, oh, ow}, mask)},
                                     a);
    INFO("layout " << seed);
    CHECK(y.shape() == Shape{g.n, g.m, oh, ow});
    CHECK(values_of(y) == deform_oracle(g, x, w, off, b, mask));
  }
}

TEST_CASE("DeformConv: exact sum of exact products; refusals", "[conv][DeformConv]") {
  // X (1, 1 + 2^-23) sampled at column 1/2: 1 + 2^-24 exactly, a tie: to even, 1. A mask of
  // 1 + 2^-23 lifts it to (1 + 2^-24)(1 + 2^-23) = 1 + 3 * 2^-24 + 2^-47, past the next tie:
  // 1 + 2^-22 (rounding the sample first would give 1 * (1 + 2^-23) = 1 + 2^-23).
  const Tensor x = floats({1, 1, 1, 2}, {1, 1 + 0x1p-23f}), w = floats({1, 1, 1, 1}, {1});
  // Output width 2 - 1 + 1 = 2: offsets per output position.
  const Tensor off = floats({1, 2, 1, 2}, {0, 0, 0.5f, 0});
  const Tensor mask = floats({1, 1, 1, 2}, {1 + 0x1p-23f, 1});
  CHECK(values_of(run_node_output("DeformConv", 19, {x, w, off})) == std::vector<float>{1, 1 + 0x1p-23f});
  CHECK(values_of(run_node_output("DeformConv", 19, {x, w, off, floats({1}, {0}), mask})) ==
        std::vector<float>{1 + 0x1p-22f, 1 + 0x1p-23f});
  check_invalid("DeformConv", 19, {x, w, floats({1, 2, 1, 1}, {0, 0})}, "offset", {});
  check_invalid("DeformConv", 19, {x, w, off, floats({1}, {0}), floats({1, 2, 1, 2}, {1, 1, 1, 1})}, "mask", {});
  check_invalid("DeformConv", 19, {floats({1, 3, 1, 2}, std::vector<float>(6, 1)), floats({1, 3, 1, 1}, {1, 1, 1}), off},
                "multiple of offset_group", {make_attr("offset_group", int64_t{2})});
}

TEST_CASE("CausalConvWithState: the concatenated sequence, present_state, bias, by hand", "[conv][CausalConvWithState]") {
  const Tensor x = floats({1, 1, 3}, {1, 2, 3}), w = floats({1, 1, 3}, {1, 10, 100});
  // s = 0 0 1 2 3: 100, 10 + 200, 1 + 20 + 300; present = the last two: 2 3.
  auto out = run_causal({x, w});
  CHECK(values_of(out[0]) == std::vector<float>{100, 210, 321});
  CHECK(values_of(out[1]) == std::vector<float>{2, 3});
  // past 5 6: s = 5 6 1 2 3; bias 0.5.
  out = run_causal({x, w, floats({1}, {0.5f}), floats({1, 1, 2}, {5, 6})});
  CHECK(values_of(out[0]) == std::vector<float>{165.5f, 216.5f, 321.5f});
  CHECK(values_of(out[1]) == std::vector<float>{2, 3});
  // A sequence of 1, shorter than k - 1 = 2: present_state keeps 6 from the past.
  out = run_causal({floats({1, 1, 1}, {7}), w, floats({1}, {0}), floats({1, 1, 2}, {5, 6})});
  CHECK(values_of(out[0]) == std::vector<float>{765});
  CHECK(values_of(out[1]) == std::vector<float>{6, 7});
  // k = 1: an empty state; two channels each with its own kernel.
  out = run_causal({floats({1, 2, 2}, {1, 2, 3, 4}), floats({2, 1, 1}, {2, -1})});
  CHECK(values_of(out[0]) == std::vector<float>{2, 4, -3, -4});
  CHECK(out[1].shape() == Shape{1, 2, 0});
  using Catch::Contains;
  CHECK_THROWS_WITH(run_causal({x, floats({1, 2, 3}, std::vector<float>(6, 1))}),
                    Contains("CausalConvWithState-27") && Contains("(channels, 1, k)"));
  CHECK_THROWS_WITH(run_causal({x, w}, {make_attr("activation", std::string("relu"))}), Contains("is not one of"));
  CHECK_THROWS_WITH(run_causal({x, w, floats({1}, {0}), floats({1, 1, 3}, {0, 0, 0})}), Contains("past_state"));
}

TEST_CASE("CausalConvWithState: silu of the exact sum, rounded once", "[conv][CausalConvWithState]") {
  const auto x = dyadic(40, 7), w = dyadic(4, 8), past = dyadic(3, 9);
  for (const char* act : {"silu", "swish"}) {
    const auto out = run_causal({floats({1, 1, 40}, x), floats({1, 1, 4}, w), floats({1}, {0.25f}), floats({1, 1, 3}, past)},
                                {make_attr("activation", std::string(act))});
    std::vector<long double> s(past.begin(), past.end());
    s.insert(s.end(), x.begin(), x.end());
    std::vector<float> expected;
    for (size_t t = 0; t < 40; ++t) {
      long double sum = 0.25L;
      for (size_t j = 0; j < 4; ++j) sum += static_cast<long double>(w[j]) * s[t + j];
      expected.push_back(static_cast<float>(sum / (1 + std::exp(-sum))));
    }
    CHECK(values_of(out[0]) == expected);
  }
  // s = 2048 + 3 * 2^-13, a float midpoint above 1100: s sigmoid(s) lies just below it, so it
  // rounds down to 2048 + 2^-12 (rounding s itself would give the even 2048 + 2^-11).
  const auto big = run_causal({floats({1, 1, 2}, {2048, 3 * 0x1p-13f}), floats({1, 1, 2}, {1, 1})},
                              {make_attr("activation", std::string("silu"))});
  CHECK(values_of(big[0]) == std::vector<float>{2048, 2048 + 0x1p-12f});
}
