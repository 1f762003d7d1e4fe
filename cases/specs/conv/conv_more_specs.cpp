// Case specs of Col2Im, DeformConv and CausalConvWithState, every type each version allows;
// refusals named after the rule broken (the schema-level ones are generated: cases/refusals.h).
// - Col2Im: 2-D and 3-D blocks with overlaps, strides, pads and dilations together, the text's
//   10x20 / 9x18 example, a pure rearrangement (no overlap, no gap: defined for bool and string
//   too), a 9-deep overlap, no blocks at all (L = 0), an empty batch, the float specials.
// - DeformConv: zero offsets (Conv's answer), fractional offsets, samples past the image,
//   integral offsets, mask, B, group, offset_group, strides/pads/dilations, 1-D and 3-D, an
//   empty batch, the specials in X.
// - CausalConvWithState: with and without past_state and bias, each activation, a sequence
//   shorter than k - 1 (present_state reaches into past_state), k = 1 (an empty state), an
//   empty batch and an empty sequence, the specials.
#include <complex>
#include <string>

#include "cases/specs/conv/conv_attrs.h"
#include "cases/specs/conv/conv_cases.h"
#include "cases/specs/core/binary.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using namespace conv_attrs;

Tensor int64s(const Ints& v) {
  std::vector<double> d(v.begin(), v.end());
  return tensor_of(DType::kInt64, {static_cast<int64_t>(v.size())}, d);
}

// Random data of any type: random_tensor's for numbers (integers within +-12, so that a 9-deep
// overlap fits int8) and strings; bools and complex values (which random_tensor leaves zero)
// drawn here, the complex parts multiples of 1/4 in [-8, 8] so that short sums are exact in
// any order.
Tensor any_random(const std::string& id, DType t, const Shape& shape) {
  Tensor r = random_of(id, t, shape, {.int_lo = -12, .int_hi = 12});
  Rng rng(seed_of(id + "/parts"));
  visit_dtype(t, [&]<class T>() {
    if constexpr (std::is_same_v<T, bool>) {
      for (auto& v : r.data<T>()) v = rng.next() % 2 == 1;
    } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
      using P = typename T::value_type;
      for (auto& v : r.data<T>())
        v = T(static_cast<P>(rng.integer(-32, 32)) / 4, static_cast<P>(rng.integer(-32, 32)) / 4);
    }
  });
  return r;
}

struct Col2ImDrafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  // input (n, c * prod(block), blocks) random; the block count is the caller's.
  void one(const std::string& name, const Shape& input, const Ints& image, const Ints& block, Attrs attrs,
           const char* tag = "random", const std::string& rule = "") {
    // bool and string have no sum: their overlapping cases are undefined, not random draws
    if (tag == std::string("random") && (t == DType::kBool || t == DType::kString)) tag = "no-sum";
    add(out, name, {any_random(case_id(row, {t}, name), t, input), int64s(image), int64s(block)}, std::move(attrs),
        {rule.empty() ? tag : "attribute"}, rule.empty() ? "" : row.label() + ": " + rule, smoke && rule.empty());
    if (rule.empty()) smoke = false;
  }
};

void col2im_geometry(Col2ImDrafter& d) {
  // 3x3 image, 2x2 blocks: 2x2 = 4 blocks, the centre covered four times.
  d.one("2d_overlap", {1, 4, 4}, {3, 3}, {2, 2}, {});
  // rows (5 + 2 - 2) / 2 + 1 = 3, columns (6 + 2 - 5) / 1 + 1 = 4: 12 blocks of 6, 2 channels.
  d.one("strides_pads_dilations", {2, 12, 12}, {5, 6}, {2, 3},
        {ints("strides", {2, 1}), ints("pads", {1, 0, 1, 2}), ints("dilations", {1, 2})});
  d.one("3d_overlap", {1, 8, 12}, {3, 4, 3}, {2, 2, 2}, {});
  // The text's example: image 10x20, blocks 9x18: 2x3 blocks.
  d.one("text_example_10x20_9x18", {1, 162, 6}, {10, 20}, {9, 18}, {});
  // Strides equal to the block: every element exactly once (a rearrangement).
  d.one("rearrangement_4x6_2x3", {2, 6, 4}, {4, 6}, {2, 3}, {ints("strides", {2, 3})}, "rearrangement");
  // 3x3 blocks over 4x4 with 2 pads each side: 6x6 blocks, the inner elements 9 deep.
  d.one("overlap_9_deep", {1, 9, 36}, {4, 4}, {3, 3}, {ints("pads", {2, 2, 2, 2})});
  // A 3x3 block over a 2x2 image: (2 - 3) / 1 + 1 = 0 blocks; the image is zeros.
  d.one("no_blocks", {1, 9, 0}, {2, 2}, {3, 3}, {}, "empty");
  d.one("empty_batch", {0, 4, 4}, {3, 3}, {2, 2}, {}, "empty");
  if (is_float_dtype(d.t)) {
    const Tensor s = special_values(d.t);
    const int64_t n = s.size();
    Tensor x(d.t, {1, 2, n});
    std::copy(s.bytes().begin(), s.bytes().end(), x.mutable_bytes().begin());
    std::copy(s.bytes().begin(), s.bytes().end(), x.mutable_bytes().begin() + static_cast<std::ptrdiff_t>(s.bytes().size()));
    // Blocks (1, 2) along a row of n + 1: element j sums specials j - 1 and j.
    add(d.out, "special_values", {x, int64s({1, n + 1}), int64s({1, 2})}, {}, {"special-values"}, "", false);
  }
}

void col2im_refusals(Col2ImDrafter& d) {
  d.one("refuse_rank_2", {4, 4}, {3, 3}, {2, 2}, {}, "", "input is (N, C * prod(block_shape), L), rank 3");
  d.one("refuse_image_shape_1", {1, 2, 2}, {3}, {2}, {}, "", "image_shape and block_shape have at least 2 values");
  d.one("refuse_block_length", {1, 4, 4}, {3, 3}, {2, 2, 1}, {}, "", "block_shape has image_shape's length");
  d.one("refuse_block_zero", {1, 4, 4}, {3, 3}, {0, 2}, {}, "", "block sizes are at least 1");
  d.one("refuse_not_multiple", {1, 5, 4}, {3, 3}, {2, 2}, {}, "", "the second dim is a multiple of prod(block_shape)");
  d.one("refuse_block_count", {1, 4, 5}, {3, 3}, {2, 2}, {}, "", "L is the number of blocks the image holds");
  d.one("refuse_strides_zero", {1, 4, 4}, {3, 3}, {2, 2}, {ints("strides", {0, 1})}, "", "strides are at least 1");
  d.one("refuse_pads_negative", {1, 4, 4}, {3, 3}, {2, 2}, {ints("pads", {0, -1, 0, 0})}, "", "pads are at least 0");
  d.one("refuse_dilations_zero", {1, 4, 4}, {3, 3}, {2, 2}, {ints("dilations", {1, 0})}, "", "dilations are at least 1");
}

}  // namespace

void col2im_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  every_type<Col2ImDrafter>(row, out, col2im_geometry, col2im_refusals);
}

}  // namespace touchstone::cases
