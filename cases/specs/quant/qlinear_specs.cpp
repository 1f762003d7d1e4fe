// Case specs of QLinearMatMul (10, 21), ConvInteger (10) and QLinearConv (10).
//
// Ties: only the cases tagged "tie" hold exact ties of the requantization whose plain float32
// evaluation is exact (q = k + 1/2 with multiplier 1/2: scales 0.5, 1, 1, or 0.1, 1, 0.2,
// where 0.2 = 2 x 0.1 in every scale type), so a backend rounding them half away from zero
// fails exactly those. "near-tie": scales 1/3 (rounded to the scale type), 3 and 2 put q just
// above k + 1/2; with float32 scales the plain evaluation rounds there, and the reference
// marks those elements implementation-defined. The other scales (0.0517, 0.0243, 0.487 and the
// like) make exact ties all but impossible; their drawn cases are tagged "drawn-quotient" (a
// drawn value may still sit within float32's reach of a boundary, marked), ConvInteger's "random".
// Every (a, scale, b, y) type combination of QLinearMatMul-21 (648) has one small case; the
// full sweep runs on the 8-bit integer ones with each scale type and on float8 with float.
#include <cmath>
#include <optional>
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/quant/quant_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

bool is_int8(DType t) { return t == DType::kInt8 || t == DType::kUInt8; }

// Random 8-bit data over the whole type, float8 data of magnitude 1/8 to 16.
Domain data_domain() { return Domain{.int_lo = -128, .int_hi = 255, .exp_lo = -3, .exp_hi = 3}; }
// Zero points near the middle of signed and unsigned types alike.
Domain zero_domain() { return Domain{.int_lo = 0, .int_hi = 20, .exp_lo = -1, .exp_hi = 1}; }

// Drawn values; float8 ones drawn as float and rounded once to the type (no NaN or infinity).
Tensor drawn(const std::string& id, DType t, const Shape& shape, const Domain& domain) {
  if (!is_minifloat_dtype(t)) return random_of(id, t, shape, domain);
  const Tensor f = random_of(id, DType::kFloat, shape, domain);
  const auto d = f.data<float>();
  return tensor_of(t, shape, std::vector<double>(d.begin(), d.end()));
}

// `n` copies of a scale, each a little apart (per row / column / channel).
std::vector<double> spread(double scale, int64_t n) {
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(scale * (1 + 0.125 * static_cast<double>(i)));
  return v;
}

struct Scales {
  double a, b, y;
};
// Scales that keep most outputs inside the type (S of a few 10^4 for integers, 10^2 for float8).
Scales random_scales(DType ta, DType tb) {
  return is_int8(ta) && is_int8(tb) ? Scales{0.0517, 0.0243, 0.487} : Scales{0.31, 0.27, 0.9};
}

// One (a, scale, b, y) combination of QLinearMatMul.
struct MatMulDrafter {
  const CatalogRow& row;
  DType ta, ts, tb, ty;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  std::string id(const std::string& name) const {
    return case_id(row, {ta, ts, ta, tb, ts, tb, ts, ty}, name);
  }

  // a and b given (`av`, `bv`) or drawn; a's parameters of shape `ap`, b's of `bp`; zero
  // points given (`zeros`: a, b, y) or drawn.
  void one(const std::string& name, const Shape& as, const Shape& bs, const Shape& ap, const Shape& bp,
           Scales s, std::vector<std::string> tags, const std::string& rule = "", std::vector<double> av = {},
           std::vector<double> bv = {}, std::optional<std::array<double, 3>> zeros = std::nullopt,
           const Shape& yp = {}) {
    const std::string i = id(name);
    const Tensor a = av.empty() ? drawn(i + "/a", ta, as, data_domain()) : tensor_of(ta, as, av);
    const Tensor b = bv.empty() ? drawn(i + "/b", tb, bs, data_domain()) : tensor_of(tb, bs, bv);
    auto zero = [&](const char* what, DType t, const Shape& shape, int k) {
      if (!zeros) return drawn(i + what, t, shape, zero_domain());
      return tensor_of(t, shape, std::vector<double>(static_cast<size_t>(element_count(shape)), (*zeros)[k]));
    };
    std::vector<Tensor> in = {a,
                              tensor_of(ts, ap, spread(s.a, element_count(ap))),
                              zero("/a_zero_point", ta, ap, 0),
                              b,
                              tensor_of(ts, bp, spread(s.b, element_count(bp))),
                              zero("/b_zero_point", tb, bp, 1),
                              tensor_of(ts, yp, spread(s.y, element_count(yp))),
                              zero("/y_zero_point", ty, yp, 2)};
    add(out, name, std::move(in), {}, std::move(tags), rule.empty() ? "" : row.label() + ": " + rule,
        smoke && rule.empty());
    if (rule.empty()) smoke = false;
  }
};

