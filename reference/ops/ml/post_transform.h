// The post_transform of ai.onnx.ml's linear and SVM models, on one row of exact scores
// (MPFR values, from exact sums). The text names the transforms only; their meanings are
// the ones every implementation shares:
//   NONE          s
//   LOGISTIC      1 / (1 + exp(-s))
//   SOFTMAX       exp(s_i) / sum_j exp(s_j) over the row
//   SOFTMAX_ZERO  as SOFTMAX over the row's nonzero scores; a zero score gives 0
//   PROBIT        the standard normal quantile, sqrt(2) erfinv(2s - 1)
// Each result is the exact real value rounded once to float. PROBIT is decided by
// bracketing: the float f is the rounded quantile exactly when Phi(m-) < s < Phi(m+) for
// the midpoints m-, m+ around f, each Phi evaluated in MPFR with directed roundings.
// Open: SOFTMAX_ZERO of a row of zeros (0/0: NaN, undefined); PROBIT outside [0, 1] (NaN,
// undefined); 0 and 1 give -inf and +inf.
#pragma once
#include <deque>
#include <string>
#include <vector>

#include "reference/node.h"
#include "reference/numeric/functions.h"

namespace touchstone::ops::ml {

enum class PostTransform { kNone, kLogistic, kSoftmax, kSoftmaxZero, kProbit };

// The attribute's value (refuses another name).
PostTransform post_transform_of(const Node& node);

// The row's transformed scores, rounded once to float, into out[0 .. scores.size()).
void transform_row(const Node& node, PostTransform transform, std::deque<numeric::MpfrValue>& scores,
                   float* out);

// Index of the largest score of the row (the transforms keep the raw order, except that
// SOFTMAX_ZERO puts zero scores below all); equal largest: the first, marked.
size_t top_score(const Node& node, PostTransform transform, std::deque<numeric::MpfrValue>& scores);

}  // namespace touchstone::ops::ml
