#include "reference/numeric/binomial.h"

#include <algorithm>
#include <cmath>

namespace touchstone::numeric {

namespace {

// log P[K = i] for K ~ Binomial(n, p), 0 < p < 1.
long double log_pmf(int64_t n, int64_t i, long double log_p, long double log_q) {
  const long double nn = static_cast<long double>(n), ii = static_cast<long double>(i);
  return std::lgamma(nn + 1) - std::lgamma(ii + 1) - std::lgamma(nn - ii + 1) + ii * log_p + (nn - ii) * log_q;
}

// log of the sum of exp(terms) for i in [from, to], summed from the largest term.
long double log_tail(int64_t n, int64_t from, int64_t to, long double log_p, long double log_q) {
  long double top = -INFINITY;
  for (int64_t i = from; i <= to; ++i) top = std::max(top, log_pmf(n, i, log_p, log_q));
  if (std::isinf(top)) return top;
  long double sum = 0;
  for (int64_t i = from; i <= to; ++i) sum += std::exp(log_pmf(n, i, log_p, log_q) - top);
  return top + std::log(sum);
}

}  // namespace

double binomial_two_sided_p(int64_t n, int64_t k, double p) {
  if (n <= 0) return 1;
  if (p <= 0) return k == 0 ? 1 : 0;
  if (p >= 1) return k == n ? 1 : 0;
  const long double log_p = std::log(static_cast<long double>(p)), log_q = std::log1p(-static_cast<long double>(p));
  const long double lower = log_tail(n, 0, k, log_p, log_q), upper = log_tail(n, k, n, log_p, log_q);
  const long double smaller = std::min(lower, upper);
  return static_cast<double>(std::min<long double>(1, 2 * std::exp(smaller)));
}

}  // namespace touchstone::numeric
