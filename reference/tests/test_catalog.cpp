// The catalog has one row per op-version of touchstone's schema table (ONNX 1.23), and the
// table agrees with Debian's libonnx 1.12 registry on every op-version up to opset 17,
// except the upstream changes since 1.12 listed in schema_vs_libonnx.cpp.
#include <catch2/catch.hpp>

#include <set>
#include <tuple>

#include "reference/catalog.h"
#include "reference/schema.h"

using namespace touchstone;

TEST_CASE("the catalog has one row per op-version of the schema table", "[catalog]") {
  using Key = std::tuple<std::string_view, std::string_view, int>;
  std::set<Key> schemas, rows;
  for (const auto& s : schema_table()) CHECK(schemas.insert({s.domain, s.op, s.since_version}).second);
  for (const auto& row : catalog()) {
    INFO(row.label());
    CHECK(rows.insert({row.domain, row.op, row.since_version}).second);
  }
  for (const auto& [d, op, v] : schemas) {
    INFO("missing from the catalog: " << d << " " << op << "-" << v);
    CHECK(rows.count({d, op, v}) == 1);
  }
  for (const auto& [d, op, v] : rows) {
    INFO("not in the schema table: " << d << " " << op << "-" << v);
    CHECK(schemas.count({d, op, v}) == 1);
  }
  // ONNX 1.23: 612 ai.onnx, 25 ai.onnx.ml, 1 ai.onnx.preview, 4 ai.onnx.preview.training.
  CHECK(rows.size() == 642);
  std::map<std::string_view, int> per_domain;
  for (const auto& s : schema_table()) ++per_domain[s.domain];
  CHECK(per_domain[""] == 612);
  CHECK(per_domain["ai.onnx.ml"] == 25);
  CHECK(per_domain["ai.onnx.preview"] == 1);
  CHECK(per_domain["ai.onnx.preview.training"] == 4);
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
  CHECK(resolve_op("", "Sub", 28)->since_version == 14);
  CHECK(resolve_op("", "Pow", 14)->since_version == 13);
  CHECK(resolve_op("", "Mod", 9) == nullptr);  // Mod first appears in opset 10
  CHECK(resolve_op("", "NoSuchOp", 17) == nullptr);
  // ReduceMean-18 takes axes as an input: at opset 18 a model must not get ReduceMean-13
  // (libonnx 1.12 would).
  CHECK(resolve_op("", "ReduceMean", 18)->since_version == 18);
  CHECK(resolve_op("", "Cast", 25)->since_version == 25);
  CHECK(resolve_op("", "Celu", 27)->since_version == 12);
  CHECK(resolve_op("", "Celu", 28)->since_version == 28);
  CHECK(catalog_max_opset("") == 28);
  CHECK(catalog_max_opset("ai.onnx") == 28);
  CHECK(catalog_max_opset("ai.onnx.ml") == 5);
  CHECK(catalog_max_opset("ai.onnx.preview") == 1);
  CHECK(catalog_max_opset("ai.onnx.preview.training") == 1);
  CHECK(catalog_max_opset("com.example") == 0);
}

TEST_CASE("the schema table's facts, spot-checked against the text by hand", "[catalog][schema]") {
  const Schema* sub6 = find_schema("", "Sub", 6);
  REQUIRE(sub6);
  CHECK(sub6->attribute("broadcast")->default_value == std::string("0"));
  CHECK(sub6->attribute("axis")->default_value == nullptr);
  CHECK(!sub6->attribute("axis")->required);
  CHECK(find_schema("", "Sub", 7)->attribute("broadcast") == nullptr);
  const Schema* cast24 = find_schema("", "Cast", 24);
  REQUIRE(cast24);
  CHECK(cast24->attribute("round_mode")->default_value == std::string("up"));
  CHECK(cast24->attribute("saturate")->default_value == std::string("1"));
  CHECK(cast24->attribute("to")->required);
  CHECK(cast24->constraint("T2")->allowed.size() == 22);
  const Schema* concat = find_schema("", "Concat", 13);
  CHECK(concat->inputs[0].option == FormalOption::kVariadic);
  CHECK(concat->inputs[0].min_arity == 1);
  CHECK(concat->input_count.min == 1);
  CHECK(concat->input_count.max == -1);
  const Schema* loop = find_schema("", "Loop", 21);
  CHECK(loop->inputs[2].option == FormalOption::kVariadic);
  CHECK(!loop->inputs[2].homogeneous);
  CHECK(loop->inputs[2].min_arity == 0);
  CHECK(loop->input_count.min == 2);
  CHECK(find_schema("", "GroupNormalization", 18)->deprecated);
  CHECK(find_schema("", "Clip", 6)->attribute("max")->default_value == std::string("3.4028234663852886e+38"));
  CHECK(find_schema("", "Clip", 5) == nullptr);
  CHECK(find_schema("ai.onnx.ml", "TreeEnsemble", 5) != nullptr);
  CHECK(find_schema("ai.onnx", "Abs", 13) == find_schema("", "Abs", 13));
}
