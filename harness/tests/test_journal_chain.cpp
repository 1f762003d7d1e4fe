// Issue 25: a tamper-evident run. Every journal line is chained to the one before by
// SHA-256 (harness/journal.h); --resume refuses a journal whose chain breaks, naming the
// line; a torn last line (a kill mid-write) is not tampering; report.json carries the
// chain's head; no adapter inherits the journal's descriptor.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "cases/sha256.h"
#include "harness/journal.h"
#include "harness/process.h"
#include "harness/runner.h"
#include "harness/tests/fixture.h"
#include "reports/report.h"

using namespace touchstone;
using namespace touchstone::harness;
using touchstone::testing::add_binary_case;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> read_lines(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

void write_lines(const fs::path& p, const std::vector<std::string>& lines, const std::string& torn = "") {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  for (const auto& l : lines) out << l << "\n";
  out << torn;
}

Suite small_suite(const fs::path& root) {
  Suite s;
  s.root = root;
  for (int i = 0; i < 6; ++i) s.cases.push_back(add_binary_case(root, "Add-14/float32/c" + std::to_string(i), "Add", 14));
  return s;
}

RunOptions reference_options(const fs::path& report_dir) {
  RunOptions o;
  o.backend.name = "reference";
  o.report_dir = report_dir;
  return o;
}

// The chain recomputed by hand from the file's bytes, as journal.h defines it: SHA-256 of
// the previous chain (hex) and the line up to ,"chain":"...".
std::string chain_by_hand(const std::vector<std::string>& lines) {
  std::string chain;
  for (const auto& line : lines) {
    const size_t at = line.rfind(",\"chain\":\"");
    REQUIRE(at != std::string::npos);
    chain = cases::sha256_hex(chain + line.substr(0, at) + "}");
    CHECK(line.substr(at + 10, 64) == chain);
  }
  return chain;
}

}  // namespace

TEST_CASE("journal: each line chained to the one before; report.json carries the head", "[journal][chain]") {
  const fs::path root = temp_dir("chain");
  const Suite suite = small_suite(root / "suite");
  const RunOptions o = reference_options(root / "report");
  run_suite(suite, o);
  const auto lines = read_lines(o.report_dir / "journal.jsonl");
  REQUIRE(lines.size() == 7);  // header + 6 cases
  const std::string head = chain_by_hand(lines);
  CHECK(head.size() == 64);
  CHECK(reports::load_report(o.report_dir / "report.json").run.journal_chain == head);
  CHECK(read_journal(o.report_dir / "journal.jsonl").head == head);
  fs::remove_all(root);
}

TEST_CASE("journal: --resume refuses an edited, deleted or reordered line, naming it; a torn last line resumes",
          "[journal][chain][resume]") {
  const fs::path root = temp_dir("chain-tamper");
  const Suite suite = small_suite(root / "suite");
  RunOptions o = reference_options(root / "report");
  const fs::path journal = o.report_dir / "journal.jsonl";
  const auto full = run_suite(suite, o);
  const auto lines = read_lines(journal);
  REQUIRE(lines.size() == 7);
  o.resume = true;

  SECTION("a verdict edited on line 4") {
    auto edited = lines;
    const size_t at = edited[3].find("\"verdict\":\"pass\"");
    REQUIRE(at != std::string::npos);
    edited[3].replace(at, 16, "\"verdict\":\"fail\"");
    write_lines(journal, edited);
    CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("line 4: its chain does not follow line 3"));
  }
  SECTION("the header edited (its line 1)") {
    auto edited = lines;
    edited[0].replace(edited[0].find("\"journal\""), 9, "\"journal\" ");
    write_lines(journal, edited);
    CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("line 1: its chain does not start a journal"));
  }
  SECTION("line 3 deleted") {
    auto cut = lines;
    cut.erase(cut.begin() + 2);
    write_lines(journal, cut);
    CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("line 3: its chain does not follow line 2"));
  }
  SECTION("lines 5 and 6 swapped") {
    auto swapped = lines;
    std::swap(swapped[4], swapped[5]);
    write_lines(journal, swapped);
    CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("line 5: its chain does not follow line 4"));
  }
  SECTION("a line appended without a chain (a forged record)") {
    auto forged = lines;
    forged.push_back(R"({"id":"Add-14/float32/c9","verdict":"pass"})");
    write_lines(journal, forged);
    CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("line 8: it carries no chain"));
  }
  SECTION("the last line torn in half (a kill mid-write): cut off and run again") {
    auto kept = lines;
    const std::string last = kept.back();
    kept.pop_back();
    write_lines(journal, kept, last.substr(0, last.size() / 2));
    const auto resumed = run_suite(suite, o);
    CHECK(resumed.summarized_passes() == full.summarized_passes());
    const auto after = read_lines(journal);
    CHECK(after.size() == 7);
    const std::string head = chain_by_hand(after);
    CHECK(reports::load_report(o.report_dir / "report.json").run.journal_chain == head);
  }
  fs::remove_all(root);
}

