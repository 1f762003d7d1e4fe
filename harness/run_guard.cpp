#include "harness/run_guard.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <unistd.h>

#include "harness/process.h"
#include "reference/error.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

ReportLock::ReportLock(const fs::path& report_dir) : path_(report_dir / ".touchstone.lock") {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd_ < 0) io_error(path_.string() + ": cannot open (" + std::strerror(errno) + ")");
  if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    char buf[32] = {};
    (void)!::pread(fd_, buf, sizeof buf - 1, 0);
    ::close(fd_);
    fd_ = -1;
    io_error(report_dir.string() + " is being written by another touchstone process (pid " +
             std::string(buf[0] ? buf : "?") + "); wait for it to finish, or choose another --report-dir");
  }
  const std::string pid = std::to_string(getpid());
  (void)!::ftruncate(fd_, 0);
  (void)!::pwrite(fd_, pid.data(), pid.size(), 0);
}

ReportLock::~ReportLock() {
  if (fd_ < 0) return;
  std::error_code ec;
  fs::remove(path_, ec);  // while still holding it: a waiting process then makes its own
  ::close(fd_);
}

namespace {

sigset_t handled_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}

}  // namespace

InterruptGuard::InterruptGuard(std::function<void()> cleanup, std::string message)
    : cleanup_(std::move(cleanup)), message_(std::move(message)) {
  const sigset_t set = handled_signals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  watcher_ = std::thread([this, set] {
    const timespec tick{0, 100'000'000};
    while (!__atomic_load_n(&stop_, __ATOMIC_SEQ_CST)) {
      const int sig = sigtimedwait(&set, nullptr, &tick);
      if (sig <= 0) continue;
      kill_all_children();
      try {
        cleanup_();
      } catch (...) {
      }
      const std::string text = "\ntouchstone: " + std::string(strsignal(sig)) + ": stopped. " + message_ + "\n";
      (void)!::write(2, text.data(), text.size());
      _exit(128 + sig);
    }
  });
}

InterruptGuard::~InterruptGuard() {
  __atomic_store_n(&stop_, true, __ATOMIC_SEQ_CST);
  watcher_.join();
  const sigset_t set = handled_signals();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

}  // namespace touchstone::harness
