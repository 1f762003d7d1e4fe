// touchstone generate: write the case suite (ONNX backend-test layout plus case.json and
// index.json), or check/update the regression digests of its expected outputs.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cases/coverage.h"
#include "cases/digest.h"
#include "cases/generator.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct GenerateOptions {
  std::string out;
  std::vector<std::string> ops;
  std::string profile = "standard";
  std::string write_digests;
  std::string check_digests;
  bool coverage = false;
};

// A one-line counter on a terminal; nothing otherwise.
cases::Progress terminal_progress(const char* what) {
  if (!isatty(fileno(stderr))) return {};
  return [what](size_t done, size_t total) {
    if (done == total || done % 97 == 0) std::fprintf(stderr, "\r%s %zu/%zu cases", what, done, total);
    if (done == total) std::fprintf(stderr, "\n");
  };
}

int run_generate(const GenerateOptions& o) {
  const auto profile = cases::profile_from_name(o.profile);
  if (!profile) {
    std::cerr << "touchstone generate: --profile must be smoke or standard\n";
    return kExitUsage;
  }
  if (o.out.empty() && o.write_digests.empty() && o.check_digests.empty() && !o.coverage) {
    std::cerr << "touchstone generate: give --out DIR (or --write-digests/--check-digests FILE, --coverage)\n";
    return kExitUsage;
  }
  if (!o.write_digests.empty() && !o.ops.empty()) {  // the file holds the whole profile's answers
    std::cerr << "touchstone generate: --write-digests writes every case's digest; with --ops it would drop the "
                 "other ops' lines: leave --ops out\n";
    return kExitUsage;
  }
  const auto start = std::chrono::steady_clock::now();
  const auto all = cases::generate_cases({*profile, o.ops, terminal_progress("generate")});
  size_t negative = 0;
  for (const auto& c : all) negative += c.meta.valid ? 0 : 1;
  if (!o.out.empty()) cases::write_suite(o.out, all, *profile, terminal_progress("write"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stdout, "%zu cases (%zu valid, %zu negative), profile %s%s%s, %.2f s\n", all.size(),
               all.size() - negative, negative, cases::profile_name(*profile), o.out.empty() ? "" : ", written to ",
               o.out.c_str(), seconds);

  if (o.coverage) {
    std::vector<CaseMeta> metas;
    for (const auto& c : all) metas.push_back(c.meta);
    std::cout << cases::format_coverage(cases::measure_coverage(metas, o.ops));
  }
  if (!o.write_digests.empty()) {
    cases::write_digests(o.write_digests, cases::digests_of(all));
    std::cout << "digests of " << all.size() << " cases written to " << o.write_digests << "\n";
  }
  if (!o.check_digests.empty()) {
    const auto diff = cases::compare_digests(cases::read_digests(o.check_digests), cases::digests_of(all));
    if (!diff.empty()) {
      std::cout << "the reference's answers differ from " << o.check_digests << ":\n"
                << diff.describe() << "if the change is deliberate: " << cases::kUpdateDigestsCommand << "\n";
      return kExitFailed;
    }
    std::cout << "all " << all.size() << " answers match " << o.check_digests << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_generate_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<GenerateOptions>();
  auto* sub = app.add_subcommand(
      "generate",
      "Generate the case suite: every implemented op-version, every dtype its type constraints\n"
      "allow, special values and negative (must-refuse) cases, with the reference's outputs.\n"
      "Writes --out DIR in ONNX's backend-test layout (<case>/model.onnx, test_data_set_0/\n"
      "input_N.pb, output_N.pb) plus case.json per case and index.json. Deterministic: the\n"
      "same command writes the same bytes. Exits 1 when --check-digests finds changed answers.");
  sub->add_option("--out", options->out, "Folder to write the suite to (replaces a suite already there)");
  sub->add_option("--ops", options->ops, "Only these ops (comma-separated: Sub,Pow)")->delimiter(',');
  sub->add_option("--profile", options->profile, "smoke (a case per op-version and dtype, specials, a refusal) or standard (the full sweep)")
      ->check(CLI::IsMember({"smoke", "standard"}));
  sub->add_option("--write-digests", options->write_digests, "Write the expected-output digests to FILE");
  sub->add_option("--check-digests", options->check_digests, "Compare the expected outputs with the digests in FILE");
  sub->add_flag("--coverage", options->coverage, "Print the coverage of what was generated");
  sub->callback([options, &action] { action = [options] { return run_generate(*options); }; });
}

}  // namespace touchstone::cli
