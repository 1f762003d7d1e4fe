// RoiAlign and NonMaxSuppression against values worked by hand from the texts, and against
// independent oracles written here: RoiAlign as Detectron's description reads (long double
// points, bilinear by the four corners), NonMaxSuppression as the greedy loop the text
// describes with IoU in long double (random boxes on a coarse grid, no equal scores).
#include <catch2/catch.hpp>

#include <algorithm>
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

Tensor int64s(Shape shape, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(std::move(shape), v); }

// A 3x3 image whose value at (r, c) is 3r + c: bilinear interpolation of it is 3y + x exactly.
Tensor ramp() { return floats({1, 1, 3, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8}); }

Attrs roi_attrs(const std::string& mode, int64_t ratio, const std::string& transform = "") {
  Attrs a = {make_attr("mode", mode), make_attr("sampling_ratio", ratio)};
  if (!transform.empty()) a.push_back(make_attr("coordinate_transformation_mode", transform));
  return a;
}

// Detectron's RoiAlign for one roi and channel (long double), avg or the largest point.
std::vector<long double> detectron(const std::vector<float>& img, int64_t h, int64_t w, const float* roi, int64_t oh, int64_t ow,
                                   int64_t ratio, bool half, bool max_mode) {
  const long double off = half ? 0.5L : 0, x0 = roi[0] - off, y0 = roi[1] - off;
  long double rw = roi[2] - off - x0, rh = roi[3] - off - y0;
  if (!half) rw = std::max<long double>(rw, 1), rh = std::max<long double>(rh, 1);
  const long double bh = rh / oh, bw = rw / ow;
  const int64_t gh = ratio > 0 ? ratio : static_cast<int64_t>(std::ceil(rh / oh));
  const int64_t gw = ratio > 0 ? ratio : static_cast<int64_t>(std::ceil(rw / ow));
  auto at = [&](long double y, long double x) -> long double {
    if (y < -1 || y > h || x < -1 || x > w) return 0;
    y = std::max<long double>(y, 0), x = std::max<long double>(x, 0);
    auto yl = static_cast<int64_t>(y), xl = static_cast<int64_t>(x);
    int64_t yh = yl + 1, xh = xl + 1;
    if (yl >= h - 1) yh = yl = h - 1, y = static_cast<long double>(yl);
    if (xl >= w - 1) xh = xl = w - 1, x = static_cast<long double>(xl);
    const long double ly = y - yl, lx = x - xl;
    auto v = [&](int64_t r, int64_t c) { return static_cast<long double>(img[static_cast<size_t>(r * w + c)]); };
    return (1 - ly) * (1 - lx) * v(yl, xl) + (1 - ly) * lx * v(yl, xh) + ly * (1 - lx) * v(yh, xl) + ly * lx * v(yh, xh);
  };
  std::vector<long double> out;
  for (int64_t i = 0; i < oh; ++i)
    for (int64_t j = 0; j < ow; ++j) {
      long double sum = 0, best = -INFINITY;
      for (int64_t iy = 0; iy < gh; ++iy)
        for (int64_t ix = 0; ix < gw; ++ix) {
          const long double v = at(y0 + i * bh + (iy + 0.5L) * bh / gh, x0 + j * bw + (ix + 0.5L) * bw / gw);
          sum += v;
          best = std::max(best, v);
        }
      out.push_back(max_mode ? best : sum / std::max<int64_t>(gh * gw, 1));
    }
  return out;
}

}  // namespace

