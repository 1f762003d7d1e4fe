// The schema-level refusals (cases/refusals.h): for sample op-versions, exactly the kinds
// their schemas imply. The expected lists are written from ONNX's Changelog.md (attributes,
// inputs, type constraints of each version and its neighbours), not from the code.
#include <catch2/catch.hpp>
#include <algorithm>
#include <set>

#include "cases/generator.h"
#include "cases/refusals.h"
#include "reference/model_builder.h"
#include "cases/tests/drafts.h"

using namespace touchstone;
using namespace touchstone::cases;
using touchstone::cases::testing::draft_of;

namespace {

const CatalogRow& row_of(std::string_view op, int since) {
  for (const auto& row : catalog())
    if (row.domain.empty() && row.op == op && row.since_version == since) return row;
  throw std::logic_error("no catalog row");
}

Tensor f32(const Shape& shape) { return Tensor(DType::kFloat, shape); }

// "kind name" of every refusal except the type ones, sorted.
std::multiset<std::string> non_type(const std::vector<SchemaRefusal>& refusals) {
  std::multiset<std::string> names;
  for (const auto& r : refusals)
    if (r.kind != RefusalKind::kType) names.insert(std::string(refusal_kind_name(r.kind)) + " " + r.draft.name);
  return names;
}

// The dtypes refused as outside the constraint: every dtype but the allowed ones.
std::set<DType> refused_types(const std::vector<SchemaRefusal>& refusals) {
  std::set<DType> types;
  for (const auto& r : refusals)
    if (r.kind == RefusalKind::kType) types.insert(r.draft.inputs.front().dtype());
  return types;
}

std::set<DType> all_but(std::set<DType> allowed) {
  std::set<DType> out;
  for (DType d : all_dtypes())
    if (!allowed.count(d)) out.insert(d);
  return out;
}

const std::set<DType> kFloats = {DType::kFloat16, DType::kFloat, DType::kDouble};

}  // namespace

TEST_CASE("Abs-1 refuses consumed_inputs of the wrong kind; Abs-6 refuses it at all", "[refusals][Abs]") {
  const auto v1 = schema_refusals(row_of("Abs", 1), draft_of({f32({3, 4})}));
  CHECK(non_type(v1) == std::multiset<std::string>{"attribute-kind refuse_attr_consumed_inputs_float",
                                                   "unknown-attribute refuse_attr_unknown",
                                                   "too-few-inputs refuse_no_inputs", "too-many-inputs refuse_two_inputs"});
  CHECK(refused_types(v1) == all_but(kFloats));
  CHECK(v1.front().kind == RefusalKind::kType);
  CHECK(v1.front().draft.smoke);

  const auto v6 = schema_refusals(row_of("Abs", 6), draft_of({f32({3, 4})}));
  CHECK(non_type(v6) == std::multiset<std::string>{"removed-attribute refuse_attr_consumed_inputs",
                                                   "unknown-attribute refuse_attr_unknown",
                                                   "too-few-inputs refuse_no_inputs", "too-many-inputs refuse_two_inputs"});
  // Abs-6 widened T to the integers: uint8 ... int64, float16, float, double.
  CHECK(refused_types(v6) == all_but({DType::kUInt8, DType::kUInt16, DType::kUInt32, DType::kUInt64, DType::kInt8,
                                      DType::kInt16, DType::kInt32, DType::kInt64, DType::kFloat16, DType::kFloat,
                                      DType::kDouble}));
  // Abs-13 lacks consumed_inputs as 6 does: Abs-1 is still another version that has it.
  CHECK(removed_attributes(row_of("Abs", 13)) == std::vector<std::string>{"consumed_inputs"});
}

TEST_CASE("Add-6 refuses broadcast and axis of the wrong kind; Add-7 refuses them at all", "[refusals][Add]") {
  const auto base = draft_of({f32({3, 4}), f32({3, 4})});
  const auto v6 = schema_refusals(row_of("Add", 6), base);
  CHECK(non_type(v6) == std::multiset<std::string>{
                            "attribute-kind refuse_attr_axis_float", "attribute-kind refuse_attr_broadcast_float",
                            "removed-attribute refuse_attr_consumed_inputs", "type-mismatch refuse_type_mismatch",
                            "unknown-attribute refuse_attr_unknown", "too-few-inputs refuse_one_input",
                            "too-many-inputs refuse_three_inputs"});
  const auto v7 = schema_refusals(row_of("Add", 7), base);
  CHECK(non_type(v7) == std::multiset<std::string>{
                            "removed-attribute refuse_attr_axis", "removed-attribute refuse_attr_broadcast",
                            "removed-attribute refuse_attr_consumed_inputs", "type-mismatch refuse_type_mismatch",
                            "unknown-attribute refuse_attr_unknown", "too-few-inputs refuse_one_input",
                            "too-many-inputs refuse_three_inputs"});
  // T of Add-7: uint32, uint64, int32, int64, float16, float, double; the mismatch gives A
  // the first and B the second in TensorProto's numbering (FLOAT = 1, INT32 = 6).
  CHECK(refused_types(v7) == all_but({DType::kUInt32, DType::kUInt64, DType::kInt32, DType::kInt64, DType::kFloat16,
                                      DType::kFloat, DType::kDouble}));
  for (const auto& r : v7) {
    if (r.kind != RefusalKind::kTypeMismatch) continue;
    CHECK(r.draft.inputs[0].dtype() == DType::kFloat);
    CHECK(r.draft.inputs[1].dtype() == DType::kInt32);
  }
  for (const auto& r : v7) {
    if (r.draft.name != "refuse_attr_broadcast") continue;
    REQUIRE(r.draft.attributes.size() == 1);
    CHECK(r.draft.attributes[0].type() == onnx::AttributeProto::INT);  // as Add-6 has it
  }
}

