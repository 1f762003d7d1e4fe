#include "harness/sandbox.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <unistd.h>

#include "harness/process.h"

extern char** environ;

namespace touchstone::harness {

namespace fs = std::filesystem;

namespace {

// The system folders an adapter sees read-only (those that exist), and the top-level
// links into /usr that merged-/usr systems have (a real folder there is bound instead).
constexpr const char* kSystemFolders[] = {"/usr/bin", "/usr/sbin", "/usr/lib", "/usr/lib32",
                                          "/usr/lib64", "/usr/libx32", "/usr/libexec"};
constexpr const char* kTopLevel[] = {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};
// Of /etc: how the dynamic linker finds libraries (Debian's BLAS, for one, through alternatives).
constexpr const char* kEtcFiles[] = {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives"};

bool present(const fs::path& p) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(p, ec));
}

// Namespaces, the system's folders, /proc, /dev and /tmp.
std::vector<std::string> base_arguments(const std::string& bwrap) {
  std::vector<std::string> a = {bwrap,           "--unshare-user", "--unshare-pid",  "--unshare-net",
                                "--unshare-ipc", "--unshare-uts",  "--unshare-cgroup-try", "--die-with-parent",
                                "--new-session", "--uid",          "65534",          "--gid",
                                "65534",         "--hostname",     "sandbox"};
  for (const char* dir : kSystemFolders)
    if (present(dir)) a.insert(a.end(), {"--ro-bind", dir, dir});
  for (const char* top : kTopLevel) {
    std::error_code ec;
    const auto st = fs::symlink_status(top, ec);
    if (fs::is_symlink(st)) a.insert(a.end(), {"--symlink", fs::read_symlink(top, ec).string(), top});
    else if (fs::is_directory(st)) a.insert(a.end(), {"--ro-bind", top, top});
  }
  for (const char* f : kEtcFiles)
    if (present(f)) a.insert(a.end(), {"--ro-bind", f, f});
  a.insert(a.end(), {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"});
  return a;
}

bool under(const fs::path& p, const fs::path& folder) {
  const auto rel = p.lexically_normal().lexically_relative(folder.lexically_normal());
  return !rel.empty() && *rel.begin() != "..";
}

// True when `value` names one of the hidden paths (as given or resolved).
bool names_hidden(const std::string& value, const std::vector<fs::path>& hidden) {
  for (const auto& h : hidden) {
    std::error_code ec;
    for (const fs::path& p : {h, fs::weakly_canonical(h, ec)})
      if (!p.empty() && p != "/" && value.find(p.string()) != std::string::npos) return true;
  }
  return false;
}

std::string find_bwrap() {
  if (const char* b = std::getenv("TOUCHSTONE_BWRAP"); b && *b) return b;
  return program_path("bwrap").string();
}

// Runs `argv` with no input; its first line of stdout, its exit and its stderr.
struct Ran {
  std::string line, ended, stderr_tail;
};
Ran run_briefly(const std::vector<std::string>& argv) {
  Ran r;
  ChildProcess child;
  try {
    child.start(argv);
  } catch (const std::exception& e) {
    r.ended = e.what();
    return r;
  }
  child.read_line(r.line, ChildProcess::Clock::now() + std::chrono::seconds(10));
  child.stop(std::chrono::milliseconds(10000));
  r.ended = child.exit_description();
  r.stderr_tail = child.stderr_tail();
  while (!r.stderr_tail.empty() && (r.stderr_tail.back() == '\n' || r.stderr_tail.back() == '\r')) r.stderr_tail.pop_back();
  return r;
}

SandboxStatus probe(const std::string& bwrap) {
  SandboxStatus s;
  const Ran version = run_briefly({bwrap, "--version"});
  if (version.ended != "exit status 0" || version.line.rfind("bubblewrap ", 0) != 0) {
    s.description = "not isolated: " + bwrap + " --version did not say bubblewrap (" + version.ended + ")";
    return s;
  }
  auto check = base_arguments(bwrap);
  check.insert(check.end(), {"--", "true"});
  const Ran ran = run_briefly(check);
  if (ran.ended != "exit status 0") {
    s.description = "not isolated: " + version.line + " cannot make namespaces here (" + ran.ended +
                    (ran.stderr_tail.empty() ? "" : ": " + ran.stderr_tail.substr(0, 300)) + ")";
    return s;
  }
  s.isolated = true;
  s.bwrap = bwrap;
  s.description = "namespaces (" + version.line + ")";
  return s;
}

}  // namespace

SandboxStatus sandbox_status(bool wanted) {
  if (!wanted) return {false, "not isolated: --no-sandbox", ""};
  const std::string bwrap = find_bwrap();
  if (bwrap.empty()) return {false, "not isolated: bubblewrap (bwrap) is not installed (Debian package bubblewrap)", ""};
  static std::mutex mutex;
  static std::map<std::string, SandboxStatus> known;
  std::lock_guard lock(mutex);
  const auto it = known.find(bwrap);
  if (it != known.end()) return it->second;
  return known[bwrap] = probe(bwrap);
}

std::vector<std::string> sandboxed_command(const SandboxStatus& status, const std::vector<std::string>& argv,
                                           const SandboxView& view, const std::map<std::string, std::string>& env) {
  std::vector<std::string> a = base_arguments(status.bwrap);
  std::vector<fs::path> bound;
  const auto bind = [&](const char* how, const fs::path& p) {
    a.insert(a.end(), {how, p.string(), p.string()});
    bound.push_back(p);
  };
  for (const auto& p : view.install) bind("--ro-bind", p);
  for (const auto& p : view.staged) bind("--ro-bind", p);
  for (const auto& p : view.writable) bind("--bind", p);
  for (const char* dir : kSystemFolders) bound.emplace_back(dir);
  for (const auto& h : view.hidden) {
    std::error_code ec;
    for (const fs::path& p : {h, fs::weakly_canonical(h, ec)}) {
      bool inside = false;
      for (const auto& b : bound) inside |= under(p, b) || p == b;
      if (!inside || !present(p)) continue;
      if (fs::is_directory(p, ec)) a.insert(a.end(), {"--tmpfs", p.string(), "--remount-ro", p.string()});
      else a.insert(a.end(), {"--ro-bind", "/dev/null", p.string()});
    }
  }
  a.insert(a.end(), {"--chdir", "/tmp", "--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp",
                     "--setenv", "TMPDIR", "/tmp"});
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const auto eq = entry.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = entry.substr(0, eq);
    const std::string value = entry.substr(eq + 1);
    const bool passed = name == "LANG" || name == "TZ" || name.rfind("LC_", 0) == 0 ||
                        (name.rfind("TOUCHSTONE_", 0) == 0 && !names_hidden(value, view.hidden));
    if (passed && !env.count(name)) a.insert(a.end(), {"--setenv", name, value});
  }
  for (const auto& [k, v] : env) a.insert(a.end(), {"--setenv", k, v});
  a.push_back("--");
  a.insert(a.end(), argv.begin(), argv.end());
  return a;
}

void start_sandboxed(ChildProcess& child, const std::vector<std::string>& command) {
  // bubblewrap reads options only from the descriptor: "--" and the adapter's own command
  // line stay on its command line.
  const auto end = std::find(command.begin(), command.end(), "--");
  std::string options;  // NUL-terminated, as bubblewrap reads them
  for (auto it = command.begin() + 1; it < end; ++it) options += *it + '\0';
  child.set_fd3_data(std::move(options));
  std::vector<std::string> argv = {command.at(0), "--args", "3"};
  argv.insert(argv.end(), end, command.end());
  child.start(argv);
}

fs::path program_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return fs::absolute(name).lexically_normal();
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::absolute(fs::path(dir.empty() ? "." : dir) / name);
    std::error_code ec;
    if (access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate, ec)) return candidate;
  }
  return {};
}

bool in_system_folders(const fs::path& p) {
  for (const char* dir : kSystemFolders)
    if (under(p, dir)) return true;
  for (const char* top : kTopLevel) {
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(top, ec)) && under(p, top)) return true;
  }
  return false;
}

AdapterLimits default_adapter_limits() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  AdapterLimits l;
  l.memory_bytes = pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2 : 0;
  l.cpu_seconds = 3600;
  l.processes = 4096;
  return l;
}

std::string describe_limits(const AdapterLimits& limits) {
  char memory[32] = "unlimited";
  if (limits.memory_bytes) std::snprintf(memory, sizeof memory, "%.1f GiB", static_cast<double>(limits.memory_bytes) / (1 << 30));
  if (limits.memory_bytes && limits.memory_bytes < (uint64_t{1} << 30))
    std::snprintf(memory, sizeof memory, "%.0f MiB", static_cast<double>(limits.memory_bytes) / (1 << 20));
  return std::string("memory ") + memory + ", CPU " +
         (limits.cpu_seconds ? std::to_string(limits.cpu_seconds) + " s" : std::string("unlimited")) +
         (limits.processes ? ", " + std::to_string(limits.processes) + " processes" : std::string()) +
         " per adapter process";
}

}  // namespace touchstone::harness
