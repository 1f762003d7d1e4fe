// QLinearMatMul-10, 21: y = saturate(round(a_scale * b_scale / y_scale * S + y_zero_point)),
// S = (a - a_zero_point) matmul (b - b_zero_point), numpy.matmul's shapes (1-D promotion, batch
// broadcasting: ../linalg/matmul_shape.h).
//
// a's scale and zero point (one shape) are per tensor or per row: an M-vector for 2-D a, a's
// shape with K = 1 otherwise; b's per tensor or per column (N-vector, b's shape with K = 1);
// the same forms as MatMulInteger's zero points. The text names no per-row form for y:
// y_scale and y_zero_point are per tensor. S is exact (an int32 accumulation for 8-bit
// integers, wrapped and marked undefined outside int32; K = 0 gives 0); the requantization is
// exact with the marks of qlinear.h.
// - 10: a, b, y int8/uint8; float scales.
// - 21: float16/bfloat16 scales; float8 a, b and y (with their zero points): the differences
//   and S exact reals, y rounded once with saturation. Shares 10's kernel.
#include <cmath>

#include "reference/error.h"
#include "reference/ops/linalg/matmul_shape.h"
#include "reference/ops/quant/qlinear.h"
#include "reference/ops/quant/quant_ops.h"

namespace touchstone::ops {

namespace quant {

namespace {

// The parameter form of a (of_a) or b: its scale and zero point must share one shape.
linalg::ZeroPoints parameter_form(const Inputs& in, size_t matrix, bool of_a) {
  const Shape &scale = in[matrix + 1].shape(), &zero = in[matrix + 2].shape();
  const char* scale_name = of_a ? "a_scale" : "b_scale";
  if (scale != zero)
    invalid_model(std::string(scale_name) + " " + shape_to_string(scale) + " and its zero point " +
                  shape_to_string(zero) + " must have the same shape");
  return linalg::zero_points(in[matrix].shape(), scale, of_a, scale_name);
}

bool is_integer_type(DType t) { return t == DType::kInt8 || t == DType::kUInt8; }

}  // namespace

QLinearSums qlinear_matmul_sums(const Node& node, const Inputs& in) {
  const linalg::MatMulShape s = linalg::matmul_shape(in[0].shape(), in[3].shape(), "QLinearMatMul");
  const linalg::ZeroPoints ra = parameter_form(in, 0, true), rb = parameter_form(in, 3, false);
  check_per_tensor(in[6], "y_scale");
  check_per_tensor(in[7], "y_zero_point");
  const linalg::Product& p = s.p;
  node.record_terms(p.k);
  QLinearSums r;
  r.out = s.out;
  r.y_type = in[7].dtype();
  r.y_scale = element_values(in[6])[0];
  r.y_zero = element_values(in[7])[0];
  const int64_t total = element_count(s.out);
  check_tensor_budget(r.y_type, s.out);
  r.sums.resize(static_cast<size_t>(total));
  r.a_scale.resize(static_cast<size_t>(total));
  r.b_scale.resize(static_cast<size_t>(total));
  const std::vector<double> a = element_values(in[0]), as = element_values(in[1]), az = element_values(in[2]);
  const std::vector<double> b = element_values(in[3]), bs = element_values(in[4]), bz = element_values(in[5]);
  const bool integers = is_integer_type(in[0].dtype()) && is_integer_type(in[3].dtype());
  bool non_finite = false;
  for_each_broadcast<2>(s.batches, [&](int64_t batch, const std::array<int64_t, 2>& k) {
    const int64_t a_base = k[0] * p.m * p.k, b_base = k[1] * p.k * p.n;
    for (int64_t i = 0; i < p.m; ++i) {
      const int64_t ai = ra.index(k[0], i);
      for (int64_t j = 0; j < p.n; ++j) {
        const int64_t bj = rb.index(k[1], j);
        const size_t o = static_cast<size_t>(batch * p.m * p.n + i * p.n + j);
        if (integers) {  // each factor within [-255, 255]: products and sums exact in int64
          int64_t sum = 0;
          for (int64_t t = 0; t < p.k; ++t)
            sum += static_cast<int64_t>(a[a_base + i * p.a_row + t] - az[ai]) *
                   static_cast<int64_t>(b[b_base + t * p.b_row + j] - bz[bj]);
          r.sums[o] = mpq_class(static_cast<long>(int32_accumulation(node, sum)));
        } else {  // float8: each difference and product exact in double, the sum exact
          mpq_class sum = 0;
          bool finite = true;
          for (int64_t t = 0; t < p.k; ++t) {
            const double term =
                (a[a_base + i * p.a_row + t] - az[ai]) * (b[b_base + t * p.b_row + j] - bz[bj]);
            if (!std::isfinite(term)) {
              finite = false;
              break;
            }
            sum += mpq_class(term);
          }
          if (!finite) non_finite = true;
          r.sums[o] = finite ? sum : mpq_class(0);
        }
        r.a_scale[o] = as[ai];
        r.b_scale[o] = bs[bj];
      }
    }
  });
  if (non_finite) node.mark(Semantics::kUndefined, "a NaN or infinite float8 input (its sum taken as 0)");
  return r;
}

}  // namespace quant

// QLinearMatMul-10, 21.
Tensors qlinear_matmul_v10(const Node& node, const Inputs& in) {
  return {quant::requantized(node, quant::qlinear_matmul_sums(node, in))};
}

}  // namespace touchstone::ops
