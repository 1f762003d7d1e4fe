// RandomUniform-1, 22, RandomUniformLike-1, 22, RandomNormal-1, 22, RandomNormalLike-1, 22:
// a tensor of independent draws. 22 only adds bfloat16. The type is dtype (default float;
// the *Like ops: the input's type, which must then be a T2 type), the shape the attribute
// `shape` (its dims >= 0) or the input's. Every draw comes from the run's seeded source
// (graph.h RandomSource); `seed` is implementation-defined and the reference ignores it.
//
// - Uniform: u = next_double() (53 random bits, in [0, 1)), low + (high - low) u exactly,
//   rounded once to T; a result that rounds outside [low, high) (to high, or below a low T
//   cannot hold) is drawn again, so every value lies in [low, high). Open: high <= low, a
//   non-finite end, or no value of T in [low, high) (undefined: the reference gives low
//   rounded to T).
// - Normal: z by Marsaglia's polar method (v1, v2 = 2 u - 1 exactly, s = v1^2 + v2^2 exact,
//   redrawn unless 0 < s < 1; z = v1 sqrt(-2 ln s / s)), and mean + scale z as one real
//   number rounded once to T (MPFR at rising precision, numeric::correctly_rounded). Open: a
//   negative scale is no standard deviation (undefined: the formula's answer, N(mean,
//   |scale|)); a non-finite mean or scale (undefined: the formula's IEEE answer).
#include <cmath>

#include "reference/graph.h"
#include "reference/numeric/functions.h"
#include "reference/ops/random/distribution.h"
#include "reference/ops/random/random_ops.h"

namespace touchstone::ops {

namespace {

// How many times a uniform draw that rounds outside [low, high) is redrawn before the
// range is taken to hold no value of T.
constexpr int kUniformRedraws = 200;

// low + (high - low) u, exact (floats and a 53-bit u need about 340 bits), rounded to `format`.
double uniform_rounded(double low, double high, double u, numeric::FloatFormat format) {
  numeric::MpfrValue x(1200, high);
  mpfr_sub_d(x, x, low, MPFR_RNDN);
  mpfr_mul_d(x, x, u, MPFR_RNDN);
  mpfr_add_d(x, x, low, MPFR_RNDN);
  return numeric::round_to_format(x, format);
}

// A pair (v1, v2) of the polar method: each 2u - 1 = k 2^-52 - 1 exactly, kept while
// 0 < v1^2 + v2^2 < 1 (decided on integers: v = a 2^-53 with |a| < 2^53).
struct Polar {
  double v1 = 0, v2 = 0;
};
Polar polar_pair(RandomSource& source) {
  for (;;) {
    const int64_t a = static_cast<int64_t>(source.next_u64() >> 11) * 2 - (int64_t{1} << 53);
    const int64_t b = static_cast<int64_t>(source.next_u64() >> 11) * 2 - (int64_t{1} << 53);
    const unsigned __int128 s = static_cast<unsigned __int128>(static_cast<__int128>(a) * a) +
                                static_cast<unsigned __int128>(static_cast<__int128>(b) * b);
    if (s != 0 && s < (static_cast<unsigned __int128>(1) << 106))
      return {std::ldexp(static_cast<double>(a), -53), std::ldexp(static_cast<double>(b), -53)};
  }
}

// mean + scale v1 sqrt(-2 ln s / s), s = v1^2 + v2^2, rounded once to `format`.
double normal_rounded(double mean, double scale, const Polar& v, numeric::FloatFormat format) {
  if (v.v1 == 0 || scale == 0 || !std::isfinite(mean) || !std::isfinite(scale)) {
    if (!std::isfinite(mean) || !std::isfinite(scale))
      return mean + scale * v.v1;  // IEEE's answer (undefined)
    return numeric::round_to_format(numeric::MpfrValue(64, mean), format);
  }
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        const mpfr_prec_t p = mpfr_get_prec(out) + 8;
        numeric::MpfrValue s(256, v.v1), t(p), term(p);
        mpfr_sqr(s, s, MPFR_RNDN);  // exact: 106 bits
        numeric::MpfrValue v2(256, v.v2);
        mpfr_sqr(v2, v2, MPFR_RNDN);
        mpfr_add(s, s, v2, MPFR_RNDN);     // exact: 107 bits
        mpfr_log(t, s, MPFR_RNDN);         // each step below one rounding at p: relative error
        mpfr_div(t, t, s, MPFR_RNDN);      // under 6 2^-p in all for scale z (sqrt halves the
        mpfr_mul_si(t, t, -2, MPFR_RNDN);  // error it is given)
        mpfr_sqrt(t, t, MPFR_RNDN);
        mpfr_mul_d(t, t, v.v1, MPFR_RNDN);
        mpfr_mul_d(term, t, scale, MPFR_RNDN);
        const double magnitude = std::fabs(mpfr_get_d(term, MPFR_RNDN)) + std::fabs(mean);
        mpfr_add_d(out, term, mean, MPFR_RNDN);
        const double result = std::fabs(mpfr_get_d(out, MPFR_RNDN));
        // The sum's error is 6 2^-p |term| + 2^-p |result| (p the output's precision minus 8),
        // relative to the result: the cancellation's bits, plus 3, plus the 8 bits.
        if (result == 0) return static_cast<int>(mpfr_get_prec(out));
        return 12 + static_cast<int>(std::ceil(std::log2(magnitude / result)));
      },
      format);
}

