#include "harness/isolation.h"

#include <dirent.h>
#include <fcntl.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <set>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>

#include "harness/case_contents.h"
#include "reference/error.h"
#include "reference/tensor_proto.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPrefix = "touchstone-run-";

// "touchstone-run-<pid>-XXXXXX" of a process that is gone, owned by this user.
bool is_stale(const fs::path& dir) {
  const std::string name = dir.filename().string();
  if (name.rfind(kPrefix, 0) != 0) return false;
  const std::string rest = name.substr(std::strlen(kPrefix));
  const auto dash = rest.find('-');
  if (dash == std::string::npos || dash == 0 || rest.substr(0, dash).find_first_not_of("0123456789") != std::string::npos)
    return false;
  struct stat st {};
  if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid()) return false;
  const pid_t pid = static_cast<pid_t>(std::stol(rest.substr(0, dash)));
  return pid != getpid() && ::kill(pid, 0) != 0 && errno == ESRCH;
}

void copy_into(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) io_error("cannot copy " + from.string() + " to the backend's scratch folder: " + ec.message());
}

// The external data locations named by the tensors of a model (initializers, Constant
// values, subgraphs) or by one tensor file.
void external_locations(const onnx::TensorProto& t, std::set<std::string>& out) {
  if (t.data_location() != onnx::TensorProto::EXTERNAL) return;
  for (const auto& e : t.external_data())
    if (e.key() == "location") out.insert(e.value());
}

void external_locations(const onnx::GraphProto& g, std::set<std::string>& out) {
  for (const auto& t : g.initializer()) external_locations(t, out);
  for (const auto& s : g.sparse_initializer()) {
    external_locations(s.values(), out);
    external_locations(s.indices(), out);
  }
  for (const auto& node : g.node())
    for (const auto& a : node.attribute()) {
      if (a.has_t()) external_locations(a.t(), out);
      for (const auto& t : a.tensors()) external_locations(t, out);
      if (a.has_g()) external_locations(a.g(), out);
      for (const auto& sub : a.graphs()) external_locations(sub, out);
    }
}

// Copies the confined external files of `locations` from `src_dir` to `dst_dir`.
void copy_external(const std::set<std::string>& locations, const fs::path& src_dir, const fs::path& dst_dir) {
  for (const auto& location : locations) {
    fs::path source;
    try {
      source = confined_path(src_dir, location, "external data");
    } catch (const Error&) {
      continue;  // breaks the rule: not copied
    }
    std::error_code ec;
    if (!fs::is_regular_file(fs::status(source, ec))) continue;
    copy_into(source, dst_dir / fs::path(location).lexically_normal());
  }
}

}  // namespace

fs::path make_private_scratch(const fs::path& wanted) {
  fs::path base = wanted;
  if (base.empty()) base = access("/dev/shm", W_OK) == 0 ? fs::path("/dev/shm") : fs::temp_directory_path();
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(base, ec))
    if (is_stale(entry.path())) fs::remove_all(entry.path(), ec);
  std::string pattern = (base / (kPrefix + std::to_string(getpid()) + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data()))
    io_error("cannot create a scratch folder in " + base.string() + " (" + std::strerror(errno) + ")");
  return fs::path(pattern);
}

namespace {

// Locations of external data in a serialized TensorProto, or none. A tensor without the
// word "location" in its bytes names none, and is not parsed.
std::set<std::string> tensor_external_locations(const std::string& bytes) {
  std::set<std::string> locations;
  if (bytes.find("location") == std::string::npos) return locations;
  onnx::TensorProto t;
  if (t.ParseFromString(bytes)) external_locations(t, locations);
  return locations;
}

}  // namespace

void clear_folder(const fs::path& dir) {
  const auto make = [&] {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) io_error("cannot make the folder " + dir.string() + ": " + ec.message());
  };
  // O_NOFOLLOW: the backend may have put a symbolic link in the folder's place; its
  // target is never listed or emptied (remove_all below takes the link itself).
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) return make();
  DIR* d = fd >= 0 ? ::fdopendir(fd) : nullptr;
  if (fd >= 0 && !d) ::close(fd);
  bool whole_tree = d == nullptr;
  std::vector<std::string> names;  // all of them first: a listing is not changed while it is read
  for (dirent* e; d && (e = ::readdir(d));)
    if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.emplace_back(e->d_name);
  // A subfolder is removed with what it holds (never following a link); the folder itself
  // stays, as it may be bound into an adapter's sandbox.
  for (const auto& name : names)
    if (!whole_tree && ::unlinkat(::dirfd(d), name.c_str(), 0) != 0) {
      std::error_code ec;
      fs::remove_all(dir / name, ec);
      whole_tree = ec.value() != 0;
    }
  if (d) ::closedir(d);
  if (whole_tree) {
    std::error_code ec;
    fs::remove_all(dir, ec);
    make();
  }
}

CaseFiles stage_case(const CaseFiles& files, const fs::path& dir) {
  std::error_code ec;
  clear_folder(dir);
  CaseFiles staged;
  staged.model = dir / "model.onnx";
  staged.data_set = files.data_set;
  staged.contents = files.contents;  // the runner's copy of the bytes: the backend sees only the files below
  // Files come from the case's contents when it has them (read once), else are read once
  // here; either way the bytes are written to the copy and searched for external data,
  // which can only come from a case on disk (asked only when a file names some).
  const auto on_disk = [&] { return !files.model.empty() && fs::is_directory(files.model.parent_path(), ec); };
  if (files.contents || fs::is_regular_file(fs::status(files.model, ec))) {
    const std::string bytes = files.contents ? files.contents->model : read_file_bytes(files.model);
    write_file_bytes(staged.model, bytes);
    onnx::ModelProto model;
    if (bytes.find("location") != std::string::npos && on_disk() && model.ParseFromString(bytes)) {
      std::set<std::string> locations;
      external_locations(model.graph(), locations);
      copy_external(locations, files.model.parent_path(), dir);
    }
  }
  for (size_t i = 0; i < files.inputs.size(); ++i) {
    const fs::path to = dir / ("input_" + std::to_string(i) + ".pb");
    staged.inputs.push_back(to);
    if (!files.contents && !fs::is_regular_file(fs::status(files.inputs[i], ec))) continue;  // a FIFO, a device: not copied
    const std::string bytes = files.contents ? files.contents->inputs[i] : read_file_bytes(files.inputs[i]);
    write_file_bytes(to, bytes);
    if (bytes.find("location") != std::string::npos && on_disk())
      copy_external(tensor_external_locations(bytes), files.inputs[i].parent_path(), dir);
  }
  return staged;
}

}  // namespace touchstone::harness
