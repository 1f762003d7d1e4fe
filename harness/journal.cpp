#include "harness/journal.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

#include "cases/sha256.h"
#include "reference/error.h"

namespace touchstone::harness {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

constexpr std::string_view kChainKey = ",\"chain\":\"";
constexpr size_t kHexDigits = 64;

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
    if (key != "started" && key != "chain" && !wanted.contains(key))
      out += "\n  " + key + ": journal has " + value.dump() + ", this run has none";
  return out;
}

// Checks line `number` (its text without the newline) against the chain before it and
// returns its own chain; throws kIo naming the line.
std::string verify_line(const std::string& line, const std::string& previous, size_t number, const fs::path& path) {
  const std::string where = path.string() + ": line " + std::to_string(number);
  const size_t tail = kChainKey.size() + kHexDigits + 2;  // ,"chain":"<hex>"}
  if (line.size() < tail + 1 || line.compare(line.size() - tail, kChainKey.size(), kChainKey) != 0 ||
      line.compare(line.size() - 2, 2, "\"}") != 0)
    io_error(where + ": it carries no chain (not written by this touchstone, or edited); the journal cannot be trusted");
  const std::string body = line.substr(0, line.size() - tail) + "}";
  const std::string recorded = line.substr(line.size() - kHexDigits - 2, kHexDigits);
  std::string chain;
  (void)chained_line(body, previous, chain);
  if (chain != recorded)
    io_error(where + (number == 1 ? ": its chain does not start a journal"
                                  : ": its chain does not follow line " + std::to_string(number - 1)) +
             " (that line or this one was edited, or lines were removed, inserted or reordered here); "
             "the journal cannot be trusted: run without --resume to start over");
  return chain;
}

}  // namespace

std::string chained_line(const std::string& body, const std::string& previous, std::string& chain) {
  cases::Sha256 h;
  h.update(previous);
  h.update(body);
  chain = h.hex();
  std::string line = body.substr(0, body.size() - 1);  // without the closing brace
  line += kChainKey;
  line += chain + "\"}\n";
  return line;
}

JournalText read_journal(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) io_error(path.string() + ": cannot read");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  JournalText out;
  const size_t last_newline = text.rfind('\n');
  out.complete_bytes = last_newline == std::string::npos ? 0 : last_newline + 1;
  size_t start = 0, number = 0;
  while (start < out.complete_bytes) {
    const size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    out.head = verify_line(line, out.head, ++number, path);
    try {
      out.lines.push_back(json::parse(line));
    } catch (const json::exception& e) {
      io_error(path.string() + ": line " + std::to_string(number) + ": not JSON (" + e.what() + ")");
    }
  }
  return out;
}

Journal::Journal(const fs::path& path, const json& header, bool resume, std::vector<reports::CaseResult>& done)
    : Journal(path, header, resume, [&done](reports::CaseResult&& r, const std::string&) { done.push_back(std::move(r)); }) {}

Journal::Journal(const fs::path& path, const json& header, bool resume,
                 const std::function<void(reports::CaseResult&&, const std::string& digest)>& on_record)
    : path_(path), header_(header) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (resume && fs::exists(path)) {
    JournalText journal = read_journal(path);
    if (journal.complete_bytes < fs::file_size(path)) fs::resize_file(path, journal.complete_bytes);  // a torn last line
    std::set<std::string> seen;
    for (size_t n = 0; n < journal.lines.size(); ++n) {
      json& j = journal.lines[n];
      const std::string where = path.string() + ":" + std::to_string(n + 1);
      if (n == 0) {
        if (j.value("journal", "") != "touchstone-journal") io_error(path.string() + ": not a touchstone journal");
        const std::string diff = header_differences(j, header);
        if (!diff.empty())
          io_error(path.string() + ": cannot resume: this run differs from the journal's" + diff +
                   "\nrun with the journal's options, or without --resume to start over");
        header_ = j;
        header_.erase("chain");
        continue;
      }
      reports::CaseResult record;
      try {
        record = reports::case_from_json(j, where);
      } catch (const std::runtime_error& e) {
        io_error(e.what());
      }
      if (!seen.insert(record.id).second) continue;
      const std::string digest = j.contains("case_digest") && j["case_digest"].is_string() ? j["case_digest"].get<std::string>() : "";
      on_record(std::move(record), digest);
    }
    chain_ = journal.head;
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
    if (fd_ < 0) io_error(path.string() + ": cannot open (" + std::strerror(errno) + ")");
    if (journal.lines.empty()) write_line(header.dump());  // empty journal: start it
    return;
  }
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd_ < 0) io_error(path.string() + ": cannot create (" + std::strerror(errno) + ")");
  write_line(header.dump());
}

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

void Journal::write_line(const std::string& body) {
  std::string chain;
  const std::string line = chained_line(body, chain_, chain);
  write_all(fd_, line, path_);
  chain_ = std::move(chain);
}

void Journal::append(const reports::CaseResult& record, const std::string& digest) {
  json j = reports::case_to_json(record);
  if (!digest.empty()) j["case_digest"] = digest;
  const std::string body = j.dump(-1, ' ', false, json::error_handler_t::replace);
  std::lock_guard lock(mutex_);
  write_line(body);
}

std::string Journal::head() const {
  std::lock_guard lock(mutex_);
  return chain_;
}

}  // namespace touchstone::harness
