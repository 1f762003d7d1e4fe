// Case specs of QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear (quant_table.cpp says
// what each sweeps). QuantizeLinear's ties come only where a case is tagged so: x = 2k+1 over
// y_scale 2 (every type holds both). The other cases' scales are 0.2 times a power of two below
// 1/4 (in every float type an odd mantissa of 8 bits or more, so (2k+1) s / 2 is no value of the
// type for k > 0, and s / 2 lies below the drawn x's least magnitude 1/8), or odd integers for
// int32 scales; 1/16 for float8e8m0 ones (x / 2^-4 is a half-integer only for x = (2k+1)/32:
// the float x drawn there has a random 24-bit mantissa).
// Values that no type holds are rounded once to it by tensor_of. Drawn x are tagged
// drawn-quotient, not random: a drawn x / y_scale may lie within the division precision's
// rounding of a rounding boundary, which the reference marks implementation-defined.
// DequantizeLinear-23 on names y's type in an "output:<type>" tag (coverage counts it).
// Every (x, y_scale, y) combination of QuantizeLinear-23 on has an exact case in smoke.
#include <cmath>
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/quant/quant_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

bool is_float8_or_4(DType t) { return is_minifloat_dtype(t); }

// One (x type, scale type, y type) combination of QuantizeLinear.
struct QuantizeDrafter {
  const CatalogRow& row;
  DType tx, ts, ty;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  std::string id(const std::string& name) const { return case_id(row, {tx, ts, ty}, name); }
  // x (shape, values or random), scale and zero point (shape; values or a repeated default).
  void one(const std::string& name, const Shape& xs, std::vector<double> x, const Shape& ss, std::vector<double> scale,
           std::vector<double> zp, Attrs attrs = {}, std::vector<std::string> tags = {"drawn-quotient"},
           const std::string& rule = "", bool with_zp = true) {
    const Tensor xt = x.empty() ? random_of(id(name), tx, xs, Domain{.int_lo = -300, .int_hi = 300, .exp_lo = -3, .exp_hi = 7})
                                : tensor_of(tx, xs, x);
    const int64_t n = product_of(ss);
    if (scale.size() == 1 && n != 1) scale.assign(static_cast<size_t>(n), scale[0]);
    if (zp.size() == 1 && n != 1) zp.assign(static_cast<size_t>(n), zp[0]);
    if (ts == DType::kInt32)  // an int32 y_scale (19 and 21 with int32 x, 23 on): odd whole scales
      for (double& v : scale) v = v < 1 ? 2 * std::floor(0.5 / v) + 1 : v;
    std::vector<Tensor> in = {xt, tensor_of(ts, ss, scale)};
    // A zero point of another length than the scale's takes its own 1-D shape (the refusals).
    const Shape zs = static_cast<int64_t>(zp.size()) == n ? ss : Shape{static_cast<int64_t>(zp.size())};
    if (with_zp) in.push_back(tensor_of(ty, zs, zp));
    add(out, name, std::move(in), std::move(attrs), std::move(tags), rule.empty() ? "" : row.label() + ": " + rule,
        smoke && rule.empty());
    smoke = false;
  }
  static int64_t product_of(const Shape& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
  }
};

// A zero point inside every output type's range: 1 (0 for the float types is the usual one).
double middle_zero_point(DType ty) { return is_float8_or_4(ty) ? 0.0 : 1.0; }

