// CumSum, CumProd — every version. Running sums / products along `axis` (a 0-D int32 or
// int64 input, in [-r, r-1]); `exclusive` leaves the current element out (the first output
// is the empty sum 0 / the empty product 1), `reverse` runs from the end of the axis.
//
// CumSum-11: uint32/uint64/int32/int64/float/double. CumSum-14: +float16, +bfloat16.
// CumProd-26: the same types, products.
//
// Float results are exact, rounded once: each output is the exact sum (product) of its
// prefix, rounded once to T — not a chain of roundings. Sums: a 2200-bit MPFR accumulator
// adds doubles exactly (an exact sum of doubles spans at most 1024 + 1074 bits plus
// log2(n) bits of carries, for n < 2^100), so each prefix is exact and
// numeric::correctly_rounded rounds it once. Products: the accumulator's precision grows
// by 64 bits per factor, so each prefix is exact (mpfr_mul at a precision of at least the
// sum of its operands' is exact); rounding is exact-once while the product fits the 4096
// working bits of correctly_rounded (at least 77 double, 170 float or 372 half factors) and
// beyond that relies on the argument in numeric/functions.h (no true value within 2^-4000
// of a midpoint). inf + -inf and 0 * inf are NaN; a zero sum is -0 only when every term is
// -0 (IEEE 754's rule for exact sums), a zero product has the sign of the product of signs.
// Backends accumulate in their own precision: their cases are judged by the recursive
// summation / product bound for the axis length, with the oracle's magnitudes
// (cases/tolerance.cpp).
//
// Integer overflow: undefined; the result wraps (two's complement), as Add and Mul.
#include <mpfr.h>

#include "reference/numeric/functions.h"
#include "reference/ops/indexing/index_rules.h"
#include "reference/ops/indexing/indexing_ops.h"

namespace touchstone::ops {

using namespace indexing;

namespace {

constexpr mpfr_prec_t kSumPrecision = 2200;

struct Running {
  const Node& node;
  bool product;

  // Integer steps: wrap and mark on overflow.
  template <class T>
  T step(T acc, T x) const {
    T r{};
    const bool overflow = product ? __builtin_mul_overflow(acc, x, &r) : __builtin_add_overflow(acc, x, &r);
    if (overflow)
      node.mark(Semantics::kUndefined, std::string("integer overflow in ") + (product ? "CumProd" : "CumSum") +
                                           " (the result wraps)");
    return r;
  }
};

// One slice: y[order[j]] = prefix over x[order[0..j]] (exclusive: over x[order[0..j-1]]).
template <class T>
void run_slice(const Running& run, std::span<const T> x, std::span<T> y, const std::vector<int64_t>& order,
               bool exclusive) {
  if constexpr (is_real_float<T>) {
    const size_t n = order.size();
    numeric::MpfrValue acc(run.product ? 64 : kSumPrecision);
    bool empty = true;  // the empty sum is +0, the empty product 1
    for (size_t j = 0; j < n; ++j) {
      const auto at = static_cast<size_t>(order[j]);
      if (exclusive) {
        y[at] = empty ? numeric::narrow<T>(run.product ? 1.0 : 0.0)
                      : numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
                          return mpfr_set(out, acc, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
                        });
      }
      const double v = numeric::widen(x[at]);
      if (empty) {
        mpfr_set_d(acc, v, MPFR_RNDN);  // exact
      } else if (run.product) {
        mpfr_prec_round(acc, mpfr_get_prec(acc) + 64, MPFR_RNDN);  // exact: the precision grows
        numeric::MpfrValue factor(64, v);
        mpfr_mul(acc, acc, factor, MPFR_RNDN);  // exact at that precision
      } else {
        mpfr_add_d(acc, acc, v, MPFR_RNDN);  // exact at kSumPrecision
      }
      empty = false;
      if (!exclusive)
        y[at] = numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
          return mpfr_set(out, acc, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
        });
    }
  } else if constexpr (is_integer<T>) {
    T acc = run.product ? T{1} : T{0};
    for (int64_t at : order) {
      const auto i = static_cast<size_t>(at);
      if (exclusive) y[i] = acc;
      acc = run.step(acc, x[i]);
      if (!exclusive) y[i] = acc;
    }
  } else {
    throw std::logic_error("CumSum/CumProd of a non-numeric type");  // the schema check prevents it
  }
}

Tensors cumulative(const Node& node, const Inputs& in, bool product) {
  const Tensor& x = in[0];
  const Tensor& axis_t = in[1];
  if (axis_t.rank() != 0)
    invalid_model(node.op_version() + ": axis must be a 0-D tensor, got shape " + shape_to_string(axis_t.shape()));
  const int64_t axis = normalize_axis(index_values(axis_t)[0], x.rank(), Negative::kAllowed);
  const bool exclusive = node.attr_int("exclusive", 0) != 0;
  const bool reverse = node.attr_int("reverse", 0) != 0;
  const AxisSplit line = split_at(x.shape(), axis);
  const int64_t n = line.length;
  Tensor y(x.dtype(), x.shape());
  const Running run{node, product};
  visit_dtype(x.dtype(), [&]<class T>() {
    auto xs = x.data<T>();
    auto ys = y.data<T>();
    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t o = 0; o < line.outer; ++o)
      for (int64_t i = 0; i < line.inner; ++i) {
        for (int64_t j = 0; j < n; ++j)
          order[static_cast<size_t>(j)] = line.at(o, reverse ? n - 1 - j : j, i);
        run_slice<T>(run, xs, ys, order, exclusive);
      }
  });
  return {y};
}

}  // namespace

// CumSum-11, 14.
Tensors cumsum_v11(const Node& node, const Inputs& in) { return cumulative(node, in, false); }
// CumProd-26.
Tensors cumprod_v26(const Node& node, const Inputs& in) { return cumulative(node, in, true); }

}  // namespace touchstone::ops
