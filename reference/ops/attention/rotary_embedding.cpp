// RotaryEmbedding-23 (the text's Python is the definition): X 4-D (batch, heads, seq,
// head_size) or 3-D (batch, seq, heads * head_size) with num_heads; the first
// rotary_embedding_dim (0: head_size) channels of each head are rotated, the rest copied.
// Pairs: halves (x_m, x_{m + d/2}) or, interleaved, (x_2m, x_2m+1); with c = cos[m], s =
// sin[m] taken at position_ids[b, t] of 2-D caches (max_position, d/2), or at [b, t] of 3-D
// caches (batch, seq, d/2) without position_ids: real = c x1 - s x2, imag = s x1 + c x2.
// Each is the exact sum of two exact products, rounded once (the exact accumulator).
// Refusals name the rule: 3-D without num_heads, head_size or rotary_embedding_dim odd,
// rotary_embedding_dim above head_size, caches of the wrong shape, a position id outside
// the cache's rows (numpy would wrap a negative one; the text's shapes say [0, max)).
#include "reference/ops/attention/rotary_embedding.h"

#include "reference/numeric/accumulator.h"
#include "reference/ops/attention/attention_ops.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops {

namespace rotary {

namespace {

struct Geometry {
  int64_t batch, heads, seq, head_size;
  bool three_d;
  int64_t at(int64_t b, int64_t t, int64_t h, int64_t k) const {
    return three_d ? ((b * seq + t) * heads + h) * head_size + k : ((b * heads + h) * seq + t) * head_size + k;
  }
};

Geometry geometry_of(const Node& node, const Shape& s) {
  const std::string rule = node.op_version() + ": ";
  if (s.size() == 4) {
    if (s[3] % 2 != 0) invalid_model(rule + "a 4-D X has an even head_size");
    return {s[0], s[1], s[2], s[3], false};
  }
  if (s.size() != 3) invalid_model(rule + "X is 3-D (batch, sequence, hidden) or 4-D (batch, heads, sequence, head_size)");
  const int64_t heads = node.attr_int("num_heads", 0);
  if (heads <= 0) invalid_model(rule + "a 3-D X needs num_heads (positive)");
  if (s[2] % heads != 0 || (s[2] / heads) % 2 != 0)
    invalid_model(rule + "a 3-D X's hidden size is an even multiple of num_heads (hidden = num_heads * head_size, head_size even)");
  return {s[0], heads, s[1], s[2] / heads, true};
}

}  // namespace

std::vector<Term> rotary_terms(const Node& node, const Inputs& in) {
  const std::string rule = node.op_version() + ": ";
  const Geometry g = geometry_of(node, in[0].shape());
  int64_t dim = node.attr_int("rotary_embedding_dim", 0);
  if (dim == 0) dim = g.head_size;
  if (dim < 0 || dim > g.head_size || dim % 2 != 0)
    invalid_model(rule + "rotary_embedding_dim is even and at most head_size (0: head_size)");
  const int64_t half = dim / 2;
  const Shape& cs = in[1].shape();
  if (in[2].shape() != cs) invalid_model(rule + "cos_cache and sin_cache have the same shape");
  const bool ids = in.has(3);
  std::vector<int64_t> positions;
  if (ids) {
    if (in[3].shape() != Shape{g.batch, g.seq}) invalid_model(rule + "position_ids is (batch_size, sequence_length)");
    if (cs.size() != 2 || cs[1] != half) invalid_model(rule + "with position_ids, the caches are (max_position_id_plus_1, rotary_embedding_dim / 2)");
    for (int64_t p : in[3].data<int64_t>()) {
      if (p < 0 || p >= cs[0]) invalid_model(rule + "position_ids index the caches' rows: [0, max_position_id_plus_1)");
      positions.push_back(p);
    }
  } else if (cs != Shape{g.batch, g.seq, half}) {
    invalid_model(rule + "without position_ids, the caches are (batch_size, sequence_length, rotary_embedding_dim / 2)");
  }
  const bool interleaved = node.attr_int("interleaved", 0) != 0;
  std::vector<Term> terms(static_cast<size_t>(in[0].size()));
  for (int64_t b = 0; b < g.batch; ++b)
    for (int64_t t = 0; t < g.seq; ++t) {
      const int64_t row = ids ? positions[static_cast<size_t>(b * g.seq + t)] : b * g.seq + t;
      for (int64_t h = 0; h < g.heads; ++h)
        for (int64_t k = 0; k < dim; ++k) {
          const int64_t m = interleaved ? k / 2 : k % half;
          const int64_t first = interleaved ? 2 * m : m, second = interleaved ? 2 * m + 1 : m + half;
          Term& term = terms[static_cast<size_t>(g.at(b, t, h, k))];
          term = {g.at(b, t, h, first), g.at(b, t, h, second), row * half + m, interleaved ? k % 2 == 1 : k >= half};
        }
    }
  return terms;
}

}  // namespace rotary

Tensors rotary_embedding_v23(const Node& node, const Inputs& in) {
  const std::vector<rotary::Term> terms = rotary::rotary_terms(node, in);
  node.record_terms(2);
  const std::vector<double> x = norm::doubles_of(in[0]), c = norm::doubles_of(in[1]), s = norm::doubles_of(in[2]);
  const numeric::FloatFormat f = norm::format_of(in[0].dtype());
  std::vector<double> y(x.size());
  numeric::ExactAccumulator acc;
  for (size_t i = 0; i < terms.size(); ++i) {
    const rotary::Term& t = terms[i];
    if (t.x1 < 0) {
      y[i] = x[i];
      continue;
    }
    const auto a = static_cast<size_t>(t.angle);
    acc.clear();
    if (t.imaginary) {
      acc.add_product(s[a], x[static_cast<size_t>(t.x1)]);
      acc.add_product(c[a], x[static_cast<size_t>(t.x2)]);
    } else {
      acc.add_product(c[a], x[static_cast<size_t>(t.x1)]);
      acc.add_product(-s[a], x[static_cast<size_t>(t.x2)]);
    }
    y[i] = acc.rounded(f);
  }
  return {norm::tensor_of(in[0].dtype(), in[0].shape(), y)};
}

}  // namespace touchstone::ops
