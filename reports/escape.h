// Every escaper of touchstone's text formats in one place. Choose by where the text goes:
//   html_escape      HTML text and attribute values (report pages, the scoreboard, the
//                    behavioural changelog);
//   xml_escape       XML 1.0 text and attribute values (JUnit);
//   markdown_escape  a Markdown table cell;
//   json_for_script  a JSON document inside an HTML <script> block;
//   url_component    one component of a URL (a fragment's value);
//   terminal_escape  text printed on a terminal (the run's summary, report diff, errors).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace touchstone::reports {

// & < > " ' as entities. A control byte other than tab and newline (a string tensor's NUL)
// is shown as the text \xNN, so that the page stays text.
std::string html_escape(std::string_view text);
// & < > " ' as entities. The control characters XML 1.0 forbids (all below 0x20 but tab,
// newline and carriage return) become '?'.
std::string xml_escape(std::string_view text);
// Safe inside a table cell, no markup: | and Markdown's markup characters backslashed,
// & < > as entities, line breaks as spaces.
std::string markdown_escape(std::string_view text);
// The document dumped, with < > & as \u escapes (no "</script>" or "<!--" can end or
// confuse the block); invalid UTF-8 replaced rather than refused.
std::string json_for_script(const nlohmann::json& doc);
// Percent-encodes every byte but ASCII letters, digits, '-', '_' and '.'.
std::string url_component(std::string_view text);
// Safe to print on a terminal: what a terminal would act on is shown as text instead —
// C0 control bytes (ESC, CR, BEL, ...), DEL and the C1 controls (U+0080-U+009F) as \xNN,
// \u0080 ...; bytes that are not UTF-8 as \xNN. Newlines too, unless `keep_newlines`
// (a message of several lines). Printable UTF-8 passes through.
std::string terminal_escape(std::string_view text, bool keep_newlines = false);

}  // namespace touchstone::reports
