// Case specs of Attention-23/24/25: 4-D and 3-D inputs, one head to grouped and multi-query
// KV heads, head_size != v_head_size, is_causal square and offset, boolean and additive
// masks (broadcast from 2-D, a fully masked row), past/present caches (kv length 0 with a
// past), scale, softcap, softmax_precision, every qk_matmul_output_mode, sequence length 1
// and head size 1, an empty batch, a NaN; 24's nonpad_kv_seqlen (with is_causal: the offset
// nonpad - q_len, leading rows fully masked) and a shorter mask; 25's windows. Q and K are
// drawn from [1/8, 1] in magnitude so that the softmax is not one-hot (where a backend's
// softmax precision shows); refusals named after the rule broken.
#include <string>

#include "cases/specs/attention/attention_cases.h"
#include "cases/specs/core/binary.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

onnx::AttributeProto int_attr(const char* name, int64_t v) { return make_attr(name, v); }
onnx::AttributeProto float_attr(const char* name, float v) { return make_attr(name, v); }

constexpr size_t kMask = 3, kPastKey = 4, kPastValue = 5, kNonpad = 6;

struct Drafter {
  const CatalogRow& row;
  DType t1, t2;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  std::string id(const std::string& name) const { return case_id(row, {t1, t1, t2}, name); }
  Tensor qk(const std::string& name, int input, const Shape& s) const {
    Domain d;
    d.exp_lo = -3, d.exp_hi = 0;
    return random_of(id(name) + "/" + std::to_string(input), t1, s, d);
  }
  Tensor value(const std::string& name, int input, const Shape& s, DType t) const {
    return random_of(id(name) + "/" + std::to_string(input), t, s);
  }
  // Q, K, V of the given shapes (V of T2); `past`: past_key/past_value shapes (empty: none).
  std::vector<Tensor> qkv(const std::string& name, const Shape& q, const Shape& k, const Shape& v) const {
    return {qk(name, 0, q), qk(name, 1, k), value(name, 2, v, t2)};
  }
  // Appends a draft; inputs by position (absent ones omitted), outputs: how many the node asks for.
  void one(const std::string& name, std::vector<std::pair<size_t, Tensor>> in, Attrs attrs, size_t outputs,
           const char* tag = "random") {
    std::vector<Tensor> tensors;
    std::vector<size_t> omitted;
    size_t next = 0;
    for (auto& [pos, t] : in) {
      for (; next < pos; ++next) omitted.push_back(next);
      tensors.push_back(std::move(t));
      next = pos + 1;
    }
    add(out, name, std::move(tensors), std::move(attrs), {tag}, "", smoke);
    out.back().omitted_inputs = omitted;
    out.back().max_outputs = outputs;
    smoke = false;
  }
  void refuse(const std::string& name, std::vector<std::pair<size_t, Tensor>> in, Attrs attrs, const std::string& rule) {
    const bool was = smoke;
    smoke = false;
    one(name, std::move(in), std::move(attrs), 1);
    out.back().invalid_rule = row.label() + ": " + rule;
    out.back().tags = {"attribute"};
    smoke = was;
  }
};

std::vector<std::pair<size_t, Tensor>> positional(std::vector<Tensor> qkv) {
  std::vector<std::pair<size_t, Tensor>> in;
  for (size_t i = 0; i < qkv.size(); ++i) in.emplace_back(i, std::move(qkv[i]));
  return in;
}

// A boolean tensor from 0/1 values.
Tensor booleans(const Shape& s, const std::vector<int>& v) {
  Tensor t(DType::kBool, s);
  auto d = t.data<bool>();
  for (size_t i = 0; i < v.size(); ++i) d[i] = v[i] != 0;
  return t;
}

