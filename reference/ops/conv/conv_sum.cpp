// The convolutions' exact sum (conv_sum.h) and its float fast path.
//
// Exact: the bias and every product go into one exact accumulator (numeric/accumulator.h),
// rounded once to the output type.
//
// Fast path (float16, bfloat16, float; numeric::fast_path_enabled()): a product of two
// such values is exact in double, so the plain double sum s of the terms and the double
// sum a of their magnitudes differ from the exact sums only by the additions' rounding:
// |s - S| <= gamma_{n-1} * sum|t| <= n * 2^-52 * a for n terms (a itself is within
// gamma_{n-1} of sum|t|; the factor 2 over gamma covers both and the rounding of s +- e).
// If s - e and s + e round to the same nonzero finite value of the output type, rounding
// is monotone, so S rounds to it too: that is the result, the same bits the exact path
// gives. Otherwise (near a rounding boundary, a zero, a special value) the exact
// accumulator decides.
#include "reference/ops/conv/conv_sum.h"

#include <cmath>
#include <stdexcept>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/numeric/exact.h"
#include "reference/numeric/fast.h"

namespace touchstone::ops::conv {

void plan_channels(const Node& node, const Shape& x, const Shape& w, const std::optional<Shape>& bias, bool transpose,
                   ConvPlan& plan) {
  if (x.size() < 3) invalid_model("X is (N, C, D1, ..., Dn): rank at least 3, got rank " + std::to_string(x.size()));
  if (w.size() != x.size())
    invalid_model("W " + shape_to_string(w) + " must have X's rank " + std::to_string(x.size()));
  const int64_t groups = node.attr_int("group", 1);
  if (groups < 1) invalid_model("group = " + std::to_string(groups) + " is below 1");
  const int64_t c = x[1];
  plan.batch = x[0];
  plan.groups = groups;
  plan.kernel_volume = core::product_of(w, 2);
  plan.in_image = core::product_of(x, 2);
  if (!transpose) {  // W (M, C/group, k...)
    if (c != w[1] * groups)
      invalid_model("X has " + std::to_string(c) + " channels; W's C/group " + std::to_string(w[1]) + " times group " +
                    std::to_string(groups) + " must equal it");
    if (w[0] % groups != 0)
      invalid_model("W's M = " + std::to_string(w[0]) + " is not a multiple of group " + std::to_string(groups));
    plan.in_per_group = w[1];
    plan.out_per_group = w[0] / groups;
    plan.w_in = plan.kernel_volume;
    plan.w_out = plan.in_per_group * plan.kernel_volume;
  } else {  // W (C, M/group, k...)
    if (w[0] != c)
      invalid_model("W's first dim " + std::to_string(w[0]) + " must equal X's channels " + std::to_string(c));
    if (c % groups != 0)
      invalid_model("X's channels " + std::to_string(c) + " are not a multiple of group " + std::to_string(groups));
    plan.in_per_group = c / groups;
    plan.out_per_group = w[1];
    plan.w_out = plan.kernel_volume;
    plan.w_in = plan.out_per_group * plan.kernel_volume;
  }
  plan.w_group = plan.in_per_group * plan.out_per_group * plan.kernel_volume;
  const int64_t m = plan.out_per_group * groups;
  if (bias && *bias != Shape{m})
    invalid_model("B " + shape_to_string(*bias) + " must be 1-D of the output channels (" + std::to_string(m) + ")");
  plan.out_shape = {plan.batch, m};
}

namespace {

// One output element on the fast path; false when the exact path must decide.
template <class T>
bool fast_element(const T* x, const T* w, const ConvPlan& p, const std::vector<Tap>& taps, double bias, T& out) {
  double s = bias, a = std::fabs(bias);
  for (int64_t c = 0; c < p.in_per_group; ++c, x += p.in_image, w += p.w_in)
    for (const Tap& t : taps) {
      const double product = numeric::widen(x[t.x]) * numeric::widen(w[t.w]);
      s += product;
      a += std::fabs(product);
    }
  if (!std::isfinite(s) || !std::isfinite(a)) return false;
  const double n = static_cast<double>(p.in_per_group) * static_cast<double>(taps.size()) + 2;
  const double e = a * n * 0x1p-52;
  const T lo = numeric::narrow<T>(s - e), hi = numeric::narrow<T>(s + e);
  const double lo_d = numeric::widen(lo);
  if (lo_d == 0 || !std::isfinite(lo_d) || lo_d != numeric::widen(hi)) return false;
  out = lo;
  return true;
}

template <class T>
T exact_element(numeric::ExactAccumulator& acc, const T* x, const T* w, const ConvPlan& p,
                const std::vector<Tap>& taps, const T* bias) {
  acc.clear();
  if (bias) acc.add(numeric::widen(*bias));
  for (int64_t c = 0; c < p.in_per_group; ++c, x += p.in_image, w += p.w_in)
    for (const Tap& t : taps) acc.add_product_of(x[t.x], w[t.w]);
  return acc.result<T>();
}

template <class T>
void convolve_as(const Inputs& in, const ConvPlan& p, Tensor& y) {
  const T* x = in[0].data<T>().data();
  const T* w = in[1].data<T>().data();
  const T* b = in.has(2) ? in[2].data<T>().data() : nullptr;
  T* out = y.data<T>().data();
  const bool fast = !std::is_same_v<T, double> && numeric::fast_path_enabled();
  numeric::ExactAccumulator acc;
  const int64_t channels = p.groups * p.in_per_group;
  for (int64_t n = 0; n < p.batch; ++n)
    for (int64_t g = 0; g < p.groups; ++g)
      for (int64_t m = 0; m < p.out_per_group; ++m) {
        const T* xg = x + (n * channels + g * p.in_per_group) * p.in_image;
        const T* wm = w + g * p.w_group + m * p.w_out;
        const T* bias = b ? b + g * p.out_per_group + m : nullptr;
        const double bias_value = bias ? numeric::widen(*bias) : 0.0;
        for (const std::vector<Tap>& taps : p.taps) {
          if (!(fast && fast_element<T>(xg, wm, p, taps, bias_value, *out)))
            *out = exact_element<T>(acc, xg, wm, p, taps, bias);
          ++out;
        }
      }
}

}  // namespace

Tensor convolve(const Node& node, const Inputs& in, const ConvPlan& plan) {
  node.record_terms(plan.in_per_group * plan.kernel_volume + (in.has(2) ? 1 : 0));
  Tensor y(in[0].dtype(), plan.out_shape);
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) convolve_as<T>(in, plan, y);
    else throw std::logic_error("a convolution on a non-float type");  // the schema check prevents it
  });
  return y;
}

}  // namespace touchstone::ops::conv
