#include "reference/catalog.h"

#include "reference/schema.h"

#include <algorithm>

namespace touchstone {

const char* op_status_name(OpStatus s) {
  switch (s) {
    case OpStatus::kImplemented: return "implemented";
    case OpStatus::kPartial: return "partial";
    case OpStatus::kNotYet: return "not yet";
  }
  return "not yet";
}

std::string_view canonical_domain(std::string_view domain) {
  return domain == "ai.onnx" ? std::string_view() : domain;
}

std::string_view display_domain(std::string_view domain) {
  return domain.empty() ? std::string_view("ai.onnx") : domain;
}

std::string CatalogRow::label() const {
  std::string s = domain.empty() ? "" : std::string(domain) + ".";
  return s + std::string(op) + "-" + std::to_string(since_version);
}

int catalog_max_opset(std::string_view domain) {
  domain = canonical_domain(domain);
  for (const auto& d : schema_domains())
    if (d.domain == domain) return d.max_opset;
  return 0;
}

const CatalogRow* resolve_op(std::string_view domain, std::string_view op, int opset) {
  domain = canonical_domain(domain);
  const CatalogRow* best = nullptr;
  for (const auto& row : catalog()) {
    if (row.domain == domain && row.op == op && row.since_version <= opset &&
        (!best || row.since_version > best->since_version))
      best = &row;
  }
  return best;
}

std::vector<const CatalogRow*> op_versions(std::string_view domain, std::string_view op) {
  domain = canonical_domain(domain);
  std::vector<const CatalogRow*> rows;
  for (const auto& row : catalog())
    if (row.domain == domain && row.op == op) rows.push_back(&row);
  return rows;
}

}  // namespace touchstone
