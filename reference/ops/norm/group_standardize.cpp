// The exact standardization of the normalizations (group_standardize.h has the formulas).
#include "reference/ops/norm/group_standardize.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "reference/broadcast.h"
#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/numeric/functions.h"
#include "reference/ops/core/axes.h"

namespace touchstone::ops::norm {

namespace {

using numeric::kExactResult;
using numeric::MpfrValue;

// out = f(out) exactly: the precision doubles until MPFR reports no rounding.
template <class F>
void exactly(mpfr_ptr out, const F& f) {
  for (mpfr_prec_t p = 128;; p *= 2) {
    mpfr_set_prec(out, p);
    if (f(out) == 0) return;
  }
}

numeric::FloatFormat format_of(DType t) {
  numeric::FloatFormat f = numeric::float_format<double>();
  visit_dtype(t, [&]<class T>() {
    if constexpr (is_real_float<T>) f = numeric::float_format<T>();
  });
  return f;
}

}  // namespace

GroupStats::GroupStats(const std::vector<double>& x, bool centered, double epsilon)
    : n_(static_cast<int64_t>(x.size())), centered_(centered) {
  mpfr_init2(s1_, 2);
  mpfr_init2(v_, 2);
  numeric::ExactAccumulator sum, squares;
  for (double v : x) {
    sum.add(v);
    squares.add_product(v, v);
    special_ |= !std::isfinite(v);
  }
  if (special_ || n_ == 0) return;
  sum.exact(s1_);
  MpfrValue s2(2);
  squares.exact(s2);
  const auto n = static_cast<unsigned long>(n_);
  // V = n S2 - S1^2 (centered) + n^2 epsilon
  exactly(v_, [&](mpfr_ptr o) { return mpfr_mul_ui(o, s2, n, MPFR_RNDN); });
  if (centered) {
    MpfrValue square(2);
    exactly(square, [&](mpfr_ptr o) { return mpfr_sqr(o, s1_, MPFR_RNDN); });
    MpfrValue t(mpfr_get_prec(v_));
    mpfr_set(t, v_, MPFR_RNDN);
    exactly(v_, [&](mpfr_ptr o) { return mpfr_sub(o, t, square, MPFR_RNDN); });
  }
  MpfrValue e(2);
  exactly(e, [&](mpfr_ptr o) { return mpfr_mul_d(o, MpfrValue(64, static_cast<double>(n_) * n_), epsilon, MPFR_RNDN); });
  MpfrValue t(mpfr_get_prec(v_));
  mpfr_set(t, v_, MPFR_RNDN);
  exactly(v_, [&](mpfr_ptr o) { return mpfr_add(o, t, e, MPFR_RNDN); });
  sign_v_ = mpfr_sgn(v_);
}

GroupStats::~GroupStats() {
  mpfr_clear(s1_);
  mpfr_clear(v_);
}

double GroupStats::mean(numeric::FloatFormat f) const {
  if (special_ || n_ == 0) return NAN;
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) { return mpfr_div_ui(out, s1_, static_cast<unsigned long>(n_), MPFR_RNDN) == 0 ? kExactResult : 1; },
      f);
}

double GroupStats::inv_std_dev(numeric::FloatFormat f) const {
  if (special_ || n_ == 0 || sign_v_ < 0) return NAN;
  if (sign_v_ == 0) return INFINITY;
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        // 1/sqrt(V) at p + 8 bits, then times n: relative error below 2^-(p+8) + 2^-p.
        MpfrValue r(mpfr_get_prec(out) + 8);
        const bool exact_root = mpfr_rec_sqrt(r, v_, MPFR_RNDN) == 0;
        const bool exact = mpfr_mul_ui(out, r, static_cast<unsigned long>(n_), MPFR_RNDN) == 0;
        return exact_root && exact ? kExactResult : 2;
      },
      f);
}

double GroupStats::standardized(double x, double scale, double bias, numeric::FloatFormat f) const {
  if (special_ || n_ == 0 || sign_v_ <= 0) return NAN;
  MpfrValue a(2), product(2);
  exactly(a, [&](mpfr_ptr o) {
    const int t = mpfr_mul_d(o, MpfrValue(64, static_cast<double>(n_)), x, MPFR_RNDN);
    return centered_ ? t | mpfr_sub(o, o, s1_, MPFR_RNDN) : t;
  });
  if (!std::isfinite(scale) || !std::isfinite(bias)) {
    // Infinite or NaN scale or bias: the extended-real value, which IEEE arithmetic on any
    // nonzero approximation of a / sqrt(V) of the right sign gives exactly.
    const double q = mpfr_zero_p(a.get()) ? 0.0 : mpfr_sgn(a.get()) > 0 ? 1.0 : -1.0;
    return numeric::correctly_rounded([&](mpfr_ptr out) { return mpfr_set_d(out, scale * q + bias, MPFR_RNDN), kExactResult; }, f);
  }
  exactly(product, [&](mpfr_ptr o) { return mpfr_mul_d(o, a, scale, MPFR_RNDN); });
  if (mpfr_zero_p(product.get())) {
    const double zero = (mpfr_signbit(a.get()) != std::signbit(scale)) ? -0.0 : 0.0;  // IEEE's (+0 or a) * scale
    return numeric::correctly_rounded([&](mpfr_ptr out) { return mpfr_set_d(out, zero + bias, MPFR_RNDN), kExactResult; }, f);
  }
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        // q = product / sqrt(V) with two roundings at p + 8 bits (relative error below
        // 2^-(p+6)), then q + bias rounded at p bits (half an ulp of out). With |q| / |y| below
        // 2^(gap+1), the error is below 2^-p |y| (1 + 2^(gap-5)) <= 2^(slack-p) |y| for
        // slack = 2 + max(0, gap - 5) (one bit spare for y's own approximation).
        const mpfr_prec_t p = mpfr_get_prec(out);
        MpfrValue root(p + 8), q(p + 8);
        const bool exact_root = mpfr_sqrt(root, v_, MPFR_RNDN) == 0;
        const bool exact_q = mpfr_div(q, product, root, MPFR_RNDN) == 0;
        const bool exact_y = mpfr_add_d(out, q, bias, MPFR_RNDN) == 0;
        if (exact_root && exact_q && exact_y) return kExactResult;
        if (mpfr_zero_p(out)) return static_cast<int>(p);  // cancelled: more precision decides
        const long gap = static_cast<long>(mpfr_get_exp(q) - mpfr_get_exp(out));
        return static_cast<int>(2 + std::max(0L, gap - 5));
      },
      f);
}

