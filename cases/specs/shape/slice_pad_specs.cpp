// Case specs of Slice, Pad, CenterCropPad (reference/ops/shape/slice.cpp, pad.cpp).
#include <algorithm>
#include <climits>

#include "cases/specs/shape/shape_cases.h"
#include "cases/specs/shape/shape_specs.h"

namespace touchstone::cases {

using namespace shape_specs;

namespace {

struct SliceCase {
  const char* name;
  Shape in;
  Ints starts, ends;
  std::optional<Ints> axes, steps;
  int since = 1;  // first version the case is valid in (10: steps, 11: negative axes)
  const char* refusal = nullptr;
};

const std::vector<SliceCase>& slice_patterns() {
  static const std::vector<SliceCase> p = {
      {"example_1", {2, 4}, {1, 0}, {2, 3}, Ints{0, 1}, std::nullopt},
      {"example_1_steps", {2, 4}, {1, 0}, {2, 3}, Ints{0, 1}, Ints{1, 2}, 10},
      {"example_2", {2, 4}, {0, 1}, {-1, 1000}, std::nullopt, std::nullopt},
      {"default_axes", {20, 10, 5}, {0, 0}, {3, 10}, std::nullopt, std::nullopt},
      {"end_out_of_bounds", {20, 10, 5}, {1}, {1000}, Ints{1}, std::nullopt},
      {"start_out_of_bounds", {20, 10, 5}, {1000}, {1000}, Ints{1}, std::nullopt},
      {"neg_start_end", {20, 10, 5}, {-7}, {-2}, Ints{1}, std::nullopt},
      {"int64_max_end", {20, 10, 5}, {3}, {INT64_MAX}, Ints{2}, std::nullopt},
      {"int64_min_start", {20, 10, 5}, {INT64_MIN}, {2}, Ints{0}, std::nullopt},
      {"empty_result", {4, 3}, {3}, {1}, Ints{0}, std::nullopt},
      {"empty_input", {0, 3}, {0}, {2}, Ints{1}, std::nullopt},
      {"rank6", {2, 1, 3, 1, 4, 2}, {1, 1}, {3, 4}, Ints{2, 4}, std::nullopt},
      {"neg_step", {20, 10, 5}, {20, 10, 4}, {0, 0, 1}, Ints{0, 1, 2}, Ints{-1, -3, -2}, 10},
      {"neg_step_sentinels", {4, 3}, {INT64_MAX}, {INT64_MIN}, Ints{0}, Ints{-1}, 10},
      {"neg_step_2_from_end", {7}, {-1}, {INT64_MIN}, Ints{0}, Ints{-2}, 10},
      {"step_int64_max", {7}, {INT64_MIN}, {INT64_MAX}, Ints{0}, Ints{INT64_MAX}, 10},
      {"step_int64_min", {7}, {INT64_MAX}, {INT64_MIN}, Ints{0}, Ints{INT64_MIN}, 10},
      {"neg_step_empty_axis", {0, 2}, {-1}, {INT64_MIN}, Ints{0}, Ints{-1}, 10},
      {"neg_step_start_before_end", {7}, {1}, {5}, Ints{0}, Ints{-1}, 10},
      {"step_larger_than_dim", {7}, {0}, {7}, Ints{0}, Ints{10}, 10},
      {"negative_axes", {20, 10, 5}, {0, 0, 3}, {20, 10, 4}, Ints{0, -2, -1}, std::nullopt, 11},
      {"refuse_step_zero", {4, 3}, {0}, {2}, Ints{0}, Ints{0}, 10, "a step cannot be 0"},
      {"refuse_repeated_axis", {4, 3}, {0, 1}, {2, 2}, Ints{1, 1}, std::nullopt, 1, "an axis may not repeat"},
      {"refuse_axes_length", {4, 3}, {0}, {2}, Ints{0, 1}, std::nullopt, 1, "axes must have the length of starts"},
      {"refuse_ends_length", {4, 3}, {0, 0}, {2}, std::nullopt, std::nullopt, 1, "starts and ends must have the same length"},
      {"refuse_steps_length", {4, 3}, {0}, {2}, Ints{0}, Ints{1, 1}, 10, "steps must have the length of starts"},
      {"refuse_axis_out_of_range", {4, 3}, {0}, {2}, Ints{2}, std::nullopt, 1, "axis outside the rank"},
      {"refuse_too_many_starts", {4}, {0, 0}, {1, 1}, std::nullopt, std::nullopt, 1, "without axes, starts cannot exceed the rank"},
  };
  return p;
}

}  // namespace

void slice_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::string l = row.label() + ": ";
  auto emit = [&](DType t, const SliceCase& p, const std::string& name, const char* rule, bool smoke, DType ind) {
    std::vector<Tensor> in = {data_of(row, t, name, p.in)};
    Attrs attrs;
    const auto idx = [&](const Ints& x) { return ind == DType::kInt32 ? i32s(x) : i64s(x); };
    if (v == 1) {
      attrs = {make_attr("starts", p.starts), make_attr("ends", p.ends)};
      if (p.axes) attrs.push_back(make_attr("axes", *p.axes));
    } else {
      in.push_back(idx(p.starts));
      in.push_back(idx(p.ends));
      if (p.axes || p.steps) in.push_back(idx(p.axes ? *p.axes : Ints{}));
      if (p.steps) in.push_back(idx(*p.steps));
    }
    if (v > 1 && !p.axes && p.steps) return;  // every pattern with steps names its axes
    add(out, name, std::move(in), attrs, {rule ? "slice" : shape_tags(p.in)}, rule ? l + rule : "", smoke);
  };
  for (DType t : types) {
    bool smoke = true;
    for (const auto& p : slice_patterns()) {
      if (p.since > v) continue;
      if (t != main && (p.refusal || !smoke)) continue;
      emit(t, p, p.name, p.refusal, smoke && !p.refusal, DType::kInt64);
      if (t != main && v >= 10) emit(t, p, std::string(p.name) + "_int32", nullptr, true, DType::kInt32);
      if (!p.refusal) smoke = false;
      // Slice-10+ with int32 indices (INT64 sentinels do not fit).
      if (v >= 10 && t == main && !p.refusal && p.starts[0] > INT32_MIN && p.starts[0] < INT32_MAX &&
          p.ends[0] > INT32_MIN && p.ends[0] < INT32_MAX && (!p.steps || ((*p.steps)[0] > INT32_MIN && (*p.steps)[0] < INT32_MAX)))
        emit(t, p, std::string(p.name) + "_int32", nullptr, std::string(p.name) == "example_1", DType::kInt32);
    }
  }
  {
    const SliceCase sp = v == 1 ? SliceCase{"special_values", {12}, {1}, {11}, std::nullopt, std::nullopt}
                                : SliceCase{"special_values", {12}, {-1}, {INT64_MIN}, Ints{0}, Ints{-1}, 10};
    emit(main, sp, sp.name, nullptr, false, DType::kInt64);
    out.back().inputs[0] = specials(main, {12});
    out.back().tags = {"special-values"};
  }
  if (v < 11) {
    SliceCase neg{"refuse_negative_axis", {4, 3}, {0}, {2}, Ints{-1}, std::nullopt};
    emit(main, neg, neg.name, "negative axes are allowed only from opset 11", false, DType::kInt64);
  }
  if (v >= 10) {
    std::vector<Tensor> in = {data_of(row, main, "refuse_mixed_index_types", {4}), i32s({0}), i64s({2})};
    add(out, "refuse_mixed_index_types", std::move(in), {}, {"type"}, l + "starts and ends share type Tind");
    add(out, "refuse_attr_starts", {data_of(row, main, "refuse_attr_starts", {4}), i64s({0}), i64s({2})},
        {make_attr("starts", Ints{0})}, {"attribute"}, l + "no attribute starts (inputs from opset 10)");
  }
  if (v >= 10) mark_refusal_base(out, size_t{3});  // data, starts, ends
  ensure_smoke_refusal(out);
}

