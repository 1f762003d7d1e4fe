// touchstone-hostile-backend: a process adapter that tries what a hostile backend author
// would (issue 25), for the sandbox's tests. It computes nothing: a case passes only when
// it could copy the suite's stored answers. For every request, the probes named in
// TOUCHSTONE_HOSTILE_PROBES (comma-separated; default all but memory) run in this order:
//   read    reads its parent's /proc/<ppid>/cmdline and cwd, scans /proc for a command line
//           naming --suite, and opens <suite>/<id>/test_data_set_0/output_N.pb of the suite
//           found there or named by TOUCHSTONE_HOSTILE_SUITE (an adapter that knows the path);
//           copies them into output_dir and answers ok with them when it can
//   write   appends to journal.jsonl and overwrites report.json in the report folder found
//           in the runner's command line or named by TOUCHSTONE_HOSTILE_REPORT
//   child   leaves a detached child (fork, setsid; `touchstone-hostile-backend --linger
//           TOKEN`, TOKEN from TOUCHSTONE_HOSTILE_TOKEN) that keeps overwriting report.json
//   runner  runs the runner's executable (TOUCHSTONE_HOSTILE_RUNNER) as `eval --help`
//   fds     (only when named) lists the descriptors it inherited past stderr and writes a
//           forged record through every one that names a file ("fds: none" when there are none)
//   peek    (only when named) reports what else it can read: "pid1 [<its /proc/1/cmdline>]",
//           "env [<its environment>]", "mounts [<the mount points in /proc/self/mountinfo>]"
//           and "fds [<what its open descriptors above 2 are>]"
//   fork    (only when named) starts 200 children that sleep (`--linger TOKEN`, no report)
//           and does not wait for them
// Its hello's backend name and version, and its messages, start with TOUCHSTONE_HOSTILE_NAME
// (default "hostile"). And, for a case whose id contains "memory", it allocates and touches memory until an
// allocation fails, then aborts. Otherwise it answers `error` with what it saw.
#include <cstdlib>
#include <fcntl.h>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// A variable's value; "rev:<text>" is read backwards (how the tests tell it a path the
// runner would not pass to a sandbox: it drops variables that name hidden paths).
std::string env(const char* name) {
  const char* v = std::getenv(name);
  const std::string value = v ? v : "";
  return value.rfind("rev:", 0) == 0 ? std::string(value.rbegin(), value.rend() - 4) : value;
}

// "hostile", or TOUCHSTONE_HOSTILE_NAME (terminal escape codes, for the runner's summary).
std::string backend_name() { return std::getenv("TOUCHSTONE_HOSTILE_NAME") ? env("TOUCHSTONE_HOSTILE_NAME") : "hostile"; }

bool probe_on(const std::string& name) {
  const std::string probes = std::getenv("TOUCHSTONE_HOSTILE_PROBES") ? env("TOUCHSTONE_HOSTILE_PROBES") : "read,write,child,runner";
  return ("," + probes + ",").find("," + name + ",") != std::string::npos;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return "";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The words of a /proc/<pid>/cmdline.
std::vector<std::string> command_line(const std::string& pid) {
  std::vector<std::string> words;
  std::istringstream in(read_all("/proc/" + pid + "/cmdline"));
  for (std::string w; std::getline(in, w, '\0');) words.push_back(w);
  return words;
}

std::string after(const std::vector<std::string>& words, const std::string& flag) {
  for (size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i] == flag) return words[i + 1];
  return "";
}

// What the runner's command line says (--suite, --report-dir), from the parent or any process in /proc.
std::string from_runner(const std::string& flag, std::string& seen) {
  const std::string ppid = std::to_string(getppid());
  const auto parent = command_line(ppid);
  std::string joined;
  for (const auto& w : parent) joined += (joined.empty() ? "" : " ") + w;
  seen += "parent " + ppid + " runs [" + joined.substr(0, 120) + "]; ";
  std::error_code ec;
  const fs::path cwd = fs::read_symlink("/proc/" + ppid + "/cwd", ec);
  seen += "its cwd: " + (ec ? ec.message() : cwd.string()) + "; ";
  if (const std::string v = after(parent, flag); !v.empty()) return v;
  for (const auto& e : fs::directory_iterator("/proc", ec))
    if (const std::string v = after(command_line(e.path().filename().string()), flag); !v.empty()) return v;
  return "";
}

// Copies the stored outputs into output_dir; their paths, or none.
json steal(const std::string& suite, const std::string& id, const fs::path& output_dir, std::string& seen) {
  json outputs = json::array();
  const fs::path stored = fs::path(suite) / id / "test_data_set_0";
  for (int i = 0;; ++i) {
    const fs::path from = stored / ("output_" + std::to_string(i) + ".pb");
    std::ifstream in(from, std::ios::binary);
    if (!in) {
      if (i == 0) seen += "cannot open " + from.string() + " (" + std::strerror(errno) + "); ";
      break;
    }
    const fs::path to = output_dir / from.filename();
    std::ofstream(to, std::ios::binary) << in.rdbuf();
    outputs.push_back(to.string());
  }
  return outputs;
}

void write_report(const std::string& report_dir, std::string& seen) {
  std::ofstream journal(fs::path(report_dir) / "journal.jsonl", std::ios::app);
  if (journal) journal << R"({"id":"forged","verdict":"pass"})" << "\n";
  std::ofstream report(fs::path(report_dir) / "report.json");
  if (report) report << "{\"forged\": true}\n";
  seen += std::string("report folder ") + report_dir + (journal || report ? ": written; " : ": not writable; ");
}

[[noreturn]] void linger(const std::string& report_dir) {
  for (;;) {
    if (!report_dir.empty()) std::ofstream(fs::path(report_dir) / "report.json") << "{\"forged\": \"after the run\"}\n";
    usleep(100000);
  }
}

