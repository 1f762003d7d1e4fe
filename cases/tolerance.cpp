#include "cases/tolerance.h"

#include <algorithm>
#include <optional>
#include <string_view>

#include "reference/tensor.h"

namespace touchstone::cases {

namespace {

// Elementwise functions judged within kFunctionUlps units in the last place of the
// output type. IEEE 754 requires correct rounding only of its basic operations (+ - * /,
// sqrt, fused multiply-add, conversions); everything else here is a library function or a
// composition of a few operations, which common math libraries deliver within a few ulp.
// The report keeps the exact max-ulp figure, so a tighter claim can still be checked.
constexpr int kFunctionUlps = 4;
constexpr std::string_view kFunctions[] = {
    "Acos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Cos", "Cosh", "Sin", "Sinh", "Tan", "Tanh",
    "Erf", "Exp", "Log", "Pow", "Sigmoid", "Softplus", "Softsign", "Elu", "Selu", "Celu",
    "HardSigmoid", "HardSwish", "Mish", "Gelu", "Swish"};

// Sums of several inputs: the bound of a recursive summation of n terms (harness/compare.h).
constexpr std::string_view kAccumulations[] = {"Sum", "Mean"};

// Reductions whose oracle magnitudes (the reference run on |inputs|) are the sums of |terms|
// the bound is stated in: sum, mean, sum of squares, L1; L2 (sqrt halves the sum's relative
// error, so the bound on the magnitudes is generous by 2); dot products. Gemm's alpha and
// beta add two roundings (n + 2). Gemm with a negative alpha or beta: the magnitudes run
// keeps the signs of alpha and beta, so its bound may be tight (not yet modelled).
// Einsum: each output element a sum of products (terms: the summed length, plus one per
// operand past two for the products' own roundings). NegativeLogLikelihoodLoss with
// reduction "sum": a dot product of the picked inputs and weights (terms: samples + 1 for
// double's rounded product); "none" is one product (exact). The oracle gives both "sum"
// and "mean" (a quotient of two sums) per-element bounds (harness/bounds.h). LpNormalization: x / ||x||,
// the magnitudes run gives |y| itself; the norm's sum (n - 1 roundings), sqrt (halves
// them), and a division or reciprocal and multiply: within bound(n + 3).
constexpr std::string_view kReductions[] = {"ReduceSum", "ReduceMean", "ReduceSumSquare", "ReduceL1",
                                            "ReduceL2", "MatMul", "Gemm", "Einsum", "LpNormalization",
                                            "NegativeLogLikelihoodLoss"};
// Products: n - 1 roundings of relative error u each, at most n ulps (an intermediate
// overflow or underflow is not honest: the exact product decides).
constexpr std::string_view kProducts[] = {"ReduceProd"};
// Composite functions judged by per-element first-order bounds that the oracle computes
// from each case's inputs (harness/bounds.h has the derivations): the sum bound of their
// n terms propagated through exp (amplified by |x - max|), log (by the sum's cancellation),
// the division and the losses' weighted means. The case states bound(n) with n the
// reduction length (Softmax's row, the samples of a loss, Det's matrix size); the oracle's
// bounds take the formula's place. Det's is condition-based: the cofactors times a
// backward-stable elimination's worst-case backward error.
constexpr std::string_view kElementBounds[] = {"ReduceLogSum", "ReduceLogSumExp", "Softmax", "LogSoftmax",
                                               "SoftmaxCrossEntropyLoss", "Det"};
// Range: a backend may add delta repeatedly (ONNX's function body does); with start and
// delta of one sign each addition errs by at most half an ulp of the element it produces,
// so element i is within i/2 ulps. The case specs keep n <= 64 where the steps round.
constexpr int kRangeUlps = 32;

template <size_t N>
bool listed(const std::string_view (&list)[N], std::string_view op) {
  return std::find(std::begin(list), std::end(list), op) != std::end(list);
}

}  // namespace

Tolerance tolerance_for(const CatalogRow& row, size_t inputs, int64_t terms) {
  Tolerance t;
  if (row.numerics != Numerics::kExact) {
    t.kind = Tolerance::kOnnx;  // no spec'd row is bounded yet; a bounded row would state its bound
  } else if (!row.domain.empty()) {
    t.kind = Tolerance::kExact;
  } else if (listed(kFunctions, row.op)) {
    t.kind = Tolerance::kUlp;
    t.ulps = kFunctionUlps;
  } else if (listed(kElementBounds, row.op) && (terms > 0 || row.op == "Det")) {
    t.kind = Tolerance::kBound;
    t.bound_terms = static_cast<double>(terms);
  } else if (listed(kReductions, row.op) && (terms > 1 || (row.op == "ReduceL2" && terms == 1))) {
    t.kind = Tolerance::kBound;  // L2 of one term is sqrt(x*x): two roundings
    t.bound_terms = static_cast<double>(terms + (row.op == "Gemm" ? 2 : row.op == "LpNormalization" ? 3
                                                 : row.op == "NegativeLogLikelihoodLoss"     ? 1
                                                                                             : 0));
  } else if (listed(kProducts, row.op) && terms > 1) {
    t.kind = Tolerance::kUlp;
    t.ulps = static_cast<int>(std::min<int64_t>(terms, 1 << 20)) + kFunctionUlps;
  } else if (row.op == "Range") {
    t.kind = Tolerance::kUlp;
    t.ulps = kRangeUlps;
  } else if (listed(kAccumulations, row.op) && inputs > 1) {
    t.kind = Tolerance::kBound;
    t.bound_terms = static_cast<double>(inputs);  // Mean's division adds one rounding: the u|e| term
  } else {
    t.kind = Tolerance::kExact;  // IEEE basic operations, exact selections, conversions, integers
  }
  return t;
}

namespace {

std::optional<int64_t> int_attr(const CaseDraft& draft, const std::string& name) {
  for (const auto& a : draft.attributes)
    if (a.name() == name && a.type() == onnx::AttributeProto::INT) return a.i();
  return std::nullopt;
}

// An axis value in [-r, r-1] as a dimension, or nullopt (the case is then a refusal).
std::optional<size_t> dimension(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) return std::nullopt;
  return static_cast<size_t>(axis < 0 ? axis + rank : axis);
}

}  // namespace

