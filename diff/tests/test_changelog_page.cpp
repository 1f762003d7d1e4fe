// The changelog a person reads: the page opens with a table of contents whose links resolve,
// each pair leads with what changed (different answers, then what one version alone accepts)
// and folds the same-result probes into a closed <details>; `touchstone diff` prints the
// groups in the same order, the same results as a count unless --same. The pairs and their
// expected groups come from the spec texts (Changelog.md): Sub-7 replaced the legacy
// broadcast by numpy's, Resize-11 samples at half pixels where 10 is asymmetric and adds
// cubic, Acos-22 only adds bfloat16; a row without a kernel (a copy of TreeEnsembleRegressor-1's,
// ai.onnx.ml) is not compared.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "diff/changelog.h"
#include "diff/html.h"
#include "reports/escape.h"

using namespace touchstone;

namespace {

const CatalogRow& changelog_version(const char* op, int v, const char* domain = "") {
  for (const auto* row : op_versions(domain, op))
    if (row->since_version == v) return *row;
  throw std::logic_error("no such version");
}

VersionDiff pair_of(const char* op, int a, int b, const char* domain = "") {
  return diff_versions(changelog_version(op, a, domain), changelog_version(op, b, domain));
}

std::vector<std::string> all_matches(const std::string& html, const std::regex& re) {
  std::vector<std::string> out;
  for (std::sregex_iterator it(html.begin(), html.end(), re), end; it != end; ++it) out.push_back((*it)[1]);
  return out;
}

// Every link of a page to an anchor resolves to an id that exists, and no id is used twice.
void check_links_resolve(const std::string& html) {
  const auto ids = all_matches(html, std::regex("id=\"([^\"]+)\""));
  const std::set<std::string> unique(ids.begin(), ids.end());
  CHECK(unique.size() == ids.size());
  const auto links = all_matches(html, std::regex("href=\"#([^\"]+)\""));
  CHECK(!links.empty());
  std::vector<std::string> dead;
  for (const auto& l : links)
    if (!unique.count(l)) dead.push_back(l);
  CHECK(dead.empty());
}

// The section of pair `anchor`: from its opening tag to the next pair's.
std::string section_of(const std::string& html, const std::string& anchor) {
  const size_t at = html.find("<details id=\"" + anchor + "\"");
  REQUIRE(at != std::string::npos);
  const size_t next = html.find("<details id=\"", at + 1);
  return html.substr(at, next == std::string::npos ? std::string::npos : next - at);
}

// Where probe `name` is listed in a section (npos when it is not).
size_t listed_at(const std::string& section, const std::string& name) {
  return section.find("<code>" + reports::html_escape(name) + "</code>");
}

// The pair leads with every probe that is not the same under both, and every same-result
// probe is inside a <details> that is closed, after all of them.
void check_leads_with_changes(const std::string& html, const VersionDiff& d) {
  INFO(diff_anchor(d));
  const std::string s = section_of(html, diff_anchor(d));
  const size_t fold = s.find("<details class=same-probes");
  const size_t fold_end = s.find("</details>", fold);
  size_t same = 0, changed = 0;
  for (const auto& p : d.probes) {
    if (p.group == ProbeGroup::kInvalidInBoth) continue;
    INFO(p.probe.name);
    const size_t at = listed_at(s, p.probe.name);
    REQUIRE(at != std::string::npos);
    if (p.group == ProbeGroup::kSame) {
      ++same;
      CHECK((fold != std::string::npos && at > fold && at < fold_end));
    } else {
      ++changed;
      CHECK(at < fold);
    }
  }
  CHECK(changed > 0);
  REQUIRE(same > 0);
  const std::string fold_tag = s.substr(fold, s.find('>', fold) - fold);
  CHECK(fold_tag.find("open") == std::string::npos);
  CHECK(s.find("same result under both: " + std::to_string(same) + " probe") != std::string::npos);
  // The groups that changed come in reading order: different answers, then one version only.
  const size_t different = s.find(">both valid, different results (");
  const size_t only_old = s.find(">valid only in " + d.old_row->label() + " (");
  const size_t only_new = s.find(">valid only in " + d.new_row->label() + " (");
  if (different != std::string::npos && only_old != std::string::npos) CHECK(different < only_old);
  if (different != std::string::npos && only_new != std::string::npos) CHECK(different < only_new);
  if (only_old != std::string::npos && only_new != std::string::npos) CHECK(only_old < only_new);
}

std::string probe_line(const std::string& name) { return "\n    - " + name + "\n"; }

}  // namespace

TEST_CASE("changelog page: each pair leads with what changed, the same results folded and closed", "[diff][changelog]") {
  const std::vector<VersionDiff> diffs = {pair_of("Sub", 6, 7), pair_of("Resize", 10, 11)};
  const std::string html = diffs_to_html(diffs, "t");
  for (const auto& d : diffs) check_leads_with_changes(html, d);
  // The spec's examples, by name: Sub-6's per-row axis=0 answer differs, the suffix case agrees.
  const std::string sub = section_of(html, "Sub-6-7");
  const size_t fold = sub.find("<details class=same-probes");
  CHECK(listed_at(sub, "A float32 (3,3) B float32 (3) broadcast=1 axis=0") < fold);
  CHECK(listed_at(sub, "A float32 (2,3,4,5) B float32 (3,4) broadcast=1 axis=1") < fold);
  CHECK(listed_at(sub, "A float32 (2,3,4,5) B float32 (5) broadcast=1") > fold);
}

