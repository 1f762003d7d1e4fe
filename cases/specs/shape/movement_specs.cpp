// Case specs of Transpose, DepthToSpace, SpaceToDepth, Concat, Split, Expand, Tile
// (reference/ops/shape/transpose.cpp, concat_split.cpp, expand_tile.cpp).
#include "cases/specs/shape/shape_cases.h"
#include "cases/specs/shape/shape_specs.h"

namespace touchstone::cases {

using namespace shape_specs;

void transpose_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::vector<std::pair<Shape, Ints>> perms = {
      {{2, 3}, {}},           {{2, 3, 4}, {}},        {{2, 3, 4}, {0, 2, 1}}, {{2, 3, 4}, {1, 0, 2}},
      {{2, 3, 4}, {1, 2, 0}}, {{2, 3, 4}, {2, 0, 1}}, {{2, 3, 4}, {2, 1, 0}}, {{2, 3, 4}, {0, 1, 2}},
      {{}, {}},               {{0, 3}, {1, 0}},       {{2, 1, 3, 1, 2, 2}, {5, 3, 1, 0, 2, 4}}};
  for (DType t : types) {
    bool smoke = true;
    for (const auto& [s, p] : perms) {
      if (t != main && !smoke) break;
      const std::string name = shape_name(s) + "_perm_" + (p.empty() ? "default" : dims_name(p));
      add(out, name, {data_of(row, t, name, s)}, p.empty() ? Attrs{} : Attrs{make_attr("perm", p)}, {shape_tags(s)}, "", smoke);
      smoke = false;
    }
  }
  add(out, "special_values", {specials(main, {3, 4})}, {}, {"special-values"});
  const std::vector<std::tuple<const char*, Ints, const char*>> bad = {
      {"refuse_perm_short", {0}, "perm must be a permutation of all axes"},
      {"refuse_perm_repeat", {0, 0}, "perm repeats an axis"},
      {"refuse_perm_negative", {-1, 0}, "perm values must lie in [0, r-1]"},
      {"refuse_perm_out_of_range", {2, 0}, "perm values must lie in [0, r-1]"}};
  for (const auto& [name, p, rule] : bad)
    add(out, name, {data_of(row, main, name, {2, 3})}, {make_attr("perm", p)}, {"attribute"}, row.label() + ": " + rule);
  ensure_smoke_refusal(out);
}

void depth_space_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool d2s = row.op == "DepthToSpace";
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const auto b = [](int64_t k) { return make_attr("blocksize", k); };
  const std::vector<std::pair<Shape, int64_t>> shapes =
      d2s ? std::vector<std::pair<Shape, int64_t>>{{{1, 8, 2, 3}, 2}, {{2, 9, 1, 2}, 3}, {{1, 4, 0, 2}, 2}, {{1, 3, 2, 2}, 1}}
          : std::vector<std::pair<Shape, int64_t>>{{{1, 2, 4, 6}, 2}, {{2, 1, 3, 6}, 3}, {{1, 4, 0, 2}, 2}, {{1, 3, 2, 2}, 1}};
  const bool has_mode = d2s && row.since_version >= 11;
  for (DType t : types) {
    bool smoke = true;
    for (const auto& [s, k] : shapes) {
      if (t != main && !smoke) break;
      const std::string name = shape_name(s) + "_b" + std::to_string(k);
      add(out, name, {data_of(row, t, name, s)}, {b(k)}, {shape_tags(s)}, "", smoke);
      if (has_mode)
        for (const char* m : {"DCR", "CRD"})
          add(out, name + "_" + m, {data_of(row, t, name, s)}, {b(k), make_attr("mode", std::string(m))}, {"mode"});
      smoke = false;
    }
  }
  const std::string l = row.label() + ": ";
  add(out, "special_values", {specials(main, d2s ? Shape{1, 8, 1, 2} : Shape{1, 2, 2, 4})}, {b(2)}, {"special-values"});
  add(out, "refuse_rank3", {data_of(row, main, "refuse_rank3", {8, 2, 3})}, {b(2)}, {"shape"}, l + "the input must be 4-D");
  add(out, "refuse_blocksize_0", {data_of(row, main, "refuse_blocksize_0", {1, 8, 2, 2})}, {b(0)}, {"attribute"},
      l + "blocksize must be at least 1");
  add(out, "refuse_not_divisible", {data_of(row, main, "refuse_not_divisible", {1, 8, 3, 3})}, {b(d2s ? 3 : 2)}, {"shape"},
      l + (d2s ? "C must be divisible by blocksize²" : "H and W must be divisible by blocksize"));
  if (has_mode)
    add(out, "refuse_mode", {data_of(row, main, "refuse_mode", {1, 8, 2, 2})}, {b(2), make_attr("mode", std::string("RDC"))},
        {"attribute"}, l + "mode must be DCR or CRD");
  ensure_smoke_refusal(out);
}

