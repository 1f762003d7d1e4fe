#include "harness/process.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <set>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "reference/error.h"

extern char** environ;

namespace touchstone::harness {

namespace {

constexpr size_t kStderrTail = 4096;

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return "signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
  return "status " + std::to_string(status);
}

std::mutex& groups_mutex() {
  static std::mutex m;
  return m;
}
std::set<pid_t>& live_groups() {
  static std::set<pid_t> groups;
  return groups;
}
std::set<std::filesystem::path>& folders_to_remove() {
  static std::set<std::filesystem::path> folders;
  return folders;
}

// A memory file (close-on-exec) holding `data`, positioned at its start. Throws kIo.
int memory_file(const std::string& data) {
  const int fd = memfd_create("touchstone-args", MFD_CLOEXEC);
  if (fd < 0) io_error(std::string("cannot create a memory file: ") + std::strerror(errno));
  for (size_t done = 0; done < data.size();) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      io_error(std::string("cannot write a memory file: ") + std::strerror(errno));
    }
    done += static_cast<size_t>(n);
  }
  lseek(fd, 0, SEEK_SET);
  return fd;
}

// In the child, before exec: async-signal-safe calls only.
void limit(int resource, rlim_t soft, rlim_t hard) {
  const rlimit l{soft, hard};
  setrlimit(resource, &l);
}

}  // namespace

void ignore_sigpipe() { std::signal(SIGPIPE, SIG_IGN); }

void kill_all_children() {
  std::lock_guard lock(groups_mutex());
  for (pid_t g : live_groups()) ::kill(-g, SIGKILL);
  std::error_code ec;
  for (const auto& f : folders_to_remove()) std::filesystem::remove_all(f, ec);
}

void remove_on_interrupt(const std::filesystem::path& folder, bool keep) {
  std::lock_guard lock(groups_mutex());
  if (keep) folders_to_remove().insert(folder);
  else folders_to_remove().erase(folder);
}

ChildProcess::~ChildProcess() { kill(); }

