// DFT-17 and DFT-20 against an independent direct sum: y_j = sum_k x_k e^(-+2 pi i jk/n)
// evaluated in long double in the test (64-bit significands; cos and sin of the reduced
// angle 2 pi (jk mod n)/n), whose rounding to float must be the reference's result
// wherever the long double value is not within its own error of a float midpoint; and
// small transforms worked by hand (exact results), the one-sided forms, padding, cutting,
// the axis in each version, and the refusals.
#include <catch2/catch.hpp>
#include <cmath>
#include <complex>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Complex = std::complex<long double>;

// The direct sum over the first min(len, n) values, zero-padded to n.
std::vector<Complex> direct_dft(const std::vector<Complex>& x, int64_t n, bool inverse) {
  const long double pi = 3.141592653589793238462643383279502884L;
  std::vector<Complex> y(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) {
    Complex s = 0;
    for (int64_t k = 0; k < std::min<int64_t>(n, static_cast<int64_t>(x.size())); ++k) {
      const long double t = 2 * pi * static_cast<long double>((j * k) % n) / static_cast<long double>(n);
      s += x[static_cast<size_t>(k)] * Complex(std::cos(t), inverse ? std::sin(t) : -std::sin(t));
    }
    y[static_cast<size_t>(j)] = inverse ? s / static_cast<long double>(n) : s;
  }
  return y;
}

// Whether `got` can be the float rounding of e, given e's own error bound: rounding is
// monotone, so it lies between the roundings of e - err and e + err (equal to both when
// they agree).
void check_rounding(float got, long double e, long double err) {
  const float lo = static_cast<float>(e - err), hi = static_cast<float>(e + err);
  INFO("got " << got << " want " << static_cast<double>(e) << " within " << static_cast<double>(err));
  if (lo == hi)
    CHECK(got == lo);
  else
    CHECK((lo <= got && got <= hi));
}

Tensor run_dft(int opset, const Tensor& x, std::vector<onnx::AttributeProto> attrs = {},
               std::optional<int64_t> length = {}, std::optional<int64_t> axis = {}) {
  std::vector<Tensor> in = {x};
  if (length) in.push_back(Tensor::from_values<int64_t>({}, {*length}));
  if (axis && opset >= 20) in.push_back(Tensor::from_values<int64_t>({}, {*axis}));
  if (axis && opset < 20) attrs.push_back(make_attr("axis", *axis));
  return run_node_output("DFT", opset, in, attrs);
}

Tensor floats(const Shape& s, std::vector<float> v) { return Tensor::from_values<float>(s, v); }

}  // namespace

TEST_CASE("DFT: complex and real signals against a direct long double sum", "[DFT][v17][v20]") {
  uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<float>(static_cast<int64_t>(state >> 40) - (1 << 23)) / static_cast<float>(1 << 20);
  };
  for (int opset : {17, 20})
    for (int64_t n : {1, 2, 3, 5, 6, 7, 8, 12, 16, 31})
      for (int64_t parts : {1, 2})
        for (bool inverse : {false, true}) {
          INFO("opset " << opset << " n " << n << " parts " << parts << " inverse " << inverse);
          std::vector<float> v(static_cast<size_t>(2 * n * parts));
          for (auto& e : v) e = next();
          const Tensor x = floats({2, n, parts}, v);
          const Tensor y = run_dft(opset, x, {make_attr("inverse", int64_t{inverse})});
          REQUIRE(y.shape() == Shape{2, n, 2});
          for (int64_t b = 0; b < 2; ++b) {
            std::vector<Complex> line;
            long double magnitude = 0;
            for (int64_t k = 0; k < n; ++k) {
              const size_t at = static_cast<size_t>((b * n + k) * parts);
              line.emplace_back(v[at], parts == 2 ? v[at + 1] : 0.0f);
              magnitude += std::fabs(v[at]) + (parts == 2 ? std::fabs(v[at + 1]) : 0.0f);
            }
            const auto want = direct_dft(line, n, inverse);
            const long double err = magnitude * static_cast<long double>(n + 4) * 0x1p-60L;
            for (int64_t j = 0; j < n; ++j) {
              const size_t at = static_cast<size_t>((b * n + j) * 2);
              check_rounding(y.data<float>()[at], want[static_cast<size_t>(j)].real(), err);
              check_rounding(y.data<float>()[at + 1], want[static_cast<size_t>(j)].imag(), err);
            }
          }
        }
}