TEST_CASE("journal: an adapter inherits no descriptor of the runner's, even unsandboxed", "[journal][fds]") {
  const fs::path root = temp_dir("chain-fds");
  const Suite suite = small_suite(root / "suite");
  RunOptions o = reference_options(root / "report");
  o.backend.name = std::string("command:") + TOUCHSTONE_HOSTILE_BACKEND;
  o.backend.sandbox = false;  // the descriptors alone must keep it out
  o.repro_folders = false;
  setenv("TOUCHSTONE_HOSTILE_PROBES", "fds", 1);
  const auto report = run_suite(suite, o);
  unsetenv("TOUCHSTONE_HOSTILE_PROBES");
  REQUIRE(report.cases.size() == 6);
  for (const auto& c : report.cases) {
    CHECK(c.verdict == "error");
    CHECK_THAT(c.message, Catch::Contains("fds: none"));
  }
  const auto lines = read_lines(o.report_dir / "journal.jsonl");
  CHECK(lines.size() == 7);
  for (const auto& l : lines) CHECK(l.find("forged") == std::string::npos);
  chain_by_hand(lines);
  fs::remove_all(root);
}

namespace {

struct Cli {
  std::string ended, output;
};

Cli touchstone_cli(const std::vector<std::string>& args) {
  harness::ChildProcess child;
  std::vector<std::string> argv = {TOUCHSTONE_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  child.start(argv);
  Cli r;
  std::string line;
  while (child.read_line(line, harness::ChildProcess::Clock::now() + std::chrono::seconds(60)) ==
         harness::ChildProcess::ReadStatus::kLine)
    r.output += line + "\n";
  child.stop(std::chrono::milliseconds(2000));
  r.ended = child.exit_description();
  r.output += child.stderr_tail();
  return r;
}

}  // namespace

TEST_CASE("journal: `touchstone report verify` checks the chain and report.json's head", "[journal][chain][cli]") {
  const fs::path root = temp_dir("chain-verify");
  const Suite suite = small_suite(root / "suite");
  const RunOptions o = reference_options(root / "report");
  run_suite(suite, o);
  const auto lines = read_lines(o.report_dir / "journal.jsonl");
  const Cli intact = touchstone_cli({"report", "verify", o.report_dir.string()});
  CHECK(intact.ended == "exit status 0");
  CHECK_THAT(intact.output, Catch::Contains("7 lines, chain intact") && Catch::Contains("carries that head"));

  SECTION("a report.json written from another journal") {
    auto report = reports::load_report(o.report_dir / "report.json");
    report.run.journal_chain = std::string(64, '0');
    reports::save_report(report, o.report_dir / "report.json");
    const Cli r = touchstone_cli({"report", "verify", o.report_dir.string()});
    CHECK(r.ended == "exit status 1");
    CHECK_THAT(r.output, Catch::Contains("not the journal's head"));
  }
  SECTION("a journal line edited") {
    auto edited = lines;
    edited[2].replace(edited[2].find("\"verdict\":\"pass\""), 16, "\"verdict\":\"fail\"");
    write_lines(o.report_dir / "journal.jsonl", edited);
    const Cli r = touchstone_cli({"report", "verify", o.report_dir.string()});
    CHECK(r.ended == "exit status 1");
    CHECK_THAT(r.output, Catch::Contains("line 3: its chain does not follow line 2"));
  }
  fs::remove_all(root);
}
