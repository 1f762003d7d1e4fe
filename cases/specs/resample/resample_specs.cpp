// Case specs of Resize and Upsample: every mode (nearest, linear, cubic) under every
// coordinate_transformation_mode the version has, up- and downscaling by scales and by
// sizes, an output length of 1 (where half_pixel and pytorch_half_pixel part), every
// nearest_mode on exact ties, cubic_coeff_a -0.5 with exclude_outside, tf_crop_and_resize
// with roi and extrapolation_value, axes, antialias and keep_aspect_ratio_policy (18),
// half_pixel_symmetric (19), 3-D trilinear, an empty batch, special values, every type for
// nearest, integers interpolated; refusals named after the rule broken (the schema-level
// ones are generated: cases/refusals.h). Upsample-10 is deprecated: refused whatever it holds.
#include <optional>
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/resample/resample_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;
using Floats = std::vector<float>;

using exact::any_tensor;

onnx::AttributeProto text(const char* name, const std::string& v) { return make_attr(name, v); }

// What the resize inputs of one draft are (before the version lays them out).
struct Request {
  std::optional<Floats> scales;
  std::optional<Ints> sizes;
  std::optional<Floats> roi;
};

Request S(Floats scales) { Request r; r.scales = std::move(scales); return r; }
Request Z(Ints sizes) { Request r; r.sizes = std::move(sizes); return r; }
Request SR(Floats scales, Floats roi) { Request r = S(std::move(scales)); r.roi = std::move(roi); return r; }
Request ZR(Ints sizes, Floats roi) { Request r = Z(std::move(sizes)); r.roi = std::move(roi); return r; }
Request SZ(Floats scales, Ints sizes) { Request r = S(std::move(scales)); r.sizes = std::move(sizes); return r; }

struct ResizeDrafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;
  int v() const { return row.since_version; }

  // X, then the version's layout: 10 (X, scales); 11 (X, roi, scales, [sizes]) with empty
  // tensors standing for the unused ones; 13+ (X, [roi], [scales], [sizes]) with omitted inputs.
  void add_draft(const std::string& name, Tensor x, const Request& r, Attrs attrs, const char* tag, std::string rule = "") {
    std::vector<Tensor> in = {std::move(x)};
    std::vector<size_t> omitted;
    const Tensor no_floats(DType::kFloat, {0});
    auto floats = [](const Floats& f) { return Tensor::from_values<float>({static_cast<int64_t>(f.size())}, f); };
    if (v() == 10) {
      in.push_back(floats(*r.scales));
    } else if (v() == 11) {
      in.push_back(r.roi ? floats(*r.roi) : no_floats);
      in.push_back(r.scales ? floats(*r.scales) : no_floats);
      if (r.sizes) in.push_back(Tensor::from_values<int64_t>({static_cast<int64_t>(r.sizes->size())}, *r.sizes));
    } else {
      if (r.roi) in.push_back(floats(*r.roi));
      else if (r.scales || r.sizes) omitted.push_back(1);
      if (r.scales) in.push_back(floats(*r.scales));
      else if (r.sizes) omitted.push_back(2);
      if (r.sizes) in.push_back(Tensor::from_values<int64_t>({static_cast<int64_t>(r.sizes->size())}, *r.sizes));
    }
    binary::add(out, name, std::move(in), std::move(attrs), {rule.empty() ? tag : "attribute"},
                rule.empty() ? "" : row.label() + ": " + rule, smoke && rule.empty());
    out.back().omitted_inputs = omitted;
    if (rule.empty()) smoke = false;
  }
  Tensor random(const std::string& name, const Shape& shape) {
    Rng rng(seed_of(case_id(row, {t}, name)));
    return any_tensor(rng, t, shape);
  }
  void one(const std::string& name, const Shape& shape, const Request& r, Attrs attrs = {}, const char* tag = "random") {
    add_draft(name, random(name, shape), r, std::move(attrs), tag);
  }
};

const char* mode_name(int m) { return m == 0 ? "nearest" : m == 1 ? "linear" : "cubic"; }

