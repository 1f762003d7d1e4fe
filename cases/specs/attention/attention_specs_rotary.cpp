// Case specs of RotaryEmbedding-23 and SwiGLU-28. RotaryEmbedding: 4-D and 3-D X (num_heads),
// halves and interleaved pairs, a partial rotary_embedding_dim, caches indexed by position_ids
// (2-D) or per (batch, sequence) (3-D), sequence length 1, an empty batch, special values;
// caches hold cos/sin of the usual RoPE angles (position * 10000^(-2m/d)) rounded to T.
// SwiGLU: shapes to rank 4, alpha 1, 0.5, -1, 0, gates where the sigmoid saturates, special
// values. Refusals named after the rule broken.
#include <cmath>
#include <string>

#include "cases/specs/attention/attention_cases.h"
#include "cases/specs/core/binary.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

onnx::AttributeProto int_attr(const char* name, int64_t v) { return make_attr(name, v); }

// cos or sin of position * 10000^(-2m / (2 half)) for `rows` positions, (rows, half) or
// reshaped to `shape`.
Tensor angle_cache(DType t, const Shape& shape, int64_t rows, int64_t half, bool sine, int64_t first = 0) {
  std::vector<double> v;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t m = 0; m < half; ++m) {
      const double angle = static_cast<double>(first + r) * std::pow(10000.0, -static_cast<double>(m) / static_cast<double>(half));
      v.push_back(sine ? std::sin(angle) : std::cos(angle));
    }
  return tensor_of(t, shape, v);
}

struct RotaryDrafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;
  std::string id(const std::string& n) const { return case_id(row, {t, t, t}, n); }
  Tensor x(const std::string& n, const Shape& s) const { return random_of(id(n) + "/0", t, s); }
  void one(const std::string& n, std::vector<Tensor> in, Attrs attrs, const char* tag = "random", const std::string& rule = "") {
    add(out, n, std::move(in), std::move(attrs), {rule.empty() ? tag : "attribute"}, rule.empty() ? "" : row.label() + ": " + rule,
        smoke && rule.empty());
    if (rule.empty()) smoke = false;
  }
};

Tensor positions(const Shape& s, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(s, v); }

}  // namespace

