// MaxUnpool and MaxRoiPool against index arithmetic worked by hand, MaxUnpool against the
// text's round trip (pooling the unpooled gives back the pooled), and MaxRoiPool against an
// independent oracle written here the way Caffe's layer computes it (float bin sizes).
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
using Ints = std::vector<int64_t>;

Tensor int64s(Shape shape, std::vector<int64_t> v) { return Tensor::from_values<int64_t>(std::move(shape), v); }

const Attrs k2s2 = {make_attr("kernel_shape", Ints{2, 2}), make_attr("strides", Ints{2, 2})};

// A (1, 1, 4, 5) image whose element (r, c) is 5 r + c.
Tensor image_4x5() {
  std::vector<float> v(20);
  for (int i = 0; i < 20; ++i) v[static_cast<size_t>(i)] = static_cast<float>(i);
  return floats({1, 1, 4, 5}, v);
}

Attrs roi_attrs(Ints pooled, float scale = 1) {
  return {make_attr("pooled_shape", pooled), make_attr("spatial_scale", scale)};
}

// Caffe's ROIPooling forward for one roi of one channel, written from its description:
// float bin sizes, floor/ceil of the products, clipped; empty bins 0.
std::vector<float> caffe_roi(const std::vector<float>& img, int h, int w, const std::vector<float>& roi, int ph, int pw,
                             float scale) {
  const int x1 = static_cast<int>(std::round(roi[1] * scale)), y1 = static_cast<int>(std::round(roi[2] * scale));
  const int x2 = static_cast<int>(std::round(roi[3] * scale)), y2 = static_cast<int>(std::round(roi[4] * scale));
  const int rh = std::max(y2 - y1 + 1, 1), rw = std::max(x2 - x1 + 1, 1);
  const float bh = static_cast<float>(rh) / static_cast<float>(ph), bw = static_cast<float>(rw) / static_cast<float>(pw);
  std::vector<float> out;
  for (int i = 0; i < ph; ++i)
    for (int j = 0; j < pw; ++j) {
      int hs = static_cast<int>(std::floor(static_cast<float>(i) * bh)), he = static_cast<int>(std::ceil(static_cast<float>(i + 1) * bh));
      int ws = static_cast<int>(std::floor(static_cast<float>(j) * bw)), we = static_cast<int>(std::ceil(static_cast<float>(j + 1) * bw));
      hs = std::min(std::max(hs + y1, 0), h), he = std::min(std::max(he + y1, 0), h);
      ws = std::min(std::max(ws + x1, 0), w), we = std::min(std::max(we + x1, 0), w);
      float best = (he <= hs || we <= ws) ? 0 : -INFINITY;
      for (int r = hs; r < he; ++r)
        for (int c = ws; c < we; ++c) best = std::max(best, img[static_cast<size_t>(r * w + c)]);
      out.push_back(best);
    }
  return out;
}

}  // namespace

TEST_CASE("MaxUnpool scatters X at the flat indices into zeros of the inferred shape", "[MaxUnpool][pool]") {
  const Tensor x = floats({1, 1, 2, 2}, {5, 6, 7, 8});
  const RunResult r = run_node("MaxUnpool", 11, {x, int64s({1, 1, 2, 2}, {5, 7, 13, 15})}, k2s2);
  CHECK(r.outputs.at(0).shape() == Shape{1, 1, 4, 4});  // (2 - 1) * 2 + 2
  std::vector<float> want(16, 0);
  want[5] = 5, want[7] = 6, want[13] = 7, want[15] = 8;
  CHECK(values_of(r.outputs.at(0)) == want);
  CHECK(r.semantics.category == Semantics::kDefined);
  // kernel 3, stride 2, pads 1 each side: (2 - 1) * 2 + 3 - 2 = 3; indices at the corners.
  const Attrs k3 = {make_attr("kernel_shape", Ints{3, 3}), make_attr("strides", Ints{2, 2}),
                    make_attr("pads", Ints{1, 1, 1, 1})};
  const Tensor corners = run_node_output("MaxUnpool", 11, {x, int64s({1, 1, 2, 2}, {0, 2, 6, 8})}, k3);
  CHECK(corners.shape() == Shape{1, 1, 3, 3});
  CHECK(values_of(corners) == std::vector<float>{5, 0, 6, 0, 0, 0, 7, 0, 8});
  // Two images: the indices run over N x C too.
  const Tensor two = run_node_output("MaxUnpool", 11, {floats({2, 1, 1, 1}, {1, 2}), int64s({2, 1, 1, 1}, {3, 4})}, k2s2);
  CHECK(values_of(two) == std::vector<float>{0, 0, 0, 1, 2, 0, 0, 0});
}