void shape_cases(Drafter& d) {
  d.one("mha_4d_b2_h2_q3_kv4_d4", positional(d.qkv("mha4", {2, 2, 3, 4}, {2, 2, 4, 4}, {2, 2, 4, 4})), {}, 1);
  d.one("mha_3d_b2_q3_kv4_h2_d4", positional(d.qkv("mha3", {2, 3, 8}, {2, 4, 8}, {2, 4, 8})),
        {int_attr("q_num_heads", 2), int_attr("kv_num_heads", 2)}, 1);
  d.one("gqa_4d_h4_kv2", positional(d.qkv("gqa", {1, 4, 2, 4}, {1, 2, 3, 4}, {1, 2, 3, 4})), {}, 1, "grouped-heads");
  d.one("mqa_3d_h4_kv1", positional(d.qkv("mqa", {1, 2, 16}, {1, 3, 4}, {1, 3, 4})),
        {int_attr("q_num_heads", 4), int_attr("kv_num_heads", 1)}, 1, "grouped-heads");
  d.one("v_head_size_3_of_4", positional(d.qkv("vh3", {1, 2, 2, 4}, {1, 2, 5, 4}, {1, 2, 5, 3})), {}, 1);
  d.one("one_head_seq1_d1", positional(d.qkv("tiny", {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1})), {}, 1, "degenerate");
  d.one("head_size_1_kv6", positional(d.qkv("d1", {1, 1, 3, 1}, {1, 1, 6, 1}, {1, 1, 6, 2})), {}, 1, "degenerate");
  d.one("empty_batch_0", positional(d.qkv("empty", {0, 2, 3, 4}, {0, 2, 4, 4}, {0, 2, 4, 4})), {}, 1, "empty");
  d.one("long_kv_64_d16", positional(d.qkv("long", {1, 1, 2, 16}, {1, 1, 64, 16}, {1, 1, 64, 8})), {}, 1);
}

void attribute_cases(Drafter& d) {
  const auto base = [&](const std::string& n) { return positional(d.qkv(n, {1, 2, 3, 4}, {1, 2, 5, 4}, {1, 2, 5, 4})); };
  d.one("scale_0.5", base("scale"), {float_attr("scale", 0.5f)}, 1);
  d.one("scale_3", base("scale3"), {float_attr("scale", 3.0f)}, 1);
  d.one("softcap_2", base("softcap"), {float_attr("softcap", 2.0f), float_attr("scale", 4.0f)}, 1);
  d.one("softmax_precision_float", base("sp1"), {int_attr("softmax_precision", 1)}, 1);
  d.one("softmax_precision_double", base("sp11"), {int_attr("softmax_precision", 11)}, 1);
  d.one("softmax_precision_float16", base("sp10"), {int_attr("softmax_precision", 10)}, 1);
  d.one("causal_square_q4", positional(d.qkv("causal_sq", {1, 2, 4, 4}, {1, 2, 4, 4}, {1, 2, 4, 4})), {int_attr("is_causal", 1)}, 1);
  d.one("causal_q3_kv5_no_past", base("causal_rect"), {int_attr("is_causal", 1)}, 1);
  d.one("causal_q5_kv3_no_past", positional(d.qkv("causal_tall", {1, 1, 5, 4}, {1, 1, 3, 4}, {1, 1, 3, 4})),
        {int_attr("is_causal", 1)}, 1);
}

void mask_cases(Drafter& d) {
  const auto base = [&](const std::string& n) { return positional(d.qkv(n, {2, 2, 3, 4}, {2, 2, 4, 4}, {2, 2, 4, 4})); };
  auto in = base("bool2d");
  in.emplace_back(kMask, booleans({3, 4}, {1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1}));
  d.one("bool_mask_2d_3x4", std::move(in), {}, 1);
  in = base("bool_full");
  in.emplace_back(kMask, booleans({2, 1, 3, 4}, {1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0}));
  d.one("bool_mask_fully_masked_rows", std::move(in), {}, 1, "masked-row");
  in = base("float_mask");
  Domain m;
  m.exp_lo = -2, m.exp_hi = 1;
  std::vector<double> mv = values_of(random_of(d.id("float_mask") + "/3", d.t1, {2, 2, 3, 4}, m));
  mv[1] = mv[6] = -INFINITY;
  in.emplace_back(kMask, tensor_of(d.t1, {2, 2, 3, 4}, mv));
  d.one("float_mask_4d_with_minus_inf", std::move(in), {}, 1);
  in = base("causal_bool");
  in.emplace_back(kMask, booleans({4}, {0, 1, 1, 1}));
  d.one("causal_and_bool_mask_1d", std::move(in), {int_attr("is_causal", 1)}, 1);
  in = base("softcap_mask");
  in.emplace_back(kMask, tensor_of(d.t1, {3, 1}, {0.5, -1, 2}));
  d.one("softcap_then_float_mask", std::move(in), {float_attr("softcap", 1.5f)}, 1);
}

