// Case specs of DeformConv and CausalConvWithState, every type each version allows (what they
// sweep: conv_more_specs.cpp's header and ../conv/README.md); refusals named after the rule
// broken (the schema-level ones are generated: cases/refusals.h).
#include <string>

#include "cases/specs/conv/conv_attrs.h"
#include "cases/specs/conv/conv_cases.h"
#include "cases/specs/core/binary.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using namespace conv_attrs;

// Offsets: magnitudes 1/8 to 4 with fractional parts (a few samples past the image); integral
// ones from -2 to 2; zeros.
enum class Offsets { kFractional, kIntegral, kZero, kFar };

struct Drafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  Tensor random(const std::string& name, const char* part, const Shape& shape, Domain d = {}) const {
    return random_of(case_id(row, {t}, name) + part, t, shape, d);
  }
  Tensor offsets(const std::string& name, const Shape& shape, Offsets kind) const {
    switch (kind) {
      case Offsets::kZero: return tensor_of(t, shape, std::vector<double>(static_cast<size_t>(product(shape)), 0.0));
      case Offsets::kIntegral: return random(name, "offset", shape, {.int_lo = -2, .int_hi = 2, .integral = true});
      case Offsets::kFar: return random(name, "offset", shape, {.exp_lo = 2, .exp_hi = 3});
      default: return random(name, "offset", shape, {.exp_lo = -3, .exp_hi = 1});
    }
  }
  static int64_t product(const Shape& s) {
    int64_t p = 1;
    for (int64_t v : s) p *= v;
    return p;
  }
  void finish(const char* tag, const std::string& rule) {
    out.back().tags = {rule.empty() ? tag : "attribute"};
    if (rule.empty()) smoke = false;
  }

  // DeformConv: X, W, offset (Y's spatial shape `o`), B (`bias`), mask (`mask`, B then given).
  void deform(const std::string& name, const Shape& x, const Shape& w, const Shape& o, int64_t offset_groups, bool bias,
              bool mask, Attrs attrs, Offsets kind = Offsets::kFractional, const char* tag = "random",
              const std::string& rule = "") {
    const int64_t taps = product(Shape(w.begin() + 2, w.end())), rank = static_cast<int64_t>(w.size()) - 2;
    Shape offset = {x[0], offset_groups * taps * rank}, m = {x[0], offset_groups * taps};
    offset.insert(offset.end(), o.begin(), o.end());
    m.insert(m.end(), o.begin(), o.end());
    std::vector<Tensor> in = {random(name, "X", x), random(name, "W", w), offsets(name, offset, kind)};
    if (bias || mask) in.push_back(random(name, "B", {w[0]}));
    if (mask) in.push_back(random(name, "mask", m, {.exp_lo = -2, .exp_hi = 0, .negative = false}));
    if (offset_groups != 1) attrs.push_back(one_int("offset_group", offset_groups));
    add(out, name, std::move(in), std::move(attrs), {}, rule.empty() ? "" : row.label() + ": " + rule, smoke && rule.empty());
    finish(tag, rule);
  }

  // CausalConvWithState: input (b, c, len), weight (c, 1, k), bias, past_state.
  void causal(const std::string& name, const Shape& x, int64_t k, bool bias, bool past, const char* activation,
              const char* tag = "random") {
    std::vector<Tensor> in = {random(name, "X", x), random(name, "W", {x[1], 1, k})};
    if (bias) in.push_back(random(name, "B", {x[1]}));
    if (past) in.push_back(random(name, "state", {x[0], x[1], k - 1}));
    Attrs a;
    if (activation) a.push_back(text("activation", activation));
    add(out, name, std::move(in), std::move(a), {}, "", smoke);
    if (past && !bias) out.back().omitted_inputs = {2};
    out.back().outputs = 2;
    finish(tag, "");
  }
  void refuse_causal(const std::string& name, std::vector<Tensor> in, Attrs a, const std::string& rule) {
    add(out, name, std::move(in), std::move(a), {"attribute"}, row.label() + ": " + rule, false);
    out.back().outputs = 2;
  }
};