void pad_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::string l = row.label() + ": ";
  std::vector<std::string> modes = {"constant", "reflect", "edge"};
  if (v >= 19) modes.push_back("wrap");
  struct P {
    const char* name;
    Shape in;
    Ints pads;
    std::optional<Ints> axes = std::nullopt;
    int since = 1;
  };
  const std::vector<P> patterns = {
      {"example_2d", {3, 2}, {0, 2, 0, 0}},
      {"both_sides", {3, 4}, {1, 2, 2, 1}},
      {"1d", {5}, {2, 3}},
      {"zero_pads", {2, 3}, {0, 0, 0, 0}},
      {"rank4", {1, 2, 3, 3}, {0, 0, 1, 2, 0, 0, 2, 1}},
      {"negative_crop", {3, 4}, {-1, 1, 0, -2}, std::nullopt, 2},
      {"negative_and_positive", {4, 5}, {1, -2, -1, 2}, std::nullopt, 2},
      {"rank6", {1, 2, 1, 2, 1, 2}, {0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1}},
      {"axes_last", {2, 3}, {1, 2}, Ints{-1}, 18},
      {"axes_both_reordered", {2, 3}, {1, 0, 2, 1}, Ints{1, 0}, 18},
      {"axes_empty", {2, 3}, {}, Ints{}, 18},
  };
  // A case in version v's form: pads as attribute (1: paddings, 2) or input, the value as
  // a float attribute (1, 2) or an input.
  auto pad = [&](DType t, const std::string& name, const Shape& s, const Ints& pads, const std::optional<Ints>& axes,
                 const std::string& mode, double value, bool with_value, const std::string& rule, bool smoke,
                 std::vector<std::string> tags) {
    std::vector<Tensor> in = {data_of(row, t, name, s)};
    Attrs attrs;
    if (mode != "constant" || name.find("explicit_mode") != std::string::npos) attrs.push_back(make_attr("mode", mode));
    if (v <= 2) {
      attrs.push_back(make_attr(v == 1 ? "paddings" : "pads", pads));
      if (with_value) attrs.push_back(make_attr("value", static_cast<float>(value)));
    } else {
      in.push_back(i64s(pads));
      if (with_value) in.push_back(tensor_of(t, {}, {value}));
      if (axes) in.push_back(i64s(*axes));
    }
    add(out, name, std::move(in), attrs, tags, rule.empty() ? "" : l + rule, smoke);
    if (v > 2 && axes && !with_value) out.back().omitted_inputs = {2};  // axes without constant_value
  };
  for (DType t : types) {
    const bool number = is_float_dtype(t) || is_integer_dtype(t);
    bool smoke = true;
    for (const auto& p : patterns) {
      if (p.since > v) continue;
      for (const auto& m : modes) {
        if (t != main && (!smoke || m != "constant")) continue;
        const std::string name = std::string(p.name) + "_" + m;
        const bool value = number && m == "constant";
        // A crop with a wrap pad on the other side of an axis: implementation-defined (pad.cpp).
        const bool crop_and_wrap = m == "wrap" && std::any_of(p.pads.begin(), p.pads.end(), [](int64_t x) { return x < 0; });
        pad(t, name, p.in, p.pads, p.axes, m, 3, value, "", smoke,
            {v == 1 ? "paddings-order" : m == "reflect" ? "mode:reflect" : crop_and_wrap ? "crop-and-wrap"
             // float8e8m0 has no 0: the default pad value is an open choice (pad.cpp)
             : t == DType::kFloat8E8M0 && m == "constant" && !value ? "e8m0-default-pad" : shape_tags(p.in),
             "mode:" + m});
        smoke = false;
      }
    }
    if (v >= 18)  // every T with both index types of axes (constant_value given: the zero of T)
      for (DType ind : {DType::kInt64, DType::kInt32}) {
        const std::string name = std::string("axes_") + (ind == DType::kInt32 ? "int32" : "int64");
        add(out, name, {data_of(row, t, name, {2, 3}), i64s({1, 2}), Tensor(t, {}), ind == DType::kInt32 ? i32s({-1}) : i64s({-1})},
            {}, {"axes"}, "", true);
      }
    if (t != main) continue;
    if (v >= 11) pad(t, "default_value", {2, 3}, {1, 1, 1, 1}, std::nullopt, "constant", 0, false, "", false, {"random"});
    pad(t, "explicit_mode_constant", {2, 3}, {1, 0, 0, 1}, std::nullopt, "constant", 0, false, "", false, {"random"});
    // Reflect and wrap wider than the axis; reflect on an axis of size 1 (implementation-defined for reflect).
    if (v >= 2) {
      pad(t, "reflect_wide", {3}, {5, 5}, std::nullopt, "reflect", 0, false, "", false, {"wide-pad"});
      pad(t, "reflect_size_1", {1, 2}, {2, 0, 1, 0}, std::nullopt, "reflect", 0, false, "", false, {"wide-pad"});
      pad(t, "edge_wide", {2}, {5, 4}, std::nullopt, "edge", 0, false, "", false, {"wide-pad"});
    }
    if (v >= 19) pad(t, "wrap_wide", {3}, {4, 5}, std::nullopt, "wrap", 0, false, "", false, {"wide-pad"});
    for (const auto& m : modes) {
      pad(t, "special_values_" + m, {12}, {2, 3}, std::nullopt, m, 0, false, "", false, {"special-values"});
      out.back().inputs[0] = specials(t, {12});
    }
    pad(t, "constant_empty_axis", {0, 2}, {1, 0, 1, 0}, std::nullopt, "constant", 0, false, "", false, {"empty"});
    pad(t, "refuse_pads_length", {2, 3}, {1, 1}, std::nullopt, "constant", 0, false, "pads needs 2 entries per padded axis",
        false, {"pads"});
    pad(t, "refuse_edge_empty_axis", {0, 2}, {1, 0, 0, 0}, std::nullopt, "edge", 0, false,
        "edge/reflect/wrap cannot copy from an axis with no elements", false, {"pads"});
    pad(t, "refuse_reflect_empty_axis", {0, 2}, {0, 0, 1, 0}, std::nullopt, "reflect", 0, false,
        "edge/reflect/wrap cannot copy from an axis with no elements", false, {"pads"});
    pad(t, "refuse_mode", {2, 3}, {1, 1, 1, 1}, std::nullopt, "symmetric", 0, false, "mode must be constant, reflect, edge" +
                                                                                       std::string(v >= 19 ? " or wrap" : ""),
        false, {"mode"});
    if (v < 19)
      pad(t, "refuse_mode_wrap", {2, 3}, {1, 1, 1, 1}, std::nullopt, "wrap", 0, false, "mode wrap arrives in Pad-19", false,
          {"mode"});
    if (v == 1) {
      pad(t, "refuse_negative_paddings", {3, 4}, {0, -1, 0, 0}, std::nullopt, "constant", 0, false,
          "paddings must be non-negative (removing arrives in Pad-2)", false, {"pads"});
    } else {
      pad(t, "refuse_crop_below_zero", {2, 3}, {0, -3, 0, -1}, std::nullopt, "constant", 0, false,
          "pads may not leave an axis with fewer than 0 elements", false, {"pads"});
    }
    if (v >= 18) {
      pad(t, "refuse_repeated_axis", {2, 3}, {1, 1, 1, 1}, Ints{1, -1}, "constant", 0, false,
          "an axis may not repeat (undefined in the text)", false, {"axes", "undefined-if-run"});
      pad(t, "refuse_axis_out_of_range", {2, 3}, {1, 1}, Ints{2}, "constant", 0, false, "axes outside [-r, r-1]", false,
          {"axes"});
    }
    if (v >= 11) {
      std::vector<Tensor> in = {data_of(row, t, "refuse_value_shape", {2, 3}), i64s({1, 1, 1, 1}), tensor_of(t, {2}, {1, 2})};
      if (is_float_dtype(t) || is_integer_dtype(t))
        add(out, "refuse_value_shape", std::move(in), {}, {"pads"}, l + "constant_value must be a scalar");
      add(out, "refuse_pads_2d", {data_of(row, t, "refuse_pads_2d", {2, 3}), Tensor::from_values<int64_t>({2, 2}, {1, 1, 1, 1})},
          {}, {"pads"}, l + "pads must be 1-D");
    }
  }
  if (v == 1) {
    // Readings agree (implementation-defined only where they differ, marked by the reference).
    pad(main, "paddings_same_both_readings", {2, 3}, {1, 2, 2, 1}, std::nullopt, "constant", 0, false, "", false,
        {"paddings-order"});
    pad(main, "paddings_readings_differ", {3, 2}, {0, 0, 2, 0}, std::nullopt, "constant", 0, false, "", false,
        {"paddings-order"});
  }
  if (v >= 18) mark_refusal_base(out, size_t{4});  // data, pads, constant_value, axes: every parameter
  else if (v >= 11) mark_refusal_base(out, size_t{2});  // data, pads
  ensure_smoke_refusal(out);
}

