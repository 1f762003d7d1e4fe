#include "harness/case_source.h"

#include <algorithm>
#include <fstream>
#include <set>

#include "cases/sha256.h"
#include "harness/case_contents.h"
#include "harness/run_report.h"
#include "reference/error.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

namespace {

class SuiteSource : public CaseSource {
 public:
  explicit SuiteSource(Suite suite) : suite_(std::move(suite)), total_(suite_.cases.size()) { index(); }
  const std::vector<Entry>& entries() const override { return entries_; }
  std::string name() const override { return fs::absolute(suite_.root).lexically_normal().string(); }
  std::vector<std::string> command_words() const override { return {"--suite", suite_.root.string()}; }
  size_t total() const override { return total_; }
  void keep(const std::vector<std::string>& patterns) override {
    keep_cases(suite_, patterns);
    index();
  }

  SourceCase load(size_t i) const override {
    const SuiteCase& c = suite_.cases.at(i);
    SourceCase out;
    out.meta = c.meta;
    out.problem = c.problem;
    if (!c.problem.empty()) return out;
    out.sets = CaseFiles::sets(c.dir);
    try {
      for (auto& files : out.sets) read_contents(files, c.model_bytes, c.model);
    } catch (const Error& e) {  // outside the case, not a regular file, too large: this case only
      out.problem = e.what();
      out.sets.clear();
      return out;
    }
    out.digest = whole_case_digest(case_digest(out.sets), c.case_json, other_files_digest(c.dir, out.sets));
    return out;
  }

 private:
  void index() {
    entries_.clear();
    for (const auto& c : suite_.cases) entries_.push_back({c.meta.id, c.meta.op});
  }
  Suite suite_;
  size_t total_;
  std::vector<Entry> entries_;
};

class ProfileSource : public CaseSource {
 public:
  ProfileSource(cases::Profile profile, const std::vector<std::string>& ops)
      : profile_(profile), ops_(ops), plan_(cases::GenerateOptions{profile, ops, {}}) {
    for (size_t i = 0; i < plan_.entries().size(); ++i) kept_.push_back(i);
    for (const auto& op : ops)
      if (std::none_of(plan_.entries().begin(), plan_.entries().end(), [&](const auto& e) { return e.op == op; }))
        io_error("--ops '" + op + "' matches no case of the " + cases::profile_name(profile) +
                 " profile (op names are case-sensitive: Add, MatMul; `touchstone ops` lists what is implemented)");
    index();
  }
  const std::vector<Entry>& entries() const override { return entries_; }
  std::string name() const override { return std::string("profile:") + cases::profile_name(profile_); }
  std::vector<std::string> command_words() const override {
    std::vector<std::string> words = {"--profile", cases::profile_name(profile_)};
    if (!ops_.empty()) {
      std::string list;
      for (const auto& op : ops_) list += (list.empty() ? "" : ",") + op;
      words.insert(words.end(), {"--ops", list});
    }
    return words;
  }
  size_t total() const override { return plan_.entries().size(); }
  void keep(const std::vector<std::string>& patterns) override {
    std::vector<std::string> ids;
    for (size_t k : kept_) ids.push_back(plan_.entries()[k].id);
    std::vector<size_t> kept;
    for (size_t i : matching_ids(ids, patterns, name())) kept.push_back(kept_[i]);
    kept_ = std::move(kept);
    index();
  }

  SourceCase load(size_t i) const override {
    const size_t k = kept_.at(i);
    SourceCase out;
    cases::Case c = plan_.make(k);
    cases::CaseBytes bytes = cases::case_bytes(c);
    auto contents = std::make_shared<CaseContents>();
    contents->model = std::move(bytes.model);
    contents->inputs = std::move(bytes.inputs);
    contents->expected = std::move(bytes.outputs);
    // Paths that name the case as a suite would hold it; nothing is on disk.
    const fs::path dir = fs::path(name()) / cases::case_dir_name(c.meta.id);
    CaseFiles files;
    files.model = dir / "model.onnx";
    for (size_t n = 0; n < contents->inputs.size(); ++n)
      files.inputs.push_back(dir / "test_data_set_0" / ("input_" + std::to_string(n) + ".pb"));
    for (size_t n = 0; n < contents->expected.size(); ++n)
      files.expected.push_back(dir / "test_data_set_0" / ("output_" + std::to_string(n) + ".pb"));
    files.contents = std::move(contents);
    out.meta = std::move(c.meta);
    out.sets.push_back(std::move(files));
    out.expected_from_reference = true;
    // As `generate` writes it: case.json from the same metadata, no other file.
    out.digest = whole_case_digest(case_digest(out.sets), meta_to_json(out.meta), other_files_digest({}, {}));
    return out;
  }

