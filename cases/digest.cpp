#include "cases/digest.h"

#include <fstream>
#include <sstream>

#include "cases/sha256.h"

namespace touchstone::cases {

namespace {

void hash_tensor(Sha256& h, const Tensor& t) {
  h.update(std::string(dtype_short_name(t.dtype())) + " " + shape_to_string(t.shape()) + "\n");
  if (t.dtype() == DType::kString) {
    for (const auto& s : t.data<std::string>()) h.update(std::to_string(s.size()) + ":" + s);
  } else {
    h.update(t.bytes().data(), t.bytes().size());
  }
}

// A map: its entry count, then each key (ascending) and its value.
void hash_map(Sha256& h, const Value& m) {
  h.update(std::to_string(m.map_keys().size()) + " entries\n");
  for (size_t i = 0; i < m.map_keys().size(); ++i) {
    h.update(map_key_string(m.map_keys()[i]) + "\n");
    hash_tensor(h, m.map_values()[i].tensor());
  }
}

}  // namespace

std::string answer_digest(const CaseMeta& meta, const std::vector<Tensor>& outputs) {
  return value_answer_digest(meta, Values(outputs.begin(), outputs.end()));
}

std::string value_answer_digest(const CaseMeta& meta, const Values& outputs) {
  Sha256 h;
  h.update(meta.valid ? "valid\n" : "invalid\n");
  h.update(std::string(semantics_name(meta.semantics)) + "\n");
  for (const auto& v : outputs) {
    if (v.is_tensor()) {  // as before sequences existed, so tensor cases keep their digests
      hash_tensor(h, v.tensor());
      continue;
    }
    h.update(v.type_string() + (v.has_value() ? "" : " empty") + "\n");
    if (!v.has_value()) continue;
    if (v.type().holds_map()) {
      hash_map(h, v);
      continue;
    }
    if (!v.type().holds_sequence()) {
      hash_tensor(h, v.tensor());
      continue;
    }
    if (v.type().element && v.type().element->kind == ValueType::kMap) {  // seq(map(...)): ZipMap's
      const auto maps = v.elements();
      h.update(std::to_string(maps.size()) + " elements\n");
      for (const auto& m : maps) hash_map(h, m);
      continue;
    }
    h.update(std::to_string(v.items().size()) + " elements\n");
    for (const auto& t : v.items()) hash_tensor(h, t);
  }
  return h.hex();
}

Digests digests_of(const std::vector<Case>& cases) {
  Digests d;
  for (const auto& c : cases) d[c.meta.id] = value_answer_digest(c.meta, c.outputs);
  return d;
}

Digests read_digests(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) io_error(path.string() + ": cannot read");
  Digests d;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find("  ");
    if (space != 64 || line.size() <= 66)
      malformed(path.string() + ":" + std::to_string(n) + ": expected '<sha256>  <case id>'");
    d[line.substr(66)] = line.substr(0, 64);
  }
  return d;
}

void write_digests(const std::filesystem::path& path, const Digests& digests) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << "# SHA-256 of the reference's expected answer for each case of the standard suite.\n"
      << "# After a deliberate change of the reference, update with:\n#   " << kUpdateDigestsCommand << "\n";
  for (const auto& [id, digest] : digests) out << digest << "  " << id << "\n";
  if (!out) io_error(path.string() + ": cannot write");
}

DigestDiff compare_digests(const Digests& expected, const Digests& actual) {
  DigestDiff diff;
  for (const auto& [id, digest] : expected) {
    auto it = actual.find(id);
    if (it == actual.end()) diff.removed.push_back(id);
    else if (it->second != digest) diff.changed.push_back(id);
  }
  for (const auto& [id, _] : actual)
    if (!expected.count(id)) diff.added.push_back(id);
  return diff;
}

std::string DigestDiff::describe(size_t max_ids) const {
  std::ostringstream s;
  auto list = [&](const char* what, const std::vector<std::string>& ids) {
    if (ids.empty()) return;
    s << ids.size() << " " << what << ":";
    for (size_t i = 0; i < ids.size() && i < max_ids; ++i) s << "\n  " << ids[i];
    if (ids.size() > max_ids) s << "\n  ... and " << ids.size() - max_ids << " more";
    s << "\n";
  };
  list("changed", changed);
  list("added", added);
  list("removed", removed);
  return s.str();
}

}  // namespace touchstone::cases