std::vector<std::string> coordinate_modes(int v) {
  std::vector<std::string> m = {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric"};
  if (v == 11) m.push_back("tf_half_pixel_for_nn");
  if (v >= 19) m.push_back("half_pixel_symmetric");
  return m;
}

// Every mode under every coordinate mode: up by scales, down by sizes, to one element.
void coordinate_cases(ResizeDrafter& d) {
  for (const std::string& cm : coordinate_modes(d.v()))
    for (int m = 0; m < 3; ++m) {
      if (cm == "tf_half_pixel_for_nn" && m != 0) continue;
      const Attrs a = {text("mode", mode_name(m)), text("coordinate_transformation_mode", cm)};
      const std::string base = std::string(mode_name(m)) + "_" + cm;
      d.one(base + "_up_scales_2x1.5", {1, 2, 3, 4}, S({1, 1, 2, 1.5f}), a);
      d.one(base + "_down_sizes_4x6_to_3x4", {1, 1, 4, 6}, Z({1, 1, 3, 4}), a);
      d.one(base + "_sizes_to_1x3", {1, 1, 3, 4}, Z({1, 1, 1, 3}), a, "length-one");
      d.one(base + "_scales_0.5", {1, 1, 4, 6}, S({1, 1, 0.5f, 0.5f}), a);
    }
}

void nearest_mode_cases(ResizeDrafter& d) {
  for (const char* nm : {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"}) {
    // asymmetric at scale 2: coordinates 0, 0.5, 1, 1.5 - exact ties the mode decides.
    d.one(std::string("nearest_") + nm + "_asymmetric_ties", {1, 1, 2, 3}, S({1, 1, 2, 2}),
          {text("coordinate_transformation_mode", "asymmetric"), text("nearest_mode", nm)}, "ties");
    d.one(std::string("nearest_") + nm + "_half_pixel_sizes", {1, 1, 3, 4}, Z({1, 1, 7, 5}),
          {text("nearest_mode", nm)});
  }
}

void cubic_and_crop_cases(ResizeDrafter& d) {
  d.one("cubic_a_-0.5_exclude_outside", {1, 1, 4, 4}, S({1, 1, 2, 2}),
        {text("mode", "cubic"), make_attr("cubic_coeff_a", -0.5f), make_attr("exclude_outside", int64_t{1})});
  d.one("cubic_a_-0.5_exclude_outside_down", {1, 1, 6, 6}, Z({1, 1, 4, 3}),
        {text("mode", "cubic"), make_attr("cubic_coeff_a", -0.5f), make_attr("exclude_outside", int64_t{1})});
  const Floats roi = {0, 0, 0.25f, 0.5f, 1, 1, 1.25f, 0.875f};  // the H end past the input: extrapolated
  for (int m = 0; m < 3; ++m) {
    const Attrs a = {text("mode", mode_name(m)), text("coordinate_transformation_mode", "tf_crop_and_resize"),
                     make_attr("extrapolation_value", 10.0f)};
    d.one(std::string("crop_") + mode_name(m) + "_sizes", {1, 1, 5, 6}, ZR({1, 1, 4, 3}, roi), a);
    d.one(std::string("crop_") + mode_name(m) + "_to_1", {1, 1, 5, 6}, ZR({1, 1, 1, 3}, roi), a, "length-one");
  }
  // With scales the text puts the roi into the length: floor(5 x 1 x 2) = 10 vs 10; floor(6 x 0.375 x 2) = 4 vs 12.
  d.one("crop_linear_scales", {1, 1, 5, 6}, SR({1, 1, 2, 2}, roi),
        {text("mode", "linear"), text("coordinate_transformation_mode", "tf_crop_and_resize")}, "crop-length");
}

void version_cases(ResizeDrafter& d) {
  if (d.v() == 11) {
    d.one("nearest_tf_half_pixel_for_nn_down", {1, 1, 4, 4}, Z({1, 1, 3, 2}),
          {text("coordinate_transformation_mode", "tf_half_pixel_for_nn")});
  }
  if (d.v() >= 18) {
    d.one("axes_2_3_scales", {1, 2, 3, 4}, S({2, 0.5f}), {text("mode", "linear"), make_attr("axes", Ints{2, 3})});
    d.one("axes_-1_sizes", {2, 3, 4}, Z({7}), {text("mode", "cubic"), make_attr("axes", Ints{-1})});
    for (const char* p : {"not_larger", "not_smaller"})
      d.one(std::string("keep_aspect_") + p, {1, 1, 4, 6}, Z({6, 6}),
            {text("mode", "linear"), text("keep_aspect_ratio_policy", p), make_attr("axes", Ints{2, 3})});
    d.one("keep_aspect_not_larger_halves_up", {1, 1, 3, 5}, Z({1, 1, 2, 9}),
          {text("keep_aspect_ratio_policy", "not_larger")}, "keep-aspect");  // its scale is not out/in: marked
    for (int m = 1; m < 3; ++m) {
      const std::string mn = mode_name(m);
      d.one("antialias_" + mn + "_down_exclude", {1, 1, 8, 9}, Z({1, 1, 3, 4}),
            {text("mode", mn), make_attr("antialias", int64_t{1}), make_attr("exclude_outside", int64_t{1})});
      d.one("antialias_" + mn + "_down_edges", {1, 1, 8, 9}, S({1, 1, 0.5f, 0.25f}),
            {text("mode", mn), make_attr("antialias", int64_t{1})}, "antialias-edge");
      d.one("antialias_" + mn + "_up", {1, 1, 3, 3}, S({1, 1, 2, 2}), {text("mode", mn), make_attr("antialias", int64_t{1})});
    }
  }
  if (d.v() >= 19)
    for (int m = 0; m < 3; ++m)
      d.one(std::string("half_pixel_symmetric_") + mode_name(m) + "_fractional", {1, 1, 4, 5}, S({1, 1, 0.6f, 1.7f}),
            {text("mode", mode_name(m)), text("coordinate_transformation_mode", "half_pixel_symmetric")});
}

// The float types' common cases (version 10: scales only, asymmetric).
void float_cases(ResizeDrafter& d, bool full) {
  const std::string lin = "linear";
  if (d.v() == 10) {
    d.one("nearest_up_2x3", {1, 2, 3, 4}, S({1, 1, 2, 3}));
    d.one("linear_up_2x1.5", {1, 2, 3, 4}, S({1, 1, 2, 1.5f}), {text("mode", lin)});
    d.one("linear_down_0.5", {1, 1, 4, 6}, S({1, 1, 0.5f, 0.5f}), {text("mode", lin)});
    d.one("nearest_down_0.6", {1, 1, 4, 5}, S({1, 1, 0.6f, 0.6f}), {}, "nearest-open");
    d.one("linear_3d", {1, 2, 3, 3, 2}, S({1, 1, 2, 1.5f, 2}), {text("mode", lin)});
    d.one("empty_batch", {0, 1, 2, 2}, S({1, 1, 2, 2}), {text("mode", lin)}, "empty");
    return;
  }
  if (full) {
    coordinate_cases(d);
    nearest_mode_cases(d);
    cubic_and_crop_cases(d);
    version_cases(d);
  } else {
    d.one("linear_up_sizes", {1, 2, 3, 4}, Z({1, 2, 5, 7}), {text("mode", lin)});
    d.one("cubic_down_sizes", {1, 1, 6, 6}, Z({1, 1, 4, 3}), {text("mode", "cubic")});
    d.one("nearest_up_sizes", {1, 1, 3, 4}, Z({1, 1, 7, 5}));
  }
  d.one("linear_3d_trilinear", {1, 2, 3, 3, 2}, Z({1, 2, 5, 4, 3}), {text("mode", lin)});
  d.one("cubic_8x8_to_13x5", {2, 3, 8, 8}, Z({2, 3, 13, 5}), {text("mode", "cubic")});
  d.one("empty_batch", {0, 1, 2, 2}, Z({0, 1, 4, 4}), {text("mode", lin)}, "empty");
}

void special_cases(ResizeDrafter& d) {
  const Tensor s = special_values(d.t);
  const Tensor x = specials_as(d.t, {1, 1, s.size()});
  const int64_t n = s.size();
  for (int m = 0; m < 2; ++m) {
    const Request r = d.v() == 10 ? S({1, 1, 2}) : Z({1, 1, 2 * n});
    d.add_draft(std::string("special_values_") + mode_name(m), x, r, {text("mode", mode_name(m))}, "special-values");
  }
}

void refusal_cases(ResizeDrafter& d) {
  auto refuse = [&](const std::string& name, const Request& r, Attrs a, const std::string& rule) {
    d.add_draft(name, d.random(name, {1, 1, 2, 3}), r, std::move(a), "attribute", rule);
  };
  refuse("refuse_scale_zero", S({1, 1, 0, 2}), {}, "scales are above 0");
  refuse("refuse_scales_length", S({2, 2}), {}, "scales has one value per axis of X");
  refuse("refuse_mode_unknown", S({1, 1, 2, 2}), {text("mode", "area")}, "mode is one of the version's modes");
  if (d.v() == 10) return;
  refuse("refuse_sizes_negative", Z({1, 1, -2, 3}), {}, "sizes are not negative");
  refuse("refuse_nearest_mode_unknown", S({1, 1, 2, 2}), {text("nearest_mode", "round")},
         "nearest_mode is round_prefer_floor, round_prefer_ceil, floor or ceil");
  refuse("refuse_coordinate_mode_unknown", S({1, 1, 2, 2}),
         {text("coordinate_transformation_mode", "half_pixel_centers")}, "coordinate_transformation_mode is one of the version's modes");
  refuse("refuse_crop_without_roi", S({1, 1, 2, 2}), {text("coordinate_transformation_mode", "tf_crop_and_resize")},
         "tf_crop_and_resize needs a roi of 2 x the rank");
  if (d.v() >= 13) {
    refuse("refuse_scales_and_sizes", SZ({1, 1, 2, 2}, {1, 1, 4, 6}), {},
           "exactly one of scales and sizes is given");
    refuse("refuse_tf_half_pixel_for_nn", S({1, 1, 2, 2}),
           {text("coordinate_transformation_mode", "tf_half_pixel_for_nn")}, "tf_half_pixel_for_nn is Resize-11's only");
  }
  if (d.v() >= 18) {
    refuse("refuse_axes_range", S({2}), {make_attr("axes", Ints{4})}, "axes are within [-r, r-1]");
    refuse("refuse_keep_aspect_unknown", Z({1, 1, 4, 4}), {text("keep_aspect_ratio_policy", "fit")},
           "keep_aspect_ratio_policy is stretch, not_larger or not_smaller");
  }
}

}  // namespace

void resize_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    ResizeDrafter d{row, t, out, true};  // each type's first valid draft is smoke
    if (is_float_dtype(t)) {
      // 13+: the first draft carries every input (roi unused), the refusals' base.
      if (d.v() >= 13)
        d.one("nearest_roi_unused", {1, 1, 2, 3}, SR({1, 1, 2, 2}, {0, 0, 0, 0, 1, 1, 1, 1}));
      float_cases(d, t == DType::kFloat);
      special_cases(d);
    } else {
      // 10: an integer upscale (its nearest rounding is unsaid: an off-grid pick is marked open).
      const Request up = d.v() == 10 ? S({1, 1, 2, 2}) : Z({1, 1, 4, 5});
      d.one("nearest_up", {1, 2, 2, 3}, up);
      if (t == DType::kInt8 || t == DType::kUInt8 || t == DType::kInt32)
        d.one("linear_up_integer", {1, 1, 2, 3}, up, {text("mode", "linear")}, "integer-rounding");
      if (t == DType::kBool || t == DType::kString)
        d.add_draft("refuse_linear_non_numeric", d.random("refuse_linear_non_numeric", {1, 1, 2, 3}), up,
                    {text("mode", "linear")}, "attribute", "linear and cubic interpolate numbers");
    }
  }
  if (row.since_version >= 11) {
    // Every X type with every roi type (roi unused outside tf_crop_and_resize).
    const auto params = input_type_params(row);
    for (DType t : allowed)
      for (DType r : params[1].allowed) {
        ResizeDrafter d{row, t, out, false};
        Tensor x = d.random("nearest_roi_" + std::string(dtype_name(r)), {1, 1, 2, 2});
        std::vector<Tensor> in = {x, tensor_of(r, {8}, {0, 0, 0, 0, 1, 1, 1, 1}),
                                  Tensor::from_values<float>({4}, {1, 1, 2, 2})};
        binary::add(out, "nearest_roi_" + std::string(dtype_name(r)), std::move(in), {}, {"roi-type"}, "", true);
      }
  }
  ResizeDrafter first{row, DType::kFloat, out, false};
  refusal_cases(first);
}

