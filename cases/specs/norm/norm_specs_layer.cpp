// Case specs of LayerNormalization, GroupNormalization, MeanVarianceNormalization and
// RMSNormalization, every type each version allows: axes (negative too), scale and bias
// broadcast, groups (one, per channel, between), epsilon, stash_type, a mean far from zero
// against a small spread (where stage one's precision shows), 4096-long rows, empty
// batches, a constant group with epsilon 0 (0/0), special values; refusals named after the
// rule broken (the schema-level ones are generated: cases/refusals.h).
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/norm/norm_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

onnx::AttributeProto int_attr(const char* name, int64_t v) { return make_attr(name, v); }
onnx::AttributeProto float_attr(const char* name, float v) { return make_attr(name, v); }

// x = 64 + k/16, k in [0, 32): a mean near 65 against a spread near 0.6, exact in every type.
Tensor shifted(const std::string& id, DType t, const Shape& shape) {
  Domain d;
  d.integral = true;
  d.int_lo = 0;
  d.int_hi = 31;
  const Tensor k = random_of(id, t, shape, d);
  std::vector<double> v;
  for (double e : values_of(k)) v.push_back(64 + e / 16);
  return tensor_of(t, shape, v);
}

// A constant first row (0/0 with epsilon 0), random others.
Tensor constant_first_row(const std::string& id, DType t, const Shape& shape) {
  std::vector<double> v = values_of(random_of(id, t, shape));
  const int64_t row = shape.back();
  for (int64_t i = 0; i < row; ++i) v[static_cast<size_t>(i)] = 3;
  return tensor_of(t, shape, v);
}

struct Drafter {
  const CatalogRow& row;
  std::vector<DType> types;  // the inputs' dtypes, in order
  std::vector<CaseDraft>& out;
  bool smoke = true;
  std::string id(const std::string& name) const { return case_id(row, types, name); }
  Tensor random(const std::string& name, size_t input, const Shape& shape) const {
    return random_of(id(name) + "/" + std::to_string(input), types[input], shape);
  }
  void one(const std::string& name, std::vector<Tensor> in, Attrs attrs, const char* tag = "random", size_t outputs = 1) {
    add(out, name, std::move(in), std::move(attrs), {tag}, "", smoke);
    out.back().outputs = outputs;
    smoke = false;
  }
  void refuse(const std::string& name, std::vector<Tensor> in, Attrs attrs, const std::string& rule) {
    add(out, name, std::move(in), std::move(attrs), {"attribute"}, row.label() + ": " + rule, false);
  }
};

// X, Scale, B over the rows from `axis` of a (3, 4, 5) tensor: each shape broadcast to X.
void layer_cases(Drafter& d, bool bias, size_t outputs) {
  struct Shapes {
    const char* name;
    Shape x, scale, b;
    Attrs attrs;
  };
  const std::vector<Shapes> sweep = {
      {"default_axis_3x4x5", {3, 4, 5}, {5}, {5}, {}},
      {"axis1_3x4x5", {3, 4, 5}, {4, 5}, {4, 5}, {int_attr("axis", 1)}},
      {"axis0_3x4x5", {3, 4, 5}, {3, 4, 5}, {3, 4, 5}, {int_attr("axis", 0)}},
      {"axis_neg2_3x4x5", {3, 4, 5}, {4, 5}, {1, 5}, {int_attr("axis", -2)}},
      {"scale_1x5_bias_4x1_axis_neg2", {3, 4, 5}, {1, 5}, {4, 1}, {int_attr("axis", -2)}},
      {"scale_varies_by_row_3x1x5", {3, 4, 5}, {3, 1, 5}, {5}, {}},
      {"epsilon_0.5_2x6", {2, 6}, {6}, {6}, {float_attr("epsilon", 0.5f)}},
      {"rank1_7", {7}, {7}, {7}, {}},
  };
  for (const auto& s : sweep) {
    std::vector<Tensor> in = {d.random(s.name, 0, s.x), d.random(s.name, 1, s.scale)};
    if (bias) in.push_back(d.random(s.name, 2, s.b));
    // RMSNormalization: a scale varying before `axis` is broadcastable to X (its text) but not
    // to the normalized shape (its input's doc): implementation-defined there.
    const bool open = !bias && s.scale.size() > s.x.size() - 1 && std::string(s.name).find("varies") != std::string::npos;
    d.one(s.name, std::move(in), s.attrs, open ? "scale-broadcast-text" : "random", outputs);
  }
  const DType t = d.types[0];
  auto with = [&](const std::string& name, Tensor x, Shape row, Attrs attrs, const char* tag) {
    std::vector<Tensor> in = {std::move(x), d.random(name, 1, row)};
    if (bias) in.push_back(d.random(name, 2, row));
    d.one(name, std::move(in), std::move(attrs), tag, outputs);
  };
  with("shifted_mean_4x64", shifted(d.id("shifted_mean_4x64"), t, {4, 64}), {64}, {}, "rounding");
  with("long_1x4096", d.random("long_1x4096", 0, {1, 4096}), {4096}, {}, "random");
  with("empty_rows_0x5", d.random("empty_rows_0x5", 0, {0, 5}), {5}, {}, "empty");
  with("constant_row_epsilon0_2x4", constant_first_row(d.id("constant_row_epsilon0_2x4"), t, {2, 4}), {4},
       {float_attr("epsilon", 0.0f)}, "zero-variance");
  const Tensor s = special_values(t);
  with("special_values", specials_as(t, {1, s.size()}), {s.size()}, {}, "special-values");
}

}  // namespace

