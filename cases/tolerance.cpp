#include "cases/tolerance.h"

#include <algorithm>
#include <string_view>

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

// Range: a backend may add delta repeatedly (ONNX's function body does); with start and
// delta of one sign each addition errs by at most half an ulp of the element it produces,
// so element i is within i/2 ulps. The case specs keep n <= 64 where the steps round.
constexpr int kRangeUlps = 32;

template <size_t N>
bool listed(const std::string_view (&list)[N], std::string_view op) {
  return std::find(std::begin(list), std::end(list), op) != std::end(list);
}

}  // namespace

Tolerance tolerance_for(const CatalogRow& row, size_t inputs) {
  Tolerance t;
  if (row.numerics != Numerics::kExact) {
    t.kind = Tolerance::kOnnx;  // no spec'd row is bounded yet; a bounded row would state its bound
  } else if (!row.domain.empty()) {
    t.kind = Tolerance::kExact;
  } else if (listed(kFunctions, row.op)) {
    t.kind = Tolerance::kUlp;
    t.ulps = kFunctionUlps;
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

}  // namespace touchstone::cases
