// MatMul (1, 9, 13), MatMulInteger (10) and Gemm (1, 6, 7, 9, 11, 13).
//
// MatMul behaves like numpy.matmul in every version: a 1-D A is (1, K) and a 1-D B is
// (K, 1), with the added dimension removed from the result; the batch dimensions (all but
// the last two) broadcast by numpy's rule. 9 adds int32/int64/uint32/uint64, 13 bfloat16.
//
// MatMulInteger-10: Y (int32) = (A - a_zero_point) matmul (B - b_zero_point), MatMul's
// shapes; A and B int8/uint8 each; zero points per tensor, per row of A, per column of B.
// The sum is exact; where it does not fit int32 it wraps, marked undefined.
//
// Gemm: Y = alpha * A' * B' + beta * C, A' = transpose(A) if transA, B' likewise, both 2-D.
// - 1, 6: C is required; with broadcast=0 it must be (M, N); with broadcast=1 the legacy
//   limited rule (one element, or a suffix of (M, N)). 6 only drops "C can be inplace"
//   from the text.
// - 7: `broadcast` removed; C unidirectionally broadcast to (M, N). 9: integer types.
//   11: C optional (absent: as if 0). 13: bfloat16.
//
// Float results are exact and rounded once: each element's dot product is accumulated
// exactly (numeric/accumulator.h); alpha and beta (float attributes) apply to the exact
// values, then one rounding. Integer results are exact; where they do not fit the type
// they wrap in two's complement, marked undefined (ONNX does not say what an overflowing
// integer accumulation gives). Integer Gemm with alpha or beta other than 1: the exact real
// value truncated toward zero, marked implementation-defined.
#include <gmpxx.h>
#include <mpfr.h>

#include <limits>

#include "reference/broadcast.h"
#include "reference/numeric/accumulator.h"
#include "reference/numeric/functions.h"
#include "reference/ops/core/exact_integer.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/linalg/linalg_ops.h"
#include "reference/ops/linalg/matmul_shape.h"

