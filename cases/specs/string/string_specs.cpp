// Case specs of StringNormalizer, StringConcat, StringSplit and RegexFullMatch
// (reference/ops/string/). Values are chosen by hand: each case shows one rule (a stopword
// differing only in case, adjacent delimiters, a whitespace run, a pattern that matches a
// prefix but not the whole). Open choices (impl.-defined, their own cases): StringNormalizer's
// non-ASCII case change and empty X, StringSplit's empty X, non-ASCII whitespace, empty
// element with a delimiter, and maxsplit's rest ending in whitespace. StringSplit's cases
// with an empty substring between delimiters (not padding, not the open empty element) are
// tagged "empty-substring". Refusals: the shapes and
// attribute values each op's text rules out, strings that are not UTF-8.
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/string/string_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using exact::add;
using Strings = std::vector<std::string>;

Tensor text_tensor(const Shape& shape, const Strings& values) {
  return Tensor::from_values<std::string>(shape, values);
}
Tensor text_list(const Strings& values) { return text_tensor({static_cast<int64_t>(values.size())}, values); }
onnx::AttributeProto str_attr(const std::string& name, const std::string& value) {
  return make_attr(name, value);
}
const std::string kNul("a\0b", 3);
const std::string kNotUtf8 = "ok\xC3(";

}  // namespace

onnx::AttributeProto string_list_attr(const std::string& name, const Strings& values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRINGS);
  for (const auto& v : values) a.add_strings(v);
  return a;
}

void string_normalizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto stop = [](const Strings& w) { return string_list_attr("stopwords", w); };
  const Strings days = {"monday", "tuesday", "Wednesday", "MONDAY", "thursday"};
  add(out, "stopwords_upper", {text_list(days)}, {stop({"monday"}), str_attr("case_change_action", "UPPER")},
      {"random"}, "", true);
  add(out, "stopwords_case_sensitive_lower", {text_list(days)},
      {stop({"monday", "Thursday"}), make_attr("is_case_sensitive", int64_t{1}),
       str_attr("case_change_action", "LOWER")},
      {"random"});
  add(out, "row_1xC_lower", {text_tensor({1, 5}, days)},
      {stop({"MonDay"}), str_attr("case_change_action", "LOWER")}, {"random"});
  add(out, "no_stopwords_none", {text_list({"Mixed Case", "", " spaces ", "123"})}, {}, {"random"});
  add(out, "all_dropped_C", {text_list({"the", "The", "THE"})}, {stop({"the"})}, {"special-values"});
  add(out, "all_dropped_1xC", {text_tensor({1, 2}, {"a", "an"})},
      {stop({"A", "an"}), str_attr("case_change_action", "UPPER")}, {"special-values"});
  add(out, "nul_character_upper", {text_list({kNul, "x"})},
      {stop({"X"}), str_attr("case_change_action", "UPPER")}, {"special-values"});
  add(out, "non_ascii_lower",
      {text_list({"\xC3\x89"
                  "COLE",
                  "\xCE\xA3\xCE\x9F\xCE\xA6\xCE\x99\xCE\x91"})},
      {str_attr("case_change_action", "LOWER")}, {"special-values"});
  add(out, "non_ascii_stopword", {text_list({"\xC3\x89t\xC3\xA9", "\xC3\xA9t\xC3\xA9", "ete"})},
      {stop({"\xC3\xA9T\xC3\x89"})}, {"special-values"});
  add(out, "empty_C", {text_list({})}, {}, {"empty"});
  add(out, "refuse_shape_2x2", {text_tensor({2, 2}, {"a", "b", "c", "d"})}, {}, {"shape"},
      row.label() + ": X must be [C] or [1, C]");
  add(out, "refuse_shape_scalar", {text_tensor({}, {"a"})}, {}, {"shape"},
      row.label() + ": X must be [C] or [1, C]");
  add(out, "refuse_case_change_title", {text_list({"a"})}, {str_attr("case_change_action", "TITLE")},
      {"attribute"}, row.label() + ": case_change_action is LOWER, UPPER or NONE");
  add(out, "refuse_is_case_sensitive_2", {text_list({"a"})}, {make_attr("is_case_sensitive", int64_t{2})},
      {"attribute"}, row.label() + ": is_case_sensitive is 0 or 1");
  add(out, "refuse_not_utf8", {text_list({kNotUtf8})}, {}, {"value"},
      row.label() + ": X holds UTF-8 strings");
}

void string_concat_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  add(out, "same_shape_2x3",
      {text_tensor({2, 3}, {"a", "", "abc", "x", "\xC3\xA9", kNul}),
       text_tensor({2, 3}, {"1", "2", "", "", "\xE2\x82\xAC", "z"})},
      {}, {"random"}, "", true);
  add(out, "nul_bytes",
      {text_list({kNul, std::string(1, '\0'), ""}), text_list({std::string(1, '\0'), "c", kNul})}, {},
      {"special-values"});
  add(out, "bcast_2x1_3", {text_tensor({2, 1}, {"p", "q"}), text_list({"1", "", "three"})}, {},
      {"broadcast"});
  add(out, "bcast_scalar_4", {text_tensor({}, {"pre_"}), text_list({"a", "b", "", "d"})}, {}, {"broadcast"});
  add(out, "bcast_3_scalar", {text_list({"a", "b", ""}), text_tensor({}, {"_post"})}, {}, {"broadcast"});
  add(out, "scalars", {text_tensor({}, {"left"}), text_tensor({}, {"right"})}, {}, {"scalar"});
  add(out, "empty_0x2_1", {text_tensor({0, 2}, {}), text_list({"x"})}, {}, {"empty"});
  add(out, "refuse_bcast_2_3", {text_list({"a", "b"}), text_list({"a", "b", "c"})}, {}, {"shape"},
      row.label() + ": shapes [2] and [3] do not broadcast");
}

