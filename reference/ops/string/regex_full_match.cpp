// RegexFullMatch-20: Y[i] is whether all of X[i] matches `pattern`, RE2's syntax (RE2 itself:
// Debian's libre2). The pattern is compiled with RE2's defaults (UTF-8, case-sensitive,
// longest-match off, which a full match does not depend on); a pattern RE2 refuses is
// refused with RE2's reason, an absent pattern too. X must be well-formed UTF-8 (refused
// otherwise: what RE2 makes of other bytes is the library's choice, not the text's); NUL is
// a character like any.
#include <re2/re2.h>

#include "reference/error.h"
#include "reference/ops/string/string_ops.h"
#include "reference/ops/string/utf8_text.h"

namespace touchstone::ops {

Tensors regex_full_match_v20(const Node& node, const Inputs& in) {
  if (!node.has_attr("pattern")) invalid_model("the pattern attribute is required");
  const std::string pattern = node.attr_string("pattern", "");
  RE2::Options options;
  options.set_log_errors(false);
  const RE2 regex(pattern, options);
  if (!regex.ok()) invalid_model("pattern \"" + pattern + "\" is not valid RE2 syntax: " + regex.error());
  const Tensor& x = in[0];
  const auto xs = x.data<std::string>();
  text::require_utf8({xs.data(), xs.size()}, "X");
  Tensor y(DType::kBool, x.shape());
  auto ys = y.data<bool>();
  for (size_t i = 0; i < xs.size(); ++i) ys[i] = RE2::FullMatch(xs[i], regex);
  return {y};
}

}  // namespace touchstone::ops
