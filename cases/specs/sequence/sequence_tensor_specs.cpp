// Case specs of ConcatFromSequence and SplitToSequence (reference/ops/sequence/
// sequence_tensor.cpp), every element type each version allows. ConcatFromSequence: axes 0,
// 1 and negative, new_axis=1 stacking at the front, middle and end (axis r and -r-1, the
// range new_axis widens), scalars stacked, one tensor, an empty part; refusals: axis out of
// range (both ranges), shapes that differ off the axis, an empty sequence. SplitToSequence:
// no split (parts of 1) with keepdims 1 and 0, a scalar split dividing and not (the last
// part smaller), a list split (a 0 in it: impl.-defined), negative axis, both split types;
// refusals: a split sum off the dimension, a negative size, a scalar 0, a 2-D split, a
// scalar input, axis out of range.
#include "cases/specs/sequence/sequence_drafts.h"

namespace touchstone::cases {

namespace {

using namespace seqdraft;

Attrs concat_attrs(int64_t axis, int64_t new_axis = -1) {
  Attrs a = {make_attr("axis", axis)};
  if (new_axis >= 0) a.push_back(make_attr("new_axis", new_axis));
  return a;
}

void concat_refusals(Drafter& d) {
  const Value s = d.seq(DType::kFloat, "refuse", {{2, 3}, {2, 3}});
  d.add("refuse_axis_2", {s}, {"attribute"}, concat_attrs(2), "axis 2 is outside [-r, r - 1] = [-2, 1]");
  d.add("refuse_axis_-3", {s}, {"attribute"}, concat_attrs(-3), "axis -3 is outside [-r, r - 1] = [-2, 1]");
  d.add("refuse_new_axis_axis_3", {s}, {"attribute"}, concat_attrs(3, 1),
        "with new_axis=1, axis 3 is outside [-r - 1, r] = [-3, 2]");
  d.add("refuse_new_axis_axis_-4", {s}, {"attribute"}, concat_attrs(-4, 1),
        "with new_axis=1, axis -4 is outside [-r - 1, r] = [-3, 2]");
  d.add("refuse_shapes_differ", {d.seq(DType::kFloat, "differ", {{2, 3}, {3, 3}})}, {"shape"}, concat_attrs(1),
        "all tensors must have the same shape except along the axis");
  d.add("refuse_stack_shapes_differ", {d.seq(DType::kFloat, "stack_differ", {{2, 3}, {3, 3}})}, {"shape"},
        concat_attrs(0, 1), "stacking (new_axis=1) needs one shape");
  d.add("refuse_scalars", {d.seq(DType::kFloat, "scalars", {{}, {}})}, {"shape"}, concat_attrs(0),
        "scalars cannot be concatenated without new_axis");
  CaseDraft& empty = d.add("refuse_empty", {Value::sequence(DType::kFloat, {})}, {"empty"}, concat_attrs(0),
                           "an empty sequence gives no output shape (ONNX does not say what it concatenates to)");
  empty.tags.push_back("undefined-if-run");
}

}  // namespace

void concat_from_sequence_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "S", ValueType::kSequence)) {
    const std::string tag = output_tag(ValueType::tensor(t));
    d.add("axis_0", {d.seq(t, "axis_0", {{2, 3}, {1, 3}, {0, 3}})}, {tag}, concat_attrs(0), "", true);
    d.add("stack_axis_1", {d.seq(t, "stack", {{2, 3}, {2, 3}})}, {tag}, concat_attrs(1, 1));
    if (t != DType::kFloat && t != DType::kString) continue;
    const Value s = d.seq(t, "axis_1", {{2, 1}, {2, 3}, {2, 2}});
    d.add("axis_1", {s}, {tag}, concat_attrs(1));
    d.add("axis_-1", {s}, {tag}, concat_attrs(-1));
    d.add("new_axis_0_explicit", {s}, {tag}, concat_attrs(1, 0));
    const Value same = d.seq(t, "stack", {{2, 3}, {2, 3}, {2, 3}});
    for (int64_t a : {0, 2, -1, -3}) d.add("stack_axis_" + std::to_string(a), {same}, {tag}, concat_attrs(a, 1));
    d.add("stack_scalars", {d.seq(t, "scalars", {{}, {}, {}})}, {tag}, concat_attrs(0, 1));
    d.add("stack_scalars_-1", {d.seq(t, "scalars", {{}, {}, {}})}, {tag}, concat_attrs(-1, 1));
    d.add("one_tensor", {d.seq(t, "one", {{2, 2}})}, {tag}, concat_attrs(0));
  }
  d.add("special_values", {Value::sequence(DType::kFloat, {special_values(DType::kFloat), special_values(DType::kFloat)})},
        {output_tag(ValueType::tensor(DType::kFloat)), "special-values"}, concat_attrs(0));
  concat_refusals(d);
}

