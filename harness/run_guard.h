// What keeps a run from losing work or leaving debris: the report folder's lock, and the
// handling of Ctrl-C / kill (SIGINT, SIGTERM, SIGHUP).
#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

namespace touchstone::harness {

// An exclusive lock on <report dir>/.touchstone.lock (flock: released when the process
// ends, however it ends). Throws kIo naming the holder when another process has it.
class ReportLock {
 public:
  explicit ReportLock(const std::filesystem::path& report_dir);
  ~ReportLock();
  ReportLock(const ReportLock&) = delete;
  ReportLock& operator=(const ReportLock&) = delete;

 private:
  int fd_ = -1;
  std::filesystem::path path_;
};

// While alive, SIGINT, SIGTERM and SIGHUP are blocked in this thread and the threads it
// starts, and one watcher thread waits for them. On a signal the watcher kills every
// backend process group, calls `cleanup` (remove the scratch folder), prints `message`
// on stderr and ends the process with status 128 + signal. The journal keeps every
// verdict written so far; --resume continues from there.
class InterruptGuard {
 public:
  InterruptGuard(std::function<void()> cleanup, std::string message);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  std::function<void()> cleanup_;
  std::string message_;
  std::thread watcher_;
  bool stop_ = false;
};

}  // namespace touchstone::harness