void quantize_values(QuantizeDrafter& d, int since) {
  const double zp = middle_zero_point(d.ty);
  // x / 2 = -3.5 ... 3.5: ties to even give -4 -2 -2 0 0 2 2 4 (a half away from zero: -4 -3 -2 -1 1 2 3 4).
  // (float8 and float4 outputs round x / 2 to their own precision, not to an integer: no tie there)
  d.one("ties_half_even", {8}, {-7, -5, -3, -1, 1, 3, 5, 7}, {}, {2}, {zp}, {}, {is_float8_or_4(d.ty) ? "exact" : "tie"});
  d.one("random_3x5", {3, 5}, {}, {}, {0.2}, {zp});
  d.one("exact_multiples", {6}, {-8, -4, 0, 2, 4, 12}, {}, {2}, {zp}, {}, {"exact"});
  d.one("saturation", {6}, {-3e4, -1000, -600, 600, 1000, 3e4}, {}, {2}, {zp}, {}, {"saturation"});
  if (is_float_dtype(d.tx)) d.one("specials", {4}, {INFINITY, -INFINITY, 0.0, -0.0}, {}, {2}, {zp}, {}, {"special-values"});
  if (since >= 13 && !is_float8_or_4(d.ty)) {
    d.one("per_axis_2x3x4_axis1", {2, 3, 4}, {}, {3}, {0.2, 0.1, 0.05}, {0, 1, 2}, {}, {"per-axis"});
    d.one("per_axis_2x3x4_axis_-1", {2, 3, 4}, {}, {4}, {0.2, 0.1, 0.05, 0.025}, {1, 0, 2, 3},
          {make_attr("axis", int64_t{-1})}, {"per-axis"});
  }
  if (since >= 21 && !is_float8_or_4(d.ty)) {
    d.one("blocked_2x6_axis1_b4", {2, 6}, {}, {2, 2}, {0.2, 0.1, 0.05, 0.025}, {0, 1, 2, 3},
          {make_attr("axis", int64_t{1}), make_attr("block_size", int64_t{4})}, {"blocked"});
    d.one("blocked_4x3_axis0_b2", {4, 3}, {}, {2, 3}, {0.2, 0.1, 0.05, 0.025, 0.2, 0.1}, {0, 1, 2, 3, 1, 0},
          {make_attr("axis", int64_t{0}), make_attr("block_size", int64_t{2})}, {"blocked"});
  }
}

void quantize_refusals(QuantizeDrafter& d, int since) {
  d.one("refuse_zero_point_shape", {3, 4}, {}, {}, {0.3}, {1, 1}, {}, {"shape"}, "y_zero_point has y_scale's shape");
  if (since < 13) {
    d.one("refuse_per_axis_scale", {3, 4}, {}, {4}, {0.3}, {1}, {}, {"shape"}, "y_scale is a scalar (per tensor)");
    return;
  }
  d.one("refuse_axis_3_rank_3", {2, 3, 4}, {}, {3}, {0.3}, {1}, {make_attr("axis", int64_t{3})}, {"attribute"},
        "axis in [-r, r-1]");
  d.one("refuse_scale_length", {2, 3, 4}, {}, {5}, {0.3}, {1}, {}, {"shape"}, "a 1-D y_scale has x's extent along axis");
  if (since < 21) return;
  d.one("refuse_block_size_out_of_range", {2, 6}, {}, {2, 2}, {0.3}, {1},
        {make_attr("axis", int64_t{1}), make_attr("block_size", int64_t{2})}, {"attribute"},
        "block_size in [ceil(D/S), ceil(D/(S-1))-1]");
  d.one("refuse_2d_scale_without_block_size", {2, 6}, {}, {2, 2}, {0.3}, {1}, {}, {"shape"},
        "a y_scale of x's rank is blocked quantization and needs block_size");
}

}  // namespace

