// LabelEncoder-1, -2, -4 and CategoryMapper-1 against the text's own example (["Dori",
// "Amy", "Amy", "Sally", "Sally"] with keys ["Amy", "Sally"], values [5, 6], default -1
// gives [-1, 5, 5, 6, 6]) and lookups worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "reference/tensor_proto.h"
#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

onnx::AttributeProto tensor_attr(const std::string& name, const Tensor& t) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(t);
  return a;
}

RunResult encode(const std::string& op, int version, const Tensor& x, const Attrs& attrs) {
  return run_node(op, version, {x}, attrs, "ai.onnx.ml");
}

template <class T>
std::vector<T> values(const Tensor& t) {
  return {t.data<T>().begin(), t.data<T>().end()};
}

}  // namespace

TEST_CASE("LabelEncoder-2 and -4: the text's example", "[ml][LabelEncoder][v2][v4]") {
  const Tensor x = Tensor::from_values<std::string>({5}, {"Dori", "Amy", "Amy", "Sally", "Sally"});
  for (int version : {2, 4}) {
    const Tensor y = encode("LabelEncoder", version, x,
                            {make_strings_attr("keys_strings", {"Amy", "Sally"}),
                             make_attr("values_int64s", std::vector<int64_t>{5, 6}),
                             make_attr("default_int64", int64_t{-1})})
                         .outputs[0];
    CHECK(values<int64_t>(y) == std::vector<int64_t>{-1, 5, 5, 6, 6});
  }
}

TEST_CASE("LabelEncoder-2: float keys bit for bit; -4: NaN matches any NaN, tensors",
          "[ml][LabelEncoder][v2][v4]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Tensor x = vec<float>({nan, -0.0f, 0.0f, 2.5f});
  const Attrs lists = {make_attr("keys_floats", std::vector<float>{0.0f, nan, 2.5f}),
                       make_strings_attr("values_strings", {"zero", "nan", "two and a half"})};
  // Version 2: the same NaN bits match; -0 is not 0 bitwise: default "_Unused".
  CHECK(values<std::string>(encode("LabelEncoder", 2, x, lists).outputs[0]) ==
        std::vector<std::string>{"nan", "_Unused", "zero", "two and a half"});
  // Version 4: -0 against the key 0 matches (marked), NaN too.
  const auto v4 = encode("LabelEncoder", 4, x, lists);
  CHECK(values<std::string>(v4.outputs[0]) ==
        std::vector<std::string>{"nan", "zero", "zero", "two and a half"});
  CHECK(v4.semantics.category == Semantics::kImplementationDefined);
  // Tensors: int32 keys to double values, default_tensor 9.5; a repeated key, the last wins.
  const Attrs tensors = {tensor_attr("keys_tensor", vec<int32_t>({1, 2, 1})),
                         tensor_attr("values_tensor", vec<double>({10, 20, 30})),
                         tensor_attr("default_tensor", vec<double>({9.5}))};
  const auto t = encode("LabelEncoder", 4, vec<int32_t>({1, 2, 3}), tensors);
  CHECK(values<double>(t.outputs[0]) == std::vector<double>{30, 20, 9.5});
  CHECK(t.semantics.category == Semantics::kDefined);
  // Default of int16 values without default_tensor: -1.
  const Attrs int16s = {make_attr("keys_int64s", std::vector<int64_t>{4}),
                        tensor_attr("values_tensor", vec<int16_t>({7}))};
  CHECK(values<int16_t>(encode("LabelEncoder", 4, vec<int64_t>({4, 5}), int16s).outputs[0]) ==
        std::vector<int16_t>{7, -1});
  // Refusals: X of another type than the keys; lengths that differ; two keys_* lists.
  CHECK(kind_of([&] { encode("LabelEncoder", 4, vec<int64_t>({1}), lists); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          encode("LabelEncoder", 2, x,
                 {make_attr("keys_floats", std::vector<float>{1}),
                  make_attr("values_int64s", std::vector<int64_t>{1, 2})});
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] {
          encode("LabelEncoder", 4, vec<int64_t>({1}),
                 {make_attr("keys_int64s", std::vector<int64_t>{1}),
                  tensor_attr("keys_tensor", vec<int64_t>({1})),
                  make_attr("values_int64s", std::vector<int64_t>{1})});
        }) == ErrorKind::kInvalidModel);
}