void cache_cases(Drafter& d) {
  auto in = positional(d.qkv("past", {1, 2, 2, 4}, {1, 2, 2, 4}, {1, 2, 2, 4}));
  in.emplace_back(kPastKey, d.qk("past", kPastKey, {1, 2, 3, 4}));
  in.emplace_back(kPastValue, d.value("past", kPastValue, {1, 2, 3, 4}, d.t2));
  d.one("past3_new2_present", std::move(in), {}, 3);
  in = positional(d.qkv("past_causal", {1, 2, 2, 4}, {1, 2, 2, 4}, {1, 2, 2, 4}));
  in.emplace_back(kPastKey, d.qk("past_causal", kPastKey, {1, 2, 3, 4}));
  in.emplace_back(kPastValue, d.value("past_causal", kPastValue, {1, 2, 3, 4}, d.t2));
  d.one("past3_new2_causal", std::move(in), {int_attr("is_causal", 1)}, 3);
  in = positional(d.qkv("kv0", {1, 1, 2, 4}, {1, 1, 0, 4}, {1, 1, 0, 4}));
  in.emplace_back(kPastKey, d.qk("kv0", kPastKey, {1, 1, 3, 4}));
  in.emplace_back(kPastValue, d.value("kv0", kPastValue, {1, 1, 3, 4}, d.t2));
  d.one("kv_len0_with_past3", std::move(in), {}, 3, "degenerate");
  for (int mode = 0; mode < 4; ++mode) {
    const std::string name = "qk_output_mode" + std::to_string(mode);
    in = positional(d.qkv(name, {1, 2, 3, 4}, {1, 2, 2, 4}, {1, 2, 2, 4}));
    in.emplace_back(kMask, booleans({3, 5}, {1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1}));
    in.emplace_back(kPastKey, d.qk(name, kPastKey, {1, 2, 3, 4}));
    in.emplace_back(kPastValue, d.value(name, kPastValue, {1, 2, 3, 4}, d.t2));
    d.one(name, std::move(in), {int_attr("qk_matmul_output_mode", mode), float_attr("softcap", 1.0f)}, 4,
          mode == 3 ? "masked-row" : "random");
  }
}

void version_cases(Drafter& d, int version) {
  if (version < 24) return;
  const Tensor nonpad = Tensor::from_values<int64_t>({2}, {2, 5});
  auto in = positional(d.qkv("nonpad", {2, 2, 3, 4}, {2, 2, 5, 4}, {2, 2, 5, 4}));
  in.emplace_back(kNonpad, nonpad);
  d.one("nonpad_2_5", std::move(in), {}, 1);
  in = positional(d.qkv("nonpad_causal", {2, 2, 3, 4}, {2, 2, 5, 4}, {2, 2, 5, 4}));
  in.emplace_back(kNonpad, Tensor::from_values<int64_t>({2}, {4, 1}));
  d.one("nonpad_4_1_causal_offsets", std::move(in), {int_attr("is_causal", 1)}, 1, "masked-row");
  in = positional(d.qkv("short_mask", {1, 2, 2, 4}, {1, 2, 5, 4}, {1, 2, 5, 4}));
  in.emplace_back(kMask, booleans({2, 3}, {1, 0, 1, 1, 1, 1}));
  in.emplace_back(kNonpad, Tensor::from_values<int64_t>({1}, {3}));
  d.one("mask_shorter_than_total", std::move(in), {}, 1);
  if (version < 25) return;
  in = positional(d.qkv("window", {1, 1, 4, 4}, {1, 1, 6, 4}, {1, 1, 6, 4}));
  d.one("window_left2_right1", std::move(in), {int_attr("left_window_size", 2), int_attr("right_window_size", 1)}, 1);
  in = positional(d.qkv("window_causal", {1, 2, 4, 4}, {1, 2, 4, 4}, {1, 2, 4, 4}));
  d.one("window_left1_causal", std::move(in), {int_attr("left_window_size", 1), int_attr("is_causal", 1)}, 1);
}

