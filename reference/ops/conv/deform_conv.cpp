// DeformConv-19 (float16, float, double), 22 (+bfloat16): Conv whose taps sample X at shifted
// points (deform_sampling.h: layouts, the sampling point, the bilinear corners):
//   Y[n, m, o] = B[m] + sum_{c in m's group} sum_{tap k} W[m, c, k] * mask[n, g(c) K + k, o]
//                       * sum_{corner} weight(corner) * X[n, c, corner]
// with weight(corner) the product over the axes of (1 - f) or f. Exact: every term is the exact
// product W * mask * X * weight (the weights' factors a and 1 - a are exact, so the product is
// an exact binary fraction, held in MPFR at the precision it needs), and the element is their
// exact sum rounded once (mpfr_sum through numeric::correctly_rounded, which handles the target's
// subnormals and overflow). A corner of weight exactly 0 (an integral sampling point) is not a
// term. n = C/group x K x 2^r (+1 with B) is recorded: the bound's term count (the backends'
// bound is an element bound: cases/specs/conv/conv_bounds.cpp).
//
// What ONNX leaves open, marked implementation-defined with the reference's answer:
// - a non-finite value read from X, W, mask or B: implementations differ in which corners they
//   read (a zero-weight corner's inf gives NaN in IEEE arithmetic); the reference reads only the
//   corners of nonzero weight and follows IEEE for the products and the sum;
// - a non-finite offset: the sampling point is nowhere (zero; IEEE floor of NaN is undefined).
// The mask's shape: the text gives (N, offset_group * kH * kW, oH, oW) for 2-D and adds "* n" in
// its n-D form; one factor per tap and offset group is what the 2-D form and the papers say, and
// what the reference takes (the other is refused).
// Refused (the rule named): X rank below 3, W of another rank, C not W's C/group times group, oC
// not a multiple of group, C not a multiple of offset_group, group or offset_group below 1,
// offset, mask or B of another shape, kernel_shape disagreeing with W, Conv's window rules.
#include <deque>
#include <mpfr.h>

#include "reference/error.h"
#include "reference/numeric/functions.h"
#include "reference/ops/conv/conv_ops.h"
#include "reference/ops/conv/deform_sampling.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops {

namespace {

using numeric::MpfrValue;

// The exact terms of one output element, reused across elements.
class ExactTerms {
 public:
  // Appends x * y * z * weight exactly (weight: an exact MPFR value).
  void add(double x, double y, double z, mpfr_srcptr weight) {
    mpfr_ptr t = next(159 + mpfr_get_prec(weight));
    mpfr_set_d(t, x, MPFR_RNDN);
    mpfr_mul_d(t, t, y, MPFR_RNDN);  // exact: 159 bits hold three 53-bit significands
    mpfr_mul_d(t, t, z, MPFR_RNDN);
    mpfr_mul(t, t, weight, MPFR_RNDN);
  }
  void add(double x) { mpfr_set_d(next(53), x, MPFR_RNDN); }
  void clear() { used_ = 0; }
  template <class T>
  T rounded() {
    if (used_ == 0) return numeric::narrow<T>(0.0);
    std::vector<mpfr_ptr> ptrs;
    for (size_t i = 0; i < used_; ++i) ptrs.push_back(terms_[i].get());
    return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
      const int inexact = mpfr_sum(out, ptrs.data(), ptrs.size(), MPFR_RNDN);  // correctly rounded
      return inexact == 0 ? numeric::kExactResult : 1;
    });
  }

 private:
  mpfr_ptr next(mpfr_prec_t precision) {
    if (used_ == terms_.size()) terms_.emplace_back(precision);
    mpfr_ptr t = terms_[used_++].get();
    mpfr_set_prec(t, precision);
    return t;
  }
  std::deque<MpfrValue> terms_;
  size_t used_ = 0;
};

// The exact weight of one corner: the product over the axes of a or 1 - a.
void corner_weight(mpfr_ptr w, const std::vector<conv::AxisSample>& axes, int64_t corner, MpfrValue& factor) {
  mpfr_set_prec(w, 2);
  mpfr_set_ui(w, 1, MPFR_RNDN);
  for (size_t d = 0; d < axes.size(); ++d) {
    const bool high = (corner >> (axes.size() - 1 - d)) & 1;
    const double a = axes[d].a;
    if ((high != axes[d].swapped) || a == 0) {
      mpfr_set_prec(factor, 53);
      mpfr_set_d(factor, (high != axes[d].swapped) ? a : 1.0, MPFR_RNDN);
    } else {  // 1 - a, exact: bits from 2^0 down to a's lowest
      mpfr_set_prec(factor, 55 + std::max<long>(0, -std::ilogb(a)));
      mpfr_ui_sub(factor, 1, MpfrValue(53, a), MPFR_RNDN);
    }
    MpfrValue product(mpfr_get_prec(w) + mpfr_get_prec(factor));
    mpfr_mul(product, w, factor, MPFR_RNDN);
    mpfr_set_prec(w, mpfr_get_prec(product));
    mpfr_set(w, product, MPFR_RNDN);
  }
}

