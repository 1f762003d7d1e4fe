// GridSample and AffineGrid against values worked by hand from the texts, and against an
// independent long double oracle written here (PyTorch's description: unnormalize, pad,
// then weight each tap by its distance to the coordinate through the interpolation kernel;
// reflection by folding with fmod, not by the kernel's counting of ranges).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "reference/tests/logic_testing.h"
#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using logic::check_invalid;
using reduce::floats;
using reduce::values_of;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

Attrs grid_attrs(const std::string& mode, const std::string& padding, int64_t align) {
  return {make_attr("mode", mode), make_attr("padding_mode", padding), make_attr("align_corners", align)};
}

// The oracle: one 2-D or 3-D image (sizes outermost first), one point (coordinates
// innermost first, as grid lists them).
struct Oracle {
  std::string mode, padding;  // "nearest", "linear", "cubic"
  bool align;

  long double pixel_coordinate(long double g, int64_t s) const {
    return align ? (g + 1) / 2 * (s - 1) : ((g + 1) * s - 1) / 2;
  }
  long double fold(long double x, int64_t s) const {
    const long double lo = align ? 0 : -0.5L, hi = align ? s - 1 : s - 0.5L, span = hi - lo;
    if (span <= 0) return lo;
    long double t = std::fmod(x - lo, 2 * span);
    if (t < 0) t += 2 * span;
    return t <= span ? lo + t : lo + 2 * span - t;
  }
  static long double keys(long double s) {  // a = -0.75
    const long double a = -0.75L, t = std::fabs(s);
    if (t <= 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
    if (t < 2) return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
    return 0;
  }
  // The pixel a tap index reads (-1: zero).
  int64_t tap(int64_t k, int64_t s) const {
    if (k >= 0 && k < s) return k;
    if (padding == "zeros") return -1;
    if (padding == "border") return k < 0 ? 0 : s - 1;
    return static_cast<int64_t>(std::llround(fold(static_cast<long double>(k), s)));
  }
  long double sample(const std::vector<float>& img, const std::vector<int64_t>& sizes, const std::vector<float>& g) const {
    const size_t r = sizes.size();
    std::vector<std::vector<std::pair<int64_t, long double>>> axes(r);
    for (size_t d = 0; d < r; ++d) {
      const int64_t s = sizes[d];
      long double c = pixel_coordinate(g[r - 1 - d], s);
      // Border clamps the coordinate, except for cubic, whose taps are clamped one by one
      // (PyTorch's bicubic). Reflection folds the coordinate: for cubic that equals folding
      // each tap (Keys' kernel is even and the borders are integer or half-integer).
      if (padding == "border" && mode != "cubic") c = std::min<long double>(std::max<long double>(c, 0), s - 1);
      if (padding == "reflection") c = fold(c, s);
      if (mode == "nearest") {
        axes[d] = {{tap(static_cast<int64_t>(std::nearbyint(c)), s), 1}};
        continue;
      }
      const auto f = static_cast<int64_t>(std::floor(c));
      for (int64_t k = f - 2; k <= f + 3; ++k) {
        const long double w = mode == "linear" ? std::max<long double>(0, 1 - std::fabs(c - k)) : keys(c - k);
        if (w != 0) axes[d].push_back({tap(k, s), w});
      }
    }
    long double sum = 0;
    std::vector<size_t> at(r, 0);
    while (true) {
      long double w = 1;
      int64_t offset = 0;
      bool zero = false;
      for (size_t d = 0; d < r; ++d) {
        w *= axes[d][at[d]].second;
        zero = zero || axes[d][at[d]].first < 0;
        offset = offset * sizes[d] + axes[d][at[d]].first;
      }
      if (!zero) sum += w * img[static_cast<size_t>(offset)];
      size_t d = r;
      while (d > 0 && ++at[d - 1] == axes[d - 1].size()) at[--d] = 0;
      if (d == 0) break;
    }
    return sum;
  }
};

std::vector<float> draw(std::mt19937& rng, size_t n, float lo, float hi, float step) {
  std::uniform_int_distribution<int> k(static_cast<int>(lo / step), static_cast<int>(hi / step));
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(k(rng)) * step;
  return v;
}

}  // namespace

