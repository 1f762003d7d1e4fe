// The HTML page: a fixed template (html_page.html, .css, .js, embedded at build time)
// with the report's JSON in a <script type="application/json"> block.
#include <algorithm>
#include <optional>
#include <string_view>

#include "reports/html_template.inc"  // kHtmlPage, kHtmlCss, kHtmlJs (generated)
#include "reports/writers.h"

namespace touchstone::reports {

namespace {

void replace_once(std::string& text, std::string_view marker, std::string_view with) {
  const auto at = text.find(marker);
  if (at != std::string::npos) text.replace(at, marker.size(), with);
}

}  // namespace

std::string render_html(const Report& full, const HtmlOptions& options) {
  // The page holds the compact form (writers.h): a report listing its passes is summarized.
  std::optional<Report> compact;
  if (std::any_of(full.cases.begin(), full.cases.end(), is_plain_pass)) summarize_passes(compact.emplace(full));
  const Report& report = compact ? *compact : full;
  // Markers are replaced in this order so that no inserted text is searched again.
  std::string page(kHtmlPage);
  const auto data_at = page.find("/*@DATA@*/");
  std::string head = page.substr(0, data_at), tail = page.substr(data_at + 10);
  replace_once(head, "/*@CSS@*/", kHtmlCss);
  const auto options_at = tail.find("/*@OPTIONS@*/");
  std::string middle = tail.substr(0, options_at), rest = tail.substr(options_at + 13);
  replace_once(rest, "/*@JS@*/", kHtmlJs);
  nlohmann::json page_options = {{"changelog", options.changelog}};
  if (!options.changelog_anchors.empty()) page_options["changelog_anchors"] = options.changelog_anchors;
  if (nothing_tested(report))  // said in the page itself, not only by script
    replace_once(head, "<main>",
                 "<main>\n<p id=\"nothing-tested\" class=\"alarm\">&#9888; " + std::string(kNothingTested) +
                     ": no case of this run was judged (" + std::to_string(report.case_count()) +
                     " cases, every one unsupported, skipped or a bad case). This run certifies nothing.</p>");
  return head + json_for_script(to_json(report)) + middle + json_for_script(page_options) + rest;
}

}  // namespace touchstone::reports
