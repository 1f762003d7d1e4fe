// STFT-17 by hand (frames, the window, onesided, two-sided, refusals) and MelWeightMatrix-17
// against an oracle written here: the mel formula as the text gives it, 2595 log10(1 +
// f/700), evaluated in long double, its inverse for each edge (spaced by a (M + 2)th of the
// mel range, as ONNX's test data shows), the bins floored, the triangles built from them
// (configurations whose edges are far from an integer bin); ONNX's test_melweightmatrix
// (run by the stored-outputs test) is the 8-band case below.
#include <catch2/catch.hpp>
#include <cmath>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

Tensor i64(int64_t v) { return Tensor::from_values<int64_t>({}, {v}); }
std::vector<float> values(const Tensor& t) { return {t.data<float>().begin(), t.data<float>().end()}; }

std::vector<float> mel_oracle(int64_t m, int64_t n, int64_t rate, long double lower, long double upper,
                              bool& clear) {
  auto mel = [](long double f) { return 2595 * std::log10(1 + f / 700); };
  const long double lo = mel(lower), hi = mel(upper);
  std::vector<int64_t> bin;
  clear = true;
  for (int64_t i = 0; i < m + 2; ++i) {
    const long double f = 700 * (std::pow(10.0L, (lo + i * (hi - lo) / (m + 2)) / 2595) - 1);
    const long double b = (n + 1) * f / rate;
    if (std::fabs(b - std::round(b)) < 1e-9L && i != 0) clear = false;
    bin.push_back(static_cast<int64_t>(std::floor(b)));
  }
  const int64_t rows = n / 2 + 1;
  std::vector<float> w(static_cast<size_t>(rows * m), 0.0f);
  for (int64_t i = 0; i < m; ++i) {
    const int64_t l = bin[i], c = bin[i + 1], h = bin[i + 2];
    if (c == l && c < rows) w[c * m + i] = 1;
    for (int64_t j = l; j <= c && c > l; ++j)
      if (j < rows) w[j * m + i] = static_cast<float>(static_cast<long double>(j - l) / (c - l));
    for (int64_t j = c; j < h; ++j)
      if (j < rows) w[j * m + i] = static_cast<float>(static_cast<long double>(h - j) / (h - c));
  }
  return w;
}

// Runs `op` with `inputs` and an empty node input at position `gap` (an optional input left out).
Tensor run_with_gap(const std::string& op, const std::vector<Tensor>& inputs, int gap,
                    const std::vector<onnx::AttributeProto>& attrs = {}) {
  SingleNodeModel spec{op, "", 17, {}, {{"Out", DType::kFloat, {}}}, attrs, 0};
  for (size_t i = 0; i < inputs.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), inputs[i].dtype(), inputs[i].shape()});
  auto proto = build_model(spec);
  proto.mutable_graph()->mutable_output(0)->clear_type();
  auto* names = proto.mutable_graph()->mutable_node(0)->mutable_input();
  names->Add("");
  for (int i = names->size() - 1; i > gap; --i) names->SwapElements(i, i - 1);
  return Model::from_proto(proto, ".", op + "-test").run(inputs).outputs.at(0);
}

Tensor mel(int64_t m, int64_t n, int64_t rate, float lower, float upper, int64_t out = 1) {
  return run_node_output("MelWeightMatrix", 17,
                         {i64(m), i64(n), i64(rate), Tensor::from_values<float>({}, {lower}),
                          Tensor::from_values<float>({}, {upper})},
                         {make_attr("output_datatype", out)});
}

}  // namespace

TEST_CASE("STFT: frames, window, onesided by hand", "[STFT][v17]") {
  const Tensor x = Tensor::from_values<float>({1, 6, 1}, {1, 2, 3, 4, 5, 6});
  // frame_length 4 every 2, no window: frames [1, 2, 3, 4] and [3, 4, 5, 6]; bins 0..2
  const Tensor y = run_with_gap("STFT", {x, i64(2), i64(4)}, 2);
  CHECK(y.shape() == Shape{1, 2, 3, 2});
  CHECK(values(y) == std::vector<float>{10, 0, -2, 2, -2, 0, 18, 0, -2, 2, -2, 0});
  // window [0, 1, 1, 0] (its length is the frame's): frame 0 is [0, 2, 3, 0]:
  // 5; 2 e^(-i pi/2) + 3 e^(-i pi) = -3 - 2i; -2 + 3 = 1
  const Tensor w = Tensor::from_values<float>({4}, {0, 1, 1, 0});
  const Tensor yw = run_node_output("STFT", 17, {x, i64(2), w});
  CHECK(yw.shape() == Shape{1, 2, 3, 2});
  const std::vector<float> ywv = values(yw);
  CHECK(std::vector<float>(ywv.begin(), ywv.begin() + 6) == std::vector<float>{5, 0, -3, -2, 1, 0});
  // two-sided: all 4 bins; bin 3 is bin 1's conjugate
  const Tensor two = run_node_output("STFT", 17, {x, i64(2), w, i64(4)}, {make_attr("onesided", int64_t{0})});
  CHECK(two.shape() == Shape{1, 2, 4, 2});
  const std::vector<float> twov = values(two);
  CHECK(std::vector<float>(twov.begin(), twov.begin() + 8) == std::vector<float>{5, 0, -3, -2, 1, 0, -3, 2});
  // a step of 3 with frame 4 over 6 values: one frame
  CHECK(run_with_gap("STFT", {x, i64(3), i64(4)}, 2).shape() == Shape{1, 1, 3, 2});
}

