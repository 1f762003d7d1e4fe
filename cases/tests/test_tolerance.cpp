// Which policy judges each op's cases: the judging contract in the op's spec row
// (cases/specs/spec_table.cpp states the reasons), applied by cases/tolerance.cpp.
#include <catch2/catch.hpp>

#include "cases/tolerance.h"
#include "reference/model_builder.h"

using namespace touchstone;
using namespace touchstone::cases;

namespace {
Tolerance policy(const char* op, int opset, size_t inputs = 1) {
  const CatalogRow* row = resolve_op("", op, opset);
  REQUIRE(row);
  CaseDraft draft;
  draft.inputs.assign(inputs, Tensor(DType::kFloat, {2}));
  return tolerance_for(*row, draft, 0);
}
// `terms`: the reduction length the reference's kernel reports for the case.
std::string with_terms(const char* op, int opset, int64_t terms) {
  const CatalogRow* row = resolve_op("", op, opset);
  REQUIRE(row);
  CaseDraft draft;
  draft.inputs = {Tensor(DType::kFloat, {2})};
  return tolerance_for(*row, draft, terms).to_string();
}
}  // namespace

TEST_CASE("IEEE basic operations and exact ops are judged exactly; functions within 4 ulp; sums by a bound",
          "[tolerance]") {
  for (const char* op : {"Add", "Sub", "Mul", "Div", "Sqrt", "Reciprocal", "Abs", "Round", "Cast", "Clip", "Max"})
    CHECK(policy(op, 17).to_string() == "exact");
  for (const char* op : {"Exp", "Log", "Sin", "Tanh", "Erf", "Pow", "Sigmoid", "Selu"})
    CHECK(policy(op, 17).to_string() == "ulp(4)");
  // HardSwish's spec row states an element bound (hard swish) since 0d282cd, not ulp(4).
  CHECK(policy("HardSwish", 17).kind == Tolerance::kBound);
  CHECK(policy("Sum", 13, 3).kind == Tolerance::kBound);
  CHECK(policy("Sum", 13, 3).bound_terms == 3);
  CHECK(policy("Mean", 13, 1).to_string() == "exact");  // one input: Mean is the identity
}

TEST_CASE("reductions: bound(n) from the case's reduction length; products ulp(n + 4)", "[tolerance]") {
  CHECK(with_terms("ReduceSum", 13, 4096) == "bound(n=4096)");
  CHECK(with_terms("MatMul", 13, 7) == "bound(n=7)");
  CHECK(with_terms("Gemm", 13, 4) == "bound(n=6)");  // alpha and beta add two roundings
  CHECK(with_terms("ReduceSum", 13, 1) == "exact");  // one term: nothing accumulates
  CHECK(with_terms("ReduceL2", 18, 1) == "bound(n=1)");  // sqrt(x*x): two roundings
  // Composites: bound(n), the oracle's per-element first-order bounds (cases/specs/reduce/bounds.h).
  CHECK(with_terms("Softmax", 13, 20) == "bound(n=20)");
  CHECK(with_terms("LogSoftmax", 1, 20) == "bound(n=20)");
  CHECK(with_terms("ReduceLogSum", 18, 1) == "bound(n=1)");
  CHECK(with_terms("ReduceLogSumExp", 13, 60) == "bound(n=60)");
  CHECK(with_terms("ReduceProd", 18, 3) == "ulp(7)");
  CHECK(with_terms("ReduceMax", 18, 60) == "exact");
  CHECK(with_terms("Hardmax", 13, 60) == "exact");
}

TEST_CASE("Einsum, LpNormalization, the losses and Det: bound(n), per-element where the oracle derives it",
          "[tolerance]") {
  CHECK(with_terms("Einsum", 12, 4) == "bound(n=4)");
  CHECK(with_terms("Einsum", 12, 1) == "exact");  // transposes, diagonals: no arithmetic
  CHECK(with_terms("LpNormalization", 22, 5) == "bound(n=8)");  // sum, sqrt, divide
  CHECK(with_terms("NegativeLogLikelihoodLoss", 22, 6) == "bound(n=7)");
  CHECK(with_terms("NegativeLogLikelihoodLoss", 22, 1) == "exact");  // reduction none: one product
  CHECK(with_terms("Det", 22, 0) == "bound(n=0)");
  CHECK(with_terms("SoftmaxCrossEntropyLoss", 13, 6) == "bound(n=6)");
  const CatalogRow* det = resolve_op("", "Det", 22);
  REQUIRE(det);
  const CaseDraft five{"5x5", {Tensor(DType::kFloat, {2, 5, 5})}, {}, {}, "", false};
  CHECK(tolerance_for(*det, five, 0).to_string() == "bound(n=5)");  // the matrix size
  // NLL's mean (the default) is a quotient of two sums: per-element bounds from the oracle.
  const CatalogRow* nll = resolve_op("", "NegativeLogLikelihoodLoss", 13);
  REQUIRE(nll);
  CaseDraft mean{"mean", {Tensor(DType::kFloat, {3, 4}), Tensor(DType::kInt64, {3})}, {}, {}, "", false};
  CHECK(tolerance_for(*nll, mean, 3).to_string() == "bound(n=4)");
  CaseDraft sum = mean;
  sum.attributes.push_back(make_attr("reduction", std::string("sum")));
  CHECK(tolerance_for(*nll, sum, 3).to_string() == "bound(n=4)");
}
