// The N-D result of a sampling plan (resample_plan.h): each output element is
// sum over the taps' combinations of (product of the axes' weights) x X[taps], exactly (GMP
// rationals), rounded once to X's type.
// - Nearest (every weight 1, one tap per axis): a copy, any type, as stored.
// - Float types: NaN among the weighted values gives NaN, an infinity that infinity (opposite
//   ones NaN); a NaN or infinity in X is marked implementation-defined, since a backend's
//   zero-weight taps multiply it (0 x inf) where the reference leaves them out.
// - Integer types: the exact value rounded half to even and saturated, marked
//   implementation-defined where it is not already a value of the type (the text does not
//   say how an interpolated integer rounds).
// - tf_crop_and_resize outside [0, in - 1] on any axis: extrapolation_value in X's type.
#include <mpfr.h>

#include <cmath>
#include <limits>

#include "reference/numeric/functions.h"
#include "reference/ops/core/index_space.h"
#include "reference/ops/resample/resample_plan.h"

namespace touchstone::ops::resample {

namespace {

// One output element's taps: the flat X offset and the product weight of each combination.
struct Combination {
  int64_t offset;
  mpq_class weight;
};

std::vector<Combination> combinations(const std::vector<const AxisSample*>& samples, const Shape& strides) {
  std::vector<Combination> all = {{0, mpq_class(1)}};
  for (size_t d = 0; d < samples.size(); ++d) {
    std::vector<Combination> next;
    next.reserve(all.size() * samples[d]->taps.size());
    for (const Combination& c : all)
      for (const Tap& t : samples[d]->taps) next.push_back({c.offset + t.index * strides[d], c.weight * t.weight});
    all = std::move(next);
  }
  return all;
}

// The weighted sum of float values, rounded once to `format`.
template <class T>
double float_sum(const std::span<const T> xd, const std::vector<Combination>& combos, numeric::FloatFormat format) {
  bool nan = false, pos_inf = false, neg_inf = false;
  mpq_class sum = 0;
  for (const Combination& c : combos) {
    const double v = numeric::widen(xd[static_cast<size_t>(c.offset)]);
    if (std::isnan(v)) nan = true;
    else if (std::isinf(v)) ((v > 0) == (sgn(c.weight) > 0) ? pos_inf : neg_inf) = true;
    else sum += c.weight * exact_rational(v);
  }
  if (nan || (pos_inf && neg_inf)) return NAN;
  if (pos_inf || neg_inf) return pos_inf ? INFINITY : -INFINITY;
  if (sgn(sum) == 0) return 0.0;
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) { return mpfr_set_q(out, sum.get_mpq_t(), MPFR_RNDN) == 0 ? numeric::kExactResult : 1; },
      format);
}

// The weighted sum of integers, rounded half to even and saturated into T.
template <class T>
T integer_sum(const Node& node, const std::span<const T> xd, const std::vector<Combination>& combos) {
  mpq_class sum = 0;
  for (const Combination& c : combos) {
    const T v = xd[static_cast<size_t>(c.offset)];
    if constexpr (std::is_signed_v<T>) sum += c.weight * mpq_class(static_cast<long>(v));
    else sum += c.weight * mpq_class(static_cast<unsigned long>(v));
  }
  mpz_class twice = sum.get_num() * 2, q;
  // round(sum) = floor((2 num + den) / (2 den)), ties to even.
  mpz_fdiv_q(q.get_mpz_t(), mpz_class(twice + sum.get_den()).get_mpz_t(), mpz_class(2 * sum.get_den()).get_mpz_t());
  if (mpq_class(q) - sum == mpq_class(1, 2) && mpz_odd_p(q.get_mpz_t())) q -= 1;
  using L = std::numeric_limits<T>;
  const mpz_class lo = std::is_signed_v<T> ? mpz_class(static_cast<long>(L::min())) : mpz_class(0);
  const mpz_class hi = mpz_class(std::to_string(L::max()));
  if (sum.get_den() != 1 || q < lo || q > hi)
    node.mark(Semantics::kImplementationDefined,
              "an interpolated integer that is not a value of the type (rounded half to even, saturated)");
  if (q < lo) q = lo;
  if (q > hi) q = hi;
  if constexpr (std::is_signed_v<T>) return static_cast<T>(q.get_si());
  else return static_cast<T>(std::stoull(q.get_str()));
}

template <class T>
T extrapolated(double v) {
  if constexpr (is_real_float<T>) return numeric::narrow<T>(v);
  else if constexpr (std::is_same_v<T, bool>) return v != 0;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(std::trunc(v));
  else return T{};
}

}  // namespace

Tensor apply_plan(const Node& node, const Tensor& x, const std::vector<AxisPlan>& plans, const Options& o) {
  Shape out_shape;
  for (const AxisPlan& p : plans) out_shape.push_back(static_cast<int64_t>(p.size()));
  Tensor y(x.dtype(), out_shape);
  const Shape strides = core::strides_of(x.shape());
  const bool copy = o.mode == Mode::kNearest;
  visit_dtype(x.dtype(), [&]<class T>() {
    auto xd = x.data<T>();
    auto yd = y.data<T>();
    if constexpr (is_real_float<T>) {
      if (!copy)
        for (const T& v : xd)
          if (!std::isfinite(numeric::widen(v))) {
            node.mark(Semantics::kImplementationDefined,
                      "a NaN or infinity in X: a backend's zero-weight taps multiply it (0 x inf); the reference leaves them out");
            break;
          }
    }
    int64_t j = 0;
    std::vector<const AxisSample*> samples(plans.size());
    for (const core::Index& at : core::IndexSpace(out_shape)) {
      bool extrapolate = false;
      for (size_t d = 0; d < plans.size(); ++d) {
        samples[d] = &plans[d][static_cast<size_t>(at[d])];
        extrapolate = extrapolate || samples[d]->extrapolate;
      }
      T& out = yd[static_cast<size_t>(j++)];
      if (extrapolate) {
        out = extrapolated<T>(o.extrapolation);
        continue;
      }
      const std::vector<Combination> combos = combinations(samples, strides);
      if (copy) {
        out = xd[static_cast<size_t>(combos.front().offset)];
      } else if constexpr (is_real_float<T>) {
        out = numeric::narrow<T>(float_sum<T>(xd, combos, numeric::float_format<T>()));
      } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        out = integer_sum<T>(node, xd, combos);
      } else {
        throw std::logic_error("interpolation of a non-numeric type");  // refused before the plan
      }
    }
  });
  return y;
}

}  // namespace touchstone::ops::resample
