// The quantization fault modes (quant_modes.h). quant-round-away: the reference's outputs, with
// each element whose quotient x / y_scale is exactly k + 1/2 moved to the integer away from
// zero (then the zero point added and saturated again), as a backend using round() instead of
// rint() would. qlinear-*: QLinearMatMul's and QLinearConv's exact sums from the reference
// (ops/quant/qlinear.h), requantized by the mode's rule.
#include "harness/testing/quant_modes.h"

#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/case_contents.h"
#include "reference/ops/quant/qlinear.h"
#include "reference/ops/quant/quant_exact.h"
#include "reference/ops/quant/quant_layout.h"

namespace touchstone::testing {

namespace {

std::vector<double> exact_doubles(const Tensor& t) {
  std::vector<double> v(static_cast<size_t>(t.size()));
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || is_minifloat<T> || is_small_int<T> || is_integer<T>) {
      auto d = t.data<T>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = ops::quant::exact_of(d[i]);
    }
  });
  return v;
}

// y[i] = saturate(away(x / s) + zp) in y's integer type.
template <class Y>
void round_ties_away(const Tensor& x, const Tensor& scale, const std::vector<double>& zero,
                     const ops::quant::QuantLayout& layout, Tensor& y) {
  int64_t lo, hi;
  if constexpr (is_small_int<Y>) {
    lo = Y::kMin, hi = Y::kMax;
  } else {
    lo = std::numeric_limits<Y>::min(), hi = std::numeric_limits<Y>::max();
  }
  const std::vector<double> xs = exact_doubles(x), ss = exact_doubles(scale);
  auto out = y.data<Y>();
  for (size_t i = 0; i < xs.size(); ++i) {
    const int64_t k = layout.scale_index(static_cast<int64_t>(i));
    if (!std::isfinite(xs[i]) || !std::isfinite(ss[k]) || ss[k] == 0) continue;
    const mpq_class q = mpq_class(xs[i]) / mpq_class(ss[k]);
    if (!ops::quant::is_half_integer(q)) continue;
    const double away = std::round(q.get_d());  // exact: q is a half-integer within double's range
    const int64_t v = std::clamp(static_cast<int64_t>(away) + static_cast<int64_t>(zero[k]), lo, hi);
    if constexpr (is_small_int<Y>)
      out[i] = Y{static_cast<typename Y::Value>(v)};
    else
      out[i] = static_cast<Y>(v);
  }
}

// One element requantized by the mode: in float32, or exactly with ties away from zero.
template <class Y>
Y qlinear_element(const std::string& mode, const mpq_class& sum, double as, double bs, double ys, double zp) {
  if (mode == "qlinear-float32") {
    const float m =
        static_cast<float>(static_cast<float>(as) * static_cast<float>(bs)) / static_cast<float>(ys);
    const float q = static_cast<float>(sum.get_d()) * m;
    if constexpr (is_minifloat<Y>) {
      return minifloat_from<Y>(static_cast<double>(q + static_cast<float>(zp)), true);
    } else {
      const double v = std::nearbyint(static_cast<double>(q)) + zp;
      if (!(v >= std::numeric_limits<Y>::min())) return std::numeric_limits<Y>::min();  // NaN too
      return static_cast<Y>(std::min<double>(v, std::numeric_limits<Y>::max()));
    }
  } else {
    if (!std::isfinite(as) || !std::isfinite(bs) || !std::isfinite(ys) || ys == 0 || !std::isfinite(zp))
      return Y{};
    const mpq_class q = mpq_class(as) * mpq_class(bs) / mpq_class(ys) * sum;
    mpz_class r = ops::quant::round_half_even(q);
    if (ops::quant::is_half_integer(q)) {  // away from zero: the neighbour of r on q's far side
      if (q > 0 && mpq_class(r) < q) r += 1;
      if (q < 0 && mpq_class(r) > q) r -= 1;
    }
    r += static_cast<long>(zp);
    if constexpr (is_minifloat<Y>) {
      return Y{};  // not reached: the mode leaves float8 outputs alone
    } else {
      if (r < static_cast<long>(std::numeric_limits<Y>::min())) return std::numeric_limits<Y>::min();
      if (r > static_cast<long>(std::numeric_limits<Y>::max())) return std::numeric_limits<Y>::max();
      return static_cast<Y>(r.get_si());
    }
  }
}

void requantize_qlinear(const std::string& mode, const onnx::NodeProto& proto,
                        const std::vector<Tensor>& tensors, Tensor& y) {
  SemanticsRecord record;
  const Node node(proto, proto.op_type(), record);
  std::vector<const Tensor*> items;
  for (const Tensor& t : tensors) items.push_back(&t);
  const Inputs in(items);
  ops::quant::QLinearSums s;
  try {
    s = proto.op_type() == "QLinearMatMul" ? ops::quant::qlinear_matmul_sums(node, in)
                                           : ops::quant::qlinear_conv_sums(node, in);
  } catch (const Error&) {
    return;  // a case the reference refused: left as it is
  }
  if (s.y_type != y.dtype() || static_cast<int64_t>(s.sums.size()) != y.size()) return;
  visit_dtype(y.dtype(), [&]<class Y>() {
    if constexpr (std::is_same_v<Y, int8_t> || std::is_same_v<Y, uint8_t> ||
                  (is_minifloat<Y> && !std::is_same_v<Y, Float4E2M1> && !std::is_same_v<Y, Float8E8M0>)) {
      if (is_minifloat<Y> && mode != "qlinear-float32") return;
      auto out = y.data<Y>();
      for (size_t i = 0; i < s.sums.size(); ++i)
        out[i] = qlinear_element<Y>(mode, s.sums[i], s.a_scale[i], s.b_scale[i], s.y_scale, s.y_zero);
    }
  });
}

}  // namespace

bool is_quant_mode(const std::string& mode) {
  return mode == "quant-round-away" || mode == "qlinear-float32" || mode == "qlinear-round-away";
}

void requantize(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || outputs.size() != 1) return;
  const std::string op = proto.graph().node(0).op_type();
  std::vector<Tensor> in;
  for (size_t i = 0; i < files.inputs.size(); ++i) in.push_back(harness::case_input_tensor(files, i));
  if (mode != "quant-round-away") {
    if (op == "QLinearMatMul" || op == "QLinearConv")
      requantize_qlinear(mode, proto.graph().node(0), in, outputs[0]);
    return;
  }
  if (op != "QuantizeLinear") return;
  if (in.size() < 2) return;
  SemanticsRecord record;
  const Node node(proto.graph().node(0), "QuantizeLinear", record);
  std::optional<Shape> zp_shape;
  if (in.size() > 2) zp_shape = in[2].shape();
  ops::quant::QuantLayout layout;
  try {
    layout = ops::quant::quant_layout(node, in[0].shape(), in[1].shape(), zp_shape,
                                      ops::quant::Granularities::kBlocked, "y_scale");
  } catch (const Error&) {
    return;  // a case the reference refused: left as it is
  }
  const std::vector<double> zero =
      in.size() > 2 ? exact_doubles(in[2]) : std::vector<double>(static_cast<size_t>(in[1].size()), 0.0);
  Tensor& y = outputs[0];
  visit_dtype(y.dtype(), [&]<class Y>() {
    if constexpr (is_small_int<Y> || (is_integer<Y> && sizeof(Y) <= 2))
      round_ties_away<Y>(in[0], in[1], zero, layout, y);
  });
}

}  // namespace touchstone::testing
