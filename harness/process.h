// A child process with pipes on stdin/stdout/stderr, for process adapters (POSIX).
// The child runs in its own process group so that killing it also kills whatever it
// started. stdout is read line by line with a deadline; stderr is drained whenever we
// wait and its tail kept for messages. SIGPIPE must be ignored by the runner (a dead
// child's stdin then fails with EPIPE instead of killing us): see ignore_sigpipe().
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace touchstone::harness {

void ignore_sigpipe();

// SIGKILL to the process group of every child this process has started and not yet
// reaped (for an interrupted run: no backend outlives the runner), then removes the
// folders given to remove_on_interrupt(). Thread-safe.
void kill_all_children();
// A folder (an adapter's work folder) that kill_all_children() removes; `keep` false forgets it.
void remove_on_interrupt(const std::filesystem::path& folder, bool keep = true);

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;
  // kTooLong: more than max_line_bytes() arrived without a newline (the line is dropped).
  enum class ReadStatus { kLine, kTimeout, kEof, kTooLong };

  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  // Limits of the processes started from now on (RLIMIT_DATA bytes, RLIMIT_CPU seconds,
  // RLIMIT_NPROC processes; 0: the runner's own). A process over its CPU time gets
  // SIGXCPU, then SIGKILL 5 s later.
  void set_limits(uint64_t data_bytes, uint64_t cpu_seconds, uint64_t processes = 0) {
    data_bytes_ = data_bytes;
    cpu_seconds_ = cpu_seconds;
    processes_ = processes;
  }
  // Bytes the next start() (only) hands the child on file descriptor 3 (a memory file,
  // read from its start), for arguments that must not show in its command line
  // (bubblewrap's --args 3).
  void set_fd3_data(std::string data) { fd3_data_ = std::move(data); }
  // Starts argv[0] (searched in PATH) with extra environment variables. Throws kIo.
  void start(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env = {});
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Writes all of `data`; false if the child's stdin is closed (it died).
  bool write(const std::string& data);
  // Reads one line from stdout (without "\n" or "\r\n"), waiting until `deadline`.
  // On kEof, `line` holds whatever partial line was left.
  ReadStatus read_line(std::string& line, Clock::time_point deadline);
  void set_max_line_bytes(size_t n) { max_line_bytes_ = n; }
  size_t max_line_bytes() const { return max_line_bytes_; }
  // Closes stdin, waits up to `grace` for exit, then kills its process group. Idempotent.
  void stop(std::chrono::milliseconds grace);
  // SIGKILL to the process group, then reaps. Idempotent.
  void kill();
  // After stop()/kill(): how the child ended ("exit status 3", "signal 6 (Aborted)").
  const std::string& exit_description() const { return exit_description_; }
  // The last few KB the child wrote on stderr since the last forget_stderr().
  std::string stderr_tail() const;
  // Reads what stderr holds now and forgets it: what comes next belongs to the next case.
  void forget_stderr();

 private:
  void drain_stderr();
  void close_fds();
  bool reap(bool block);

  pid_t pid_ = -1;
  pid_t group_ = -1;  // the child's process group, killed even after the child itself exited
  size_t max_line_bytes_ = size_t{1} << 20;
  uint64_t data_bytes_ = 0, cpu_seconds_ = 0, processes_ = 0;
  std::string fd3_data_;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string out_buffer_;
  std::string err_tail_;
  bool out_eof_ = false;
  std::string exit_description_;
};

}  // namespace touchstone::harness
