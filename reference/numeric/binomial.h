// The binomial test the random ops are judged by (a property, not values: cases/judging.h):
// is `k` successes in `n` independent trials of probability `p` believable?
#pragma once
#include <cstdint>

namespace touchstone::numeric {

// The two-sided p-value of k successes in n trials of probability p: twice the smaller tail,
// min(1, 2 min(P[K <= k], P[K >= k])), each tail summed exactly in log space (lgamma) in
// long double. p = 0 or 1: 1 when k is the only possible count (0 or n), else 0.
double binomial_two_sided_p(int64_t n, int64_t k, double p);

// The false-alarm rate the random ops' property checks use: an honest backend fails one
// case in a million.
inline constexpr double kFalseAlarmRate = 1e-6;

}  // namespace touchstone::numeric