 private:
  void index() {
    entries_.clear();
    for (size_t k : kept_) entries_.push_back({plan_.entries()[k].id, plan_.entries()[k].op});
  }
  cases::Profile profile_;
  std::vector<std::string> ops_;
  cases::CasePlan plan_;
  std::vector<size_t> kept_;  // indices into the plan, in id order
  std::vector<Entry> entries_;
};

void hash_bytes(cases::Sha256& h, const std::string& bytes) {
  h.update(std::to_string(bytes.size()) + ":");
  h.update(bytes);
}

// One file's contents, streamed (an external data file may be large).
std::string file_sha256(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "unreadable";
  cases::Sha256 h;
  std::vector<char> buffer(1 << 16);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0)
    h.update(buffer.data(), static_cast<size_t>(in.gcount()));
  return h.hex();
}

}  // namespace

std::vector<OtherFile> other_files(const fs::path& case_dir, const std::vector<CaseFiles>& sets) {
  std::set<fs::path> counted;  // their bytes are in case_digest already
  for (const auto& files : sets) {
    counted.insert(files.model);
    counted.insert(files.inputs.begin(), files.inputs.end());
    counted.insert(files.expected.begin(), files.expected.end());
  }
  std::vector<OtherFile> out;
  std::error_code ec;
  if (case_dir.empty()) return out;
  for (fs::recursive_directory_iterator it(case_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    const auto status = it->symlink_status(ec);
    if (ec || fs::is_directory(status) || counted.count(p) || p == case_dir / "case.json") continue;
    OtherFile f{p.lexically_relative(case_dir), OtherFile::kSpecial, {}};
    if (fs::is_symlink(status)) f.kind = OtherFile::kLink, f.link_target = fs::read_symlink(p, ec);
    else if (fs::is_regular_file(status)) f.kind = OtherFile::kRegular;
    out.push_back(std::move(f));
  }
  std::sort(out.begin(), out.end(), [](const OtherFile& a, const OtherFile& b) { return a.relative < b.relative; });
  return out;
}

std::string other_files_digest(const fs::path& case_dir, const std::vector<CaseFiles>& sets) {
  const auto files = other_files(case_dir, sets);
  cases::Sha256 h;
  h.update("files" + std::to_string(files.size()));
  for (const auto& f : files) {
    hash_bytes(h, f.relative.generic_string());
    hash_bytes(h, f.kind == OtherFile::kLink      ? "link:" + f.link_target.string()
                  : f.kind == OtherFile::kRegular ? "file:" + file_sha256(case_dir / f.relative)
                                                  : std::string("special"));  // never opened
  }
  return h.hex();
}

std::string whole_case_digest(const std::string& sets_digest, const std::string& case_json, const std::string& others) {
  cases::Sha256 h;
  h.update("sets:" + sets_digest);
  hash_bytes(h, case_json);
  h.update("others:" + others);
  return h.hex();
}

std::unique_ptr<CaseSource> suite_source(Suite suite) { return std::make_unique<SuiteSource>(std::move(suite)); }

std::unique_ptr<CaseSource> profile_source(cases::Profile profile, const std::vector<std::string>& ops) {
  return std::make_unique<ProfileSource>(profile, ops);
}

std::string case_digest(const std::vector<CaseFiles>& sets) {
  cases::Sha256 h;
  for (const auto& files : sets) {
    if (!files.contents) {
      h.update("unreadable");
      continue;
    }
    const CaseContents& c = *files.contents;
    if (files.data_set != 0) h.update("set" + std::to_string(files.data_set));
    hash_bytes(h, c.model);
    h.update("in" + std::to_string(c.inputs.size()));
    for (const auto& b : c.inputs) hash_bytes(h, b);
    h.update("out" + std::to_string(c.expected.size()));
    for (const auto& b : c.expected) hash_bytes(h, b);
  }
  return h.hex();
}

void SuiteDigest::add(const std::string& id, const std::string& digest) { items_.emplace_back(id, digest); }

std::string SuiteDigest::finish() const {
  auto items = items_;
  std::sort(items.begin(), items.end());
  cases::Sha256 h;
  for (const auto& [id, digest] : items) {
    h.update(std::to_string(id.size()) + ":" + id);
    h.update(digest);
  }
  return "sha256:" + h.hex();
}

}  // namespace touchstone::harness
