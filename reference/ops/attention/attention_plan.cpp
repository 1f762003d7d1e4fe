// Attention's shapes, heads, caches and masks (attention_plan.h), by version:
// - 23: Q, K, V 3-D (batch, seq, heads * head_size; q_num_heads / kv_num_heads say the
//   heads) or 4-D (batch, heads, seq, head_size), each input on its own; q heads a multiple
//   of kv heads; past_key/past_value (both or neither) before K/V on the sequence axis;
//   attn_mask broadcast to (batch, q_heads, q_len, total); is_causal: query i attends key j
//   iff j <= i + past_len.
// - 24: + nonpad_kv_seqlen (batch,): keys from nonpad[b] on are padding; the causal offset
//   without past_key is nonpad[b] - q_len; the mask's last dimension may be shorter than
//   total (the rest is -inf).
// - 25: + left_window_size / right_window_size around p = offset + i.
// What the texts leave open (marked implementation-defined): which query heads share a KV
// head (the reference: floor(h / group), FlexAttention's text), an integer mask or a float
// mask of another type than Q (added as its value), nonpad_kv_seqlen with past_key (the
// offset is past_len), nonpad values outside [0, total] (clamped: undefined).
#include <algorithm>
#include <cmath>
#include <string>

#include "reference/numeric/exact.h"
#include "reference/ops/attention/attention_plan.h"

namespace touchstone::ops::attention {

namespace {

std::vector<double> exact_values(const Tensor& t) {
  std::vector<double> out;
  out.reserve(static_cast<size_t>(t.size()));
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (const T& v : t.data<T>()) out.push_back(numeric::widen(v));
    } else if constexpr (std::is_same_v<T, bool>) {
      for (bool v : t.data<bool>()) out.push_back(v ? 1 : 0);
    } else if constexpr (std::is_integral_v<T>) {
      for (const T& v : t.data<T>()) out.push_back(static_cast<double>(v));
    } else {
      throw std::logic_error("Attention read a tensor of an unexpected type");  // the schema prevents it
    }
  });
  return out;
}

struct Layout {
  int64_t batch = 0, heads = 0, len = 0, size = 0;
  bool three_d = false;
};

// A Q, K or V input's (batch, heads, seq, size), 3-D with `heads_attr` or 4-D.
Layout layout_of(const Node& node, const Tensor& t, const char* name, const char* heads_attr) {
  const Shape& s = t.shape();
  const std::string rule = node.op_version() + ": ";
  Layout l;
  if (s.size() == 4) {
    l = {s[0], s[1], s[2], s[3], false};
    if (auto h = node.attr_opt_int(heads_attr); h && *h != l.heads)
      invalid_model(rule + heads_attr + " (" + std::to_string(*h) + ") is " + name + "'s head dimension (" + std::to_string(l.heads) + ")");
    return l;
  }
  if (s.size() != 3) invalid_model(rule + name + " is 3-D (batch, sequence, hidden) or 4-D (batch, heads, sequence, head_size)");
  const auto heads = node.attr_opt_int(heads_attr);
  if (!heads) invalid_model(rule + "a 3-D " + name + " needs " + heads_attr);
  if (*heads <= 0 || s[2] % *heads != 0)
    invalid_model(rule + heads_attr + " is positive and divides " + name + "'s hidden size (" + std::to_string(s[2]) + ")");
  return {s[0], *heads, s[1], s[2] / *heads, true};
}

// Element (b, h, j, k) of a Q/K/V input in 4-D order.
int64_t source_index(const Layout& l, int64_t b, int64_t h, int64_t j, int64_t k) {
  return l.three_d ? ((b * l.len + j) * l.heads + h) * l.size + k : ((b * l.heads + h) * l.len + j) * l.size + k;
}

// past (4-D, optional) ++ new on the sequence axis, in 4-D order.
std::vector<double> present(const Layout& l, const std::vector<double>& now, const std::vector<double>& past, int64_t past_len) {
  const int64_t total = past_len + l.len;
  std::vector<double> out(static_cast<size_t>(l.batch * l.heads * total * l.size));
  for (int64_t b = 0; b < l.batch; ++b)
    for (int64_t h = 0; h < l.heads; ++h)
      for (int64_t j = 0; j < total; ++j)
        for (int64_t k = 0; k < l.size; ++k) {
          const auto at = static_cast<size_t>(((b * l.heads + h) * total + j) * l.size + k);
          out[at] = j < past_len ? past[static_cast<size_t>(((b * l.heads + h) * past_len + j) * l.size + k)]
                                 : now[static_cast<size_t>(source_index(l, b, h, j - past_len, k))];
        }
  return out;
}

