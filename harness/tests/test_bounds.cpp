// Per-element bounds of the composite ops (their contracts' functions,
// cases/specs/reduce/bounds.h) against three kinds of
// backend: exact (the correctly rounded result, computed here in MPFR at 256 bits),
// honest (the ONNX function body's steps, each rounded to the output type, sums in
// several orders, an exp 4 ulps off), and one that drops a term, which must fail.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <mpfr.h>
#include <numeric>
#include <random>

#include "cases/specs/reduce/bounds.h"
#include "harness/compare.h"
#include "reference/numeric/exact.h"

using namespace touchstone;
using namespace touchstone::harness;
using namespace touchstone::cases;

namespace {

// Rounding to the output type, the only arithmetic a simulated backend has.
double rnd(double x, DType t) {
  if (t == DType::kFloat) return static_cast<float>(x);
  if (t == DType::kFloat16) return numeric::widen(numeric::narrow<Float16>(x));
  return x;
}

struct Big {
  mpfr_t v;
  Big(double x = 0) { mpfr_init2(v, 256), mpfr_set_d(v, x, MPFR_RNDN); }
  ~Big() { mpfr_clear(v); }
  Big(const Big&) = delete;
  double get() const { return mpfr_get_d(v, MPFR_RNDN); }
};

// Exact softmax (log: log-softmax) of a row, rounded to t.
std::vector<double> exact_softmax(const std::vector<double>& x, DType t, bool log) {
  const double m = *std::max_element(x.begin(), x.end());
  Big s, e, d;
  for (double v : x) {
    mpfr_set_d(d.v, v - m, MPFR_RNDN);  // exact: both floats, double has room
    mpfr_exp(e.v, d.v, MPFR_RNDN);
    mpfr_add(s.v, s.v, e.v, MPFR_RNDN);
  }
  Big ls;
  mpfr_log(ls.v, s.v, MPFR_RNDN);
  std::vector<double> y;
  for (double v : x) {
    mpfr_set_d(d.v, v - m, MPFR_RNDN);
    if (log) {
      mpfr_sub(e.v, d.v, ls.v, MPFR_RNDN);
    } else {
      mpfr_exp(e.v, d.v, MPFR_RNDN);
      mpfr_div(e.v, e.v, s.v, MPFR_RNDN);
    }
    y.push_back(rnd(e.get(), t));
  }
  return y;
}

using Sum = std::function<double(const std::vector<double>&, DType)>;
double forward(const std::vector<double>& v, DType t) {
  double s = 0;
  for (double x : v) s = rnd(s + x, t);
  return s;
}
double reversed(const std::vector<double>& v, DType t) { return forward({v.rbegin(), v.rend()}, t); }
double pairwise(const std::vector<double>& v, DType t) {
  if (v.size() <= 2) return forward(v, t);
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  return rnd(pairwise({v.begin(), mid}, t) + pairwise({mid, v.end()}, t), t);
}
// Drops the largest term but the first largest: a backend that loses one term.
double dropping(const std::vector<double>& v, DType t) {
  std::vector<double> w = v;
  std::sort(w.begin(), w.end(), [](double a, double b) { return std::fabs(a) > std::fabs(b); });
  w.erase(w.begin() + (w.size() > 1 ? 1 : 0));
  return forward(w, t);
}

// A backend's Softmax / LogSoftmax of a row in type t: d = x - max, exp (off by `skew`
// ulps-worth relative), the sum, then the quotient (or d - log s).
std::vector<double> backend_softmax(const std::vector<double>& x, DType t, const Sum& sum, bool log, double skew) {
  const double m = *std::max_element(x.begin(), x.end());
  const double u = unit_roundoff(t);
  std::vector<double> d, e;
  for (double v : x) {
    d.push_back(rnd(v - m, t));
    e.push_back(rnd(std::exp(d.back()) * (1 + skew * u), t));
  }
  const double s = sum(e, t);
  std::vector<double> y;
  for (size_t i = 0; i < x.size(); ++i)
    y.push_back(log ? rnd(d[i] - rnd(std::log(s) * (1 + skew * u), t), t) : rnd(e[i] / s, t));
  return y;
}

Tensor tensor(const std::vector<double>& v, DType t) {
  Tensor out(t, {static_cast<int64_t>(v.size())});
  visit_dtype(t, [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (size_t i = 0; i < v.size(); ++i) out.data<T>()[i] = numeric::narrow<T>(v[i]);
  });
  return out;
}

bool passes(const std::vector<double>& expected, const std::vector<double>& actual, const std::vector<double>& allowed,
            DType t) {
  ComparePolicy p;
  p.tolerance.kind = Tolerance::kBound;
  p.tolerance.bound_terms = static_cast<double>(expected.size());
  return compare_tensor(tensor(expected, t), tensor(actual, t), p, {}, allowed).ok();
}

std::vector<double> random_row(size_t n, uint64_t seed, double lo, double hi, DType t) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<double> x;
  for (size_t i = 0; i < n; ++i) x.push_back(rnd(dist(rng), t));
  return x;
}

}  // namespace

