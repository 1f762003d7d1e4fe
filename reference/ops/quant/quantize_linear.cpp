// QuantizeLinear-10, 13, 19, 21, 23 and DynamicQuantizeLinear-11 (at the end).
//
// QuantizeLinear-10, 13, 19, 21, 23 (24 and 25 share 23's kernel: +float8e8m0 scales, +int2/uint2):
// y = saturate(round(x / y_scale) + y_zero_point): the quotient divided in the division's
// precision (below) and correctly rounded to it from the exact rational (quant_exact.h: no double
// rounding), then rounded half to even; y_scale per tensor, per axis or blocked as
// quant_layout.h says.
//
// - 10: per tensor; x float or int32, y uint8 (y_zero_point absent) or int8.
// - 13: per axis (`axis`).
// - 19: float16/bfloat16 x (y_scale x's type), float8 outputs: x / y_scale + y_zero_point
//   converted once by Cast's rules, `saturate` choosing the largest finite value over inf/NaN.
// - 21: blocked (`block_size`), `output_dtype`, int16/uint16/int4/uint4.
// - 23: x and y_scale of different types, `precision` (the division's type), float4e2m1.
//
// The division's precision: float in 10 and 13 (x_scale is float), y_scale's type in 19 and 21
// (x's), from 23 `precision` or y_scale's type as the text says; a type that is no float to
// divide in (int32, float8e8m0 scales) keeps the exact quotient. ONNX's own tests divide so
// (test_dynamicquantizelinear_expanded: 0.5 / fl(5/255) is 25.5 in float, 25.4999... exactly).
// What ONNX leaves open, and the reference's answer: before 23 the text writes the real
// quotient, and backends divide in float, in double, or multiply by 1 / y_scale. Where the
// quotient divided in the precision and the exact one round to different results (it lies
// within that precision's rounding of a half-integer, or of a float8 rounding boundary), the
// element is marked implementation-defined; the reference gives the divided one. NaN inputs to
// an integer type and a zero y_scale: the text says nothing; the zero point (NaN) and
// x/0 = ±inf saturated, marked undefined.
#include <cstring>
#include <limits>

#include "reference/node_check.h"
#include "reference/ops/quant/quant_exact.h"
#include "reference/ops/quant/quant_layout.h"
#include "reference/ops/quant/quant_ops.h"
#include "reference/schema.h"

namespace touchstone::ops {

namespace {

using quant::exact_of;

struct QuantizeRules {
  int since;
  quant::Granularities granularities;
  bool output_dtype = false;   // 21+
  bool mixed_types = false;    // 23+: `precision`, y_scale's own type
};

// Every element of `t` as its exact double.
std::vector<double> exact_values(const Tensor& t) {
  std::vector<double> v(static_cast<size_t>(t.size()));
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || is_minifloat<T> || is_small_int<T> || is_integer<T>) {
      auto d = t.data<T>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = exact_of(d[i]);
    } else {
      throw std::logic_error("QuantizeLinear on a non-numeric type");  // the schema check prevents it
    }
  });
  return v;
}

// x / s as an exact rational, or what IEEE division gives where it is not finite.
struct Quotient {
  enum Kind { kFinite, kPlusInf, kMinusInf, kNaN } kind = kFinite;
  mpq_class q;
};

Quotient quotient(double x, double s) {
  if (std::isnan(x) || std::isnan(s) || (x == 0 && s == 0) || (std::isinf(x) && std::isinf(s))) return {Quotient::kNaN, {}};
  if (std::isinf(x) || s == 0) {
    const bool negative = std::signbit(x) != std::signbit(s);
    return {negative ? Quotient::kMinusInf : Quotient::kPlusInf, {}};
  }
  if (std::isinf(s)) return {Quotient::kFinite, 0};
  mpq_class q = mpq_class(x) / mpq_class(s);
  return {Quotient::kFinite, q};
}

// saturate(round(q) + zp) in the integer type Y, or (q + zp) rounded once to the float type Y.
template <class Y>
Y quantized(const Quotient& q, double zp, bool saturate) {
  if constexpr (is_minifloat<Y>) {
    double value = NAN;
    if (q.kind == Quotient::kPlusInf) value = INFINITY;
    else if (q.kind == Quotient::kMinusInf) value = -INFINITY;
    else if (q.kind == Quotient::kFinite) value = quant::odd_double(q.q + mpq_class(zp));
    return quant::rounded_to<Y>(value, saturate);
  } else {
    int64_t lo, hi;
    if constexpr (is_small_int<Y>) {
      lo = Y::kMin, hi = Y::kMax;
    } else {
      lo = std::numeric_limits<Y>::min(), hi = std::numeric_limits<Y>::max();
    }
    int64_t v = static_cast<int64_t>(zp);
    if (q.kind == Quotient::kPlusInf) v = hi;
    else if (q.kind == Quotient::kMinusInf) v = lo;
    else if (q.kind == Quotient::kFinite) {
      const mpz_class r = quant::round_half_even(q.q) + static_cast<long>(zp);
      v = cmp(r, hi) > 0 ? hi : cmp(r, lo) < 0 ? lo : r.get_si();
    }
    v = std::clamp(v, lo, hi);
    if constexpr (is_small_int<Y>) return Y{static_cast<typename Y::Value>(v)};
    else return static_cast<Y>(v);
  }
}

