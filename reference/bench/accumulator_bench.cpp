// Benchmark (not a test): the exact dot product of the numeric core against a plain loop
// that accumulates in double, in one binary, on the same data. Issue 13's targets: the
// exact float32 dot product costs at most 5x the double loop, the float64 one at most 10x.
//
//   build/reference/bench/accumulator_bench [length] [repetitions]
//
// Prints, per type, CPU nanoseconds per term (best of five runs) of each and their ratio. Data: random values
// with exponents in [-20, 20] and random signs (fixed seed).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <vector>

#include "reference/numeric/accumulator.h"

namespace {

namespace num = touchstone::numeric;

template <class T>
std::vector<T> random_vector(std::mt19937_64& rng, size_t n) {
  std::vector<T> v(n);
  std::uniform_int_distribution<int> e(-20, 20);
  std::uniform_real_distribution<double> m(1.0, 2.0);
  for (auto& x : v) x = num::narrow<T>(std::ldexp(rng() & 1 ? -m(rng) : m(rng), e(rng)));
  return v;
}

template <class T>
double plain_dot(const std::vector<T>& a, const std::vector<T>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += num::widen(a[i]) * num::widen(b[i]);
  return s;
}

template <class T>
double exact_dot(const std::vector<T>& a, const std::vector<T>& b, num::ExactAccumulator& acc) {
  acc.clear();
  acc.add_dot(a.data(), 1, b.data(), 1, static_cast<int64_t>(a.size()));  // as MatMul calls it
  return num::widen(acc.template result<T>());
}

// CPU time of this process (the machine may be shared: wall time would count waiting).
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

template <class F>
double seconds(int reps, F&& f) {
  const double start = cpu_seconds();
  volatile double sink = 0;
  for (int r = 0; r < reps; ++r) sink = sink + f();
  return cpu_seconds() - start;
}

template <class T>
void bench(const char* name, size_t n, int reps, double target) {
  std::mt19937_64 rng(7);
  const auto a = random_vector<T>(rng, n), b = random_vector<T>(rng, n);
  num::ExactAccumulator acc;
  double plain = 1e300, exact = 1e300;
  for (int trial = 0; trial < 5; ++trial) {  // best of five, each side
    plain = std::min(plain, seconds(reps, [&] { return plain_dot(a, b); }));
    exact = std::min(exact, seconds(reps, [&] { return exact_dot(a, b, acc); }));
  }
  const double terms = static_cast<double>(n) * reps;
  std::printf("%-8s n=%zu  double loop %.2f ns/term  exact %.2f ns/term  ratio %.2fx (target <= %.0fx)\n", name, n,
              plain / terms * 1e9, exact / terms * 1e9, exact / plain, target);
}

}  // namespace

int main(int argc, char** argv) {
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 4096;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 2000;
  bench<float>("float32", n, reps, 5);
  bench<double>("float64", n, reps, 10);
  bench<touchstone::Float16>("float16", n, reps, 5);
  bench<touchstone::BFloat16>("bfloat16", n, reps, 5);
  return 0;
}