template <class T>
T element_of(double v) {
  if constexpr (is_real_float<T>)
    return numeric::narrow<T>(v);
  else
    throw std::logic_error("a random op's T is a float type");  // the dtype check prevents it
}

Tensor filled(const randomness::Fill& f, const std::function<double(numeric::FloatFormat)>& draw) {
  Tensor out(f.dtype, f.shape);
  visit_dtype(f.dtype, [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (auto& y : out.data<T>()) y = element_of<T>(draw(numeric::float_format<T>()));
    } else {
      throw std::logic_error("a random op's T is a float type");
    }
  });
  return out;
}

Tensors uniform(const Node& node, const Inputs& in) {
  const randomness::Fill f = randomness::read_fill(node, in, true);
  const double low = f.a, high = f.b;
  bool open = !(std::isfinite(low) && std::isfinite(high) && low < high);
  if (open)
    node.mark(Semantics::kUndefined,
              "[low, high) is empty or not finite (the reference gives low rounded to T)");
  RandomSource& source = node.random();
  return {filled(f, [&](numeric::FloatFormat format) {
    const double fallback = uniform_rounded(low, low, 0, format);
    if (open) return fallback;
    for (int k = 0; k < kUniformRedraws; ++k) {
      const double v = uniform_rounded(low, high, source.next_double(), format);
      if (v >= low && v < high) return v;
    }
    open = true;
    node.mark(Semantics::kUndefined,
              "no value of T lies in [low, high) (the reference gives low rounded to T)");
    return fallback;
  })};
}

Tensors normal(const Node& node, const Inputs& in) {
  const randomness::Fill f = randomness::read_fill(node, in, false);
  if (f.b < 0)
    node.mark(Semantics::kUndefined,
              "a negative scale is no standard deviation (the reference: N(mean, |scale|))");
  if (!std::isfinite(f.a) || !std::isfinite(f.b))
    node.mark(Semantics::kUndefined, "mean or scale is not finite (the formula's IEEE answer)");
  RandomSource& source = node.random();
  return {filled(
      f, [&](numeric::FloatFormat format) { return normal_rounded(f.a, f.b, polar_pair(source), format); })};
}

}  // namespace

// RandomUniform-1, 22 (+bfloat16).
Tensors random_uniform_v1(const Node& node, const Inputs& in) { return uniform(node, in); }
// RandomUniformLike-1, 22 (+bfloat16): the shape and, without dtype, the type of the input.
Tensors random_uniform_like_v1(const Node& node, const Inputs& in) { return uniform(node, in); }
// RandomNormal-1, 22 (+bfloat16).
Tensors random_normal_v1(const Node& node, const Inputs& in) { return normal(node, in); }
// RandomNormalLike-1, 22 (+bfloat16): the shape and, without dtype, the type of the input.
Tensors random_normal_like_v1(const Node& node, const Inputs& in) { return normal(node, in); }

}  // namespace touchstone::ops