namespace touchstone::ops {

using linalg::MatMulShape;
using linalg::matmul_shape;
using linalg::Product;
using linalg::ZeroPoints;
using linalg::zero_points;

namespace {

// One output element: sum_k A*B, times alpha, plus beta * c (has_c), rounded once.
struct Scaling {
  double alpha = 1, beta = 1;
};

template <class T>
T float_element(numeric::ExactAccumulator& acc, const Scaling& s, bool has_c, T c) {
  constexpr auto format = numeric::float_format<T>();
  if (s.alpha == 1) {
    if (has_c) acc.add_product(s.beta, numeric::widen(c));  // exact for any doubles
    return numeric::narrow<T>(acc.rounded(format));
  }
  // alpha * S + beta * c with S exact: both products and their sum are exact in MPFR at
  // enough precision (S's bits + 53; the sum spans at most the accumulator's range).
  numeric::MpfrValue sum(2), term(128), total(4600);
  acc.exact(sum);
  mpfr_set_prec(total, mpfr_get_prec(sum) + 64);
  mpfr_mul_d(total, sum, s.alpha, MPFR_RNDN);
  if (has_c && !mpfr_nan_p(total)) {
    mpfr_set_d(term, numeric::widen(c), MPFR_RNDN);
    mpfr_mul_d(term, term, s.beta, MPFR_RNDN);
    numeric::MpfrValue exact_sum(4600 + mpfr_get_prec(total));
    mpfr_add(exact_sum, total, term, MPFR_RNDN);
    return numeric::correctly_rounded_as<T>(
        [&](mpfr_ptr out) { return mpfr_set(out, exact_sum, MPFR_RNDN) == 0 ? numeric::kExactResult : 1; });
  }
  return numeric::correctly_rounded_as<T>(
      [&](mpfr_ptr out) { return mpfr_set(out, total, MPFR_RNDN) == 0 ? numeric::kExactResult : 1; });
}

// Y[out_base + i*n + j] = alpha * sum_k A*B + beta * C[c_index(i, j)].
template <class T>
void multiply(const Node& node, const Product& p, std::span<const T> a, int64_t a_base, std::span<const T> b,
              int64_t b_base, std::span<T> y, int64_t y_base, const Scaling& s, std::span<const T> c,
              const std::vector<int64_t>& c_index) {
  const bool has_c = !c_index.empty();
  if constexpr (is_real_float<T>) {
    numeric::ExactAccumulator acc;
    for (int64_t i = 0; i < p.m; ++i)
      for (int64_t j = 0; j < p.n; ++j) {
        acc.clear();
        acc.add_dot(a.data() + a_base + i * p.a_row, p.a_col, b.data() + b_base + j * p.b_col, p.b_row, p.k);
        const T cv = has_c ? c[c_index[i * p.n + j]] : T{};
        y[y_base + i * p.n + j] = float_element<T>(acc, s, has_c, cv);
      }
  } else {
    core::IntegerSum sum;
    mpz_class c_value;
    for (int64_t i = 0; i < p.m; ++i)
      for (int64_t j = 0; j < p.n; ++j) {
        sum.clear();
        for (int64_t k = 0; k < p.k; ++k)
          sum.add_product(a[a_base + i * p.a_row + k * p.a_col], b[b_base + k * p.b_row + j * p.b_col]);
        if (s.alpha != 1 || (has_c && s.beta != 1)) {
          // alpha * sum + beta * c exactly, truncated toward zero.
          numeric::MpfrValue r(256), t(256);
          mpfr_set_z(r, sum.value().get_mpz_t(), MPFR_RNDN);
          mpfr_mul_d(r, r, s.alpha, MPFR_RNDN);
          if (has_c) {
            core::set_exact(c_value, c[c_index[i * p.n + j]]);
            mpfr_set_z(t, c_value.get_mpz_t(), MPFR_RNDN);
            mpfr_mul_d(t, t, s.beta, MPFR_RNDN);
            mpfr_add(r, r, t, MPFR_RNDN);
          }
          mpfr_get_z(sum.value().get_mpz_t(), r, MPFR_RNDZ);
          node.mark(Semantics::kImplementationDefined,
                    "integer Gemm with alpha or beta other than 1 (the exact value truncated toward zero)");
        } else if (has_c) {
          sum.add(c[c_index[i * p.n + j]]);
        }
        y[y_base + i * p.n + j] = core::wrapped_result<T>(node, sum.value(), core::kAccumulationOverflow);
      }
  }
}

}  // namespace


// MatMul-1, 9, 13: numpy.matmul.
Tensors matmul_v1(const Node& node, const Inputs& in) {
  const MatMulShape s = matmul_shape(in[0].shape(), in[1].shape(), "MatMul");
  const Product& p = s.p;
  node.record_terms(p.k);
  Tensor y(in[0].dtype(), s.out);
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      auto a = in[0].data<T>();
      auto b = in[1].data<T>();
      auto yd = y.data<T>();
      for_each_broadcast<2>(s.batches, [&](int64_t batch, const std::array<int64_t, 2>& k) {
        multiply<T>(node, p, a, k[0] * p.m * p.k, b, k[1] * p.k * p.n, yd, batch * p.m * p.n, {}, {}, {});
      });
    } else {
      throw std::logic_error("MatMul on a non-numeric type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

namespace {

template <class TA, class TB>
void integer_products(const Node& node, const MatMulShape& s, const Inputs& in, std::span<int32_t> y) {
  const Product& p = s.p;
  auto a = in[0].data<TA>();
  auto b = in[1].data<TB>();
  const ZeroPoints za = in.has(2) ? zero_points(in[0].shape(), in[2].shape(), true, "a_zero_point") : ZeroPoints{};
  const ZeroPoints zb = in.has(3) ? zero_points(in[1].shape(), in[3].shape(), false, "b_zero_point") : ZeroPoints{};
  std::span<const TA> za_data;
  std::span<const TB> zb_data;
  if (in.has(2)) za_data = in[2].data<TA>();
  if (in.has(3)) zb_data = in[3].data<TB>();
  core::IntegerSum sum;
  for_each_broadcast<2>(s.batches, [&](int64_t batch, const std::array<int64_t, 2>& k) {
    const int64_t a_base = k[0] * p.m * p.k, b_base = k[1] * p.k * p.n;
    for (int64_t i = 0; i < p.m; ++i) {
      const int64_t zai = za.per_tensor ? 0 : k[0] * za.extent + i;
      const int32_t a_zero = za_data.empty() ? 0 : za_data[zai];
      for (int64_t j = 0; j < p.n; ++j) {
        const int64_t zbj = zb.per_tensor ? 0 : k[1] * zb.extent + j;
        const int32_t b_zero = zb_data.empty() ? 0 : zb_data[zbj];
        sum.clear();
        for (int64_t t = 0; t < p.k; ++t)  // each factor within [-255, 255]: the product is exact in int32
          sum.add((a[a_base + i * p.a_row + t] - a_zero) * (b[b_base + t * p.b_row + j] - b_zero));
        y[batch * p.m * p.n + i * p.n + j] = core::wrapped_result<int32_t>(node, sum.value(), core::kAccumulationOverflow);
      }
    }
  });
}

// Calls f.template operator()<T>() with T the 8-bit integer type of `t` (the schema allows no other).
template <class F>
void visit_8bit(DType t, F&& f) {
  if (t == DType::kInt8) f.template operator()<int8_t>();
  else if (t == DType::kUInt8) f.template operator()<uint8_t>();
  else throw std::logic_error("MatMulInteger on a type other than int8/uint8");  // the schema check prevents it
}

}  // namespace

// MatMulInteger-10: (A - a_zero_point) matmul (B - b_zero_point), exact, into int32.
Tensors matmul_integer_v10(const Node& node, const Inputs& in) {
  const MatMulShape s = matmul_shape(in[0].shape(), in[1].shape(), "MatMulInteger");
  if (in.has(2) && in[2].dtype() != in[0].dtype()) invalid_model("a_zero_point must have A's type (T1)");
  if (in.has(3) && in[3].dtype() != in[1].dtype()) invalid_model("b_zero_point must have B's type (T2)");
  node.record_terms(s.p.k);
  Tensor y(DType::kInt32, s.out);
  visit_8bit(in[0].dtype(), [&]<class TA>() {
    visit_8bit(in[1].dtype(), [&]<class TB>() { integer_products<TA, TB>(node, s, in, y.data<int32_t>()); });
  });
  return {std::move(y)};
}

namespace {

enum class CRule { kLegacy, kUnidirectional };

Tensors gemm(const Node& node, const Inputs& in, CRule rule) {
  const Tensor &a = in[0], &b = in[1];
  if (a.rank() != 2 || b.rank() != 2)
    invalid_model("A and B must be 2-D, got " + shape_to_string(a.shape()) + " and " + shape_to_string(b.shape()));
  const bool ta = node.attr_int("transA", 0) != 0, tb = node.attr_int("transB", 0) != 0;
  Product p;
  p.m = ta ? a.shape()[1] : a.shape()[0];
  p.k = ta ? a.shape()[0] : a.shape()[1];
  const int64_t kb = tb ? b.shape()[1] : b.shape()[0];
  p.n = tb ? b.shape()[0] : b.shape()[1];
  if (kb != p.k)
    invalid_model("inner dimensions differ: A' is (" + std::to_string(p.m) + "," + std::to_string(p.k) + "), B' is (" +
                  std::to_string(kb) + "," + std::to_string(p.n) + ") (transA=" + std::to_string(ta) +
                  ", transB=" + std::to_string(tb) + ")");
  node.record_terms(p.k);
  p.a_row = ta ? 1 : a.shape()[1];
  p.a_col = ta ? a.shape()[1] : 1;
  p.b_row = tb ? 1 : b.shape()[1];
  p.b_col = tb ? b.shape()[1] : 1;
  const Scaling s{node.attr_float("alpha", 1.0f), node.attr_float("beta", 1.0f)};
  const Shape mn = {p.m, p.n};
  std::vector<int64_t> c_index;
  check_tensor_budget(a.dtype(), mn);  // the output, before C's index map
  if (in.has(2)) {
    const BroadcastPlan plan = rule == CRule::kLegacy
                                   ? limited_broadcast(mn, in[2].shape(), node.attr_int("broadcast", 0), std::nullopt)
                                   : unidirectional_broadcast(mn, in[2].shape());
    const auto charge = scratch_for<int64_t>(p.m * p.n, "C's index map");
    c_index.resize(static_cast<size_t>(p.m * p.n));
    BroadcastPlan c_only{plan.out, {plan.strides[1]}};
    for_each_broadcast<1>(c_only, [&](int64_t i, const std::array<int64_t, 1>& k) { c_index[i] = k[0]; });
  }
  Tensor y(a.dtype(), mn);
  visit_dtype(a.dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      std::span<const T> c;
      if (in.has(2)) c = in[2].data<T>();
      multiply<T>(node, p, a.data<T>(), 0, b.data<T>(), 0, y.data<T>(), 0, s, c, c_index);
    } else {
      throw std::logic_error("Gemm on a non-numeric type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace

// Gemm-1, 6: C required, `broadcast` attribute (legacy limited rule).
Tensors gemm_v1(const Node& node, const Inputs& in) { return gemm(node, in, CRule::kLegacy); }
// Gemm-7, 9, 11, 13: C unidirectionally broadcast to (M, N); optional from 11.
Tensors gemm_v7(const Node& node, const Inputs& in) { return gemm(node, in, CRule::kUnidirectional); }

}  // namespace touchstone::ops