TEST_CASE("DFT: small transforms by hand, exact", "[DFT][v17][v20]") {
  for (int opset : {17, 20}) {
    // [1, 2, 3, 4]: [10, -2 + 2i, -2, -2 - 2i]
    const Tensor y = run_dft(opset, floats({1, 4, 1}, {1, 2, 3, 4}));
    CHECK(y.shape() == Shape{1, 4, 2});
    CHECK(std::vector<float>(y.data<float>().begin(), y.data<float>().end()) ==
          std::vector<float>{10, 0, -2, 2, -2, 0, -2, -2});
    // and back: the inverse of that spectrum is [1, 2, 3, 4] (+0 imaginary parts)
    const Tensor x = run_dft(opset, y, {make_attr("inverse", int64_t{1})});
    CHECK(std::vector<float>(x.data<float>().begin(), x.data<float>().end()) ==
          std::vector<float>{1, 0, 2, 0, 3, 0, 4, 0});
    // RFFT: bins 0..2 only
    const Tensor h = run_dft(opset, floats({1, 4, 1}, {1, 2, 3, 4}), {make_attr("onesided", int64_t{1})});
    CHECK(h.shape() == Shape{1, 3, 2});
    CHECK(std::vector<float>(h.data<float>().begin(), h.data<float>().end()) ==
          std::vector<float>{10, 0, -2, 2, -2, 0});
    // IRFFT of that half spectrum, default n = 2 (3 - 1) = 4: the signal again, real
    const Tensor back =
        run_dft(opset, h, {make_attr("onesided", int64_t{1}), make_attr("inverse", int64_t{1})});
    CHECK(back.shape() == Shape{1, 4, 1});
    CHECK(std::vector<float>(back.data<float>().begin(), back.data<float>().end()) ==
          std::vector<float>{1, 2, 3, 4});
    // A constant of length 5: 5 then exact zeros (1 + 2 cos(2 pi/5) + 2 cos(4 pi/5) = 0)
    const Tensor c = run_dft(opset, floats({1, 5, 1}, {1, 1, 1, 1, 1}));
    CHECK(std::vector<float>(c.data<float>().begin(), c.data<float>().end()) ==
          std::vector<float>{5, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    // Length 3: cos(2 pi/3) = -1/2 exactly: [1, 0, 0] -> ones; [0, 1, 0] -> 1, -1/2 - (sqrt 3/2) i, ...
    const Tensor t = run_dft(opset, floats({1, 3, 1}, {0, 1, 0}));
    CHECK(t.data<float>()[2] == -0.5f);
    CHECK(t.data<float>()[3] == static_cast<float>(-std::sqrt(3.0L) / 2));
    CHECK(t.data<float>()[5] == static_cast<float>(std::sqrt(3.0L) / 2));
  }
}

TEST_CASE("DFT: dft_length pads and cuts, IRFFT of odd length", "[DFT][v17][v20]") {
  for (int opset : {17, 20}) {
    // [1, 1] padded to 4: 1 + e^(-i pi j/2): [2, 1 - i, 0, 1 + i]
    const Tensor p = run_dft(opset, floats({1, 2, 1}, {1, 1}), {}, 4);
    CHECK(p.shape() == Shape{1, 4, 2});
    CHECK(std::vector<float>(p.data<float>().begin(), p.data<float>().end()) ==
          std::vector<float>{2, 0, 1, -1, 0, 0, 1, 1});
    // [1, 2, 3, 4] cut to 2: [3, -1]
    const Tensor c = run_dft(opset, floats({1, 4, 1}, {1, 2, 3, 4}), {}, 2);
    CHECK(std::vector<float>(c.data<float>().begin(), c.data<float>().end()) ==
          std::vector<float>{3, 0, -1, 0});
    // IRFFT, n = 3, of X = [3, 0]: x_t = (1/3)(3) = 1
    const Tensor i = run_dft(opset, floats({1, 2, 2}, {3, 0, 0, 0}),
                             {make_attr("onesided", int64_t{1}), make_attr("inverse", int64_t{1})}, 3);
    CHECK(i.shape() == Shape{1, 3, 1});
    CHECK(std::vector<float>(i.data<float>().begin(), i.data<float>().end()) == std::vector<float>{1, 1, 1});
    // IRFFT n = 3 of X = [0, 3i]: x_t = (2/3) Re(3i e^(2 pi i t/3)) = -2 sin(2 pi t/3): 0, -sqrt 3, sqrt 3
    const Tensor s = run_dft(opset, floats({1, 2, 2}, {0, 0, 0, 3}),
                             {make_attr("onesided", int64_t{1}), make_attr("inverse", int64_t{1})}, 3);
    CHECK(s.data<float>()[0] == 0.0f);
    CHECK(s.data<float>()[1] == static_cast<float>(-std::sqrt(3.0L)));
    CHECK(s.data<float>()[2] == static_cast<float>(std::sqrt(3.0L)));
  }
}

TEST_CASE("DFT: the axis, an attribute in 17 and an input in 20", "[DFT][v17][v20]") {
  // shape (2, 2, 1): along axis 0 the lines are [1, 3] and [2, 4]; along axis 1, [1, 2], [3, 4]
  const Tensor x = floats({2, 2, 1}, {1, 2, 3, 4});
  const std::vector<float> along0 = {4, 0, 6, 0, -2, 0, -2, 0}, along1 = {3, 0, -1, 0, 7, 0, -1, 0};
  auto values = [](const Tensor& t) {
    return std::vector<float>(t.data<float>().begin(), t.data<float>().end());
  };
  CHECK(values(run_dft(17, x)) == along1);  // 17's default axis 1
  CHECK(values(run_dft(20, x)) == along1);  // 20's default -2 (here also 1)
  CHECK(values(run_dft(17, x, {}, {}, 0)) == along0);
  CHECK(values(run_dft(20, x, {}, 2, 0)) == along0);
  CHECK(values(run_dft(20, x, {}, 2, -3)) == along0);
  // rank 4: 17's default axis 1 and 20's default -2 differ
  const Tensor r4 = floats({1, 2, 2, 1}, {1, 2, 3, 4});
  CHECK(values(run_dft(17, r4)) == along0);
  CHECK(values(run_dft(20, r4)) == along1);
}

TEST_CASE("DFT: refusals and open choices", "[DFT][v17][v20]") {
  const Tensor x = floats({2, 4, 2}, std::vector<float>(16, 1.0f));
  for (int opset : {17, 20}) {
    CHECK(kind_of([&] { run_dft(opset, x, {}, 4, -1); }) == ErrorKind::kInvalidModel);
    CHECK(kind_of([&] { run_dft(opset, x, {}, 4, 2); }) == ErrorKind::kInvalidModel);
    CHECK(kind_of([&] { run_dft(opset, x, {}, 4, -4); }) == ErrorKind::kInvalidModel);
    CHECK(kind_of([&] { run_dft(opset, x, {}, 0); }) == ErrorKind::kInvalidModel);
    CHECK(kind_of([&] {
            run_dft(opset, floats({2, 4, 3}, std::vector<float>(24, 1.0f)));
          }) == ErrorKind::kInvalidModel);
    CHECK(kind_of([&] { run_dft(opset, x, {make_attr("onesided", int64_t{1})}); }) ==
          ErrorKind::kInvalidModel);
    CHECK(kind_of([&] {
            run_dft(opset, floats({2, 4, 1}, std::vector<float>(8, 1.0f)),
                    {make_attr("onesided", int64_t{1}), make_attr("inverse", int64_t{1})});
          }) == ErrorKind::kInvalidModel);
    CHECK(kind_of([&] { run_dft(opset, x, {make_attr("inverse", int64_t{2})}); }) ==
          ErrorKind::kInvalidModel);
    // IRFFT of a length-1 axis: default n = 0
    CHECK(kind_of([&] {
            run_dft(opset, floats({2, 1, 2}, {1, 0, 1, 0}),
                    {make_attr("onesided", int64_t{1}), make_attr("inverse", int64_t{1})});
          }) == ErrorKind::kInvalidModel);
    const auto nan = run_node("DFT", opset, {floats({1, 2, 1}, {1, NAN})});
    CHECK(std::isnan(nan.outputs[0].data<float>()[0]));
    CHECK(nan.semantics.category == Semantics::kImplementationDefined);
  }
}
