// The generator: coverage of every implemented op-version and dtype, the cases the
// issue names, validity under ONNX's checker, and byte-identical output.
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "cases/coverage.h"
#include "cases/generator.h"
#include "cases/specs/specs.h"
#include "onnx/checker.h"

using namespace touchstone;
using namespace touchstone::cases;

namespace {

const std::vector<Case>& standard_suite() {
  static const std::vector<Case> cases = generate_cases({Profile::kStandard, {}, {}});
  return cases;
}

const Case* find_case(const std::vector<Case>& cases, const std::string& id) {
  for (const auto& c : cases)
    if (c.meta.id == id) return &c;
  return nullptr;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("every implemented op-version has a case spec", "[coverage]") {
  for (const auto& row : catalog()) {
    if (row.status() == OpStatus::kNotYet) continue;
    INFO(row.label() << " is implemented but cases/specs has no recipe for " << row.op
                     << ": add one to spec_table.cpp (see cases/README.md)");
    CHECK(find_spec(row.domain, row.op) != nullptr);
  }
}

TEST_CASE("the standard suite covers every implemented op-version and every allowed dtype", "[coverage]") {
  std::vector<CaseMeta> metas;
  for (const auto& c : standard_suite()) metas.push_back(c.meta);
  const Coverage cov = measure_coverage(metas);
  for (const auto& r : cov.rows) {
    INFO(r.label << " (" << format_coverage(cov) << ")");
    CHECK(r.covered.size() == r.allowed.size());
    CHECK(r.negative > 0);
    if (r.deprecated) continue;  // Scatter-11: refusals only
    CHECK(r.valid > 0);
    CHECK(r.special > 0);
  }
  CHECK(cov.versions_covered == cov.versions_total);
  CHECK(cov.dtypes_covered == cov.dtypes_total);
}

TEST_CASE("the smoke profile has a valid case for every op-version and dtype, and a refusal", "[coverage]") {
  std::vector<CaseMeta> metas;
  for (const auto& c : generate_cases({Profile::kSmoke, {}, {}})) metas.push_back(c.meta);
  const Coverage cov = measure_coverage(metas);
  CHECK(cov.versions_covered == cov.versions_total);
  CHECK(cov.dtypes_covered == cov.dtypes_total);
  for (const auto& r : cov.rows) {
    INFO(r.label);
    CHECK(r.negative > 0);
  }
  CHECK(metas.size() < standard_suite().size());
}

TEST_CASE("Pow-12 and later cover every base type with every exponent type", "[coverage][Pow]") {
  for (const auto* row : op_versions("", "Pow")) {
    const auto combos = allowed_type_combos(*row);
    std::set<std::string> seen;
    for (const auto& c : standard_suite())
      if (c.meta.op == "Pow" && c.meta.since_version == row->since_version && c.meta.valid)
        seen.insert(type_combo_key(*row, c.meta.dtypes));
    INFO(row->label());
    CHECK(seen.size() == combos.size());
    if (row->since_version >= 12) CHECK(combos.size() > 10);
  }
}

TEST_CASE("a trailing optional input left out keys as its fixed type", "[coverage]") {
  // Resize-13: X (T1), roi (T2), scales (float), sizes (int64): a case with scales and no
  // sizes is the combination "float32,float32,float32,int64"; a missing T-typed input is "?".
  const CatalogRow* resize = resolve_op("", "Resize", 13);
  REQUIRE(resize);
  CHECK(type_combo_key(*resize, {"float32", "float16", "float32"}) == "float32,float16,float32,int64");
  const auto combos = allowed_type_combos(*resize);
  CHECK(std::find(combos.begin(), combos.end(), "float32,float16,float32,int64") != combos.end());
  CHECK(type_combo_key(*resize, {"float32"}) == "float32,?,float32,int64");
}

TEST_CASE("Sub-1 and Sub-6 have every legacy broadcast pattern and its refusals", "[Sub][v1][v6]") {
  for (int v : {1, 6}) {
    const std::string prefix = "Sub-" + std::to_string(v) + "/float32/";
    for (const char* name : {"bcast_scalar", "bcast_one_1x1", "bcast_suffix_5", "bcast_suffix_4x5", "bcast_axis1_3x4",
                             "bcast_axis0_2", "same_3x4x5"}) {
      const Case* c = find_case(standard_suite(), prefix + name);
      INFO(prefix + name);
      REQUIRE(c);
      CHECK(c->meta.valid);
      CHECK(c->outputs.at(0).tensor().shape() == c->inputs.at(0).tensor().shape());
    }
    for (const char* name : {"refuse_nobcast_3x4x5_5", "refuse_bcast_3x1_1x4", "refuse_bcast_noaxis_2x3x4x5_3x4",
                             "refuse_bcast_axis3_2x3x4x5_3x4", "refuse_bcast_rank_3x4_2x3x4",
                             "refuse_attr_broadcast_float"}) {
      const Case* c = find_case(standard_suite(), prefix + name);
      INFO(prefix + name);
      REQUIRE(c);
      CHECK_FALSE(c->meta.valid);
      CHECK_FALSE(c->meta.invalid_rule.empty());
      CHECK(c->outputs.empty());
    }
  }
}

TEST_CASE("Sub-7 and later have numpy broadcast patterns and refusals", "[Sub][v7]") {
  for (int v : {7, 13, 14}) {
    const std::string prefix = "Sub-" + std::to_string(v) + "/float32/";
    const Case* c = find_case(standard_suite(), prefix + "bcast_8x1x6x1_7x1x5");
    REQUIRE(c);
    CHECK(c->outputs.at(0).tensor().shape() == Shape{8, 7, 6, 5});
    const Case* empty = find_case(standard_suite(), prefix + "bcast_0x1_1x4");
    REQUIRE(empty);
    CHECK(empty->outputs.at(0).tensor().shape() == Shape{0, 4});
    const Case* rank6 = find_case(standard_suite(), prefix + "bcast_2x1x3x1x2x1_1x2x1x3x1x2");
    REQUIRE(rank6);
    CHECK(rank6->outputs.at(0).tensor().shape() == Shape{2, 2, 3, 3, 2, 2});
    for (const char* name : {"refuse_2x3x4x5_3x4", "refuse_2x3_3x2", "refuse_attr_axis"}) {
      const Case* r = find_case(standard_suite(), prefix + name);
      INFO(prefix + name);
      REQUIRE(r);
      CHECK_FALSE(r->meta.valid);
    }
  }
  const Case* types = find_case(standard_suite(), "Sub-7/bool/refuse_type");
  REQUIRE(types);
  CHECK_FALSE(types->meta.valid);
  CHECK(find_case(standard_suite(), "Sub-7/float32-int32/refuse_type_mismatch"));
}

TEST_CASE("Unique with NaN or signed zeros leaves its output shapes open, in case.json and in the model", "[semantics]") {
  const Case* special = find_case(standard_suite(), "Unique-11/float32/special_values");
  REQUIRE(special);
  CHECK(special->meta.semantics == Semantics::kImplementationDefined);
  CHECK(special->meta.shape_open);
  // The model declares each output's rank, no dimension: another count of values is conformant.
  for (const auto& out : special->model.graph().output())
    for (const auto& dim : out.type().tensor_type().shape().dim()) CHECK_FALSE(dim.has_dim_value());
  const Case* strings = find_case(standard_suite(), "Unique-11/string/special_values");
  REQUIRE(strings);
  CHECK(strings->meta.semantics == Semantics::kDefined);
  CHECK_FALSE(strings->meta.shape_open);
  CHECK(strings->model.graph().output(0).type().tensor_type().shape().dim(0).dim_value() == 8);
}

TEST_CASE("semantics categories come from the reference", "[semantics]") {
  const Case* zero = find_case(standard_suite(), "Div-14/int8/zero_divisor");
  REQUIRE(zero);
  CHECK(zero->meta.semantics == Semantics::kUndefined);
  CHECK_THAT(zero->meta.semantics_reason, Catch::Contains("division by zero"));
  const Case* mixed = find_case(standard_suite(), "Div-14/int32/mixed_signs");
  REQUIRE(mixed);
  CHECK(mixed->meta.semantics == Semantics::kImplementationDefined);
  const Case* random = find_case(standard_suite(), "Add-14/int8/same_3x4x5");
  REQUIRE(random);
  CHECK(random->meta.semantics == Semantics::kDefined);
  const Case* pow = find_case(standard_suite(), "Pow-15/int32-int64/bases_exponents");
  REQUIRE(pow);
  CHECK(pow->meta.semantics == Semantics::kUndefined);  // 0^-1, 2^-1
  for (const auto& c : standard_suite()) {
    if (c.meta.tags.empty() || c.meta.tags.front() != "random") continue;
    INFO(c.meta.id << ": random values are drawn where the op is defined");
    CHECK(c.meta.semantics == Semantics::kDefined);
  }
}

// libonnx 1.12's checker knows IR versions up to 8 and opsets up to 17: newer cases are
// checked against touchstone's own table only (by the reference, when they are generated).
TEST_CASE("every valid case's model passes ONNX's checker", "[checker]") {
  size_t checked = 0;
  for (const auto& c : standard_suite()) {
    if (!c.meta.valid || c.model.ir_version() > 8 || c.meta.opset > 17) continue;
    INFO(c.meta.id);
    CHECK_NOTHROW(onnx::checker::check_model(c.model));
    ++checked;
  }
  CHECK(checked > 1000);
}

TEST_CASE("generating twice writes byte-identical suites", "[determinism]") {
  const auto dir = std::filesystem::temp_directory_path() / ("touchstone_cases_det_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto cases = generate_cases({Profile::kSmoke, {"Sub,Div"}, {}});
  write_suite(dir / "a", cases, Profile::kSmoke);
  write_suite(dir / "b", generate_cases({Profile::kSmoke, {"Sub", "Div"}, {}}), Profile::kSmoke);
  write_suite(dir / "b", generate_cases({Profile::kSmoke, {"Sub", "Div"}, {}}), Profile::kSmoke);  // rewrite in place
  size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir / "a")) {
    if (!entry.is_regular_file()) continue;
    const auto other = dir / "b" / std::filesystem::relative(entry.path(), dir / "a");
    INFO(other.string());
    REQUIRE(std::filesystem::exists(other));
    CHECK(slurp(entry.path()) == slurp(other));
    ++files;
  }
  CHECK(files > 4 * cases.size());
  CHECK_THROWS_AS(write_suite(std::filesystem::temp_directory_path(), cases, Profile::kSmoke), Error);
  std::filesystem::remove_all(dir);
}