TEST_CASE("RoiAlign: avg and max on a ramp, worked by hand", "[RoiAlign][v16][geometry]") {
  const Tensor roi = floats({1, 4}, {0, 0, 2, 2});
  const Tensor batch = int64s({1}, {0});
  // output_half_pixel: points at 0.5 and 1.5 each way; the ramp's values 3y + x average to
  // 4 and peak at 6 (the largest interpolated point; the largest weighted corner would be 2).
  CHECK(values_of(run_node_output("RoiAlign", 16, {ramp(), roi, batch}, roi_attrs("avg", 2, "output_half_pixel"))) ==
        std::vector<float>{4});
  CHECK(values_of(run_node_output("RoiAlign", 16, {ramp(), roi, batch}, roi_attrs("max", 2, "output_half_pixel"))) ==
        std::vector<float>{6});
  // half_pixel (16's default): the roi shifts by -1/2, points at 0 and 1: 2 and 4.
  CHECK(values_of(run_node_output("RoiAlign", 16, {ramp(), roi, batch}, roi_attrs("avg", 2))) == std::vector<float>{2});
  CHECK(values_of(run_node_output("RoiAlign", 16, {ramp(), roi, batch}, roi_attrs("max", 2))) == std::vector<float>{4});
  // 10 has no shift; the adaptive count ceil(2 / 1) = 2 gives the same points as ratio 2.
  CHECK(values_of(run_node_output("RoiAlign", 10, {ramp(), roi, batch}, roi_attrs("avg", 0))) == std::vector<float>{4});
  check_invalid("RoiAlign", 16, {ramp(), roi, int64s({1}, {1})}, "batch_indices[0] is an index into X's N");
  check_invalid("RoiAlign", 16, {ramp(), roi, batch}, "sampling_ratio is 0 (adaptive) or positive", roi_attrs("avg", -1));
  check_invalid("RoiAlign", 16, {ramp(), roi, batch}, "coordinate_transformation_mode is half_pixel or output_half_pixel",
                roi_attrs("avg", 1, "align_corners"));
}

TEST_CASE("RoiAlign: random rois against the Detectron oracle", "[RoiAlign][v16][oracle][geometry]") {
  std::mt19937 rng(16);
  std::uniform_int_distribution<int> value(-64, 64), corner(4, 28);
  const int64_t h = 7, w = 9;
  std::vector<float> img(static_cast<size_t>(h * w));
  for (float& v : img) v = static_cast<float>(value(rng)) / 8;
  for (int trial = 0; trial < 40; ++trial) {
    // Corners in [1, 7] on a 1/4 grid, inside the pixel centres for both transforms.
    float roi[4] = {static_cast<float>(corner(rng)) / 4, static_cast<float>(corner(rng)) / 4, 0, 0};
    roi[2] = std::min(roi[0] + static_cast<float>(corner(rng) - 3) / 4, 7.5f);
    roi[3] = std::min(roi[1] + static_cast<float>(corner(rng) - 3) / 4, 6.0f);
    roi[1] = std::min(roi[1], 5.0f);
    const bool half = trial % 2 == 0, max_mode = trial % 4 < 2;
    const int64_t ratio = trial % 3, oh = 1 + trial % 2, ow = 1 + trial % 3;
    Attrs a = roi_attrs(max_mode ? "max" : "avg", ratio, half ? "half_pixel" : "output_half_pixel");
    a.push_back(make_attr("output_height", oh));
    a.push_back(make_attr("output_width", ow));
    const RunResult r = run_node("RoiAlign", 16, {floats({1, 1, h, w}, img), floats({1, 4}, {roi[0], roi[1], roi[2], roi[3]}), int64s({1}, {0})}, a);
    const std::vector<float> got = values_of(r.outputs[0]);
    const auto want = detectron(img, h, w, roi, oh, ow, ratio, half, max_mode);
    for (size_t k = 0; k < want.size(); ++k) {
      INFO("trial " << trial << " roi " << roi[0] << " " << roi[1] << " " << roi[2] << " " << roi[3] << " bin " << k);
      CHECK(got[k] == static_cast<float>(want[k]));
    }
  }
}