TEST_CASE("STFT: refusals", "[STFT][v17]") {
  const Tensor x = Tensor::from_values<float>({1, 6, 1}, {1, 2, 3, 4, 5, 6});
  const Tensor w = Tensor::from_values<float>({4}, {0, 1, 1, 0});
  CHECK(kind_of([&] { run_node_output("STFT", 17, {x, i64(2)}); }) == ErrorKind::kInvalidModel);  // no length
  CHECK(kind_of([&] {
          run_node_output("STFT", 17, {x, i64(2), w, i64(3)});
        }) == ErrorKind::kInvalidModel);  // 4 vs 3
  CHECK(kind_of([&] { run_node_output("STFT", 17, {x, i64(0), w}); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([&] { run_with_gap("STFT", {x, i64(2), i64(8)}, 2); }) == ErrorKind::kInvalidModel);  // 8 > 6
  const Tensor z = Tensor::from_values<float>({1, 6, 2}, std::vector<float>(12, 1.0f));
  CHECK(kind_of([&] {
          run_node_output("STFT", 17, {z, i64(2), w});
        }) == ErrorKind::kInvalidModel);  // onesided complex
  CHECK(run_node_output("STFT", 17, {z, i64(2), w}, {make_attr("onesided", int64_t{0})}).shape() ==
        Shape{1, 2, 4, 2});
}

TEST_CASE("MelWeightMatrix: the mel formula's bins and triangles", "[MelWeightMatrix][v17]") {
  struct Config {
    int64_t m, n, rate;
    float lower, upper;
  };
  for (const Config& c :
       {Config{2, 8, 8, 0, 4}, Config{8, 16, 8192, 0, 4096}, Config{40, 512, 16000, 20, 8000},
        Config{5, 32, 8000, 100, 3000}, Config{12, 16, 16000, 300, 1000}}) {
    INFO(c.m << " bands, n " << c.n << ", rate " << c.rate << ", " << c.lower << " to " << c.upper);
    bool clear = false;
    const std::vector<float> want = mel_oracle(c.m, c.n, c.rate, c.lower, c.upper, clear);
    REQUIRE(clear);
    const Tensor got = mel(c.m, c.n, c.rate, c.lower, c.upper);
    CHECK(got.shape() == Shape{c.n / 2 + 1, c.m});
    CHECK(values(got) == want);
  }
  // By hand, 2 bands, n 8, rate 8, 0 to 4 Hz: edges 9 f_i / 8 = 0, 1.12, 2.25, 3.37: bins 0, 1, 2, 3
  CHECK(values(mel(2, 8, 8, 0, 4)) == std::vector<float>{0, 0, 1, 0, 0, 1, 0, 0, 0, 0});
  // An integer output truncates: 1 only at the peaks
  const Tensor ints = mel(2, 8, 8, 0, 4, 7);
  CHECK(std::vector<int64_t>(ints.data<int64_t>().begin(), ints.data<int64_t>().end()) ==
        std::vector<int64_t>{0, 0, 1, 0, 0, 1, 0, 0, 0, 0});
  const auto marked = run_node(
      "MelWeightMatrix", 17,
      {i64(2), i64(8), i64(8), Tensor::from_values<float>({}, {0}), Tensor::from_values<float>({}, {4})});
  CHECK(marked.semantics.category == Semantics::kImplementationDefined);
  CHECK(kind_of([] { mel(-1, 8, 8, 0, 4); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] { mel(2, 0, 8, 0, 4); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] { mel(2, 8, 0, 0, 4); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] { mel(2, 8, 8, -1, 4); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] { mel(2, 8, 8, 3, 2); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] { mel(2, 8, 8, 0, 4, 9); }) == ErrorKind::kInvalidModel);  // bool
}