void matmul_sweep(MatMulDrafter& d) {
  const Scales s = random_scales(d.ta, d.tb);
  d.one("3x4_4x5", {3, 4}, {4, 5}, {}, {}, s, {"drawn-quotient"});
  d.one("vec4_4x5", {4}, {4, 5}, {}, {}, s, {"drawn-quotient"});
  d.one("3x4_vec4", {3, 4}, {4}, {}, {}, s, {"drawn-quotient"});
  d.one("batch_2x1x3x4_3x4x2", {2, 1, 3, 4}, {3, 4, 2}, {}, {}, s, {"drawn-quotient"});
  d.one("per_row_col_3x4_4x5", {3, 4}, {4, 5}, {3}, {5}, s, {"drawn-quotient", "per-axis"});
  d.one("per_row_col_nd_2x3x4_2x4x5", {2, 3, 4}, {2, 4, 5}, {2, 3, 1}, {2, 1, 5}, s,
        {"drawn-quotient", "per-axis"});
  d.one("per_row_col_batch_2x1x3x4_3x4x2", {2, 1, 3, 4}, {3, 4, 2}, {2, 1, 3, 1}, {3, 1, 2}, s,
        {"drawn-quotient", "per-axis"});
  d.one("empty_k_3x0_0x2", {3, 0}, {0, 2}, {}, {}, s, {"empty"});
  d.one("saturation_3x4_4x5", {3, 4}, {4, 5}, {}, {}, {s.a, s.b, s.y / 64}, {"saturation"});
  if (!is_int8(d.ty)) return;
  // Ties: a odd about its zero point (8 for uint8), b = its zero point + 1, multiplier 1/2.
  const double za = d.ta == DType::kUInt8 ? 8 : 0, zy = d.ty == DType::kUInt8 ? 10 : 0;
  std::vector<double> odd;
  for (double v : {-7, -5, -3, -1, 1, 3, 5, 7}) odd.push_back(za + v);
  if (is_int8(d.ta) && is_int8(d.tb)) {
    d.one("ties_half_even_8x1_1x1", {8, 1}, {1, 1}, {}, {}, {0.5, 1, 1}, {"tie"}, "", odd, {1},
          std::array{za, 0.0, zy});
    d.one("ties_scale_tenths_8x1_1x1", {8, 1}, {1, 1}, {}, {}, {0.1, 1, 0.2}, {"tie"}, "", odd, {1},
          std::array{za, 0.0, zy});
    d.one("near_tie_8x1_1x1", {8, 1}, {1, 1}, {}, {}, {1.0 / 3, 3, 2}, {"near-tie"}, "", odd, {1},
          std::array{za, 0.0, zy + 5});
    // Every term 255^2 in magnitude: 33026 of them overflow int32 (undefined, marked).
    const double lo_a = d.ta == DType::kInt8 ? -128 : 0, hi_a = d.ta == DType::kInt8 ? 127 : 255;
    const double lo_b = d.tb == DType::kInt8 ? -128 : 0, hi_b = d.tb == DType::kInt8 ? 127 : 255;
    // The types' extremes against each other's zero points (fits int32).
    d.one("extremes_2x4_4x2", {2, 4}, {4, 2}, {}, {}, s, {"special-values"}, "",
          {lo_a, hi_a, lo_a, hi_a, hi_a, lo_a, hi_a, lo_a}, {lo_b, hi_b, hi_b, lo_b, lo_b, hi_b, hi_b, lo_b},
          std::array{hi_a, lo_b, 0.0});
    const int64_t k = 33026;
    d.one("extremes_overflow_k33026", {1, k}, {k, 1}, {}, {}, {1e-6f, 1e-3f, 1}, {"overflow"}, "",
          std::vector<double>(static_cast<size_t>(k), lo_a),
          std::vector<double>(static_cast<size_t>(k), lo_b), std::array{hi_a, hi_b, 0.0});
  }
}