TEST_CASE("GridSample: bilinear on a 2x2 image, worked by hand", "[GridSample][v16][geometry]") {
  const Tensor x = floats({1, 1, 2, 2}, {1, 2, 3, 4});
  // (0, 0) is the image's centre either way: the mean, 2.5. (-1, -1): with align_corners 0
  // the coordinate -1/2 in both axes, half on pixel 0 and half outside.
  const Tensor g = floats({1, 1, 2, 2}, {0, 0, -1, -1});
  CHECK(values_of(run_node_output("GridSample", 16, {x, g}, grid_attrs("bilinear", "zeros", 0))) == std::vector<float>{2.5f, 0.25f});
  CHECK(values_of(run_node_output("GridSample", 16, {x, g}, grid_attrs("bilinear", "border", 0))) == std::vector<float>{2.5f, 1});
  CHECK(values_of(run_node_output("GridSample", 16, {x, g}, grid_attrs("bilinear", "reflection", 0))) == std::vector<float>{2.5f, 1});
  CHECK(values_of(run_node_output("GridSample", 16, {x, g}, grid_attrs("bilinear", "zeros", 1))) == std::vector<float>{2.5f, 1});
}

TEST_CASE("GridSample: the text's reflection example and a halfway nearest pick", "[GridSample][v20][geometry]") {
  // align_corners 1 on 3 pixels: normalized -3.5 reflects to 1.5, then to 0.5, pixel 1.5.
  const Tensor row = floats({1, 1, 1, 3}, {0, 10, 20});
  CHECK(values_of(run_node_output("GridSample", 20, {row, floats({1, 1, 1, 2}, {-3.5f, 0})}, grid_attrs("linear", "reflection", 1))) ==
        std::vector<float>{15});
  // g = 0 on 4 pixels (align_corners 0): coordinate 1.5, halfway; 20 rounds to the even
  // index 2, 16 leaves it open (the same answer, marked).
  const Tensor four = floats({1, 1, 1, 4}, {10, 20, 30, 40});
  const Tensor half = floats({1, 1, 1, 2}, {0, 0});
  const RunResult v20 = run_node("GridSample", 20, {four, half}, grid_attrs("nearest", "zeros", 0));
  CHECK(values_of(v20.outputs[0]) == std::vector<float>{30});
  CHECK(v20.semantics.category == Semantics::kDefined);
  const RunResult v16 = run_node("GridSample", 16, {four, half}, grid_attrs("nearest", "zeros", 0));
  CHECK(values_of(v16.outputs[0]) == std::vector<float>{30});
  CHECK(v16.semantics.category == Semantics::kImplementationDefined);
  // 0.25 lands on 2 (no tie): defined in both.
  const RunResult quarter = run_node("GridSample", 16, {four, floats({1, 1, 1, 2}, {0.25f, 0})}, grid_attrs("nearest", "zeros", 0));
  CHECK(values_of(quarter.outputs[0]) == std::vector<float>{30});
  CHECK(quarter.semantics.category == Semantics::kDefined);
}

TEST_CASE("GridSample: bicubic weights at a quarter, by hand", "[GridSample][v16][geometry]") {
  // Coordinate 1.25 on the row 0, 1, 0, 0, 0 (align_corners 1, 5 pixels: g = 1.25/2 - 1 =
  // -0.375). Keys at distance t = 1/4 with a = -3/4: (a + 2) t^3 - (a + 3) t^2 + 1 =
  // 1.25/64 - 2.25/16 + 1 = 0.87890625.
  const Tensor row = floats({1, 1, 1, 5}, {0, 1, 0, 0, 0});
  const Tensor g = floats({1, 1, 1, 2}, {-0.375f, 0});
  CHECK(values_of(run_node_output("GridSample", 16, {row, g}, grid_attrs("bicubic", "zeros", 1))) == std::vector<float>{0.87890625f});
}

TEST_CASE("GridSample: every mode and padding against the long double oracle", "[GridSample][v20][oracle][geometry]") {
  std::mt19937 rng(20);
  for (const std::string mode : {"nearest", "linear", "cubic"})
    for (const std::string padding : {"zeros", "border", "reflection"})
      for (int64_t align : {0, 1}) {
        const Oracle oracle{mode, padding, align == 1};
        for (const std::vector<int64_t>& sizes : {std::vector<int64_t>{4, 5}, std::vector<int64_t>{3, 2, 4}}) {
          const size_t r = sizes.size();
          int64_t image = 1;
          for (int64_t s : sizes) image *= s;
          const std::vector<float> xs = draw(rng, static_cast<size_t>(image), -8, 8, 1.0f / 16);
          // Grid values off the halves of every coordinate: odd multiples of 1/96 away.
          std::vector<float> gs = draw(rng, 6 * r, -3, 3, 1.0f / 64);
          for (float& v : gs) v += 1.0f / 1024;
          Shape xshape = {1, 1}, gshape = {1, 6};
          xshape.insert(xshape.end(), sizes.begin(), sizes.end());
          for (size_t d = 1; d < r; ++d) gshape.push_back(1);
          gshape.push_back(static_cast<int64_t>(r));
          const Tensor y = run_node_output("GridSample", 20, {floats(xshape, xs), floats(gshape, gs)}, grid_attrs(mode, padding, align));
          const std::vector<float> got = values_of(y);
          for (size_t p = 0; p < 6; ++p) {
            const std::vector<float> point(gs.begin() + static_cast<std::ptrdiff_t>(p * r), gs.begin() + static_cast<std::ptrdiff_t>((p + 1) * r));
            INFO(mode << " " << padding << " align " << align << " rank " << r << " point " << p);
            CHECK(got[p] == static_cast<float>(oracle.sample(xs, sizes, point)));
          }
        }
      }
}

