// Shape, Size, Constant, ConstantOfShape: expected values from the spec's examples and by
// hand.
#include <cmath>

#include "reference/tensor_proto.h"
#include "reference/tests/shape/shape_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

onnx::AttributeProto tensor_attr(const std::string& name, const Tensor& t) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(t);
  return a;
}

Tensor constant(int opset, const Attrs& attrs) { return run_multi("Constant", opset, {}, attrs)[0]; }

void check_constant_refused(int opset, const Attrs& attrs, const std::string& fragment) {
  check_refused_multi("Constant", opset, {}, attrs, 1, fragment);
}

onnx::AttributeProto sparse_attr(const Tensor& values, const Tensor& indices, const std::vector<int64_t>& dims) {
  onnx::AttributeProto a;
  a.set_name("sparse_value");
  a.set_type(onnx::AttributeProto::SPARSE_TENSOR);
  *a.mutable_sparse_tensor()->mutable_values() = tensor_to_proto(values);
  *a.mutable_sparse_tensor()->mutable_indices() = tensor_to_proto(indices);
  for (int64_t d : dims) a.mutable_sparse_tensor()->add_dims(d);
  return a;
}

}  // namespace

TEST_CASE("Shape: the dimensions; Shape-15 start/end clamped", "[Shape][v1][v13][v15][v19][v21]") {
  const Tensor x = Tensor(DType::kString, {3, 4, 5});
  for (int v : {1, 13, 15, 19, 25}) {
    CHECK(run_node_output("Shape", v, {x}) == ints({3, 4, 5}));
    CHECK(run_node_output("Shape", v, {Tensor(DType::kBool, {})}) == ints({}));
    CHECK(run_node_output("Shape", v, {Tensor(DType::kFloat, {0, 2})}) == ints({0, 2}));
  }
  // ONNX's examples: start 1 -> [4, 5]; end 1 -> [3]; start -1 -> [5]; end -1 -> [3, 4];
  // start 1 end 2 -> [4]; clip: start -10 -> all; end 10 -> all; start 2 end 1 -> [].
  auto sliced = [&](int v, std::vector<onnx::AttributeProto> a) { return run_node_output("Shape", v, {x}, a); };
  for (int v : {15, 19, 21}) {
    CHECK(sliced(v, {make_attr("start", int64_t{1})}) == ints({4, 5}));
    CHECK(sliced(v, {make_attr("end", int64_t{1})}) == ints({3}));
    CHECK(sliced(v, {make_attr("start", int64_t{-1})}) == ints({5}));
    CHECK(sliced(v, {make_attr("end", int64_t{-1})}) == ints({3, 4}));
    CHECK(sliced(v, {make_attr("start", int64_t{1}), make_attr("end", int64_t{2})}) == ints({4}));
    CHECK(sliced(v, {make_attr("start", int64_t{-10})}) == ints({3, 4, 5}));
    CHECK(sliced(v, {make_attr("end", int64_t{10})}) == ints({3, 4, 5}));
    CHECK(sliced(v, {make_attr("start", int64_t{2}), make_attr("end", int64_t{1})}) == ints({}));
    CHECK(sliced(v, {make_attr("start", INT64_MIN), make_attr("end", INT64_MAX)}) == ints({3, 4, 5}));
  }
  check_refused("Shape", 13, {x}, {make_attr("start", int64_t{1})}, "unknown attribute 'start'");
}

TEST_CASE("Size: the element count as an int64 scalar", "[Size][v1][v13][v19][v21]") {
  for (int v : {1, 13, 19, 21, 25}) {
    CHECK(run_node_output("Size", v, {Tensor(DType::kString, {3, 4, 5})}) == scalar<int64_t>(60));
    CHECK(run_node_output("Size", v, {Tensor(DType::kFloat, {})}) == scalar<int64_t>(1));
    CHECK(run_node_output("Size", v, {Tensor(DType::kDouble, {2, 0})}) == scalar<int64_t>(0));
  }
  check_refused("Size", 1, {vec<BFloat16>({BFloat16{}})}, {}, "tensor(bfloat16)");
}