void deform_geometry(Drafter& d) {
  d.deform("zero_offsets_is_conv", {1, 2, 5, 5}, {3, 2, 3, 3}, {3, 3}, 1, false, false, {}, Offsets::kZero);
  d.deform("fractional_2d", {1, 2, 5, 6}, {2, 2, 2, 2}, {4, 5}, 1, false, false, {});
  d.deform("mask_bias", {2, 2, 5, 6}, {2, 2, 2, 2}, {4, 5}, 1, true, true, {});
  d.deform("bias", {1, 2, 4, 4}, {3, 2, 2, 2}, {3, 3}, 1, true, false, {});
  d.deform("integral_offsets", {1, 2, 5, 5}, {2, 2, 3, 3}, {3, 3}, 1, false, true, {}, Offsets::kIntegral);
  d.deform("samples_past_the_image", {1, 1, 5, 5}, {1, 1, 2, 2}, {4, 4}, 1, false, false, {}, Offsets::kFar);
  d.deform("group_2_offset_group_2", {1, 4, 4, 4}, {4, 2, 2, 2}, {3, 3}, 2, true, true, {one_int("group", 2)});
  d.deform("offset_group_4", {1, 4, 4, 4}, {2, 4, 2, 2}, {3, 3}, 4, false, false, {});
  // rows (6 + 2 - 2) / 2 + 1 = 4, columns (7 + 1 - 3) / 1 + 1 = 6.
  d.deform("strides_pads_dilations", {1, 1, 6, 7}, {1, 1, 2, 2}, {4, 6}, 1, false, false,
           {ints("strides", {2, 1}), ints("pads", {1, 0, 1, 1}), ints("dilations", {1, 2})});
  d.deform("kernel_shape_given", {1, 1, 4, 4}, {1, 1, 2, 3}, {3, 2}, 1, false, false, {ints("kernel_shape", {2, 3})});
  d.deform("1d", {1, 2, 6}, {2, 2, 3}, {4}, 1, true, false, {});
  d.deform("3d", {1, 1, 3, 3, 3}, {1, 1, 2, 2, 2}, {2, 2, 2}, 1, false, false, {});
  d.deform("empty_batch", {0, 1, 4, 4}, {1, 1, 2, 2}, {3, 3}, 1, false, false, {}, Offsets::kFractional, "empty");
  // Specials in X along a row, a 1x2 kernel and zero offsets.
  const Tensor s = special_values(d.t);
  Tensor x(d.t, {1, 1, 1, s.size()});
  std::copy(s.bytes().begin(), s.bytes().end(), x.mutable_bytes().begin());
  add(d.out, "special_values", {x, tensor_of(d.t, {1, 1, 1, 2}, {1, -1}), d.offsets("special", {1, 4, 1, s.size() - 1}, Offsets::kZero)},
      {}, {"special-values"}, "", false);
}

void deform_refusals(Drafter& d) {
  auto refuse = [&](const std::string& name, const Shape& x, const Shape& w, const Shape& o, int64_t og, Attrs a,
                    const std::string& rule, bool mask = false) {
    d.deform(name, x, w, o, og, mask, mask, std::move(a), Offsets::kFractional, "attribute", rule);
  };
  refuse("refuse_w_rank", {1, 2, 5, 5}, {2, 2, 3}, {3}, 1, {}, "W has X's rank");
  refuse("refuse_channels", {1, 3, 5, 5}, {2, 2, 3, 3}, {3, 3}, 1, {}, "X's C equals W's C/group times group");
  refuse("refuse_oc_not_multiple_of_group", {1, 4, 5, 5}, {3, 2, 3, 3}, {3, 3}, 1, {one_int("group", 2)},
         "oC is a multiple of group");
  refuse("refuse_c_not_multiple_of_offset_group", {1, 3, 5, 5}, {2, 3, 3, 3}, {3, 3}, 2, {},
         "C is a multiple of offset_group");
  refuse("refuse_group_zero", {1, 2, 5, 5}, {2, 2, 3, 3}, {3, 3}, 1, {one_int("group", 0)}, "group is at least 1");
  refuse("refuse_offset_shape", {1, 2, 5, 5}, {2, 2, 3, 3}, {2, 3}, 1, {}, "offset is (N, offset_group x taps x rank, Y's dims)");
  refuse("refuse_kernel_shape_disagrees", {1, 2, 5, 5}, {2, 2, 3, 3}, {3, 3}, 1, {ints("kernel_shape", {2, 2})},
         "kernel_shape, when given, is W's spatial shape");
  refuse("refuse_strides_zero", {1, 2, 5, 5}, {2, 2, 3, 3}, {3, 3}, 1, {ints("strides", {0, 1})}, "strides are at least 1");
  // The mask with the n-D text's extra "* n": (N, offset_group x taps x rank, ...).
  d.deform("refuse_mask_times_rank", {1, 1, 4, 4}, {1, 1, 2, 2}, {3, 3}, 1, true, false, {}, Offsets::kFractional,
           "attribute", "mask is (N, offset_group x taps, Y's dims)");
  d.out.back().inputs.push_back(d.random("refuse_mask_times_rank", "mask", {1, 8, 3, 3}));
}

