// A process adapter speaking PROTOCOL.md. The adapter runs one request at a time; one that
// says "pipelining" in its hello may be given the next request before it answers the
// current one. It is started lazily, and killed and started again after a crash, a timeout
// or an answer that left the conversation in doubt (a malformed line, a wrong id). Each
// start is in the sandbox of sandbox.h (where the machine gives none, or --no-sandbox, as
// the runner's user: isolation() says which), with the work folder the backend made at
// creation bound in, so a case costs no sandbox set-up.
#include <cstdlib>
#include <deque>
#include <nlohmann/json.hpp>
#include <cstring>
#include <sstream>

#include "harness/backend.h"
#include "harness/case_contents.h"
#include "harness/oracle.h"
#include "harness/isolation.h"
#include "harness/process.h"
#include "harness/sandbox.h"
#include "reference/tensor_proto.h"

namespace touchstone::harness {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using Clock = ChildProcess::Clock;

constexpr double kHelloTimeoutS = 60;
constexpr size_t kShownBytes = 300;

std::string shorten(const std::string& s, size_t n = kShownBytes) {
  return s.size() <= n ? s : s.substr(0, n) + "...(" + std::to_string(s.size()) + " bytes)";
}

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::microseconds(static_cast<int64_t>(seconds * 1e6));
}

class ProcessBackend : public Backend {
 public:
  ProcessBackend(std::vector<std::string> argv, std::map<std::string, std::string> env, const BackendSpec& spec,
                 std::vector<fs::path> install)
      : argv_(std::move(argv)), env_(std::move(env)), sandbox_(sandbox_status(spec.sandbox)) {
    child_.set_max_line_bytes(spec.max_line_bytes);
    AdapterLimits limits = default_adapter_limits();
    if (spec.adapter_memory_bytes) limits.memory_bytes = spec.adapter_memory_bytes;
    if (spec.adapter_cpu_seconds) limits.cpu_seconds = spec.adapter_cpu_seconds;
    child_.set_limits(limits.memory_bytes, limits.cpu_seconds, limits.processes);
    isolation_ = sandbox_.description + "; " + describe_limits(limits);
    work_ = make_private_scratch(spec.scratch_base);
    remove_on_interrupt(work_);
    view_.install = std::move(install);
    view_.hidden = spec.hidden;
    std::error_code ec;
    view_.hidden.push_back(fs::read_symlink("/proc/self/exe", ec));  // the runner: `touchstone eval` is an oracle
    for (const char* name : {"case0", "case1"}) view_.staged.push_back(work_ / name);
    for (const char* name : {"out0", "out1"}) view_.writable.push_back(work_ / name);
    for (const auto* folders : {&view_.staged, &view_.writable})
      for (const auto& f : *folders) fs::create_directories(f);
  }
  bool isolated() const override { return true; }
  fs::path work_folder() const override { return work_; }
  std::string isolation() const override { return isolation_; }
  ~ProcessBackend() override {
    shutdown();
    child_.kill();
    std::error_code ec;
    fs::remove_all(work_, ec);
    remove_on_interrupt(work_, false);
  }

  BackendInfo info() override {
    ensure_started();
    return info_;
  }

  // Queued behind the requests in flight; written at once when the adapter is free or
  // pipelines, else when the request before it has been answered.
  void submit(const std::string& id, const CaseFiles& files, const fs::path& output_dir, double timeout_s) override {
    Request r;
    r.id = id;
    r.files = files;
    r.output_dir = output_dir;
    r.timeout_s = timeout_s;
    json request = {{"id", id}, {"model", fs::absolute(files.model).string()}, {"output_dir", output_dir.string()}};
    json inputs = json::array();
    for (const auto& p : files.inputs) inputs.push_back(fs::absolute(p).string());
    request["inputs"] = std::move(inputs);
    r.line = request.dump() + "\n";
    if (in_flight_.empty()) front_since_ = Clock::now();
    in_flight_.push_back(std::move(r));
    deliver();
  }

  bool pipelines() const override { return pipelining_; }