void center_crop_pad_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::string l = row.label() + ": ";
  const std::vector<std::tuple<const char*, Shape, Ints, std::optional<Ints>>> patterns = {
      {"crop_and_pad", {5, 4}, {2, 7}, std::nullopt},  {"crop_odd", {20, 10, 3}, {10, 7, 3}, std::nullopt},
      {"pad_odd", {3, 2}, {6, 5}, std::nullopt},        {"axes_last", {5, 4}, {3}, Ints{-1}},
      {"axes_chw", {3, 20, 8}, {10, 9}, Ints{1, 2}},    {"same_size", {2, 3}, {2, 3}, std::nullopt},
      {"to_zero", {2, 3}, {0, 3}, std::nullopt},        {"from_zero", {0, 3}, {2, 3}, std::nullopt},
  };
  for (DType t : types) {
    bool smoke = true;
    for (const auto& [name, s, target, axes] : patterns) {
      if (t != main && !smoke) break;
      Attrs attrs;
      if (axes) attrs.push_back(make_attr("axes", *axes));
      add(out, name, {data_of(row, t, name, s), i64s(target)}, attrs, {shape_tags(s)}, "", smoke);
      if (std::string(name) == "crop_and_pad")
        add(out, "crop_and_pad_int32", {data_of(row, t, name, s), i32s(target)}, attrs, {"random"}, "", true);
      smoke = false;
    }
  }
  add(out, "special_values", {specials(main, {12}), i64s({15})}, {}, {"special-values"});
  add(out, "refuse_shape_length", {data_of(row, main, "refuse_shape_length", {5, 4}), i64s({2})}, {}, {"shape"},
      l + "shape needs one entry per axis");
  add(out, "refuse_negative_size", {data_of(row, main, "refuse_negative_size", {5, 4}), i64s({2, -1})}, {}, {"shape"},
      l + "target sizes must be non-negative");
  add(out, "refuse_repeated_axis", {data_of(row, main, "refuse_repeated_axis", {5, 4}), i64s({2, 2})},
      {make_attr("axes", Ints{0, -2})}, {"axes", "undefined-if-run"}, l + "an axis may not repeat (undefined in the text)");
  ensure_smoke_refusal(out);
}

}  // namespace touchstone::cases