TEST_CASE("Softmax and LogSoftmax bounds: exact and honest backends pass, a dropped term fails", "[bounds]") {
  for (DType t : {DType::kFloat, DType::kFloat16})
    // A dropped term of average size moves the result by about 1/n, the bound by about n*u:
    // detectable while n*n*u < 1 (float16 rows of 40, float32 of 300).
    for (size_t n : {size_t{16}, t == DType::kFloat ? size_t{300} : size_t{40}})
      for (bool log : {false, true}) {
        INFO(dtype_short_name(t) << " n=" << n << (log ? " LogSoftmax" : " Softmax"));
        const auto x = random_row(n, n + (t == DType::kFloat), -12, 6, t);
        const auto allowed = log ? log_softmax_row_bounds(x, t) : softmax_row_bounds(x, t);
        const auto exact = exact_softmax(x, t, log);
        CHECK(passes(exact, exact, allowed, t));
        for (const Sum& s : {Sum(forward), Sum(reversed), Sum(pairwise)}) {
          CHECK(passes(exact, backend_softmax(x, t, s, log, 0), allowed, t));
          CHECK(passes(exact, backend_softmax(x, t, s, log, 4), allowed, t));  // exp and log 2 ulps off
        }
        CHECK_FALSE(passes(exact, backend_softmax(x, t, dropping, log, 0), allowed, t));
      }
}

TEST_CASE("ReduceLogSum and ReduceLogSumExp bounds", "[bounds]") {
  for (DType t : {DType::kFloat, DType::kFloat16}) {
    INFO(dtype_short_name(t));
    const size_t n = t == DType::kFloat ? 200 : 16;
    const auto x = random_row(n, 7, 0.5, 2, t);  // positive: LogSum's sum does not cancel
    Big s, a, l;
    for (double v : x) {
      mpfr_set_d(a.v, v, MPFR_RNDN);
      mpfr_add(s.v, s.v, a.v, MPFR_RNDN);
    }
    mpfr_log(l.v, s.v, MPFR_RNDN);
    const std::vector<double> log_sum = {rnd(l.get(), t)};
    const std::vector<double> allowed = {log_sum_bound(x, t)};
    CHECK(passes(log_sum, log_sum, allowed, t));
    for (const Sum& f : {Sum(forward), Sum(reversed), Sum(pairwise)})
      CHECK(passes(log_sum, {rnd(std::log(f(x, t)), t)}, allowed, t));
    CHECK_FALSE(passes(log_sum, {rnd(std::log(dropping(x, t)), t)}, allowed, t));

    // LogSumExp = max + log(sum exp(x - max)): the exact value is max + the log-softmax shift.
    const auto z = random_row(n, 8, -10, 10, t);
    const double m = *std::max_element(z.begin(), z.end());
    const double lse = rnd(m - exact_softmax(z, DType::kDouble, true)[std::max_element(z.begin(), z.end()) - z.begin()], t);
    const std::vector<double> allowed_lse = {log_sum_exp_bound(z, t)};
    std::vector<double> e;
    for (double v : z) e.push_back(rnd(std::exp(rnd(v - m, t)), t));
    CHECK(passes({lse}, {lse}, allowed_lse, t));
    for (const Sum& f : {Sum(forward), Sum(reversed), Sum(pairwise)})
      CHECK(passes({lse}, {rnd(m + rnd(std::log(f(e, t)), t), t)}, allowed_lse, t));
    CHECK_FALSE(passes({lse}, {rnd(m + rnd(std::log(dropping(e, t)), t), t)}, allowed_lse, t));
  }
}