  // The answer to the oldest request in flight.
  BackendOutcome collect() override {
    if (in_flight_.empty()) throw std::logic_error("collect() without a request in flight");
    Request& r = in_flight_.front();
    // Given to an adapter that has since been replaced (killed after the request before
    // this one): it never started there, so the next adapter gets it.
    if (r.adapter != 0 && (r.adapter != starts_ || !child_.running())) r.adapter = 0;
    deliver();
    BackendOutcome o = r.pending ? *r.pending : answer_to(r);
    in_flight_.pop_front();
    front_since_ = Clock::now();  // the next request's time starts when this one is answered
    child_.forget_stderr();       // a crash message carries the next case's stderr only
    deliver();                    // one more may go ahead now
    return o;
  }

  void shutdown() override {
    if (!child_.running()) return;
    child_.write(json({{"id", "shutdown"}, {"shutdown", true}}).dump() + "\n");
    child_.stop(std::chrono::milliseconds(2000));
  }

 private:
  struct Request {
    std::string id;
    CaseFiles files;  // the case's model, whose graph outputs say how to read the output files
    fs::path output_dir;
    double timeout_s = 0;
    std::string line;  // the request as sent
    int adapter = 0;   // the start of the adapter it was written to (starts_), 0: not written
    Clock::time_point sent;
    std::optional<BackendOutcome> pending;  // decided without an answer (no adapter could start)
  };

  // Writes the queued requests in order: the oldest starts an adapter if none runs; the
  // next goes ahead only to an adapter that pipelines, one at most. The oldest request,
  // once written, is never written again: its answer, or the adapter's end, decides it.
  void deliver() {
    for (size_t i = 0; i < in_flight_.size() && i < (pipelining_ ? 2u : 1u); ++i) {
      Request& r = in_flight_[i];
      if (r.pending || r.adapter != 0) continue;
      if (i > 0 && (!child_.running() || in_flight_[0].adapter != starts_)) return;  // the oldest decides first
      if (!start(r)) continue;
      if (child_.write(r.line)) {
        r.adapter = starts_;
        r.sent = Clock::now();
        continue;
      }
      if (i > 0) return;  // the adapter is gone: the oldest request's answer says how
      // The adapter died between cases: its stdin is closed. Restart once and retry.
      restart_reason_ = "adapter had exited (" + ended() + ")";
      child_.kill();
      if (!start(r)) continue;
      if (child_.write(r.line)) {
        r.adapter = starts_;
        r.sent = Clock::now();
      } else {
        r.pending = BackendOutcome{BackendOutcome::kCrash, "adapter closed its stdin" + stderr_note(), {}, -1};
      }
    }
  }

  // Starts the adapter if none runs; false (and the request decided) when it cannot start.
  bool start(Request& r) {
    try {
      ensure_started();
      return true;
    } catch (const Error& e) {
      r.pending = BackendOutcome{BackendOutcome::kCrash, e.what(), {}, -1};
      return false;
    }
  }

