// Binarizer, Scaler, Imputer (ai.onnx.ml 1) against values worked out by hand from the
// text, and Scaler's rounding against an independent oracle: the exact product (x - o) * s
// of two floats fits a double when x - o is exact (Sterbenz), so float(double(...)) rounds
// it once.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

constexpr const char* kMl = "ai.onnx.ml";

RunResult ml_node(const std::string& op, const std::vector<Tensor>& in,
                  const std::vector<onnx::AttributeProto>& attrs) {
  return run_node(op, 1, in, attrs, kMl);
}

}  // namespace

TEST_CASE("Binarizer-1: greater than the threshold is 1, NaN and equal are 0", "[ml][Binarizer][v1]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Tensor y =
      ml_node("Binarizer", {vec<float>({-1.0f, 0.5f, 0.5000001f, 2.0f, nan})}, {make_attr("threshold", 0.5f)})
          .outputs[0];
  CHECK(y.dtype() == DType::kFloat);
  CHECK(std::vector<float>(y.data<float>().begin(), y.data<float>().end()) ==
        std::vector<float>{0, 0, 1, 1, 0});
  // int64 against 2.5: 2 is not above, 3 is; against -0.5: 0 is above.
  const Tensor i =
      ml_node("Binarizer", {vec<int64_t>({2, 3, -1})}, {make_attr("threshold", 2.5f)}).outputs[0];
  CHECK(std::vector<int64_t>(i.data<int64_t>().begin(), i.data<int64_t>().end()) ==
        std::vector<int64_t>{0, 1, 0});
  const Tensor z = ml_node("Binarizer", {vec<int32_t>({0, -1})}, {make_attr("threshold", -0.5f)}).outputs[0];
  CHECK(std::vector<int32_t>(z.data<int32_t>().begin(), z.data<int32_t>().end()) ==
        std::vector<int32_t>{1, 0});
  // 2^53 + 1 is above the float 2^53 (a conversion to double would say equal).
  const int64_t big = (int64_t{1} << 53) + 1;
  const Tensor b =
      ml_node("Binarizer", {vec<int64_t>({big, big - 1})}, {make_attr("threshold", 0x1p53f)}).outputs[0];
  CHECK(b.data<int64_t>()[0] == 1);
  CHECK(b.data<int64_t>()[1] == 0);
  // Default threshold 0; double input.
  const Tensor d = ml_node("Binarizer", {vec<double>({0.0, 1e-300, -0.0})}, {}).outputs[0];
  CHECK(std::vector<double>(d.data<double>().begin(), d.data<double>().end()) ==
        std::vector<double>{0, 1, 0});
}

