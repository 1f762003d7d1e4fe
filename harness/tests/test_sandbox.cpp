// Issue 25: every process adapter runs in a sandbox (harness/sandbox.h). A hostile adapter
// (touchstone-hostile-backend) reads the runner's /proc, looks for the suite's answers,
// writes into the report folder, leaves a detached child and exhausts memory; inside the
// sandbox none of it changes a verdict or survives the run. Without namespaces (or with
// --no-sandbox) the run says "not isolated".
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "harness/process.h"
#include "harness/sandbox.h"
#include "harness/tests/cli_child.h"
#include "harness/tests/fixture.h"

using namespace touchstone;
using touchstone::testing::add_binary_case;
using touchstone::testing::file_text;
using touchstone::testing::Finished;
using touchstone::testing::touchstone_cli;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;
using json = nlohmann::json;
using Clock = harness::ChildProcess::Clock;

namespace {

// Processes of this machine (seen from here) whose command line holds `marker`.
int processes_with(const std::string& marker) {
  int n = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc", ec)) {
    const std::string cmdline = file_text(e.path() / "cmdline");
    if (cmdline.find(marker) != std::string::npos) ++n;
  }
  return n;
}

json verdicts(const fs::path& report_dir) {
  json out = json::object();
  for (const auto& [id, record] : touchstone::testing::journal_records(report_dir)) out[id] = record;
  return out;
}

const std::string kHostile = std::string("command:") + TOUCHSTONE_HOSTILE_BACKEND;

std::vector<std::string> run_args(const fs::path& suite, const fs::path& out, const std::string& backend) {
  return {"run",     "--suite", suite.string(), "--backend", backend, "--report-dir", out.string(),
          "--jobs",  "1",       "--timeout",    "30",        "--no-repro"};
}

// The sandbox of this machine, or nullopt with a warning where it gives no namespaces
// (the test then has nothing to check).
std::optional<harness::SandboxStatus> isolated_sandbox() {
  harness::SandboxStatus sandbox = harness::sandbox_status(true);
  if (sandbox.isolated) return sandbox;
  WARN("this machine gives no namespaces (" << sandbox.description << "): the sandbox is not tested here");
  return std::nullopt;
}

}  // namespace

