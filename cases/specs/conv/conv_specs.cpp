// Case specs of Conv and ConvTranspose, every type each version allows: 1-D, 2-D and 3-D
// kernels with and without B, strides, explicit pads, dilations, groups and depthwise,
// auto_pad VALID / SAME_UPPER / SAME_LOWER with an odd total pad, a long sum (512 terms),
// an empty batch, special values; ConvTranspose's output_padding and output_shape (an even
// and an odd automatic total padding, one past the natural size); refusals named after the
// rule broken (the schema-level ones are generated: cases/refusals.h).
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/conv/conv_attrs.h"
#include "cases/specs/conv/conv_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using namespace conv_attrs;

// Drafts of one (row, type): X, W and optionally B random, each from its own seed.
struct Drafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  std::vector<Tensor> inputs(const std::string& name, const Shape& x, const Shape& w, const Shape& b) const {
    std::vector<Tensor> in;
    const char* parts[] = {"X", "W", "B"};
    const Shape* shapes[] = {&x, &w, &b};
    for (size_t i = 0; i < (b.empty() ? 2u : 3u); ++i) {
      Rng rng(seed_of(case_id(row, {t}, name) + parts[i]));
      in.push_back(random_tensor(rng, t, *shapes[i], {}));
    }
    return in;
  }
  void one(const std::string& name, const Shape& x, const Shape& w, const Shape& b, Attrs attrs,
           const char* tag = "random") {
    add(out, name, inputs(name, x, w, b), std::move(attrs), {tag}, "", smoke);
    smoke = false;
  }
  void refuse(const std::string& name, const Shape& x, const Shape& w, const Shape& b, Attrs attrs,
              const std::string& rule) {
    add(out, name, inputs(name, x, w, b), std::move(attrs), {"attribute"}, row.label() + ": " + rule, false);
  }
  // X one row of the type's special values, W (1, 1, 2).
  void specials() {
    const Tensor s = special_values(t);
    Tensor x(t, {1, 1, s.size()});
    std::copy(s.bytes().begin(), s.bytes().end(), x.mutable_bytes().begin());
    add(out, "special_values", {x, tensor_of(t, {1, 1, 2}, {1, -1})}, {}, {"special-values"}, "", false);
  }
};

void conv_geometry(Drafter& d, int since) {
  d.one("k3_1d", {1, 2, 7}, {3, 2, 3}, {}, {});
  d.one("k3x3_2d_bias", {2, 3, 6, 7}, {4, 3, 3, 3}, {4}, {});
  d.one("k2x2x2_3d_bias", {1, 2, 4, 5, 6}, {2, 2, 2, 2, 2}, {2}, {});
  d.one("kernel_shape_given", {1, 2, 5, 5}, {2, 2, 2, 3}, {}, {ints("kernel_shape", {2, 3})});
  d.one("strides_pads_asymmetric", {1, 2, 6, 7}, {3, 2, 3, 3}, {3}, {ints("strides", {2, 3}), ints("pads", {1, 0, 2, 1})});
  d.one("dilations_2x3", {1, 2, 7, 8}, {2, 2, 2, 2}, {}, {ints("dilations", {2, 3})});
  d.one("dilations_pads_strides", {1, 1, 9, 9}, {2, 1, 3, 3}, {2},
        {ints("dilations", {2, 2}), ints("strides", {2, 2}), ints("pads", {2, 1, 1, 2})});
  d.one("group_2", {1, 4, 5, 5}, {6, 2, 3, 3}, {6}, {one_int("group", 2)});
  d.one("depthwise", {1, 3, 6, 6}, {3, 1, 3, 3}, {3}, {one_int("group", 3), ints("pads", {1, 1, 1, 1})});
  d.one("depthwise_multiplier_2", {1, 3, 6, 6}, {6, 1, 3, 3}, {}, {one_int("group", 3)});
  for (const char* mode : {"SAME_UPPER", "SAME_LOWER"}) {
    const std::string m = mode == std::string("SAME_UPPER") ? "same_upper" : "same_lower";
    d.one(m + "_k2x4", {1, 2, 5, 6}, {2, 2, 2, 4}, {}, {text("auto_pad", mode)});
    // Stride 2: Conv-1's text says the output keeps the input's size, 11 ceil(in / 2).
    d.one(m + "_k3_s2", {1, 1, 7, 8}, {1, 1, 3, 3}, {1}, {ints("strides", {2, 2}), text("auto_pad", mode)},
          since == 1 ? "auto-pad-text" : "random");
    d.one(m + "_dilated_s1", {1, 1, 7, 8}, {1, 1, 3, 2}, {}, {ints("dilations", {2, 2}), text("auto_pad", mode)});
  }
  d.one("valid_k3_s2", {1, 1, 7, 8}, {1, 1, 3, 3}, {}, {ints("strides", {2, 2}), text("auto_pad", "VALID")});
  d.one("long_sum_512", {1, 512, 2, 2}, {2, 512, 1, 1}, {2}, {});
  d.one("layer_16x12x12", {1, 16, 12, 12}, {16, 16, 3, 3}, {16}, {ints("pads", {1, 1, 1, 1})});
  d.one("empty_batch", {0, 2, 5, 5}, {3, 2, 2, 2}, {3}, {}, "empty");
  // floor((3 - 4) / 1) + 1 = 0 rows: Y is empty.
  d.one("kernel_past_input_empty", {1, 1, 3, 5}, {1, 1, 4, 2}, {}, {}, "empty");
  // A spatial dim of size 0: Y (1, 3, 0, 4).
  d.one("zero_size_spatial", {1, 2, 0, 5}, {3, 2, 1, 2}, {3}, {}, "empty");
  d.specials();
}