TEST_CASE("changelog page: a table of contents with a word per pair, every link resolving", "[diff][changelog]") {
  static CatalogRow lacking = changelog_version("TreeEnsembleRegressor", 1, "ai.onnx.ml");
  lacking.kernel = nullptr;
  const std::vector<VersionDiff> diffs = {pair_of("Sub", 6, 7), pair_of("Acos", 7, 22),
                                          diff_versions(lacking, changelog_version("TreeEnsembleRegressor", 3, "ai.onnx.ml"))};
  const std::string html = diffs_to_html(diffs, "t");
  check_links_resolve(html);
  const size_t toc = html.find("<nav id=contents>"), toc_end = html.find("</nav>");
  REQUIRE(toc != std::string::npos);
  CHECK(toc_end < html.find("<details id="));  // the contents come before the first pair
  const std::string contents = html.substr(toc, toc_end - toc);
  const auto entry = [&](const std::string& anchor, const std::string& word) {
    const std::string link = "<a href=\"#" + anchor + "\">";
    const size_t at = contents.find(link);
    REQUIRE(at != std::string::npos);
    return contents.find(">" + word + "</span>", at) == contents.find("</span>", at) - word.size() - 1;
  };
  CHECK(entry("Sub-6-7", "changed"));
  CHECK(entry("Acos-7-22", "types only"));
  CHECK(entry("ai.onnx.ml.TreeEnsembleRegressor-1-3", "not compared"));
  CHECK(contents.find("<a href=\"#Sub\">Sub</a>") != std::string::npos);
  CHECK(contents.find("3 version pairs") != std::string::npos);
}

TEST_CASE("diff text: changed groups first, the same results a count unless asked", "[diff][changelog][text]") {
  const VersionDiff d = pair_of("Sub", 6, 7);
  const std::string text = d.to_text(100, false);
  CHECK(text.rfind("Sub-6 -> Sub-7: changed\n", 0) == 0);
  const size_t different = text.find("  both valid, different results: ");
  const size_t only_old = text.find("  valid only in Sub-6: ");
  const size_t only_new = text.find("  valid only in Sub-7: ");
  const size_t same = text.find("  same result: ");
  REQUIRE(same != std::string::npos);
  CHECK(different < only_old);
  CHECK(only_old < only_new);
  CHECK(only_new < same);
  CHECK(text.find("(--same lists them)", same) != std::string::npos);
  const std::string agreeing = probe_line("A float32 (2,3,4,5) B float32 (5) broadcast=1");
  CHECK(text.find(agreeing) == std::string::npos);
  CHECK(text.find(probe_line("A float32 (3,3) B float32 (3) broadcast=1 axis=0")) < only_old);
  const std::string all = d.to_text(1000, false, true);
  CHECK(all.find(agreeing) > all.find("  same result: "));
  CHECK(all.find(agreeing) != std::string::npos);
}

namespace {

std::string cli_output(const std::string& args) {
  std::string out;
  FILE* p = popen((std::string(TOUCHSTONE_CLI) + " " + args + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, p)) > 0;) out.append(buffer, n);
  pclose(p);
  return out;
}

}  // namespace

TEST_CASE("touchstone diff prints the groups in the page's order; --help names --same", "[diff][changelog][cli]") {
  CHECK_THAT(cli_output("diff --help"), Catch::Contains("--same"));
  const std::string text = cli_output("diff Resize 10 11");
  const size_t different = text.find("  both valid, different results: ");
  const size_t only_new = text.find("  valid only in Resize-11: ");
  const size_t same = text.find("  same result: ");
  REQUIRE(same != std::string::npos);
  CHECK(different < only_new);
  CHECK(only_new < same);
  CHECK(text.find("(--same lists them)") != std::string::npos);
  const std::string listed = cli_output("diff Resize 10 11 --same --examples 1000");
  CHECK(listed.find("\n    - ", listed.find("  same result: ")) != std::string::npos);
}

TEST_CASE("the written changelog: contents resolve, every pair present, no machine's paths", "[diff][changelog][page]") {
  std::ifstream file(TOUCHSTONE_CHANGELOG_PAGE, std::ios::binary);
  REQUIRE(file);
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string html = buffer.str();
  check_links_resolve(html);
  const auto pairs = changelog_pairs();
  CHECK(pairs.size() > 300);
  const size_t toc_end = html.find("</nav>");
  for (const auto& anchor : changelog_anchors()) {
    INFO(anchor);
    CHECK(html.find("<a href=\"#" + anchor + "\">") < toc_end);
    CHECK(html.find("<details id=\"" + anchor + "\" open>") > toc_end);
  }
  for (const char* path : {"/work", "/tmp", "/home", "/root", "/usr"}) CHECK(html.find(path) == std::string::npos);
  // No same-result fold is open.
  CHECK(html.find("<details class=same-probes open") == std::string::npos);
  CHECK(html.find("<details class=same-probes>") != std::string::npos);
}
