// touchstone diff: what really changed between two versions of an op — the schema,
// and the behaviour of the reference under both.
#include <fstream>
#include <iostream>

#include "diff/behaviour_diff.h"
#include "diff/changelog.h"
#include "diff/html.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct DiffOptions {
  std::string op;
  std::vector<int> versions;
  std::string domain;
  bool all = false;
  bool json = false;
  bool doc = false;
  bool same = false;
  size_t examples = 4;
  std::string html;
};

const CatalogRow* exact_version(const std::vector<const CatalogRow*>& versions, int v) {
  for (const auto* row : versions)
    if (row->since_version == v) return row;
  return nullptr;
}

int run_diff(const DiffOptions& o) {
  std::vector<VersionPair> pairs;
  if (o.all) {
    pairs = changelog_pairs();
  } else {
    if (o.op.empty()) {
      std::cerr << "touchstone diff: name an op (touchstone diff Sub 6 7), or --all\n";
      return kExitUsage;
    }
    const auto versions = op_versions(o.domain, o.op);
    if (versions.empty()) {
      std::cerr << "touchstone diff: no op '" << o.op << "' in " << display_domain(canonical_domain(o.domain)) << "\n";
      return kExitUsage;
    }
    if (o.versions.empty()) {
      pairs = adjacent_pairs(versions);
      if (pairs.empty()) std::cerr << "touchstone diff: " << o.op << " has only one version\n";
    } else if (o.versions.size() == 2) {
      const CatalogRow* a = exact_version(versions, o.versions[0]);
      const CatalogRow* b = exact_version(versions, o.versions[1]);
      std::string all;
      for (const auto* r : versions) all += (all.empty() ? "" : ", ") + std::to_string(r->since_version);
      if (!a || !b) {
        std::cerr << "touchstone diff: " << o.op << " has versions " << all << "; "
                  << (a ? o.versions[1] : o.versions[0]) << " is not one of them\n";
        return kExitUsage;
      }
      pairs.push_back({a, b});
    } else {
      std::cerr << "touchstone diff: give two versions, or none for every adjacent pair\n";
      return kExitUsage;
    }
  }

  std::vector<VersionDiff> diffs;
  for (const auto& [a, b] : pairs) diffs.push_back(diff_versions(*a, *b));
  if (!o.html.empty()) {
    std::ofstream file(o.html, std::ios::binary);
    file << diffs_to_html(diffs, o.all ? kChangelogTitle : "touchstone diff " + o.op);
    if (!file) io_error(o.html + ": cannot write");
  }
  if (o.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& d : diffs) list.push_back(d.to_json());
    std::cout << (diffs.size() == 1 && !o.all ? list[0] : list).dump(1) << "\n";
  } else if (o.html.empty() || !o.all) {
    for (size_t i = 0; i < diffs.size(); ++i) std::cout << (i ? "\n" : "") << diffs[i].to_text(o.examples, o.doc, o.same);
  } else {
    std::cout << "wrote " << o.html << ": " << diffs.size() << " version pairs\n";
  }
  return kExitOk;
}

}  // namespace

void add_diff_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<DiffOptions>();
  auto* sub = app.add_subcommand(
      "diff", "What changed between two versions of an op. The schema diff (attributes, inputs,\n"
              "outputs, type constraints, doc text) and the behavioural diff: probe cases run under\n"
              "both versions on the reference, grouped as same result / valid only in one /\n"
              "both valid, different results (with where they first differ) / types only in one.\n"
              "Printed in reading order: different results first, then valid or types in one\n"
              "version only, then the same-result probes as a count (--same lists them).\n"
              "Hand-written probes of a change come first. Without versions: every\n"
              "adjacent pair. --all: every op the reference implements.\n"
              "  touchstone diff Sub 6 7\n  touchstone diff Pow\n  touchstone diff --all --html changelog.html");
  sub->add_option("op", options->op, "Op name, e.g. Sub");
  sub->add_option("versions", options->versions, "Two since_versions, e.g. 6 7")->expected(0, 2);
  sub->add_option("--domain", options->domain, "Domain (default ai.onnx)");
  sub->add_flag("--all", options->all, "Every op with an implemented version");
  sub->add_flag("--json", options->json, "Print JSON (stable: the same run gives the same bytes)");
  sub->add_flag("--doc", options->doc, "Show the doc text's unified diff");
  sub->add_flag("--same", options->same, "Also list the probes with the same result under both (a count otherwise)");
  sub->add_option("--examples", options->examples, "Examples per group in the text output (default 4)");
  sub->add_option("--html", options->html, "Also write a self-contained HTML page");
  sub->callback([options, &action] { action = [options] { return run_diff(*options); }; });
}

}  // namespace touchstone::cli
