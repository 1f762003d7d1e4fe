// What the string kernels share: UTF-8 checked and decoded, Unicode's simple case mapping
// (ICU, locale-independent), the whitespace StringSplit splits on, attribute lists.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::text {

// The code points of `s`, or false when `s` is not well-formed UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF). U+0000 is a code point like any.
bool decode_utf8(const std::string& s, std::vector<char32_t>& out);
std::string encode_utf8(const std::vector<char32_t>& cps);

// Refuses (invalid_model) the first element of `strings` that is not UTF-8, naming `what`
// ("X", "stopwords") and its flat index: the type constraints say UTF-8 strings.
void require_utf8(std::span<const std::string> strings, const std::string& what);

// Unicode's simple (one code point to one) lower / upper case mapping, as ICU's
// u_tolower / u_toupper give it; `changed_non_ascii` is set when a code point above
// U+007F changed.
std::string lower_case(const std::string& utf8, bool& changed_non_ascii);
std::string upper_case(const std::string& utf8, bool& changed_non_ascii);

// Whitespace as StringSplit's unset delimiter splits on: the characters Python's str.split()
// takes for whitespace (ONNX's reference runs it): U+0009-000D, U+001C-001F, U+0020, U+0085,
// U+00A0, U+1680, U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000.
bool is_split_space(char32_t c);

// A list attribute (absent: empty).
std::vector<std::string> attr_strings(const Node& node, const std::string& name);
std::vector<float> attr_floats(const Node& node, const std::string& name);

}  // namespace touchstone::ops::text
