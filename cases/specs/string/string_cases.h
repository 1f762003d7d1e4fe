// Case specs of the string family (string_specs.cpp, tfidf_specs.cpp) and its spec table,
// string_table.cpp (declared here rather than in specs.h, which every spec file includes).
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& string_spec_table();

// string_specs.cpp: StringNormalizer, StringConcat, StringSplit, RegexFullMatch
void string_normalizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void string_concat_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void string_split_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
void regex_full_match_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
// tfidf_specs.cpp: TfIdfVectorizer
void tfidf_vectorizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

// A list-of-strings attribute (stopwords, pool_strings).
onnx::AttributeProto string_list_attr(const std::string& name, const std::vector<std::string>& values);

}  // namespace touchstone::cases