  BackendOutcome answer_to(const Request& r) {
    // The clock runs from when the adapter could start on it: written, and the request
    // before it answered.
    const auto deadline = std::max(r.sent, front_since_) + std::chrono::microseconds(static_cast<int64_t>(r.timeout_s * 1e6));
    std::string line;
    for (;;) {
      const auto status = child_.read_line(line, deadline);
      if (status == ChildProcess::ReadStatus::kTooLong) {
        child_.kill();
        return {BackendOutcome::kProtocolError,
                "a reply line longer than the limit of " + std::to_string(child_.max_line_bytes()) +
                    " bytes (--max-line-bytes); adapter killed",
                {}, -1};
      }
      if (status == ChildProcess::ReadStatus::kTimeout) {
        child_.kill();
        return {BackendOutcome::kTimeout,
                "no answer within " + format_seconds(r.timeout_s) + "; adapter killed" + stderr_note(), {}, -1};
      }
      if (status == ChildProcess::ReadStatus::kEof) {
        child_.stop(std::chrono::milliseconds(500));
        return {BackendOutcome::kCrash,
                "adapter ended (" + ended() + ") before answering" +
                    (line.empty() ? "" : "; partial line: " + shorten(line)) + stderr_note(),
                {}, -1};
      }
      if (line.find_first_not_of(" \t") == std::string::npos) continue;  // tolerate blank lines
      break;
    }
    json response;
    try {
      response = json::parse(line);
    } catch (const json::exception&) {
    }
    const auto garbled = [&](const std::string& what) -> BackendOutcome {
      // The conversation is in doubt: if the adapter is dying, it is a crash; either way
      // it is restarted for the next case. An adapter holding the next request already may
      // be ending in that one instead: not waited for, it is killed (the next request goes
      // to a new adapter).
      const bool holds_next = in_flight_.size() > 1 && in_flight_[1].adapter == starts_;
      std::string rest;
      const bool died = !holds_next && child_.read_line(rest, after(0.2)) == ChildProcess::ReadStatus::kEof;
      if (died) child_.stop(std::chrono::milliseconds(500));
      else child_.kill();
      if (died)
        return {BackendOutcome::kCrash, "adapter ended (" + ended() + ") after " + what + stderr_note(), {}, -1};
      return {BackendOutcome::kProtocolError, what, {}, -1};
    };
    if (!response.is_object() || !response.contains("status") || !response["status"].is_string())
      return garbled("malformed response: " + shorten(line));
    if (!response.contains("id") || response["id"] != r.id)
      return garbled("response for another request (id " + (response.contains("id") ? response["id"].dump() : "missing") +
                     ", expected \"" + r.id + "\")");
    BackendOutcome o;
    o.message = response.value("message", "");
    if (response.contains("time_ms") && response["time_ms"].is_number()) o.time_ms = response["time_ms"];
    const std::string status = response["status"];
    if (status == "unsupported") o.status = BackendOutcome::kUnsupported;
    else if (status == "rejected") o.status = BackendOutcome::kRejected;
    else if (status == "error") o.status = BackendOutcome::kError;
    else if (status != "ok") return garbled("unknown status \"" + shorten(status, 40) + "\"");
    if (o.status != BackendOutcome::kOk) return o;
    o.said_ok = true;
    const auto unreadable = [&](const std::string& what) {
      BackendOutcome bad{BackendOutcome::kProtocolError, what, {}, o.time_ms};
      bad.said_ok = true;
      return bad;
    };
    if (!response.contains("outputs") || !response["outputs"].is_array())
      return unreadable("response has no outputs array: " + shorten(line));
    const auto& outputs = response["outputs"];
    onnx::ModelProto read_model;  // when the case's contents hold no parsed model
    const onnx::ModelProto* declared = nullptr;
    for (size_t i = 0; i < outputs.size(); ++i) {
      // The runner names the output files; it reads those and nothing else.
      const fs::path named = r.output_dir / ("output_" + std::to_string(i) + ".pb");
      if (!outputs[i].is_string() || outputs[i].get<std::string>() != named.string())
        return unreadable("output " + std::to_string(i) + " is " + shorten(outputs[i].dump(), 200) +
                          ", not the file the runner named (" + named.string() + ")");
      std::error_code ec;
      if (!fs::is_regular_file(fs::symlink_status(named, ec)))
        return unreadable("output " + std::to_string(i) + " (" + named.string() + ") is not a regular file");
      try {
        // Read as the model declares output i: a TensorProto, SequenceProto or OptionalProto.
        if (!declared) {
          if (r.files.contents) declared = &r.files.contents->parsed_model(r.files.model.string());
          else declared = &(read_model = case_model_proto(r.files));
        }
        o.outputs.push_back(read_output_file(*declared, i, named));
      } catch (const Error& e) {
        return unreadable("output " + std::to_string(i) + " unreadable: " + e.what());
      } catch (const std::bad_alloc&) {
        return unreadable("output " + std::to_string(i) + " does not fit in memory");
      }
    }
    return o;
  }

  static std::string format_seconds(double s) {
    std::ostringstream out;
    out << s << " s";
    return out.str();
  }

  std::string ended() const {
    const std::string& how = child_.exit_description();
    if (how.empty()) return "still running";
    // bubblewrap ends as its adapter did, a signal K as exit status 128 + K.
    if (const int code = how.rfind("exit status ", 0) == 0 ? std::atoi(how.c_str() + 12) : 0;
        sandbox_.isolated && code > 128 && code < 128 + 65)
      return "signal " + std::to_string(code - 128) + " (" + strsignal(code - 128) + ") or " + how;
    return how;
  }

