// The sequence and optional ops' cases: every type combination a valid model can have is
// covered (only those: a sequence's element type and its tensor's must agree), the
// refusals are refusals, and a few answers checked by hand.
#include <catch2/catch.hpp>

#include "cases/coverage.h"
#include "cases/generator.h"

using namespace touchstone;
using namespace touchstone::cases;

namespace {

const std::vector<std::string> kOps = {"SequenceEmpty", "SequenceConstruct", "SequenceInsert", "SequenceErase",
                                       "SequenceAt", "SequenceLength", "ConcatFromSequence", "SplitToSequence",
                                       "SequenceMap", "Optional", "OptionalGetElement", "OptionalHasElement"};

const std::vector<Case>& sequence_cases() {
  static const std::vector<Case> cases = generate_cases({Profile::kStandard, kOps, {}});
  return cases;
}

const Case* find(const std::string& id) {
  for (const auto& c : sequence_cases())
    if (c.meta.id == id) return &c;
  return nullptr;
}

}  // namespace

TEST_CASE("sequence and optional ops cover every possible type combination", "[sequence][coverage]") {
  std::vector<CaseMeta> metas;
  for (const auto& c : sequence_cases()) metas.push_back(c.meta);
  const Coverage cov = measure_coverage(metas, kOps);
  REQUIRE(cov.rows.size() == 15);
  for (const auto& r : cov.rows) {
    INFO(format_coverage(cov));
    CHECK(r.complete());
    CHECK(r.negative > 0);
    CHECK(r.special > 0);
    // Changelog.md: 15 element types in each sequence constraint (SplitToSequence-24: 16).
    if (r.label == "SequenceInsert-11") CHECK(r.allowed.size() == 15 * 2);  // S = T, two position types
    if (r.label == "SequenceAt-11") CHECK(r.allowed.size() == 15 * 2);
    if (r.label == "ConcatFromSequence-11") CHECK(r.allowed.size() == 15);
    if (r.label == "SplitToSequence-24") CHECK(r.allowed.size() == 16 * 2);
    if (r.label == "SequenceMap-17") CHECK(r.allowed.size() == 15 * 30);  // V: 15 tensors and 15 sequences
    if (r.label == "Optional-15") CHECK(r.allowed.size() == 30);
    if (r.label == "OptionalGetElement-18") CHECK(r.allowed.size() == 60);  // 30 optionals, 15 tensors, 15 sequences
  }
}

TEST_CASE("sequence cases: answers and refusals", "[sequence]") {
  const Case* at = find("SequenceAt-11/seq-float32-int64/at_-1");
  REQUIRE(at);
  CHECK(at->outputs.at(0) == Value(at->inputs[0].items()[2]));
  const Case* len = find("SequenceLength-11/seq-float32/empty");
  REQUIRE(len);
  CHECK(len->outputs.at(0) == Value(Tensor::from_values<int64_t>({}, {0})));
  const Case* erase = find("SequenceErase-11/seq-string/last_no_position");
  REQUIRE(erase);
  CHECK(erase->outputs.at(0).items().size() == 2);
  const Case* zero = find("SplitToSequence-11/float32-int64/split_list_with_0");
  REQUIRE(zero);
  CHECK(zero->meta.semantics == Semantics::kImplementationDefined);
  CHECK(zero->outputs.at(0).items()[1].shape() == Shape{0, 3});
  for (const char* id : {"SequenceInsert-11/seq-float32-float32-int64/refuse_position_4",
                         "ConcatFromSequence-11/seq-float32/refuse_empty", "OptionalGetElement-15/float32/refuse_plain_tensor",
                         "SequenceMap-17/seq-float32/refuse_lengths_differ"}) {
    INFO(id);
    REQUIRE(find(id));
    CHECK_FALSE(find(id)->meta.valid);
  }
  CHECK(find("ConcatFromSequence-11/seq-float32/refuse_empty")->meta.semantics == Semantics::kUndefined);
}