TEST_CASE("MaxUnpool's output_shape: the inferred one is defined, another is open", "[MaxUnpool][pool]") {
  const Tensor x = floats({1, 1, 2, 2}, {5, 6, 7, 8});
  const Tensor i = int64s({1, 1, 2, 2}, {5, 7, 13, 15});
  const RunResult same = run_node("MaxUnpool", 11, {x, i, int64s({4}, {1, 1, 4, 4})}, k2s2);
  CHECK(same.semantics.category == Semantics::kDefined);
  const RunResult larger = run_node("MaxUnpool", 11, {x, i, int64s({4}, {1, 1, 5, 5})}, k2s2);
  std::vector<float> want(25, 0);
  want[5] = 5, want[7] = 6, want[13] = 7, want[15] = 8;  // flat in 5x5: (1,0) (1,2) (2,3) (3,0)
  CHECK(values_of(larger.outputs.at(0)) == want);
  CHECK(larger.semantics.category == Semantics::kImplementationDefined);
  check_invalid("MaxUnpool", 11, {x, i, int64s({4}, {1, 2, 4, 4})}, "N and C", k2s2);
  check_invalid("MaxUnpool", 11, {x, int64s({1, 1, 2, 2}, {5, 7, 13, 16})}, "outside the output", k2s2);
  check_invalid("MaxUnpool", 11, {x, int64s({1, 1, 4}, {0, 1, 2, 3})}, "I has X's shape", k2s2);
}

TEST_CASE("MaxUnpool: duplicate indices (the last wins) and 9's missing strides default", "[MaxUnpool][pool]") {
  const RunResult dup = run_node("MaxUnpool", 11, {floats({1, 1, 1, 2}, {3, 4}), int64s({1, 1, 1, 2}, {1, 1})},
                                 {make_attr("kernel_shape", Ints{1, 2})});
  CHECK(values_of(dup.outputs.at(0)) == std::vector<float>{0, 4, 0});  // (2 - 1) * 1 + 2 = 3 columns
  CHECK(dup.semantics.category == Semantics::kImplementationDefined);
  const Tensor x = floats({1, 1, 1, 2}, {3, 4});
  const Tensor i = int64s({1, 1, 1, 2}, {0, 2});
  CHECK(run_node("MaxUnpool", 9, {x, i}, {make_attr("kernel_shape", Ints{1, 2})}).semantics.category ==
        Semantics::kImplementationDefined);
  CHECK(run_node("MaxUnpool", 11, {x, i}, {make_attr("kernel_shape", Ints{1, 2})}).semantics.category ==
        Semantics::kDefined);
}

TEST_CASE("MaxUnpool inverts MaxPool: pooling the unpooled gives back the pooled", "[MaxUnpool][pool][oracle]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(0.5f, 9.5f);
  std::vector<float> v(2 * 3 * 6 * 8);
  for (float& e : v) e = u(rng);
  const Tensor x = floats({2, 3, 6, 8}, v);
  const RunResult pooled = run_node("MaxPool", 12, {x}, k2s2);
  SingleNodeModel spec{"MaxPool", "", 12, {{"A", DType::kFloat, x.shape()}}, {{"Y", DType::kFloat, {}}, {"I", DType::kInt64, {}}}, k2s2, 0};
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  const RunResult with_indices = Model::from_proto(proto, ".", "maxpool").run({x});
  const Tensor unpooled = run_node_output("MaxUnpool", 11, {with_indices.outputs.at(0), with_indices.outputs.at(1)}, k2s2);
  CHECK(unpooled.shape() == x.shape());
  CHECK(run_node_output("MaxPool", 12, {unpooled}, k2s2) == pooled.outputs.at(0));
}

