// The escapers (reports/escape.h): each format's rules, worked by hand.
#include <catch2/catch.hpp>

#include "reports/escape.h"
#include "reports/scoreboard.h"
#include "reports/tests/sample.h"

using namespace touchstone::reports;

TEST_CASE("escapers: HTML and XML entities, control bytes by each format's rule", "[escape]") {
  const std::string s("a<b>&\"c'\x01\t\n\r", 12);
  // HTML: a control byte is shown as \xNN (the page stays text); tab and newline stay.
  CHECK(html_escape(s) == "a&lt;b&gt;&amp;&quot;c&#39;\\x01\t\n\\x0d");
  // XML 1.0 forbids control characters but tab, newline and carriage return: '?'.
  CHECK(xml_escape(s) == "a&lt;b&gt;&amp;&quot;c&apos;?\t\n\r");
  CHECK(html_escape(std::string("\0", 1)) == "\\x00");
  CHECK(html_escape("é") == "é");  // UTF-8 passes through
  CHECK(markdown_escape("a|b*c_d`e\n<") == "a\\|b\\*c\\_d\\`e &lt;");
  CHECK(json_for_script(nlohmann::json{{"k", "</script><!--&"}}) == "{\"k\":\"\\u003c/script\\u003e\\u003c!--\\u0026\"}");
  CHECK(url_component("Add v=14/é") == "Add%20v%3D14%2F%C3%A9");
}

TEST_CASE("escapers: the terminal sees no control sequence, only its text", "[escape][terminal]") {
  // ESC [ 2 J clears the screen; CR returns to overwrite the line; BEL rings.
  CHECK(terminal_escape("ort\x1b[2J\r\x07 1.0") == "ort\\x1b[2J\\x0d\\x07 1.0");
  CHECK(terminal_escape("a\nb\tc\x7f") == "a\\x0ab\\x09c\\x7f");  // one line: newline and tab shown
  CHECK(terminal_escape("a\nb\x1b", true) == "a\nb\\x1b");           // several lines: newlines kept
  CHECK(terminal_escape("\xc2\x9b" "31m") == "\\u009b31m");            // C1 CSI as UTF-8
  CHECK(terminal_escape("\x9b" "31m\xff") == "\\x9b31m\\xff");        // bytes that are not UTF-8
  CHECK(terminal_escape("é ✓ 𝄞") == "é ✓ 𝄞");                             // printable UTF-8 stays
  CHECK(terminal_escape("\xe0\x80\x80") == "\\xe0\\x80\\x80");     // overlong: not UTF-8
}

TEST_CASE("the scoreboard escapes for HTML, not for XML", "[escape][scoreboard]") {
  Report r;
  r.run.backend_name = "o'x\x01";
  r.run.backend_version = "1";
  r.cases.push_back(testing::make_case("c", "Add", 14, "float32", "pass"));
  const std::string html = render_scoreboard_html({{r, ""}});
  CHECK(html.find("o&#39;x\\x01 1") != std::string::npos);
  CHECK(html.find("&apos;") == std::string::npos);
}
