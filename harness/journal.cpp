#include "harness/journal.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

#include "reference/error.h"

namespace touchstone::harness {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

void write_all(int fd, const std::string& text, const fs::path& path) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) io_error(path.string() + ": cannot write (" + std::strerror(errno) + ")");
    done += static_cast<size_t>(n);
  }
}

std::string header_differences(const json& recorded, const json& wanted) {
  std::string out;
  for (const auto& [key, value] : wanted.items()) {
    if (key == "started") continue;
    const json old = recorded.contains(key) ? recorded[key] : json(nullptr);
    if (old != value) out += "\n  " + key + ": journal has " + old.dump() + ", this run has " + value.dump();
  }
  // Keys only the journal has (backend options given then, not now).
  for (const auto& [key, value] : recorded.items())
    if (key != "started" && !wanted.contains(key)) out += "\n  " + key + ": journal has " + value.dump() + ", this run has none";
  return out;
}

}  // namespace

Journal::Journal(const fs::path& path, const json& header, bool resume, std::vector<reports::CaseResult>& done)
    : Journal(path, header, resume, [&done](reports::CaseResult&& r, const std::string&) { done.push_back(std::move(r)); }) {}

Journal::Journal(const fs::path& path, const json& header, bool resume,
                 const std::function<void(reports::CaseResult&&, const std::string& digest)>& on_record)
    : header_(header) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (resume && fs::exists(path)) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    // Cut a torn last line (the run was killed while writing it).
    const size_t keep = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    if (keep < text.size()) {
      text.resize(keep);
      fs::resize_file(path, keep);
    }
    std::istringstream lines(text);
    std::string line;
    std::set<std::string> seen;
    bool first = true;
    int number = 0;
    while (std::getline(lines, line)) {
      ++number;
      json j;
      try {
        j = json::parse(line);
      } catch (const json::exception& e) {
        io_error(path.string() + ":" + std::to_string(number) + ": not JSON (" + e.what() + ")");
      }
      if (first) {
        first = false;
        if (j.value("journal", "") != "touchstone-journal")
          io_error(path.string() + ": not a touchstone journal");
        const std::string diff = header_differences(j, header);
        if (!diff.empty())
          io_error(path.string() + ": cannot resume: this run differs from the journal's" + diff +
                   "\nrun with the journal's options, or without --resume to start over");
        header_ = j;
        continue;
      }
      reports::CaseResult record;
      try {
        record = reports::case_from_json(j, path.string() + ":" + std::to_string(number));
      } catch (const std::runtime_error& e) {
        io_error(e.what());
      }
      if (!seen.insert(record.id).second) continue;
      const std::string digest = j.contains("case_digest") && j["case_digest"].is_string() ? j["case_digest"].get<std::string>() : "";
      on_record(std::move(record), digest);
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0) io_error(path.string() + ": cannot open (" + std::strerror(errno) + ")");
    if (first) write_all(fd_, header.dump() + "\n", path);  // empty journal: start it
    return;
  }
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) io_error(path.string() + ": cannot create (" + std::strerror(errno) + ")");
  write_all(fd_, header.dump() + "\n", path);
}

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

void Journal::append(const reports::CaseResult& record, const std::string& digest) {
  json j = reports::case_to_json(record);
  if (!digest.empty()) j["case_digest"] = digest;
  const std::string line = j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  std::lock_guard lock(mutex_);
  write_all(fd_, line, "journal");
}

}  // namespace touchstone::harness