void causal_sequences(Drafter& d) {
  for (const char* act : {"none", "silu", "swish"}) {
    const std::string a = act;
    d.causal("k4_" + a, {2, 3, 7}, 4, false, false, act);
    d.causal("k4_bias_state_" + a, {2, 3, 7}, 4, true, true, act);
  }
  d.causal("state_no_bias", {1, 2, 6}, 3, false, true, nullptr);
  d.causal("activation_default", {1, 2, 6}, 3, true, false, nullptr);
  // length 2 < k - 1 = 4: present_state keeps 2 values of past_state and the 2 inputs.
  d.causal("short_sequence_into_state", {2, 2, 2}, 5, true, true, "silu");
  d.causal("short_sequence_no_state", {1, 2, 2}, 5, false, false, nullptr);
  d.causal("k1_empty_state", {1, 3, 5}, 1, true, false, "silu");
  d.causal("long_kernel_64", {1, 2, 80}, 64, true, true, "none");
  d.causal("empty_batch", {0, 2, 5}, 3, true, true, "silu", "empty");
  d.causal("empty_sequence", {1, 2, 0}, 3, false, true, nullptr, "empty");
  // Large sums for silu: inputs 2^4 to 2^8 times weights 2^4 to 2^8 (s in the hundreds or
  // more; past 2^16 for float16, which then overflows to inf: silu(inf) = inf).
  {
    const std::string name = "silu_large_sums";
    std::vector<Tensor> in = {d.random(name, "X", {1, 2, 6}, {.exp_lo = 4, .exp_hi = 8, .negative = false}),
                              d.random(name, "W", {2, 1, 3}, {.exp_lo = 4, .exp_hi = 8})};
    add(d.out, name, std::move(in), {text("activation", "silu")}, {"random"}, "", false);
    d.out.back().outputs = 2;
  }
  const Tensor s = special_values(d.t);
  Tensor x(d.t, {1, 1, s.size()});
  std::copy(s.bytes().begin(), s.bytes().end(), x.mutable_bytes().begin());
  for (const char* act : {"none", "silu"}) {
    add(d.out, std::string("special_values_") + act, {x, tensor_of(d.t, {1, 1, 2}, {1, -1})}, {text("activation", act)},
        {"special-values"}, "", false);
    d.out.back().outputs = 2;
  }
}

void causal_refusals(Drafter& d) {
  auto r = [&](const char* part, const Shape& s) { return d.random("refusal", part, s); };
  d.refuse_causal("refuse_rank_2", {r("X", {2, 5}), r("W", {2, 1, 3})}, {}, "input is (batch_size, channels, length)");
  d.refuse_causal("refuse_weight_not_depthwise", {r("X", {1, 2, 5}), r("W", {2, 2, 3})}, {},
                  "weight is (channels, 1, k)");
  d.refuse_causal("refuse_weight_channels", {r("X", {1, 2, 5}), r("W", {3, 1, 3})}, {}, "weight is (channels, 1, k)");
  d.refuse_causal("refuse_k_zero", {r("X", {1, 2, 5}), r("W", {2, 1, 0})}, {}, "k is at least 1");
  d.refuse_causal("refuse_bias_shape", {r("X", {1, 2, 5}), r("W", {2, 1, 3}), r("B", {3})}, {}, "bias is (channels)");
  d.refuse_causal("refuse_state_length", {r("X", {1, 2, 5}), r("W", {2, 1, 3}), r("B", {2}), r("S", {1, 2, 3})}, {},
                  "past_state is (batch_size, channels, k - 1)");
  d.refuse_causal("refuse_activation_relu", {r("X", {1, 2, 5}), r("W", {2, 1, 3})}, {text("activation", "relu")},
                  "activation is silu, swish or none");
}

}  // namespace

void deform_conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  every_type<Drafter>(row, out, deform_geometry, deform_refusals);
}

void causal_conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  every_type<Drafter>(row, out, causal_sequences, causal_refusals);
}

}  // namespace touchstone::cases