void leave_child(const std::string& report_dir) {
  const pid_t child = fork();
  if (child != 0) return;
  setsid();
  if (fork() != 0) _exit(0);  // the grandchild is adopted by init: detached
  const int null = open("/dev/null", O_RDWR);  // and lets go of the protocol's pipes
  dup2(null, 0);
  dup2(null, 1);
  const std::string token = env("TOUCHSTONE_HOSTILE_TOKEN");
  execl("/proc/self/exe", "touchstone-hostile-backend", "--linger", token.c_str(), report_dir.c_str(),
        static_cast<char*>(nullptr));
  linger(report_dir);
}

// Every descriptor past stderr that was open when the adapter started (before this call
// opened anything), written through when it names a file.
std::string use_inherited_fds(const std::vector<std::string>& inherited) {
  std::string seen = "fds:";
  for (const auto& name : inherited) {
    std::error_code ec;
    const fs::path target = fs::read_symlink("/proc/self/fd/" + name, ec);
    seen += " " + name + "->" + (ec ? "?" : target.string());
    const std::string forged = R"({"id":"forged","verdict":"pass"})" "\n";
    if (!ec && target.is_absolute()) (void)!::write(std::stoi(name), forged.data(), forged.size());
  }
  return seen + (inherited.empty() ? " none; " : "; ");
}

std::vector<std::string> inherited_fds() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc/self/fd", ec)) {
    const std::string name = e.path().filename().string();
    if (name != "0" && name != "1" && name != "2") names.push_back(name);
  }
  std::erase_if(names, [](const std::string& n) { return ::fcntl(std::stoi(n), F_GETFD) < 0; });  // the listing's own, closed now
  return names;
}

std::string run_runner() {
  const std::string runner = env("TOUCHSTONE_HOSTILE_RUNNER");
  if (runner.empty()) return "";
  const std::string command = "'" + runner + "' eval --help >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  return "runner " + runner + (status == 0 ? ": ran; " : ": cannot run; ");
}

[[noreturn]] void exhaust_memory() {
  std::vector<char*> blocks;
  for (;;) {
    char* p = static_cast<char*>(std::malloc(size_t{64} << 20));
    if (!p) {
      std::cerr << "hostile: allocation failed after " << blocks.size() * 64 << " MiB" << std::endl;
      std::abort();
    }
    std::memset(p, 1, size_t{64} << 20);
    blocks.push_back(p);
  }
}

std::vector<std::string> g_inherited;  // inherited_fds() at start
// The fields of /proc/self/mountinfo's lines that name where something is mounted.
std::string mount_points() {
  std::istringstream in(read_all("/proc/self/mountinfo"));
  std::string out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string id, parent, device, root, point;
    fields >> id >> parent >> device >> root >> point;
    out += root + " on " + point + " ";
  }
  return out;
}

std::string peek() {
  std::string pid1 = read_all("/proc/1/cmdline"), environment = read_all("/proc/self/environ"), fds;
  for (auto* text : {&pid1, &environment})
    for (char& c : *text)
      if (c == '\0') c = ' ';
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc/self/fd", ec))
    if (std::atoi(e.path().filename().c_str()) > 2) fds += fs::read_symlink(e.path(), ec).string() + " ";
  return "pid1 [" + pid1 + "]; env [" + environment + "]; mounts [" + mount_points() + "]; fds [" + fds + "]; ";
}

void fork_many(int count) {
  const std::string token = env("TOUCHSTONE_HOSTILE_TOKEN");
  for (int i = 0; i < count; ++i)
    if (fork() == 0) {
      execl("/proc/self/exe", "touchstone-hostile-backend", "--linger", token.c_str(), "", static_cast<char*>(nullptr));
      _exit(1);
    }
}

json handle(const json& request) {
  const std::string id = request.value("id", "");
  const fs::path output_dir = request.value("output_dir", "");
  std::string seen;
  json outputs = json::array();
  if (probe_on("read")) {
    std::string suite = from_runner("--suite", seen);
    if (!suite.empty()) outputs = steal(suite, id, output_dir, seen);
    if (outputs.empty() && !env("TOUCHSTONE_HOSTILE_SUITE").empty())
      outputs = steal(env("TOUCHSTONE_HOSTILE_SUITE"), id, output_dir, seen);
  }
  std::string report_dir = env("TOUCHSTONE_HOSTILE_REPORT");
  if (report_dir.empty()) report_dir = from_runner("--report-dir", seen);
  if (probe_on("write") && !report_dir.empty()) write_report(report_dir, seen);
  if (probe_on("child")) leave_child(report_dir);
  if (probe_on("runner")) seen += run_runner();
  if (probe_on("fds")) seen += use_inherited_fds(g_inherited);
  if (probe_on("peek")) seen += peek();
  if (probe_on("fork")) fork_many(200);
  if (id.find("memory") != std::string::npos) exhaust_memory();
  if (!outputs.empty()) return {{"id", id}, {"status", "ok"}, {"outputs", outputs}};
  return {{"id", id}, {"status", "error"}, {"message", backend_name() + " could not cheat: " + seen}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && std::string(argv[1]) == "--linger") linger(argc >= 4 ? argv[3] : "");
  g_inherited = inherited_fds();
  std::cout << json{{"hello", "touchstone-backend"}, {"protocol", 1}, {"backend", backend_name()}, {"version", backend_name()},
                    {"runtime", "test"}}.dump()
            << std::endl;
  for (std::string line; std::getline(std::cin, line);) {
    const json request = json::parse(line, nullptr, false);
    if (request.is_discarded() || !request.is_object()) continue;
    if (request.value("shutdown", false)) break;
    std::cout << handle(request).dump() << std::endl;
  }
  return 0;
}
