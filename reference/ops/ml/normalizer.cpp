// Normalizer-1: each row of X ([N,C], or [C] as one row) divided by its norm, as float:
//   MAX  Y = X / max(X)
//   L1   Y = X / sum(X)
//   L2   Y = sqrt(X^2 / sum(X^2))
// and Y = X where the divisor is zero. Each element is the exact real value rounded once:
// the sums are exact (numeric/accumulator.h), the quotient (and L2's square root) are
// evaluated in MPFR under Ziv's strategy.
// Open (impl.-defined): the text's L1 and L2 formulas are sign-blind only for rows without
// negative elements. Literally, L1 divides by the signed sum and L2 returns |x| / ||x||;
// scikit-learn (whose Normalizer this op exports) divides by sum |X| and keeps the sign in
// L2. The reference follows the text and marks rows with a negative element. A row holding
// NaN (MAX's max of NaN is unordered) is marked too; the reference's row is then all NaN.
#include <mpfr.h>

#include <cmath>
#include <string>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/numeric/functions.h"
#include "reference/ops/ml/ml_attrs.h"
#include "reference/ops/ml/ml_ops.h"

namespace touchstone::ops {

namespace {

enum class NormalizerNorm { kMax, kL1, kL2 };

// An element's exact value in MPFR (64 bits hold every int64 and double).
template <class T>
void normalizer_set_exact(mpfr_ptr v, T x) {
  if constexpr (std::is_integral_v<T>)
    mpfr_set_si(v, static_cast<long>(x), MPFR_RNDN);
  else
    mpfr_set_d(v, static_cast<double>(x), MPFR_RNDN);
}

// x / d rounded once to float (d exact, nonzero).
template <class T>
float normalizer_quotient(T x, mpfr_srcptr d) {
  return numeric::correctly_rounded_as<float>([&](mpfr_ptr out) {
    numeric::MpfrValue xv(64);
    normalizer_set_exact(xv, x);
    return mpfr_div(out, xv, d, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
  });
}

// |x| / sqrt(s) rounded once to float (s exact, positive): the root and the quotient round
// once each at the working precision (relative errors 2^-p each: slack 2).
template <class T>
float normalizer_l2_quotient(T x, mpfr_srcptr s) {
  return numeric::correctly_rounded_as<float>([&](mpfr_ptr out) {
    numeric::MpfrValue xv(64), root(mpfr_get_prec(out) + 2);
    normalizer_set_exact(xv, x);
    mpfr_abs(xv, xv, MPFR_RNDN);
    const bool root_exact = mpfr_sqrt(root, s, MPFR_RNDN) == 0;
    const bool exact = mpfr_div(out, xv, root, MPFR_RNDN) == 0 && (root_exact || mpfr_zero_p(xv));
    return exact ? numeric::kExactResult : 2;
  });
}

NormalizerNorm normalizer_norm_of(const std::string& name) {
  if (name == "MAX") return NormalizerNorm::kMax;
  if (name == "L1") return NormalizerNorm::kL1;
  if (name == "L2") return NormalizerNorm::kL2;
  invalid_model("norm '" + name + "' is not one of MAX, L1, L2");
}

}  // namespace

Tensors normalizer_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const NormalizerNorm norm = normalizer_norm_of(node.attr_string("norm", "MAX"));
  if (x.rank() != 1 && x.rank() != 2)
    invalid_model("X has shape " + shape_to_string(x.shape()) + "; it must be [N,C] or [C]");
  const size_t cols = static_cast<size_t>(x.shape().back());
  const size_t rows = cols == 0 ? 0 : static_cast<size_t>(x.size()) / cols;
  Tensor y(DType::kFloat, x.shape());
  numeric::ExactAccumulator acc;
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int64_t>) {
      auto src = x.data<T>();
      auto dst = y.data<float>();
      if (norm != NormalizerNorm::kMax) node.record_terms(static_cast<int64_t>(cols));
      for (size_t r = 0; r < rows; ++r) {
        const T* row = src.data() + r * cols;
        float* out = dst.data() + r * cols;
        bool nan = false, negative = false;
        for (size_t c = 0; c < cols; ++c) {
          if constexpr (std::is_floating_point_v<T>) nan = nan || std::isnan(row[c]);
          negative = negative || row[c] < 0;
        }
        if (nan) {
          node.mark(Semantics::kImplementationDefined,
                    "a row holding NaN: its max is unordered; the reference's row is all NaN");
          for (size_t c = 0; c < cols; ++c) out[c] = std::numeric_limits<float>::quiet_NaN();
          continue;
        }
        if (negative && norm != NormalizerNorm::kMax)
          node.mark(
              Semantics::kImplementationDefined,
              "a row with a negative element: the text divides by sum(X) (L1) and gives |x| / ||x|| (L2); "
              "scikit-learn divides by sum |X| and keeps the sign");
        numeric::MpfrValue divisor(64);
        if (norm == NormalizerNorm::kMax) {
          T m = row[0];
          for (size_t c = 1; c < cols; ++c) m = row[c] > m ? row[c] : m;
          normalizer_set_exact(divisor, m);
        } else {
          acc.clear();
          for (size_t c = 0; c < cols; ++c) {
            if (norm == NormalizerNorm::kL1) {
              ml::add_times(acc, row[c], 1.0);
            } else if constexpr (std::is_same_v<T, int64_t>) {
              // x^2 exactly: x = h + l with h, l exact doubles; x^2 = h^2 + 2hl + l^2.
              const int64_t h = row[c] & ~int64_t{0x7ff};
              const double hd = static_cast<double>(h), ld = static_cast<double>(row[c] - h);
              acc.add_product(hd, hd);
              acc.add_product(2 * hd, ld);
              acc.add_product(ld, ld);
            } else {
              acc.add_product(static_cast<double>(row[c]), static_cast<double>(row[c]));
            }
          }
          acc.exact(divisor);
        }
        for (size_t c = 0; c < cols; ++c) {
          if (mpfr_zero_p(divisor))
            out[c] = static_cast<float>(row[c]);  // Y = X, rounded once to float
          else
            out[c] = norm == NormalizerNorm::kL2 ? normalizer_l2_quotient(row[c], divisor)
                                                 : normalizer_quotient(row[c], divisor);
        }
      }
    } else {
      throw std::logic_error("Normalizer: a type T does not allow");
    }
  });
  return {y};
}

}  // namespace touchstone::ops
