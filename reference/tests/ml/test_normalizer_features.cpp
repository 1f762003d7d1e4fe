// Normalizer, ArrayFeatureExtractor and FeatureVectorizer (ai.onnx.ml 1) against values
// worked out by hand from the text; Normalizer's roundings against an oracle in the test
// (long double quotients, far more precise than float, for inputs whose exact quotients
// are not near a float midpoint).
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

RunResult ml_node(const std::string& op, const std::vector<Tensor>& in,
                  const std::vector<onnx::AttributeProto>& attrs) {
  return run_node(op, 1, in, attrs, "ai.onnx.ml");
}

std::vector<float> floats(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }

Tensor normalize(const Tensor& x, const std::string& norm) {
  return ml_node("Normalizer", {x}, {make_attr("norm", norm)}).outputs.at(0);
}

}  // namespace

TEST_CASE("Normalizer-1: MAX, L1, L2 by hand; a zero divisor keeps X", "[ml][Normalizer][v1]") {
  const Tensor x = Tensor::from_values<float>({2, 4}, {1, 2, 4, 8, 0, 0, 0, 0});
  CHECK(floats(normalize(x, "MAX")) == std::vector<float>{0.125f, 0.25f, 0.5f, 1, 0, 0, 0, 0});
  CHECK(floats(normalize(x, "L1")) ==
        std::vector<float>{1 / 15.0f, 2 / 15.0f, 4 / 15.0f, 8 / 15.0f, 0, 0, 0, 0});
  // L2 of [3, 4] (norm 5) and of [1, 1, 1, 1] (norm 2).
  CHECK(floats(normalize(vec<int64_t>({3, 4}), "L2")) == std::vector<float>{0.6f, 0.8f});
  CHECK(floats(normalize(Tensor::from_values<int32_t>({1, 4}, {1, 1, 1, 1}), "L2")) ==
        std::vector<float>{0.5f, 0.5f, 0.5f, 0.5f});
  // Default norm is MAX; a double row.
  CHECK(floats(ml_node("Normalizer", {vec<double>({2.0, 8.0})}, {}).outputs[0]) ==
        std::vector<float>{0.25f, 1});
  // A row whose max is 0 is left alone (rounded to float).
  CHECK(floats(normalize(vec<double>({-1.5, 0.0}), "MAX")) == std::vector<float>{-1.5f, 0});
}

TEST_CASE("Normalizer-1: rounded once, against a long double oracle", "[ml][Normalizer][v1]") {
  const std::vector<float> row = {0.3f, 1.7f, 2.9f, 0.01f, 5.5f};
  long double sum = 0, squares = 0;
  for (float v : row) sum += v, squares += static_cast<long double>(v) * v;
  const Tensor l1 = normalize(vec<float>(row), "L1"), l2 = normalize(vec<float>(row), "L2");
  for (size_t i = 0; i < row.size(); ++i) {
    CHECK(l1.data<float>()[i] == static_cast<float>(row[i] / sum));
    CHECK(l2.data<float>()[i] == static_cast<float>(row[i] / std::sqrt(squares)));
  }
}

TEST_CASE("Normalizer-1: negative rows follow the text and are marked", "[ml][Normalizer][v1]") {
  const auto r = ml_node("Normalizer", {vec<float>({-3, 4})}, {make_attr("norm", std::string("L2"))});
  CHECK(floats(r.outputs[0]) == std::vector<float>{0.6f, 0.8f});  // sqrt(x^2 / sum x^2)
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  const auto l1 = ml_node("Normalizer", {vec<float>({-1, 3})}, {make_attr("norm", std::string("L1"))});
  CHECK(floats(l1.outputs[0]) == std::vector<float>{-0.5f, 1.5f});  // divided by sum(X) = 2
  CHECK(ml_node("Normalizer", {vec<float>({1, 3})}, {make_attr("norm", std::string("L1"))})
            .semantics.category == Semantics::kDefined);
  CHECK(kind_of([] {
          normalize(Tensor::from_values<float>({1, 1, 2}, {1, 2}), "L1");
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] { normalize(vec<float>({1}), "L3"); }) == ErrorKind::kInvalidModel);
}

TEST_CASE("ArrayFeatureExtractor-1: indices select along the last axis", "[ml][ArrayFeatureExtractor][v1]") {
  const Tensor x = Tensor::from_values<int32_t>({2, 3}, {0, 1, 2, 10, 11, 12});
  const Tensor z = ml_node("ArrayFeatureExtractor", {x, vec<int64_t>({2, 0, 2})}, {}).outputs[0];
  CHECK(z.shape() == Shape{2, 3});
  CHECK(std::vector<int32_t>(z.data<int32_t>().begin(), z.data<int32_t>().end()) ==
        std::vector<int32_t>{2, 0, 2, 12, 10, 12});
  const Tensor s = Tensor::from_values<std::string>({3}, {"a", "b", "c"});
  const auto one_d = ml_node("ArrayFeatureExtractor", {s, vec<int64_t>({1})}, {});
  CHECK(one_d.outputs[0].shape() == Shape{1, 1});
  CHECK(one_d.outputs[0].data<std::string>()[0] == "b");
  CHECK(one_d.semantics.category == Semantics::kImplementationDefined);
  CHECK(kind_of([&] {
          ml_node("ArrayFeatureExtractor", {x, vec<int64_t>({3})}, {});
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          ml_node("ArrayFeatureExtractor", {x, vec<int64_t>({-1})}, {});
        }) == ErrorKind::kInvalidModel);
}

TEST_CASE("FeatureVectorizer-1: inputs side by side as float", "[ml][FeatureVectorizer][v1]") {
  const Tensor a = Tensor::from_values<int64_t>({2, 2}, {1, 2, 3, 4});
  const Tensor b = Tensor::from_values<int64_t>({2, 1}, {(int64_t{1} << 24) + 1, 6});
  const Tensor y =
      ml_node("FeatureVectorizer", {a, b}, {make_attr("inputdimensions", std::vector<int64_t>{2, 1})})
          .outputs[0];
  CHECK(y.shape() == Shape{2, 3});
  // 2^24 + 1 is a tie between 2^24 and 2^24 + 2: even gives 2^24.
  CHECK(floats(y) == std::vector<float>{1, 2, 0x1p24f, 3, 4, 6});
  const Tensor v = ml_node("FeatureVectorizer", {vec<double>({0.1, 2})},
                           {make_attr("inputdimensions", std::vector<int64_t>{2})})
                       .outputs[0];
  CHECK(v.shape() == Shape{1, 2});
  CHECK(floats(v) == std::vector<float>{0.1f, 2});
  CHECK(kind_of([&] {
          ml_node("FeatureVectorizer", {a, b}, {make_attr("inputdimensions", std::vector<int64_t>{2, 2})});
        }) == ErrorKind::kInvalidModel);
}