template <class T>
struct DeformInputs {
  std::span<const T> x, w, offset, bias, mask;
};

// The terms one (input channel, tap) adds to output (n, m, o).
template <class T>
void add_tap(const Node& node, const conv::DeformPlan& p, const DeformInputs<T>& d, const core::Index& o, int64_t flat_o,
             int64_t n, int64_t m, int64_t c, int64_t k, ExactTerms& terms) {
  const int64_t cg = p.channels / p.groups, per_offset_group = p.channels / p.offset_groups;
  const int64_t og = c / per_offset_group;
  const core::Index tap = core::unravel(k, p.g.kernel);
  std::vector<conv::AxisSample> axes;
  for (int64_t a = 0; a < p.rank; ++a) {
    const int64_t channel = (og * p.taps + k) * p.rank + a;
    const double off = numeric::widen(d.offset[(n * p.offset_groups * p.taps * p.rank + channel) * p.out_image + flat_o]);
    if (!std::isfinite(off))
      node.mark(Semantics::kImplementationDefined, "a non-finite offset (the reference samples nothing: zero)");
    axes.push_back(conv::axis_sample(p.g.axes[a].position(o[a], tap[a]), off));
    if (axes.back().outside) return;
  }
  const double weight = numeric::widen(d.w[(m * cg + c % cg) * p.taps + k]);
  const double mask = d.mask.empty() ? 1.0 : numeric::widen(d.mask[(n * p.offset_groups * p.taps + og * p.taps + k) * p.out_image + flat_o]);
  const T* image = d.x.data() + (n * p.channels + c) * p.in_image;
  MpfrValue corner_w(2), factor(53);
  for (int64_t corner = 0; corner < (int64_t{1} << p.rank); ++corner) {
    int64_t at = 0;
    bool inside = true, zero = false;
    for (int64_t a = 0; a < p.rank; ++a) {
      const bool high = (corner >> (p.rank - 1 - a)) & 1;
      const int64_t i = axes[a].low + (high ? 1 : 0);
      inside = inside && i >= 0 && i < p.g.axes[a].in;
      at = at * p.g.axes[a].in + i;
      zero = zero || axes[a].weight(high) == 0;
    }
    if (!inside || zero) continue;
    const double xv = numeric::widen(image[at]);
    if (!std::isfinite(xv) || !std::isfinite(weight) || !std::isfinite(mask))
      node.mark(Semantics::kImplementationDefined,
                "a non-finite value read (implementations differ in the corners they read; the reference: those of nonzero weight)");
    corner_weight(corner_w, axes, corner, factor);
    terms.add(weight, mask, xv, corner_w);
  }
}

template <class T>
void deform_as(const Node& node, const Inputs& in, const conv::DeformPlan& p, Tensor& y) {
  DeformInputs<T> d{in[0].data<T>(), in[1].data<T>(), in[2].data<T>(), {}, {}};
  if (in.has(3)) d.bias = in[3].data<T>();
  if (in.has(4)) d.mask = in[4].data<T>();
  auto out = y.data<T>();
  const int64_t cg = p.channels / p.groups, mg = p.out_channels / p.groups;
  ExactTerms terms;
  size_t at = 0;
  for (int64_t n = 0; n < p.batch; ++n)
    for (int64_t m = 0; m < p.out_channels; ++m)
      core::for_each_index(p.g.out_spatial, [&](int64_t flat_o, const core::Index& o) {
        terms.clear();
        if (!d.bias.empty()) {
          const double b = numeric::widen(d.bias[m]);
          if (!std::isfinite(b)) node.mark(Semantics::kImplementationDefined, "a non-finite bias");
          terms.add(b);
        }
        for (int64_t c = (m / mg) * cg; c < (m / mg + 1) * cg; ++c)
          for (int64_t k = 0; k < p.taps; ++k) add_tap<T>(node, p, d, o, flat_o, n, m, c, k, terms);
        out[at++] = terms.rounded<T>();
      });
}

}  // namespace

Tensors deform_conv_v19(const Node& node, const Inputs& in) {
  const conv::DeformPlan p = conv::deform_plan(node, in);
  node.record_terms(p.channels / p.groups * p.taps * (int64_t{1} << p.rank) + (in.has(3) ? 1 : 0));
  Shape shape = {p.batch, p.out_channels};
  shape.insert(shape.end(), p.g.out_spatial.begin(), p.g.out_spatial.end());
  Tensor y(in[0].dtype(), shape);
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) deform_as<T>(node, in, p, y);
    else throw std::logic_error("DeformConv on a non-float type");  // the schema check prevents it
  });
  return {y};
}

}  // namespace touchstone::ops
