// Case specs of Shape, Size, Constant, ConstantOfShape (reference/ops/shape/info.cpp).
// Constant has no inputs: its cases name the value's type in a tag "output:<type>", as
// ConstantOfShape's value and EyeLike's dtype do, so coverage counts output types.
#include "cases/specs/shape/shape_cases.h"
#include "cases/specs/shape/shape_specs.h"
#include "reference/tensor_proto.h"

namespace touchstone::cases {

using namespace shape_specs;

namespace {

onnx::AttributeProto tensor_attr(const std::string& name, const Tensor& t) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(t);
  return a;
}

onnx::AttributeProto sparse_attr(const Tensor& values, const Tensor& indices, const Ints& dims) {
  onnx::AttributeProto a;
  a.set_name("sparse_value");
  a.set_type(onnx::AttributeProto::SPARSE_TENSOR);
  *a.mutable_sparse_tensor()->mutable_values() = tensor_to_proto(values);
  *a.mutable_sparse_tensor()->mutable_indices() = tensor_to_proto(indices);
  for (int64_t d : dims) a.mutable_sparse_tensor()->add_dims(d);
  return a;
}

std::string output_tag(DType t) { return "output:" + std::string(dtype_short_name(t)); }

std::vector<DType> output_types(const CatalogRow& row, std::string_view param) {
  return allowed_dtypes(schema_of(row), param);
}

// Shape and Size alike: every type once (the first shape, a smoke case), the main type over
// ranks 0-6 and an empty tensor, and the main type's special values.
void shape_and_specials(const CatalogRow& row, const std::vector<DType>& types, DType main, std::vector<CaseDraft>& out) {
  const std::vector<Shape> shapes = {{3, 4, 5}, {}, {0, 2}, {7}, {2, 1, 3, 1, 2, 2}};
  for (DType t : types) {
    bool smoke = true;
    for (const auto& s : shapes) {
      if (t != main && !smoke) break;
      add(out, shape_name(s), {data_of(row, t, shape_name(s), s)}, {}, {shape_tags(s)}, "", smoke);
      smoke = false;
    }
  }
  add(out, "special_values", {specials(main, {3, 4})}, {}, {"special-values"});
}

}  // namespace

void shape_op_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  shape_and_specials(row, types, main, out);
  if (v >= 15) {
    const std::vector<std::pair<const char*, Attrs>> ends = {
        {"start_1", {make_attr("start", int64_t{1})}},
        {"end_1", {make_attr("end", int64_t{1})}},
        {"start_m1", {make_attr("start", int64_t{-1})}},
        {"end_m1", {make_attr("end", int64_t{-1})}},
        {"start_1_end_2", {make_attr("start", int64_t{1}), make_attr("end", int64_t{2})}},
        {"clip_start_m10", {make_attr("start", int64_t{-10})}},
        {"clip_end_10", {make_attr("end", int64_t{10})}},
        {"start_after_end", {make_attr("start", int64_t{2}), make_attr("end", int64_t{1})}},
        {"int64_sentinels", {make_attr("start", INT64_MIN), make_attr("end", INT64_MAX)}},
        {"start_at_rank", {make_attr("start", int64_t{3})}},
    };
    for (const auto& [name, attrs] : ends)
      add(out, name, {data_of(row, main, name, {3, 4, 5})}, attrs, {"start-end"});
    add(out, "scalar_start_m1", {data_of(row, main, "scalar_start_m1", {})}, {make_attr("start", int64_t{-1})}, {"scalar"});
  }
  ensure_smoke_refusal(out);
}

void size_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  shape_and_specials(row, types, main, out);
  ensure_smoke_refusal(out);
}

