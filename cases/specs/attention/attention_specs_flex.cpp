// Case specs of ai.onnx.preview FlexAttention-1: MHA, GQA, MQA, v_head_size != head_size, one
// head with sequence and head size 1, kv length 1, an empty batch, 32 keys, scale,
// softmax_precision (float, double, float16), and the modifier subgraphs on S tensors: a
// score_mod adding a causal -inf mask, a softcap score_mod (2 tanh(x / 2)), a prob_mod scaling by
// 1/2, both together, a score_mod masking a whole row (implementation-defined: zeros); a NaN;
// refusals (ranks, heads, head sizes, lengths, softmax_precision, a modifier with two inputs, of
// another type, or changing the shape) named after the rule.
#include <cmath>
#include <string>

#include "cases/specs/attention/attention_cases.h"
#include "cases/specs/control/control_graphs.h"
#include "cases/specs/core/binary.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;
using namespace graphs;

onnx::NodeProto flex_constant(const std::string& out, const Tensor& value) {
  onnx::AttributeProto a;
  a.set_name("value");
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = tensor_to_proto(value, out);
  return node("Constant", {}, {out}, {a});
}

// (x) -> x op c, declared of type s.
onnx::AttributeProto binary_mod(const std::string& attr, const std::string& op, const Tensor& c, DType s) {
  return graph_attr(attr, graph(attr, {{declare_tensor("x", s)},
                                       {declare_tensor("y", s)},
                                       {flex_constant("c", c), node(op, {"x", "c"}, {"y"})}}));
}

// (x) -> 2 tanh(x / 2).
onnx::AttributeProto softcap_mod(DType s) {
  const Tensor two = tensor_of(s, {}, {2});
  return graph_attr("score_mod",
                    graph("softcap", {{declare_tensor("x", s)},
                                      {declare_tensor("y", s)},
                                      {flex_constant("c", two), node("Div", {"x", "c"}, {"d"}),
                                       node("Tanh", {"d"}, {"t"}), node("Mul", {"t", "c"}, {"y"})}}));
}

// 0 where key j <= query i + (kv - q) (bottom-right causal), -inf elsewhere, (q, kv) of type s.
Tensor causal_mask(DType s, int64_t q, int64_t kv) {
  std::vector<double> m;
  for (int64_t i = 0; i < q; ++i)
    for (int64_t j = 0; j < kv; ++j) m.push_back(j <= i + kv - q ? 0.0 : -INFINITY);
  return tensor_of(s, {q, kv}, m);
}

struct FlexDrafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  std::vector<Tensor> qkv(const std::string& name, const Shape& q, const Shape& k, const Shape& v) const {
    Domain d;
    d.exp_lo = -3, d.exp_hi = 0;
    const std::string id = case_id(row, {t, t, t}, name);
    return {random_of(id + "/0", t, q, d), random_of(id + "/1", t, k, d), random_of(id + "/2", t, v)};
  }
  void one(const std::string& name, std::vector<Tensor> in, Attrs attrs, const char* tag = "random") {
    binary::add(out, name, std::move(in), std::move(attrs), {tag}, "", smoke);
    smoke = false;
  }
  void refuse(const std::string& name, std::vector<Tensor> in, Attrs attrs, const std::string& rule) {
    binary::add(out, name, std::move(in), std::move(attrs), {"attribute"}, row.label() + ": " + rule, false);
  }
};

void shape_cases(FlexDrafter& d) {
  d.one("mha_b2_h2_q3_kv4_d4", d.qkv("mha", {2, 2, 3, 4}, {2, 2, 4, 4}, {2, 2, 4, 4}), {});
  d.one("gqa_h4_kv2", d.qkv("gqa", {1, 4, 2, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}), {});
  d.one("mqa_h3_kv1", d.qkv("mqa", {1, 3, 2, 4}, {1, 1, 5, 4}, {1, 1, 5, 4}), {});
  d.one("v_head_size_3_of_4", d.qkv("vh3", {1, 2, 2, 4}, {1, 2, 5, 4}, {1, 2, 5, 3}), {});
  d.one("one_head_seq1_d1", d.qkv("tiny", {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}), {}, "degenerate");
  d.one("kv_len_1", d.qkv("kv1", {1, 2, 3, 4}, {1, 2, 1, 4}, {1, 2, 1, 4}), {}, "degenerate");
  d.one("empty_batch_0", d.qkv("empty", {0, 2, 3, 4}, {0, 2, 4, 4}, {0, 2, 4, 4}), {}, "empty");
  d.one("long_kv_32_d8", d.qkv("long", {1, 1, 2, 8}, {1, 1, 32, 8}, {1, 1, 32, 4}), {});
}