void layer_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::vector<DType> allowed = input_type_params(row).front().allowed;  // a copy: the params are a temporary
  const size_t first = out.size();
  for (DType t : allowed) {
    Drafter d{row, {t, t, t}, out};
    layer_cases(d, true, 3);
    d.smoke = true;  // smoke covers (T, U = bfloat16) too
    d.one("stash_bfloat16_3x4x5", {d.random("stash_bf16", 0, {3, 4, 5}), d.random("stash_bf16", 1, {5}), d.random("stash_bf16", 2, {5})},
          {int_attr("stash_type", 16)}, "random", 3);
    Drafter y_only{row, {t, t}, out, false};
    y_only.one("no_bias_3x4x5", {y_only.random("no_bias", 0, {3, 4, 5}), y_only.random("no_bias", 1, {5})}, {});
  }
  // Mean and InvStdDev's type U, as stash_type names it (coverage counts every (T, U)).
  for (size_t i = first; i < out.size(); ++i) {
    bool bfloat16 = false;
    for (const auto& a : out[i].attributes) bfloat16 |= a.name() == "stash_type" && a.i() == 16;
    out[i].tags.push_back(bfloat16 ? "output:bfloat16" : "output:float32");
  }
  const DType t = allowed.front();
  Drafter d{row, {t, t, t}, out, false};
  auto in = [&](Shape scale) { return std::vector<Tensor>{d.random("refuse", 0, {3, 4, 5}), d.random("refuse", 1, scale), d.random("refuse", 2, scale)}; };
  d.refuse("refuse_axis_3_rank3", in({5}), {int_attr("axis", 3)}, "axis lies in [-r, r)");
  d.refuse("refuse_axis_neg4_rank3", in({5}), {int_attr("axis", -4)}, "axis lies in [-r, r)");
  d.refuse("refuse_scale_4_not_broadcast", in({4}), {}, "Scale and B are unidirectionally broadcastable to X");
  d.refuse("refuse_stash_type_11", in({5}), {int_attr("stash_type", 11)}, "stash_type is U (float or bfloat16)");
}

void rms_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  for (DType t : params[0].allowed)
    for (DType v : params[1].allowed) {
      Drafter d{row, {t, v}, out};
      if (t != v) {  // the types apart: one case each
        d.one("default_axis_3x4x5", {d.random("default", 0, {3, 4, 5}), d.random("default", 1, {5})}, {});
        continue;
      }
      layer_cases(d, false, 1);
      for (int64_t stash : {10, 11}) {
        const std::string name = "stash_" + std::to_string(stash) + "_3x4x5";
        d.one(name, {d.random(name, 0, {3, 4, 5}), d.random(name, 1, {5})}, {int_attr("stash_type", stash)});
      }
      // An all-zero row with epsilon 0: 0/0.
      d.one("zero_row_epsilon0_2x3", {tensor_of(t, {2, 3}, {0, 0, 0, 1, -2, 3}), d.random("zero_row", 1, {3})},
            {float_attr("epsilon", 0.0f)}, "zero-variance");
    }
  const DType t = params[0].allowed.front();
  Drafter d{row, {t, t}, out, false};
  auto in = [&](Shape scale) { return std::vector<Tensor>{d.random("refuse", 0, {3, 4, 5}), d.random("refuse", 1, scale)}; };
  d.refuse("refuse_axis_3_rank3", in({5}), {int_attr("axis", 3)}, "axis lies in [-r, r)");
  d.refuse("refuse_scale_4_not_broadcast", in({4}), {}, "scale is unidirectionally broadcastable to X");
  d.refuse("refuse_stash_type_7", in({5}), {int_attr("stash_type", 7)}, "stash_type names a floating-point type");
}

