// Case specs of LinearAttention-27: each update rule (linear, gated, delta, gated_delta; the
// default attribute is gated_delta) with per-key and per-head decay, beta per head and shared,
// past_state, GQA and MQA, T = 1 (decode), T = 0, one head with d_k = d_v = 1, an empty batch,
// scale, chunk_size (1; 0 is implementation-defined), a long sequence, decay given to the linear
// rule (ignored), a NaN; every (T, S) pair; refusals named after the rule. Keys are drawn below
// 1/2 in magnitude (|k|^2 < 1 for d_k <= 4, so the delta rule contracts), decays from
// [-1/2, -1/16], betas from [1/8, 1).
#include <string>

#include "cases/specs/attention/attention_cases.h"
#include "cases/specs/core/binary.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
constexpr size_t kPast = 3, kDecay = 4, kBeta = 5;

struct Shapes {
  int64_t b = 1, t = 2, hq = 1, hkv = 1, dk = 4, dv = 3;
};

struct LinearDrafter {
  const CatalogRow& row;
  DType t, s;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  Tensor draw(const std::string& name, size_t input, DType type, const Shape& shape, int lo, int hi,
              bool negative) const {
    Domain d;
    d.exp_lo = lo, d.exp_hi = hi, d.negative = negative;
    return random_of(name + "/" + std::to_string(input), type, shape, d);
  }
  // The inputs at their positions: query, key, value, then past_state / decay / beta as asked.
  void one(const std::string& name, const Shapes& z, const std::string& rule, bool past, int decay, int beta,
           Attrs attrs, const char* tag = "random", size_t outputs = 0) {
    const std::string seed =
        row.label() + "/" + std::string(dtype_short_name(t)) + std::string(dtype_short_name(s)) + "/" + name;
    std::vector<std::pair<size_t, Tensor>> in = {
        {0, draw(seed, 0, t, {z.b, z.t, z.hq * z.dk}, -3, 0, true)},
        {1, draw(seed, 1, t, {z.b, z.t, z.hkv * z.dk}, -4, -2, true)},
        {2, draw(seed, 2, t, {z.b, z.t, z.hkv * z.dv}, -3, 1, true)}};
    if (past) in.emplace_back(kPast, draw(seed, kPast, s, {z.b, z.hkv, z.dk, z.dv}, -4, -1, true));
    if (decay) {  // 1: per key dimension, 2: per head; values -|x|
      Tensor g = draw(seed, kDecay, t, {z.b, z.t, decay == 1 ? z.hkv * z.dk : z.hkv}, -4, -2, false);
      std::vector<double> v = values_of(g);
      for (double& x : v) x = -x;
      in.emplace_back(kDecay, tensor_of(t, g.shape(), v));
    }
    if (beta) in.emplace_back(kBeta, draw(seed, kBeta, t, {z.b, z.t, beta == 1 ? z.hkv : 1}, -3, -1, false));
    attrs.push_back(make_attr("q_num_heads", z.hq));
    attrs.push_back(make_attr("kv_num_heads", z.hkv));
    if (!rule.empty()) attrs.push_back(make_attr("update_rule", rule));
    std::vector<Tensor> tensors;
    std::vector<size_t> omitted;
    size_t next = 0;
    for (auto& [pos, tensor] : in) {
      for (; next < pos; ++next) omitted.push_back(next);
      tensors.push_back(std::move(tensor));
      next = pos + 1;
    }
    binary::add(out, name, std::move(tensors), std::move(attrs), {tag}, "", smoke);
    out.back().omitted_inputs = omitted;
    out.back().max_outputs = outputs;
    smoke = false;
  }
  void refuse(const std::string& name, const Shapes& z, const std::string& rule, bool past, int decay,
              int beta, Attrs attrs, const std::string& why) {
    const bool was = smoke;
    smoke = false;
    one(name, z, rule, past, decay, beta, std::move(attrs));
    out.back().invalid_rule = row.label() + ": " + why;
    out.back().tags = {"attribute"};
    smoke = was;
  }
};

