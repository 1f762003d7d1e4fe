// ReduceSum (1, 11, 13), ReduceSumSquare, ReduceL1, ReduceL2, ReduceMean, ReduceProd,
// ReduceLogSum, ReduceLogSumExp (1, 11, 13, 18), ReduceMax, ReduceMin (1, 11, 12, 13, 18, 20).
//
// What each version changes (the axes rules are in reduce_plan.h):
// - 11: negative axes. 12 (Max/Min): int8/uint8. 13: bfloat16; ReduceSum's axes become an
//   optional input with noop_with_empty_axes. 18: the same move for the others.
//   20 (Max/Min): bool, with False < True.
// - The value of a reduction over an empty set is named by the text of versions 1, 13, 18
//   and 20 (Max/Min also 11): 0 for Sum, SumSquare, L1, L2; 1 for Prod; -inf for LogSum
//   and LogSumExp ("undefined" for integer types); -inf or the type's minimum for Max,
//   +inf or its maximum for Min; "undefined" for Mean. Versions 11 (12 for Max/Min) say
//   nothing: the reference gives the same identities, marked implementation-defined.
//   Undefined ones answer NaN (float Mean) or 0 (integer Mean, LogSum, LogSumExp), marked.
//
// Float results are exact and rounded once: Sum, SumSquare, L1 and Mean from the exact
// accumulator (numeric/accumulator.h); L2 = sqrt and LogSum = log of the exact sum;
// LogSumExp with the largest term factored out (no overflow); Prod correctly rounded. An
// exact zero sum is -0 only when every term is -0 (see accumulator.h).
//
// What ONNX leaves open, and the answers (marked implementation-defined unless said):
// - NaN in ReduceMax/Min: NaN. -0 against +0: Max +0, Min -0 (as the Max/Min ops).
// - integer Mean, L2, LogSum, LogSumExp: the exact real result truncated toward zero.
// - integer overflow of Sum, SumSquare, L1, Prod (and Mean's sum does not overflow: it is
//   exact): the result wraps in two's complement, marked undefined.
#include <gmpxx.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "reference/numeric/exp_sums.h"
#include "reference/numeric/functions.h"
#include "reference/ops/core/exact_integer.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/reduce/reduce_ops.h"
#include "reference/ops/reduce/reduce_plan.h"

