// Shards and the expected-failures file.
#include <catch2/catch.hpp>

#include <map>

#include "harness/expected_failures.h"
#include "harness/run_report.h"
#include "harness/shard.h"
#include "reference/error.h"

using namespace touchstone;
using namespace touchstone::harness;

TEST_CASE("shards partition the cases, deterministically", "[shard]") {
  std::vector<std::string> ids;
  for (int i = 0; i < 500; ++i) ids.push_back("Op-" + std::to_string(i % 17) + "/float32/case_" + std::to_string(i));
  std::map<std::string, int> owner;
  for (int k = 1; k <= 4; ++k) {
    const Shard s = parse_shard(std::to_string(k) + "/4");
    int n = 0;
    for (const auto& id : ids)
      if (in_shard(id, s)) {
        CHECK(owner.emplace(id, k).second);
        ++n;
      }
    CHECK(n > 80);  // roughly balanced
  }
  CHECK(owner.size() == ids.size());
  CHECK(stable_hash("Sub-7/float32/a") == stable_hash("Sub-7/float32/a"));
  CHECK(stable_hash("") == 14695981039346656037ull);  // FNV-1a offset basis
}

TEST_CASE("shard syntax is I/N, 1-based", "[shard]") {
  CHECK(parse_shard("1/3").index == 0);
  CHECK(parse_shard("3/3").index == 2);
  CHECK(parse_shard("3/3").to_string() == "3/3");
  CHECK_THROWS_AS(parse_shard("0/3"), Error);
  CHECK_THROWS_AS(parse_shard("4/3"), Error);
  CHECK_THROWS_AS(parse_shard("x/3"), Error);
  CHECK_THROWS_AS(parse_shard("2"), Error);
}

TEST_CASE("shards from CI variables", "[shard]") {
  std::map<std::string, std::string> env;
  const auto get = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  CHECK_FALSE(shard_from_environment(get));
  env = {{"CI_NODE_INDEX", "2"}, {"CI_NODE_TOTAL", "5"}};  // GitLab, 1-based
  CHECK(shard_from_environment(get)->index == 1);
  CHECK(shard_from_environment(get)->count == 5);
  env = {{"BUILDKITE_PARALLEL_JOB", "0"}, {"BUILDKITE_PARALLEL_JOB_COUNT", "2"}};  // 0-based
  CHECK(shard_from_environment(get)->index == 0);
  env = {{"CIRCLE_NODE_INDEX", "3"}, {"CIRCLE_NODE_TOTAL", "4"}};
  CHECK(shard_from_environment(get)->index == 3);
  env = {{"CIRCLE_NODE_INDEX", "4"}, {"CIRCLE_NODE_TOTAL", "4"}};
  CHECK_THROWS_AS(shard_from_environment(get), Error);
  env = {{"TOUCHSTONE_SHARD", "2/2"}, {"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "3"}};
  CHECK(shard_from_environment(get)->index == 1);
  CHECK(shard_from_environment(get)->source == "TOUCHSTONE_SHARD");
}

TEST_CASE("expected failures: ids and globs by the --case rule, reasons", "[expected-failures]") {
  const auto x = ExpectedFailures::parse(
      "# known\n"
      "\n"
      "test_cast_*   # ORT casts differently\n"
      "Sub-[67]/float16/*  # half precision\n"
      "exact_id\n"
      "a.b?\\*\n",
      "test.txt");
  CHECK(x.size() == 4);
  REQUIRE(x.match("test_cast_FLOAT_to_STRING"));
  CHECK(x.match("test_cast_FLOAT_to_STRING")->reason == "ORT casts differently");
  CHECK(x.match("test_cast_FLOAT_to_STRING")->line == 3);
  CHECK(x.match("Sub-7/float16/bcast"));
  CHECK_FALSE(x.match("Sub-13/float16/bcast"));
  CHECK(x.match("exact_id"));
  CHECK_FALSE(x.match("exact_id2"));
  CHECK_FALSE(x.match("test_castlike"));
  CHECK_FALSE(x.match("Sub-6/float/bcast"));
  CHECK(x.match("Sub-6/float16/a/b"));  // `*` crosses `/`, as in --case
  CHECK(x.match("a.bc*"));              // `.` is itself, `?` one character, `\*` a star
  CHECK_FALSE(x.match("a.bc"));
  CHECK_FALSE(x.match("axbc*"));
  // The same rule as --case: every pattern matches the same ids in both.
  const std::vector<std::string> ids = {"test_cast_X", "Sub-7/float16/a", "Sub-13/float16/a", "exact_id", "a.bz*"};
  for (const std::string pattern : {"test_cast_*", "Sub-[67]/float16/*", "exact_id", "a.b?\\*"}) {
    const auto one = ExpectedFailures::parse(pattern + "\n", "one.txt");
    std::vector<size_t> by_file;
    for (size_t k = 0; k < ids.size(); ++k)
      if (one.match(ids[k])) by_file.push_back(k);
    CHECK(matching_ids(ids, {pattern}, "ids") == by_file);
  }
  // A regular expression (an older file's `re:`) is refused, naming the line.
  CHECK_THROWS_WITH(ExpectedFailures::parse("x\nre:(a|b)\n", "bad.txt"), Catch::Contains("bad.txt:2"));
}

TEST_CASE("the expected-failure files list the ONNX node tests they meant", "[expected-failures]") {
  // onnxruntime.txt's dropout lines (once one regular expression) keep the four training
  // dropouts with a random mask and leave the deterministic zero_ratio ones out.
  const auto x = ExpectedFailures::load(std::string(TOUCHSTONE_SOURCE_DIR) + "/harness/expected_failures/onnxruntime.txt");
  for (const char* id : {"test_training_dropout", "test_training_dropout_mask", "test_training_dropout_default",
                         "test_training_dropout_default_mask"})
    CHECK(x.match(id));
  CHECK_FALSE(x.match("test_training_dropout_zero_ratio"));
  CHECK_FALSE(x.match("test_training_dropout_zero_ratio_mask"));
}
