// Issue 16, "a certificate nobody can fool": each rule against a hostile adapter
// (touchstone-fault-backend's hostile modes) or a hostile suite built here. Every test
// below failed on the code before the rule.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>

#include "harness/isolation.h"
#include "harness/process.h"
#include "harness/run_guard.h"
#include "harness/tests/fixture.h"
#include "reports/report.h"
#include "reports/writers.h"

using namespace touchstone;
using touchstone::testing::add_binary_case;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct CliResult {
  int status = -1;
  std::string output;  // stdout and stderr
};

// The touchstone under test: this build's, or TOUCHSTONE_TEST_CLI (to show that a test
// fails on an older build).
std::string cli_path() {
  const char* other = std::getenv("TOUCHSTONE_TEST_CLI");
  return other && *other ? other : TOUCHSTONE_CLI;
}

// Runs the CLI with `env` ("A=1 B=2") and returns its exit status and output.
CliResult cli(const std::vector<std::string>& args, const std::string& env = "") {
  std::string command = (env.empty() ? "" : "env " + env + " ") + cli_path();
  for (const auto& a : args) command += " '" + a + "'";
  CliResult r;
  FILE* pipe = popen((command + " 2>&1 </dev/null").c_str(), "r");
  REQUIRE(pipe);
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) r.output.append(buf, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

const std::string kFault = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;

std::vector<std::string> run_args(const fs::path& suite, const fs::path& out, const std::string& backend = kFault) {
  return {"run", "--suite", suite.string(), "--backend", backend, "--report-dir", out.string(), "--timeout", "20",
          "--jobs", "1"};
}

json load_json(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

// A case's record: from report.json when listed there; a plain pass is only counted in
// report.json (pass_groups), so it comes from the run's journal, and then the report must
// count it among its summarized passes.
json case_of(const fs::path& report, const std::string& id) {
  const json doc = load_json(report);
  for (const auto& c : doc.at("cases"))
    if (c.at("id") == id) return c;
  const auto records = touchstone::testing::journal_records(report.parent_path());
  const auto it = records.find(id);
  if (it == records.end()) FAIL("no case " << id << " in " << report << " or its journal");
  CHECK(it->second.at("verdict") == "pass");
  CHECK(doc.at("summarized_passes").get<int64_t>() > 0);
  return it->second;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_text(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// Marks a case as negative (a conformant backend must refuse it) in its case.json.
void make_negative(SuiteCase c) {
  touchstone::testing::make_model_invalid(c.dir);
  c.meta.valid = false;
  c.meta.invalid_rule = "a rule of the test";
  write_text(c.dir / "case.json", meta_to_json(c.meta));
}

bool alive(pid_t pid) { return ::kill(pid, 0) == 0; }

}  // namespace

// ---- Confinement and size limits ---------------------------------------------------

TEST_CASE("confinement: external data inside the case is staged for the backend; outside it is a bad case",
          "[trust][confinement]") {
  const fs::path root = temp_dir("trust-confine");
  const fs::path suite = root / "suite";
  for (const char* id : {"ext_inside", "ext_outside", "ext_link"}) {
    const SuiteCase c = add_binary_case(suite, id, "Add", 14);
    // input_0.pb's values moved to an external file next to it (or outside the case).
    const Tensor a = read_tensor_file(c.dir / "test_data_set_0/input_0.pb");
    onnx::TensorProto p;
    p.set_name("A");
    p.set_data_type(onnx::TensorProto::FLOAT);
    for (int64_t d : a.shape()) p.add_dims(d);
    p.set_data_location(onnx::TensorProto::EXTERNAL);
    const std::string bytes(reinterpret_cast<const char*>(a.bytes().data()), a.bytes().size());
    std::string location = "a.bin";
    if (std::string(id) == "ext_outside") location = "../../secret.bin", write_text(suite / "secret.bin", bytes);
    if (std::string(id) == "ext_link") {
      write_text(root / "elsewhere.bin", bytes);
      fs::create_symlink(root / "elsewhere.bin", c.dir / "test_data_set_0/link.bin");
      location = "link.bin";
    } else if (location == "a.bin") {
      write_text(c.dir / "test_data_set_0/a.bin", bytes);
    }
    auto* e = p.add_external_data();
    e->set_key("location");
    e->set_value(location);
    write_text(c.dir / "test_data_set_0/input_0.pb", p.SerializeAsString());
  }
  const auto r = cli(run_args(suite, root / "out"));
  INFO(r.output);
  const fs::path report = root / "out/report.json";
  CHECK(case_of(report, "ext_inside").at("verdict") == "pass");  // the backend got a.bin in its scratch copy
  for (const char* id : {"ext_outside", "ext_link"}) {
    const json c = case_of(report, id);
    CHECK(c.at("verdict") == "bad-case");  // was: error, blamed on the backend
    CHECK_THAT(c.at("message").get<std::string>(), Catch::Contains("outside") || Catch::Contains(".."));
  }
  fs::remove_all(root);
}

TEST_CASE("size limits: tensors and reply lines over the limit get a clear error naming it", "[trust][limits]") {
  const fs::path root = temp_dir("trust-limits");
  const fs::path suite = root / "suite";
  add_binary_case(suite, "plain", "Add", 14);
  add_binary_case(suite, "long_reply", "Add", 14);

  auto args = run_args(suite, root / "tensor");
  args.insert(args.end(), {"--max-tensor-bytes", "16"});  // 2x3 floats are 24 bytes
  auto r = cli(args);
  INFO(r.output);
  json c = case_of(root / "tensor/report.json", "plain");
  CHECK(c.at("verdict") == "bad-case");
  CHECK_THAT(c.at("message").get<std::string>(), Catch::Contains("tensor size limit of 16 bytes"));

  args = run_args(suite, root / "line");
  args.insert(args.end(), {"--max-line-bytes", "100000"});
  r = cli(args, "TOUCHSTONE_FAULTS=long_reply=longline");
  INFO(r.output);
  c = case_of(root / "line/report.json", "long_reply");
  CHECK(c.at("verdict") == "error");
  CHECK_THAT(c.at("message").get<std::string>(), Catch::Contains("longer than the limit of 100000 bytes"));
  CHECK(case_of(root / "line/report.json", "plain").at("verdict") == "pass");
  fs::remove_all(root);
}

// ---- Isolation of the backend ------------------------------------------------------

TEST_CASE("isolation: the backend sees the model and inputs only, and cannot hand back the stored answers",
          "[trust][isolation]") {
  const fs::path root = temp_dir("trust-isolation");
  const fs::path suite = root / "suite";
  for (const char* id : {"honest", "cheat_path", "cheat_copy", "elsewhere"}) {
    const SuiteCase c = add_binary_case(suite, id, "Add", 14);
    write_text(c.dir / "case.json", meta_to_json(c.meta));
  }
  const fs::path spy = root / "spy.txt";  // written by the adapter: outside its sandbox (test_sandbox.cpp has it inside)
  auto args = run_args(suite, root / "out");
  args.push_back("--no-sandbox");
  const auto r = cli(args,
                     "TOUCHSTONE_FAULT_SPY=" + spy.string() +
                         " 'TOUCHSTONE_FAULTS=cheat_path=cheat-path;cheat_copy=cheat-copy;elsewhere=elsewhere'");
  INFO(r.output);
  const fs::path report = root / "out/report.json";
  CHECK(case_of(report, "honest").at("verdict") == "pass");
  for (const char* id : {"cheat_path", "cheat_copy", "elsewhere"}) {
    INFO(id);
    const json c = case_of(report, id);
    CHECK(c.at("verdict") == "error");  // was: pass, on answers it never computed
    CHECK_THAT(c.at("message").get<std::string>(), Catch::Contains("protocol error"));
  }
  // What the adapter could see: model.onnx and input_N.pb in a folder outside the suite.
  std::ifstream in(spy);
  int lines = 0;
  for (std::string line; std::getline(in, line); ++lines) {
    INFO(line);
    CHECK(line.find(suite.string()) != 0);
    CHECK(line.substr(line.find(':')) == ": input_0.pb input_1.pb model.onnx");
  }
  CHECK(lines == 4);
  fs::remove_all(root);
}

TEST_CASE("isolation: scratch folders are private, fresh, and removed; stale ones of dead runs too",
          "[trust][isolation]") {
  const fs::path root = temp_dir("trust-scratch");
  const fs::path base = root / "scratch";
  fs::create_directories(base);
  // A run killed by SIGKILL left its folder: a pid that no longer lives.
  const pid_t dead = fork();
  if (dead == 0) _exit(0);
  waitpid(dead, nullptr, 0);
  fs::create_directories(base / ("touchstone-run-" + std::to_string(dead) + "-abcdef/w0"));
  fs::create_directories(base / "touchstone-run-1-keepme");  // pid 1 lives: not ours to remove

  const fs::path a = harness::make_private_scratch(base), b = harness::make_private_scratch(base);
  CHECK(a != b);
  struct stat st {};
  REQUIRE(stat(a.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0700);
  CHECK_FALSE(fs::exists(base / ("touchstone-run-" + std::to_string(dead) + "-abcdef")));
  CHECK(fs::exists(base / "touchstone-run-1-keepme"));
  fs::remove_all(a);
  fs::remove_all(b);

  // A whole run leaves nothing in its scratch base.
  const fs::path suite = root / "suite";
  add_binary_case(suite, "one", "Add", 14);
  auto args = run_args(suite, root / "out");
  args.insert(args.end(), {"--scratch", base.string()});
  CHECK(cli(args).status == 0);
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(base)) left.push_back(e.path().filename().string());
  CHECK(left == std::vector<std::string>{"touchstone-run-1-keepme"});
  fs::remove_all(root);
}

TEST_CASE("isolation: whatever the adapter started dies with it", "[trust][isolation]") {
  const fs::path root = temp_dir("trust-group");
  const fs::path suite = root / "suite";
  add_binary_case(suite, "spawns", "Add", 14);
  const fs::path pids = root / "pids.txt";
  auto args = run_args(suite, root / "out");
  args.push_back("--no-sandbox");  // the process group alone (the sandbox's PID namespace: test_sandbox.cpp)
  const auto r = cli(args, "TOUCHSTONE_FAULT_PIDS=" + pids.string() + " TOUCHSTONE_FAULTS=spawns=grandchild");
  INFO(r.output);
  CHECK(r.status == 0);
  std::ifstream in(pids);
  pid_t pid = 0;
  REQUIRE(in >> pid);
  for (int i = 0; i < 200 && alive(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK_FALSE(alive(pid));  // was: `sleep 300` outlived the run
  if (alive(pid)) ::kill(pid, SIGKILL);
  fs::remove_all(root);
}

// ---- No lost runs ------------------------------------------------------------------

TEST_CASE("no lost runs: a folder holding a run is refused; a bad backend writes nothing", "[trust][no-lost-runs]") {
  const fs::path root = temp_dir("trust-lost");
  const fs::path suite = root / "suite";
  add_binary_case(suite, "a", "Add", 14);
  add_binary_case(suite, "b", "Add", 14);
  const fs::path out = root / "out";
  REQUIRE(cli(run_args(suite, out)).status == 0);
  const std::string journal = read_text(out / "journal.jsonl");

  auto again = cli(run_args(suite, out));
  CHECK(again.status == 2);
  CHECK_THAT(again.output, Catch::Contains("holds a run already") && Catch::Contains("--resume") && Catch::Contains("--overwrite"));
  CHECK(read_text(out / "journal.jsonl") == journal);
  CHECK(fs::exists(out / "report.json"));

  // A typo in the backend: refused before anything is written, even with --resume.
  auto typo = run_args(suite, out, "onnxruntim");
  typo.push_back("--resume");
  CHECK(cli(typo).status == 2);
  CHECK(read_text(out / "journal.jsonl") == journal);
  CHECK(cli(run_args(suite, root / "fresh", "command:/no/such/adapter")).status == 2);
  CHECK_FALSE(fs::exists(root / "fresh"));

  auto overwrite = run_args(suite, out);
  overwrite.push_back("--overwrite");
  CHECK(cli(overwrite).status == 0);
  fs::remove_all(root);
}

TEST_CASE("no lost runs: a lock keeps a second process out; --resume checks the suite's digest",
          "[trust][no-lost-runs]") {
  const fs::path root = temp_dir("trust-lock");
  const fs::path suite = root / "suite";
  const SuiteCase a = add_binary_case(suite, "a", "Add", 14);
  add_binary_case(suite, "b", "Add", 14);
  const fs::path out = root / "out";
  fs::create_directories(out);
  {
    harness::ReportLock held(out);  // another process writing this folder
    const auto r = cli(run_args(suite, out));
    CHECK(r.status == 2);
    CHECK_THAT(r.output, Catch::Contains("being written by another touchstone process"));
    CHECK_FALSE(fs::exists(out / "journal.jsonl"));
  }
  REQUIRE(cli(run_args(suite, out)).status == 0);

  // The suite changes under the journal: --resume would mix verdicts of two suites.
  write_tensor_file(a.dir / "test_data_set_0/input_0.pb", Tensor(DType::kFloat, Shape{2, 3}), "A");
  auto resume = run_args(suite, out);
  resume.push_back("--resume");
  const auto r = cli(resume);
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("case a changed in the suite since it was journaled"));
  // A case added to the suite changes its ids: refused by the journal's header.
  add_binary_case(suite, "c", "Add", 14);
  const auto added = cli(resume);
  CHECK(added.status == 2);
  CHECK_THAT(added.output, Catch::Contains("suite_ids"));
  fs::remove_all(root);
}

TEST_CASE("no lost runs: eval --out refuses to overwrite a suite's test data", "[trust][no-lost-runs]") {
  const fs::path root = temp_dir("trust-eval");
  const SuiteCase c = add_binary_case(root, "a", "Add", 14);
  const fs::path set = c.dir / "test_data_set_0";
  const std::string expected = read_text(set / "output_0.pb");
  const auto r = cli({"eval", (c.dir / "model.onnx").string(), "--inputs", set.string(), "--out", set.string()});
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("suite's test data"));
  CHECK(read_text(set / "output_0.pb") == expected);
  CHECK(cli({"eval", (c.dir / "model.onnx").string(), "--inputs", set.string(), "--out", (root / "elsewhere").string(),
             "-q"}).status == 0);
  fs::remove_all(root);
}

// ---- Honest verdicts ---------------------------------------------------------------

TEST_CASE("honest verdicts: a must-refuse case passes only on the backend's own refusal", "[trust][verdicts]") {
  const fs::path root = temp_dir("trust-refuse");
  const fs::path suite = root / "suite";
  for (const char* id : {"neg_garbage", "neg_badjson", "neg_rejected", "neg_error"}) make_negative(add_binary_case(suite, id, "Add", 14));
  const auto r = cli(run_args(suite, root / "out"),
                     "'TOUCHSTONE_FAULTS=neg_garbage=garbage;neg_badjson=badjson;neg_rejected=rejected;neg_error=error'");
  INFO(r.output);
  const fs::path report = root / "out/report.json";
  CHECK(case_of(report, "neg_garbage").at("verdict") == "accepted-invalid");  // said ok: it ran the model
  CHECK(case_of(report, "neg_badjson").at("verdict") == "error");             // unreadable: no refusal
  CHECK_THAT(case_of(report, "neg_badjson").at("message").get<std::string>(), Catch::Contains("protocol error"));
  CHECK(case_of(report, "neg_rejected").at("verdict") == "pass");
  CHECK(case_of(report, "neg_error").at("verdict") == "pass");
  fs::remove_all(root);
}

TEST_CASE("honest verdicts: the suite's own faults are bad-case, and one bad case stops nothing", "[trust][verdicts]") {
  const fs::path root = temp_dir("trust-badcase");
  const fs::path suite = root / "suite";
  add_binary_case(suite, "good", "Add", 14);
  const SuiteCase missing_input = add_binary_case(suite, "missing_input", "Add", 14);
  fs::remove(missing_input.dir / "test_data_set_0/input_1.pb");  // the model needs B
  const SuiteCase unreadable = add_binary_case(suite, "unreadable_model", "Add", 14);
  write_text(unreadable.dir / "model.onnx", "\xff\xff not a model");
  write_text(suite / "no_model/test_data_set_0/input_0.pb", "x");  // a case folder without model.onnx

  const auto r = cli(run_args(suite, root / "out"));
  INFO(r.output);
  CHECK(r.status == 0);  // the suite's faults are not the backend's failures
  const fs::path report = root / "out/report.json";
  CHECK(case_of(report, "good").at("verdict") == "pass");
  for (const char* id : {"missing_input", "unreadable_model", "no_model"}) {
    INFO(id);
    CHECK(case_of(report, id).at("verdict") == "bad-case");
  }
  CHECK_THAT(case_of(report, "no_model").at("message").get<std::string>(), Catch::Contains("no model.onnx"));
  CHECK(load_json(report).at("totals").at("bad-case") == 3);
  fs::remove_all(root);
}

TEST_CASE("honest verdicts: every test_data_set_N is run", "[trust][verdicts]") {
  const fs::path root = temp_dir("trust-sets");
  const fs::path suite = root / "suite";
  const SuiteCase c = add_binary_case(suite, "two_sets", "Add", 14);
  fs::copy(c.dir / "test_data_set_0", c.dir / "test_data_set_1");
  Tensor wrong = read_tensor_file(c.dir / "test_data_set_1/output_0.pb");
  wrong.data<float>()[4] += 1;
  write_tensor_file(c.dir / "test_data_set_1/output_0.pb", wrong, "C");
  // The stored outputs as the backend, the reference as the oracle: set 1 is wrong.
  const auto r = cli(run_args(suite, root / "out", "expected"));
  CHECK(r.status == 1);
  const json k = case_of(root / "out/report.json", "two_sets");
  CHECK(k.at("verdict") == "fail");
  CHECK_THAT(k.at("message").get<std::string>(), Catch::StartsWith("test_data_set_1: "));
  fs::remove_all(root);
}

// ---- Honest gates ------------------------------------------------------------------

TEST_CASE("honest gates: a run that judged nothing fails and every report says so", "[trust][gates]") {
  const fs::path root = temp_dir("trust-nothing");
  const fs::path suite = root / "suite";
  add_binary_case(suite, "a", "Add", 14);
  add_binary_case(suite, "b", "Add", 14);
  const fs::path out = root / "out";
  const auto r = cli(run_args(suite, out), "TOUCHSTONE_FAULTS=a=unsupported\\;b=unsupported");
  CHECK(r.status == 1);
  CHECK_THAT(r.output, Catch::Contains("nothing was tested"));
  CHECK_THAT(read_text(out / "report.html"), Catch::Contains("nothing was tested"));
  const auto md = cli({"report", "markdown", (out / "report.json").string()});
  CHECK_THAT(md.output, Catch::Contains("nothing was tested"));
  CHECK_THAT(md.output, !Catch::Contains("no failures"));
  const auto junit = cli({"report", "junit", (out / "report.json").string()});
  CHECK_THAT(junit.output, Catch::Contains("nothing was tested") && Catch::Contains("<failure"));

  // An empty selection is a usage error, not an empty green run.
  auto ops = run_args(suite, root / "ops");
  ops.insert(ops.end(), {"--ops", "Addd"});
  const auto typo = cli(ops);
  CHECK(typo.status == 2);
  CHECK_THAT(typo.output, Catch::Contains("--ops 'Addd' matches no case"));
  auto cases = run_args(suite, root / "cases");
  cases.insert(cases.end(), {"--case", "zz*"});
  CHECK(cli(cases).status == 2);
  fs::remove_all(root);
}

TEST_CASE("honest gates: --suite accepts a single case folder", "[trust][gates]") {
  const fs::path root = temp_dir("trust-single");
  const SuiteCase c = add_binary_case(root / "suite", "only", "Add", 14);
  add_binary_case(root / "suite", "other", "Add", 14);
  const auto r = cli(run_args(c.dir, root / "out"));
  INFO(r.output);
  CHECK(r.status == 0);
  const json report = load_json(root / "out/report.json");
  CHECK(report.at("cases").empty());  // a plain pass is counted, not listed
  CHECK(report.at("summarized_passes") == 1);
  CHECK(touchstone::testing::journal_verdicts(root / "out") == std::map<std::string, std::string>{{"only", "pass"}});
  fs::remove_all(root);
}

TEST_CASE("honest gates: report diff of runs over different suites is refused on the command line", "[trust][gates]") {
  const fs::path root = temp_dir("trust-diff");
  add_binary_case(root / "s1", "a", "Add", 14);
  add_binary_case(root / "s2", "a", "Add", 14, 2.5f);
  REQUIRE(cli(run_args(root / "s1", root / "r1")).status == 0);
  REQUIRE(cli(run_args(root / "s2", root / "r2")).status == 0);
  const auto r = cli({"report", "diff", (root / "r1/report.json").string(), (root / "r2/report.json").string()});
  CHECK(r.status == 2);
  CHECK_THAT(r.output, Catch::Contains("different suites"));
  fs::remove_all(root);
}

// ---- The little things -------------------------------------------------------------

TEST_CASE("the little things: --version and an unknown command", "[trust][cli]") {
  const auto v = cli({"--version"});
  CHECK(v.status == 0);
  CHECK_THAT(v.output, Catch::StartsWith("touchstone " TOUCHSTONE_VERSION));
  const auto u = cli({"frobnicate"});
  CHECK(u.status == 2);
  CHECK_THAT(u.output, Catch::Contains("unknown command 'frobnicate'") && Catch::Contains("run") && Catch::Contains("report"));
}

TEST_CASE("the little things: progress lines with an ETA when stderr is not a terminal", "[trust][cli]") {
  const fs::path root = temp_dir("trust-progress");
  for (int i = 0; i < 6; ++i) add_binary_case(root / "suite", "slow_" + std::to_string(i), "Add", 14);
  auto args = run_args(root / "suite", root / "out");
  args.insert(args.end(), {"--progress-interval", "0.1"});
  const auto r = cli(args, "TOUCHSTONE_FAULTS=slow_=slow");
  CHECK(r.status == 0);
  CHECK_THAT(r.output, Catch::Contains("cases (") && Catch::Contains("ETA") && Catch::Contains("6/6 cases (100.0%)"));
  CHECK(r.output.find('\r') == std::string::npos);
  CHECK(r.output.find('\033') == std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("the little things: Ctrl-C kills the backend, cleans up and names --resume", "[trust][cli]") {
  const fs::path root = temp_dir("trust-sigint");
  const fs::path suite = root / "suite", scratch = root / "scratch", out = root / "out";
  add_binary_case(suite, "a_spawns", "Add", 14);
  add_binary_case(suite, "b_hangs", "Add", 14);
  fs::create_directories(scratch);
  const fs::path pids = root / "pids.txt";
  setenv("TOUCHSTONE_FAULTS", "a_spawns=grandchild;b_hangs=hang", 1);
  setenv("TOUCHSTONE_FAULT_PIDS", pids.c_str(), 1);
  auto args = run_args(suite, out);
  args.insert(args.begin(), cli_path());
  args.insert(args.end(), {"--scratch", scratch.string(), "--no-sandbox"});  // the adapter writes the pids file
  harness::ChildProcess runner;
  runner.start(args);
  unsetenv("TOUCHSTONE_FAULTS");
  unsetenv("TOUCHSTONE_FAULT_PIDS");
  // Wait until case a is journaled (b then hangs).
  for (int i = 0; i < 500 && read_text(out / "journal.jsonl").find("a_spawns") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  // SIGINT to the runner alone, as a terminal's Ctrl-C reaches it (its adapter is in a group of its own).
  ::kill(runner.pid(), SIGINT);
  std::string line;
  runner.read_line(line, harness::ChildProcess::Clock::now() + std::chrono::seconds(10));
  runner.stop(std::chrono::milliseconds(5000));
  CHECK(runner.exit_description() == "exit status 130");
  CHECK_THAT(runner.stderr_tail(), Catch::Contains("--resume") && Catch::Contains("journal.jsonl"));
  CHECK(fs::is_empty(scratch));
  std::ifstream in(pids);
  pid_t pid = 0;
  REQUIRE(in >> pid);
  for (int i = 0; i < 200 && alive(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK_FALSE(alive(pid));
  if (alive(pid)) ::kill(pid, SIGKILL);
  fs::remove_all(root);
}

TEST_CASE("the little things: a crash message carries only that case's stderr, without colour codes",
          "[trust][cli]") {
  const fs::path root = temp_dir("trust-stderr");
  add_binary_case(root / "suite", "a_noisy", "Add", 14);
  add_binary_case(root / "suite", "b_crash", "Add", 14);
  const auto r = cli(run_args(root / "suite", root / "out"), "'TOUCHSTONE_FAULTS=a_noisy=noisy;b_crash=ansi'");
  CHECK(r.status == 1);
  const std::string message = case_of(root / "out/report.json", "b_crash").at("message");
  CHECK_THAT(message, Catch::Contains("FATAL: kernel exploded"));
  CHECK(message.find('\033') == std::string::npos);
  CHECK(message.find("noise from a_noisy") == std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("the little things: a reproduce command runs as printed, again and again", "[trust][cli]") {
  const fs::path root = temp_dir("trust-repro");
  for (const char* id : {"wrong", "fine[1]", "fine1"}) {
    const SuiteCase c = add_binary_case(root / "suite", id, "Add", 14);
    write_text(c.dir / "case.json", meta_to_json(c.meta));  // exact tolerance
  }
  const std::string env = "TOUCHSTONE_FAULTS=wrong=wrong-value";
  CHECK(cli(run_args(root / "suite", root / "out"), env).status == 1);
  for (const char* id : {"wrong", "fine[1]"}) {
    const std::string command = case_of(root / "out/report.json", id).at("reproduce");
    INFO(command);
    write_text(root / "repro.sh", command + " -q\n");  // exactly as printed
    for (int time = 0; time < 2; ++time) {
      const int status = std::system(
          ("cd / && env TMPDIR=" + root.string() + " " + env + " sh " + (root / "repro.sh").string() + " >/dev/null 2>&1").c_str());
      CHECK(WEXITSTATUS(status) == (std::string(id) == "wrong" ? 1 : 0));
      // The id is literal: "fine[1]" is not a glob matching fine1 (the journal has every case).
      CHECK(touchstone::testing::journal_verdicts(root / "touchstone-repro") ==
            std::map<std::string, std::string>{{id, std::string(id) == "wrong" ? "fail" : "pass"}});
    }
  }
  fs::remove_all(root);
}

TEST_CASE("the little things: --write-digests with --ops is refused and leaves the file as it was",
          "[trust][cli]") {
  const fs::path root = temp_dir("trust-digests");
  const fs::path file = root / "digests.txt";
  write_text(file, "kept\n");
  const auto g = cli({"generate", "--profile", "standard", "--ops", "Abs", "--write-digests", file.string()});
  INFO(g.output);
  CHECK(g.status == 2);
  CHECK_THAT(g.output, Catch::Contains("leave --ops out"));
  CHECK(read_text(file) == "kept\n");
  fs::remove_all(root);
}

TEST_CASE("the little things: the Markdown summary groups failures by message", "[trust][reports]") {
  reports::Report report;
  for (int i = 0; i < 30; ++i) {
    reports::CaseResult c;
    c.id = "Add-14/float32/case_" + std::to_string(i);
    c.op = "Add";
    c.since_version = 14;
    c.verdict = "fail";
    c.message = "1 of 6 elements differ: element " + std::to_string(i) + " is 1.5 instead of 2.5e-3";
    report.cases.push_back(c);
  }
  report.cases[0].verdict = "crash";
  report.cases[0].message = "adapter ended (signal 6)";
  const std::string md = reports::render_markdown(report);
  CHECK_THAT(md, Catch::Contains("Failures by message") &&
                     Catch::Contains("| 29 | fail | N of N elements differ: element N is N instead of N |") &&
                     Catch::Contains("| 1 | crash |"));
}

// ---- Judged on what the spec fixes (issue 12) ---------------------------------------

TEST_CASE("TopK: another order of sorted=0 results passes; a defined tie broken the other way fails",
          "[trust][unordered]") {
  const fs::path root = temp_dir("trust-topk");
  const fs::path suite = root / "suite";
  const auto g = cli({"generate", "--profile", "standard", "--ops", "TopK", "--out", suite.string()});
  REQUIRE(g.status == 0);
  const std::string p = "TopK-11/float32-int64/";
  const auto r = cli(run_args(suite, root / "out"), "'TOUCHSTONE_FAULTS=" + p + "unsorted_k3_3x6=reverse-last;" + p +
                                                        "unsorted_ties_k4_3x8=tie-swap;" + p + "ties_k4_3x8=tie-swap;" +
                                                        p + "k3_3x4=reverse-last'");
  INFO(r.output);
  const fs::path report = root / "out/report.json";
  // sorted=0: the order is open, the (value, index) pairs of each slice are not.
  CHECK(case_of(report, p + "unsorted_k3_3x6").at("verdict") == "pass");
  CHECK(case_of(report, p + "unsorted_ties_k4_3x8").at("verdict") == "pass");
  // sorted=1: the order is fixed, and equal values come lower index first.
  CHECK(case_of(report, p + "ties_k4_3x8").at("verdict") == "fail");
  CHECK(case_of(report, p + "k3_3x4").at("verdict") == "fail");
  fs::remove_all(root);
}