namespace touchstone::ops {

namespace {

using reduce::AxesFrom;

enum class Kind { kSum, kSumSquare, kL1, kL2, kMean, kProd, kLogSum, kLogSumExp, kMax, kMin };

struct Rules {
  AxesFrom from;
  bool negative_axes;
  bool empty_named;
};

Rules rules_for(Kind kind, int version) {
  const bool extreme = kind == Kind::kMax || kind == Kind::kMin;
  const int axes_input = kind == Kind::kSum ? 13 : 18;
  return {version >= axes_input ? AxesFrom::kInput : AxesFrom::kAttribute, version >= 11,
          extreme ? version != 12 : version != 11};
}

// Largest (max) or smallest of float values, with the documented NaN and zero answers.
double extreme_float(const Node& node, const std::vector<double>& v, bool max) {
  double best = max ? -INFINITY : INFINITY;
  bool mixed_zeros = false;
  for (double x : v) {
    if (std::isnan(x)) {
      node.mark(Semantics::kImplementationDefined, "NaN in the reduced values (the result is NaN)");
      return x;
    }
    if (x == 0 && best == 0 && std::signbit(x) != std::signbit(best)) {
      mixed_zeros = true;
      best = max ? 0.0 : -0.0;
    } else if (max ? x > best : x < best) {
      best = x;
    }
  }
  if (mixed_zeros && best == 0)
    node.mark(Semantics::kImplementationDefined, "-0 and +0 reduced together (Max gives +0, Min -0)");
  return best;
}

template <class T>
T reduce_float(Kind kind, const Node& node, const std::vector<T>& values, numeric::ExactAccumulator& acc) {
  constexpr auto format = numeric::float_format<T>();
  std::vector<double> v;
  for (const T& x : values) v.push_back(numeric::widen(x));
  acc.clear();
  double r = 0;
  switch (kind) {
    case Kind::kSum:
    case Kind::kMean:
      for (double x : v) acc.add(x);
      if (kind == Kind::kSum) {
        r = acc.rounded(format);
      } else if (v.empty()) {
        node.mark(Semantics::kUndefined, "mean of an empty set (the result is NaN)");
        r = NAN;
      } else {
        r = numeric::sum_divided(acc, v.size(), format);
      }
      break;
    case Kind::kL1:
      for (double x : v) acc.add(std::fabs(x));
      r = acc.rounded(format);
      break;
    case Kind::kSumSquare:
    case Kind::kL2:
      for (const T& x : values) acc.add_product_of(x, x);
      r = kind == Kind::kSumSquare ? acc.rounded(format) : numeric::sqrt_of_sum(acc, format);
      break;
    case Kind::kLogSum:
      for (double x : v) acc.add(x);
      r = numeric::log_of_sum(acc, format);
      break;
    case Kind::kLogSumExp: r = numeric::log_sum_exp(v, format); break;
    case Kind::kProd: r = numeric::product(v, format); break;
    case Kind::kMax:
    case Kind::kMin: r = extreme_float(node, v, kind == Kind::kMax); break;
  }
  return numeric::narrow<T>(r);
}

// log of an exact integer, or m + log(sum exp(x - m)), truncated toward zero; 256 bits
// leave no doubt for these values (none of them is an integer but log 1 = 0 and a single
// term, which are exact).
template <class T>
void truncated_log(const Node& node, Kind kind, const std::vector<T>& values, mpz_class& z) {
  numeric::MpfrValue r(256), t(256);
  if (kind == Kind::kLogSum) {
    mpfr_set_z(t, z.get_mpz_t(), MPFR_RNDN);  // exact: below 2^(64 + log2 n)
    mpfr_log(r, t, MPFR_RNDN);
  } else {
    const T m = *std::max_element(values.begin(), values.end());
    std::vector<__mpfr_struct> terms(values.size());
    std::vector<mpfr_ptr> pointers;
    for (size_t i = 0; i < values.size(); ++i) {
      mpfr_init2(&terms[i], 256);
      core::set_exact(z, values[i]);
      mpfr_set_z(t, z.get_mpz_t(), MPFR_RNDN);
      if constexpr (std::is_signed_v<T>) mpfr_sub_si(t, t, static_cast<long>(m), MPFR_RNDN);
      else mpfr_sub_ui(t, t, static_cast<unsigned long>(m), MPFR_RNDN);
      mpfr_exp(&terms[i], t, MPFR_RNDN);
      pointers.push_back(&terms[i]);
    }
    mpfr_sum(t, pointers.data(), pointers.size(), MPFR_RNDN);
    mpfr_log(r, t, MPFR_RNDN);
    if constexpr (std::is_signed_v<T>) mpfr_add_si(r, r, static_cast<long>(m), MPFR_RNDN);
    else mpfr_add_ui(r, r, static_cast<unsigned long>(m), MPFR_RNDN);
    for (auto& term : terms) mpfr_clear(&term);
  }
  if (!mpfr_number_p(r)) {
    node.mark(Semantics::kUndefined, "log of a non-positive integer sum (the result is 0)");
    z = 0;
  } else {
    mpfr_get_z(z.get_mpz_t(), r, MPFR_RNDZ);
  }
}

template <class T>
T reduce_integer(Kind kind, const Node& node, const std::vector<T>& values) {
  using L = std::numeric_limits<T>;
  if (kind == Kind::kMax || kind == Kind::kMin) {
    T best = kind == Kind::kMax ? L::lowest() : L::max();
    for (const T& x : values) best = kind == Kind::kMax ? std::max(best, x) : std::min(best, x);
    return best;
  }
  mpz_class z = kind == Kind::kProd ? 1 : 0, x;
  for (const T& value : values) {
    core::set_exact(x, value);
    switch (kind) {
      case Kind::kL1: x = abs(x); [[fallthrough]];
      case Kind::kSum:
      case Kind::kMean:
      case Kind::kLogSum:
      case Kind::kLogSumExp: z += x; break;
      case Kind::kSumSquare:
      case Kind::kL2: z += x * x; break;
      case Kind::kProd: z *= x; break;
      default: break;
    }
  }
  const char* truncated = "integer result of a real-valued reduction (truncated toward zero)";
  switch (kind) {
    case Kind::kL2:
      z = sqrt(z);
      node.mark(Semantics::kImplementationDefined, truncated);
      break;
    case Kind::kMean:
      if (values.empty()) {
        node.mark(Semantics::kUndefined, "mean of an empty set (the result is 0)");
      } else {
        z /= static_cast<unsigned long>(values.size());  // truncates toward zero
        node.mark(Semantics::kImplementationDefined, truncated);
      }
      break;
    case Kind::kLogSum:
    case Kind::kLogSumExp:
      if (values.empty()) {
        node.mark(Semantics::kUndefined, "log of an empty sum in an integer type (the result is 0)");
      } else {
        truncated_log(node, kind, values, z);
        node.mark(Semantics::kImplementationDefined, truncated);
      }
      break;
    default: break;
  }
  return core::wrapped_result<T>(node, z, "integer overflow (the result wraps in two's complement)");
}

template <Kind kind>
Tensors run(const Node& node, const Inputs& in, int version) {
  const Rules rules = rules_for(kind, version);
  const reduce::Plan plan = reduce::plan_reduction(node, in, rules.from, rules.negative_axes);
  node.record_terms(static_cast<int64_t>(plan.offsets.size()));
  const Tensor& x = in[0];
  Tensor out(x.dtype(), plan.out);
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_numeric<T> || std::is_same_v<T, bool>) {
      auto data = x.data<T>();
      auto y = out.data<T>();
      std::vector<T> values;
      numeric::ExactAccumulator acc;
      if (plan.offsets.empty() && !plan.bases.empty() && !rules.empty_named)
        node.mark(Semantics::kImplementationDefined,
                  "reduction over an empty set (this version's text names no value; the identity later versions name)");
      for (size_t o = 0; o < plan.bases.size(); ++o) {
        values.clear();
        for (int64_t k : plan.offsets) values.push_back(data[plan.bases[o] + k]);
        if constexpr (std::is_same_v<T, bool>) {
          bool r = kind == Kind::kMin;  // Max: any (empty: False); Min: all (empty: True)
          for (bool b : values) r = kind == Kind::kMax ? (r || b) : (r && b);
          y[o] = r;
        } else if constexpr (is_real_float<T>) {
          y[o] = reduce_float<T>(kind, node, values, acc);
        } else {
          y[o] = reduce_integer<T>(kind, node, values);
        }
      }
    } else {
      throw std::logic_error("Reduce* on a non-numeric type");  // the schema check prevents it
    }
  });
  return {std::move(out)};
}

}  // namespace

