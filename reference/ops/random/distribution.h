// The random family's rules (random_fill.cpp, bernoulli.cpp, multinomial.cpp), shared by its
// kernels, the properties a backend's draws are judged by (cases/specs/random/) and the
// fault backend's random modes (harness/testing/random_modes.cpp). ONNX fixes the shape
// and type of each output and the distribution of its values, never the values: the
// `seed` attribute is implementation-defined, so draws are never compared across
// implementations, only tested against the distribution the node asks for.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reference/node.h"
#include "reference/numeric/binomial.h"

namespace touchstone::ops::randomness {

// RandomUniform(Like) and RandomNormal(Like): the output's type and shape and the two
// parameters (low, high or mean, scale), read as the text says: dtype (default float for
// RandomUniform/RandomNormal; the input's type for the *Like ops) must be a T (T2) type,
// shape (its dims >= 0) from the attribute or the input. Refusals name the rule.
struct Fill {
  DType dtype = DType::kFloat;
  Shape shape;
  double a = 0, b = 1;  // low, high (uniform) or mean, scale (normal)
};
Fill read_fill(const Node& node, const Inputs& in, bool uniform);

// Bernoulli's output type: dtype when given (a T2 type), else the input's.
DType bernoulli_type(const Node& node, const Tensor& input);

// Multinomial: the output type (dtype 6 int32 or 7 int64, default 6) and sample_size (>= 0).
struct Draws {
  DType dtype = DType::kInt32;
  int64_t samples = 1;
};
Draws read_draws(const Node& node, const Tensor& input);

// The class probabilities of one row of unnormalized log-probabilities, exp(x_j - max) / sum,
// in long double; empty when the row has no distribution (a NaN, +inf, or every entry -inf).
std::vector<long double> class_probabilities(const std::vector<double>& logits);

// Whether a backend's output could be a conformant answer, and if not why ("" : it could).
// Each check is a statistical test whose false-alarm rate on an honest backend is at most
// `alpha` (numeric::kFalseAlarmRate in the judge):
// - uniform: every value within [low, high] (an end not representable in T: one ulp of T
//   beyond it; `high` itself is allowed, as rounding low + (high - low) u into T can reach
//   it), and the empirical distribution function within eps of the uniform one at every
//   point (the Dvoretzky-Kiefer-Wolfowitz inequality with Massart's constant:
//   P[sup |F_n - F| > eps] <= 2 exp(-2 n eps^2) = alpha), each value allowed 2 ulps of T of
//   rounding (F evaluated 2 ulps either side);
// - normal: no NaN or infinity, and the same DKW test against N(mean, |scale|) (scale 0:
//   every value mean rounded);
// - bernoulli: every value 0 or 1 (false or true), 0 where p = 0 and 1 where p = 1; for each
//   group of elements sharing one p in (0, 1) the count of ones passes an exact two-sided
//   binomial test, and the total passes Hoeffding's bound |S - sum p| <= sqrt(n ln(2/a) / 2),
//   the m groups and the total splitting alpha (Bonferroni, a = alpha / (m + 1));
// - multinomial: every value a class index in [0, classes) of nonzero probability; in each
//   row, each class's count passes an exact two-sided binomial test against
//   (sample_size, p_j), the rows x classes tests splitting alpha.
// Elements whose parameters are undefined (p outside [0, 1] or NaN; a row without a
// distribution) are not judged.
struct Verdict {
  std::string failure;
  int64_t bad = 0;  // elements breaking it (a failed statistic counts one)
};
Verdict check_uniform(double low, double high, const Tensor& out, double alpha = numeric::kFalseAlarmRate);
Verdict check_normal(double mean, double scale, const Tensor& out, double alpha = numeric::kFalseAlarmRate);
Verdict check_bernoulli(const Tensor& p, const Tensor& out, double alpha = numeric::kFalseAlarmRate);
Verdict check_multinomial(const Tensor& logits, const Tensor& out, double alpha = numeric::kFalseAlarmRate);

// The check of the node's op (RandomUniform(Like), RandomNormal(Like), Bernoulli,
// Multinomial) on its inputs and a backend's outputs.
Verdict check(const Node& node, const Inputs& in, const std::vector<Tensor>& outputs,
              double alpha = numeric::kFalseAlarmRate);

}  // namespace touchstone::ops::randomness