int decay_of(const std::string& rule, int kind) {
  return rule == "gated" || rule == "gated_delta" ? kind : 0;
}
int beta_of(const std::string& rule, int kind) { return rule == "delta" || rule == "gated_delta" ? kind : 0; }

void rule_cases(LinearDrafter& d) {
  for (const std::string rule : {"linear", "gated", "delta", "gated_delta"}) {
    d.one(rule + "_b2_t3_dk4_dv3", {2, 3, 2, 2, 4, 3}, rule, false, decay_of(rule, 1), beta_of(rule, 1), {});
    d.one(rule + "_past_per_head_decay_shared_beta", {1, 3, 2, 2, 4, 2}, rule, true, decay_of(rule, 2),
          beta_of(rule, 2), {});
    d.one(rule + "_gqa_h4_kv2_past", {1, 3, 4, 2, 2, 2}, rule, true, decay_of(rule, 1), beta_of(rule, 1), {},
          "grouped-heads");
  }
  d.one("default_rule_gated_delta", {1, 2, 1, 1, 4, 2}, "", false, 1, 1, {});
}

void shape_cases(LinearDrafter& d) {
  d.one("decode_t1_past", {2, 1, 2, 2, 4, 4}, "gated_delta", true, 1, 1, {});
  d.one("one_head_dk1_dv1", {1, 3, 1, 1, 1, 1}, "gated_delta", true, 2, 1, {}, "degenerate");
  d.one("mqa_h3_kv1", {1, 2, 3, 1, 2, 2}, "gated", false, 1, 0, {}, "grouped-heads");
  d.one("seq_len_0_keeps_past", {1, 0, 2, 2, 2, 2}, "delta", true, 0, 1, {}, "degenerate");
  d.one("empty_batch_0", {0, 2, 2, 2, 2, 2}, "linear", false, 0, 0, {}, "empty");
  d.one("long_t16_linear", {1, 16, 1, 1, 4, 2}, "linear", false, 0, 0, {});
  d.one("long_t12_gated_delta", {1, 12, 1, 1, 4, 2}, "gated_delta", true, 1, 1, {});
}

void attribute_cases(LinearDrafter& d) {
  d.one("scale_0.25", {1, 2, 2, 2, 4, 2}, "gated_delta", false, 1, 1, {make_attr("scale", 0.25f)});
  d.one("scale_minus_3", {1, 2, 1, 1, 4, 2}, "linear", false, 0, 0, {make_attr("scale", -3.0f)});
  d.one("chunk_size_1", {1, 3, 1, 1, 2, 2}, "delta", false, 0, 1, {make_attr("chunk_size", int64_t{1})});
  d.one("chunk_size_0", {1, 3, 1, 1, 2, 2}, "delta", false, 0, 1, {make_attr("chunk_size", int64_t{0})},
        "open");
  d.one("linear_with_decay_and_beta_ignored", {1, 2, 1, 1, 2, 2}, "linear", false, 1, 1, {});
}