void refusals(Drafter& d) {
  const auto three = [&](const std::string& n) { return positional(d.qkv(n, {1, 3, 8}, {1, 4, 8}, {1, 4, 8})); };
  d.refuse("refuse_3d_without_heads", three("r3d"), {}, "a 3-D Q needs q_num_heads");
  d.refuse("refuse_q_heads_3_kv_2", positional(d.qkv("rgqa", {1, 3, 2, 4}, {1, 2, 2, 4}, {1, 2, 2, 4})), {},
           "q_num_heads is a multiple of kv_num_heads");
  d.refuse("refuse_head_size_4_vs_3", positional(d.qkv("rhs", {1, 1, 2, 4}, {1, 1, 2, 3}, {1, 1, 2, 3})), {},
           "Q and K have the same head_size");
  auto in = positional(d.qkv("rpast", {1, 1, 2, 4}, {1, 1, 2, 4}, {1, 1, 2, 4}));
  in.emplace_back(kPastKey, d.qk("rpast", kPastKey, {1, 1, 3, 4}));
  d.refuse("refuse_past_key_without_past_value", std::move(in), {}, "past_key and past_value are given together");
  d.refuse("refuse_qk_mode_4", positional(d.qkv("rmode", {1, 1, 2, 4}, {1, 1, 2, 4}, {1, 1, 2, 4})),
           {int_attr("qk_matmul_output_mode", 4)}, "qk_matmul_output_mode is 0, 1, 2 or 3");
  d.refuse("refuse_softmax_precision_6", positional(d.qkv("rsp", {1, 1, 2, 4}, {1, 1, 2, 4}, {1, 1, 2, 4})),
           {int_attr("softmax_precision", 6)}, "softmax_precision names a float type");
  in = positional(d.qkv("rmask", {1, 1, 2, 4}, {1, 1, 3, 4}, {1, 1, 3, 4}));
  in.emplace_back(kMask, booleans({2, 4}, {1, 1, 1, 1, 1, 1, 1, 1}));
  d.refuse("refuse_mask_2x4_for_2x3", std::move(in), {}, "attn_mask is broadcastable to (batch, q_num_heads, q_sequence_length, total_sequence_length)");
}

// One small case per (T1, T2, U): every input present (past and, from 24, nonpad_kv_seqlen =
// total, which pads nothing; with past_key that pairing is implementation-defined).
void type_sweep(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  const std::vector<DType> t1s = params[0].allowed, t2s = params[1].allowed, us = params[2].allowed;
  for (DType t1 : t1s)
    for (DType t2 : t2s)
      for (DType u : us) {
        Drafter d{row, t1, t2, out, true};  // smoke: the smoke profile covers every type too
        auto in = positional(d.qkv("types", {1, 1, 2, 2}, {1, 1, 1, 2}, {1, 1, 1, 2}));
        in.emplace_back(kMask, tensor_of(u, {2, 2}, {1, 0, 1, 1}));
        in.emplace_back(kPastKey, d.qk("types", kPastKey, {1, 1, 1, 2}));
        in.emplace_back(kPastValue, d.value("types", kPastValue, {1, 1, 1, 2}, t2));
        if (row.since_version >= 24) in.emplace_back(kNonpad, Tensor::from_values<int64_t>({1}, {2}));
        d.one("types_all_inputs", std::move(in), {}, 3, "types");
      }
}

}  // namespace

void attention_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  const std::vector<DType> t1s = params[0].allowed;
  for (DType t : t1s) {
    Drafter d{row, t, t, out};
    shape_cases(d);
    attribute_cases(d);
    mask_cases(d);
    cache_cases(d);
    version_cases(d, row.since_version);
    Drafter special{row, t, t, out, false};
    auto in = positional(special.qkv("nan", {1, 1, 2, 3}, {1, 1, 2, 3}, {1, 1, 2, 3}));
    std::vector<double> q = values_of(in[0].second);
    q[0] = NAN;
    in[0].second = tensor_of(t, {1, 1, 2, 3}, q);
    special.one("nan_in_first_query", std::move(in), {}, 1, "special-values");
  }
  type_sweep(row, out);
  Drafter mixed{row, DType::kFloat, DType::kFloat16, out, true};
  mixed.one("t1_float_t2_float16", positional(mixed.qkv("mixed", {1, 2, 3, 4}, {1, 2, 4, 4}, {1, 2, 4, 4})), {}, 1);
  Drafter d{row, DType::kFloat, DType::kFloat, out, false};
  refusals(d);
}

}  // namespace touchstone::cases
