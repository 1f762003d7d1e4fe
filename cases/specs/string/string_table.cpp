// The spec table of the string family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). Every answer is exact: strings and counts compare
// bytewise, TfIdfVectorizer's count times weight is one rounding a backend makes too.
#include "cases/specs/string/string_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& string_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "RegexFullMatch", regex_full_match_cases,
       "classes, anchors implied, alternation, repetition, (?i), UTF-8 characters, NUL, ranks 0 to 3 and "
       "empty; invalid pattern and invalid UTF-8 refusals",
       Judging::exact()},
      {"", "StringConcat", string_concat_cases,
       "equal shapes, broadcasting both ways, scalars, empty strings, UTF-8 and NUL bytes, empty tensors; a "
       "shape refusal",
       Judging::exact()},
      {"", "StringNormalizer", string_normalizer_cases,
       "stopwords (case-sensitive and not), LOWER/UPPER/NONE, [C] and [1, C], everything dropped, empty X, "
       "non-ASCII (impl.-defined), NUL; shape, attribute and UTF-8 refusals",
       Judging::exact()},
      {"", "StringSplit", string_split_cases,
       "delimiters of one and more bytes, adjacent delimiters, whitespace runs, maxsplit 0/1/2, padding, "
       "ranks 0 to 2, empty X; negative maxsplit refusal",
       Judging::exact()},
      {"", "TfIdfVectorizer", tfidf_vectorizer_cases,
       "TF/IDF/TFIDF, 1-D and 2-D, int32/int64/string, lengths 1..3, skips 0..2, weights; pool, "
       "ngram_counts, ngram_indexes and mode refusals",
       Judging::exact()},
  };
  return table;
}

}  // namespace touchstone::cases