TEST_CASE("Constant: value, sparse_value (11) and the value_* forms (12)", "[Constant][v1][v9][v11][v12][v13][v19]") {
  const Tensor f = Tensor::from_values<float>({2, 2}, {1.5f, -0.0f, NAN, 3});
  const Tensor s = vec<std::string>({"a", ""});
  for (int v : {1, 9, 11, 12, 13, 19, 25}) CHECK(constant(v, {tensor_attr("value", f)}) == f);
  check_constant_refused(1, {tensor_attr("value", s)}, "T does not allow");
  for (int v : {9, 13}) CHECK(constant(v, {tensor_attr("value", s)}) == s);
  check_constant_refused(9, {tensor_attr("value", vec<BFloat16>({BFloat16{}}))}, "T does not allow");
  CHECK(constant(13, {tensor_attr("value", vec<BFloat16>({BFloat16{0x8001}}))}) == vec<BFloat16>({BFloat16{0x8001}}));

  // sparse_value: values [5, 6] at linearized indices [1, 4] of a (2, 3) tensor, and the
  // same as coordinates [[0, 1], [1, 1]].
  const Tensor dense = Tensor::from_values<int32_t>({2, 3}, {0, 5, 0, 0, 6, 0});
  for (int v : {11, 12, 13}) {
    CHECK(constant(v, {sparse_attr(vec<int32_t>({5, 6}), ints({1, 4}), {2, 3})}) == dense);
    CHECK(constant(v, {sparse_attr(vec<int32_t>({5, 6}), Tensor::from_values<int64_t>({2, 2}, {0, 1, 1, 1}), {2, 3})}) ==
          dense);
    check_constant_refused(v, {sparse_attr(vec<int32_t>({5, 6}), ints({4, 1}), {2, 3})}, "strictly ascending");
    check_constant_refused(v, {sparse_attr(vec<int32_t>({5, 6}), ints({1, 1}), {2, 3})}, "without duplicates");
    check_constant_refused(v, {sparse_attr(vec<int32_t>({5, 6}), ints({1, 6}), {2, 3})}, "outside [0, 6)");
    check_constant_refused(v, {sparse_attr(vec<int32_t>({5, 6}), Tensor::from_values<int64_t>({2, 2}, {0, 3, 1, 1}), {2, 3})},
                           "outside dimension 1");
    check_constant_refused(v, {tensor_attr("value", f), sparse_attr(vec<int32_t>({5}), ints({1}), {2, 3})},
                           "exactly one of the value attributes");
  }
  check_constant_refused(1, {sparse_attr(vec<float>({5}), ints({0}), {1})}, "unknown attribute 'sparse_value'");
  check_constant_refused(11, {}, "exactly one of value, sparse_value must be given");

  for (int v : {12, 13, 19}) {
    CHECK(constant(v, {make_attr("value_float", 0.25f)}) == scalar<float>(0.25f));
    CHECK(constant(v, {make_attr("value_floats", std::vector<float>{1, 2})}) == vec<float>({1, 2}));
    CHECK(constant(v, {make_attr("value_int", int64_t{-7})}) == scalar<int64_t>(-7));
    CHECK(constant(v, {make_attr("value_ints", std::vector<int64_t>{})}) == ints({}));
    CHECK(constant(v, {make_attr("value_string", std::string("x"))}) == scalar<std::string>("x"));
    onnx::AttributeProto strs;
    strs.set_name("value_strings");
    strs.set_type(onnx::AttributeProto::STRINGS);
    strs.add_strings("p");
    strs.add_strings("q");
    CHECK(constant(v, {strs}) == vec<std::string>({"p", "q"}));
    check_constant_refused(v, {make_attr("value_int", int64_t{1}), make_attr("value_float", 1.0f)},
                           "exactly one of the value attributes may be given");
  }
  check_constant_refused(11, {make_attr("value_int", int64_t{1})}, "unknown attribute 'value_int'");
}

TEST_CASE("ConstantOfShape: shape input, one-element value", "[ConstantOfShape][v9][v20][v21]") {
  for (int v : {9, 20, 21, 25}) {
    // Default: float 0. ONNX's examples: int32 value 0 over (10, 6); float 1 over (4, 3, 2).
    CHECK(run_node_output("ConstantOfShape", v, {ints({2, 3})}) == Tensor(DType::kFloat, {2, 3}));
    const Tensor one = Tensor::from_values<float>({1}, {1});
    CHECK(run_node_output("ConstantOfShape", v, {ints({4, 3, 2})}, {tensor_attr("value", one)}) ==
          Tensor::from_values<float>({4, 3, 2}, std::vector<float>(24, 1)));
    CHECK(run_node_output("ConstantOfShape", v, {ints({})}, {tensor_attr("value", vec<int64_t>({-5}))}) == scalar<int64_t>(-5));
    CHECK(run_node_output("ConstantOfShape", v, {ints({0, 7})}, {tensor_attr("value", vec<bool>({true}))}) ==
          Tensor(DType::kBool, {0, 7}));
    check_refused("ConstantOfShape", v, {ints({2, -1})}, {}, "negative dimension");
    check_refused("ConstantOfShape", v, {ints({2})}, {tensor_attr("value", vec<float>({1, 2}))}, "exactly one element");
    check_refused("ConstantOfShape", v, {ints({2})}, {tensor_attr("value", vec<std::string>({"a"}))}, "T2 does not allow");
    check_refused("ConstantOfShape", v, {Tensor::from_values<int64_t>({}, {2})}, {}, "must be a 1-D tensor");
  }
  check_refused("ConstantOfShape", 9, {ints({1})}, {tensor_attr("value", vec<BFloat16>({BFloat16{}}))}, "T2 does not allow");
  CHECK(run_node_output("ConstantOfShape", 20, {ints({1})}, {tensor_attr("value", vec<BFloat16>({BFloat16{0xFF80}}))}) ==
        vec<BFloat16>({BFloat16{0xFF80}}));
}