void concat_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  struct P {
    const char* name;
    std::vector<Shape> in;
    int64_t axis;
  };
  const std::vector<P> patterns = {
      {"1d_two", {{2}, {3}}, 0},          {"2d_axis0", {{2, 3}, {1, 3}}, 0},   {"2d_axis1", {{2, 3}, {2, 1}}, 1},
      {"3d_axis1_three", {{2, 1, 2}, {2, 3, 2}, {2, 2, 2}}, 1},             {"3d_axis2", {{2, 2, 1}, {2, 2, 3}}, 2},
      {"one_input", {{2, 3}}, 0},         {"empty_input", {{2, 0}, {2, 3}, {2, 0}}, 1},
      {"all_empty", {{0, 2}, {0, 2}}, 0}, {"rank6_axis3", {{1, 2, 1, 1, 2, 1}, {1, 2, 1, 2, 2, 1}}, 3},
  };
  auto axis_attrs = [&](int64_t a) { return Attrs{make_attr("axis", a)}; };
  for (DType t : types) {
    bool smoke = true;
    for (const auto& p : patterns) {
      if (t != main && !smoke) break;
      std::vector<Tensor> in;
      for (size_t k = 0; k < p.in.size(); ++k) in.push_back(data_of(row, t, std::string(p.name) + std::to_string(k), p.in[k]));
      add(out, p.name, in, axis_attrs(p.axis), {shape_tags(p.in[0])}, "", smoke);
      if (v >= 11 && t == main)
        add(out, std::string(p.name) + "_negative_axis", in, axis_attrs(p.axis - static_cast<int64_t>(p.in[0].size())),
            {"negative-axis"});
      smoke = false;
    }
  }
  auto two = [&](const std::string& name, const Shape& a, const Shape& b) {
    return std::vector<Tensor>{data_of(row, main, name + "a", a), data_of(row, main, name + "b", b)};
  };
  const std::string l = row.label() + ": ";
  add(out, "special_values", {specials(main, {3, 4}), specials(main, {2, 4})}, axis_attrs(0), {"special-values"});
  if (v == 1) add(out, "default_axis_1", two("default_axis_1", {2, 2}, {2, 1}), {}, {"attribute"});
  add(out, "refuse_shape_mismatch", two("refuse_shape_mismatch", {2, 2}, {2, 1}), axis_attrs(0), {"shape"},
      l + "inputs must have the same shape except along the axis");
  add(out, "refuse_rank_mismatch", two("refuse_rank_mismatch", {2, 2}, {2}), axis_attrs(0), {"shape"},
      l + "inputs must have the same rank");
  add(out, "refuse_scalars", two("refuse_scalars", {}, {}), axis_attrs(0), {"shape"}, l + "scalars cannot be concatenated");
  if (v >= 11)
    add(out, "refuse_axis_m3", two("refuse_axis_m3", {2, 2}, {2, 2}), axis_attrs(-3), {"axis"}, l + "axis outside [-r, r-1]");
  else
    add(out, "refuse_negative_axis", two("refuse_negative_axis", {2, 2}, {2, 2}), axis_attrs(-1), {"axis"},
        l + "negative axes are allowed only from opset 11");
  add(out, "refuse_axis_2", two("refuse_axis_2", {2, 2}, {2, 2}), axis_attrs(2), {"axis"}, l + "axis outside the rank");
  ensure_smoke_refusal(out);
}