void group_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool per_channel = row.since_version >= 21;
  // 18's schema in ONNX 1.23's text is empty (deprecated); its T was 21's four float types.
  const std::vector<DType> allowed = per_channel ? input_type_params(row).front().allowed
                                                 : std::vector<DType>{DType::kBFloat16, DType::kFloat16, DType::kFloat, DType::kDouble};
  for (DType t : allowed) {
    Drafter d{row, {t, t, t}, out};
    // X (N, C, ...), num_groups; scale and bias (C) from 21, (num_groups) in 18.
    auto one = [&](const std::string& name, const Tensor& x, int64_t groups, Attrs attrs, const char* tag = "random") {
      const int64_t width = per_channel ? x.shape()[1] : groups;
      attrs.push_back(int_attr("num_groups", groups));
      std::vector<Tensor> in = {x, d.random(name, 1, {width}), d.random(name, 2, {width})};
      if (!per_channel) {  // deprecated: every model is refused
        add(out, "refuse_deprecated_" + name, std::move(in), std::move(attrs), {"deprecated"},
            row.label() + " is deprecated (a model may not use it; GroupNormalization-21 is its successor)", d.smoke);
        d.smoke = false;
        return;
      }
      d.one(name, std::move(in), std::move(attrs), tag);
    };
    one("n2_c4_g2_3x3", d.random("n2_c4_g2_3x3", 0, {2, 4, 3, 3}), 2, {});
    if (!per_channel) continue;
    one("g1_layer_2x4x3x3", d.random("g1", 0, {2, 4, 3, 3}), 1, {});
    one("g4_instance_2x4x3x3", d.random("g4", 0, {2, 4, 3, 3}), 4, {});
    one("rank2_3x6_g3", d.random("rank2", 0, {3, 6}), 3, {});
    one("rank3_2x6x5_g3_epsilon_0.5", d.random("rank3", 0, {2, 6, 5}), 3, {float_attr("epsilon", 0.5f)});
    one("shifted_mean_2x4x8_g2", shifted(d.id("shifted"), t, {2, 4, 8}), 2, {}, "rounding");
    one("empty_batch_0x4x3", d.random("empty", 0, {0, 4, 3}), 2, {}, "empty");
    one("constant_group_epsilon0_1x2x3", tensor_of(t, {1, 2, 3}, {5, 5, 5, 1, 2, 4}), 2, {float_attr("epsilon", 0.0f)},
        "zero-variance");
    for (int64_t stash : {10, 11, 16})
      one("stash_" + std::to_string(stash) + "_2x4x3x3", d.random("stash" + std::to_string(stash), 0, {2, 4, 3, 3}), 2,
          {int_attr("stash_type", stash)});
    const Tensor s = special_values(t);
    one("special_values", specials_as(t, {1, 1, s.size()}), 1, {}, "special-values");
  }
  if (!per_channel) return;
  const DType t = allowed.front();
  Drafter d{row, {t, t, t}, out, false};
  const Tensor x = d.random("refuse", 0, {2, 4, 3});
  d.refuse("refuse_groups_3_of_4_channels", {x, d.random("refuse", 1, {4}), d.random("refuse", 2, {4})},
           {int_attr("num_groups", 3)}, "num_groups divides C");
  d.refuse("refuse_scale_per_group_21", {x, d.random("refuse", 1, {2}), d.random("refuse", 2, {2})},
           {int_attr("num_groups", 2)}, "scale and bias have shape (C) from version 21");
  d.refuse("refuse_rank1", {d.random("refuse", 0, {4}), d.random("refuse", 1, {4}), d.random("refuse", 2, {4})},
           {int_attr("num_groups", 2)}, "X is (N, C, D1, ..., Dn)");
}

void mean_variance_normalization_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    Drafter d{row, {t}, out};
    auto one = [&](const std::string& name, const Tensor& x, Attrs attrs, const char* tag = "random") {
      d.one(name, {x}, std::move(attrs), tag);
    };
    auto axes = [](std::vector<int64_t> a) { return Attrs{make_attr("axes", a)}; };
    one("default_axes_2x3x4x5", d.random("default", 0, {2, 3, 4, 5}), {});
    one("axes_2_3_2x3x4x5", d.random("axes23", 0, {2, 3, 4, 5}), axes({2, 3}));
    one("axes_1_3x4x5", d.random("axes1", 0, {3, 4, 5}), axes({1}));
    one("axes_all_3x4x5", d.random("all", 0, {3, 4, 5}), axes({0, 1, 2}));
    one("axes_neg1_neg2_3x4x5", d.random("neg", 0, {3, 4, 5}), axes({-1, -2}),
        row.since_version < 13 ? "negative-axes" : "random");
    one("shifted_mean_2x64", shifted(d.id("shifted"), t, {2, 64}), axes({1}), "rounding");
    one("long_1x4096", d.random("long", 0, {1, 4096}), axes({1}));
    one("empty_0x3x2x2", d.random("empty", 0, {0, 3, 2, 2}), {}, "empty");
    one("constant_channel_1x2x2x2", tensor_of(t, {1, 2, 2, 2}, {7, 7, 7, 7, 1, 2, 3, 5}), {}, "zero-variance");
    const Tensor s = special_values(t);
    one("special_values", specials_as(t, {1, s.size()}), axes({1}), "special-values");
  }
  const DType t = allowed.front();
  Drafter d{row, {t}, out, false};
  d.refuse("refuse_default_axes_rank3", {d.random("refuse", 0, {3, 4, 5})}, {},
           "axes lie in [-r, r-1] (the default [0, 2, 3] needs rank 4)");
  d.refuse("refuse_axis_listed_twice", {d.random("refuse", 0, {3, 4, 5})}, {make_attr("axes", std::vector<int64_t>{1, -2})},
           "an axis is listed once");
}

}  // namespace touchstone::cases
