// The regression guard: the reference's answers for the standard suite against the
// digests checked in at cases/expected_digests.txt.
#include <catch2/catch.hpp>

#include "cases/digest.h"
#include "cases/generator.h"

using namespace touchstone;
using namespace touchstone::cases;

TEST_CASE("the reference's answers match the checked-in digests", "[digests]") {
  const auto expected = read_digests(std::filesystem::path(TOUCHSTONE_SOURCE_DIR) / "cases" / "expected_digests.txt");
  const auto actual = digests_of(generate_cases({Profile::kStandard, {}, {}}));
  const DigestDiff diff = compare_digests(expected, actual);
  if (!diff.empty())
    FAIL("the reference's answers changed for these cases:\n"
         << diff.describe() << "If the change is deliberate, update the digests with\n  " << kUpdateDigestsCommand
         << "\n(from the source folder, with the freshly built touchstone).");
}

TEST_CASE("a digest comparison names changed, added and removed cases", "[digests]") {
  const Digests expected = {{"Sub-7/float32/a", "1"}, {"Sub-7/float32/b", "2"}, {"Sub-7/float32/c", "3"}};
  const Digests actual = {{"Sub-7/float32/a", "1"}, {"Sub-7/float32/b", "9"}, {"Sub-7/float32/d", "4"}};
  const DigestDiff diff = compare_digests(expected, actual);
  CHECK(diff.changed == std::vector<std::string>{"Sub-7/float32/b"});
  CHECK(diff.added == std::vector<std::string>{"Sub-7/float32/d"});
  CHECK(diff.removed == std::vector<std::string>{"Sub-7/float32/c"});
  CHECK_THAT(diff.describe(), Catch::Contains("1 changed:\n  Sub-7/float32/b"));
  CHECK(compare_digests(expected, expected).empty());
}

TEST_CASE("an answer digest depends on the outputs' bits, shape and the semantics", "[digests]") {
  CaseMeta meta;
  const Tensor a = Tensor::from_values<float>({2}, {0.0f, 1.0f});
  const Tensor b = Tensor::from_values<float>({2}, {-0.0f, 1.0f});
  const Tensor c = Tensor::from_values<float>({1, 2}, {0.0f, 1.0f});
  CHECK(answer_digest(meta, {a}) == answer_digest(meta, {a}));
  CHECK(answer_digest(meta, {a}) != answer_digest(meta, {b}));
  CHECK(answer_digest(meta, {a}) != answer_digest(meta, {c}));
  CaseMeta undefined = meta;
  undefined.semantics = Semantics::kUndefined;
  CHECK(answer_digest(meta, {a}) != answer_digest(undefined, {a}));
}
