// ConvInteger-10 and QLinearConv-10: Conv-11's windows (auto_pad, pads, strides, dilations,
// group, kernel_shape from w: ../conv/conv_sum.h's conv_plan) over zero-point-shifted 8-bit
// integers, summed exactly.
//
// - ConvInteger-10: y (int32) = sum (x - x_zero_point)(w - w_zero_point); x_zero_point per
//   tensor, w_zero_point per tensor or per output channel (a 1-D tensor of M); both default 0.
//   A padded position contributes nothing (the input is padded after the shift, as if by its
//   zero point: ONNX's test_convinteger_with_padding). Outside int32 the sum wraps (undefined).
// - QLinearConv-10: the same sum plus the int32 bias B[m] (quantized with scale
//   x_scale * w_scale and zero point 0, per the text), then requantized exactly (qlinear.h)
//   with x_scale * w_scale[m] / y_scale; x's and y's scale and zero point per tensor, w's per
//   tensor or per output channel, each scale and its zero point of one shape.
// Zero input channels per group (C = 0) give empty sums: 0 (plus the bias).
#include "reference/error.h"
#include "reference/ops/conv/conv_sum.h"
#include "reference/ops/quant/qlinear.h"
#include "reference/ops/quant/quant_ops.h"

namespace touchstone::ops {

namespace quant {

namespace {

// Where each input of the two ops sits.
struct ConvInputs {
  size_t x = 0, x_zero = 0, w = 0, w_zero = 0;  // x_zero / w_zero: 0 when absent
};

// Every output element's exact sum over its taps of (x - x_zero)(w - w_zero[m]) (+ bias[m]), in
// output order; `channel_of` receives each element's output channel.
std::vector<int64_t> integer_sums(const Node& node, const Inputs& in, const ConvInputs& at,
                                  const conv::ConvPlan& p, const Tensor* bias,
                                  std::vector<int64_t>& channel_of) {
  const std::vector<double> x = element_values(in[at.x]), w = element_values(in[at.w]);
  const std::vector<double> xz = at.x_zero ? element_values(in[at.x_zero]) : std::vector<double>{0.0};
  const std::vector<double> wz = at.w_zero ? element_values(in[at.w_zero]) : std::vector<double>{0.0};
  std::span<const int32_t> b;
  if (bias) b = bias->data<int32_t>();
  const int64_t channels = p.groups * p.in_per_group;
  std::vector<int64_t> sums;
  sums.reserve(static_cast<size_t>(element_count(p.out_shape)));
  channel_of.clear();
  for (int64_t n = 0; n < p.batch; ++n)
    for (int64_t g = 0; g < p.groups; ++g)
      for (int64_t m = 0; m < p.out_per_group; ++m) {
        const int64_t mg = g * p.out_per_group + m;
        const int64_t x_base = (n * channels + g * p.in_per_group) * p.in_image;
        const int64_t w_base = g * p.w_group + m * p.w_out;
        const int64_t x_zero = static_cast<int64_t>(xz[0]);
        const int64_t w_zero = static_cast<int64_t>(wz.size() == 1 ? wz[0] : wz[static_cast<size_t>(mg)]);
        for (const std::vector<conv::Tap>& taps : p.taps) {
          int64_t sum = bias ? b[static_cast<size_t>(mg)] : 0;
          for (int64_t c = 0; c < p.in_per_group; ++c)
            for (const conv::Tap& t : taps)
              sum += (static_cast<int64_t>(x[static_cast<size_t>(x_base + c * p.in_image + t.x)]) - x_zero) *
                     (static_cast<int64_t>(w[static_cast<size_t>(w_base + c * p.w_in + t.w)]) - w_zero);
          sums.push_back(int32_accumulation(node, sum));
          channel_of.push_back(mg);
        }
      }
  return sums;
}

// w's zero point (or scale): a scalar, one element, or a 1-D tensor of the M output channels.
void check_per_channel(const Tensor& t, int64_t m, const char* name) {
  const Shape& s = t.shape();
  if (s.empty() || s == Shape{1} || s == Shape{m}) return;
  invalid_model(std::string(name) + " " + shape_to_string(s) +
                " must be a scalar (per tensor) or 1-D of the " + std::to_string(m) + " output channels");
}

}  // namespace

QLinearSums qlinear_conv_sums(const Node& node, const Inputs& in) {
  // x, x_scale, x_zero_point, w, w_scale, w_zero_point, y_scale, y_zero_point, B
  const Tensor* bias = in.has(8) ? &in[8] : nullptr;
  const conv::ConvPlan plan = conv::conv_plan(node, in[0].shape(), in[3].shape(),
                                              bias ? std::optional(bias->shape()) : std::nullopt, false);
  const int64_t m = plan.out_shape[1];
  check_per_tensor(in[1], "x_scale");
  check_per_tensor(in[2], "x_zero_point");
  check_per_channel(in[4], m, "w_scale");
  check_per_channel(in[5], m, "w_zero_point");
  if (in[4].shape() != in[5].shape())
    invalid_model("w_scale " + shape_to_string(in[4].shape()) + " and w_zero_point " +
                  shape_to_string(in[5].shape()) + " must have the same shape");
  check_per_tensor(in[6], "y_scale");
  check_per_tensor(in[7], "y_zero_point");
  node.record_terms(plan.in_per_group * plan.kernel_volume + (bias ? 1 : 0));
  check_tensor_budget(in[7].dtype(), plan.out_shape);
  std::vector<int64_t> channel_of;
  const std::vector<int64_t> sums = integer_sums(node, in, {0, 2, 3, 5}, plan, bias, channel_of);
  const std::vector<double> xs = element_values(in[1]), ws = element_values(in[4]);
  QLinearSums r;
  r.out = plan.out_shape;
  r.y_type = in[7].dtype();
  r.y_scale = element_values(in[6])[0];
  r.y_zero = element_values(in[7])[0];
  r.sums.reserve(sums.size());
  for (size_t i = 0; i < sums.size(); ++i) {
    r.sums.emplace_back(static_cast<long>(sums[i]));
    r.a_scale.push_back(xs[0]);
    r.b_scale.push_back(ws.size() == 1 ? ws[0] : ws[static_cast<size_t>(channel_of[i])]);
  }
  return r;
}

}  // namespace quant

// ConvInteger-10: exact, into int32.
Tensors conv_integer_v10(const Node& node, const Inputs& in) {
  // x, w, x_zero_point, w_zero_point
  const conv::ConvPlan plan = conv::conv_plan(node, in[0].shape(), in[1].shape(), std::nullopt, false);
  if (in.has(2)) quant::check_per_tensor(in[2], "x_zero_point");
  if (in.has(3)) quant::check_per_channel(in[3], plan.out_shape[1], "w_zero_point");
  node.record_terms(plan.in_per_group * plan.kernel_volume);
  check_tensor_budget(DType::kInt32, plan.out_shape);
  std::vector<int64_t> channel_of;
  const std::vector<int64_t> sums = quant::integer_sums(
      node, in, {0, in.has(2) ? size_t{2} : 0, 1, in.has(3) ? size_t{3} : 0}, plan, nullptr, channel_of);
  Tensor y(DType::kInt32, plan.out_shape);
  auto out = y.data<int32_t>();
  for (size_t i = 0; i < sums.size(); ++i) out[i] = static_cast<int32_t>(sums[i]);
  return {std::move(y)};
}

// QLinearConv-10.
Tensors qlinear_conv_v10(const Node& node, const Inputs& in) {
  return {quant::requantized(node, quant::qlinear_conv_sums(node, in))};
}

}  // namespace touchstone::ops
