// Benchmark (not a test): the reference's exact Conv of a realistic layer against a naive
// loop that accumulates in double, in one binary, on the same data. Issue 26's target: the
// exact Conv costs at most 5x the double loop.
//
//   build/reference/bench/conv_bench [repetitions]
//
// Layer: X 1x64x56x56, W 64x64x3x3, B 64, pads 1 (Y 1x64x56x56: 576 products per element
// plus the bias), float32, random normal data (fixed seed). The exact Conv runs through
// the reference's model executor (ops::conv_v11), once with its float fast path
// (conv_sum.cpp) and once with numeric::set_fast_path(false) (exact accumulator only).
// Prints CPU seconds (best of the repetitions) of each, the ratios, and how many elements
// of the double loop's float result differ from the exact one.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <vector>

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/numeric/fast.h"

namespace {

using namespace touchstone;

constexpr int64_t kC = 64, kM = 64, kH = 56, kW = 56, kK = 3;

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// The naive loop: each output's 576 products and the bias summed in double, rounded to float.
void naive_conv(const std::vector<float>& x, const std::vector<float>& w, const std::vector<float>& b, std::vector<float>& y) {
  for (int64_t m = 0; m < kM; ++m)
    for (int64_t i = 0; i < kH; ++i)
      for (int64_t j = 0; j < kW; ++j) {
        double s = b[m];
        for (int64_t c = 0; c < kC; ++c)
          for (int64_t u = 0; u < kK; ++u) {
            const int64_t r = i + u - 1;
            if (r < 0 || r >= kH) continue;
            for (int64_t v = 0; v < kK; ++v) {
              const int64_t q = j + v - 1;
              if (q < 0 || q >= kW) continue;
              s += static_cast<double>(x[(c * kH + r) * kW + q]) * static_cast<double>(w[((m * kC + c) * kK + u) * kK + v]);
            }
          }
        y[(m * kH + i) * kW + j] = static_cast<float>(s);
      }
}

template <class F>
double best_of(int reps, F&& f) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const double start = cpu_seconds();
    f();
    best = std::min(best, cpu_seconds() - start);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 3;
  std::mt19937 rng(26);
  std::normal_distribution<float> normal(0, 1);
  std::vector<float> x(kC * kH * kW), w(kM * kC * kK * kK), b(kM), y(kM * kH * kW);
  for (auto* v : {&x, &w, &b})
    for (float& e : *v) e = normal(rng);
  const std::vector<Tensor> in = {Tensor::from_values<float>({1, kC, kH, kW}, x),
                                  Tensor::from_values<float>({kM, kC, kK, kK}, w), Tensor::from_values<float>({kM}, b)};
  SingleNodeModel spec{"Conv", "", 11, {}, {{"Y", DType::kFloat, {}}}, {make_attr("pads", std::vector<int64_t>{1, 1, 1, 1})}, 0};
  const char* names[] = {"X", "W", "B"};
  for (size_t i = 0; i < in.size(); ++i) spec.inputs.push_back({names[i], in[i].dtype(), in[i].shape()});
  auto proto = build_model(spec);
  proto.mutable_graph()->mutable_output(0)->clear_type();
  const Model model = Model::from_proto(proto, ".", "conv-bench");

  const double naive = best_of(reps, [&] { naive_conv(x, w, b, y); });
  std::vector<Tensor> out;
  numeric::set_fast_path(true);
  const double fast = best_of(reps, [&] { out = model.run(in).outputs; });
  numeric::set_fast_path(false);
  const double exact_only = best_of(reps, [&] { model.run(in); });
  numeric::set_fast_path(true);
  const auto exact = out.at(0).data<float>();
  int64_t differ = 0;
  for (size_t i = 0; i < y.size(); ++i) differ += y[i] != exact[i];
  std::printf("Conv 1x64x56x56 * 64x64x3x3 (pads 1), float32, best of %d (CPU s):\n", reps);
  std::printf("  naive double loop          %.4f\n", naive);
  std::printf("  exact Conv, fast path      %.4f  (%.2fx the double loop)\n", fast, fast / naive);
  std::printf("  exact Conv, exact only     %.4f  (%.2fx)\n", exact_only, exact_only / naive);
  std::printf("  double loop's results that differ from the exact ones: %lld of %zu\n", static_cast<long long>(differ),
              y.size());
  return 0;
}
