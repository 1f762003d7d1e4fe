// Case specs of TfIdfVectorizer-9 (reference/ops/string/tfidf_vectorizer.cpp): one pool of
// 1-, 2- and 3-grams over a small vocabulary, asked for in TF, IDF and TFIDF, 1-D and 2-D,
// with every input type (int32 and int64 against pool_int64s, string against pool_strings),
// gram lengths 1..3 and skips 0..2; inputs drawn from the vocabulary (so n-grams repeat
// and are found) with a word outside it. Refusals: the attribute rules the text states or
// implies (one pool, its kind matching X, ngram_counts' boundaries, one index and weight per
// pool n-gram, the modes, the lengths), X of rank 3.
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/string/string_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// The pool: 1-grams 2 3 5 7, 2-grams (2 3) (3 5) (5 2) (7 7), 3-grams (2 3 5) (3 5 2);
// strings name the same words.
const std::vector<int64_t> kTfidfPool = {2, 3, 5, 7, 2, 3, 3, 5, 5, 2, 7, 7, 2, 3, 5, 3, 5, 2};
const std::vector<int64_t> kTfidfStarts = {0, 4, 12};
const std::vector<int64_t> kTfidfIndexes = {9, 0, 1, 2, 3, 4, 5, 6, 7, 8};  // 10 n-grams; Y has 10 columns
const std::vector<float> kTfidfWeights = {0.5f, 1.25f, 3.0f, 0.1f, 2.0f, 1.0f, 0.3f, 1.5f, 0.7f, 4.0f};

std::string tfidf_word(int64_t v) {
  return v == 2 ? "two" : v == 3 ? "three" : v == 5 ? "five" : v == 7 ? "seven" : "other";
}

Tensor tfidf_words(DType t, const Shape& shape, const std::vector<int64_t>& values) {
  if (t != DType::kString) return tensor_of(t, shape, std::vector<double>(values.begin(), values.end()));
  std::vector<std::string> s;
  for (int64_t v : values) s.push_back(tfidf_word(v));
  return Tensor::from_values<std::string>(shape, s);
}

Attrs tfidf_pool_attrs(DType t, const std::string& mode, int64_t min_n, int64_t max_n, int64_t skip,
                       bool weights) {
  Attrs a = {make_attr("mode", mode),
             make_attr("min_gram_length", min_n),
             make_attr("max_gram_length", max_n),
             make_attr("max_skip_count", skip),
             make_attr("ngram_counts", kTfidfStarts),
             make_attr("ngram_indexes", kTfidfIndexes)};
  if (t == DType::kString) {
    std::vector<std::string> s;
    for (int64_t v : kTfidfPool) s.push_back(tfidf_word(v));
    a.push_back(string_list_attr("pool_strings", s));
  } else {
    a.push_back(make_attr("pool_int64s", kTfidfPool));
  }
  if (weights) a.push_back(make_attr("weights", kTfidfWeights));
  return a;
}

Attrs tfidf_with(Attrs a, const onnx::AttributeProto& replacement) {
  for (auto& x : a)
    if (x.name() == replacement.name()) return x = replacement, a;
  a.push_back(replacement);
  return a;
}

}  // namespace