void check_past(const Node& node, const Tensor& past, const Layout& now, const char* name) {
  const Shape& s = past.shape();
  if (s.size() != 4 || s[0] != now.batch || s[1] != now.heads || s[3] != now.size)
    invalid_model(node.op_version() + ": " + name + " is (batch, kv_num_heads, past_sequence_length, head_size) of the new keys/values");
}

// The mask's value at (b, h, i, j) of (batch, q_heads, q_len, total), numpy-broadcast from
// the right; a last dimension shorter than total (24+) pads with "disallowed".
struct MaskView {
  const std::vector<double>* values = nullptr;
  Shape shape;  // right-aligned to 4 dims
  bool boolean = false;
  double at(int64_t b, int64_t h, int64_t i, int64_t j) const {
    const int64_t idx[4] = {b, h, i, j};
    int64_t flat = 0;
    for (int d = 0; d < 4; ++d) {
      int64_t k = shape[d] == 1 ? 0 : idx[d];
      if (d == 3 && shape[d] != 1 && j >= shape[d]) return boolean ? 0 : -INFINITY;
      flat = flat * shape[d] + k;
    }
    return (*values)[static_cast<size_t>(flat)];
  }
};

MaskView mask_view(const Node& node, const Tensor& mask, const std::vector<double>& values, const Plan& p, int version,
                   DType q_type) {
  const std::string rule = node.op_version() + ": attn_mask is broadcastable to (batch, q_num_heads, q_sequence_length, total_sequence_length)";
  if (mask.shape().size() > 4) invalid_model(rule);
  MaskView m{&values, Shape(4 - mask.shape().size(), 1), mask.dtype() == DType::kBool};
  m.shape.insert(m.shape.end(), mask.shape().begin(), mask.shape().end());
  const int64_t target[4] = {p.batch, p.q_heads, p.q_len, p.total};
  for (int d = 0; d < 4; ++d) {
    const bool shorter = d == 3 && version >= 24 && m.shape[d] < target[d];
    if (m.shape[d] != target[d] && m.shape[d] != 1 && !shorter)
      invalid_model(rule + (version >= 24 ? " (its last dimension may be shorter)" : ""));
  }
  if (!m.boolean && mask.dtype() != q_type)
    node.mark(Semantics::kImplementationDefined,
              "an attn_mask that is neither boolean nor of Q's type (the text names those two; the reference adds its values)");
  return m;
}

// The causal offset of batch b: past_len, or (24+, no past) nonpad[b] - q_len, or 0.
int64_t causal_offset(const Plan& p, const std::vector<int64_t>& nonpad, bool has_past, int version, int64_t b) {
  if (has_past || version < 24 || nonpad.empty()) return p.past_len;
  return nonpad[static_cast<size_t>(b)] - p.q_len;
}

