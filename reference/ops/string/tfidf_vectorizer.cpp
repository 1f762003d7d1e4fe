// TfIdfVectorizer-9: counts of the pool's n-grams in each row of X ([C]: one row; [N, C]:
// N rows, n-grams never cross rows). The pool (pool_int64s for int32/int64 X, pool_strings
// for string X; exactly one) lists the 1-grams first, then the 2-grams, ...: ngram_counts[k]
// is where the (k+1)-grams start. An n-gram of length n with skip s (0 <= s <=
// max_skip_count) is X[i], X[i + s + 1], ..., X[i + (n - 1)(s + 1)]; every length from
// min_gram_length to max_gram_length and every skip is counted, a 1-gram once per
// position (its skips name the same element: ONNX's and ONNX Runtime's reading, which
// ONNX's node tests fix). The i-th pool n-gram's count goes to Y[ngram_indexes[i]]; Y has
// max(ngram_indexes) + 1 columns, float. Modes: TF the count; IDF min(count, 1) times
// weights[i]; TFIDF count times weights[i] (weights absent: all 1). Each value is the
// exact product rounded once to float. Refused: a mode not TF/IDF/TFIDF, lengths and skip
// out of range, both pools or none, a pool of the other kind than X, ngram_counts not
// starting at 0 / decreasing / past the pool / cutting an n-gram, ngram_indexes or weights
// not one per pool n-gram, a negative or repeated index, an n-gram listed twice, X of rank above 2.
#include <algorithm>
#include <map>
#include <set>
#include <variant>

#include "reference/error.h"
#include "reference/ops/string/string_ops.h"
#include "reference/ops/string/utf8_text.h"