void tfidf_vectorizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const std::vector<int64_t> seq = {2, 3, 5, 2, 3, 9, 7, 7, 7, 2, 3, 5};
  const std::vector<int64_t> rows = {2, 3, 5, 2, 7, 7, 3, 5, 2, 9, 3, 5};
  for (DType t : exact::first_param_types(row)) {
    add(out, "tf_1to3_skip0", {tfidf_words(t, {12}, seq)}, tfidf_pool_attrs(t, "TF", 1, 3, 0, false),
        {"random"}, "", true);
    add(out, "tf_2to2_skip2", {tfidf_words(t, {12}, seq)}, tfidf_pool_attrs(t, "TF", 2, 2, 2, false),
        {"random"});
    add(out, "idf_1to2_skip1", {tfidf_words(t, {12}, seq)}, tfidf_pool_attrs(t, "IDF", 1, 2, 1, true),
        {"random"});
    add(out, "tfidf_1to3_skip1", {tfidf_words(t, {12}, seq)}, tfidf_pool_attrs(t, "TFIDF", 1, 3, 1, true),
        {"random"});
    add(out, "tfidf_batch_2x6", {tfidf_words(t, {2, 6}, rows)}, tfidf_pool_attrs(t, "TFIDF", 1, 3, 2, true),
        {"random"});
    add(out, "tf_batch_3x4_3grams", {tfidf_words(t, {3, 4}, rows)}, tfidf_pool_attrs(t, "TF", 3, 3, 0, false),
        {"random"});
  }
  const DType t = DType::kInt64;
  const Tensor x = tfidf_words(t, {12}, seq);
  add(out, "tf_skip_unweighted_idf", {x}, tfidf_pool_attrs(t, "IDF", 1, 3, 2, false), {"random"});
  add(out, "tf_lengths_beyond_pool", {x}, tfidf_pool_attrs(t, "TF", 2, 5, 0, false), {"random"});
  add(out, "tf_short_row", {tfidf_words(t, {2}, {2, 3})}, tfidf_pool_attrs(t, "TF", 1, 3, 2, false),
      {"special-values"});
  add(out, "tf_empty_1x0", {tfidf_words(t, {1, 0}, {})}, tfidf_pool_attrs(t, "TF", 1, 3, 0, false),
      {"empty"});
  const Attrs base = tfidf_pool_attrs(t, "TF", 1, 3, 0, false);
  const std::string l = row.label();
  add(out, "refuse_mode_bm25", {x}, tfidf_with(base, make_attr("mode", std::string("BM25"))), {"attribute"},
      l + ": mode is TF, IDF or TFIDF");
  add(out, "refuse_min_gram_0", {x}, tfidf_with(base, make_attr("min_gram_length", int64_t{0})),
      {"attribute"}, l + ": min_gram_length >= 1");
  add(out, "refuse_max_below_min", {x},
      tfidf_with(tfidf_with(base, make_attr("min_gram_length", int64_t{3})),
                 make_attr("max_gram_length", int64_t{2})),
      {"attribute"}, l + ": max_gram_length >= min_gram_length");
  add(out, "refuse_negative_skip", {x}, tfidf_with(base, make_attr("max_skip_count", int64_t{-1})),
      {"attribute"}, l + ": max_skip_count >= 0");
  add(out, "refuse_both_pools", {x}, tfidf_with(base, string_list_attr("pool_strings", {"two"})),
      {"attribute"}, l + ": one pool only");
  add(out, "refuse_string_pool_int_x", {x}, tfidf_pool_attrs(DType::kString, "TF", 1, 3, 0, false),
      {"attribute"}, l + ": pool_strings needs string X");
  add(out, "refuse_counts_cut_ngram", {x},
      tfidf_with(base, make_attr("ngram_counts", std::vector<int64_t>{0, 4, 11})), {"attribute"},
      l + ": ngram_counts cuts an n-gram");
  add(out, "refuse_counts_not_from_0", {x},
      tfidf_with(base, make_attr("ngram_counts", std::vector<int64_t>{1, 4, 12})), {"attribute"},
      l + ": ngram_counts starts at 0");
  add(out, "refuse_indexes_too_few", {x},
      tfidf_with(base, make_attr("ngram_indexes", std::vector<int64_t>{0, 1, 2})), {"attribute"},
      l + ": one ngram_index per pool n-gram");
  add(out, "refuse_index_twice", {x},
      tfidf_with(base, make_attr("ngram_indexes", std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 8})),
      {"attribute"}, l + ": ngram_indexes are distinct");
  add(out, "refuse_weights_too_few", {x}, tfidf_with(base, make_attr("weights", std::vector<float>{1.0f})),
      {"attribute"}, l + ": one weight per pool n-gram");
  add(out, "refuse_rank_3", {tfidf_words(t, {1, 2, 6}, seq)}, base, {"shape"}, l + ": X is [C] or [N, C]");
}

}  // namespace touchstone::cases
