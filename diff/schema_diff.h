// What the schemas of two op-versions say differently: attributes, inputs and outputs,
// type constraints, doc text. Facts from the schema table, nothing run.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/catalog.h"

namespace touchstone {

struct SchemaDiff {
  // One line per difference, e.g. "removed attribute axis (int)", "T: +tensor(int8)".
  std::vector<std::string> attributes;
  std::vector<std::string> inputs;   // formal inputs by position
  std::vector<std::string> outputs;
  std::vector<std::string> type_constraints;
  std::vector<std::string> doc;      // unified diff of the doc text
  // Per type parameter, the element types only the old or only the new version allows.
  struct TypeChange {
    std::string param;
    std::vector<std::string> removed, added;
  };
  std::vector<TypeChange> type_changes;

  nlohmann::json to_json() const;
};

SchemaDiff schema_diff(const CatalogRow& old_version, const CatalogRow& new_version);

}  // namespace touchstone
