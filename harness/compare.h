// The comparator: pure functions that judge a backend's output tensors against the
// oracle's (DESIGN.md, "Comparison"). Nothing here knows about processes or suites.
//
// Order of checks, per output: element type, then shape, then values.
// - integer, bool, string: equal or not (max_abs is the largest integer difference);
// - float16, bfloat16, float, double (complex: each part) under the case's policy:
//     exact    0 ulp: the bits must be equal (any NaN equals any NaN);
//     ulp(N)   at most N units in the last place, counted on the ordered integer
//              representation of the type (so the distance across zero is well defined);
//     bound    for accumulating ops with reduction length n: |a - e| <= gamma_n * M + u*|e|,
//              u = 2^-p the unit roundoff of the output type (p = 11, 8, 24, 53),
//              gamma_n = n*u / (1 - n*u) (Higham, "Accuracy and Stability of Numerical
//              Algorithms", 2nd ed., sec. 3.1) and M_i = sum_k |term_k| for output element i,
//              given by the oracle in `magnitudes`; without them M_i = |e_i| (exact only
//              for terms of one sign — the oracle should pass the magnitudes); for
//              composite ops (Softmax, LogSumExp, losses, Det) the oracle passes each
//              element's allowed error directly (`allowed`, harness/bounds.h), a first-order
//              propagation of the same sum bound. Where the bound is infinite (n*u >= 1, or a
//              first-order bound past 1/2 of the value) it checks nothing but NaN and
//              infinities: such elements are counted as vacuous and the message says so;
//     unordered(axis=a)  the order along axis a is unspecified (TopK with sorted=0): per
//              slice along a, the tuples formed by all outputs' elements at one position are
//              compared as multisets, each element exactly (zero signs included);
//     onnx     numpy.isclose with rtol 1e-3, atol 1e-7, as ONNX's backend runner compares
//              against its stored outputs;
//     property(name)  random outputs (Dropout in training mode): types and shapes as exact,
//              then the values by the property of the op's judging contract (cases/judging.h)
//              applied to the case's inputs, never against the reference's own draws
//              (compare_by_property); without the check at hand, exactly.
// - under every policy NaN equals NaN, an infinity matches only the same infinity, and
//   a NaN or infinity never matches a finite value;
// - the sign of zero is checked under exact and ulp(N) (where ops are correctly rounded,
//   IEEE defines it) unless `ignore_zero_sign`; bound and onnx ignore it;
// - `flush_subnormals` (documented option for backends that flush denormals to zero):
//   an expected subnormal then also matches a zero of either sign, and a subnormal
//   expected input effect is not otherwise modelled.
// Margins: each mismatch under ulp(N), bound or onnx records error / allowed error (> 1 for
// a failure), and the comparison keeps the largest over all elements judged.
// Suspicious accumulator (a warning, never a failure): for float16/bfloat16 outputs under
// the bound policy with magnitudes, over the finite elements, r_i = (a_i - e_i) / bound_i;
// its mean and variance are kept. The warning fires when the root mean square of r exceeds
// that of q_i = w_i / bound_i, w_i = ulp(e_i) + gamma_n^float32 * M_i — what rounding to the
// output type after any float32 accumulation (the common practice for 16-bit data) can
// explain. Where the bound is vacuous, w_i is the unit instead (r_i = error / w_i, q_i = 1):
// the statistic still screens sums too long for the worst-case bound.
// Accumulating 16-bit data in 16 bits passes the worst-case bound (ONNX does not fix the
// accumulator) but drifts far beyond q on long sums. Outputs of float32 and wider are not
// screened: accumulating in their own type is what every backend does.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "cases/suite.h"
#include "reference/tensor.h"
#include "reference/value.h"

