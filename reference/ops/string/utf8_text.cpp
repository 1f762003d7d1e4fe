// UTF-8 decoding and encoding, ICU's simple case mapping, StringSplit's whitespace.
#include "reference/ops/string/utf8_text.h"

#include <unicode/uchar.h>

#include "reference/error.h"

namespace touchstone::ops::text {

bool decode_utf8(const std::string& s, std::vector<char32_t>& out) {
  out.clear();
  size_t i = 0;
  while (i < s.size()) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
      out.push_back(b0);
      ++i;
      continue;
    }
    size_t extra;
    char32_t cp, least;
    if ((b0 & 0xE0) == 0xC0)
      extra = 1, cp = b0 & 0x1F, least = 0x80;
    else if ((b0 & 0xF0) == 0xE0)
      extra = 2, cp = b0 & 0x0F, least = 0x800;
    else if ((b0 & 0xF8) == 0xF0)
      extra = 3, cp = b0 & 0x07, least = 0x10000;
    else
      return false;                           // a continuation byte first, or 0xF8..0xFF
    if (i + extra >= s.size()) return false;  // truncated
    for (size_t k = 1; k <= extra; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    out.push_back(cp);
    i += extra + 1;
  }
  return true;
}

std::string encode_utf8(const std::vector<char32_t>& cps) {
  std::string s;
  for (char32_t c : cps) {
    if (c < 0x80) {
      s += static_cast<char>(c);
    } else if (c < 0x800) {
      s += static_cast<char>(0xC0 | (c >> 6));
      s += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      s += static_cast<char>(0xE0 | (c >> 12));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (c >> 18));
      s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return s;
}

void require_utf8(std::span<const std::string> strings, const std::string& what) {
  std::vector<char32_t> scratch;
  for (size_t i = 0; i < strings.size(); ++i)
    if (!decode_utf8(strings[i], scratch))
      invalid_model(what + "[" + std::to_string(i) +
                    "] is not well-formed UTF-8 (the type constraint says UTF-8 strings)");
}

namespace {

std::string map_case(const std::string& utf8, bool upper, bool& changed_non_ascii) {
  std::vector<char32_t> cps;
  if (!decode_utf8(utf8, cps)) invalid_model("a string to case-map is not well-formed UTF-8");
  for (char32_t& c : cps) {
    const auto mapped = static_cast<char32_t>(upper ? u_toupper(static_cast<UChar32>(c))
                                                    : u_tolower(static_cast<UChar32>(c)));
    if (mapped != c && c > 0x7F) changed_non_ascii = true;
    c = mapped;
  }
  return encode_utf8(cps);
}

}  // namespace

std::string lower_case(const std::string& utf8, bool& changed_non_ascii) {
  return map_case(utf8, false, changed_non_ascii);
}
std::string upper_case(const std::string& utf8, bool& changed_non_ascii) {
  return map_case(utf8, true, changed_non_ascii);
}

bool is_split_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

std::vector<std::string> attr_strings(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return {a.strings().begin(), a.strings().end()};
  return {};
}

std::vector<float> attr_floats(const Node& node, const std::string& name) {
  for (const auto& a : node.proto().attribute())
    if (a.name() == name) return {a.floats().begin(), a.floats().end()};
  return {};
}

}  // namespace touchstone::ops::text