void quantize_linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int since = row.since_version;
  const auto params = input_type_params(row);
  const std::vector<DType> x_types = params[0].allowed;
  const std::vector<DType> y_types = params.back().allowed;
  for (DType tx : x_types)
    for (DType ty : y_types) {
      const DType ts = since < 19 ? DType::kFloat : since < 23 ? tx : DType::kFloat;
      if (since >= 23)  // every other y_scale type with this (x, y): one exact case each, in smoke
        for (DType other : params[1].allowed) {
          if (other == DType::kFloat) continue;
          QuantizeDrafter e{row, tx, other, ty, out};
          e.one("scale_type_exact_multiples", {6}, {-8, -4, 0, 2, 4, 12}, {}, {2}, {middle_zero_point(ty)}, {},
                {"exact"});
        }
      QuantizeDrafter d{row, tx, ts, ty, out};
      quantize_values(d, since);
      if (since >= 19 && is_float8_or_4(ty) && ty != DType::kFloat4E2M1)
        d.one("float8_no_saturate", {4}, {1e6, -1e6, INFINITY, 3}, {}, {2}, {0}, {make_attr("saturate", int64_t{0})},
              {"saturation"});
      if (tx == x_types.front() && ty == y_types.front()) quantize_refusals(d, since);
    }
  if (since >= 21) {  // output_dtype: without a zero point, and contradicting one
    QuantizeDrafter d{row, DType::kFloat, DType::kFloat, DType::kInt8, out, false};
    d.one("output_dtype_int8_no_zero_point", {6}, {-7, -5, -3, 3, 5, 300}, {}, {2}, {0},
          {make_attr("output_dtype", int64_t{3})}, {"tie", "attribute"}, "", false);
    QuantizeDrafter u{row, DType::kFloat, DType::kFloat, DType::kUInt8, out, false};
    u.one("refuse_output_dtype_not_zero_point_type", {6}, {}, {}, {0.3}, {1}, {make_attr("output_dtype", int64_t{3})},
          {"attribute"}, "output_dtype is y_zero_point's type when both are given");
  }
  if (since >= 23)  // y_scale's own type, and `precision`
    for (DType ts : params[1].allowed) {
      if (ts == DType::kFloat) continue;
      QuantizeDrafter d{row, DType::kFloat, ts, DType::kInt8, out, false};
      d.one("scale_type_ties", {8}, {-7, -5, -3, -1, 1, 3, 5, 7}, {}, {2}, {1}, {}, {"tie"});
      d.one("scale_type_random", {3, 5}, {}, {}, {ts == DType::kFloat8E8M0 ? 0.0625 : 0.2}, {1});
    }
  if (since >= 23) {
    QuantizeDrafter d{row, DType::kFloat, DType::kFloat, DType::kInt8, out, false};
    d.one("precision_float16", {3, 5}, {}, {}, {0.2}, {1}, {make_attr("precision", int64_t{10})}, {"attribute"});
  }
}

namespace {

// One (x type, scale type) combination of DequantizeLinear; y's type follows (or output_dtype).
struct DequantizeDrafter {
  const CatalogRow& row;
  DType tx, ts;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  // y's type (23 on an output-only type, named in the case's "output:" tag for coverage):
  // output_dtype's when given, x_scale's otherwise.
  DType output_type(const Attrs& attrs) const {
    for (const auto& a : attrs)
      if (a.name() == "output_dtype") {
        const auto t = dtype_from_code(static_cast<int>(a.i()));
        if (t) return *t;
      }
    return ts;
  }

  void one(const std::string& name, const Shape& xs, const Shape& ss, std::vector<double> scale, std::vector<double> zp,
           Attrs attrs = {}, std::vector<std::string> tags = {"random"}, const std::string& rule = "",
           std::vector<double> x = {}) {
    const std::string id = case_id(row, {tx, ts, tx}, name);
    const Tensor xt = x.empty() ? random_of(id, tx, xs, Domain{.int_lo = -40000, .int_hi = 40000}) : tensor_of(tx, xs, x);
    const int64_t n = QuantizeDrafter::product_of(ss);
    if (scale.size() == 1 && n != 1) scale.assign(static_cast<size_t>(n), scale[0]);
    if (zp.size() == 1 && n != 1) zp.assign(static_cast<size_t>(n), zp[0]);
    std::vector<Tensor> in = {xt, tensor_of(ts, ss, scale)};
    const Shape zs = static_cast<int64_t>(zp.size()) == n ? ss : Shape{static_cast<int64_t>(zp.size())};
    if (!zp.empty()) in.push_back(tensor_of(tx, zs, zp));
    if (row.since_version >= 23) tags.push_back("output:" + std::string(dtype_short_name(output_type(attrs))));
    add(out, name, std::move(in), std::move(attrs), std::move(tags), rule.empty() ? "" : row.label() + ": " + rule,
        smoke && rule.empty());
    smoke = false;
  }
};

}  // namespace