void fill_bias(const Node& node, const Inputs& in, Plan& p, int version, bool has_past) {
  std::vector<int64_t> nonpad;
  if (version >= 24 && in.has(6)) {
    const Tensor& n = in[6];
    if (n.shape() != Shape{p.batch}) invalid_model(node.op_version() + ": nonpad_kv_seqlen has shape (batch_size,)");
    for (int64_t v : n.data<int64_t>()) {
      if (v < 0 || v > p.total) node.mark(Semantics::kUndefined, "a nonpad_kv_seqlen outside [0, total_sequence_length] (clamped)");
      nonpad.push_back(std::clamp<int64_t>(v, 0, p.total));
    }
    if (has_past)
      node.mark(Semantics::kImplementationDefined, "nonpad_kv_seqlen with past_key (the text says not to; the causal offset is past_len)");
  }
  std::vector<double> mask_values;
  MaskView mask;
  if (in.has(3)) {
    mask_values = exact_values(in[3]);
    mask = mask_view(node, in[3], mask_values, p, version, in[0].dtype());
  }
  const bool causal = node.attr_int("is_causal", 0) != 0;
  const int64_t left = version >= 25 ? node.attr_int("left_window_size", -1) : -1;
  const int64_t right = version >= 25 ? node.attr_int("right_window_size", -1) : -1;
  p.bias.assign(static_cast<size_t>(p.batch * p.q_heads * p.q_len * p.total), 0.0);
  for (int64_t b = 0; b < p.batch; ++b) {
    const int64_t offset = causal_offset(p, nonpad, has_past, version, b);
    const int64_t valid = nonpad.empty() ? p.total : nonpad[static_cast<size_t>(b)];
    for (int64_t h = 0; h < p.q_heads; ++h)
      for (int64_t i = 0; i < p.q_len; ++i)
        for (int64_t j = 0; j < p.total; ++j) {
          const int64_t pos = offset + i;
          bool allowed = j < valid && (!causal || j <= pos);
          allowed = allowed && (left < 0 || j >= pos - left) && (right < 0 || j <= pos + right);
          double bias = 0;
          if (in.has(3)) {
            const double m = mask.at(b, h, i, j);
            if (mask.boolean) allowed = allowed && m != 0;
            else bias = m;
          }
          p.bias[static_cast<size_t>(((b * p.q_heads + h) * p.q_len + i) * p.total + j)] = allowed ? bias : -INFINITY;
        }
  }
}

}  // namespace

Plan attention_plan(const Node& node, const Inputs& in, int version) {
  const std::string rule = node.op_version() + ": ";
  const Layout q = layout_of(node, in[0], "Q", "q_num_heads");
  const Layout k = layout_of(node, in[1], "K", "kv_num_heads");
  const Layout v = layout_of(node, in[2], "V", "kv_num_heads");
  if (k.batch != q.batch || v.batch != q.batch) invalid_model(rule + "Q, K and V have the same batch size");
  if (k.size != q.size) invalid_model(rule + "Q and K have the same head_size");
  if (v.heads != k.heads || v.len != k.len) invalid_model(rule + "K and V have the same heads and sequence length");
  if (k.heads <= 0 || q.heads % k.heads != 0) invalid_model(rule + "q_num_heads is a multiple of kv_num_heads");
  const bool past_key = in.has(4), past_value = in.has(5);
  if (past_key != past_value) invalid_model(rule + "past_key and past_value are given together");
  Plan p;
  p.batch = q.batch, p.q_heads = q.heads, p.kv_heads = k.heads, p.q_len = q.len, p.kv_len = k.len;
  p.head_size = q.size, p.v_head_size = v.size, p.q_three_d = q.three_d;
  if (past_key) {
    check_past(node, in[4], k, "past_key");
    check_past(node, in[5], v, "past_value");
    p.past_len = in[4].shape()[2];
    if (in[5].shape()[2] != p.past_len) invalid_model(rule + "past_key and past_value have the same sequence length");
  }
  p.total = p.past_len + p.kv_len;
  if (node.has_attr("scale")) p.scale = node.attr_float("scale", 1.0f);
  p.softcap = node.attr_float("softcap", 0.0f);
  p.qk_mode = node.attr_int("qk_matmul_output_mode", 0);
  if (p.qk_mode < 0 || p.qk_mode > 3) invalid_model(rule + "qk_matmul_output_mode is 0, 1, 2 or 3");
  if (auto sp = node.attr_opt_int("softmax_precision"); sp && *sp != 1 && *sp != 10 && *sp != 11 && *sp != 16)
    invalid_model(rule + "softmax_precision names a float type: 1 (float), 10 (float16), 11 (double) or 16 (bfloat16)");
  if (p.q_heads != p.kv_heads)
    node.mark(Semantics::kImplementationDefined,
              "grouped KV heads: the text does not say which query heads share a KV head (the reference: floor(h / group))");
  const std::vector<double> qv = exact_values(in[0]), kv = exact_values(in[1]), vv = exact_values(in[2]);
  const Layout q4 = q;
  p.q = present(q4, qv, {}, 0);
  p.keys = present(k, kv, past_key ? exact_values(in[4]) : std::vector<double>{}, p.past_len);
  p.values = present(v, vv, past_value ? exact_values(in[5]) : std::vector<double>{}, p.past_len);
  p.key_type = in[1].dtype();
  p.value_type = in[2].dtype();
  fill_bias(node, in, p, version, past_key);
  return p;
}

}  // namespace touchstone::ops::attention
