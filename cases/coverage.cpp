#include "cases/coverage.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "cases/case.h"
#include "cases/value_keys.h"
#include "reference/catalog.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

// Type parameters only outputs use, with a choice of types (Cast's T2, set by `to`): a
// case names its output's type by a tag "output:<short name>", and coverage counts
// every allowed (inputs, output) combination.
std::vector<std::vector<std::string>> output_only_types(const CatalogRow& row) {
  const auto& schema = schema_of(row);
  std::vector<std::vector<std::string>> params;
  std::vector<std::string_view> seen;  // one choice per type parameter (LayerNormalization's U: Mean and InvStdDev)
  for (const auto& out : schema.outputs) {
    if (std::find(seen.begin(), seen.end(), out.type) != seen.end()) continue;
    seen.push_back(out.type);
    bool bound = false;
    for (const auto& in : schema.inputs) bound = bound || in.type == out.type;
    const TypeConstraint* c = schema.constraint(out.type);
    if (bound || !c || c->allowed.size() < 2) continue;
    std::vector<std::string> names;
    for (DType d : allowed_dtypes(schema, out.type)) names.emplace_back(dtype_short_name(d));
    if (row.family == "sequence" || row.family == "ml")  // sequences, optionals, maps ("seq-map-int64-float32")
      for (const auto& key : value_type_keys(schema, out.type)) names.push_back(key);
    params.push_back(names);
  }
  return params;
}

// Whether a valid model can have this (input, output) pair: BitCast-26 needs equal bit
// widths, so the other pairs exist only as refusals and are not counted.
// LabelEncoder-1 and CategoryMapper-1 map strings to integers and integers to strings only.
// Gradient-1: the gradient has its x's type.
bool possible(const CatalogRow& row, const std::string& input, const std::string& output) {
  if ((row.op == "LabelEncoder" && row.since_version == 1) || row.op == "CategoryMapper") return input != output;
  // DictVectorizer-1 gives a tensor of its map's value type ("map-string-float32": float32).
  if (row.op == "DictVectorizer") return input.substr(input.rfind('-') + 1) == output;
  // Gradient-1's outputs take the type of their x (the first input): float16, float or double.
  if (row.op == "Gradient") return input == output && (input == "float16" || input == "float32" || input == "float64");
  if (row.op != "BitCast") return true;
  const auto a = dtype_from_name(input), b = dtype_from_name(output);
  return a && b && dtype_bits(*a) == dtype_bits(*b);
}

// A type key with the kinds in `prefixes` stripped ("opt-seq-float32" -> "float32").
std::string element_of(std::string key, std::initializer_list<std::string_view> prefixes) {
  if (key.rfind("output:", 0) == 0) key = key.substr(7);
  for (bool again = true; again;) {
    again = false;
    for (std::string_view p : prefixes)
      if (key.rfind(p, 0) == 0) key = key.substr(p.size()), again = true;
  }
  return key;
}

// Whether a valid model of a sequence/optional op can have this combination: its
// sequence, tensor and optional types name one element type (the text's type inference;
// position and split types, I, are free); Optional and OptionalGetElement also keep the
// kind (optional(seq(T)) holds seq(T)). SequenceMap's additional inputs are free.
bool sequence_combo_possible(const CatalogRow& row, const std::string& combo) {
  if (row.family != "sequence" || row.op == "SequenceMap") return true;
  const bool keeps_kind = row.op == "Optional" || row.op == "OptionalGetElement";
  const auto params = input_type_params(row);
  std::string first;
  size_t start = 0, k = 0;
  for (size_t end = 0; end != std::string::npos; start = end + 1, ++k) {
    end = combo.find(',', start);
    const std::string part = combo.substr(start, end == std::string::npos ? end : end - start);
    if (part.empty() || (k < params.size() && params[k].name == "I")) continue;
    const std::string e = keeps_kind ? element_of(part, {"opt-"}) : element_of(part, {"opt-", "seq-"});
    if (first.empty()) first = e;
    else if (e != first) return false;
  }
  return true;
}