void dequantize_linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int since = row.since_version;
  const auto params = input_type_params(row);
  const std::vector<DType> x_types = params[0].allowed;
  const std::vector<DType> scale_types = since < 19 ? std::vector<DType>{DType::kFloat} : params[1].allowed;
  for (DType tx : x_types)
    for (DType ts : scale_types) {
      DequantizeDrafter d{row, tx, ts, out};
      const bool e8m0 = ts == DType::kFloat8E8M0;
      const Attrs out_type = e8m0 ? Attrs{make_attr("output_dtype", int64_t{1})} : Attrs{};
      const double zp = tx == DType::kInt32 || is_minifloat_dtype(tx) ? 0.0 : 1.0;
      const double scale = e8m0 ? 0.25 : 0.3;
      d.one("random_3x5", {3, 5}, {}, {scale}, {zp}, out_type);
      d.one("no_zero_point", {7}, {}, {scale}, {}, out_type);
      d.one("specials", {12}, {}, {e8m0 ? 0.5 : 1.5}, {zp}, out_type, {"special-values"});
      out.back().inputs[0] = special_values(tx);  // the type's own: +-0, extremes, inf and NaN where it has them
      if (since >= 13) {
        Attrs a = out_type;
        a.push_back(make_attr("axis", int64_t{1}));
        d.one("per_axis_2x3x4_axis1", {2, 3, 4}, {3}, {0.5, e8m0 ? 2 : 0.3, 4}, {zp}, a, {"per-axis"});
      }
      if (since >= 23)  // every y type by output_dtype (x_scale's own type is the cases above)
        for (DType ty : {DType::kFloat, DType::kFloat16, DType::kBFloat16}) {
          if (ty == ts) continue;
          DequantizeDrafter o{row, tx, ts, out};
          o.one("y_type_" + std::string(dtype_short_name(ty)), {3, 5}, {}, {scale}, {zp},
                {make_attr("output_dtype", static_cast<int64_t>(ty))});
        }
      if (since >= 21) {
        Attrs a = out_type;
        a.push_back(make_attr("block_size", int64_t{4}));
        d.one("blocked_2x6_axis1_b4", {2, 6}, {2, 2}, {0.5, 2, 4, e8m0 ? 0.125 : 0.3}, {zp}, a, {"blocked"});
      }
      if (tx != x_types.front() || ts != scale_types.front()) continue;
      d.one("refuse_zero_point_shape", {3, 4}, {}, {0.3}, {1, 1}, {}, {"shape"}, "x_zero_point has x_scale's shape");
      if (since >= 13)
        d.one("refuse_axis_-4_rank_3", {2, 3, 4}, {3}, {0.3}, {1}, {make_attr("axis", int64_t{-4})}, {"attribute"},
              "axis in [-r, r-1]");
      if (since >= 21)
        d.one("refuse_block_size_out_of_range", {2, 6}, {2, 2}, {0.3}, {1}, {make_attr("block_size", int64_t{7})},
              {"attribute"}, "block_size in [ceil(D/S), ceil(D/(S-1))-1]");
      if (since >= 23) {
        d.one("output_dtype_float16", {3, 5}, {}, {0.3}, {1}, {make_attr("output_dtype", int64_t{10})}, {"attribute"});
        d.one("refuse_output_dtype_int8", {3, 5}, {}, {0.3}, {1}, {make_attr("output_dtype", int64_t{3})}, {"attribute"},
              "output_dtype is float, float16 or bfloat16");
      }
    }
}

// DynamicQuantizeLinear-11: x float.
void dynamic_quantize_linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const DType t = DType::kFloat;
  auto one = [&](const std::string& name, const Shape& s, std::vector<double> x, std::vector<std::string> tags, bool smoke) {
    const std::string id = case_id(row, {t}, name);
    add(out, name, {x.empty() ? random_of(id, t, s) : tensor_of(t, s, x)}, {}, std::move(tags), "", smoke);
  };
  one("random_3x4", {3, 4}, {}, {"random"}, true);
  // max 255, min 0: y_scale 1, zero point 0; x / 1 = 2.5, 3.5, 0.5: ties to even give 2, 4, 0.
  one("ties_scale_1", {6}, {0, 255, 2.5, 3.5, 0.5, 100}, {"tie"}, false);
  // max 127.5, min -127.5: y_scale 1, zero point round(127.5) = 128 (ties to even), 1.5 -> 2 + 128.
  one("tie_zero_point", {4}, {-127.5, 127.5, 1.5, -0.5}, {"tie"}, false);
  one("only_positive", {5}, {1, 2, 3, 4, 5.5}, {"random"}, false);
  one("only_negative", {5}, {-1, -2, -3, -4, -5.5}, {"random"}, false);
  one("all_zero", {3}, {0, 0, 0}, {"degenerate"}, false);
  one("one_element", {1}, {3}, {"degenerate"}, false);
  // -0 and a subnormal beside 255: y_scale 1, zero point 0; both quantize to 0.
  one("signed_zero_subnormal", {4}, {-0.0, 0.0, 1e-40, 255}, {"special-values"}, false);
}

}  // namespace touchstone::cases
