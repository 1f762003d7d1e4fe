// `touchstone ops`: the judging column, per op-version, in the table and in --json.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace {

std::string output_of(const std::string& args) {
  std::string out;
  FILE* p = popen((std::string(TOUCHSTONE_CLI) + " ops " + args + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, p)) > 0;) out.append(buffer, n);
  pclose(p);
  return out;
}

// The line of `op` at `version` in the table.
std::string line_of(const std::string& table, const std::string& op, int version) {
  size_t at = 0;
  while ((at = table.find(op + " ", at)) != std::string::npos) {
    const size_t end = table.find('\n', at);
    const std::string line = table.substr(at, end - at);
    if (line.find(" " + std::to_string(version) + "  ") != std::string::npos) return line;
    at = end;
  }
  return "";
}

}  // namespace

TEST_CASE("touchstone ops prints each op-version's judging contract", "[cli][ops][judging]") {
  const std::string header = output_of("--op Add");
  CHECK(header.find("judging") != std::string::npos);
  CHECK_THAT(line_of(output_of("--op Softmax"), "Softmax", 13), Catch::Contains("element bound (softmax)"));
  CHECK_THAT(line_of(output_of("--op Gemm"), "Gemm", 13), Catch::Contains("sum bound n+2"));
  CHECK_THAT(line_of(output_of("--op Exp"), "Exp", 13), Catch::Contains("ulp(4)"));
  CHECK_THAT(line_of(output_of("--op Add"), "Add", 14), Catch::Contains("exact"));
  CHECK_THAT(line_of(output_of("--op TopK"), "TopK", 11), Catch::Contains("exact; unordered if sorted=0"));
  CHECK_THAT(line_of(output_of("--op Conv"), "Conv", 22), Catch::Contains("sum bound n"));
  CHECK_THAT(line_of(output_of("--op DeformConv"), "DeformConv", 22), Catch::Contains("element bound (deform-conv)"));
  CHECK_THAT(line_of(output_of("--op Gradient"), "Gradient", 1), Catch::Contains("partial"));
  const auto list = nlohmann::json::parse(output_of("--op Det --json"));
  REQUIRE(!list.empty());
  for (const auto& row : list) CHECK(row.at("judging") == "element bound (det); n = matrix size");
  // Every op-version of ONNX 1.23 has a kernel (issue 29): no row is "not yet", each has a contract.
  const auto all = nlohmann::json::parse(output_of("--json"));
  CHECK(all.size() == 642);
  for (const auto& row : all) {
    CHECK(row.at("status") != "not yet");
    CHECK(row.at("judging") != "-");
  }
}

TEST_CASE("touchstone ops --family lists one family; --markdown its per-version notes", "[cli][ops][family]") {
  // The matrix products in ONNX's changelog: MatMul 1, 9, 13; MatMulInteger 10; Gemm 1, 6,
  // 7, 9, 11, 13; Einsum 12; Det 11, 22.
  const auto linalg = nlohmann::json::parse(output_of("--family linalg --json"));
  REQUIRE(linalg.size() == 13);
  for (const auto& row : linalg) {
    CHECK(row.at("family") == "linalg");
    CHECK(row.at("status") == "implemented");
  }
  CHECK(linalg[0].at("op") == "Det");
  // A family not yet implemented lists its rows too: Conv 1, 11, 22; ConvTranspose 1, 11, 22.
  const auto conv = nlohmann::json::parse(output_of("--family conv --op ConvTranspose --json"));
  REQUIRE(conv.size() == 3);
  CHECK(conv[2].at("since_version") == 22);
  const std::string md = output_of("--family linalg --op MatMulInteger --markdown");
  CHECK(md.rfind("| op | since | judging | what changed |\n| --- | --- | --- | --- |\n| MatMulInteger | 10 | exact | ", 0) == 0);
  CHECK(std::count(md.begin(), md.end(), '\n') == 3);  // header, rule, one row
  CHECK_THAT(output_of("--family nosuch"), Catch::Contains("no op-version matches"));
}