std::vector<double> values(const Tensor& t) {
  std::vector<double> v;
  v.reserve(static_cast<size_t>(t.size()));
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (const auto& e : t.data<T>()) v.push_back(numeric::widen(e));
    } else {
      throw std::logic_error("a normalization on a non-float tensor");  // the schema check prevents it
    }
  });
  return v;
}

void store(Tensor& y, const std::vector<double>& v) {
  visit_dtype(y.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto d = y.data<T>();
      for (size_t i = 0; i < v.size(); ++i) d[i] = numeric::narrow<T>(v[i]);
    }
  });
}

Tensor tensor_from(DType dtype, const Shape& shape, const std::vector<double>& v) {
  Tensor t(dtype, shape);
  store(t, v);
  return t;
}

Standardized standardize(const Node& node, const Tensor& x, const Tensor* scale, const Tensor* bias, const Plan& plan,
                         DType y_type, bool stats, DType stats_type) {
  const std::vector<double> xv = values(x);
  const std::vector<double> sv = scale ? values(*scale) : std::vector<double>{};
  const std::vector<double> bv = bias ? values(*bias) : std::vector<double>{};
  const numeric::FloatFormat yf = format_of(y_type), sf = format_of(stats_type);
  const auto groups = static_cast<int64_t>(plan.bases.size());
  const auto n = static_cast<int64_t>(plan.offsets.size());
  node.record_terms(n);
  std::vector<double> y(xv.size()), means, invs;
  std::vector<double> group(static_cast<size_t>(n));
  for (int64_t g = 0; g < groups; ++g) {
    for (int64_t k = 0; k < n; ++k) group[k] = xv[plan.bases[g] + plan.offsets[k]];
    const GroupStats st(group, plan.centered, plan.epsilon);
    if (st.special())
      node.mark(Semantics::kImplementationDefined, "a NaN or an infinity in a normalized group (the group is NaN)");
    else if (n == 0)
      node.mark(Semantics::kImplementationDefined, "an empty normalized group (its Mean and InvStdDev are 0/0: NaN)");
    else if (st.degenerate())
      node.mark(Semantics::kImplementationDefined,
                "variance + epsilon <= 0 (a constant group with epsilon 0: 0/0; the group is NaN)");
    for (int64_t k = 0; k < n; ++k) {
      const int64_t i = plan.bases[g] + plan.offsets[k];
      const double s = scale ? sv[plan.scale_at[i]] : 1.0, b = bias ? bv[plan.bias_at[i]] : 0.0;
      y[i] = st.standardized(xv[i], s, b, yf);
    }
    if (stats) {
      means.push_back(st.mean(sf));
      invs.push_back(st.inv_std_dev(sf));
    }
  }
  return {tensor_from(y_type, x.shape(), y), std::move(means), std::move(invs)};
}

DType stash_dtype(const Node& node, const std::vector<DType>& allowed, const std::string& rule) {
  const int64_t code = node.attr_int("stash_type", 1);
  const auto t = code >= 0 && code <= 1000 ? dtype_from_code(static_cast<int>(code)) : std::nullopt;
  if (!t || std::find(allowed.begin(), allowed.end(), *t) == allowed.end())
    invalid_model("stash_type " + std::to_string(code) + ": " + rule);
  return *t;
}

std::vector<int64_t> broadcast_index(const Shape& x, const Shape& shape, const std::string& what) {
  if (shape.size() > x.size())
    invalid_model(what + " " + shape_to_string(shape) + " is not unidirectionally broadcastable to X " + shape_to_string(x));
  for (size_t d = 0; d < shape.size(); ++d) {
    const int64_t s = shape[d], target = x[x.size() - shape.size() + d];
    if (s != target && s != 1)
      invalid_model(what + " " + shape_to_string(shape) + " is not unidirectionally broadcastable to X " +
                    shape_to_string(x));
  }
  const BroadcastPlan plan = unidirectional_broadcast(x, shape);
  std::vector<int64_t> at(static_cast<size_t>(element_count(x)));
  for_each_broadcast<2>(plan, [&](int64_t i, const std::array<int64_t, 2>& off) { at[i] = off[1]; });
  return at;
}

Plan trailing_rows(const Node& node, const Shape& x) {
  const auto rank = static_cast<int64_t>(x.size());
  const int64_t axis = core::normalize_axis(node.attr_int("axis", -1), rank, core::Negative::kAllowed);
  std::vector<bool> reduced(x.size(), false);
  for (int64_t d = axis; d < rank; ++d) reduced[static_cast<size_t>(d)] = true;
  core::AxesSplit split = core::split_over(x, reduced);
  Plan plan;
  plan.bases = std::move(split.bases);
  plan.offsets = std::move(split.offsets);
  plan.epsilon = node.attr_float("epsilon", 1e-5f);
  plan.axis = axis;
  return plan;
}

}  // namespace touchstone::ops::norm
