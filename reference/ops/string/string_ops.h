// The string family (reference/ops/string/README.md): StringNormalizer, StringConcat,
// StringSplit, RegexFullMatch, TfIdfVectorizer. Each kernel is <op>_v<since>.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// string_normalizer.cpp: StringNormalizer-10
Tensors string_normalizer_v10(const Node& node, const Inputs& in);
// concat_split.cpp: StringConcat-20, StringSplit-20
Tensors string_concat_v20(const Node& node, const Inputs& in);
Tensors string_split_v20(const Node& node, const Inputs& in);
// regex_full_match.cpp: RegexFullMatch-20 (RE2)
Tensors regex_full_match_v20(const Node& node, const Inputs& in);
// tfidf_vectorizer.cpp: TfIdfVectorizer-9
Tensors tfidf_vectorizer_v9(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