TEST_CASE("NonMaxSuppression: the text's rules by hand", "[NonMaxSuppression][v11][geometry]") {
  // [0,0,2,2] with [0,1,2,3]: IoU 2/6 = 1/3; with [0,0,2,1]: 2/4 = 1/2.
  const Tensor boxes = floats({1, 3, 4}, {0, 0, 2, 2, 0, 1, 2, 3, 0, 0, 2, 1});
  const Tensor scores = floats({1, 1, 3}, {0.75f, 0.5f, 0.25f});
  const Tensor limit = int64s({1}, {3});
  auto rows = [](const Tensor& t) { return std::vector<int64_t>(t.data<int64_t>().begin(), t.data<int64_t>().end()); };
  // IoU equal to the threshold is kept; just above it, suppressed.
  CHECK(rows(run_node_output("NonMaxSuppression", 11, {boxes, scores, limit, floats({1}, {0.5f})})) ==
        std::vector<int64_t>{0, 0, 0, 0, 0, 1, 0, 0, 2});
  CHECK(rows(run_node_output("NonMaxSuppression", 11, {boxes, scores, limit, floats({1}, {0.4921875f})})) ==
        std::vector<int64_t>{0, 0, 0, 0, 0, 1});
  CHECK(rows(run_node_output("NonMaxSuppression", 11, {boxes, scores, limit, floats({1}, {0.25f})})) == std::vector<int64_t>{0, 0, 0});
  // A score equal to score_threshold is kept ("less than ... removed").
  CHECK(rows(run_node_output("NonMaxSuppression", 10, {boxes, scores, limit, floats({1}, {1}), floats({1}, {0.5f})})) ==
        std::vector<int64_t>{0, 0, 0, 0, 0, 1});
  // max_output_boxes_per_class absent: no output.
  CHECK(run_node_output("NonMaxSuppression", 10, {boxes, scores}).shape() == Shape{0, 3});
  // The same boxes as centres (center_point_box 1) and by the other diagonal.
  const Tensor centres = floats({1, 3, 4}, {1, 1, 2, 2, 2, 1, 2, 2, 0.5f, 1, 1, 2});
  const Tensor flipped = floats({1, 3, 4}, {2, 2, 0, 0, 0, 3, 2, 1, 2, 1, 0, 0});
  CHECK(rows(run_node_output("NonMaxSuppression", 11, {centres, scores, limit, floats({1}, {0.4921875f})},
                             {make_attr("center_point_box", int64_t{1})})) == std::vector<int64_t>{0, 0, 0, 0, 0, 1});
  CHECK(rows(run_node_output("NonMaxSuppression", 11, {flipped, scores, limit, floats({1}, {0.4921875f})})) ==
        std::vector<int64_t>{0, 0, 0, 0, 0, 1});
  check_invalid("NonMaxSuppression", 11, {boxes, scores, limit, floats({1}, {1.5f})}, "iou_threshold is in [0, 1]");
}

TEST_CASE("NonMaxSuppression: random boxes against the greedy oracle", "[NonMaxSuppression][v10][oracle][geometry]") {
  std::mt19937 rng(10);
  std::uniform_int_distribution<int> coord(0, 40), side(1, 16);
  for (int trial = 0; trial < 30; ++trial) {
    const int64_t n = 12;
    std::vector<float> boxes, scores;
    for (int64_t i = 0; i < n; ++i) {
      const float y = static_cast<float>(coord(rng)) / 4, x = static_cast<float>(coord(rng)) / 4;
      boxes.insert(boxes.end(), {y, x, y + static_cast<float>(side(rng)) / 4, x + static_cast<float>(side(rng)) / 4});
      scores.push_back(static_cast<float>(i + 1) / 16);  // distinct
    }
    std::shuffle(scores.begin(), scores.end(), rng);
    const float iou = static_cast<float>(trial % 5) / 8 + 0.0625f;
    const int64_t limit = 1 + trial % 7;
    std::vector<int64_t> order(n);
    for (int64_t i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return scores[static_cast<size_t>(a)] > scores[static_cast<size_t>(b)]; });
    auto overlap = [&](int64_t a, int64_t b) {
      const float* p = &boxes[static_cast<size_t>(a * 4)];
      const float* q = &boxes[static_cast<size_t>(b * 4)];
      const long double ih = std::max<long double>(0, std::min(p[2], q[2]) - std::max(p[0], q[0]));
      const long double iw = std::max<long double>(0, std::min(p[3], q[3]) - std::max(p[1], q[1]));
      const long double inter = ih * iw, uni = (p[2] - p[0]) * (p[3] - p[1]) + (q[2] - q[0]) * (q[3] - q[1]) - inter;
      return inter / uni > iou;
    };
    std::vector<int64_t> want;
    for (int64_t i : order) {
      if (static_cast<int64_t>(want.size()) / 3 >= limit) break;
      bool kept = true;
      for (size_t k = 2; k < want.size(); k += 3) kept = kept && !overlap(want[k], i);
      if (kept) want.insert(want.end(), {0, 0, i});
    }
    const Tensor got = run_node_output("NonMaxSuppression", 10,
                                       {floats({1, n, 4}, boxes), floats({1, 1, n}, scores), int64s({1}, {limit}), floats({1}, {iou})});
    INFO("trial " << trial);
    CHECK(std::vector<int64_t>(got.data<int64_t>().begin(), got.data<int64_t>().end()) == want);
  }
}
