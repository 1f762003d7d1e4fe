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

}  // namespace touchstone::reports
