// Case specs of MaxRoiPool, every type each version allows (pool_specs_unpool.cpp's header
// says what they sweep). Roi coordinates are small integers (exact in every type), so the
// bins are what Caffe's arithmetic gives; where the text leaves the answer open the case is
// tagged and the reference marks it implementation-defined.
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/pool/pool_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;
using Rois = std::vector<std::vector<double>>;

struct RoiDrafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  Tensor rois_of(const Rois& rois) const {
    std::vector<double> flat;
    for (const auto& r : rois) flat.insert(flat.end(), r.begin(), r.end());
    return tensor_of(t, {static_cast<int64_t>(rois.size()), 5}, flat);
  }
  void one(const std::string& name, const Shape& x, const Rois& rois, std::vector<int64_t> pooled, float scale = 1,
           const char* tag = "random") {
    Attrs attrs = {make_attr("pooled_shape", pooled)};
    if (scale != 1) attrs.push_back(make_attr("spatial_scale", scale));
    add(out, name, {random_of(case_id(row, {t}, name), t, x), rois_of(rois)}, std::move(attrs), {tag}, "", smoke);
    smoke = false;
  }
  void refuse(const std::string& name, const Shape& x, const Shape& rois, std::vector<int64_t> pooled,
              const std::string& rule, std::vector<double> values = {}) {
    if (values.empty()) values.assign(static_cast<size_t>(rois[0] * rois[1]), 0.0);
    add(out, name, {random_of(case_id(row, {t}, name), t, x), tensor_of(t, rois, values)},
        {make_attr("pooled_shape", pooled)}, {"attribute"}, row.label() + ": " + rule, false);
  }
};

}  // namespace

void max_roi_pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    RoiDrafter d{row, t, out};
    const Shape x = {2, 3, 8, 10};
    d.one("rois_2x2", x, {{0, 0, 0, 9, 7}, {1, 2, 1, 6, 5}, {0, 4, 3, 4, 3}}, {2, 2});
    // A roi 5 high and 7 wide in 3x4 bins: rows [0,2) [1,4) [3,5), columns [0,2) [1,4) [3,6) [5,7).
    d.one("uneven_bins_3x4", x, {{1, 1, 2, 7, 6}, {0, 0, 0, 9, 7}}, {3, 4});
    d.one("bins_larger_than_roi", x, {{0, 3, 2, 4, 3}}, {3, 5});
    // Coordinates 2, 4, 14, 12 at scale 0.5: 1, 2, 7, 6.
    d.one("spatial_scale_0.5", x, {{1, 2, 4, 14, 12}, {0, 0, 0, 18, 14}}, {2, 3}, 0.5f);
    // 3 * 0.5 = 1.5: Caffe's round gives 2 (half away from zero), a round-to-even gives 2, 2.5 -> 3 or 2.
    d.one("halfway_coordinate", x, {{0, 3, 5, 11, 9}}, {2, 2}, 0.5f, "roi-rounding");
    d.one("roi_past_x_clipped", x, {{0, -2, -3, 12, 9}, {1, 7, 5, 13, 11}}, {2, 2}, 1, "roi-clipped");
    d.one("roi_outside_x_empty_bins", x, {{0, 20, 20, 25, 25}}, {2, 2}, 1, "empty-bin");
    d.one("x2_before_x1", x, {{0, 6, 5, 2, 1}}, {2, 2}, 1, "roi-reversed");
    d.one("no_rois", x, {}, {2, 2}, 1, "empty");
    const Tensor s = special_values(t);
    Tensor row_of(t, {1, 1, 1, s.size()});
    std::copy(s.bytes().begin(), s.bytes().end(), row_of.mutable_bytes().begin());
    add(out, "special_values", {row_of, d.rois_of({{0, 0, 0, static_cast<double>(s.size() - 1), 0}})},
        {make_attr("pooled_shape", std::vector<int64_t>{1, 3})}, {"special-values"}, "", false);
  }
  RoiDrafter first{row, allowed.front(), out, false};
  first.refuse("refuse_x_rank_3", {2, 3, 8}, {1, 5}, {2, 2}, "X is (N, C, H, W)");
  first.refuse("refuse_rois_shape", {2, 3, 8, 10}, {2, 4}, {2, 2}, "rois is (num_rois, 5)");
  first.refuse("refuse_pooled_shape_length", {2, 3, 8, 10}, {1, 5}, {2}, "pooled_shape is (height, width)");
  first.refuse("refuse_pooled_shape_zero", {2, 3, 8, 10}, {1, 5}, {0, 2}, "pooled_shape values are at least 1");
  first.refuse("refuse_batch_id_outside", {2, 3, 8, 10}, {1, 5}, {2, 2}, "batch_id is an index into X's N",
               {2, 0, 0, 3, 3});
}

}  // namespace touchstone::cases
