// qlinear.h: the exact requantization of QLinearMatMul and QLinearConv, and its marks.
#include "reference/ops/quant/qlinear.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "reference/error.h"
#include "reference/ops/quant/quant_exact.h"

namespace touchstone::ops::quant {

std::vector<double> element_values(const Tensor& t) {
  std::vector<double> v(static_cast<size_t>(t.size()));
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || is_minifloat<T> || is_small_int<T> || is_integer<T>) {
      auto d = t.data<T>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = exact_of(d[i]);
    } else {
      throw std::logic_error(
          "a quantization parameter of a non-numeric type");  // the schema check prevents it
    }
  });
  return v;
}

void check_per_tensor(const Tensor& t, const char* name) {
  if (!(t.shape().empty() || t.shape() == Shape{1}))
    invalid_model(std::string(name) + " " + shape_to_string(t.shape()) + " must be a scalar (per tensor)");
}

int64_t int32_accumulation(const Node& node, int64_t exact) {
  if (exact >= std::numeric_limits<int32_t>::min() && exact <= std::numeric_limits<int32_t>::max())
    return exact;
  node.mark(Semantics::kUndefined,
            "integer overflow of the int32 accumulation (the result wraps in two's complement)");
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(exact)));
}

namespace {

// v rounded to y's type: ties to even and saturation for integers; one rounding with
// saturation for float8.
template <class Y>
Y rounded_value(const mpq_class& v) {
  if constexpr (is_minifloat<Y>) {
    return rounded_to<Y>(odd_double(v), true);
  } else {
    const mpz_class r = round_half_even(v);
    if (r < static_cast<long>(std::numeric_limits<Y>::min())) return std::numeric_limits<Y>::min();
    if (r > static_cast<long>(std::numeric_limits<Y>::max())) return std::numeric_limits<Y>::max();
    return static_cast<Y>(r.get_si());
  }
}

bool is_float32(const mpq_class& x) {
  if (x == 0) return true;
  const float f = static_cast<float>(odd_double(x));  // x correctly rounded to float
  return std::isfinite(f) && mpq_class(static_cast<double>(f)) == x;
}

// Whether the plain float32 evaluation fl(fl(S * fl(fl(a*b) / y)) + zp) is exact at every step.
bool float32_route_exact(const mpq_class& ab, const mpq_class& m, const mpq_class& sum, const mpq_class& q,
                         const mpq_class& v) {
  return is_float32(ab) && is_float32(m) && is_float32(sum) && is_float32(q) && is_float32(v);
}

template <class Y>
Y requantize_element(const Node& node, const mpq_class& sum, double as, double bs, double ys, double zp) {
  if (!std::isfinite(zp)) {  // a float8 NaN or infinite zero point
    node.mark(Semantics::kUndefined, "a non-finite y_zero_point (y is the zero point)");
    if constexpr (is_minifloat<Y>)
      return rounded_to<Y>(zp, true);
    else
      return Y{};
  }
  if (!std::isfinite(as) || !std::isfinite(bs) || !std::isfinite(ys) || ys == 0) {
    node.mark(Semantics::kUndefined, "a scale that is not finite, or y_scale 0 (y is the zero point)");
    return rounded_value<Y>(mpq_class(zp));
  }
  const mpq_class ab = mpq_class(as) * mpq_class(bs);
  const mpq_class m = ab / mpq_class(ys);
  const mpq_class q = m * sum;
  const mpq_class zero(zp);
  const mpq_class v = q + zero;
  const Y y = rounded_value<Y>(v);
  const mpq_class delta = (abs(q) + abs(zero)) / mpq_class(1 << 20);
  if (delta != 0) {
    const Y lo = rounded_value<Y>(v - delta), hi = rounded_value<Y>(v + delta);
    if (std::memcmp(&lo, &hi, sizeof(Y)) != 0 && !float32_route_exact(ab, m, sum, q, v))
      node.mark(Semantics::kImplementationDefined,
                "the exact value lies within float32 arithmetic's reach (2^-20 (|q| + |zp|)) of a rounding "
                "boundary: a float32 multiplier may round it to the neighbour");
  }
  return y;
}

}  // namespace

Tensor requantized(const Node& node, const QLinearSums& s) {
  Tensor y(s.y_type, s.out);
  visit_dtype(s.y_type, [&]<class Y>() {
    if constexpr (std::is_same_v<Y, int8_t> || std::is_same_v<Y, uint8_t> ||
                  (is_minifloat<Y> && !std::is_same_v<Y, Float4E2M1> && !std::is_same_v<Y, Float8E8M0>)) {
      auto out = y.data<Y>();
      for (size_t i = 0; i < s.sums.size(); ++i)
        out[i] = requantize_element<Y>(node, s.sums[i], s.a_scale[i], s.b_scale[i], s.y_scale, s.y_zero);
    } else {
      throw std::logic_error("a QLinear output of another type");  // the schema check prevents it
    }
  });
  return y;
}

}  // namespace touchstone::ops::quant