// A quotient already divided (a double, maybe infinite after the division's overflow).
Quotient quotient_of(double divided) {
  if (std::isinf(divided)) return {divided > 0 ? Quotient::kPlusInf : Quotient::kMinusInf, {}};
  return {Quotient::kFinite, mpq_class(divided)};
}

// The quotient as a division in `precision` would give it (finite quotients only): the exact
// quotient rounded once to that type; nullopt where the type is not a float (int32, e8m0).
std::optional<double> divided_in(DType precision, const mpq_class& q) {
  const double odd = quant::odd_double(q);
  switch (precision) {
    case DType::kFloat: return static_cast<double>(numeric::narrow<float>(odd));
    case DType::kFloat16: return numeric::widen(numeric::narrow<Float16>(odd));
    case DType::kBFloat16: return numeric::widen(numeric::narrow<BFloat16>(odd));
    default: return std::nullopt;
  }
}

// The version the node runs as ("QuantizeLinear-25": 25), for the rows that share a kernel.
int since_of(const Node& node) {
  const std::string& label = node.op_version();
  return std::stoi(label.substr(label.rfind('-') + 1));
}

DType output_type(const Node& node, const Inputs& in, const QuantizeRules& rules) {
  const bool has_zp = in.has(2);
  const DType zp = has_zp ? in[2].dtype() : DType::kUInt8;
  const int64_t code = rules.output_dtype ? node.attr_int("output_dtype", 0) : 0;
  if (code == 0) return zp;
  const std::optional<DType> asked = dtype_from_code(static_cast<int>(code));
  const Schema* schema = find_schema("", "QuantizeLinear", since_of(node));
  const char* param = rules.mixed_types ? "T3" : "T2";
  bool allowed = false;
  for (DType t : allowed_dtypes(*schema, param)) allowed = allowed || (asked && t == *asked);
  if (!allowed)
    invalid_model("output_dtype " + std::to_string(code) + " is outside type constraint " + param);
  if (has_zp && zp != *asked)
    invalid_model("output_dtype " + tensor_type_string(*asked) + " and y_zero_point's " + tensor_type_string(zp) +
                  " differ; when both are given output_dtype must be y_zero_point's type");
  return *asked;
}

DType division_precision(const Node& node, const Inputs& in, const QuantizeRules& rules) {
  if (rules.since < 19) return DType::kFloat;
  const int64_t code = rules.mixed_types ? node.attr_int("precision", 0) : 0;
  if (code == 0) return in[1].dtype();
  const std::optional<DType> p = dtype_from_code(static_cast<int>(code));
  if (!p || !(is_float_dtype(*p) || *p == DType::kInt32))
    invalid_model("precision " + std::to_string(code) + " is not a type the division can be made in");
  return *p;
}

template <class Y>
void quantize_all(const Node& node, const Inputs& in, const quant::QuantLayout& layout, DType precision, Tensor& y) {
  const std::vector<double> x = exact_values(in[0]), scale = exact_values(in[1]);
  const std::vector<double> zero = in.has(2) ? exact_values(in[2]) : std::vector<double>(scale.size(), 0.0);
  const bool saturate = node.attr_int("saturate", 1) != 0;
  auto out = y.data<Y>();
  for (size_t i = 0; i < x.size(); ++i) {
    const int64_t k = layout.scale_index(static_cast<int64_t>(i));
    const double s = scale[k], zp = zero[k];
    const Quotient exact = quotient(x[i], s);
    if (s == 0) node.mark(Semantics::kUndefined, "y_scale is 0 (x / 0 taken as IEEE's +-inf, or NaN for 0 / 0)");
    if (exact.kind == Quotient::kNaN && !is_minifloat<Y>)
      node.mark(Semantics::kUndefined, "a NaN quantized to an integer type (the reference gives the zero point)");
    const std::optional<double> in_precision =
        exact.kind == Quotient::kFinite ? divided_in(precision, exact.q) : std::nullopt;
    if (!in_precision) {
      out[i] = quantized<Y>(exact, zp, saturate);
      continue;
    }
    const Quotient divided = quotient_of(*in_precision);
    out[i] = quantized<Y>(divided, zp, saturate);
    const Y from_exact = quantized<Y>(exact, zp, saturate);
    if (std::memcmp(&from_exact, &out[i], sizeof(Y)) != 0)
      node.mark(Semantics::kImplementationDefined,
                "x / y_scale lies within " + std::string(dtype_name(precision)) +
                    "'s rounding of a rounding boundary: the quotient divided in " + std::string(dtype_name(precision)) +
                    " (the reference's) and the exact one round to different results");
  }
}

