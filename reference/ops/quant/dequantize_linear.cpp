// DequantizeLinear-10, 13, 19, 21, 23 (24 and 25 share 23's kernel: +float8e8m0 scales,
// +int2/uint2): y = (x - x_zero_point) * x_scale, exact and rounded once to y's type;
// x_scale per tensor, per axis or blocked as quant_layout.h says.
//
// - 10: per tensor; x int8/uint8/int32, y float.
// - 13: per axis (`axis`).
// - 19: float8 x; y has x_scale's type (float, float16, bfloat16).
// - 21: blocked (`block_size`), int16/uint16/int4/uint4.
// - 23: `output_dtype` (y's type, x_scale's when absent; "also the precision of the
//   multiplication"), float4e2m1.
//
// x - x_zero_point is exact in double for every type x may have, and so the product's one
// rounding is the whole of the reference's arithmetic. ONNX leaves open: a nonzero zero point
// with int32 x ("there's no zero point (zero point is supposed to be 0)"): the reference
// subtracts it, marked implementation-defined.
#include "reference/node_check.h"
#include "reference/ops/quant/quant_exact.h"
#include "reference/ops/quant/quant_layout.h"
#include "reference/ops/quant/quant_ops.h"
#include "reference/schema.h"

namespace touchstone::ops {

namespace {

struct DequantizeRules {
  quant::Granularities granularities;
  bool scale_type_out = false;  // 19+: y has x_scale's type (float before)
  bool output_dtype = false;    // 23+
};

template <class T>
std::vector<double> exact_elements(const Tensor& t) {
  auto d = t.data<T>();
  std::vector<double> v(d.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = quant::exact_of(d[i]);
  return v;
}

std::vector<double> exact_elements_of(const Tensor& t) {
  return visit_dtype(t.dtype(), [&]<class T>() -> std::vector<double> {
    if constexpr (is_real_float<T> || is_minifloat<T> || is_small_int<T> || is_integer<T>) {
      return exact_elements<T>(t);
    } else {
      throw std::logic_error("DequantizeLinear on a non-numeric type");  // the schema check prevents it
    }
  });
}

DType dequantized_type(const Node& node, const Inputs& in, const DequantizeRules& rules) {
  const DType scale_type = rules.scale_type_out ? in[1].dtype() : DType::kFloat;
  const int64_t code = rules.output_dtype ? node.attr_int("output_dtype", 0) : 0;
  if (code == 0) {
    if (!is_float_dtype(scale_type))  // float8e8m0 scales (24+): y's type must then be stated
      invalid_model("x_scale is " + tensor_type_string(scale_type) +
                    ", not an output type (T3); output_dtype must say y's type");
    return scale_type;
  }
  const std::optional<DType> asked = dtype_from_code(static_cast<int>(code));
  if (!asked || !(*asked == DType::kFloat || *asked == DType::kFloat16 || *asked == DType::kBFloat16))
    invalid_model("output_dtype " + std::to_string(code) + " is outside type constraint T3 (float, float16, bfloat16)");
  return *asked;
}

template <class Y>
void dequantize_all(const Node& node, const Inputs& in, const quant::QuantLayout& layout, Tensor& y) {
  const std::vector<double> x = exact_elements_of(in[0]), scale = exact_elements_of(in[1]);
  const std::vector<double> zero = in.has(2) ? exact_elements_of(in[2]) : std::vector<double>(scale.size(), 0.0);
  if (in[0].dtype() == DType::kInt32)
    for (double z : zero)
      if (z != 0)
        node.mark(Semantics::kImplementationDefined,
                  "int32 x with a nonzero zero point (the text says there is none; the reference subtracts it)");
  auto out = y.data<Y>();
  for (size_t i = 0; i < x.size(); ++i) {
    const int64_t k = layout.scale_index(static_cast<int64_t>(i));
    const double difference = x[i] - zero[k];  // exact: see the top of the file
    const double s = scale[k];
    const double odd = std::isfinite(difference) && std::isfinite(s) ? quant::odd_product(difference, s) : difference * s;
    out[i] = quant::rounded_to<Y>(odd, false);
  }
}

Tensors dequantize(const Node& node, const Inputs& in, const DequantizeRules& rules) {
  const DType out_type = dequantized_type(node, in, rules);
  const std::optional<Shape> zp_shape = in.has(2) ? std::optional<Shape>(in[2].shape()) : std::nullopt;
  const quant::QuantLayout layout =
      quant::quant_layout(node, in[0].shape(), in[1].shape(), zp_shape, rules.granularities, "x_scale");
  Tensor y(out_type, in[0].shape());
  visit_dtype(out_type, [&]<class Y>() {
    if constexpr (std::is_same_v<Y, float> || is_small_float<Y>) {
      dequantize_all<Y>(node, in, layout, y);
    } else {
      throw std::logic_error("DequantizeLinear to a type other than float, float16, bfloat16");  // prevented above
    }
  });
  return {std::move(y)};
}

}  // namespace

Tensors dequantize_linear_v10(const Node& node, const Inputs& in) {
  return dequantize(node, in, {quant::Granularities::kPerTensor});
}
Tensors dequantize_linear_v13(const Node& node, const Inputs& in) {
  return dequantize(node, in, {quant::Granularities::kPerAxis});
}
Tensors dequantize_linear_v19(const Node& node, const Inputs& in) {
  return dequantize(node, in, {quant::Granularities::kPerAxis, true});
}
Tensors dequantize_linear_v21(const Node& node, const Inputs& in) {
  return dequantize(node, in, {quant::Granularities::kBlocked, true});
}
Tensors dequantize_linear_v23(const Node& node, const Inputs& in) {
  return dequantize(node, in, {quant::Granularities::kBlocked, true, true});
}

}  // namespace touchstone::ops