namespace touchstone::harness {

struct ComparePolicy {
  Tolerance tolerance;
  bool flush_subnormals = false;
  bool ignore_zero_sign = false;
  size_t max_listed = 5;  // how many mismatching elements to record
};

struct Mismatch {
  int64_t index = 0;  // flat row-major element index
  std::string expected, actual;
  double margin = -1;  // error / allowed error (ulp(N), bound, onnx); -1: not defined (exact, NaN)
};

// The suspicious-accumulator statistic (above): over `count` elements.
struct ErrorStats {
  int64_t count = 0;
  double mean = 0, variance = 0;  // of r = signed error / bound
  double rms_floor = 0;           // root mean square of q (what float32 accumulation explains)
  bool suspicious = false;
};

struct Comparison {
  enum Kind { kMatch, kWrongCount, kWrongDtype, kWrongShape, kValues } kind = kMatch;
  std::string message;  // empty on kMatch
  int output = -1;      // the first output that differed
  double max_ulp = 0;   // over all outputs compared (floats; +inf when a NaN/inf is involved)
  double max_abs = 0;
  double max_expected_abs = 0;  // largest finite |expected| of one output (real floats)
  double max_relative = 0;      // over outputs: max |actual - expected| / max |expected| (normwise)
  int64_t bad_count = 0;
  std::vector<Mismatch> first_mismatches;
  double max_margin = 0;         // largest error / allowed error over elements judged by ulp, bound, onnx
  bool margin_defined = false;   // the policy has margins (ulp, bound, onnx)
  int64_t bound_elements = 0;    // finite expected elements judged by the bound policy
  int64_t vacuous_elements = 0;  // of those, the ones whose bound is infinite (nothing checked)
  ErrorStats stats;              // bound policy with magnitudes, 16-bit float outputs only
  std::string warning;           // "suspicious accumulator: ...", or ""
  // Every bound-judged element's bound was infinite: the case checked no value.
  bool vacuous() const { return bound_elements > 0 && vacuous_elements == bound_elements; }
  bool ok() const { return kind == kMatch; }
};

// Distance in units in the last place between two values of a float type, on the
// ordered integer representation (±0 are 0 apart). NaN against anything is +inf.
double ulp_distance(double expected, double actual, DType dtype);
// Unit roundoff 2^-p of a float type.
double unit_roundoff(DType dtype);
// The `bound` policy's allowed |a - e| for one element (see above).
double accumulation_bound(double expected, double magnitude, double n, DType dtype);

// The spacing of the type's values at x (its ulp; the smallest subnormal at 0).
double ulp_at(double x, DType dtype);

// One output. `magnitudes` (optional, one per element) feeds the bound policy; `allowed`
// (optional, one per element), when given, is each element's allowed |a - e| itself and
// takes the formula's place.
Comparison compare_tensor(const Tensor& expected, const Tensor& actual, const ComparePolicy& policy,
                          std::span<const double> magnitudes = {}, std::span<const double> allowed = {});
// All outputs of a case, in order; metrics are merged over outputs. `magnitudes[i]` and
// `allowed[i]`, when present, feed output i's bound policy.
Comparison compare_outputs(const std::vector<Tensor>& expected, const std::vector<Tensor>& actual,
                           const ComparePolicy& policy, const std::vector<std::vector<double>>& magnitudes = {},
                           const std::vector<std::vector<double>>& allowed = {});

// The property policy: `property` judges a backend's outputs given the case's inputs
// ("" : they have the property, else why not) and how many elements break it.
using PropertyCheck = std::function<std::pair<std::string, int64_t>(const std::vector<Tensor>& actual)>;
// Types and shapes as compare_outputs exactly; where values differ, `property` decides (a
// failure is kValues, "property (name): why"); without `property`, the exact comparison stands.
Comparison compare_by_property(const std::vector<Tensor>& expected, const std::vector<Tensor>& actual,
                               const ComparePolicy& policy, const PropertyCheck& property);

// One graph value (reference/value.h). Tensors as compare_tensor. Otherwise the type comes
// first: another kind (a tensor for a sequence, optional(tensor) for optional(seq)) or
// another element type is wrong-dtype; then the structure: an empty optional equals only
// an empty optional, and a sequence's length must match (wrong-shape); then each element
// tensor in order, as compare_tensor (its message prefixed "element k: ").
Comparison compare_value(const Value& expected, const Value& actual, const ComparePolicy& policy);
// All outputs of a case as values: when every one is a tensor, exactly compare_outputs
// above (the unordered policy included); otherwise output by output with compare_value.
Comparison compare_output_values(const Values& expected, const Values& actual, const ComparePolicy& policy,
                                 const std::vector<std::vector<double>>& magnitudes = {},
                                 const std::vector<std::vector<double>>& allowed = {});

}  // namespace touchstone::harness