void attribute_cases(FlexDrafter& d, DType s) {
  const auto base = [&](const std::string& n) { return d.qkv(n, {1, 2, 3, 4}, {1, 2, 5, 4}, {1, 2, 5, 4}); };
  d.one("scale_0.5", base("scale"), {make_attr("scale", 0.5f)});
  d.one("softmax_precision_float", base("sp1"), {make_attr("softmax_precision", int64_t{1})});
  d.one("softmax_precision_double", base("sp11"), {make_attr("softmax_precision", int64_t{11})});
  d.one("softmax_precision_float16", base("sp10"), {make_attr("softmax_precision", int64_t{10})});
  d.one("score_mod_causal_mask", base("causal"), {binary_mod("score_mod", "Add", causal_mask(s, 3, 5), s)});
  d.one("score_mod_softcap_2", base("softcap"), {softcap_mod(s), make_attr("scale", 4.0f)});
  d.one("prob_mod_half", base("half"), {binary_mod("prob_mod", "Mul", tensor_of(s, {}, {0.5}), s)});
  d.one("score_and_prob_mod", base("both"),
        {binary_mod("score_mod", "Add", causal_mask(s, 3, 5), s),
         binary_mod("prob_mod", "Mul", tensor_of(s, {}, {0.5}), s)});
  d.one("score_mod_float16_softmax", base("mod16"),
        {make_attr("softmax_precision", int64_t{10}),
         binary_mod("score_mod", "Add", causal_mask(DType::kFloat16, 3, 5), DType::kFloat16)});
  d.one("score_mod_masks_row_1", base("masked"),
        {binary_mod("score_mod", "Add", tensor_of(s, {3, 1}, {0, -INFINITY, 0}), s)}, "masked-row");
}

void refusals(FlexDrafter& d) {
  d.refuse("refuse_q_rank3", d.qkv("r3", {1, 3, 4}, {1, 1, 3, 4}, {1, 1, 3, 4}), {},
           "Q, K and V MUST be rank-4 tensors");
  d.refuse("refuse_q_heads_3_kv_2", d.qkv("rh", {1, 3, 2, 4}, {1, 2, 2, 4}, {1, 2, 2, 4}), {},
           "q_num_heads must be a multiple of kv_num_heads");
  d.refuse("refuse_head_size_4_vs_3", d.qkv("rd", {1, 1, 2, 4}, {1, 1, 2, 3}, {1, 1, 2, 3}), {},
           "Q and K have the same head_size");
  d.refuse("refuse_kv_len_3_vs_2", d.qkv("rl", {1, 1, 2, 4}, {1, 1, 3, 4}, {1, 1, 2, 4}), {},
           "K and V have the same kv_num_heads and kv_sequence_length");
  const auto base = [&](const std::string& n) { return d.qkv(n, {1, 1, 2, 4}, {1, 1, 3, 4}, {1, 1, 3, 4}); };
  d.refuse("refuse_softmax_precision_6", base("rsp"), {make_attr("softmax_precision", int64_t{6})},
           "softmax_precision names a float type");
  const auto two_inputs = graph_attr(
      "score_mod", graph("two", {{declare_tensor("x", DType::kFloat), declare_tensor("z", DType::kFloat)},
                                 {declare_tensor("y", DType::kFloat)},
                                 {node("Add", {"x", "z"}, {"y"})}}));
  d.refuse("refuse_score_mod_two_inputs", base("r2"), {two_inputs},
           "score_mod takes exactly one input and produces exactly one output");
  d.refuse("refuse_prob_mod_float16_for_float", base("r16"),
           {binary_mod("prob_mod", "Mul", tensor_of(DType::kFloat16, {}, {2}), DType::kFloat16)},
           "prob_mod input is a rank-4 tensor of softmax_precision's type");
  const auto reduce = graph_attr(
      "score_mod", graph("reduce", {{declare_tensor("x", DType::kFloat)},
                                    {declare_tensor("y", DType::kFloat)},
                                    {node("ReduceMax", {"x"}, {"y"}, {make_attr("keepdims", int64_t{1})})}}));
  d.refuse("refuse_score_mod_changes_shape", base("rs"), {reduce},
           "score_mod's output must have its input's shape");
}

}  // namespace

void flex_attention_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  for (DType t : params[0].allowed) {
    FlexDrafter d{row, t, out};
    shape_cases(d);
    attribute_cases(d, t == DType::kDouble ? DType::kDouble : DType::kFloat);
    FlexDrafter special{row, t, out, false};
    auto in = special.qkv("nan", {1, 1, 2, 3}, {1, 1, 2, 3}, {1, 1, 2, 3});
    std::vector<double> q = values_of(in[0]);
    q[0] = NAN;
    in[0] = tensor_of(t, {1, 1, 2, 3}, q);
    special.one("nan_in_first_query", std::move(in), {}, "special-values");
  }
  FlexDrafter d{row, DType::kFloat, out, false};
  refusals(d);
}

}  // namespace touchstone::cases