  std::string stderr_note() const {
    std::string tail = plain_text(child_.stderr_tail());
    if (tail.empty()) return "";
    if (tail.size() > 1000) tail = "..." + tail.substr(tail.size() - 1000);
    return "; stderr: " + tail;
  }

  void ensure_started() {
    if (child_.running()) return;
    if (sandbox_.isolated) start_sandboxed(child_, sandboxed_command(sandbox_, argv_, view_, env_));
    else child_.start(argv_, env_);
    std::string line;
    const auto status = child_.read_line(line, after(kHelloTimeoutS));
    const auto fail = [&](const std::string& why) {
      child_.kill();
      std::string command;
      for (const auto& a : argv_) command += (command.empty() ? "" : " ") + a;
      io_error("backend '" + command + "' " + why + stderr_note());
    };
    if (status == ChildProcess::ReadStatus::kTimeout) fail("said no hello within 60 s");
    if (status == ChildProcess::ReadStatus::kEof) {
      child_.stop(std::chrono::milliseconds(500));
      fail("ended (" + ended() + ") before saying hello");
    }
    json hello;
    try {
      hello = json::parse(line);
    } catch (const json::exception&) {
      fail("did not say hello: " + shorten(line));
    }
    if (!hello.is_object() || hello.value("hello", "") != "touchstone-backend")
      fail("did not say hello: " + shorten(line));
    if (!hello.contains("protocol") || hello["protocol"] != 1)
      fail("speaks protocol " + (hello.contains("protocol") ? hello["protocol"].dump() : "?") + "; this runner speaks 1");
    info_.name = hello.value("backend", "");
    info_.version = hello.value("version", "");
    info_.hello = hello.dump();
    pipelining_ = hello.contains("pipelining") && hello["pipelining"] == true;
    ++starts_;
  }

  std::vector<std::string> argv_;
  std::map<std::string, std::string> env_;
  SandboxStatus sandbox_;
  SandboxView view_;
  std::string isolation_;
  fs::path work_;  // case0, case1 (staged, read-only in the sandbox), out0, out1
  ChildProcess child_;
  BackendInfo info_;
  std::deque<Request> in_flight_;  // oldest first: at most one written ahead of the oldest
  Clock::time_point front_since_;   // when the oldest request became the oldest
  bool pipelining_ = false;         // the adapter's hello said "pipelining": true
  std::string restart_reason_;
  int starts_ = 0;
};

}  // namespace

std::string plain_text(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b) {  // ESC: drop the escape sequence (CSI "ESC [ ... final", or ESC + one byte)
      if (i + 1 < text.size() && text[i + 1] == '[') {
        i += 2;
        while (i < text.size() && !(text[i] >= 0x40 && text[i] <= 0x7e)) ++i;
      } else {
        ++i;
      }
      continue;
    }
    if (c == '\r') continue;
    out += (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f ? '?' : static_cast<char>(c);
  }
  return out;
}

std::unique_ptr<Backend> make_process_backend(std::vector<std::string> argv, std::map<std::string, std::string> env,
                                              size_t max_line_bytes) {
  BackendSpec spec;
  spec.max_line_bytes = max_line_bytes;
  return make_process_backend(std::move(argv), std::move(env), spec, {});
}

std::unique_ptr<Backend> make_process_backend(std::vector<std::string> argv, std::map<std::string, std::string> env,
                                              const BackendSpec& spec, std::vector<fs::path> install) {
  // The program by its absolute path (the sandbox's PATH is the system's only); one from
  // outside the system's folders is bound, as a file.
  if (!argv.empty()) {
    const fs::path program = program_path(argv[0]);
    if (!program.empty()) {
      argv[0] = program.string();
      if (!in_system_folders(program)) install.push_back(program);
    }
  }
  return std::make_unique<ProcessBackend>(std::move(argv), std::move(env), spec, std::move(install));
}

}  // namespace touchstone::harness
