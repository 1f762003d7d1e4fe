// MatMul (1, 9, 13) and Gemm (1, 6, 7, 9, 11, 13).
//
// MatMul behaves like numpy.matmul in every version: a 1-D A is (1, K) and a 1-D B is
// (K, 1), with the added dimension removed from the result; the batch dimensions (all but
// the last two) broadcast by numpy's rule. 9 adds int32/int64/uint32/uint64, 13 bfloat16.
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
#include "reference/ops/elementwise.h"
#include "reference/ops/ops.h"

namespace touchstone::ops {

namespace {

// Where element (i, j) of each product reads A and B: A[a + i*a_row + k*a_col], B[b + k*b_row + j*b_col].
struct Product {
  int64_t m = 0, k = 0, n = 0;
  int64_t a_row = 0, a_col = 0, b_row = 0, b_col = 0;
};

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

Shape batch_of(const Shape& s) { return Shape(s.begin(), s.end() - 2); }

}  // namespace

// MatMul-1, 9, 13: numpy.matmul.
Tensors matmul(const Node& node, const Inputs& in) {
  Shape sa = in[0].shape(), sb = in[1].shape();
  if (sa.empty() || sb.empty()) invalid_model("MatMul needs inputs of rank 1 or more (numpy.matmul), got a scalar");
  const bool a_vector = sa.size() == 1, b_vector = sb.size() == 1;
  if (a_vector) sa.insert(sa.begin(), 1);
  if (b_vector) sb.push_back(1);
  Product p;
  p.m = sa[sa.size() - 2];
  p.k = sa.back();
  p.n = sb.back();
  if (sb[sb.size() - 2] != p.k)
    invalid_model("inner dimensions differ: A " + shape_to_string(in[0].shape()) + " has K = " + std::to_string(p.k) +
                  ", B " + shape_to_string(in[1].shape()) + " has " + std::to_string(sb[sb.size() - 2]));
  node.record_terms(p.k);
  p.a_row = p.k;
  p.a_col = 1;
  p.b_row = p.n;
  p.b_col = 1;
  const BroadcastPlan batches = multidirectional_broadcast({batch_of(sa), batch_of(sb)});
  Shape out = batches.out;
  if (!a_vector) out.push_back(p.m);
  if (!b_vector) out.push_back(p.n);
  Tensor y(in[0].dtype(), out);
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      auto a = in[0].data<T>();
      auto b = in[1].data<T>();
      auto yd = y.data<T>();
      for_each_broadcast<2>(batches, [&](int64_t batch, const std::array<int64_t, 2>& k) {
        multiply<T>(node, p, a, k[0] * p.m * p.k, b, k[1] * p.k * p.n, yd, batch * p.m * p.n, {}, {}, {});
      });
    } else {
      throw std::logic_error("MatMul on a non-numeric type");  // the schema check prevents it
    }
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
  if (in.has(2)) {
    const BroadcastPlan plan = rule == CRule::kLegacy
                                   ? limited_broadcast(mn, in[2].shape(), node.attr_int("broadcast", 0), std::nullopt)
                                   : unidirectional_broadcast(mn, in[2].shape());
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
Tensors gemm_legacy(const Node& node, const Inputs& in) { return gemm(node, in, CRule::kLegacy); }
// Gemm-7, 9, 11, 13: C unidirectionally broadcast to (M, N); optional from 11.
Tensors gemm_unidirectional(const Node& node, const Inputs& in) { return gemm(node, in, CRule::kUnidirectional); }

}  // namespace touchstone::ops