void matmul_refusals(MatMulDrafter& d) {
  const Scales s = random_scales(d.ta, d.tb);
  d.one("refuse_inner_3x4_5x2", {3, 4}, {5, 2}, {}, {}, s, {"shape"}, "inner dimensions must agree");
  d.one("refuse_a_scale_4_for_3x4", {3, 4}, {4, 5}, {4}, {}, s, {"shape"},
        "a_scale is a scalar, an M-vector or a's shape with K = 1");
  d.one("refuse_b_scale_4_for_4x5", {3, 4}, {4, 5}, {}, {4}, s, {"shape"},
        "b_scale is a scalar, an N-vector or b's shape with K = 1");
  d.one("refuse_y_scale_vector", {3, 4}, {4, 5}, {}, {}, s, {"shape"},
        "y_scale and y_zero_point are per tensor", {}, {}, std::nullopt, {5});
}

}  // namespace

void qlinear_matmul_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  auto allowed = [&](const char* name) {
    for (const TypeParam& p : params)
      if (p.name == name) return p.allowed;
    return std::vector<DType>{DType::kFloat};  // 10's scales: tensor(float), no parameter
  };
  const std::vector<DType> t1 = allowed("T1"), t2 = allowed("T2"), t3 = allowed("T3"), ts = allowed("TS");
  bool refusals = true;
  for (DType ta : t1)
    for (DType tb : t2)
      for (DType ty : t3)
        for (DType s : ts) {
          MatMulDrafter d{row, ta, s, tb, ty, out};
          const bool integers = is_int8(ta) && is_int8(tb) && is_int8(ty);
          if (integers || (s == DType::kFloat && ta == tb && tb == ty)) {
            matmul_sweep(d);
          } else {  // one small case per remaining combination
            d.one("2x3_3x2", {2, 3}, {3, 2}, {}, {}, random_scales(ta, tb), {"drawn-quotient"});
          }
          if (refusals) matmul_refusals(d);
          refusals = false;
        }
}

namespace {

// One (x, w, y) combination of ConvInteger (no scales, `y` unused) or QLinearConv.
struct ConvDrafter {
  const CatalogRow& row;
  DType tx, tw, ty;
  bool qlinear;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  // The id names every input's type: QLinearConv's eight (and B's), ConvInteger's two (and the zero points').
  std::string id(const std::string& name, bool extra) const {
    if (qlinear) {
      std::vector<DType> types = {tx, DType::kFloat, tx, tw, DType::kFloat, tw, DType::kFloat, ty};
      if (extra) types.push_back(DType::kInt32);
      return case_id(row, types, name);
    }
    return extra ? case_id(row, {tx, tw, tx, tw}, name) : case_id(row, {tx, tw}, name);
  }

