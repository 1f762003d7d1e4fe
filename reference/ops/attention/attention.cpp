// Attention-23, 24, 25 (attention_plan.h: the shapes, caches and masks by version; exact_row.h:
// the arithmetic). Y = softmax(softcap(scale Q K^T) + bias) V, every value the exact real
// number rounded once to T1: the dot products exact, scale (default 1/sqrt(head_size), the
// real number), softcap's tanh, the softmax's exponentials and the weighted sum of V in
// interval arithmetic at rising precision. softmax_precision changes nothing in the exact
// result; it says how precisely a backend must compute (the judging contract's bound).
// present_key / present_value: past ++ new on the sequence axis (exact copies).
// qk_matmul_output (mode 0: scale Q K^T; 1: after softcap; 2: plus the bias, -inf where
// disallowed; 3: the softmax weights), in T1.
// What the texts leave open, and the reference's answers (implementation-defined, beside the
// plan's own): NaN or inf in a row (a long double evaluation); a fully masked row is a zero
// row (fixed by the 1.23 text, not open); the order "softcap, then mask" is the text's.
#include "reference/ops/attention/attention_ops.h"

#include "reference/ops/attention/exact_row.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops {

namespace {

using attention::Plan;

Tensor attention_cache_tensor(DType dtype, const Plan& p, int64_t heads, int64_t size, const std::vector<double>& values) {
  return norm::tensor_of(dtype, {p.batch, heads, p.total, size}, values);
}

Tensors attend(const Node& node, const Inputs& in, int version) {
  const Plan p = attention::attention_plan(node, in, version);
  node.record_terms(std::max(p.head_size, p.total));
  const DType t1 = in[0].dtype();
  const numeric::FloatFormat f = norm::format_of(t1);
  const int outputs = node.proto().output_size();
  const Shape y_shape = p.q_three_d ? Shape{p.batch, p.q_len, p.q_heads * p.v_head_size} : Shape{p.batch, p.q_heads, p.q_len, p.v_head_size};
  std::vector<double> y(static_cast<size_t>(element_count(y_shape))), qk;
  if (outputs > 3) qk.resize(static_cast<size_t>(p.batch * p.q_heads * p.q_len * p.total));
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t h = 0; h < p.q_heads; ++h)
      for (int64_t i = 0; i < p.q_len; ++i) {
        attention::ExactRow row(p, b, h, i);
        if (row.special()) node.mark(Semantics::kImplementationDefined, "NaN or inf in an attention row (a long double evaluation)");
        for (int64_t v = 0; v < p.v_head_size; ++v) y[static_cast<size_t>(p.y_index(b, h, i, v))] = row.output(v, f);
        if (outputs > 3)
          for (int64_t j = 0; j < p.total; ++j)
            qk[static_cast<size_t>(((b * p.q_heads + h) * p.q_len + i) * p.total + j)] = row.score(j, p.qk_mode, f);
      }
  Tensors out;
  out.push_back(norm::tensor_of(t1, y_shape, y));
  if (outputs > 1) out.push_back(attention_cache_tensor(p.key_type, p, p.kv_heads, p.head_size, p.keys));
  if (outputs > 2) out.push_back(attention_cache_tensor(p.value_type, p, p.kv_heads, p.v_head_size, p.values));
  if (outputs > 3) out.push_back(norm::tensor_of(t1, {p.batch, p.q_heads, p.q_len, p.total}, qk));
  return out;
}

}  // namespace

Tensors attention_v23(const Node& node, const Inputs& in) { return attend(node, in, 23); }
Tensors attention_v24(const Node& node, const Inputs& in) { return attend(node, in, 24); }
Tensors attention_v25(const Node& node, const Inputs& in) { return attend(node, in, 25); }

}  // namespace touchstone::ops