TEST_CASE("GridSample: integer X truncated, strings picked, refusals", "[GridSample][v20][geometry]") {
  const Tensor x = Tensor::from_values<int32_t>({1, 1, 1, 2}, std::vector<int32_t>{0, 5});
  const Tensor y = run_node_output("GridSample", 20, {x, floats({1, 1, 1, 2}, {0, 0})}, grid_attrs("linear", "border", 1));
  CHECK(y.data<int32_t>()[0] == 2);  // 2.5 truncated
  const Tensor neg = Tensor::from_values<int32_t>({1, 1, 1, 2}, std::vector<int32_t>{0, -5});
  CHECK(run_node_output("GridSample", 20, {neg, floats({1, 1, 1, 2}, {0, 0})}, grid_attrs("linear", "border", 1)).data<int32_t>()[0] == -2);
  check_invalid("GridSample", 16, {floats({1, 1, 2, 2}, {1, 2, 3, 4}), floats({1, 1, 1, 2}, {0, 0})}, "mode is one of bilinear",
                {make_attr("mode", std::string("linear"))});
  check_invalid("GridSample", 20, {floats({1, 1, 2, 2}, {1, 2, 3, 4}), floats({1, 1, 1, 2}, {0, 0})}, "mode is one of linear",
                {make_attr("mode", std::string("bilinear"))});
  check_invalid("GridSample", 16, {floats({1, 1, 1, 2, 2}, {1, 2, 3, 4}), floats({1, 1, 1, 1, 3}, {0, 0, 0})}, "X is 4-D");
  check_invalid("GridSample", 20, {floats({1, 1, 2, 2}, {1, 2, 3, 4}), floats({1, 1, 1, 3}, {0, 0, 0})}, "grid is (N");
}

TEST_CASE("AffineGrid: identity by hand, random theta against long double", "[AffineGrid][v20][oracle][geometry]") {
  const Tensor identity = floats({1, 2, 3}, {1, 0, 0, 0, 1, 0});
  const Tensor size = Tensor::from_values<int64_t>({4}, std::vector<int64_t>{1, 1, 2, 2});
  CHECK(values_of(run_node_output("AffineGrid", 20, {identity, size}, {make_attr("align_corners", int64_t{0})})) ==
        std::vector<float>{-0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f});
  CHECK(values_of(run_node_output("AffineGrid", 20, {identity, size}, {make_attr("align_corners", int64_t{1})})) ==
        std::vector<float>{-1, -1, 1, -1, -1, 1, 1, 1});
  std::mt19937 rng(7);
  for (int64_t align : {0, 1}) {
    const std::vector<float> th = draw(rng, 12, -2, 2, 1.0f / 1024);
    const Tensor theta = floats({1, 3, 4}, th);
    const std::vector<int64_t> dhw = {3, 5, 7};
    const Tensor y = run_node_output("AffineGrid", 20, {theta, Tensor::from_values<int64_t>({5}, std::vector<int64_t>{1, 1, 3, 5, 7})},
                                     {make_attr("align_corners", align)});
    const std::vector<float> got = values_of(y);
    auto pos = [&](int64_t i, int64_t s) -> long double {
      return align ? 2.0L * i / (s - 1) - 1 : (2.0L * i + 1) / s - 1;
    };
    size_t at = 0;
    for (int64_t d = 0; d < 3; ++d)
      for (int64_t h = 0; h < 5; ++h)
        for (int64_t w = 0; w < 7; ++w)
          for (int k = 0; k < 3; ++k) {
            const long double v = th[k * 4] * pos(w, 7) + th[k * 4 + 1] * pos(h, 5) + th[k * 4 + 2] * pos(d, 3) + th[k * 4 + 3];
            CHECK(got[at++] == static_cast<float>(v));
          }
  }
  check_invalid("AffineGrid", 20, {identity, Tensor::from_values<int64_t>({4}, std::vector<int64_t>{2, 1, 2, 2})}, "theta's N");
}
