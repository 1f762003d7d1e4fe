// StringConcat-20: Z = X + Y elementwise (the bytes of X's element, then Y's), numpy's
// multidirectional broadcasting.
// StringSplit-20: each element of X split, as Python's str.split does (ONNX's reference
// runs it): with a `delimiter` (not ""), on every occurrence, adjacent ones delimiting ""
// ("a,,b" -> "a", "", "b"; "" -> one ""); with none or "", on runs of whitespace
// (utf8_text.h's is_split_space), leading and trailing whitespace dropped ("" and all
// whitespace -> no substring). `maxsplit` (absent: no limit) stops after that many splits
// and keeps the rest as the last substring (whitespace mode: the rest from its first
// non-whitespace character, trailing whitespace kept). Y has X's shape plus one dimension,
// the largest count, shorter rows padded with ""; Z (int64, X's shape) the counts.
// Refused: a negative maxsplit, X not well-formed UTF-8. Open (impl.-defined): an empty X
// (the text adds the dimension "where the input tensor is not empty"; the reference gives
// X's shape plus 0, shapes too); whitespace beyond ASCII's six in the unset-delimiter
// mode (the text says "whitespace" without a list: the reference takes Python's; shapes
// too); an empty element with a delimiter (one "" or none: the reference gives one, as
// Python; shapes too); the rest kept by maxsplit ending in whitespace (the text says both
// "trailing whitespace is removed" and "the suffix is added": the reference keeps it as is).
#include <algorithm>

#include "reference/broadcast.h"
#include "reference/error.h"
#include "reference/ops/string/string_ops.h"
#include "reference/ops/string/utf8_text.h"

namespace touchstone::ops {

Tensors string_concat_v20(const Node&, const Inputs& in) {
  const BroadcastPlan plan = multidirectional_broadcast({in[0].shape(), in[1].shape()});
  Tensor z(DType::kString, plan.out);
  const auto xs = in[0].data<std::string>(), ys = in[1].data<std::string>();
  auto zs = z.data<std::string>();
  for_each_broadcast<2>(plan, [&](int64_t i, const std::array<int64_t, 2>& at) {
    zs[static_cast<size_t>(i)] = xs[static_cast<size_t>(at[0])] + ys[static_cast<size_t>(at[1])];
  });
  return {z};
}

namespace {

// Split on every occurrence of `delimiter`, at most `maxsplit` times (< 0: no limit).
std::vector<std::string> split_on(const std::string& s, const std::string& delimiter, int64_t maxsplit) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (int64_t splits = 0; maxsplit < 0 || splits < maxsplit; ++splits) {
    const size_t at = s.find(delimiter, start);
    if (at == std::string::npos) break;
    parts.push_back(s.substr(start, at - start));
    start = at + delimiter.size();
  }
  parts.push_back(s.substr(start));
  return parts;
}

// Split on whitespace runs (code points), at most `maxsplit` times (< 0: no limit).
std::vector<std::string> split_on_whitespace(const std::vector<char32_t>& cps, int64_t maxsplit,
                                             bool& wide_space, bool& trailing_kept) {
  std::vector<std::string> parts;
  auto space = [&](char32_t c) {
    const bool is = text::is_split_space(c);
    if (is && !(c == ' ' || (c >= 0x09 && c <= 0x0D))) wide_space = true;
    return is;
  };
  size_t i = 0, n = cps.size();
  while (true) {
    while (i < n && space(cps[i])) ++i;
    if (i == n) break;
    if (maxsplit >= 0 && static_cast<int64_t>(parts.size()) == maxsplit) {  // the rest, trailing space kept
      parts.push_back(text::encode_utf8({cps.begin() + static_cast<std::ptrdiff_t>(i), cps.end()}));
      if (text::is_split_space(cps.back())) trailing_kept = true;
      break;
    }
    const size_t start = i;
    while (i < n && !space(cps[i])) ++i;
    parts.push_back(text::encode_utf8(
        {cps.begin() + static_cast<std::ptrdiff_t>(start), cps.begin() + static_cast<std::ptrdiff_t>(i)}));
  }
  return parts;
}

}  // namespace

Tensors string_split_v20(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const std::string delimiter = node.attr_string("delimiter", "");
  const int64_t maxsplit = node.attr_int("maxsplit", -1);
  if (node.has_attr("maxsplit") && maxsplit < 0)
    invalid_model("maxsplit " + std::to_string(maxsplit) + " is negative");
  const auto xs = x.data<std::string>();
  text::require_utf8({xs.data(), xs.size()}, "X");
  std::vector<std::vector<std::string>> parts(xs.size());
  bool wide_space = false, trailing_kept = false, empty_with_delimiter = false;
  std::vector<char32_t> cps;
  size_t width = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    if (delimiter.empty()) {
      text::decode_utf8(xs[i], cps);
      parts[i] = split_on_whitespace(cps, maxsplit, wide_space, trailing_kept);
    } else {
      parts[i] = split_on(xs[i], delimiter, maxsplit);
      if (xs[i].empty()) empty_with_delimiter = true;
    }
    width = std::max(width, parts[i].size());
  }
  if (wide_space)
    node.mark(Semantics::kImplementationDefined,
              "whitespace beyond ASCII's: the text does not list whitespace; the reference takes Python's "
              "str.split's",
              true);
  if (trailing_kept)
    node.mark(Semantics::kImplementationDefined,
              "maxsplit reached before trailing whitespace: the text says trailing whitespace is removed and "
              "that the "
              "rest after the last split is kept; the reference keeps the rest as it is, as Python's "
              "str.split does");
  if (empty_with_delimiter)
    node.mark(
        Semantics::kImplementationDefined,
        "an empty element with a delimiter: the text does not say whether it is one empty substring or none; "
        "the reference gives one, as Python's str.split does",
        true);
  if (xs.empty())
    node.mark(Semantics::kImplementationDefined, "an empty X: the reference adds a last dimension of 0",
              true);
  Shape y_shape = x.shape();
  y_shape.push_back(static_cast<int64_t>(width));
  Tensor y(DType::kString, y_shape), z(DType::kInt64, x.shape());
  auto ys = y.data<std::string>();
  auto zs = z.data<int64_t>();
  for (size_t i = 0; i < xs.size(); ++i) {
    for (size_t k = 0; k < parts[i].size(); ++k) ys[i * width + k] = parts[i][k];
    zs[i] = static_cast<int64_t>(parts[i].size());
  }
  return {y, z};
}

}  // namespace touchstone::ops