std::vector<std::string> with_output_types(std::vector<std::string> combos, const CatalogRow& row) {
  for (const auto& names : output_only_types(row)) {
    std::vector<std::string> next;
    for (const auto& c : combos)
      for (const auto& n : names)
        if (possible(row, c, n)) next.push_back(c + ",output:" + n);
    combos = next;
  }
  std::erase_if(combos, [&](const std::string& c) { return !sequence_combo_possible(row, c); });
  return combos;
}

std::string output_key(const std::vector<std::string>& tags) {
  std::string key;
  for (const auto& t : tags)
    if (t.rfind("output:", 0) == 0) key += "," + t;
  return key;
}

}  // namespace

Coverage measure_coverage(const std::vector<CaseMeta>& cases, const std::vector<std::string>& ops) {
  Coverage cov;
  std::map<std::tuple<std::string, std::string, int>, size_t> index;
  std::vector<const CatalogRow*> rows;
  for (const auto& row : catalog()) {
    if (row.status() == OpStatus::kNotYet) continue;
    if (!ops.empty() && std::find(ops.begin(), ops.end(), row.op) == ops.end()) continue;
    index[{std::string(row.domain), std::string(row.op), row.since_version}] = cov.rows.size();
    // A deprecated op-version has no valid model: no type combination to cover, and its
    // refusals cover it.
    const bool deprecated = schema_of(row).deprecated;
    cov.rows.push_back({row.label(), deprecated ? std::vector<std::string>{} : with_output_types(allowed_type_combos(row), row),
                        {}, 0, 0, 0, 0, deprecated});
    rows.push_back(&row);
  }
  for (const auto& m : cases) {
    auto it = index.find({std::string(canonical_domain(m.domain)), m.op, m.since_version});
    if (it == index.end()) continue;
    auto& r = cov.rows[it->second];
    ++r.cases;
    if (!m.valid) ++r.negative;
    if (std::find(m.tags.begin(), m.tags.end(), "special-values") != m.tags.end()) ++r.special;
    if (!m.valid) continue;
    ++r.valid;
    const std::string key = type_combo_key(*rows[it->second], m.dtypes) + output_key(m.tags);
    if (std::find(r.allowed.begin(), r.allowed.end(), key) != r.allowed.end()) r.covered.insert(key);
  }
  for (const auto& r : cov.rows) {
    ++cov.versions_total;
    if (r.valid > 0 || (r.deprecated && r.negative > 0)) ++cov.versions_covered;
    cov.dtypes_total += r.allowed.size();
    cov.dtypes_covered += r.covered.size();
  }
  return cov;
}

std::string format_coverage(const Coverage& cov, bool list_missing) {
  std::ostringstream s;
  char line[256];
  std::snprintf(line, sizeof line, "%-10s %13s %7s %9s %9s  %s\n", "op-version", "dtypes", "cases", "negative",
                "special", "missing dtypes");
  s << line;
  for (const auto& r : cov.rows) {
    const std::string types = std::to_string(r.covered.size()) + "/" + std::to_string(r.allowed.size());
    std::string missing;
    if (list_missing)
      for (const auto& a : r.allowed)
        if (!r.covered.count(a)) missing += (missing.empty() ? "" : " ") + a;
    std::snprintf(line, sizeof line, "%-10s %13s %7d %9d %9d  ", r.label.c_str(), types.c_str(), r.cases, r.negative,
                  r.special);
    s << line << (missing.empty() ? "-" : missing) << "\n";
  }
  s << "total: " << cov.versions_covered << "/" << cov.versions_total << " op-versions, " << cov.dtypes_covered << "/"
    << cov.dtypes_total << " dtypes\n";
  return s.str();
}

}  // namespace touchstone::cases