TEST_CASE("MaxRoiPool's bins: floor and ceil of the roi's share, from its rounded corner", "[MaxRoiPool][pool]") {
  const Tensor x = image_4x5();
  // Columns 1..3 (3 wide) in 2 bins: [1, 3) and [2, 4); rows 0..3 in 2: [0, 2) and [2, 4).
  const RunResult r = run_node("MaxRoiPool", 22, {x, floats({1, 5}, {0, 1, 0, 3, 3})}, roi_attrs({2, 2}));
  CHECK(r.outputs.at(0).shape() == Shape{1, 1, 2, 2});
  CHECK(values_of(r.outputs.at(0)) == std::vector<float>{7, 8, 17, 18});
  CHECK(r.semantics.category == Semantics::kDefined);
  // The same roi at spatial_scale 0.5: 2, 0, 6, 6 -> 1, 0, 3, 3.
  CHECK(values_of(run_node_output("MaxRoiPool", 1, {x, floats({1, 5}, {0, 2, 0, 6, 6})}, roi_attrs({2, 2}, 0.5f))) ==
        std::vector<float>{7, 8, 17, 18});
  // One pixel, pooled 2x3: every bin is that pixel (row 2, column 4 = 14).
  CHECK(values_of(run_node_output("MaxRoiPool", 1, {x, floats({1, 5}, {0, 4, 2, 4, 2})}, roi_attrs({2, 3}))) ==
        std::vector<float>(6, 14));
}

TEST_CASE("MaxRoiPool: what the text leaves open is marked", "[MaxRoiPool][pool]") {
  const Tensor x = image_4x5();
  // -3 and 3 at 0.5: -1.5 and 1.5, rounded away from zero to -2 and 2; y 0 .. 1.5 -> 2.
  const RunResult halfway = run_node("MaxRoiPool", 1, {x, floats({1, 5}, {0, -3, 0, 3, 3})}, roi_attrs({1, 1}, 0.5f));
  CHECK(values_of(halfway.outputs.at(0)) == std::vector<float>{12});  // rows 0..2, columns 0..2 (clipped)
  CHECK(halfway.semantics.category == Semantics::kImplementationDefined);
  const RunResult outside = run_node("MaxRoiPool", 1, {x, floats({1, 5}, {0, 10, 10, 12, 12})}, roi_attrs({2, 2}));
  CHECK(values_of(outside.outputs.at(0)) == std::vector<float>(4, 0));
  CHECK(outside.semantics.category == Semantics::kImplementationDefined);
  check_invalid("MaxRoiPool", 1, {x, floats({1, 5}, {1, 0, 0, 1, 1})}, "batch_id", roi_attrs({2, 2}));
  check_invalid("MaxRoiPool", 1, {x, floats({1, 4}, {0, 0, 1, 1})}, "(num_rois, 5)", roi_attrs({2, 2}));
}

TEST_CASE("MaxRoiPool agrees with a Caffe-style oracle over random integer rois", "[MaxRoiPool][pool][oracle]") {
  std::mt19937 rng(11);
  const int h = 9, w = 13;
  std::vector<float> img(static_cast<size_t>(h * w));
  std::uniform_real_distribution<float> u(-4, 4);
  for (float& v : img) v = u(rng);
  const Tensor x = floats({1, 1, h, w}, img);
  std::uniform_int_distribution<int> coord(0, 12), bins(1, 5);
  for (int k = 0; k < 200; ++k) {
    std::vector<float> roi = {0, static_cast<float>(coord(rng)), static_cast<float>(coord(rng) % h),
                              static_cast<float>(coord(rng)), static_cast<float>(coord(rng) % h)};
    if (roi[3] < roi[1]) std::swap(roi[1], roi[3]);
    if (roi[4] < roi[2]) std::swap(roi[2], roi[4]);
    const int ph = bins(rng), pw = bins(rng);
    INFO("roi " << roi[1] << "," << roi[2] << "," << roi[3] << "," << roi[4] << " pooled " << ph << "x" << pw);
    const Tensor y = run_node_output("MaxRoiPool", 22, {x, floats({1, 5}, roi)}, roi_attrs({ph, pw}));
    CHECK(values_of(y) == caffe_roi(img, h, w, roi, ph, pw, 1.0f));
  }
}