void split_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::string l = row.label() + ": ";
  // A case with `sizes` given the way the version takes them (attribute or input).
  auto sized = [&](DType t, const std::string& name, const Shape& s, int64_t axis, const Ints& sizes, size_t outputs,
                   const std::string& rule = "", bool smoke = false) {
    std::vector<Tensor> in = {data_of(row, t, name, s)};
    Attrs attrs = {make_attr("axis", axis)};
    if (v == 2 || v == 11) attrs.push_back(make_attr("split", sizes));
    else if (v == 1) in.push_back(tensor_of(t, {static_cast<int64_t>(sizes.size())}, std::vector<double>(sizes.begin(), sizes.end())));
    else in.push_back(i64s(sizes));
    add(out, name, std::move(in), attrs, {rule.empty() ? shape_tags(s) : "split"}, rule.empty() ? "" : l + rule, smoke);
    out.back().outputs = outputs;
  };
  auto equal = [&](DType t, const std::string& name, const Shape& s, int64_t axis, size_t outputs, const std::string& rule = "",
                   bool smoke = false) {
    Attrs attrs = {make_attr("axis", axis)};
    if (v >= 18) attrs.push_back(make_attr("num_outputs", static_cast<int64_t>(outputs)));
    add(out, name, {data_of(row, t, name, s)}, attrs, {rule.empty() ? shape_tags(s) : "split"}, rule.empty() ? "" : l + rule,
        smoke);
    out.back().outputs = outputs;
  };
  for (DType t : types) {
    equal(t, "equal_3_parts", {6}, 0, 3, "", true);
    if (v >= 13) sized(t, "sizes_input", {6}, 0, {2, 4}, 2, "", true);  // every T with the typed split input
    if (t != main) continue;
    equal(t, "equal_2d_axis1", {2, 6}, 1, 2);
    equal(t, "one_part", {2, 3}, 0, 1);
    sized(t, "sizes_2_4", {6}, 0, {2, 4}, 2);
    sized(t, "special_values", {12}, 0, {5, 7}, 2);
    out.back().inputs[0] = specials(t, {12});
    out.back().tags = {"special-values"};
    sized(t, "sizes_2d_axis1", {2, 4}, 1, {1, 3}, 2);
    sized(t, "sizes_with_zero", {2, 4}, 1, {0, 4, 0}, 3);
    sized(t, "sizes_empty_axis", {0, 2}, 0, {0, 0}, 2);
    sized(t, "rank6_axis4", {1, 2, 1, 1, 5, 1}, 4, {2, 3}, 2);
    sized(t, "refuse_sum", {6}, 0, {2, 3}, 2, "split sizes must sum to the dimension");
    sized(t, "refuse_count", {6}, 0, {2, 4}, 3, "one split size per output");
    sized(t, "refuse_negative_size", {6}, 0, {-1, 7}, 2, "split sizes must be non-negative");
    if (v >= 11) {
      equal(t, "negative_axis", {2, 6}, -1, 3);
      equal(t, "refuse_axis_m3", {2, 6}, -3, 2, "axis outside [-r, r-1]");
    } else {
      equal(t, "refuse_negative_axis", {2, 6}, -1, 3, "negative axes are allowed only from opset 11");
    }
    equal(t, "refuse_scalar", {}, 0, 1, "a scalar cannot be split");
    if (v < 18) {
      equal(t, "refuse_unequal", {7}, 0, 3, "without sizes the dimension must divide into equal parts");
    } else {
      equal(t, "uneven_7_into_4", {7}, 0, 4);
      equal(t, "uneven_4_into_3", {4}, 0, 3);
      equal(t, "uneven_2d_axis1", {2, 5}, 1, 2);
      equal(t, "refuse_5_into_4", {5}, 0, 4, "the last part of ceil(d/n) parts cannot be negative");
      add(out, "refuse_neither", {data_of(row, t, "refuse_neither", {6})}, {}, {"split"},
          l + "either input split or attribute num_outputs must be given");
      out.back().outputs = 2;
      add(out, "refuse_both", {data_of(row, t, "refuse_both", {6}), i64s({3, 3})}, {make_attr("num_outputs", int64_t{2})},
          {"split"}, l + "input split and attribute num_outputs cannot both be given");
      out.back().outputs = 2;
      add(out, "refuse_num_outputs_mismatch", {data_of(row, t, "refuse_num_outputs_mismatch", {6})},
          {make_attr("num_outputs", int64_t{3})}, {"split"}, l + "num_outputs must equal the number of outputs");
      out.back().outputs = 2;
    }
  }
  if (v == 1) {
    add(out, "split_attribute", {data_of(row, main, "split_attribute", {6})}, {make_attr("split", Ints{2, 4})}, {"split"});
    out.back().outputs = 2;
    add(out, "refuse_split_attribute_and_input", {data_of(row, main, "refuse_split_attribute_and_input", {6}),
                                                  tensor_of(main, {2}, {2, 4})},
        {make_attr("split", Ints{2, 4})}, {"split"}, l + "split given both as attribute and input");
    out.back().outputs = 2;
    add(out, "refuse_split_not_whole", {data_of(row, main, "refuse_split_not_whole", {6}), tensor_of(main, {2}, {2.5, 3.5})},
        {}, {"split"}, l + "split sizes must be whole numbers");
    out.back().outputs = 2;
  }
  if (v >= 13) mark_refusal_base(out, size_t{2});  // the split input too
  ensure_smoke_refusal(out);
}