void conv_refusals(Drafter& d) {
  d.refuse("refuse_rank_2", {3, 4}, {3, 4}, {}, {}, "X is (N, C, D1, ..., Dn), rank 3 or more");
  d.refuse("refuse_w_rank", {1, 2, 5, 5}, {2, 2, 3}, {}, {}, "W has X's rank");
  d.refuse("refuse_channels", {1, 3, 5, 5}, {2, 2, 3, 3}, {}, {}, "X's C equals W's C/group times group");
  d.refuse("refuse_m_not_multiple_of_group", {1, 4, 5, 5}, {3, 2, 3, 3}, {}, {one_int("group", 2)},
           "M is a multiple of group");
  d.refuse("refuse_group_zero", {1, 2, 5, 5}, {2, 2, 3, 3}, {}, {one_int("group", 0)}, "group is at least 1");
  d.refuse("refuse_bias_shape", {1, 2, 5, 5}, {2, 2, 3, 3}, {3}, {}, "B is 1-D of the M output channels");
  d.refuse("refuse_kernel_shape_disagrees", {1, 2, 5, 5}, {2, 2, 3, 3}, {}, {ints("kernel_shape", {2, 2})},
           "kernel_shape, when given, is W's spatial shape");
  d.refuse("refuse_strides_zero", {1, 2, 5, 5}, {2, 2, 3, 3}, {}, {ints("strides", {1, 0})}, "strides are at least 1");
  d.refuse("refuse_dilations_zero", {1, 2, 5, 5}, {2, 2, 3, 3}, {}, {ints("dilations", {0, 1})},
           "dilations are at least 1");
  d.refuse("refuse_pads_negative", {1, 2, 5, 5}, {2, 2, 3, 3}, {}, {ints("pads", {0, -1, 0, 0})}, "pads are at least 0");
  d.refuse("refuse_pads_with_auto_pad", {1, 2, 5, 5}, {2, 2, 3, 3}, {},
           {ints("pads", {1, 1, 1, 1}), text("auto_pad", "SAME_UPPER")}, "pads cannot be used together with auto_pad");
  d.refuse("refuse_auto_pad_unknown", {1, 2, 5, 5}, {2, 2, 3, 3}, {}, {text("auto_pad", "SAME")},
           "auto_pad is NOTSET, SAME_UPPER, SAME_LOWER or VALID");
  d.refuse("refuse_kernel_past_input", {1, 1, 3, 5}, {1, 1, 5, 2}, {}, {},
           "the output size floor((in + pads - dilated kernel) / stride) + 1 is not negative");
}