reduce::Plan reduce::reduction_plan(const Node& node, const Inputs& in, int version) {
  // The axes rules differ between ReduceSum and the others only (rules_for).
  const Rules rules = rules_for(node.proto().op_type() == "ReduceSum" ? Kind::kSum : Kind::kMean, version);
  return plan_reduction(node, in, rules.from, rules.negative_axes);
}

// One kernel per version that changed the rules: the version decides the axes rules
// (attribute or input, negative axes) and the empty-set text (rules_for).
Tensors reduce_sum_v1(const Node& n, const Inputs& in) { return run<Kind::kSum>(n, in, 1); }
Tensors reduce_sum_v11(const Node& n, const Inputs& in) { return run<Kind::kSum>(n, in, 11); }
Tensors reduce_sum_v13(const Node& n, const Inputs& in) { return run<Kind::kSum>(n, in, 13); }
Tensors reduce_sum_square_v1(const Node& n, const Inputs& in) { return run<Kind::kSumSquare>(n, in, 1); }
Tensors reduce_sum_square_v11(const Node& n, const Inputs& in) { return run<Kind::kSumSquare>(n, in, 11); }
Tensors reduce_sum_square_v13(const Node& n, const Inputs& in) { return run<Kind::kSumSquare>(n, in, 13); }
Tensors reduce_sum_square_v18(const Node& n, const Inputs& in) { return run<Kind::kSumSquare>(n, in, 18); }
Tensors reduce_l1_v1(const Node& n, const Inputs& in) { return run<Kind::kL1>(n, in, 1); }
Tensors reduce_l1_v11(const Node& n, const Inputs& in) { return run<Kind::kL1>(n, in, 11); }
Tensors reduce_l1_v13(const Node& n, const Inputs& in) { return run<Kind::kL1>(n, in, 13); }
Tensors reduce_l1_v18(const Node& n, const Inputs& in) { return run<Kind::kL1>(n, in, 18); }
Tensors reduce_l2_v1(const Node& n, const Inputs& in) { return run<Kind::kL2>(n, in, 1); }
Tensors reduce_l2_v11(const Node& n, const Inputs& in) { return run<Kind::kL2>(n, in, 11); }
Tensors reduce_l2_v13(const Node& n, const Inputs& in) { return run<Kind::kL2>(n, in, 13); }
Tensors reduce_l2_v18(const Node& n, const Inputs& in) { return run<Kind::kL2>(n, in, 18); }
Tensors reduce_mean_v1(const Node& n, const Inputs& in) { return run<Kind::kMean>(n, in, 1); }
Tensors reduce_mean_v11(const Node& n, const Inputs& in) { return run<Kind::kMean>(n, in, 11); }
Tensors reduce_mean_v13(const Node& n, const Inputs& in) { return run<Kind::kMean>(n, in, 13); }
Tensors reduce_mean_v18(const Node& n, const Inputs& in) { return run<Kind::kMean>(n, in, 18); }
Tensors reduce_prod_v1(const Node& n, const Inputs& in) { return run<Kind::kProd>(n, in, 1); }
Tensors reduce_prod_v11(const Node& n, const Inputs& in) { return run<Kind::kProd>(n, in, 11); }
Tensors reduce_prod_v13(const Node& n, const Inputs& in) { return run<Kind::kProd>(n, in, 13); }
Tensors reduce_prod_v18(const Node& n, const Inputs& in) { return run<Kind::kProd>(n, in, 18); }
Tensors reduce_log_sum_v1(const Node& n, const Inputs& in) { return run<Kind::kLogSum>(n, in, 1); }
Tensors reduce_log_sum_v11(const Node& n, const Inputs& in) { return run<Kind::kLogSum>(n, in, 11); }
Tensors reduce_log_sum_v13(const Node& n, const Inputs& in) { return run<Kind::kLogSum>(n, in, 13); }
Tensors reduce_log_sum_v18(const Node& n, const Inputs& in) { return run<Kind::kLogSum>(n, in, 18); }
Tensors reduce_log_sum_exp_v1(const Node& n, const Inputs& in) { return run<Kind::kLogSumExp>(n, in, 1); }
Tensors reduce_log_sum_exp_v11(const Node& n, const Inputs& in) { return run<Kind::kLogSumExp>(n, in, 11); }
Tensors reduce_log_sum_exp_v13(const Node& n, const Inputs& in) { return run<Kind::kLogSumExp>(n, in, 13); }
Tensors reduce_log_sum_exp_v18(const Node& n, const Inputs& in) { return run<Kind::kLogSumExp>(n, in, 18); }
Tensors reduce_max_v1(const Node& n, const Inputs& in) { return run<Kind::kMax>(n, in, 1); }
Tensors reduce_max_v11(const Node& n, const Inputs& in) { return run<Kind::kMax>(n, in, 11); }
Tensors reduce_max_v12(const Node& n, const Inputs& in) { return run<Kind::kMax>(n, in, 12); }
Tensors reduce_max_v13(const Node& n, const Inputs& in) { return run<Kind::kMax>(n, in, 13); }
Tensors reduce_max_v18(const Node& n, const Inputs& in) { return run<Kind::kMax>(n, in, 18); }
Tensors reduce_max_v20(const Node& n, const Inputs& in) { return run<Kind::kMax>(n, in, 20); }
Tensors reduce_min_v1(const Node& n, const Inputs& in) { return run<Kind::kMin>(n, in, 1); }
Tensors reduce_min_v11(const Node& n, const Inputs& in) { return run<Kind::kMin>(n, in, 11); }
Tensors reduce_min_v12(const Node& n, const Inputs& in) { return run<Kind::kMin>(n, in, 12); }
Tensors reduce_min_v13(const Node& n, const Inputs& in) { return run<Kind::kMin>(n, in, 13); }
Tensors reduce_min_v18(const Node& n, const Inputs& in) { return run<Kind::kMin>(n, in, 18); }
Tensors reduce_min_v20(const Node& n, const Inputs& in) { return run<Kind::kMin>(n, in, 20); }

}  // namespace touchstone::ops