void constant_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const std::string label = row.label();
  bool smoke = true;
  for (DType t : all_dtypes()) {
    const auto allowed = output_types(row, "T");
    const bool ok = std::find(allowed.begin(), allowed.end(), t) != allowed.end();
    const std::string name = std::string("value_") + std::string(dtype_short_name(t));
    Rng rng(seed_of(label + "/" + name));
    const Tensor value = any_tensor(rng, t, {2, 3});
    add(out, ok ? name + "_2x3" : "refuse_" + name, {}, {tensor_attr("value", value)}, {ok ? output_tag(t) : "type"},
        ok ? "" : label + ": " + std::string(dtype_name(t)) + " is outside type constraint T", ok || smoke);
    if (ok) {
      add(out, name + "_scalar", {}, {tensor_attr("value", any_tensor(rng, t, {}))}, {output_tag(t), "scalar"});
      add(out, name + "_empty", {}, {tensor_attr("value", Tensor(t, {0, 3}))}, {output_tag(t), "empty"});
      smoke = false;
    }
  }
  const Tensor f = tensor_of(DType::kFloat, {2}, {1.5, -0.0});
  add(out, "special_values", {}, {tensor_attr("value", specials(DType::kFloat, {3, 4}))}, {"output:float32", "special-values"});
  if (v >= 11) {
    add(out, "sparse_linear", {}, {sparse_attr(tensor_of(DType::kInt32, {2}, {5, 6}), i64s({1, 4}), {2, 3})},
        {"output:int32", "sparse"});
    add(out, "sparse_coordinates", {},
        {sparse_attr(tensor_of(DType::kFloat, {2}, {5, 6}), Tensor::from_values<int64_t>({2, 2}, {0, 1, 1, 1}), {2, 3})},
        {"output:float32", "sparse"});
    add(out, "sparse_none", {}, {sparse_attr(Tensor(DType::kDouble, {0}), Tensor(DType::kInt64, {0}), {2, 2})},
        {"output:float64", "sparse"});
    add(out, "refuse_sparse_unsorted", {}, {sparse_attr(tensor_of(DType::kInt32, {2}, {5, 6}), i64s({4, 1}), {2, 3})},
        {"sparse"}, label + ": sparse indices must be strictly ascending (IR)");
    add(out, "refuse_sparse_duplicate", {}, {sparse_attr(tensor_of(DType::kInt32, {2}, {5, 6}), i64s({1, 1}), {2, 3})},
        {"sparse"}, label + ": sparse indices must not repeat (IR)");
    add(out, "refuse_sparse_out_of_range", {}, {sparse_attr(tensor_of(DType::kInt32, {2}, {5, 6}), i64s({1, 6}), {2, 3})},
        {"sparse"}, label + ": sparse indices must lie inside dims");
    add(out, "refuse_value_and_sparse", {},
        {tensor_attr("value", f), sparse_attr(tensor_of(DType::kFloat, {1}, {5}), i64s({1}), {2})}, {"attribute"},
        label + ": exactly one value attribute");
  } else {
    add(out, "refuse_attr_sparse_value", {}, {sparse_attr(tensor_of(DType::kFloat, {1}, {5}), i64s({0}), {1})},
        {"attribute"}, label + ": no attribute sparse_value (arrives in Constant-11)");
  }
  if (v >= 12) {
    onnx::AttributeProto strs;
    strs.set_name("value_strings");
    strs.set_type(onnx::AttributeProto::STRINGS);
    strs.add_strings("p");
    strs.add_strings("");
    add(out, "value_float", {}, {make_attr("value_float", -0.0f)}, {"output:float32", "scalar"});
    add(out, "value_floats", {}, {make_attr("value_floats", std::vector<float>{1.25f, -3})}, {"output:float32"});
    add(out, "value_int", {}, {make_attr("value_int", INT64_MIN)}, {"output:int64", "scalar"});
    add(out, "value_ints", {}, {make_attr("value_ints", Ints{3, -4})}, {"output:int64"});
    add(out, "value_string", {}, {make_attr("value_string", std::string("x y"))}, {"output:string", "scalar"});
    add(out, "value_strings", {}, {strs}, {"output:string"});
    add(out, "refuse_two_value_forms", {}, {make_attr("value_int", int64_t{1}), make_attr("value_float", 1.0f)},
        {"attribute"}, label + ": exactly one value attribute");
  }
  add(out, "refuse_no_value", {}, {}, {"attribute"}, label + ": a value attribute is required");
  ensure_smoke_refusal(out);
}

void constant_of_shape_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const auto allowed = output_types(row, "T2");
  for (DType t : allowed) {
    const std::string n(dtype_short_name(t));
    Rng rng(seed_of(label + "/" + n));
    add(out, "value_" + n + "_2x3", {i64s({2, 3})}, {{tensor_attr("value", any_tensor(rng, t, {1}))}}, {output_tag(t)}, "", true);
    add(out, "value_" + n + "_scalar", {i64s({})}, {{tensor_attr("value", any_tensor(rng, t, {1}))}}, {output_tag(t), "scalar"});
    add(out, "value_" + n + "_empty", {i64s({0, 4})}, {{tensor_attr("value", any_tensor(rng, t, {1}))}}, {output_tag(t), "empty"});
    if (t == DType::kFloat || t == DType::kInt32) {
      const Tensor sv = special_values(t);
      for (int64_t k = 0; k < sv.size(); ++k) {
        Tensor one(t, {1});
        visit_dtype(t, [&]<class T>() { one.data<T>()[0] = sv.data<T>()[static_cast<size_t>(k)]; });
        add(out, "special_" + n + "_" + std::to_string(k), {i64s({2})}, {tensor_attr("value", one)},
            {output_tag(t), "special-values"});
      }
    }
  }
  add(out, "default_value", {i64s({4, 3, 2})}, {}, {"output:float32"}, "", true);
  add(out, "value_scalar_shape", {i64s({3})}, {tensor_attr("value", tensor_of(DType::kInt64, {}, {7}))}, {"output:int64"});
  add(out, "rank6", {i64s({1, 2, 1, 2, 1, 2})}, {}, {"output:float32", "high-rank"});
  add(out, "refuse_negative_dim", {i64s({2, -1})}, {}, {"shape"}, label + ": dimensions must be non-negative", true);
  add(out, "refuse_value_two_elements", {i64s({2})}, {tensor_attr("value", tensor_of(DType::kFloat, {2}, {1, 2}))},
      {"attribute"}, label + ": value must hold exactly one element");
  add(out, "refuse_shape_2d", {Tensor::from_values<int64_t>({1, 2}, {2, 2})}, {}, {"shape"}, label + ": the shape input must be 1-D");
  for (DType t : all_dtypes()) {
    if (std::find(allowed.begin(), allowed.end(), t) != allowed.end()) continue;
    Rng rng(seed_of(label + "/refuse_value_type_" + std::string(dtype_short_name(t))));
    add(out, "refuse_value_type_" + std::string(dtype_short_name(t)), {i64s({2})},
        {tensor_attr("value", any_tensor(rng, t, {1}))}, {"type"},
        label + ": " + std::string(dtype_name(t)) + " is outside type constraint T2");
  }
  ensure_smoke_refusal(out);
}

}  // namespace touchstone::cases
