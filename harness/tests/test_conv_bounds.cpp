// Element bounds of CausalConvWithState and DeformConv (cases/specs/conv/conv_bounds.cpp)
// against simulated float16 backends written here: an honest one (every step of the op rounded
// to float16 - products, each addition, the sampling point, the bilinear weights, sigmoid -
// in the order the papers' loops take), which must pass, and one that drops a term, which must
// fail. The expected values are the reference's (exact, rounded once).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "cases/specs/conv/conv_cases.h"
#include "harness/compare.h"
#include "reference/model.h"
#include "reference/numeric/exact.h"
#include "reference/model_builder.h"

using namespace touchstone;
using namespace touchstone::harness;
using namespace touchstone::cases;

namespace {

double h(double x) { return numeric::widen(numeric::narrow<Float16>(x)); }  // rounded to float16

std::vector<double> random_values(size_t n, unsigned seed, double lo, double hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<double> v(n);
  for (double& x : v) x = h(d(rng));
  return v;
}

Tensor half_tensor(const Shape& shape, const std::vector<double>& v) {
  Tensor t(DType::kFloat16, shape);
  for (size_t i = 0; i < v.size(); ++i) t.data<Float16>()[i] = numeric::narrow<Float16>(v[i]);
  return t;
}

// The reference's outputs and the case the bound functions see.
BoundCase bound_case(const std::string& op, int opset, const std::vector<Tensor>& in, const std::vector<onnx::AttributeProto>& attrs,
                     size_t outputs) {
  SingleNodeModel spec{op, "", opset, {}, {}, attrs, 0};
  for (size_t i = 0; i < in.size(); ++i) spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), in[i].dtype(), in[i].shape()});
  for (size_t i = 0; i < outputs; ++i) spec.outputs.push_back({"Out" + std::to_string(i), DType::kFloat16, {}});
  auto proto = build_model(spec);
  for (size_t i = 0; i < outputs; ++i) proto.mutable_graph()->mutable_output(static_cast<int>(i))->clear_type();
  BoundCase c;
  c.node = proto.graph().node(0);
  c.since_version = opset;
  for (const Tensor& t : in) c.inputs.emplace_back(t);
  c.expected = Model::from_proto(proto, ".", op).run(in).outputs;
  return c;
}

bool passes(const Tensor& expected, const std::vector<double>& actual, const std::vector<double>& allowed) {
  ComparePolicy p;
  p.tolerance.kind = Tolerance::kBound;
  p.tolerance.bound_terms = 1;
  return compare_tensor(expected, half_tensor(expected.shape(), actual), p, {}, allowed).ok();
}

}  // namespace

TEST_CASE("CausalConvWithState bound: float16 step by step passes, a dropped tap fails", "[bounds][conv]") {
  const int64_t channels = 3, len = 12, k = 4;
  const auto x = random_values(channels * len, 1, -4, 4), w = random_values(channels * k, 2, -2, 2);
  const auto b = random_values(channels, 3, -1, 1), past = random_values(channels * (k - 1), 4, -4, 4);
  for (const char* act : {"none", "silu"}) {
    const BoundCase c = bound_case("CausalConvWithState", 27,
                                   {half_tensor({1, channels, len}, x), half_tensor({channels, 1, k}, w),
                                    half_tensor({channels}, b), half_tensor({1, channels, k - 1}, past)},
                                   {make_attr("activation", std::string(act))}, 2);
    const auto allowed = causal_conv_element_bounds(c);
    REQUIRE(allowed.size() == 2);
    CHECK(allowed[1] == std::vector<double>(channels * (k - 1), 0.0));  // present_state: a copy
    std::vector<double> honest, dropped;
    for (int64_t ch = 0; ch < channels; ++ch)
      for (int64_t t = 0; t < len; ++t) {
        auto at = [&](int64_t i) { return i < k - 1 ? past[ch * (k - 1) + i] : x[ch * len + i - (k - 1)]; };
        double s = b[ch], d = b[ch];
        for (int64_t j = 0; j < k; ++j) {
          s = h(s + h(w[ch * k + j] * at(t + j)));
          if (j != 0) d = h(d + h(w[ch * k + j] * at(t + j)));
        }
        if (act == std::string("silu")) {
          s = h(s * h(1 / (1 + std::exp(-s))));
          d = h(d * h(1 / (1 + std::exp(-d))));
        }
        honest.push_back(s);
        dropped.push_back(d);
      }
    INFO(act);
    CHECK(passes(c.expected[0], honest, allowed[0]));
    CHECK_FALSE(passes(c.expected[0], dropped, allowed[0]));
  }
}

TEST_CASE("DeformConv bound: float16 step by step passes, a dropped corner fails", "[bounds][conv]") {
  const int64_t c_in = 2, hgt = 5, wid = 6, m = 2, kh = 2, kw = 2, oh = 4, ow = 5;
  const auto x = random_values(c_in * hgt * wid, 5, -2, 2), w = random_values(m * c_in * kh * kw, 6, -2, 2);
  const auto off = random_values(kh * kw * 2 * oh * ow, 7, -2.5, 2.5), mask = random_values(kh * kw * oh * ow, 8, 0, 1);
  const BoundCase c = bound_case("DeformConv", 19,
                                 {half_tensor({1, c_in, hgt, wid}, x), half_tensor({m, c_in, kh, kw}, w),
                                  half_tensor({1, kh * kw * 2, oh, ow}, off), half_tensor({m}, {0.5, -0.25}),
                                  half_tensor({1, kh * kw, oh, ow}, mask)},
                                 {}, 1);
  const auto allowed = deform_conv_element_bounds(c);
  REQUIRE(allowed.size() == 1);
  // torchvision's loop, every operation in float16: the point, its floor and fraction, 1 - f,
  // the corner weights and products, the corner sum, then mask, W and the running sum.
  auto sample = [&](int64_t ch, double ph, double pw, bool drop) {
    const double fh = std::floor(ph), fw = std::floor(pw), ah = h(ph - fh), aw = h(pw - fw);
    double v = 0;
    for (int dh = 0; dh < 2; ++dh)
      for (int dw = 0; dw < 2; ++dw) {
        const int64_t r = static_cast<int64_t>(fh) + dh, s = static_cast<int64_t>(fw) + dw;
        if (r < 0 || r >= hgt || s < 0 || s >= wid || (drop && dh == 1 && dw == 1)) continue;
        const double wt = h((dh ? ah : h(1 - ah)) * (dw ? aw : h(1 - aw)));
        v = h(v + h(wt * x[(ch * hgt + r) * wid + s]));
      }
    return v;
  };
  std::vector<double> honest, dropped;
  for (int64_t mo = 0; mo < m; ++mo)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j) {
        double s = mo == 0 ? 0.5 : -0.25, d = s;
        for (int64_t ch = 0; ch < c_in; ++ch)
          for (int64_t k = 0; k < kh * kw; ++k) {
            const double ph = h(i + k / kw + off[((k * 2) * oh + i) * ow + j]);
            const double pw = h(j + k % kw + off[((k * 2 + 1) * oh + i) * ow + j]);
            const double mk = mask[(k * oh + i) * ow + j], wt = w[(mo * c_in + ch) * kh * kw + k];
            s = h(s + h(wt * h(mk * sample(ch, ph, pw, false))));
            d = h(d + h(wt * h(mk * sample(ch, ph, pw, true))));
          }
        honest.push_back(s);
        dropped.push_back(d);
      }
  CHECK(passes(c.expected[0], honest, allowed[0]));
  CHECK_FALSE(passes(c.expected[0], dropped, allowed[0]));
}