TEST_CASE("Clip-6's min and max are floats; Clip-11 takes them as inputs", "[refusals][Clip]") {
  const auto v6 = schema_refusals(row_of("Clip", 6), draft_of({f32({3, 4})}, {make_attr("min", 0.0f)}));
  CHECK(non_type(v6) == std::multiset<std::string>{
                            "attribute-kind refuse_attr_max_int", "attribute-kind refuse_attr_min_int",
                            "removed-attribute refuse_attr_consumed_inputs", "unknown-attribute refuse_attr_unknown",
                            "too-few-inputs refuse_no_inputs", "too-many-inputs refuse_two_inputs"});
  for (const auto& r : v6) {
    if (r.draft.name != "refuse_attr_min_int") continue;
    REQUIRE(r.draft.attributes.size() == 1);  // the base's float min replaced, not doubled
    CHECK(r.draft.attributes[0].type() == onnx::AttributeProto::INT);
  }
  const auto v11 = schema_refusals(row_of("Clip", 11), draft_of({f32({3, 4}), f32({}), f32({})}));
  CHECK(non_type(v11) == std::multiset<std::string>{
                             "removed-attribute refuse_attr_consumed_inputs", "removed-attribute refuse_attr_max",
                             "removed-attribute refuse_attr_min", "type-mismatch refuse_type_mismatch",
                             "unknown-attribute refuse_attr_unknown", "too-few-inputs refuse_no_inputs",
                             "too-many-inputs refuse_four_inputs"});
  CHECK(refused_types(v11) == all_but(kFloats));
  // Given only X, Clip-11 has nothing to mismatch and room for more inputs.
  const auto x_only = schema_refusals(row_of("Clip", 11), draft_of({f32({3, 4})}));
  CHECK(non_type(x_only) == std::multiset<std::string>{
                                "removed-attribute refuse_attr_consumed_inputs", "removed-attribute refuse_attr_max",
                                "removed-attribute refuse_attr_min", "unknown-attribute refuse_attr_unknown",
                                "too-few-inputs refuse_no_inputs"});
}

TEST_CASE("a required attribute left out, and an unknown name no version has", "[refusals][Cast]") {
  // Cast-6: `to` (int, required; Cast-1 had it as a string, a name still present); Cast-19
  // adds saturate and Cast-24 round_mode, which Cast-6 lacks.
  const auto v6 = schema_refusals(row_of("Cast", 6), draft_of({f32({2})}, {make_attr("to", int64_t{1})}));
  const auto names = non_type(v6);
  CHECK(names.count("missing-attribute refuse_to_missing") == 1);
  CHECK(names.count("attribute-kind refuse_attr_to_float") == 1);
  CHECK(names.count("unknown-attribute refuse_attr_unknown") == 1);
  CHECK(removed_attributes(row_of("Cast", 6)) == std::vector<std::string>{"round_mode", "saturate"});
  CHECK(names.count("removed-attribute refuse_attr_saturate") == 1);
  // Elu has alpha in every version: the unknown attribute is another name.
  for (const auto& r : schema_refusals(row_of("Elu", 6), draft_of({f32({3})})))
    if (r.kind == RefusalKind::kUnknownAttribute) CHECK(r.draft.attributes.back().name() != "alpha");
}

TEST_CASE("the reference refuses every schema refusal the generator emits", "[refusals][generator]") {
  // generate_cases throws when the reference runs a case meant to be invalid.
  const auto cases = generate_cases({Profile::kStandard, {"Abs,Add,Clip,Cast"}, {}});
  std::set<std::string> ids;
  for (const auto& c : cases) ids.insert(c.meta.id);
  for (const char* id : {"Abs-6/float32/refuse_attr_consumed_inputs", "Abs-1/float32/refuse_attr_consumed_inputs_float",
                         "Add-7/float32-int32/refuse_type_mismatch", "Add-7/float32/refuse_attr_broadcast",
                         "Clip-11/float32/refuse_attr_min", "Clip-6/float32/refuse_attr_min_int"})
    CHECK(ids.count(id) == 1);
  for (const auto& c : cases)
    if (c.meta.id.find("/refuse_") != std::string::npos) CHECK_FALSE(c.meta.valid);
}