namespace touchstone::ops {

namespace {

using GramItem = std::variant<int64_t, std::string>;
using Gram = std::vector<GramItem>;

struct TfIdfPool {
  std::map<Gram, size_t> index_of;  // n-gram -> its position among the pool's n-grams
  std::vector<int64_t> output_index;
  std::vector<float> weights;
  size_t longest = 0;
};

TfIdfPool read_pool(const Node& node, DType x_type) {
  const bool has_ints = node.has_attr("pool_int64s"), has_strings = node.has_attr("pool_strings");
  if (has_ints == has_strings) invalid_model("exactly one of pool_int64s and pool_strings must be given");
  if (has_strings != (x_type == DType::kString))
    invalid_model(std::string(has_strings ? "pool_strings" : "pool_int64s") + " does not match X's type " +
                  std::string(dtype_name(x_type)));
  std::vector<GramItem> items;
  if (has_ints)
    for (int64_t v : node.attr_ints("pool_int64s")) items.emplace_back(v);
  else
    for (auto& s : text::attr_strings(node, "pool_strings")) items.emplace_back(s);
  const std::vector<int64_t> starts = node.attr_ints("ngram_counts");
  TfIdfPool pool;
  for (size_t k = 0; k < starts.size(); ++k) {
    const int64_t begin = starts[k],
                  end = k + 1 < starts.size() ? starts[k + 1] : static_cast<int64_t>(items.size());
    if ((k == 0 && begin != 0) || begin > end || end > static_cast<int64_t>(items.size()))
      invalid_model("ngram_counts must start at 0 and not decrease, within the pool's " +
                    std::to_string(items.size()) + " items");
    const auto n = static_cast<int64_t>(k + 1);
    if ((end - begin) % n != 0)
      invalid_model("the " + std::to_string(n) + "-grams (pool items " + std::to_string(begin) + " to " +
                    std::to_string(end) + ") are not a whole number of " + std::to_string(n) + "-grams");
    for (int64_t at = begin; at < end; at += n) {
      Gram g(items.begin() + at, items.begin() + at + n);
      if (!pool.index_of.emplace(std::move(g), pool.index_of.size()).second)
        invalid_model("the pool lists a " + std::to_string(n) + "-gram twice (at item " + std::to_string(at) +
                      ")");
      pool.longest = static_cast<size_t>(n);
    }
  }
  if (starts.empty() && !items.empty()) invalid_model("ngram_counts is empty but the pool is not");
  pool.output_index = node.attr_ints("ngram_indexes");
  if (pool.output_index.size() != pool.index_of.size())
    invalid_model("ngram_indexes has " + std::to_string(pool.output_index.size()) + " entries for " +
                  std::to_string(pool.index_of.size()) + " pool n-grams");
  std::set<int64_t> seen;
  for (int64_t i : pool.output_index) {
    if (i < 0) invalid_model("ngram_indexes holds " + std::to_string(i) + ", a negative index");
    if (!seen.insert(i).second) invalid_model("ngram_indexes holds " + std::to_string(i) + " twice");
  }
  pool.weights = text::attr_floats(node, "weights");
  if (node.has_attr("weights") && pool.weights.size() != pool.index_of.size())
    invalid_model("weights has " + std::to_string(pool.weights.size()) + " entries for " +
                  std::to_string(pool.index_of.size()) + " pool n-grams");
  if (pool.weights.empty()) pool.weights.assign(pool.index_of.size(), 1.0f);
  return pool;
}

GramItem item_at(const Tensor& x, size_t i) {
  switch (x.dtype()) {
    case DType::kString:
      return x.data<std::string>()[i];
    case DType::kInt32:
      return static_cast<int64_t>(x.data<int32_t>()[i]);
    default:
      return x.data<int64_t>()[i];
  }
}

}  // namespace

Tensors tfidf_vectorizer_v9(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::string mode = node.attr_string("mode", "");
  if (mode != "TF" && mode != "IDF" && mode != "TFIDF")
    invalid_model("mode \"" + mode + "\" is not TF, IDF or TFIDF");
  const int64_t min_n = node.attr_int("min_gram_length", 0), max_n = node.attr_int("max_gram_length", 0);
  const int64_t max_skip = node.attr_int("max_skip_count", 0);
  if (min_n < 1 || max_n < min_n)
    invalid_model("min_gram_length " + std::to_string(min_n) + " and max_gram_length " +
                  std::to_string(max_n) + " must satisfy 1 <= min <= max");
  if (max_skip < 0) invalid_model("max_skip_count " + std::to_string(max_skip) + " is negative");
  if (x.rank() != 1 && x.rank() != 2)
    invalid_model("X has shape " + shape_to_string(x.shape()) + "; it must be [C] or [N, C]");
  if (x.dtype() == DType::kString) {
    const auto xs = x.data<std::string>();
    text::require_utf8({xs.data(), xs.size()}, "X");
  }
  const TfIdfPool pool = read_pool(node, x.dtype());
  int64_t width = 0;
  for (int64_t i : pool.output_index) width = std::max(width, i + 1);
  const int64_t rows = x.rank() == 2 ? x.shape()[0] : 1, cols = x.shape().back();
  Tensor y(DType::kFloat, x.rank() == 2 ? Shape{rows, width} : Shape{width});
  auto ys = y.data<float>();
  std::vector<int64_t> counts(pool.index_of.size());
  for (int64_t r = 0; r < rows; ++r) {
    std::fill(counts.begin(), counts.end(), 0);
    for (int64_t n = min_n; n <= std::min<int64_t>(max_n, static_cast<int64_t>(pool.longest)); ++n)
      for (int64_t s = 0; s <= (n == 1 ? 0 : max_skip); ++s)
        for (int64_t start = 0; start + (n - 1) * (s + 1) < cols; ++start) {
          Gram g;
          for (int64_t k = 0; k < n; ++k)
            g.push_back(item_at(x, static_cast<size_t>(r * cols + start + k * (s + 1))));
          const auto found = pool.index_of.find(g);
          if (found != pool.index_of.end()) ++counts[found->second];
        }
    for (size_t i = 0; i < counts.size(); ++i) {
      if (counts[i] == 0) continue;
      // count < 2^29 and a float weight: the double product is exact, the cast rounds once.
      const double count = mode == "IDF" ? 1.0 : static_cast<double>(counts[i]);
      const double value = mode == "TF" ? count : count * static_cast<double>(pool.weights[i]);
      ys[static_cast<size_t>(r * width + pool.output_index[i])] = static_cast<float>(value);
    }
  }
  return {y};
}

}  // namespace touchstone::ops
