// The sandbox every process adapter runs in (issue 25). An adapter is started by
// bubblewrap (Debian's `bubblewrap`, the `bwrap` program) in its own user, mount, PID,
// network, IPC and UTS namespaces. What it sees, at the paths the runner uses:
//   - the system's programs and libraries read-only (/usr/bin, /usr/sbin, /usr/lib*,
//     /usr/libexec, the /bin, /sbin, /lib* links, and of /etc only the dynamic linker's
//     cache and the alternatives links) — not /usr/include, /usr/share, /usr/local, /home;
//   - its own install read-only (a named adapter's harness/backends folder; a plugin's
//     worker and library; a `command:` adapter's program, and the folders of the files its
//     arguments name);
//   - its work folder: the two staged case folders read-only, the two output folders
//     writable (bound once at start, so a case costs no sandbox set-up);
//   - a private /tmp, a fresh /proc (its own PID namespace: the runner is not in it), a
//     minimal /dev, no network (a loopback only);
// and never the suite, the report folder or the runner's executable, hidden when one of
// the above would hold them. Every process it starts dies with it (the PID namespace's
// init is bubblewrap, --die-with-parent). Its environment is PATH, HOME and TMPDIR (/tmp),
// the runner's LANG, LC_*, TZ and TOUCHSTONE_* variables and the adapter's options.
// Memory and CPU time are limited per adapter process by setrlimit (AdapterLimits).
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace touchstone::harness {

class ChildProcess;  // process.h

// What this machine gives an adapter.
struct SandboxStatus {
  bool isolated = false;
  std::string description;  // "namespaces (bubblewrap 0.8.0)", or "not isolated: <why>"
  std::string bwrap;        // the bubblewrap program (when isolated)
};

// `wanted` false: "not isolated: --no-sandbox". Otherwise bubblewrap (TOUCHSTONE_BWRAP,
// else `bwrap` in PATH) must exist and pass a self-check (start `true` in the namespaces
// and mounts an adapter gets, within 10 s); the answer is kept for the process's life per
// bubblewrap program. Where it fails, the description says why.
SandboxStatus sandbox_status(bool wanted);

// What one adapter sees beyond the system (absolute paths).
struct SandboxView {
  std::vector<std::filesystem::path> install;   // read-only: folders or single files
  std::vector<std::filesystem::path> staged;    // read-only folders (the case copies)
  std::vector<std::filesystem::path> writable;  // the output folders
  // Hidden (an empty tmpfs over a folder, /dev/null over a file) where a bound folder
  // holds them: the suite, the report folder, the runner's executable. Missing ones are skipped.
  std::vector<std::filesystem::path> hidden;
};

// The command line that runs `argv` (argv[0] an absolute path or a program in /usr/bin)
// in the sandbox with exactly `env` added to the environment described above. A
// TOUCHSTONE_* variable of the runner whose value names a hidden path is not passed.
std::vector<std::string> sandboxed_command(const SandboxStatus& status, const std::vector<std::string>& argv,
                                           const SandboxView& view, const std::map<std::string, std::string>& env);
// Starts a sandboxed_command with bubblewrap's options on file descriptor 3 (`bwrap
// --args 3 -- <the adapter's argv>`), so that the sandbox's init, whose /proc/1/cmdline
// the adapter can read, shows its own command and none of the paths bound or hidden.
void start_sandboxed(ChildProcess& child, const std::vector<std::string>& command);

// argv[0] as an absolute path: as given when it has a slash, else found in PATH ("" : not found).
std::filesystem::path program_path(const std::string& name);
// True for a path under the system folders every sandbox sees.
bool in_system_folders(const std::filesystem::path& p);

// The limits of one adapter process (and of each process it starts): its data segment
// (RLIMIT_DATA: what it allocates and writes, not the address space it only reserves, so
// that V8 and WebAssembly runtimes start) and its CPU seconds (RLIMIT_CPU). 0: none.
// Processes (and threads) the adapter may run at once: RLIMIT_NPROC, counted in its own
// user namespace. The kernel does not apply it to a runner started as root (uid 0 outside
// the namespace); there the PID namespace still ends every one of them with the adapter.
struct AdapterLimits {
  uint64_t memory_bytes = 0;
  uint64_t cpu_seconds = 0;
  uint64_t processes = 0;
};
// Half the machine's memory; an hour of CPU time; 4096 processes.
AdapterLimits default_adapter_limits();
// "memory 11.7 GiB, CPU 3600 s, 4096 processes per adapter process"
std::string describe_limits(const AdapterLimits& limits);

}  // namespace touchstone::harness
