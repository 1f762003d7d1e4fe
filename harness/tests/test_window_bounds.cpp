// The windows' element bound (cases/specs/signal/window_specs.cpp) as the runner applies it
// (harness/bounds.h element_bounds: the output's type decides, the input is the integer
// size): a float32 backend written here, a0 - a1 cos(2 pi n/N) + a2 cos(4 pi n/N) with every
// constant and step in float (as ONNX Runtime computes it), passes every float32 case;
// one that drops Blackman's a2 term, or takes Hann's coefficients for Hamming, fails.
// The expected values are the reference's (exact, rounded once).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness/bounds.h"
#include "harness/tests/fixture.h"
#include "reference/tensor_proto.h"

using namespace touchstone;
using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Coefficients {
  float a0, a1, a2;
};

Coefficients coefficients_of(const std::string& op) {
  if (op == "HannWindow") return {0.5f, 0.5f, 0.0f};
  if (op == "HammingWindow") return {25.0f / 46, 21.0f / 46, 0.0f};
  return {0.42f, 0.5f, 0.08f};  // BlackmanWindow
}

// The window of `size` in float32, N = size (periodic) or size - 1.
std::vector<float> float_window(Coefficients c, int64_t size, bool periodic) {
  const float n_den = static_cast<float>(periodic ? size : size - 1);
  const float pi = 3.14159265f;
  std::vector<float> w(size);
  for (int64_t n = 0; n < size; ++n) {
    const float x = static_cast<float>(n) / n_den;
    w[n] = c.a0 - c.a1 * std::cos(2 * pi * x) + c.a2 * std::cos(4 * pi * x);
  }
  return w;
}

// Of the elements of `got`, how many lie outside `allowed` of `expected`.
int outside(const std::vector<float>& got, const Tensor& expected, const std::vector<double>& allowed) {
  int bad = 0;
  const auto e = expected.data<float>();
  for (size_t k = 0; k < got.size(); ++k)
    if (!(std::fabs(static_cast<double>(got[k]) - e[k]) <= allowed[k])) ++bad;
  return bad;
}

}  // namespace

TEST_CASE("window bounds: a float32 evaluation passes, a dropped term or wrong coefficients fail", "[bounds][signal]") {
  const fs::path root = touchstone::testing::temp_dir("window-bounds");
  REQUIRE(touchstone::testing::run_quietly(std::string(TOUCHSTONE_CLI) +
                                           " generate --profile standard --ops HannWindow,HammingWindow,BlackmanWindow --out " +
                                           (root / "suite").string()));
  std::ifstream in(root / "suite" / "index.json");
  const json index = json::parse(in);
  int judged = 0, caught_blackman = 0, caught_hamming = 0;
  for (const auto& c : index.at("cases")) {
    const std::string id = c.at("id"), op = c.at("op");
    // size_<K>_periodic / size_<K>_symmetric, float32 output, K >= 2 (N = 0 is open).
    const auto at = id.find("/size_");
    if (!c.value("valid", true) || at == std::string::npos) continue;
    const int64_t size = std::stoll(id.substr(at + 6));
    const bool periodic = id.find("_periodic") != std::string::npos;
    const auto& tags = c.at("tags");
    if (size < 2 || std::find(tags.begin(), tags.end(), "output:float32") == tags.end()) continue;
    const harness::CaseFiles files = harness::CaseFiles::of(root / "suite" / c.at("dir").get<std::string>());
    const Tensor expected = read_tensor_file(files.expected.at(0));
    REQUIRE(expected.dtype() == DType::kFloat);
    const auto allowed = harness::element_bounds(files, {expected});
    INFO(id);
    REQUIRE(allowed.size() == 1);
    CHECK(outside(float_window(coefficients_of(op), size, periodic), expected, allowed[0]) == 0);
    ++judged;
    if (op == "BlackmanWindow")
      caught_blackman += outside(float_window({0.42f, 0.5f, 0.0f}, size, periodic), expected, allowed[0]) > 0;
    if (op == "HammingWindow")
      caught_hamming += outside(float_window(coefficients_of("HannWindow"), size, periodic), expected, allowed[0]) > 0;
  }
  CHECK(judged >= 30);
  CHECK(caught_blackman >= 10);
  CHECK(caught_hamming >= 10);
  fs::remove_all(root);
}
