// Case specs of Reshape, Flatten, Squeeze, Unsqueeze (reference/ops/shape/reshape.cpp):
// the spec's examples and every rule of each version, one refusal per rule, every type.
#include "cases/specs/shape/shape_cases.h"
#include "cases/specs/shape/shape_specs.h"

namespace touchstone::cases {

using namespace shape_specs;

namespace {

struct ReshapeCase {
  const char* name;
  Shape in;
  Ints shape;
  bool allowzero = false;
  const char* refusal = nullptr;
};

const std::vector<ReshapeCase>& reshape_patterns() {
  static const std::vector<ReshapeCase> p = {
      {"reordered_all_dims", {2, 3, 4}, {4, 2, 3}},
      {"reduced_dims", {2, 3, 4}, {2, 12}},
      {"extended_dims", {2, 3, 4}, {2, 3, 2, 2}},
      {"one_dim", {2, 3, 4}, {24}},
      {"negative_dim", {2, 3, 4}, {2, -1, 2}},
      {"negative_extended_dims", {2, 3, 4}, {-1, 2, 3, 4}},
      {"zero_dim", {2, 3, 4}, {2, 0, 4, 1}},
      {"zero_and_negative_dim", {2, 3, 4}, {2, 0, 1, -1}},
      {"to_scalar", {1}, {}},
      {"from_scalar", {}, {1, 1, 1}},
      {"empty_infer", {0, 3}, {-1, 3}},
      {"empty_copy", {0, 3}, {0, 1, 3}},
      {"rank6", {2, 1, 3, 1, 2, 2}, {3, 8}},
      {"allowzero_reordered", {0, 3, 4}, {3, 4, 0}, true},
      {"allowzero_beyond_rank", {0}, {2, 0, 5, 0}, true},
      {"refuse_count_mismatch", {2, 3, 4}, {5, 5}, false, "the element counts must agree"},
      {"refuse_below_minus_one", {2, 3, 4}, {2, -2, 6}, false, "a dimension below -1"},
      {"refuse_two_minus_one", {2, 3, 4}, {-1, -1, 2}, false, "at most one dimension may be -1"},
      {"refuse_zero_beyond_rank", {2, 3, 4}, {2, 3, 4, 0}, false, "0 copies a dimension beyond the input's rank"},
      {"refuse_ambiguous_minus_one", {0, 3}, {0, -1}, false, "-1 cannot be inferred when the other dimensions hold no elements"},
      {"refuse_indivisible", {2, 3, 4}, {5, -1}, false, "the element count does not divide by the other dimensions"},
      {"refuse_allowzero_zero_and_minus_one", {0, 3, 4}, {0, -1}, true, "with allowzero=1 the shape may not hold both 0 and -1"},
  };
  return p;
}

}  // namespace

void reshape_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  for (DType t : types) {
    bool smoke = true;
    for (const auto& p : reshape_patterns()) {
      if (p.allowzero && v < 14) continue;
      if (v == 1 && p.shape.empty()) continue;  // an empty ints attribute is no attribute (ONNX's checker)
      if (t != main && (p.refusal || std::string(p.name).rfind("reordered", 0) != 0)) {
        if (std::string(p.name) != "to_scalar" && std::string(p.name) != "empty_infer") continue;
      }
      Attrs attrs;
      if (p.allowzero) attrs.push_back(make_attr("allowzero", int64_t{1}));
      std::vector<Tensor> in = {data_of(row, t, p.name, p.in)};
      if (v == 1) attrs.push_back(make_attr("shape", p.shape));
      else in.push_back(i64s(p.shape));
      const std::string rule = p.refusal ? row.label() + ": " + p.refusal : "";
      add(out, p.name, std::move(in), attrs, {p.refusal ? "shape" : shape_tags(p.in), "reshape"}, rule, smoke && !p.refusal);
      if (!p.refusal) smoke = false;
    }
  }
  {
    std::vector<Tensor> in = {specials(main, {4, 3})};
    Attrs attrs;
    if (v == 1) attrs.push_back(make_attr("shape", Ints{2, 6}));
    else in.push_back(i64s({2, 6}));
    add(out, "special_values", std::move(in), attrs, {"special-values"});
  }
  if (v >= 5) {
    add(out, "refuse_shape_2d", {data_of(row, main, "refuse_shape_2d", {2, 3}), Tensor::from_values<int64_t>({1, 2}, {3, 2})}, {},
        {"shape"}, row.label() + ": shape must be a 1-D tensor");
  }
  ensure_smoke_refusal(out);
}

void flatten_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const Shape x = {2, 3, 4, 5};
  for (DType t : types) {
    add(out, "default_axis", {data_of(row, t, "default_axis", x)}, {}, {"random"}, "", true);
    if (t != main) continue;
    for (int64_t axis = 0; axis <= 4; ++axis)
      add(out, "axis" + std::to_string(axis), {data_of(row, t, "axis" + std::to_string(axis), x)}, {make_attr("axis", axis)},
          {"random"});
    add(out, "special_values", {specials(t, {3, 4})}, {}, {"special-values"});
    add(out, "scalar_axis0", {data_of(row, t, "scalar_axis0", {})}, {make_attr("axis", int64_t{0})}, {"scalar"});
    add(out, "empty_axis1", {data_of(row, t, "empty_axis1", {0, 3, 2})}, {}, {"empty"});
    if (v >= 11) {
      for (int64_t axis = -4; axis < 0; ++axis)
        add(out, "negative_axis" + std::to_string(-axis), {data_of(row, t, "negative_axis" + std::to_string(-axis), x)},
            {make_attr("axis", axis)}, {"negative-axis"});
      add(out, "refuse_axis_m5", {data_of(row, t, "refuse_axis_m5", x)}, {make_attr("axis", int64_t{-5})}, {"axis"},
          row.label() + ": axis -5 is outside [-r, r]");
    } else {
      add(out, "refuse_negative_axis", {data_of(row, t, "refuse_negative_axis", x)}, {make_attr("axis", int64_t{-1})},
          {"axis"}, row.label() + ": negative axes are allowed only from opset 11");
    }
    add(out, "refuse_axis_5", {data_of(row, t, "refuse_axis_5", x)}, {make_attr("axis", int64_t{5})}, {"axis"},
        row.label() + ": axis 5 is outside the allowed range (at most r)");
    add(out, "refuse_scalar_default_axis", {data_of(row, t, "refuse_scalar_default_axis", {})}, {}, {"axis"},
        row.label() + ": the default axis 1 exceeds the rank 0 of a scalar");
  }
  ensure_smoke_refusal(out);
}