Tensors quantize(const Node& node, const Inputs& in, const QuantizeRules& rules) {
  const DType out_type = output_type(node, in, rules);
  const std::optional<Shape> zp_shape = in.has(2) ? std::optional<Shape>(in[2].shape()) : std::nullopt;
  const quant::QuantLayout layout =
      quant::quant_layout(node, in[0].shape(), in[1].shape(), zp_shape, rules.granularities, "y_scale");
  const DType precision = division_precision(node, in, rules);
  Tensor y(out_type, in[0].shape());
  visit_dtype(out_type, [&]<class Y>() {
    if constexpr (is_minifloat<Y> || is_small_int<Y> || (is_integer<Y> && sizeof(Y) <= 2)) {
      quantize_all<Y>(node, in, layout, precision, y);
    } else {
      throw std::logic_error("QuantizeLinear to an unquantized type");  // output_type() prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace

Tensors quantize_linear_v10(const Node& node, const Inputs& in) {
  return quantize(node, in, {10, quant::Granularities::kPerTensor});
}
Tensors quantize_linear_v13(const Node& node, const Inputs& in) {
  return quantize(node, in, {13, quant::Granularities::kPerAxis});
}
Tensors quantize_linear_v19(const Node& node, const Inputs& in) {
  return quantize(node, in, {19, quant::Granularities::kPerAxis});
}
Tensors quantize_linear_v21(const Node& node, const Inputs& in) {
  return quantize(node, in, {21, quant::Granularities::kBlocked, true});
}
Tensors quantize_linear_v23(const Node& node, const Inputs& in) {
  return quantize(node, in, {23, quant::Granularities::kBlocked, true, true});
}

namespace {

// A division's result as the text's float formula gives it: the quotient divided in float
// (rounded once), then rounded half to even; marked where the exact quotient rounds otherwise
// (DynamicQuantizeLinear's zero point and y).
uint8_t quantized_u8(const Node& node, const Quotient& q, double zp, const char* what) {
  if (q.kind != Quotient::kFinite) return quantized<uint8_t>(q, zp, true);
  const uint8_t in_float = quantized<uint8_t>(Quotient{Quotient::kFinite, mpq_class(*divided_in(DType::kFloat, q.q))}, zp, true);
  if (in_float != quantized<uint8_t>(q, zp, true))
    node.mark(Semantics::kImplementationDefined,
              std::string(what) + ": the float quotient (the reference's, as the text's float formula) rounds otherwise than the exact one");
  return in_float;
}

}  // namespace

// DynamicQuantizeLinear-11: y_scale = (max(0, max x) - min(0, min x)) / 255 in float (the
// subtraction and the division each rounded to float, as the text's float formula);
// y_zero_point = saturate(round(0 - min / y_scale)) and y = saturate(round(x / y_scale) + y_zero_point),
// each quotient divided in float as the formula's float tensors are (ONNX's node tests agree:
// 0.5 / fl(5/255) is 25.5 in float, 25.4999... exactly; ties to even give 26), then rounded half to
// even; marked implementation-defined where the exact quotient would round otherwise. Open, and the reference's answer: x all zero (or empty)
// gives y_scale 0 and the text's 0/0: zero point 0 and y 0, marked implementation-defined;
// a NaN in x (no max or min): marked undefined, NaNs skipped.
Tensors dynamic_quantize_linear_v11(const Node& node, const Inputs& in) {
  const std::vector<double> x = exact_values(in[0]);
  double high = 0, low = 0;
  for (double v : x) {
    if (std::isnan(v)) {
      node.mark(Semantics::kUndefined, "a NaN in x (its max and min are undefined; the reference skips NaNs)");
      continue;
    }
    high = std::max(high, v);
    low = std::min(low, v);
  }
  const bool finite = std::isfinite(high) && std::isfinite(low);
  const float range = finite ? numeric::narrow<float>(quant::odd_double(mpq_class(high) - mpq_class(low))) : INFINITY;
  const float scale = std::isfinite(range) ? numeric::narrow<float>(quant::odd_double(mpq_class(range) / 255)) : INFINITY;
  Tensor y(DType::kUInt8, in[0].shape()), y_scale(DType::kFloat, {}), y_zero(DType::kUInt8, {});
  y_scale.data<float>()[0] = scale;
  if (scale == 0 || !std::isfinite(scale)) {
    node.mark(scale == 0 ? Semantics::kImplementationDefined : Semantics::kUndefined,
              scale == 0 ? "x all zero: y_scale 0 and the text's 0 / 0 (the reference gives zero point 0 and y 0)"
                         : "an infinite x: y_scale is inf (the reference gives zero point 0 and y 0)");
    return {std::move(y), std::move(y_scale), std::move(y_zero)};
  }
  const uint8_t zp = quantized_u8(node, quotient(-low, scale), 0, "the zero point");
  y_zero.data<uint8_t>()[0] = zp;
  auto out = y.data<uint8_t>();
  for (size_t i = 0; i < x.size(); ++i) out[i] = quantized_u8(node, quotient(x[i], scale), zp, "y");
  return {std::move(y), std::move(y_scale), std::move(y_zero)};
}

}  // namespace touchstone::ops
