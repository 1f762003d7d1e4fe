#include "reports/escape.h"

#include <cctype>

namespace touchstone::reports {

namespace {

constexpr char kHex[] = "0123456789abcdef";

// The five markup characters as entities (the apostrophe as `apos`); every other byte
// through `other`.
template <typename Other>
std::string entities(std::string_view text, const char* apos, Other other) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += apos; break;
      default: other(out, static_cast<unsigned char>(ch));
    }
  }
  return out;
}

}  // namespace

std::string html_escape(std::string_view text) {
  return entities(text, "&#39;", [](std::string& out, unsigned char ch) {
    if (ch < 0x20 && ch != '\n' && ch != '\t') {
      out += "\\x";
      out += kHex[ch >> 4];
      out += kHex[ch & 0xf];
    } else {
      out += static_cast<char>(ch);
    }
  });
}

std::string xml_escape(std::string_view text) {
  return entities(text, "&apos;", [](std::string& out, unsigned char ch) {
    out += ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r' ? '?' : static_cast<char>(ch);
  });
}

std::string markdown_escape(std::string_view text) {
  std::string out;
  for (const char ch : text) {
    switch (ch) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '|': out += "\\|"; break;
      case '\n': case '\r': out += ' '; break;
      case '\\': case '`': case '*': case '_': case '[': case ']': case '#': case '!': case '~':
        out += '\\';
        out += ch;
        break;
      default: out += ch;
    }
  }
  return out;
}

std::string json_for_script(const nlohmann::json& doc) {
  // '<', '>' and '&' only occur inside JSON strings, where \uXXXX means the same character.
  const std::string text = doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  for (const char ch : text) {
    switch (ch) {
      case '<': out += "\\u003c"; break;
      case '>': out += "\\u003e"; break;
      case '&': out += "\\u0026"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string url_component(std::string_view text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char ch : text) {
    if (std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.') {
      out += static_cast<char>(ch);
    } else {
      out += '%';
      out += hex[ch >> 4];
      out += hex[ch & 15];
    }
  }
  return out;
}

namespace {

// The length of the well-formed UTF-8 sequence at text[i] (0: none there).
size_t utf8_length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  const size_t n = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  if ((lead == 0xe0 && byte(i + 1) < 0xa0) || (lead == 0xed && byte(i + 1) > 0x9f) ||  // overlong, surrogates
      (lead == 0xf0 && byte(i + 1) < 0x90) || (lead == 0xf4 && byte(i + 1) > 0x8f))
    return 0;
  return n;
}

}  // namespace

std::string terminal_escape(std::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto ch = static_cast<unsigned char>(text[i]);
    if (ch >= 0x20 && ch < 0x7f) {
      out += static_cast<char>(ch);
      ++i;
    } else if (ch == '\n' && keep_newlines) {
      out += '\n';
      ++i;
    } else if (const size_t n = ch >= 0x80 ? utf8_length(text, i) : 0; n > 0) {
      const bool c1 = n == 2 && ch == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0;
      if (c1) out += std::string("\\u00") + kHex[static_cast<unsigned char>(text[i + 1]) >> 4] + kHex[text[i + 1] & 0xf];
      else out.append(text.substr(i, n));
      i += n;
    } else {
      out += std::string("\\x") + kHex[ch >> 4] + kHex[ch & 0xf];
      ++i;
    }
  }
  return out;
}

}  // namespace touchstone::reports
