// The exact standardization LayerNormalization, GroupNormalization, MeanVarianceNormalization
// and RMSNormalization share (standardize.cpp): each group of elements (a row of LayerNorm, a
// group of channels, MVN's reduced axes) gives y = scale * (x - mean) / sqrt(var + epsilon) + bias
// (RMSNorm: scale * x / sqrt(mean(x^2) + epsilon)), rounded once.
//
// Exactly: with n the group's size, S1 = sum x and S2 = sum x^2 (exact sums,
// numeric/accumulator.h), n^2 var = n S2 - S1^2, so the normalized value is
// a / sqrt(V) with a = n x - S1 and V = n S2 - S1^2 + n^2 epsilon (RMSNorm: a = n x,
// V = n S2 + n^2 epsilon); a, V and scale * a are exact in MPFR, the square root and the
// quotient are evaluated by Ziv's strategy (numeric/functions.h) and rounded once.
// - V <= 0 (a constant group with epsilon 0: 0/0; a negative epsilon: the root of a
//   negative): the group is NaN, implementation-defined.
// - A NaN or an infinity in a group: the group is NaN (what the formula's IEEE evaluation
//   gives: inf - inf), implementation-defined.
#pragma once
#include <mpfr.h>

#include <cstdint>
#include <vector>

#include "reference/node.h"
#include "reference/numeric/exact.h"

namespace touchstone::ops::norm {

// How one op-version standardizes: which elements share statistics and which scale and
// bias element each output element takes.
struct Plan {
  std::vector<int64_t> bases, offsets;  // group g holds x[bases[g] + offsets[k]] (core::split_over)
  std::vector<int64_t> scale_at, bias_at;  // per element of X: its scale / bias element; empty: none
  bool centered = true;                     // subtract the mean (RMSNorm: no)
  double epsilon = 0;
  int64_t axis = 0;  // trailing_rows: the first normalized axis, normalized
};

// The exact statistics of one group.
class GroupStats {
 public:
  GroupStats(const std::vector<double>& x, bool centered, double epsilon);
  ~GroupStats();
  GroupStats(const GroupStats&) = delete;
  GroupStats& operator=(const GroupStats&) = delete;

  bool special() const { return special_; }    // a NaN or an infinity in the group
  bool degenerate() const { return sign_v_ <= 0; }  // V <= 0
  // S1 / n rounded once (NaN for an empty or special group).
  double mean(numeric::FloatFormat f) const;
  // n / sqrt(V) = 1 / sqrt(var + epsilon) rounded once.
  double inv_std_dev(numeric::FloatFormat f) const;
  // scale * a(x) / sqrt(V) + bias rounded once; x, scale and bias exact doubles.
  double standardized(double x, double scale, double bias, numeric::FloatFormat f) const;

 private:
  int64_t n_;
  bool centered_, special_ = false;
  int sign_v_ = 0;
  mpfr_t s1_, v_;
};

// The values of a float tensor as exact doubles.
std::vector<double> values(const Tensor& t);
// Writes `v` (already rounded to y's type) into y.
void store(Tensor& y, const std::vector<double>& v);
// A tensor of `dtype` and `shape` holding `v` (already rounded to dtype).
Tensor tensor_from(DType dtype, const Shape& shape, const std::vector<double>& v);

// Y (of `y_type`) for x; Mean and InvStdDev (rounded to `stats_type`, one per group) when `stats`
// is true; scale and bias by plan.scale_at / bias_at (either may be null). Marks the open
// cases and records the group size as the reduction length.
struct Standardized {
  Tensor y;
  std::vector<double> mean, inv_std_dev;  // per group, rounded to stats_type (empty without stats)
};
Standardized standardize(const Node& node, const Tensor& x, const Tensor* scale, const Tensor* bias, const Plan& plan,
                         DType y_type, bool stats, DType stats_type);

// The dtype a stash_type attribute names, when it is one of `allowed` (TensorProto codes);
// otherwise the model is refused naming `rule`.
DType stash_dtype(const Node& node, const std::vector<DType>& allowed, const std::string& rule);

// The per-element index of a tensor of `shape` unidirectionally broadcast to `x` (refused,
// naming the rule, when it is not).
std::vector<int64_t> broadcast_index(const Shape& x, const Shape& shape, const std::string& what);

// The plan of the rows [axis, rank) of x (LayerNormalization, RMSNormalization): axis in [-r, r).
Plan trailing_rows(const Node& node, const Shape& x);

// Each op-version's plan (defined beside its kernel), which its judging contract reads too
// (cases/specs/norm/norm_bounds.cpp). They refuse what the kernels refuse.
Plan layer_normalization_plan(const Node& node, const Inputs& in);
Plan rms_normalization_plan(const Node& node, const Inputs& in);
Plan group_normalization_plan(const Node& node, const Inputs& in, bool per_channel);
Plan mean_variance_normalization_plan(const Node& node, const Inputs& in, int version);

}  // namespace touchstone::ops::norm