void upsample_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const int v = row.since_version;
  const auto allowed = input_type_params(row).front().allowed;
  const std::string lin = v == 1 ? "bilinear" : "linear";
  for (DType t : allowed) {
    std::vector<CaseDraft> drafts;
    auto draft = [&](const std::string& name, const Shape& shape, const Floats& scales, const std::string& mode,
                     const char* tag, const std::string& rule = "") {
      Rng rng(seed_of(case_id(row, {t}, name)));
      std::vector<Tensor> in = {any_tensor(rng, t, shape)};
      Attrs a = {text("mode", mode)};
      if (v == 1) {
        a.push_back(make_attr("height_scale", scales[2]));
        a.push_back(make_attr("width_scale", scales[3]));
      } else if (v == 7) {
        a.push_back(make_attr("scales", scales));
      } else {
        in.push_back(Tensor::from_values<float>({static_cast<int64_t>(scales.size())}, scales));
      }
      const bool deprecated = v == 10;
      binary::add(out, name, std::move(in), std::move(a), {deprecated ? "deprecated" : rule.empty() ? tag : "attribute"},
                  deprecated ? row.label() + " is deprecated (a model may not use it; Resize-10 replaces it)"
                             : rule.empty() ? "" : row.label() + ": " + rule,
                  name == "nearest_2x2" || (t == allowed.front() && out.size() < 2));
    };
    if (v == 10) {
      draft("refuse_deprecated", {1, 1, 2, 2}, {1, 1, 2, 2}, "nearest", "deprecated");
      continue;
    }
    draft("nearest_2x2", {1, 2, 2, 3}, {1, 1, 2, 2}, "nearest", "random");
    draft("nearest_3x1.5", {1, 1, 2, 4}, {1, 1, 3, 1.5f}, "nearest", "nearest-open");
    if (is_float_dtype(t)) {
      const Tensor sv = special_values(t);
      Attrs sa = {text("mode", "nearest")};
      std::vector<Tensor> sin = {specials_as(t, {1, 1, 1, sv.size()})};
      const Floats two = {1, 1, 1, 2};
      if (v == 1) sa.push_back(make_attr("height_scale", 1.0f)), sa.push_back(make_attr("width_scale", 2.0f));
      else if (v == 7) sa.push_back(make_attr("scales", two));
      else sin.push_back(Tensor::from_values<float>({4}, two));
      binary::add(out, "special_values_nearest", std::move(sin), std::move(sa), {"special-values"}, "", false);
      draft("linear_2x3", {1, 2, 3, 4}, {1, 1, 2, 3}, lin, "random");
      draft("linear_1.5x2.5", {2, 1, 3, 3}, {1, 1, 1.5f, 2.5f}, lin, "random");
      if (v > 1) draft("linear_3d", {1, 1, 2, 3, 2}, {1, 1, 2, 2, 3}, lin, "random");
      draft("empty_batch", {0, 1, 2, 2}, {1, 1, 2, 2}, lin, "empty");
    } else if (t == DType::kInt32 || t == DType::kUInt8) {
      draft("linear_integer", {1, 1, 2, 3}, {1, 1, 2, 2}, lin, "integer-rounding");
    }
    if (t == allowed.front() || t == DType::kFloat) {
      draft("refuse_scale_below_1", {1, 1, 2, 2}, {1, 1, 0.5f, 2}, "nearest", "attribute", "scales are at least 1");
      draft("refuse_mode_unknown", {1, 1, 2, 2}, {1, 1, 2, 2}, "cubic", "attribute", "mode is nearest or (bi)linear");
    }
  }
}

}  // namespace touchstone::cases