namespace {

void split_refusals(Drafter& d) {
  const Tensor x = d.tensors(DType::kFloat, "refuse", {{4, 3}}).front();
  d.add("refuse_split_sum", {x, tensor_of(DType::kInt64, {2}, {1, 2})}, {"split"}, {},
        "split's entries must sum to the size of the split axis (4)");
  d.add("refuse_split_negative", {x, tensor_of(DType::kInt64, {3}, {5, -2, 1})}, {"split"}, {},
        "split's entries must be >= 0");
  d.add("refuse_split_scalar_0", {x, index_scalar(DType::kInt64, 0)}, {"split"}, {}, "a scalar split must be positive");
  d.add("refuse_split_2d", {x, tensor_of(DType::kInt64, {1, 2}, {2, 2})}, {"split"}, {},
        "split is a scalar or a 1-D tensor");
  d.add("refuse_axis_2", {x}, {"attribute"}, {make_attr("axis", int64_t{2})}, "axis 2 is outside [-r, r-1] = [-2, 1]");
  d.add("refuse_scalar_input", {tensor_of(DType::kFloat, {}, {1})}, {"shape"}, {}, "a scalar input has no axis");
}

}  // namespace

void split_to_sequence_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  Drafter d{row, out};
  for (DType t : elems_of(row, "T", ValueType::kTensor)) {
    const std::string tag = output_tag({ValueType::kSequence, t});
    const Tensor x = d.tensors(t, "x", {{5, 3}}).front();
    for (DType i : {DType::kInt64, DType::kInt32})
      d.add("split_list", {x, tensor_of(i, {3}, {2, 1, 2})}, {tag}, {}, "", true);
    d.add("no_split", {x}, {tag});
    if (t != DType::kFloat && t != DType::kString) continue;
    d.add("no_split_keepdims_0", {x}, {tag}, {make_attr("keepdims", int64_t{0})});
    d.add("no_split_axis_1_keepdims_0", {x}, {tag}, {make_attr("axis", int64_t{1}), make_attr("keepdims", int64_t{0})});
    d.add("split_scalar_2", {x, index_scalar(DType::kInt64, 2)}, {tag});  // 2, 2, 1
    d.add("split_scalar_5", {x, index_scalar(DType::kInt32, 5)}, {tag});  // one part
    d.add("split_scalar_7", {x, index_scalar(DType::kInt64, 7)}, {tag});  // larger than the axis
    d.add("split_scalar_axis_-1", {x, index_scalar(DType::kInt64, 2)}, {tag}, {make_attr("axis", int64_t{-1})});
    d.add("split_list_keepdims_0_ignored", {x, tensor_of(DType::kInt64, {2}, {1, 4})}, {tag},
          {make_attr("keepdims", int64_t{0})});
    d.add("split_list_with_0", {x, tensor_of(DType::kInt64, {3}, {2, 0, 3})}, {tag});
    d.add("split_list_one", {x, tensor_of(DType::kInt64, {1}, {5})}, {tag});
    d.add("empty_axis", {d.tensors(t, "empty", {{0, 3}}).front()}, {tag, "empty"});
  }
  d.add("special_values", {special_values(DType::kFloat), index_scalar(DType::kInt64, 4)},
        {output_tag({ValueType::kSequence, DType::kFloat}), "special-values"});
  split_refusals(d);
}

}  // namespace touchstone::cases