void rotary_embedding_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::vector<DType> types = input_type_params(row).front().allowed;  // a copy: the params are a temporary
  for (DType t : types) {
    RotaryDrafter d{row, t, out};
    const Tensor cos6 = angle_cache(t, {6, 4}, 6, 4, false), sin6 = angle_cache(t, {6, 4}, 6, 4, true);
    const Tensor ids = positions({2, 3}, {0, 1, 2, 5, 3, 0});
    d.one("4d_b2_h2_s3_d8_positions", {d.x("4d", {2, 2, 3, 8}), cos6, sin6, ids}, {});
    d.one("4d_interleaved", {d.x("4di", {2, 2, 3, 8}), cos6, sin6, ids}, {int_attr("interleaved", 1)});
    d.one("3d_num_heads2", {d.x("3d", {2, 3, 16}), cos6, sin6, ids}, {int_attr("num_heads", 2)});
    d.one("3d_interleaved_num_heads4_d4", {d.x("3di", {2, 3, 16}), angle_cache(t, {6, 2}, 6, 2, false), angle_cache(t, {6, 2}, 6, 2, true), ids},
          {int_attr("num_heads", 4), int_attr("interleaved", 1)});
    const Tensor cos6p = angle_cache(t, {6, 2}, 6, 2, false), sin6p = angle_cache(t, {6, 2}, 6, 2, true);
    d.one("partial_dim4_of_8", {d.x("part", {2, 2, 3, 8}), cos6p, sin6p, ids}, {int_attr("rotary_embedding_dim", 4)});
    d.one("partial_dim4_of_8_interleaved", {d.x("parti", {2, 2, 3, 8}), cos6p, sin6p, ids},
          {int_attr("rotary_embedding_dim", 4), int_attr("interleaved", 1)});
    d.one("no_position_ids_3d_caches", {d.x("noid", {2, 2, 3, 8}), angle_cache(t, {2, 3, 4}, 6, 4, false, 2), angle_cache(t, {2, 3, 4}, 6, 4, true, 2)}, {});
    d.one("seq1", {d.x("seq1", {1, 2, 1, 8}), cos6, sin6, positions({1, 1}, {4})}, {}, "degenerate");
    d.one("empty_batch", {d.x("empty", {0, 2, 3, 8}), cos6, sin6, positions({0, 3}, {})}, {}, "empty");
    const Tensor s = special_values(t);
    const int64_t n = s.size();
    std::vector<double> xs = values_of(s);
    xs.resize(static_cast<size_t>((n + 7) / 8 * 8), 1.0);
    const int64_t seq = static_cast<int64_t>(xs.size()) / 8;
    std::vector<int64_t> zeros(static_cast<size_t>(seq), 1);
    d.one("special_values", {tensor_of(t, {1, 1, seq, 8}, xs), cos6, sin6, positions({1, seq}, zeros)}, {}, "special-values");
    if (t != types.front()) continue;
    d.one("refuse_3d_without_num_heads", {d.x("r3d", {2, 3, 16}), cos6, sin6, ids}, {}, "", "a 3-D X needs num_heads (positive)");
    d.one("refuse_rotary_dim_3", {d.x("rodd", {2, 2, 3, 8}), cos6, sin6, ids}, {int_attr("rotary_embedding_dim", 3)}, "",
          "rotary_embedding_dim is even and at most head_size (0: head_size)");
    d.one("refuse_cache_width_3", {d.x("rw", {2, 2, 3, 8}), angle_cache(t, {6, 3}, 6, 3, false), angle_cache(t, {6, 3}, 6, 3, true), ids}, {}, "",
          "with position_ids, the caches are (max_position_id_plus_1, rotary_embedding_dim / 2)");
    d.one("refuse_position_6_of_6", {d.x("rpos", {2, 2, 3, 8}), cos6, sin6, positions({2, 3}, {0, 1, 2, 3, 4, 6})}, {}, "",
          "position_ids index the caches' rows: [0, max_position_id_plus_1)");
  }
}

void swiglu_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto types = input_type_params(row).front().allowed;
  for (DType t : types) {
    RotaryDrafter d{row, t, out};
    auto pair = [&](const std::string& n, const Shape& s) { return std::vector<Tensor>{d.x(n + "a", s), d.x(n + "b", s)}; };
    d.one("3x4", pair("r2", {3, 4}), {});
    d.one("2x3x4x5", pair("r4", {2, 3, 4, 5}), {});
    d.one("scalar", pair("r0", {}), {});
    d.one("alpha_0.5", pair("half", {3, 4}), {make_attr("alpha", 0.5f)});
    d.one("alpha_-1", pair("neg", {3, 4}), {make_attr("alpha", -1.0f)});
    d.one("alpha_0", pair("zero", {3, 4}), {make_attr("alpha", 0.0f)});
    d.one("saturated_gates", {tensor_of(t, {6}, {-100, -30, -12, 12, 30, 100}), tensor_of(t, {6}, {1.5, -2, 3, 0.25, -1, 7})}, {}, "saturation");
    d.one("empty_0x3", pair("empty", {0, 3}), {}, "empty");
    const Tensor s = special_values(t);
    std::vector<double> ones(static_cast<size_t>(s.size()), 1.0);
    ones[0] = 0;
    d.one("special_values", {s, tensor_of(t, s.shape(), ones)}, {}, "special-values");
    if (t == types.front()) d.one("refuse_shapes_3x4_and_4", {d.x("ra", {3, 4}), d.x("rb", {4})}, {}, "", "A and B have identical shapes (no broadcasting)");
  }
}

}  // namespace touchstone::cases