void transpose_geometry(Drafter& d, int since) {
  d.one("k3_1d", {1, 2, 4}, {2, 3, 3}, {}, {});
  d.one("k3x3_2d_bias", {2, 3, 4, 5}, {3, 2, 3, 3}, {2}, {});
  d.one("k2x2x2_3d_bias", {1, 2, 3, 4, 3}, {2, 2, 2, 2, 2}, {2}, {});
  d.one("kernel_shape_given", {1, 2, 3, 3}, {2, 1, 2, 3}, {}, {ints("kernel_shape", {2, 3})});
  d.one("strides_3x2", {1, 2, 3, 4}, {2, 2, 3, 3}, {2}, {ints("strides", {3, 2})});
  d.one("strides_output_padding", {1, 2, 3, 4}, {2, 2, 3, 3}, {}, {ints("strides", {3, 2}), ints("output_padding", {1, 1})});
  d.one("pads_asymmetric", {1, 2, 4, 4}, {2, 2, 3, 3}, {2}, {ints("strides", {2, 2}), ints("pads", {1, 0, 2, 1})});
  d.one("dilations_2x3", {1, 2, 3, 4}, {2, 1, 2, 2}, {}, {ints("dilations", {2, 3})});
  d.one("group_2", {1, 4, 3, 3}, {4, 3, 3, 3}, {6}, {one_int("group", 2), ints("strides", {2, 2})});
  d.one("depthwise", {1, 3, 4, 4}, {3, 1, 3, 3}, {3}, {one_int("group", 3)});
  // output_shape: natural 2 * 3 + 3 = 9 rows and 10 columns (stride 2, 1 + op 1).
  const Attrs s2 = {ints("strides", {2, 2})};
  auto with = [&](Attrs more) {
    Attrs a = s2;
    a.insert(a.end(), more.begin(), more.end());
    return a;
  };
  d.one("output_shape_even_total", {1, 1, 4, 4}, {1, 1, 3, 3}, {1}, with({ints("output_shape", {7, 7})}));
  d.one("output_shape_odd_total", {1, 1, 4, 4}, {1, 1, 3, 3}, {}, with({ints("output_shape", {8, 6})}), "output-shape-odd-pad");
  d.one("output_shape_odd_same_upper", {1, 1, 4, 4}, {1, 1, 3, 3}, {},
        with({ints("output_shape", {8, 6}), text("auto_pad", "SAME_UPPER")}), "output-shape-odd-pad");
  d.one("output_shape_past_natural", {1, 1, 3, 3}, {1, 1, 3, 3}, {1}, with({ints("output_shape", {10, 8})}),
        "output-shape-odd-pad");
  d.one("output_shape_with_output_padding", {1, 1, 4, 4}, {1, 1, 3, 3}, {},
        with({ints("output_shape", {8, 8}), ints("output_padding", {1, 1})}));
  for (const char* mode : {"SAME_UPPER", "SAME_LOWER"}) {
    const std::string m = mode == std::string("SAME_UPPER") ? "same_upper" : "same_lower";
    // out = in * 2; total = 3 - 2 = 1, odd: the side is implementation-defined.
    d.one(m + "_k3_s2", {1, 1, 4, 5}, {1, 1, 3, 3}, {1}, with({text("auto_pad", mode)}), "same-odd-pad");
    // kernel 4, stride 2: total 2, even; stride 1 (kernel 2): total 1, odd.
    d.one(m + "_k4_s2", {1, 1, 4, 5}, {1, 2, 4, 4}, {}, with({text("auto_pad", mode)}),
          since == 1 ? "auto-pad-text" : "random");
    d.one(m + "_k2_s1", {1, 1, 4, 5}, {1, 1, 2, 2}, {}, {text("auto_pad", mode)}, "same-odd-pad");
  }
  d.one("valid_s2", {1, 1, 4, 5}, {1, 1, 3, 3}, {}, with({text("auto_pad", "VALID")}));
  d.one("long_sum_512", {1, 512, 2, 2}, {512, 2, 1, 1}, {2}, {});
  d.one("empty_batch", {0, 2, 3, 3}, {2, 3, 2, 2}, {3}, {}, "empty");
  if (since == 1)  // no limit on output_padding in version 1's text
    d.one("output_padding_past_stride", {1, 1, 3, 3}, {1, 1, 2, 2}, {}, {ints("output_padding", {2, 1})});
  d.specials();
}

void transpose_refusals(Drafter& d, int since) {
  d.refuse("refuse_rank_2", {3, 4}, {3, 4}, {}, {}, "X is (N, C, D1, ..., Dn), rank 3 or more");
  d.refuse("refuse_w_channels", {1, 3, 4, 4}, {2, 2, 3, 3}, {}, {}, "W's first dim is X's C");
  d.refuse("refuse_c_not_multiple_of_group", {1, 3, 4, 4}, {3, 2, 3, 3}, {}, {one_int("group", 2)},
           "C is a multiple of group");
  d.refuse("refuse_bias_shape", {1, 2, 4, 4}, {2, 2, 3, 3}, {3}, {}, "B is 1-D of the output channels");
  d.refuse("refuse_kernel_shape_disagrees", {1, 2, 4, 4}, {2, 2, 3, 3}, {}, {ints("kernel_shape", {2, 2})},
           "kernel_shape, when given, is W's spatial shape");
  d.refuse("refuse_output_shape_length", {1, 2, 4, 4}, {2, 2, 3, 3}, {}, {ints("output_shape", {1, 2, 9, 9})},
           "output_shape has one value per spatial axis");
  d.refuse("refuse_negative_output", {1, 1, 2, 2}, {1, 1, 2, 2}, {}, {ints("pads", {2, 2, 2, 2})},
           "the output size stride * (in - 1) + output_padding + dilated kernel - pads is not negative");
  d.refuse("refuse_pads_with_auto_pad", {1, 2, 4, 4}, {2, 2, 3, 3}, {},
           {ints("pads", {1, 1, 1, 1}), text("auto_pad", "SAME_UPPER")}, "pads cannot be used together with auto_pad");
  if (since >= 11)
    d.refuse("refuse_output_padding_past_stride", {1, 1, 3, 3}, {1, 1, 2, 2}, {}, {ints("output_padding", {1, 0})},
             "output_padding is less than the stride or the dilation");
}

}  // namespace

void conv_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  every_type<Drafter>(row, out, [&](Drafter& d) { conv_geometry(d, row.since_version); }, conv_refusals);
}

void conv_transpose_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  every_type<Drafter>(row, out, [&](Drafter& d) { transpose_geometry(d, row.since_version); },
                      [&](Drafter& d) { transpose_refusals(d, row.since_version); });
}

}  // namespace touchstone::cases
