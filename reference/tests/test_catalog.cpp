// The catalog mirrors ONNX's registry row for row.
#include <catch2/catch.hpp>
#include <onnx/defs/schema.h>

#include <set>
#include <tuple>

#include "reference/catalog.h"

using namespace touchstone;

TEST_CASE("the catalog has one row per op-version of ONNX's registry", "[catalog]") {
  using Key = std::tuple<std::string, std::string, int>;
  std::set<Key> registry, table;
  for (const auto& s : onnx::OpSchemaRegistry::get_all_schemas_with_history())
    registry.insert({s.domain(), s.Name(), s.SinceVersion()});
  for (const auto& row : catalog()) {
    INFO(row.label());
    CHECK(table.insert({std::string(row.domain), std::string(row.op), row.since_version}).second);
  }
  for (const auto& [d, op, v] : registry) {
    INFO("missing from the catalog: " << d << " " << op << "-" << v);
    CHECK(table.count({d, op, v}) == 1);
  }
  for (const auto& [d, op, v] : table) {
    INFO("not in ONNX's registry: " << d << " " << op << "-" << v);
    CHECK(registry.count({d, op, v}) == 1);
  }
  CHECK(table.size() == 444);
}

TEST_CASE("the catalog is sorted and every row says what it is", "[catalog]") {
  const auto& rows = catalog();
  for (size_t i = 1; i < rows.size(); ++i) {
    INFO(rows[i - 1].label() << " before " << rows[i].label());
    CHECK(std::tie(rows[i - 1].domain, rows[i - 1].op, rows[i - 1].since_version) <
          std::tie(rows[i].domain, rows[i].op, rows[i].since_version));
  }
  for (const auto& row : rows) {
    INFO(row.label());
    CHECK(!row.note.empty());
    CHECK((row.kernel == nullptr) == (row.numerics == Numerics::kNone));
  }
}

TEST_CASE("the arithmetic family is implemented in every version", "[catalog]") {
  for (const char* op : {"Add", "Sub", "Mul", "Div", "Pow"}) {
    auto versions = op_versions("", op);
    CHECK(versions.size() == 5);
    for (const auto* row : versions) {
      INFO(row->label());
      CHECK(row->status() == OpStatus::kImplemented);
    }
  }
}

TEST_CASE("a node resolves to the greatest since_version not above the opset", "[catalog]") {
  CHECK(resolve_op("", "Sub", 1)->since_version == 1);
  CHECK(resolve_op("", "Sub", 5)->since_version == 1);
  CHECK(resolve_op("", "Sub", 6)->since_version == 6);
  CHECK(resolve_op("ai.onnx", "Sub", 12)->since_version == 7);
  CHECK(resolve_op("", "Sub", 17)->since_version == 14);
  CHECK(resolve_op("", "Pow", 14)->since_version == 13);
  CHECK(resolve_op("", "Mod", 9) == nullptr);  // Mod first appears in opset 10
  CHECK(resolve_op("", "NoSuchOp", 17) == nullptr);
  CHECK(catalog_max_opset("") == 17);
  CHECK(catalog_max_opset("ai.onnx.ml") == 3);
  CHECK(catalog_max_opset("com.example") == 0);
}