  // x and w drawn (or given); w's parameters of shape `wp`; the bias when `bias`; zero
  // points drawn or given (x, w, y).
  void one(const std::string& name, const Shape& xs, const Shape& ws, Attrs attrs,
           std::vector<std::string> tags, const Shape& wp = {}, bool bias = true,
           const std::string& rule = "", std::vector<double> xv = {}, std::vector<double> wv = {},
           std::optional<std::array<double, 3>> zeros = std::nullopt, Scales s = {0.0517, 0.0243, 0.487},
           const Shape& xp = {}, bool zero_points = true) {
    const std::string i = id(name, qlinear ? bias : zero_points);
    const Tensor x = xv.empty() ? random_of(i + "/x", tx, xs, data_domain()) : tensor_of(tx, xs, xv);
    const Tensor w = wv.empty() ? random_of(i + "/w", tw, ws, data_domain()) : tensor_of(tw, ws, wv);
    auto zero = [&](const char* what, DType t, const Shape& shape, int k) {
      if (!zeros) return drawn(i + what, t, shape, zero_domain());
      return tensor_of(t, shape, std::vector<double>(static_cast<size_t>(element_count(shape)), (*zeros)[k]));
    };
    std::vector<Tensor> in;
    if (qlinear) {
      in = {x,
            tensor_of(DType::kFloat, xp, spread(s.a, element_count(xp))),
            zero("/x_zero_point", tx, xp, 0),
            w,
            tensor_of(DType::kFloat, wp, spread(s.b, element_count(wp))),
            zero("/w_zero_point", tw, wp, 1),
            tensor_of(DType::kFloat, {}, {s.y}),
            zero("/y_zero_point", ty, {}, 2)};
      if (bias)
        in.push_back(random_of(i + "/B", DType::kInt32, {ws[0]}, Domain{.int_lo = -2000, .int_hi = 2000}));
    } else {
      in = {x, w};
      if (zero_points) {
        in.push_back(zero("/x_zero_point", tx, xp, 0));
        in.push_back(zero("/w_zero_point", tw, wp, 1));
      }
    }
    add(out, name, std::move(in), std::move(attrs), std::move(tags),
        rule.empty() ? "" : row.label() + ": " + rule, smoke && rule.empty());
    if (rule.empty()) smoke = false;
  }
};

Attrs ints(const char* name, std::vector<int64_t> v) { return {make_attr(name, v)}; }

void conv_sweep(ConvDrafter& d) {
  // A drawn requantization may sit within float32's reach of a rounding boundary (marked):
  // QLinearConv's drawn cases are tagged drawn-quotient, not random.
  const std::vector<std::string> r = {d.qlinear ? "drawn-quotient" : "random"};
  d.one("1x2x5x5_3x2x3x3", {1, 2, 5, 5}, {3, 2, 3, 3}, {}, r);
  d.one("pads_1x2x5x5_3x2x3x3", {1, 2, 5, 5}, {3, 2, 3, 3}, ints("pads", {1, 1, 1, 1}), r);
  d.one("per_channel_w_1x2x5x5_3x2x3x3", {1, 2, 5, 5}, {3, 2, 3, 3}, ints("pads", {1, 0, 0, 1}),
        {r[0], "per-axis"}, {3});
  d.one(
      "strides_dilations_2x2x7x6_2x2x2x2", {2, 2, 7, 6}, {2, 2, 2, 2},
      {make_attr("strides", std::vector<int64_t>{2, 1}), make_attr("dilations", std::vector<int64_t>{2, 3})},
      r);
  d.one("group2_1x4x4x4_4x2x3x3", {1, 4, 4, 4}, {4, 2, 3, 3},
        {make_attr("group", int64_t{2}), make_attr("pads", std::vector<int64_t>{0, 1, 1, 0})}, r, {4});
  d.one("depthwise_1x3x4x4_3x1x2x2", {1, 3, 4, 4}, {3, 1, 2, 2}, {make_attr("group", int64_t{3})}, r);
  d.one("same_upper_stride2_1x1x5x6_2x1x3x2", {1, 1, 5, 6}, {2, 1, 3, 2},
        {make_attr("auto_pad", std::string("SAME_UPPER")), make_attr("strides", std::vector<int64_t>{2, 2})},
        r);
  d.one("same_lower_1x1x5x6_2x1x2x3", {1, 1, 5, 6}, {2, 1, 2, 3},
        {make_attr("auto_pad", std::string("SAME_LOWER"))}, r);
  d.one("valid_kernel_shape_1x2x5x5_2x2x3x3", {1, 2, 5, 5}, {2, 2, 3, 3},
        {make_attr("auto_pad", std::string("VALID")), make_attr("kernel_shape", std::vector<int64_t>{3, 3})},
        r);
  d.one("1d_2x2x9_3x2x4", {2, 2, 9}, {3, 2, 4}, ints("pads", {2, 1}), r);
  d.one("3d_1x2x3x4x3_2x2x2x2x2", {1, 2, 3, 4, 3}, {2, 2, 2, 2, 2}, ints("pads", {1, 0, 0, 0, 1, 0}), r);
  d.one("no_bias_1x2x4x4_2x2x2x2", {1, 2, 4, 4}, {2, 2, 2, 2}, {}, r, {}, false);
  d.one("zero_channels_1x0x3x3_2x0x2x2", {1, 0, 3, 3}, {2, 0, 2, 2}, {}, {"empty"});
  if (d.qlinear) {
    d.one("saturation_1x2x4x4_2x2x2x2", {1, 2, 4, 4}, {2, 2, 2, 2}, {}, {"saturation"}, {}, true, "", {}, {},
          std::nullopt, {0.0517, 0.0243, 0.007});
    {
      const double lo_x = d.tx == DType::kInt8 ? -128 : 0, hi_x = d.tx == DType::kInt8 ? 127 : 255;
      const double lo_w = d.tw == DType::kInt8 ? -128 : 0, hi_w = d.tw == DType::kInt8 ? 127 : 255;
      d.one("extremes_1x1x2x2_2x1x2x2", {1, 1, 2, 2}, {2, 1, 2, 2}, {}, {"special-values"}, {}, true, "",
            {lo_x, hi_x, hi_x, lo_x}, {lo_w, hi_w, lo_w, hi_w, hi_w, lo_w, hi_w, lo_w},
            std::array{hi_x, lo_w, 0.0});
    }
    if (is_int8(d.ty)) {
      const double zx = d.tx == DType::kUInt8 ? 8 : 0, zy = d.ty == DType::kUInt8 ? 10 : 0;
      std::vector<double> odd;
      for (double v : {-7, -5, -3, -1, 1, 3, 5, 7}) odd.push_back(zx + v);
      d.one("ties_half_even_1x1x1x8_1x1x1x1", {1, 1, 1, 8}, {1, 1, 1, 1}, {}, {"tie"}, {}, false, "", odd,
            {1}, std::array{zx, 0.0, zy}, {0.5, 1, 1});
      d.one("ties_scale_tenths_1x1x1x8_1x1x1x1", {1, 1, 1, 8}, {1, 1, 1, 1}, {}, {"tie"}, {}, false, "", odd,
            {1}, std::array{zx, 0.0, zy}, {0.1, 1, 0.2});
      d.one("near_tie_1x1x1x8_1x1x1x1", {1, 1, 1, 8}, {1, 1, 1, 1}, {}, {"near-tie"}, {}, false, "", odd, {1},
            std::array{zx, 0.0, zy + 5}, {1.0 / 3, 3, 2});
    }
  } else {
    d.one("no_zero_points_1x2x4x4_2x2x2x2", {1, 2, 4, 4}, {2, 2, 2, 2}, {}, r, {}, false, "", {}, {},
          std::nullopt, {0.0517, 0.0243, 0.487}, {}, false);
    // Every term 255^2 in magnitude: 33026 of them overflow int32 (undefined, marked).
    const double lo_x = d.tx == DType::kInt8 ? -128 : 0, hi_x = d.tx == DType::kInt8 ? 127 : 255;
    const double lo_w = d.tw == DType::kInt8 ? -128 : 0, hi_w = d.tw == DType::kInt8 ? 127 : 255;
    d.one("extremes_1x1x2x2_2x1x2x2", {1, 1, 2, 2}, {2, 1, 2, 2}, {}, {"special-values"}, {}, false, "",
          {lo_x, hi_x, hi_x, lo_x}, {lo_w, hi_w, lo_w, hi_w, hi_w, lo_w, hi_w, lo_w},
          std::array{hi_x, lo_w, 0.0});
    const int64_t k = 33026;
    d.one("extremes_overflow_1x1x33026", {1, 1, k}, {1, 1, k}, {}, {"overflow"}, {}, false, "",
          std::vector<double>(static_cast<size_t>(k), lo_x),
          std::vector<double>(static_cast<size_t>(k), lo_w), std::array{hi_x, hi_w, 0.0});
  }
}

void conv_refusals(ConvDrafter& d) {
  const std::vector<std::string> shape = {"shape"};
  d.one("refuse_channels_1x3x4x4_2x2x2x2", {1, 3, 4, 4}, {2, 2, 2, 2}, {}, shape, {}, true,
        "X's channels equal W's C/group times group");
  d.one("refuse_x_zero_point_vector", {1, 2, 4, 4}, {2, 2, 2, 2}, {}, shape, {}, true,
        "x_zero_point is a scalar (per tensor)", {}, {}, std::nullopt, {0.0517, 0.0243, 0.487}, {2});
  d.one("refuse_w_zero_point_length", {1, 2, 4, 4}, {2, 2, 2, 2}, {}, shape, {3}, true,
        "w_zero_point is a scalar or 1-D of the output channels");
}

}  // namespace

void integer_conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool qlinear = row.op == "QLinearConv";
  const auto params = input_type_params(row);
  auto allowed = [&](const char* name) {
    for (const TypeParam& p : params)
      if (p.name == name) return p.allowed;
    return std::vector<DType>{DType::kInt32};  // ConvInteger's T3: the output's alone
  };
  const std::vector<DType> t3 = qlinear ? allowed("T3") : std::vector<DType>{DType::kInt32};
  bool refusals = true;
  for (DType tx : allowed("T1"))
    for (DType tw : allowed("T2"))
      for (DType ty : t3) {
        ConvDrafter d{row, tx, tw, ty, qlinear, out};
        conv_sweep(d);
        if (refusals) conv_refusals(d);
        refusals = false;
      }
}

}  // namespace touchstone::cases
