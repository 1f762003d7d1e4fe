// The quantization fault mode (quant_modes.h): the reference's outputs, with each element
// whose quotient x / y_scale is exactly k + 1/2 moved to the integer away from zero (then the
// zero point added and saturated again), as a backend using round() instead of rint() would.
#include "harness/testing/quant_modes.h"

#include <gmpxx.h>

#include <algorithm>
#include <cmath>

#include "harness/case_contents.h"
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
    if constexpr (is_small_int<Y>) out[i] = Y{static_cast<typename Y::Value>(v)};
    else out[i] = static_cast<Y>(v);
  }
}

}  // namespace

bool is_quant_mode(const std::string& mode) { return mode == "quant-round-away"; }

void requantize(const std::string&, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || proto.graph().node(0).op_type() != "QuantizeLinear" || outputs.size() != 1) return;
  std::vector<Tensor> in;
  for (size_t i = 0; i < files.inputs.size(); ++i) in.push_back(harness::case_input_tensor(files, i));
  if (in.size() < 2) return;
  SemanticsRecord record;
  const Node node(proto.graph().node(0), "QuantizeLinear", record);
  std::optional<Shape> zp_shape;
  if (in.size() > 2) zp_shape = in[2].shape();
  ops::quant::QuantLayout layout;
  try {
    layout = ops::quant::quant_layout(node, in[0].shape(), in[1].shape(), zp_shape, ops::quant::Granularities::kBlocked, "y_scale");
  } catch (const Error&) {
    return;  // a case the reference refused: left as it is
  }
  const std::vector<double> zero = in.size() > 2 ? exact_doubles(in[2]) : std::vector<double>(static_cast<size_t>(in[1].size()), 0.0);
  Tensor& y = outputs[0];
  visit_dtype(y.dtype(), [&]<class Y>() {
    if constexpr (is_small_int<Y> || (is_integer<Y> && sizeof(Y) <= 2)) round_ties_away<Y>(in[0], in[1], zero, layout, y);
  });
}

}  // namespace touchstone::testing