void squeeze_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const Shape x = {1, 3, 1, 5};
  // axes: nullptr-like empty with `given` false is "absent".
  auto squeeze = [&](DType t, const std::string& name, const Shape& s, bool given, const Ints& axes, std::string rule,
                     bool smoke = false) {
    std::vector<Tensor> in = {data_of(row, t, name, s)};
    Attrs attrs;
    if (given) {
      if (v >= 13) in.push_back(i64s(axes));
      else attrs.push_back(make_attr("axes", axes));
    }
    add(out, name, std::move(in), attrs, {rule.empty() ? shape_tags(s) : "axis"}, rule.empty() ? "" : row.label() + ": " + rule,
        smoke);
  };
  for (DType t : types) {
    squeeze(t, "all_ones", x, false, {}, "", true);
    squeeze(t, "axes_0_2", x, true, {0, 2}, "", true);
    if (t != main) continue;
    squeeze(t, "axis_0", x, true, {0}, "");
    add(out, "special_values", {specials(t, {1, 12, 1})}, {}, {"special-values"});
    squeeze(t, "axes_2_0", x, true, {2, 0}, "");
    squeeze(t, "to_scalar", {1, 1}, false, {}, "");
    squeeze(t, "no_ones", {2, 3}, false, {}, "");
    squeeze(t, "empty_tensor", {0, 1, 2}, true, {1}, "");
    squeeze(t, "rank6", {1, 2, 1, 3, 1, 1}, true, {0, 4, 5}, "");
    if (v >= 11) {
      squeeze(t, "negative_axis", x, true, {-2}, "");
      squeeze(t, "refuse_duplicate_axes", x, true, {0, -4}, "axes name axis 0 twice (duplicate axes)");
      squeeze(t, "refuse_axis_out_of_range", x, true, {4}, "axes[0] 4 is outside [-r, r-1]");
    } else {
      squeeze(t, "refuse_negative_axis", x, true, {-2}, "negative axes are allowed only from opset 11");
      squeeze(t, "refuse_duplicate_axes", x, true, {0, 0}, "axes name axis 0 twice (duplicate axes)");
      squeeze(t, "refuse_axis_out_of_range", x, true, {4}, "axes[0] 4 is outside [0, r-1]");
    }
    squeeze(t, "refuse_not_one", x, true, {1}, "only dimensions of size 1 can be squeezed");
  }
  ensure_smoke_refusal(out);
}

void unsqueeze_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const Shape x = {3, 4, 5};
  auto unsqueeze = [&](DType t, const std::string& name, const Shape& s, const Ints& axes, std::string rule, bool smoke = false) {
    std::vector<Tensor> in = {data_of(row, t, name, s)};
    Attrs attrs;
    if (v >= 13) in.push_back(i64s(axes));
    else attrs.push_back(make_attr("axes", axes));
    add(out, name, std::move(in), attrs, {rule.empty() ? shape_tags(s) : "axis"}, rule.empty() ? "" : row.label() + ": " + rule,
        smoke);
  };
  for (DType t : types) {
    unsqueeze(t, "axes_0_4", x, {0, 4}, "", true);
    if (t != main) continue;
    unsqueeze(t, "axis_1", x, {1}, "");
    unsqueeze(t, "special_values", {12}, {0}, "");
    out.back().inputs[0] = specials(t, {12});
    out.back().tags = {"special-values"};
    unsqueeze(t, "axes_unsorted", x, {4, 0, 2}, "");
    unsqueeze(t, "axis_3_last", x, {3}, "");
    unsqueeze(t, "scalar", {}, {0}, "");
    unsqueeze(t, "scalar_two", {}, {1, 0}, "");
    unsqueeze(t, "empty_tensor", {0, 2}, {1}, "");
    if (v >= 13) unsqueeze(t, "no_axes", x, {}, "");  // an empty ints attribute is no attribute
    if (v >= 11) {
      unsqueeze(t, "negative_axis", x, {-1}, "");
      unsqueeze(t, "negative_axes_mixed", x, {1, -2}, "");
      unsqueeze(t, "refuse_duplicate_axes", x, {1, -4}, "axes name axis 1 twice (duplicate axes)");
      unsqueeze(t, "refuse_axis_out_of_range", x, {-6}, "axes -6 is outside [-r, r-1] of the output rank");
    } else {
      unsqueeze(t, "refuse_negative_axis", x, {-1}, "negative axes are allowed only from opset 11");
      unsqueeze(t, "refuse_duplicate_axes", x, {1, 1}, "axes name axis 1 twice (duplicate axes)");
      unsqueeze(t, "refuse_axis_out_of_range", x, {5}, "axes 5 is outside [0, r-1] of the output rank");
    }
  }
  ensure_smoke_refusal(out);
}

}  // namespace touchstone::cases