void refusals(LinearDrafter& d) {
  d.refuse("refuse_q_heads_3_kv_2", {1, 2, 3, 2, 2, 2}, "linear", false, 0, 0, {},
           "q_num_heads must be a positive multiple of kv_num_heads");
  d.refuse("refuse_gated_without_decay", {1, 2, 1, 1, 2, 2}, "gated", false, 0, 0, {},
           "update_rule 'gated' requires decay");
  d.refuse("refuse_gated_delta_without_decay", {1, 2, 1, 1, 2, 2}, "gated_delta", false, 0, 1, {},
           "update_rule 'gated_delta' requires decay");
  d.refuse("refuse_delta_without_beta", {1, 2, 1, 1, 2, 2}, "delta", false, 0, 0, {},
           "update_rule 'delta' requires beta");
  d.refuse("refuse_gated_delta_without_beta", {1, 2, 1, 1, 2, 2}, "gated_delta", false, 1, 0, {},
           "update_rule 'gated_delta' requires beta");
  d.refuse("refuse_update_rule_retnet", {1, 2, 1, 1, 2, 2}, "retnet", false, 0, 0, {},
           "update_rule is one of");
  // The packed last dimensions and the shapes, each broken on its own.
  d.refuse("refuse_query_not_divisible", {1, 2, 1, 1, 2, 2}, "linear", false, 0, 0, {},
           "divisible by q_num_heads");
  Tensor q3 = d.draw("rq", 0, d.t, {1, 2, 3}, -3, 0, true);
  d.out.back().inputs[0] = q3;
  d.out.back().attributes[0] = make_attr("q_num_heads", int64_t{2});
  d.out.back().attributes[1] = make_attr("kv_num_heads", int64_t{2});
  d.refuse("refuse_value_not_divisible", {1, 2, 2, 2, 2, 2}, "linear", false, 0, 0, {},
           "value's last dimension");
  d.out.back().inputs[2] = d.draw("rv", 2, d.t, {1, 2, 3}, -3, 0, true);
  d.refuse("refuse_key_head_size", {1, 2, 1, 1, 2, 2}, "linear", false, 0, 0, {}, "key's head size");
  d.out.back().inputs[1] = d.draw("rk", 1, d.t, {1, 2, 3}, -3, 0, true);
  d.refuse("refuse_query_2d", {1, 2, 1, 1, 2, 2}, "linear", false, 0, 0, {}, "3-D packed");
  d.out.back().inputs[0] = d.draw("r2", 0, d.t, {2, 2}, -3, 0, true);
  d.refuse("refuse_batch_mismatch", {1, 2, 1, 1, 2, 2}, "linear", false, 0, 0, {},
           "same batch size B and sequence length T");
  d.out.back().inputs[2] = d.draw("rb", 2, d.t, {2, 2, 2}, -3, 0, true);
  d.refuse("refuse_past_state_shape", {1, 2, 1, 1, 2, 2}, "linear", true, 0, 0, {},
           "past_state is (B, H_kv, d_k, d_v)");
  d.out.back().inputs[3] = d.draw("rp", 3, d.s, {1, 1, 2, 3}, -3, 0, true);
  d.refuse("refuse_decay_shape", {1, 2, 2, 2, 2, 2}, "gated", false, 1, 0, {},
           "decay is (B, T, H_kv * d_k) or (B, T, H_kv)");
  d.out.back().inputs[3] = d.draw("rd", 4, d.t, {1, 2, 3}, -3, 0, true);
  d.refuse("refuse_beta_shape", {1, 2, 2, 2, 2, 2}, "delta", false, 0, 1, {},
           "beta is (B, T, H_kv) or (B, T, 1)");
  d.out.back().inputs[3] = d.draw("rbeta", 5, d.t, {1, 2, 3}, -3, 0, true);
}

}  // namespace

void linear_attention_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  for (DType t : params[0].allowed) {
    LinearDrafter d{row, t, t, out};
    rule_cases(d);
    shape_cases(d);
    attribute_cases(d);
    LinearDrafter special{row, t, t, out, false};
    special.one("nan_in_value", {1, 2, 1, 1, 2, 2}, "gated_delta", true, 1, 1, {}, "special-values");
    std::vector<double> v = values_of(out.back().inputs[2]);
    v[1] = NAN;
    out.back().inputs[2] = tensor_of(t, out.back().inputs[2].shape(), v);
  }
  for (DType t : params[0].allowed)
    for (DType s : params[1].allowed) {  // every (T, S): past_state of S
      LinearDrafter d{row, t, s, out};
      d.one("types_past_state", {1, 2, 2, 1, 2, 2}, "gated_delta", true, 1, 1, {}, "types");
    }
  LinearDrafter d{row, DType::kFloat, DType::kFloat, out, false};
  refusals(d);
}

}  // namespace touchstone::cases