void ChildProcess::start(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env) {
  kill();
  out_buffer_.clear();
  err_tail_.clear();
  out_eof_ = false;
  exit_description_.clear();
  // Everything the child needs is built before fork: after it only async-signal-safe calls.
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const auto eq = entry.find('=');
    if (eq != std::string::npos && env.count(entry.substr(0, eq))) continue;
    env_strings.push_back(entry);
  }
  for (const auto& [k, v] : env) env_strings.push_back(k + "=" + v);
  std::vector<char*> envp, args;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> argv_copy = argv;
  for (auto& s : argv_copy) args.push_back(s.data());
  args.push_back(nullptr);
  std::string path_env = getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin";
  std::vector<std::string> candidates;
  if (argv.at(0).find('/') != std::string::npos) {
    candidates.push_back(argv[0]);
  } else {
    size_t start = 0;
    while (start <= path_env.size()) {
      const size_t end = path_env.find(':', start);
      const std::string dir = path_env.substr(start, end == std::string::npos ? std::string::npos : end - start);
      candidates.push_back((dir.empty() ? "." : dir) + "/" + argv[0]);
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }

  const int fd3 = fd3_data_.empty() ? -1 : memory_file(fd3_data_);
  int in[2], out[2], err[2];
  if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
    io_error(std::string("cannot create pipes: ") + std::strerror(errno));
  const rlim_t data_bytes = data_bytes_, cpu_seconds = cpu_seconds_, processes = processes_;
  const pid_t pid = fork();
  fd3_data_.clear();  // for this start only
  if (pid < 0) {
    if (fd3 >= 0) ::close(fd3);
    io_error(std::string("cannot fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    setpgid(0, 0);
    sigset_t none;  // the runner may block signals (to handle them in one thread): not the child
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    // The sandbox's options file, if any, becomes descriptor 3 (dup2 leaves the copy
    // without close-on-exec; one already at 3 has the flag cleared).
    if (fd3 == 3) fcntl(3, F_SETFD, 0);
    else if (fd3 >= 0) dup2(fd3, 3);
    // Nothing else past stderr reaches the adapter (the journal, the lock, a file another
    // thread has open without O_CLOEXEC): it holds no descriptor of the runner's.
    const unsigned first_closed = fd3 >= 0 ? 4U : 3U;
    if (::syscall(SYS_close_range, first_closed, ~0U, 0U) != 0)
      for (int fd = static_cast<int>(first_closed); fd < 4096; ++fd) ::close(fd);
    signal(SIGPIPE, SIG_DFL);
    if (data_bytes) limit(RLIMIT_DATA, data_bytes, data_bytes);
    if (cpu_seconds) limit(RLIMIT_CPU, cpu_seconds, cpu_seconds + 5);
    if (processes) limit(RLIMIT_NPROC, processes, processes);
    for (const auto& c : candidates) execve(c.c_str(), args.data(), envp.data());
    const char msg[] = "touchstone: cannot execute adapter\n";
    (void)!::write(2, msg, sizeof msg - 1);
    _exit(127);
  }
  if (fd3 >= 0) ::close(fd3);
  setpgid(pid, pid);  // also from the parent, so kill(-pid) works at once
  {
    std::lock_guard lock(groups_mutex());
    live_groups().insert(pid);
  }
  group_ = pid;
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  pid_ = pid;
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  set_nonblocking(out_);
  set_nonblocking(err_);
}

bool ChildProcess::write(const std::string& data) {
  if (in_ < 0) return false;
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(in_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;  // EPIPE: the child is gone
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

void ChildProcess::drain_stderr() {
  if (err_ < 0) return;
  char buf[8192];
  for (;;) {
    const ssize_t n = ::read(err_, buf, sizeof buf);
    if (n > 0) {
      err_tail_.append(buf, static_cast<size_t>(n));
      if (err_tail_.size() > 2 * kStderrTail) err_tail_.erase(0, err_tail_.size() - kStderrTail);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) {
      ::close(err_);
      err_ = -1;
    }
    return;
  }
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    const auto nl = out_buffer_.find('\n');
    if (nl == std::string::npos && out_buffer_.size() > max_line_bytes_) {
      out_buffer_.clear();
      line.clear();
      return ReadStatus::kTooLong;
    }
    if (nl != std::string::npos) {
      line = out_buffer_.substr(0, nl);
      out_buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return ReadStatus::kLine;
    }
    if (out_eof_ || out_ < 0) {
      line = out_buffer_;
      out_buffer_.clear();
      return ReadStatus::kEof;
    }
    // Past the deadline, what is already in the pipe is still taken (the runner may have
    // been busy with the oracle or the next case while the answer arrived): one look, no wait.
    const auto now = Clock::now();
    const bool late = now >= deadline;
    const auto wait = late ? 0 : std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    const int nfds = err_ >= 0 ? 2 : 1;
    const int r = poll(fds, nfds, static_cast<int>(std::min<long long>(wait, 1000)));
    if (r < 0 && errno != EINTR) io_error(std::string("poll: ") + std::strerror(errno));
    if (nfds == 2 && fds[1].revents) drain_stderr();
    if (fds[0].revents) {
      char buf[65536];
      const ssize_t n = ::read(out_, buf, sizeof buf);
      if (n > 0) out_buffer_.append(buf, static_cast<size_t>(n));
      else if (n == 0) out_eof_ = true;
      else if (errno != EAGAIN && errno != EINTR) out_eof_ = true;
    }
    if (late && !fds[0].revents) return ReadStatus::kTimeout;
  }
}

bool ChildProcess::reap(bool block) {
  if (pid_ <= 0) return true;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, block ? 0 : WNOHANG);
  if (r == pid_ || (r < 0 && errno == ECHILD)) {
    if (r == pid_) exit_description_ = describe_status(status);
    pid_ = -1;
    return true;
  }
  return false;
}

void ChildProcess::close_fds() {
  drain_stderr();
  for (int* fd : {&in_, &out_, &err_})
    if (*fd >= 0) {
      ::close(*fd);
      *fd = -1;
    }
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ <= 0) {
    close_fds();
    return;
  }
  if (in_ >= 0) {
    ::close(in_);
    in_ = -1;
  }
  const auto deadline = Clock::now() + grace;
  while (Clock::now() < deadline) {
    if (reap(false)) break;
    drain_stderr();
    usleep(2000);
  }
  kill();
}

void ChildProcess::kill() {
  if (group_ > 0) {
    ::kill(-group_, SIGKILL);  // the whole group: whatever the adapter started dies too
    std::lock_guard lock(groups_mutex());
    live_groups().erase(group_);
    group_ = -1;
  }
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    reap(true);
  }
  close_fds();
}

void ChildProcess::forget_stderr() {
  drain_stderr();
  err_tail_.clear();
}

std::string ChildProcess::stderr_tail() const {
  if (err_tail_.size() <= kStderrTail) return err_tail_;
  return err_tail_.substr(err_tail_.size() - kStderrTail);
}

}  // namespace touchstone::harness
