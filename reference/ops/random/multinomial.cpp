// Multinomial-7, 22 (+bfloat16 input): for each row of the input [batch_size, class_size] of
// unnormalized log-probabilities, sample_size independent class indices (output
// [batch_size, sample_size], dtype int32 (6, the default) or int64 (7)). Class j has
// probability exp(x_j) / sum_k exp(x_k). A draw is exact: a 64-bit uniform u (one next_u64()
// of the run's source, times 2^-64) takes the first class whose exact running probability
// sum exceeds it, each comparison decided from MPFR enclosures of the sums at rising precision
// (Ziv's strategy; at 4096 bits, a tie left undecided is taken as u not below). Open: a row
// holding NaN or +inf, or only -inf, has no distribution (undefined: the reference draws class
// 0). `seed` is implementation-defined and ignored.
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "reference/graph.h"
#include "reference/numeric/exact.h"
#include "reference/numeric/functions.h"
#include "reference/ops/random/distribution.h"
#include "reference/ops/random/random_ops.h"

namespace touchstone::ops {

namespace {

std::vector<double> logits_of(const Tensor& t) {
  std::vector<double> v;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (const auto& x : t.data<T>()) v.push_back(numeric::widen(x));
  });
  return v;
}

constexpr mpfr_prec_t kFirstPrecision = 128;

// The running sums S_j / S of a row's exp(x_k - max), at a precision that rises on demand:
// each exp rounded once, each sum once, the quotient once, so every value is within
// (2k + 4) 2^-p relative of the exact one (k classes).
class RowSums {
 public:
  explicit RowSums(const std::vector<double>& logits) : x_(logits) { compute(kFirstPrecision); }

  // Whether u < the exact running sum through class j.
  bool below(mpfr_srcptr u, size_t j) {
    for (;;) {
      numeric::MpfrValue error(64), lo(prec_ + 64), hi(prec_ + 64);
      mpfr_set_ui(error, 2 * x_.size() + 4, MPFR_RNDU);
      mpfr_mul_2si(error, error, -static_cast<long>(prec_), MPFR_RNDU);
      mpfr_ui_sub(lo, 1, error, MPFR_RNDD);
      mpfr_mul(lo, lo, *sums_[j], MPFR_RNDD);
      mpfr_add_ui(hi, error, 1, MPFR_RNDU);
      mpfr_mul(hi, hi, *sums_[j], MPFR_RNDU);
      if (mpfr_less_p(u, lo)) return true;
      if (mpfr_greaterequal_p(u, hi)) return false;
      if (prec_ >= numeric::kMaxWorkingPrecision) return mpfr_less_p(u, *sums_[j]);
      compute(prec_ * 2);
    }
  }

 private:
  void compute(mpfr_prec_t p) {
    prec_ = p;
    sums_.clear();
    double top = -INFINITY;
    for (double x : x_) top = std::max(top, x);
    numeric::MpfrValue total(p, 0.0);
    for (double x : x_) {
      auto term = std::make_unique<numeric::MpfrValue>(p, 0.0);
      if (x != -INFINITY) {
        numeric::MpfrValue shifted(2200, x);  // x - max exact: doubles span under 2200 bits
        mpfr_sub_d(shifted, shifted, top, MPFR_RNDN);
        mpfr_exp(*term, shifted, MPFR_RNDN);
      }
      mpfr_add(total, total, *term, MPFR_RNDN);
      auto running = std::make_unique<numeric::MpfrValue>(p);
      mpfr_set(*running, total, MPFR_RNDN);
      sums_.push_back(std::move(running));
    }
    for (auto& s : sums_) mpfr_div(*s, *s, total, MPFR_RNDN);
  }

  std::vector<double> x_;
  mpfr_prec_t prec_ = 0;
  std::vector<std::unique_ptr<numeric::MpfrValue>> sums_;
};

// The first class of nonzero probability whose running sum exceeds a fresh 64-bit uniform.
int64_t draw_class(RandomSource& source, RowSums& sums, const std::vector<double>& logits) {
  numeric::MpfrValue u(64);
  mpfr_set_ui(u, static_cast<unsigned long>(source.next_u64()), MPFR_RNDN);  // 64-bit unsigned long: exact
  mpfr_mul_2si(u, u, -64, MPFR_RNDN);
  int64_t last = 0;
  for (size_t j = 0; j < logits.size(); ++j) {
    if (logits[j] == -INFINITY) continue;  // exp(-inf) = 0
    last = static_cast<int64_t>(j);
    if (sums.below(u, j)) return last;
  }
  return last;  // not reached: the last sum is exactly 1
}

}  // namespace

Tensors multinomial_v7(const Node& node, const Inputs& in) {
  const randomness::Draws d = randomness::read_draws(node, in[0]);
  const int64_t batch = in[0].shape()[0], classes = in[0].shape()[1];
  const std::vector<double> x = logits_of(in[0]);
  RandomSource& source = node.random();
  Tensor out(d.dtype, {batch, d.samples});
  for (int64_t b = 0; b < batch; ++b) {
    const std::vector<double> row(x.begin() + b * classes, x.begin() + (b + 1) * classes);
    const std::vector<long double> p = randomness::class_probabilities(row);
    std::optional<RowSums> sums;
    if (!p.empty()) sums.emplace(row);
    if (p.empty() && d.samples > 0)
      node.mark(Semantics::kUndefined,
                "a row holding NaN or +inf, or only -inf, has no distribution (the reference draws class 0)");
    for (int64_t s = 0; s < d.samples; ++s) {
      const int64_t c = p.empty() ? 0 : draw_class(source, *sums, row);
      const size_t at = static_cast<size_t>(b * d.samples + s);
      if (d.dtype == DType::kInt32)
        out.data<int32_t>()[at] = static_cast<int32_t>(c);
      else
        out.data<int64_t>()[at] = c;
    }
  }
  return {out};
}

}  // namespace touchstone::ops