TEST_CASE("Det bound: LU with partial pivoting in the type passes; a wrong sign or a lost entry fails", "[bounds]") {
  const int64_t n = 5;
  for (DType t : {DType::kFloat, DType::kFloat16}) {
    INFO(dtype_short_name(t));
    const auto a = random_row(n * n, 11, -2, 2, t);
    // Exact determinant by the Leibniz formula in MPFR (every product and sum exact at 1024 bits).
    std::vector<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    mpfr_t det, term, f;
    mpfr_inits2(1024, det, term, f, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(det, 0, MPFR_RNDN);
    do {
      int inversions = 0;
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) inversions += perm[i] > perm[j];
      mpfr_set_d(term, inversions % 2 ? -1 : 1, MPFR_RNDN);
      for (int i = 0; i < n; ++i) {
        mpfr_set_d(f, a[i * n + perm[i]], MPFR_RNDN);
        mpfr_mul(term, term, f, MPFR_RNDN);
      }
      mpfr_add(det, det, term, MPFR_RNDN);
    } while (std::next_permutation(perm.begin(), perm.end()));
    const double exact = rnd(mpfr_get_d(det, MPFR_RNDN), t);
    mpfr_clears(det, term, f, static_cast<mpfr_ptr>(nullptr));
    // The backend: Gaussian elimination with partial pivoting, every step rounded to t.
    auto lu_det = [&](std::vector<double> m) {
      double d = 1;
      for (int64_t c = 0; c < n; ++c) {
        int64_t p = c;
        for (int64_t r = c + 1; r < n; ++r)
          if (std::fabs(m[r * n + c]) > std::fabs(m[p * n + c])) p = r;
        if (p != c) {
          for (int64_t j = 0; j < n; ++j) std::swap(m[p * n + j], m[c * n + j]);
          d = -d;
        }
        d = rnd(d * m[c * n + c], t);
        for (int64_t r = c + 1; r < n; ++r) {
          const double l = rnd(m[r * n + c] / m[c * n + c], t);
          for (int64_t j = c; j < n; ++j) m[r * n + j] = rnd(m[r * n + j] - rnd(l * m[c * n + j], t), t);
        }
      }
      return d;
    };
    const std::vector<double> allowed = {det_bound(a, n, t)};
    CHECK(passes({exact}, {exact}, allowed, t));
    CHECK(passes({exact}, {lu_det(a)}, allowed, t));
    // The growth partial pivoting saw on this matrix (not the worst case 2^(n-1), which
    // allowed a wrong sign in float16) keeps the bound tight enough to catch both.
    CHECK(det_growth(a, n) < 4);
    CHECK_FALSE(passes({exact}, {-exact}, allowed, t));
    auto lost = a;
    lost[12] = 0;  // the centre entry dropped
    CHECK_FALSE(passes({exact}, {lu_det(lost)}, allowed, t));
  }
}

TEST_CASE("Det bound: the growth factor is the one the bound's own elimination saw", "[bounds][det]") {
  // Hand-computed: no elimination step grows a diagonal matrix; [[1, 2], [3, 4]] pivots
  // to [[3, 4], [1, 2]] and leaves 2 - 4/3 = 2/3 (nothing above 4); [[1, 1], [1, -1]]
  // leaves -1 - 1 = -2 (twice max|a| = 1).
  CHECK(det_growth(std::vector<double>{1, 0, 0, 0, 2, 0, 0, 0, 3}, 3) == 1);
  CHECK(det_growth(std::vector<double>{1, 2, 3, 4}, 2) == 1);
  CHECK(det_growth(std::vector<double>{1, 1, 1, -1}, 2) == 2);
  // Wilkinson's matrix (1 on the diagonal and in the last column, -1 below the diagonal)
  // attains the worst case: the last column doubles at every step, 2^(n-1).
  const int64_t n = 6;
  std::vector<double> w(n * n, 0);
  for (int64_t i = 0; i < n; ++i) {
    w[i * n + i] = 1;
    w[i * n + n - 1] = 1;
    for (int64_t j = 0; j < i; ++j) w[i * n + j] = -1;
  }
  CHECK(det_growth(w, n) == 32);
  // The bound grows with it: the same cofactor sum at growth 32 against growth 1 (the
  // identity-like diagonal part of the bound, (gamma_n + u)|det|, aside).
  std::vector<double> eye(n * n, 0);
  for (int64_t i = 0; i < n; ++i) eye[i * n + i] = 1;
  CHECK(det_growth(eye, n) == 1);
  CHECK(det_bound(w, n, DType::kFloat) > 16 * det_bound(eye, n, DType::kFloat));
}