TEST_CASE("LabelEncoder-1 and CategoryMapper-1: strings to integers and back",
          "[ml][LabelEncoder][CategoryMapper][v1]") {
  const Attrs classes = {make_strings_attr("classes_strings", {"a", "b", "c"})};
  CHECK(values<int64_t>(
            encode("LabelEncoder", 1, Tensor::from_values<std::string>({2, 2}, {"c", "a", "z", "b"}), classes)
                .outputs[0]) == std::vector<int64_t>{2, 0, -1, 1});
  CHECK(values<std::string>(encode("LabelEncoder", 1, vec<int64_t>({1, 3, -1, 0}), classes).outputs[0]) ==
        std::vector<std::string>{"b", "_Unused", "_Unused", "a"});
  const Attrs cats = {
      make_strings_attr("cats_strings", {"cat", "dog"}), make_attr("cats_int64s", std::vector<int64_t>{7, 3}),
      make_attr("default_int64", int64_t{0}), make_attr("default_string", std::string("none"))};
  CHECK(values<int64_t>(
            encode("CategoryMapper", 1, Tensor::from_values<std::string>({3}, {"dog", "cow", "cat"}), cats)
                .outputs[0]) == std::vector<int64_t>{3, 0, 7});
  CHECK(values<std::string>(encode("CategoryMapper", 1, vec<int64_t>({7, 8, 3}), cats).outputs[0]) ==
        std::vector<std::string>{"cat", "none", "dog"});
  CHECK(kind_of([&] {
          encode(
              "CategoryMapper", 1, vec<int64_t>({7}),
              {make_strings_attr("cats_strings", {"cat"}), make_attr("cats_int64s", std::vector<int64_t>{7, 3})});
        }) == ErrorKind::kInvalidModel);
}

TEST_CASE("OneHotEncoder-1: one more dimension, 1 at the category", "[ml][OneHotEncoder][v1]") {
  // The text's example: 4 among categories 0..7 gives [0,0,0,0,1,0,0,0].
  const Attrs eight = {make_attr("cats_int64s", std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7})};
  const Tensor y = encode("OneHotEncoder", 1, vec<int64_t>({4}), eight).outputs[0];
  CHECK(y.shape() == Shape{1, 8});
  CHECK(values<float>(y) == std::vector<float>{0, 0, 0, 0, 1, 0, 0, 0});
  const Attrs words = {make_strings_attr("cats_strings", {"red", "green"})};
  const Tensor s =
      encode("OneHotEncoder", 1, Tensor::from_values<std::string>({2}, {"green", "blue"}), words).outputs[0];
  CHECK(s.shape() == Shape{2, 2});
  CHECK(values<float>(s) == std::vector<float>{0, 1, 0, 0});  // blue: no category, zeros
  // A double 2.0 is category 2; 2.5 is truncated to 2, marked.
  const auto d = encode("OneHotEncoder", 1, vec<double>({2.0, 2.5}),
                        {make_attr("cats_int64s", std::vector<int64_t>{1, 2})});
  CHECK(values<float>(d.outputs[0]) == std::vector<float>{0, 1, 0, 1});
  CHECK(d.semantics.category == Semantics::kImplementationDefined);
  CHECK(kind_of([&] {
          encode("OneHotEncoder", 1, Tensor::from_values<std::string>({1}, {"blue"}),
                 {make_strings_attr("cats_strings", {"red"}), make_attr("zeros", int64_t{0})});
        }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { encode("OneHotEncoder", 1, vec<int64_t>({1}), words); }) == ErrorKind::kInvalidModel);
}
