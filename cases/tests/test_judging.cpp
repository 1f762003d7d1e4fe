// Judging contracts: what `touchstone ops` says of each op-version, the draft-dependent
// refinements, and the reduction lengths the reference's kernels report for the tolerance.
#include <catch2/catch.hpp>

#include "cases/tolerance.h"
#include "reference/model.h"
#include "reference/model_builder.h"
#include "cases/tests/drafts.h"

using namespace touchstone;
using namespace touchstone::cases;
using touchstone::cases::testing::draft_of;

namespace {

std::string summary(const char* op, int opset) {
  const CatalogRow* row = resolve_op("", op, opset);
  REQUIRE(row);
  return judging_summary(*row);
}

// The terms the reference reports running one node of `op` on zero-filled inputs.
int64_t reported_terms(const char* op, int opset, std::vector<ValueSpec> inputs,
                       std::vector<onnx::AttributeProto> attrs = {}, std::vector<Tensor> given = {}) {
  std::vector<ValueSpec> outputs = {{"Y", inputs.front().dtype, {}}};
  onnx::ModelProto proto = build_model({op, "", opset, inputs, outputs, attrs});
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();  // as the generator runs it
  const Model model = Model::from_proto(proto, ".", op);
  Values feeds;
  for (size_t i = 0; i < inputs.size(); ++i)
    feeds.push_back(i < given.size() ? given[i] : Tensor(inputs[i].dtype, inputs[i].shape));
  return model.run_values(feeds).semantics.terms;
}

}  // namespace

TEST_CASE("touchstone ops' judging column: each op-version's contract in one line", "[judging]") {
  CHECK(summary("Add", 14) == "exact");
  CHECK(summary("Exp", 13) == "ulp(4)");
  CHECK(summary("Range", 11) == "ulp(32)");
  CHECK(summary("Sum", 13) == "sum bound n (inputs)");
  CHECK(summary("ReduceSum", 13) == "sum bound n");
  CHECK(summary("Gemm", 13) == "sum bound n+2");
  CHECK(summary("LpNormalization", 22) == "sum bound n+3");
  CHECK(summary("ReduceProd", 18) == "ulp(n+4)");
  CHECK(summary("Softmax", 13) == "element bound (softmax)");
  CHECK(summary("NegativeLogLikelihoodLoss", 13) == "element bound (nll, n+1)");
  CHECK(summary("Det", 22) == "element bound (det); n = matrix size");
  CHECK(summary("Einsum", 12) == "sum bound n; +1 per operand past 2");
  CHECK(summary("CumSum", 14) == "exact; floats: bound n = axis");
  CHECK(summary("TopK", 1) == "exact");  // no sorted attribute before 11
  CHECK(summary("TopK", 11) == "exact; unordered if sorted=0");
  CHECK(summary("DeformConv", 22) == "element bound (deform-conv)");
  const CatalogRow* row = resolve_op("ai.onnx.ml", "TreeEnsembleRegressor", 1);
  REQUIRE(row);
  CatalogRow not_yet = *row;  // a row without a kernel: what a version is before its kernel lands
  not_yet.kernel = nullptr;
  CHECK(judging_summary(not_yet) == "-");  // not implemented
}

TEST_CASE("refinements: TopK sorted=0 compares a multiset, CumSum floats by the axis length, Einsum's products",
          "[judging]") {
  const CatalogRow* topk = resolve_op("", "TopK", 11);
  REQUIRE(topk);
  CaseDraft d = draft_of({Tensor(DType::kFloat, {3, 4}), Tensor(DType::kInt64, {1})}, {make_attr("sorted", int64_t{0})});
  CHECK(tolerance_for(*topk, d, 0).to_string() == "unordered(axis=1)");
  d.attributes.push_back(make_attr("axis", int64_t{0}));
  CHECK(tolerance_for(*topk, d, 0).to_string() == "unordered(axis=0)");
  d.attributes = {make_attr("sorted", int64_t{1})};
  CHECK(tolerance_for(*topk, d, 0).to_string() == "exact");

  const CatalogRow* cumsum = resolve_op("", "CumSum", 14);
  REQUIRE(cumsum);
  const CaseDraft along1 = draft_of({Tensor(DType::kFloat, {3, 7}), Tensor::from_values<int64_t>({}, {-1})});
  CHECK(tolerance_for(*cumsum, along1, 0).to_string() == "bound(n=7)");
  const CaseDraft ints = draft_of({Tensor(DType::kInt32, {3, 7}), Tensor::from_values<int64_t>({}, {1})});
  CHECK(tolerance_for(*cumsum, ints, 0).to_string() == "exact");

  const CatalogRow* einsum = resolve_op("", "Einsum", 12);
  REQUIRE(einsum);
  const CaseDraft three = draft_of({Tensor(DType::kFloat, {2, 3}), Tensor(DType::kFloat, {3, 4}), Tensor(DType::kFloat, {4, 2})});
  CHECK(tolerance_for(*einsum, three, 12).to_string() == "bound(n=13)");  // one more rounding per product
}

TEST_CASE("kernels report their reduction lengths to the run record", "[judging][terms]") {
  CHECK(reported_terms("ReduceSum", 11, {{"X", DType::kFloat, {3, 4, 5}}}, {make_attr("axes", std::vector<int64_t>{1})}) == 4);
  CHECK(reported_terms("ReduceSum", 11, {{"X", DType::kFloat, {3, 4, 5}}}) == 60);  // every axis
  CHECK(reported_terms("ReduceMean", 18, {{"X", DType::kFloat, {0, 3}}, {"axes", DType::kInt64, {1}}}, {},
                       {Tensor(DType::kFloat, {0, 3}), Tensor::from_values<int64_t>({1}, {0})}) == 0);
  CHECK(reported_terms("MatMul", 13, {{"A", DType::kFloat, {3, 4}}, {"B", DType::kFloat, {4, 5}}}) == 4);
  CHECK(reported_terms("Gemm", 13, {{"A", DType::kFloat, {4, 3}}, {"B", DType::kFloat, {4, 5}}},
                       {make_attr("transA", int64_t{1})}) == 4);
  // Softmax-1 coerces to 2-D at axis 1: rows of 4*5; Softmax-13 normalizes axis 1 alone.
  CHECK(reported_terms("Softmax", 1, {{"X", DType::kFloat, {3, 4, 5}}}) == 20);
  CHECK(reported_terms("Softmax", 13, {{"X", DType::kFloat, {3, 4, 5}}}, {make_attr("axis", int64_t{1})}) == 4);
  CHECK(reported_terms("Einsum", 12, {{"A", DType::kFloat, {2, 3}}, {"B", DType::kFloat, {3, 4}}, {"C", DType::kFloat, {4, 2}}},
                       {make_attr("equation", std::string("ij,jk,kl->il"))}) == 12);
  CHECK(reported_terms("LpNormalization", 22, {{"X", DType::kFloat, {0, 4}}}) == 4);
  const std::vector<ValueSpec> loss = {{"X", DType::kFloat, {2, 3, 4}}, {"T", DType::kInt64, {2, 4}}};
  CHECK(reported_terms("NegativeLogLikelihoodLoss", 13, loss, {make_attr("reduction", std::string("sum"))}) == 8);
  CHECK(reported_terms("NegativeLogLikelihoodLoss", 13, loss, {make_attr("reduction", std::string("none"))}) == 1);
  CHECK(reported_terms("Add", 14, {{"A", DType::kFloat, {3}}, {"B", DType::kFloat, {3}}}) == 0);  // nothing reduced
}