TEST_CASE("sandbox: a hostile adapter cannot read the answers, touch the report, outlive the run or exhaust memory",
          "[sandbox]") {
  if (!isolated_sandbox()) return;
  const fs::path root = temp_dir("sandbox-hostile");
  const fs::path suite = root / "suite", out = root / "out";
  for (const char* id : {"alpha", "beta", "gamma_memory"}) add_binary_case(suite, id, "Add", 14);
  const std::string token = "hostile-token-" + std::to_string(getpid());
  auto args = run_args(suite, out, kHostile);
  args.insert(args.end(), {"--adapter-memory", std::to_string(512 << 20)});
  const auto started = Clock::now();
  // The adapter knows the paths (given backwards: the runner drops a variable naming them).
  const auto known = [](const std::string& path) { return "rev:" + std::string(path.rbegin(), path.rend()); };
  const Finished f = touchstone_cli(args, {{"TOUCHSTONE_HOSTILE_SUITE", known(suite.string())},
                                           {"TOUCHSTONE_HOSTILE_REPORT", known(out.string())},
                                           {"TOUCHSTONE_HOSTILE_TOKEN", token},
                                           {"TOUCHSTONE_HOSTILE_RUNNER", known(TOUCHSTONE_CLI)}});
  INFO(f.output);
  CHECK(f.ended == "exit status 1");  // the run finished, with failures
  CHECK(Clock::now() - started < std::chrono::seconds(60));
  CHECK_THAT(f.output, Catch::Contains("backend isolation: namespaces (bubblewrap"));

  const json report = json::parse(file_text(out / "report.json"));  // still the runner's
  CHECK_THAT(report.at("run").at("isolation").get<std::string>(), Catch::StartsWith("namespaces (bubblewrap "));
  const json cases = verdicts(out);
  REQUIRE(cases.size() == 3);
  for (const char* id : {"alpha", "beta"}) {
    INFO(id);
    const std::string message = cases.at(id).at("message");
    CHECK(cases.at(id).at("verdict") == "error");  // was: pass, on copied answers
    CHECK_THAT(message, Catch::Contains("cannot open " + (suite / id).string()));
    CHECK_THAT(message, !Catch::Contains("--suite"));  // its parent is the sandbox's init, not the runner
    CHECK_THAT(message, Catch::Contains("report folder " + out.string() + ": not writable"));
    CHECK_THAT(message, Catch::Contains(std::string("runner ") + TOUCHSTONE_CLI + ": cannot run"));
  }
  CHECK(cases.at("gamma_memory").at("verdict") == "crash");  // its memory limit: that case only
  CHECK_THAT(cases.at("gamma_memory").at("message").get<std::string>(), Catch::Contains("allocation failed"));
  CHECK(file_text(out / "journal.jsonl").find("forged") == std::string::npos);

  // The detached children died with their adapters; nothing rewrites the report later.
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  CHECK(processes_with(token) == 0);
  CHECK(file_text(out / "report.json").find("forged") == std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("sandbox: without it the same adapter copies the answers, and the report says not isolated", "[sandbox]") {
  const fs::path root = temp_dir("sandbox-off");
  const fs::path suite = root / "suite", out = root / "out";
  add_binary_case(suite, "alpha", "Add", 14);
  auto args = run_args(suite, out, kHostile);
  args.push_back("--no-sandbox");
  const Finished f = touchstone_cli(args, {{"TOUCHSTONE_HOSTILE_PROBES", "read"}});
  INFO(f.output);
  CHECK(f.ended == "exit status 0");
  CHECK(verdicts(out).at("alpha").at("verdict") == "pass");  // the probe is real: it found the answers
  CHECK_THAT(f.output, Catch::Contains("warning: the backend runs not isolated: --no-sandbox"));
  const json report = json::parse(file_text(out / "report.json"));
  CHECK_THAT(report.at("run").at("isolation").get<std::string>(), Catch::StartsWith("not isolated: --no-sandbox; memory "));
  CHECK(report.at("run").at("options").at("sandbox") == false);
  fs::remove_all(root);
}

TEST_CASE("sandbox: a machine without namespaces runs and says plainly that it is not isolated", "[sandbox]") {
  const fs::path root = temp_dir("sandbox-missing");
  const fs::path suite = root / "suite";
  add_binary_case(suite, "alpha", "Add", 14);
  const std::string fault = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;
  // bubblewrap missing, or present and failing its self-check (no user namespaces).
  for (const auto& [bwrap, why] : std::vector<std::pair<std::string, std::string>>{
           {"/no/such/bwrap", "--version did not say bubblewrap"}, {"/bin/false", "--version did not say bubblewrap"}}) {
    INFO(bwrap);
    const fs::path out = root / ("out" + std::to_string(bwrap.size()));
    const Finished f = touchstone_cli(run_args(suite, out, fault), {{"TOUCHSTONE_BWRAP", bwrap}});
    INFO(f.output);
    CHECK(f.ended == "exit status 0");
    CHECK_THAT(f.output, Catch::Contains("warning: the backend runs not isolated: ") && Catch::Contains(why));
    CHECK_THAT(f.output, Catch::Contains("backend isolation: not isolated: "));
    const json report = json::parse(file_text(out / "report.json"));
    CHECK_THAT(report.at("run").at("isolation").get<std::string>(), Catch::StartsWith("not isolated: "));
    CHECK_THAT(file_text(out / "report.html"), Catch::Contains("\"isolation\":\"not isolated: "));
  }
  // The in-process backends have no adapter to isolate.
  const Finished f = touchstone_cli(run_args(suite, root / "ref", "reference"));
  CHECK_THAT(f.output, Catch::Contains("backend isolation: in process (no adapter)"));
  CHECK(f.output.find("warning") == std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("sandbox: an adapter sees its install and its folders only; the suite is hidden even inside them",
          "[sandbox]") {
  const auto sandbox = isolated_sandbox();
  if (!sandbox) return;
  const fs::path root = temp_dir("sandbox-view");
  const fs::path install = root / "install", staged = root / "case0", output = root / "out0";
  for (const auto& d : {install / "suite", staged, output}) fs::create_directories(d);
  std::ofstream(install / "tool.txt") << "tool\n";
  std::ofstream(install / "suite" / "answer.txt") << "answer\n";
  std::ofstream(staged / "model.onnx") << "model\n";
  std::ofstream(root / "elsewhere.txt") << "elsewhere\n";
  harness::SandboxView view;
  view.install = {install};
  view.staged = {staged};
  view.writable = {output};
  view.hidden = {install / "suite"};
  const std::string script =
      "cat " + (install / "tool.txt").string() + " " + (staged / "model.onnx").string() + "; " +  // seen
      "cat " + (install / "suite/answer.txt").string() + " " + (root / "elsewhere.txt").string() + "; " +  // hidden
      "echo x > " + (staged / "new").string() + " || echo staged-read-only; " +
      "echo written > " + (output / "output_0.pb").string() + " && echo output-writable; " +
      "echo processes $(ls /proc | grep -c '^[0-9]'); echo user $(id -u); echo env ${HOME} ${OLDPWD:-none}";
  harness::ChildProcess child;
  harness::start_sandboxed(child, harness::sandboxed_command(*sandbox, {"/bin/sh", "-c", script}, view, {{"TOUCHSTONE_X", "1"}}));
  std::string all, line;
  while (child.read_line(line, Clock::now() + std::chrono::seconds(20)) == harness::ChildProcess::ReadStatus::kLine)
    all += line + "\n";
  child.stop(std::chrono::milliseconds(2000));
  INFO(all << child.stderr_tail());
  CHECK(child.exit_description() == "exit status 0");
  CHECK(all.find("tool\nmodel\n") == 0);
  CHECK(all.find("answer") == std::string::npos);
  CHECK(all.find("elsewhere") == std::string::npos);
  CHECK_THAT(all, Catch::Contains("staged-read-only\noutput-writable\n"));
  CHECK(file_text(output / "output_0.pb") == "written\n");
  // Its own PID namespace: bubblewrap's init, the shell, ls and grep at most.
  const auto at = all.find("processes ");
  REQUIRE(at != std::string::npos);
  CHECK(std::stoi(all.substr(at + 10)) <= 5);
  CHECK_THAT(all, Catch::Contains("user 65534\nenv /tmp none\n"));
  fs::remove_all(root);
}

TEST_CASE("sandbox: nothing the adapter can read names the suite or the report; its 200 children die with it",
          "[sandbox]") {
  if (!isolated_sandbox()) return;
  const fs::path root = temp_dir("sandbox-peek");
  const fs::path suite = root / "suite", out = root / "out";
  add_binary_case(suite, "alpha", "Add", 14);
  const std::string token = "peek-token-" + std::to_string(getpid());
  const Finished f = touchstone_cli(run_args(suite, out, kHostile),
                                    {{"TOUCHSTONE_HOSTILE_PROBES", "peek,fork"},
                                     {"TOUCHSTONE_HOSTILE_TOKEN", token},
                                     {"TOUCHSTONE_LEAK_SUITE", suite.string()},  // a variable naming the suite
                                     {"TOUCHSTONE_LEAK_REPORT", "report in " + out.string()}});
  INFO(f.output);
  CHECK(f.ended == "exit status 1");  // the run finished: the adapter's answer is an error
  const std::string message = verdicts(out).at("alpha").at("message");
  INFO(message);
  // The sandbox's init shows bubblewrap's arguments as a descriptor, not as paths.
  CHECK_THAT(message, Catch::Contains("pid1 [" + harness::sandbox_status(true).bwrap + " --args 3 -- " +
                                      TOUCHSTONE_HOSTILE_BACKEND + " ]"));
  CHECK_THAT(message, Catch::Contains("env [") && Catch::Contains("TOUCHSTONE_HOSTILE_TOKEN=" + token));
  CHECK_THAT(message, Catch::Contains("mounts [") && Catch::Contains("fds ["));
  CHECK(message.find("memfd:touchstone-args") == std::string::npos);  // bubblewrap closed the arguments' descriptor
  CHECK(message.find(suite.string()) == std::string::npos);
  CHECK(message.find(out.string()) == std::string::npos);
  CHECK(message.find(root.string()) == std::string::npos);  // neither folder, nor the folder holding them
  CHECK(message.find("TOUCHSTONE_LEAK") == std::string::npos);
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  CHECK(processes_with(token) == 0);  // 200 children started, none outlived the adapter
  fs::remove_all(root);
}
