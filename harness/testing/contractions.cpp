// MatMul (numpy.matmul: 1-D promotion, batch broadcasting), Gemm (transA/transB, alpha,
// beta, C broadcast to (M, N)) and Einsum (explicit or implicit output, any number of
// operands, no ellipsis or repeated label) as lists of dot-product terms.
#include "harness/testing/contractions.h"

#include <algorithm>
#include <map>

#include "reference/numeric/exact.h"

namespace touchstone::testing {

namespace {

std::vector<double> values_of(const Tensor& t) {
  std::vector<double> v;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (const T& x : t.data<T>()) v.push_back(numeric::widen(x));
  });
  return v;
}

int64_t product_of(const Shape& s) {
  int64_t p = 1;
  for (int64_t d : s) p *= d;
  return p;
}

// Row-major multi-index of flat index q in `shape`.
std::vector<int64_t> unflatten(int64_t q, const Shape& shape) {
  std::vector<int64_t> idx(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    idx[i] = shape[i] == 0 ? 0 : q % shape[i];
    q = shape[i] == 0 ? 0 : q / shape[i];
  }
  return idx;
}

// Flat index, in a tensor of shape `from` right-aligned to `out` (numpy broadcasting: a
// dimension of 1 stays at 0), of the element at multi-index `idx` of `out`.
int64_t broadcast_flat(const std::vector<int64_t>& idx, const Shape& from) {
  int64_t flat = 0;
  const size_t skip = idx.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i) flat = flat * from[i] + (from[i] == 1 ? 0 : idx[skip + i]);
  return flat;
}

std::optional<std::vector<DotElement>> matmul(const Tensor& a, const Tensor& b) {
  Shape sa = a.shape(), sb = b.shape();
  if (sa.empty() || sb.empty()) return std::nullopt;
  if (sa.size() == 1) sa.insert(sa.begin(), 1);
  if (sb.size() == 1) sb.push_back(1);
  const int64_t m = sa[sa.size() - 2], k = sa.back(), n = sb.back();
  if (sb[sb.size() - 2] != k) return std::nullopt;
  const Shape ba(sa.begin(), sa.end() - 2), bb(sb.begin(), sb.end() - 2);
  Shape batch(std::max(ba.size(), bb.size()), 1);
  for (size_t i = 0; i < batch.size(); ++i) {
    const int64_t da = i + ba.size() >= batch.size() ? ba[i + ba.size() - batch.size()] : 1;
    const int64_t db = i + bb.size() >= batch.size() ? bb[i + bb.size() - batch.size()] : 1;
    if (da != db && da != 1 && db != 1) return std::nullopt;
    batch[i] = da == 1 ? db : da;
  }
  const auto x = values_of(a), y = values_of(b);
  std::vector<DotElement> out;
  for (int64_t q = 0; q < product_of(batch); ++q) {
    const auto idx = unflatten(q, batch);
    const int64_t oa = broadcast_flat(idx, ba) * m * k, ob = broadcast_flat(idx, bb) * k * n;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        DotElement e;
        for (int64_t l = 0; l < k; ++l) e.terms.push_back({x[oa + i * k + l], y[ob + l * n + j]});
        out.push_back(std::move(e));
      }
  }
  return out;
}

std::optional<std::vector<DotElement>> gemm(const ContractionNode& node, const Tensor& a, const Tensor& b,
                                             const Tensor* c) {
  if (a.rank() != 2 || b.rank() != 2 || (c && c->rank() > 2)) return std::nullopt;
  const int64_t m = a.shape()[node.trans_a ? 1 : 0], k = a.shape()[node.trans_a ? 0 : 1];
  const int64_t n = b.shape()[node.trans_b ? 0 : 1];
  if (b.shape()[node.trans_b ? 1 : 0] != k) return std::nullopt;
  const Shape cs = c ? c->shape() : Shape{};
  for (size_t i = 0; i < cs.size(); ++i)
    if (cs[i] != 1 && cs[i] != (i + 2 == cs.size() ? m : n)) return std::nullopt;
  const auto x = values_of(a), y = values_of(b);
  const auto z = c ? values_of(*c) : std::vector<double>{};
  std::vector<DotElement> out;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      DotElement e;
      for (int64_t l = 0; l < k; ++l)
        e.terms.push_back({x[node.trans_a ? l * m + i : i * k + l], y[node.trans_b ? j * k + l : l * n + j]});
      e.alpha = node.alpha;
      if (c) {
        e.beta = node.beta;
        e.c = z[broadcast_flat({i, j}, cs)];
      }
      out.push_back(std::move(e));
    }
  return out;
}