void expand_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::vector<std::tuple<const char*, Shape, Ints>> patterns = {
      {"dim_changed", {3, 1}, {2, 1, 6}}, {"dim_unchanged", {3, 1}, {3, 4}}, {"shape_lower_rank", {2, 3}, {3}},
      {"shape_ones", {2, 3}, {1, 1, 1}},  {"shape_empty", {2, 3}, {}},       {"scalar_to_2x2", {}, {2, 2}},
      {"to_zero", {2, 1}, {0}},            {"from_zero", {0, 1}, {1, 4}},     {"rank6", {1, 2, 1}, {2, 1, 3, 1, 2, 1}},
  };
  for (DType t : types) {
    bool smoke = true;
    for (const auto& [name, s, shape] : patterns) {
      if (t != main && !smoke) break;
      add(out, name, {data_of(row, t, name, s), i64s(shape)}, {}, {shape_tags(s), "broadcast"}, "", smoke);
      smoke = false;
    }
  }
  const std::string l = row.label() + ": ";
  add(out, "special_values", {specials(main, {12, 1}), i64s({2, 12, 2})}, {}, {"special-values"});
  add(out, "refuse_incompatible", {data_of(row, main, "refuse_incompatible", {3, 1}), i64s({2, 2})}, {}, {"broadcast"},
      l + "numpy broadcasting: aligned sizes must be equal or 1");
  add(out, "refuse_negative_dim", {data_of(row, main, "refuse_negative_dim", {3, 1}), i64s({-1})}, {}, {"shape"},
      l + "shape dimensions must be non-negative");
  add(out, "refuse_shape_2d", {data_of(row, main, "refuse_shape_2d", {3}), Tensor::from_values<int64_t>({1, 1}, {3})}, {},
      {"shape"}, l + "shape must be 1-D");
  ensure_smoke_refusal(out);
}

void tile_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto types = first_param_types(row);
  const DType main = main_type(types);
  const std::string l = row.label() + ": ";
  if (v == 1) {
    auto tile1 = [&](DType t, const std::string& name, const Shape& s, double tiles, double axis, const std::string& rule = "",
                     bool smoke = false) {
      add(out, name, {data_of(row, t, name, s), tensor_of(t, {}, {tiles}), tensor_of(t, {}, {axis})}, {},
          {rule.empty() ? shape_tags(s) : "tile"}, rule.empty() ? "" : l + rule, smoke);
    };
    for (DType t : types) {
      tile1(t, "tiles2_axis1", {2, 2}, 2, 1, "", true);
      tile1(t, "tiles3_axis0", {2, 3}, 3, 0);
      if (t == main) {
        tile1(t, "special_values", {12}, 2, 0);
        out.back().inputs[0] = specials(t, {12});
        out.back().tags = {"special-values"};
      }
      tile1(t, "tiles0", {2, 3}, 0, 1);
      tile1(t, "tiles1_3d_axis2", {2, 1, 2}, 1, 2);
      if (t != main) continue;
      tile1(t, "refuse_tiles_fraction", {2, 2}, 1.5, 0, "tiles must be a whole number");
      tile1(t, "refuse_negative_axis", {2, 2}, 2, -1, "negative axes are allowed only from opset 11");
      tile1(t, "refuse_axis_2", {2, 2}, 2, 2, "axis outside [0, r-1]");
      tile1(t, "refuse_negative_tiles", {2, 2}, -2, 0, "tiles must be non-negative");
      tile1(t, "refuse_scalar", {}, 2, 0, "a scalar has no axis to tile");
    }
    ensure_smoke_refusal(out);
    return;
  }
  const std::vector<std::tuple<const char*, Shape, Ints>> patterns = {
      {"repeats_2_2", {2, 2}, {2, 2}}, {"repeats_1_3", {2, 3}, {1, 3}},   {"repeats_3", {4}, {3}},
      {"scalar", {}, {}},              {"repeats_zero", {2, 3}, {0, 1}}, {"empty_input", {0, 2}, {3, 2}},
      {"rank6", {1, 2, 1, 2, 1, 1}, {2, 1, 2, 1, 3, 1}},
  };
  for (DType t : types) {
    bool smoke = true;
    for (const auto& [name, s, r] : patterns) {
      if (t != main && !smoke) break;
      add(out, name, {data_of(row, t, name, s), i64s(r)}, {}, {shape_tags(s)}, "", smoke);
      smoke = false;
    }
  }
  add(out, "special_values", {specials(main, {3, 4}), i64s({2, 1})}, {}, {"special-values"});
  add(out, "refuse_repeats_length", {data_of(row, main, "refuse_repeats_length", {2, 3}), i64s({2})}, {}, {"shape"},
      l + "repeats needs one entry per input dimension");
  add(out, "refuse_negative_repeat", {data_of(row, main, "refuse_negative_repeat", {2, 3}), i64s({2, -1})}, {}, {"shape"},
      l + "repeats must be non-negative");
  ensure_smoke_refusal(out);
}

}  // namespace touchstone::cases