Tolerance tolerance_for(const CatalogRow& row, const CaseDraft& draft) {
  Tolerance t = tolerance_for(row, draft.inputs.size(), draft.terms);
  if (!row.domain.empty() || draft.inputs.empty()) return t;
  const Tensor& x = draft.inputs.front();
  if (row.op == "Det" && x.rank() >= 2) {
    t.bound_terms = static_cast<double>(x.shape().back());  // the matrix size
    return t;
  }
  if (row.op == "TopK" && row.since_version >= 11 && int_attr(draft, "sorted").value_or(1) == 0) {
    if (auto d = dimension(int_attr(draft, "axis").value_or(-1), x.rank())) {
      t.kind = Tolerance::kUnordered;  // "the order of returned Values and Indices is undefined"
      t.unordered_axis = static_cast<int64_t>(*d);
    }
  } else if ((row.op == "CumSum" || row.op == "CumProd") && is_float_dtype(x.dtype()) && draft.inputs.size() == 2 &&
             draft.inputs[1].rank() == 0 &&
             (draft.inputs[1].dtype() == DType::kInt32 || draft.inputs[1].dtype() == DType::kInt64)) {
    const Tensor& a = draft.inputs[1];
    const int64_t axis = a.dtype() == DType::kInt32 ? a.data<int32_t>()[0] : a.data<int64_t>()[0];
    if (auto d = dimension(axis, x.rank())) {
      // Recursive summation of k terms: |error| <= gamma_(k-1) * sum |x_i| (Higham 4.2); a
      // product of k factors: gamma_(k-1) * |product| (Higham 3.1). k <= n for every prefix.
      t.kind = Tolerance::kBound;
      t.bound_terms = static_cast<double>(x.shape()[*d]);
    }
  }
  return t;
}

}  // namespace touchstone::cases
