// Benchmark (not a test): correctly rounded elementwise functions on N elements, each
// run in the same process — MPFR only (numeric::set_fast_path(false)) and with the
// fast path — through the reference's kernels (a one-node model). Prints both times and
// their ratio (CPU time of the thread; the fast route's the least of three runs), and
// checks that the outputs are identical bit for bit.
//
//   build/reference/bench/bench_functions [N] [op ...]     (N defaults to 1,000,000)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/numeric/fast.h"

using namespace touchstone;

namespace {

struct Case {
  const char* op;
  int opset;
  double low, high;  // inputs: uniform in [low, high], or e^uniform when log_scale
  bool log_scale = false;
  bool binary = false;  // Pow: exponent uniform in [-8, 8]
};

const std::vector<Case>& cases() {
  static const std::vector<Case> list = {
      {"Exp", 13, -10, 10},     {"Log", 13, -20, 20, true}, {"Sqrt", 13, -20, 20, true},
      {"Tanh", 13, -10, 10},    {"Sin", 7, -10, 10},        {"Cos", 7, -10, 10},
      {"Tan", 7, -10, 10},      {"Sinh", 9, -10, 10},       {"Cosh", 9, -10, 10},
      {"Asinh", 9, -10, 10},    {"Acosh", 9, 0, 5, true},   {"Atanh", 9, -1, 1},
      {"Asin", 7, -1, 1},       {"Acos", 7, -1, 1},         {"Atan", 7, -10, 10},
      {"Erf", 13, -4, 4},       {"Sigmoid", 13, -10, 10},   {"Softplus", 1, -10, 10},
      {"Softsign", 1, -10, 10}, {"Elu", 6, -10, 10},        {"Selu", 6, -10, 10},
      {"Pow", 15, -3, 3, true, true},
  };
  return list;
}

bool admits(const std::string& op, DType t) {
  if (t == DType::kBFloat16) {
    for (const char* o : {"Sin", "Cos", "Tan", "Sinh", "Cosh", "Asinh", "Acosh", "Atanh", "Asin", "Acos", "Atan",
                          "Softplus", "Softsign", "Elu", "Selu"})
      if (op == o) return false;
  }
  return true;
}

Tensor random_tensor(DType type, int64_t n, double low, double high, bool log_scale, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(low, high);
  std::vector<double> v(n);
  for (auto& d : v) d = log_scale ? std::exp(u(rng)) : u(rng);
  Tensor t(type, {n});
  visit_dtype(type, [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto d = t.data<T>();
      for (int64_t i = 0; i < n; ++i) d[i] = numeric::narrow<T>(v[i]);
    }
  });
  return t;
}

// CPU time of this thread (the machine may be shared: wall time would count the others).
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double seconds_of(const Model& model, const std::vector<Tensor>& inputs, Tensor& out) {
  const double start = cpu_seconds();
  out = std::move(model.run(inputs).outputs.at(0));
  return cpu_seconds() - start;
}

}  // namespace

int main(int argc, char** argv) {
  int64_t n = 1000000;
  std::vector<std::string> only;
  for (int i = 1; i < argc; ++i) {
    if (i == 1 && std::atoll(argv[i]) > 0) n = std::atoll(argv[i]);
    else only.push_back(argv[i]);
  }
  std::printf("%-9s %-9s %12s %12s %9s  %s\n", "op", "type", "mpfr_only_s", "fast_s", "speedup", "outputs");
  bool all_same = true;
  for (const Case& c : cases()) {
    if (!only.empty() && std::find(only.begin(), only.end(), c.op) == only.end()) continue;
    for (DType type : {DType::kFloat16, DType::kBFloat16, DType::kFloat, DType::kDouble}) {
      if (!admits(c.op, type)) continue;
      std::mt19937_64 rng(42);
      std::vector<Tensor> inputs{random_tensor(type, n, c.low, c.high, c.log_scale, rng)};
      if (c.binary) inputs.push_back(random_tensor(type, n, -8, 8, false, rng));
      SingleNodeModel spec{c.op, "", c.opset, {}, {{"Y", type, {n}}}, {}, 0};
      for (size_t i = 0; i < inputs.size(); ++i) spec.inputs.push_back({i == 0 ? "X" : "E", type, {n}});
      const Model model = Model::from_proto(build_model(spec), ".", std::string(c.op) + "-bench");
      Tensor slow, fast;
      numeric::set_fast_path(false);
      const double t_slow = seconds_of(model, inputs, slow);
      numeric::set_fast_path(true);
      // The fast route's few milliseconds move with the page faults of its buffers: the
      // least of three runs, each checked.
      double t_fast = seconds_of(model, inputs, fast);
      bool same = slow == fast;
      for (int again = 0; again < 2; ++again) {
        t_fast = std::min(t_fast, seconds_of(model, inputs, fast));
        same = same && slow == fast;
      }
      all_same &= same;
      std::printf("%-9s %-9s %12.3f %12.3f %8.1fx  %s\n", c.op, std::string(dtype_name(type)).c_str(), t_slow, t_fast,
                  t_slow / t_fast, same ? "identical" : "DIFFER");
      std::fflush(stdout);
    }
  }
  return all_same ? 0 : 1;
}