void string_split_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  auto split = [&](std::string name, Tensor x, std::vector<onnx::AttributeProto> attrs,
                   std::vector<std::string> tags, std::string rule = "", bool smoke = false) {
    add(out, std::move(name), {std::move(x)}, std::move(attrs), std::move(tags), std::move(rule), smoke);
  };
  const auto delim = [](const std::string& d) { return str_attr("delimiter", d); };
  const auto maxsplit = [](int64_t n) { return make_attr("maxsplit", n); };
  split("comma_padded", text_list({"a,b,c", "a,,b", ",", "no delimiter"}), {delim(",")},
        {"random", "empty-substring"}, "", true);
  split("empty_element_with_delimiter", text_list({"", "a"}), {delim(",")}, {"special-values"});
  split("multibyte_delimiter", text_list({"1<>2<>3", "<>", "<><>x", "x<"}), {delim("<>")},
        {"random", "empty-substring"});
  split("utf8_delimiter",
        text_list({"a\xE2\x82\xAC"
                   "b\xE2\x82\xAC",
                   "\xE2\x82\xAC"}),
        {delim("\xE2\x82\xAC")}, {"random", "empty-substring"});
  split("whitespace_runs", text_list({"  hello   world ", "", "one", "\ttab\nnew line\r\n", "   "}), {},
        {"random"});
  split("empty_delimiter_is_whitespace", text_list({" a  b ", "c"}), {delim("")}, {"random"});
  split("maxsplit_0", text_list({"  a b", "x,y"}), {maxsplit(0)}, {"random"});
  split("maxsplit_1_whitespace", text_list({"  a b  c", "single", "   "}), {maxsplit(1)}, {"random"});
  split("maxsplit_rest_trailing_whitespace", text_list({"  a b  c  ", " d "}), {maxsplit(1)},
        {"special-values"});
  split("maxsplit_2_delimiter", text_list({"a-b-c-d", "a--", "-"}), {delim("-"), maxsplit(2)},
        {"random", "empty-substring"});
  split("maxsplit_above_splits", text_list({"a b", "c"}), {maxsplit(5)}, {"random"});
  split("rank_2", text_tensor({2, 2}, {"a b", "c", "d e f", ""}), {}, {"random"});
  split("scalar", text_tensor({}, {"x;y;z"}), {delim(";")}, {"scalar"});
  split("nul_delimited", text_list({std::string("p\0q\0r", 5)}), {delim(std::string("\0", 1))},
        {"special-values"});
  split("non_ascii_whitespace",
        text_list({"a\xE3\x80\x80"
                   "b\xC2\xA0"
                   "c"}),
        {}, {"special-values"});
  split("empty_0", text_list({}), {}, {"empty"});
  split("refuse_negative_maxsplit", text_list({"a b"}), {maxsplit(-1)}, {"attribute"},
        row.label() + ": maxsplit is not negative");
  split("refuse_not_utf8", text_list({kNotUtf8}), {delim(",")}, {"value"},
        row.label() + ": X holds UTF-8 strings");
}

void regex_full_match_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  auto match = [&](std::string name, const std::string& pattern, Tensor x, std::vector<std::string> tags,
                   std::string rule = "", bool smoke = false) {
    add(out, std::move(name), {std::move(x)}, {str_attr("pattern", pattern)}, std::move(tags),
        std::move(rule), smoke);
  };
  match("email_like", "[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}",
        text_list({"ada@example.org", "x@y.z", "no at sign", "ada@example.org "}), {"random"}, "", true);
  match("prefix_is_not_full", "ab", text_list({"ab", "abc", "xab", ""}), {"random"});
  match("alternation_repetition", "(cat|dog)s?(,(cat|dog)s?)*",
        text_tensor({2, 3}, {"cat", "dogs,cat", "cats,", "bird", "", "dog,dogs,cat"}), {"random"});
  match("case_insensitive_flag", "(?i)hello", text_list({"HeLLo", "hello!", "HELLO"}), {"random"});
  match("utf8_characters", "\\p{Greek}+.", text_list({"\xCE\xB1\xCE\xB2\xC3\xA9", "\xCE\xB1", "ab"}),
        {"random"});
  match("nul_character", "a\\x00b", text_list({kNul, "ab"}), {"special-values"});
  match("empty_pattern", "", text_list({"", "a"}), {"special-values"});
  match("scalar", "\\d+", text_tensor({}, {"2026"}), {"scalar"});
  match("rank_3", "[ab]*", text_tensor({2, 1, 2}, {"abba", "abc", "", "b"}), {"random"});
  match("empty_0x4", ".*", text_tensor({0, 4}, {}), {"empty"});
  match("refuse_unbalanced", "(ab", text_list({"ab"}), {"attribute"},
        row.label() + ": pattern must be valid RE2 syntax");
  match("refuse_lookbehind", "(?<=a)b", text_list({"ab"}), {"attribute"},
        row.label() + ": RE2 has no lookbehind");
  match("refuse_not_utf8", "ok.*", text_list({kNotUtf8}), {"value"}, row.label() + ": X holds UTF-8 strings");
}

}  // namespace touchstone::cases