TEST_CASE("Scaler-1: (X - offset) * scale per feature, rounded once to float", "[ml][Scaler][v1]") {
  // [2,3] with per-feature offset and scale: by hand.
  const Tensor x = Tensor::from_values<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor y = ml_node("Scaler", {x},
                           {make_attr("offset", std::vector<float>{1, 1, 1}),
                            make_attr("scale", std::vector<float>{2, 0.5f, -1})})
                       .outputs[0];
  CHECK(std::vector<float>(y.data<float>().begin(), y.data<float>().end()) ==
        std::vector<float>{0, 0.5f, -2, 6, 2, -5});
  // One offset and scale for every element of a 3-D tensor.
  const Tensor one =
      ml_node("Scaler", {iota_float({2, 2, 2})},
              {make_attr("offset", std::vector<float>{4}), make_attr("scale", std::vector<float>{0.25f})})
          .outputs[0];
  CHECK(one.data<float>()[0] == -1.0f);
  CHECK(one.data<float>()[7] == 0.75f);
  // Per-feature lists on rank 3 take the last dimension, marked (the text names [N,F] only).
  const auto rank3 =
      ml_node("Scaler", {iota_float({2, 1, 2})},
              {make_attr("offset", std::vector<float>{0, 1}), make_attr("scale", std::vector<float>{1, 2})});
  CHECK(std::vector<float>(rank3.outputs[0].data<float>().begin(), rank3.outputs[0].data<float>().end()) ==
        std::vector<float>{0, 0, 2, 4});
  CHECK(rank3.semantics.category == Semantics::kImplementationDefined);
  // Oracle: for x, o within a factor 2 of each other, x - o is exact (Sterbenz), and the
  // product of it with s has at most 48 bits: exact in double, so one rounding to float.
  const float xs[] = {1.1f, 1.7f, 3.3f}, o = 1.3f, s = 0.1f;
  const Tensor r =
      ml_node("Scaler", {vec<float>({xs[0], xs[1], xs[2]})},
              {make_attr("offset", std::vector<float>{o}), make_attr("scale", std::vector<float>{s})})
          .outputs[0];
  for (int i = 0; i < 2; ++i)
    CHECK(r.data<float>()[static_cast<size_t>(i)] ==
          static_cast<float>((static_cast<double>(xs[i]) - o) * s));
  // int64 beyond 2^53: (2^60 + 1 - 1) * 1 = 2^60 exactly.
  const Tensor big =
      ml_node("Scaler", {vec<int64_t>({(int64_t{1} << 60) + 1})},
              {make_attr("offset", std::vector<float>{1}), make_attr("scale", std::vector<float>{1})})
          .outputs[0];
  CHECK(big.data<float>()[0] == 0x1p60f);
  // double X: 1e-30 - 0 scaled by 1 keeps its value (a float-first backend would too);
  // (1 + 2^-40) - 1 = 2^-40 exactly (a float conversion of x first would give 0).
  const Tensor d =
      ml_node("Scaler", {vec<double>({1.0 + 0x1p-40})},
              {make_attr("offset", std::vector<float>{1}), make_attr("scale", std::vector<float>{1})})
          .outputs[0];
  CHECK(d.data<float>()[0] == 0x1p-40f);
  CHECK(kind_of([&] {
          ml_node(
              "Scaler", {x},
              {make_attr("offset", std::vector<float>{1, 2}), make_attr("scale", std::vector<float>{1, 2})});
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          ml_node(
              "Scaler", {x},
              {make_attr("offset", std::vector<float>{1}), make_attr("scale", std::vector<float>{1, 2, 3})});
        }) == ErrorKind::kInvalidModel);
}

TEST_CASE("Imputer-1: the replaced value becomes its feature's imputed value", "[ml][Imputer][v1]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Tensor x = Tensor::from_values<float>({2, 2}, {nan, 1, 2, nan});
  const Tensor y = ml_node("Imputer", {x},
                           {make_attr("imputed_value_floats", std::vector<float>{7, 8}),
                            make_attr("replaced_value_float", nan)})
                       .outputs[0];
  CHECK(std::vector<float>(y.data<float>().begin(), y.data<float>().end()) == std::vector<float>{7, 1, 2, 8});
  // Default replaced value 0 (and -0 equals it); one imputed value for every feature.
  const Tensor d = ml_node("Imputer", {vec<double>({0.0, -0.0, 3.0})},
                           {make_attr("imputed_value_floats", std::vector<float>{0.5f})})
                       .outputs[0];
  CHECK(std::vector<double>(d.data<double>().begin(), d.data<double>().end()) ==
        std::vector<double>{0.5, 0.5, 3.0});
  const Tensor i = ml_node("Imputer", {Tensor::from_values<int64_t>({2, 2}, {-1, 5, 6, -1})},
                           {make_attr("imputed_value_int64s", std::vector<int64_t>{10, 20}),
                            make_attr("replaced_value_int64", int64_t{-1})})
                       .outputs[0];
  CHECK(std::vector<int64_t>(i.data<int64_t>().begin(), i.data<int64_t>().end()) ==
        std::vector<int64_t>{10, 5, 6, 20});
  // Refusals: float X with only int64 values; int32 X with a value beyond int32; a list of 3 for F = 2.
  CHECK(kind_of([&] {
          ml_node("Imputer", {x}, {make_attr("imputed_value_int64s", std::vector<int64_t>{1})});
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          ml_node("Imputer", {vec<int32_t>({0})},
                  {make_attr("imputed_value_int64s", std::vector<int64_t>{int64_t{1} << 40})});
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          ml_node("Imputer", {x}, {make_attr("imputed_value_floats", std::vector<float>{1, 2, 3})});
        }) == ErrorKind::kInvalidModel);
}