std::optional<std::vector<DotElement>> einsum(const std::string& equation, const std::vector<const Tensor*>& inputs) {
  std::string eq;
  for (char ch : equation)
    if (ch != ' ') eq.push_back(ch);
  if (eq.find('.') != std::string::npos) return std::nullopt;
  const auto arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::string> terms(1);
  for (char ch : lhs) {
    if (ch == ',') terms.emplace_back();
    else terms.back().push_back(ch);
  }
  if (terms.size() != inputs.size()) return std::nullopt;
  std::map<char, int64_t> dims, count;
  for (size_t t = 0; t < terms.size(); ++t) {
    if (static_cast<int64_t>(terms[t].size()) != inputs[t]->rank()) return std::nullopt;
    for (size_t i = 0; i < terms[t].size(); ++i) {
      const char l = terms[t][i];
      if (terms[t].find(l) != i) return std::nullopt;  // a repeated label (a diagonal)
      if (dims.count(l) && dims[l] != inputs[t]->shape()[i]) return std::nullopt;
      dims[l] = inputs[t]->shape()[i];
      ++count[l];
    }
  }
  std::string output;
  if (arrow != std::string::npos) {
    output = eq.substr(arrow + 2);
  } else {
    for (const auto& [l, c] : count)  // implicit: the labels seen once, in alphabetical order
      if (c == 1) output.push_back(l);
  }
  std::string summed;
  for (const auto& [l, c] : dims)
    if (output.find(l) == std::string::npos) summed.push_back(l);
  auto shape_of = [&](const std::string& labels) {
    Shape s;
    for (char l : labels) s.push_back(dims.at(l));
    return s;
  };
  const Shape out_shape = shape_of(output), sum_shape = shape_of(summed);
  std::vector<std::vector<double>> values;
  for (const Tensor* t : inputs) values.push_back(values_of(*t));
  std::vector<DotElement> out;
  std::map<char, int64_t> at;
  for (int64_t q = 0; q < product_of(out_shape); ++q) {
    const auto oi = unflatten(q, out_shape);
    for (size_t i = 0; i < output.size(); ++i) at[output[i]] = oi[i];
    DotElement e;
    for (int64_t r = 0; r < product_of(sum_shape); ++r) {
      const auto si = unflatten(r, sum_shape);
      for (size_t i = 0; i < summed.size(); ++i) at[summed[i]] = si[i];
      std::vector<double> factors;
      for (size_t t = 0; t < terms.size(); ++t) {
        int64_t flat = 0;
        for (char l : terms[t]) flat = flat * dims[l] + at[l];
        factors.push_back(values[t][flat]);
      }
      e.terms.push_back(std::move(factors));
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace

std::optional<std::vector<DotElement>> dot_elements(const ContractionNode& node, const std::vector<const Tensor*>& inputs) {
  for (const Tensor* t : inputs)
    if (t && !is_float_dtype(t->dtype())) return std::nullopt;
  if (node.op == "MatMul" && inputs.size() == 2 && inputs[0] && inputs[1]) return matmul(*inputs[0], *inputs[1]);
  if (node.op == "Gemm" && inputs.size() >= 2 && inputs[0] && inputs[1])
    return gemm(node, *inputs[0], *inputs[1], inputs.size() > 2 ? inputs[2] : nullptr);
  if (node.op == "Einsum" && !inputs.empty() &&
      std::all_of(inputs.begin(), inputs.end(), [](const Tensor* t) { return t != nullptr; }))
    return einsum(node.equation, inputs);
  return std::nullopt;
}

}  // namespace touchstone::testing
