// StringNormalizer-10: X of shape [C] or [1, C] (anything else refused). Elements equal to
// a stopword are dropped (compared as they are when is_case_sensitive = 1; else both
// sides lower-cased first), then the rest lower- or upper-cased (case_change_action
// LOWER / UPPER; NONE, the default, leaves them). Y is [C'] or [1, C'] with the C' kept
// elements in order; when none is kept Y is [1] or [1, 1] holding "" (the text's rule).
// Case mapping: Unicode's simple (one code point to one) mapping, ICU's u_tolower /
// u_toupper, which is locale-independent. The text leaves the mapping to `locale`; the
// reference knows only the locales whose mapping this is: absent, "", "C", "C.UTF-8",
// "en_US", "en_US.UTF-8", "en_US.utf8", "en-US"; any other is refused as not implemented
// (naming the ones it knows). Open (impl.-defined): a non-ASCII character whose case
// changes (in the output or in a case-insensitive comparison: full mappings such as
// U+00DF to "SS" are what some libraries give), and an empty X (C = 0: nothing is kept,
// so the reference gives the all-dropped [1] / [1, 1] ""; shapes too). X and stopwords
// must be well-formed UTF-8 (refused otherwise); NUL is a character like any.
#include <set>

#include "reference/error.h"
#include "reference/ops/string/string_ops.h"
#include "reference/ops/string/utf8_text.h"

namespace touchstone::ops {

namespace {

bool known_case_locale(const std::string& locale) {
  static const std::set<std::string> known = {"",           "C",    "C.UTF-8", "en_US", "en_US.UTF-8",
                                              "en_US.utf8", "en-US"};
  return known.count(locale) != 0;
}

}  // namespace

Tensors string_normalizer_v10(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const Shape& shape = x.shape();
  const bool row_form = shape.size() == 2;
  if (!(shape.size() == 1 || (row_form && shape[0] == 1)))
    invalid_model("X has shape " + shape_to_string(shape) + "; it must be [C] or [1, C]");
  const std::string action = node.attr_string("case_change_action", "NONE");
  if (action != "LOWER" && action != "UPPER" && action != "NONE")
    invalid_model("case_change_action \"" + action + "\" is not LOWER, UPPER or NONE");
  const int64_t case_sensitive = node.attr_int("is_case_sensitive", 0);
  if (case_sensitive != 0 && case_sensitive != 1)
    invalid_model("is_case_sensitive " + std::to_string(case_sensitive) + " is not 0 or 1");
  const std::string locale = node.attr_string("locale", "");
  if (!known_case_locale(locale))
    not_implemented(
        "locale \"" + locale +
        "\": the reference maps case by Unicode's simple, locale-independent mapping and knows only "
        "the locales where that is the mapping: \"\" (absent), C, C.UTF-8, en_US, en_US.UTF-8, en_US.utf8, "
        "en-US");
  const std::vector<std::string> stopwords = text::attr_strings(node, "stopwords");
  text::require_utf8(stopwords, "stopwords");
  const auto xs = x.data<std::string>();
  text::require_utf8({xs.data(), xs.size()}, "X");

  bool non_ascii = false;
  std::set<std::string> stop;
  for (const auto& w : stopwords) stop.insert(case_sensitive ? w : text::lower_case(w, non_ascii));
  std::vector<std::string> kept;
  for (const auto& s : xs) {
    if (!stop.empty() && stop.count(case_sensitive ? s : text::lower_case(s, non_ascii))) continue;
    if (action == "LOWER")
      kept.push_back(text::lower_case(s, non_ascii));
    else if (action == "UPPER")
      kept.push_back(text::upper_case(s, non_ascii));
    else
      kept.push_back(s);
  }
  if (non_ascii)
    node.mark(
        Semantics::kImplementationDefined,
        "a non-ASCII character changed case: the text leaves the mapping to the locale; the reference uses "
        "Unicode's simple mapping");
  if (xs.empty())
    node.mark(Semantics::kImplementationDefined,
              "an empty X: the reference gives the all-dropped output, \"\" of shape [1] or [1, 1]", true);
  if (kept.empty()) kept.push_back("");
  const auto c = static_cast<int64_t>(kept.size());
  return {Tensor::from_values<std::string>(row_form ? Shape{1, c} : Shape{c}, kept)};
}

}  // namespace touchstone::ops
