// Case specs of GridSample and AffineGrid (geometry_cases.h says what they sweep). Grid
// values are multiples of 1/32 in [-1.25, 1.25] plus 3/1024 (exact in float16 and wider,
// some outside [-1, 1] for the padding modes), so coordinates are short dyadic rationals;
// the cases that reach an open rule are tagged and the reference marks them.
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/geometry/geometry_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;

// Multiples of 1/32 in [lo, hi] drawn from the case's own seed, plus 3/1024: coordinates then
// sit off the halves (nearest picks) and weighted sums of integers off the integers, so the
// open rules are reached only where a case means to.
Tensor grid_values(const std::string& id, DType t, const Shape& shape, double lo = -1.25, double hi = 1.25) {
  Rng rng(seed_of(id + "/grid"));
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v)
    x = static_cast<double>(rng.integer(static_cast<int64_t>(lo * 32), static_cast<int64_t>(hi * 32))) / 32 + 3.0 / 1024;
  return tensor_of(t, shape, v);
}

struct GridDrafter {
  const CatalogRow& row;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  const char* linear() const { return row.since_version >= 20 ? "linear" : "bilinear"; }
  const char* cubic() const { return row.since_version >= 20 ? "cubic" : "bicubic"; }
  void one(const std::string& name, DType t, DType g, const Shape& x, const Shape& grid, const std::string& mode,
           const std::string& padding, int64_t align, std::vector<std::string> tags = {"random"}, Domain domain = {}) {
    const std::string id = case_id(row, {t, g}, name);
    Attrs attrs = {make_attr("mode", mode), make_attr("padding_mode", padding), make_attr("align_corners", align)};
    add(out, name, {random_of(id, t, x, domain), grid_values(id, g, grid)}, std::move(attrs), std::move(tags), "", smoke);
    smoke = false;
  }
  void with_grid(const std::string& name, DType t, const Shape& x, const Tensor& grid, const std::string& mode,
                 const std::string& padding, int64_t align, const char* tag) {
    Attrs attrs = {make_attr("mode", mode), make_attr("padding_mode", padding), make_attr("align_corners", align)};
    add(out, name, {random_of(case_id(row, {t, grid.dtype()}, name), t, x), grid}, std::move(attrs), {tag}, "", false);
  }
  void refuse(const std::string& name, const Shape& x, const Shape& grid, const std::string& mode, const std::string& rule) {
    add(out, name, {random_of(name, DType::kFloat, x), grid_values(name, DType::kFloat, grid)},
        {make_attr("mode", mode)}, {"attribute"}, row.label() + ": " + rule, false);
  }
};

// Random values everywhere, but two sweeps reach an open rule by design (the reference marks
// them, so they are tagged for it, not "random"): a nearest pick in a 16-bit grid type, whose
// coordinate a backend rounds to within a few hundredths of a pixel (near a half: open), and
// cubic with border padding outside X (taps clamped one by one, or the clamped location).
std::string grid_tag(const std::string& mode, const std::string& padding, DType g, const GridDrafter& d) {
  if (mode == "nearest" && dtype_bits(g) == 16) return "nearest-near-half";
  if (mode == d.cubic() && padding == "border") return "cubic-border-outside";
  return "random";
}

void every_mode(GridDrafter& d, DType t, DType g) {
  for (const std::string mode : {"nearest", d.linear(), d.cubic()})
    for (const std::string padding : {"zeros", "border", "reflection"})
      for (int64_t align : {0, 1})
        d.one(mode + "_" + padding + "_align" + std::to_string(align), t, g, {2, 2, 4, 5}, {2, 3, 4, 2}, mode, padding,
              align, {grid_tag(mode, padding, g, d)});
}

// One small case per (X type, grid type), each in smoke too (the sweeps above pair a float X
// with a grid of its own type, the other X types with float): linear with border padding
// (nearest for strings), so no tap reads the zeros padding.
void type_sweep(GridDrafter& d, const std::vector<DType>& values, const std::vector<DType>& grids) {
  for (DType t : values)
    for (DType g : grids) {
      d.smoke = true;
      const std::string mode = t == DType::kString ? "nearest" : d.linear();
      d.one("types", t, g, {1, 1, 3, 4}, {1, 2, 2, 2}, mode, "border", 0, {"types"}, {.int_lo = 0, .int_hi = 100});
    }
}

}  // namespace

void grid_sample_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  const auto& values = params[0].allowed;
  const auto& grids = params[1].allowed;
  GridDrafter d{row, out};
  for (DType t : values) {
    if (is_float_dtype(t)) {
      every_mode(d, t, t);
      d.one("reflection_far_outside", t, t, {1, 1, 3, 6}, {1, 2, 5, 2}, d.linear(), "reflection", 0);
      d.one("empty_grid", t, t, {1, 2, 3, 3}, {1, 0, 4, 2}, d.linear(), "zeros", 0, {"empty"});
      // g = 0 on an even axis: the coordinate S/2 - 1/2, halfway (16: open; 20: the even index).
      d.with_grid("nearest_halfway", t, {1, 1, 4, 4}, tensor_of(t, {1, 1, 3, 2}, {0, 0, 0.5, -0.5, -0.5, 0.25}),
                  "nearest", "zeros", 0, "nearest-halfway");
      const int64_t specials = special_values(t).size();
      d.with_grid("special_values", t, {1, 1, 1, specials}, tensor_of(t, {1, 1, 3, 2}, {-0.75, -1, 0.25, 1, 0.8125, 0}),
                  d.linear(), "zeros", 1, "special-values");
      out.back().inputs[0] = specials_as(t, {1, 1, 1, specials});
      if (row.since_version >= 20) {
        d.one("volumetric_linear", t, t, {1, 2, 3, 4, 5}, {1, 2, 3, 2, 3}, "linear", "border", 0);
        d.one("volumetric_nearest", t, t, {1, 2, 3, 4, 5}, {1, 2, 3, 2, 3}, "nearest", "reflection", 1,
              {grid_tag("nearest", "reflection", t, d)});
        d.one("volumetric_cubic", t, t, {1, 1, 4, 4, 4}, {1, 2, 2, 2, 3}, "cubic", "zeros", 0);
        d.one("one_dimensional", t, t, {2, 3, 7}, {2, 5, 1}, "linear", "reflection", 0);
      }
    } else {
      // Strings: border padding (zeros padding of a string is open).
      d.one("nearest", t, DType::kFloat, {1, 2, 3, 4}, {1, 2, 3, 2}, "nearest", t == DType::kString ? "border" : "zeros", 0);
      if (t == DType::kString) {  // named pixels, so a pick shows which
        auto names = out.back().inputs[0].data<std::string>();
        for (size_t i = 0; i < names.size(); ++i) names[i] = "p" + std::to_string(i);
      }
      if (t != DType::kString) {
        // Integer Y truncates the exact value: a result near an integer (or, cubic's overshoot,
        // outside an unsigned type) is open, so these are tagged for it.
        const std::string tag = is_integer_dtype(t) ? "integer-truncation" : "random";
        d.one("linear", t, DType::kFloat, {1, 2, 3, 4}, {1, 2, 3, 2}, d.linear(), "border", 1, {tag}, {.int_lo = 0, .int_hi = 100});
        d.one("cubic", t, DType::kFloat, {1, 2, 3, 4}, {1, 2, 3, 2}, d.cubic(), "reflection", 0, {tag}, {.int_lo = 0, .int_hi = 100});
      }
    }
  }
  type_sweep(d, values, grids);
  d.refuse("refuse_grid_last_axis", {1, 1, 4, 4}, {1, 2, 2, 3}, "nearest", "grid is (N, D1_out, ..., Dr_out, r)");
  d.refuse("refuse_grid_batch", {2, 1, 4, 4}, {1, 2, 2, 2}, "nearest", "grid is (N, D1_out, ..., Dr_out, r)");
  d.refuse("refuse_mode", {1, 1, 4, 4}, {1, 2, 2, 2}, row.since_version >= 20 ? "bilinear" : "linear", "mode is one of");
  if (row.since_version < 20) d.refuse("refuse_volumetric", {1, 1, 3, 4, 4}, {1, 2, 2, 2, 3}, "nearest", "X is 4-D");
}

void affine_grid_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const auto params = input_type_params(row);
  for (DType t : params.front().allowed) {
    bool smoke = true;  // each type's first draft
    auto one = [&](const std::string& name, const Shape& theta, std::vector<double> size, int64_t align, const char* tag) {
      const Tensor s = tensor_of(DType::kInt64, {static_cast<int64_t>(size.size())}, size);
      add(out, name, {random_of(case_id(row, {t, DType::kInt64}, name), t, theta), s}, {make_attr("align_corners", align)},
          {tag}, "", smoke);
      smoke = false;
    };
    one("2d_align0", {2, 2, 3}, {2, 3, 5, 6}, 0, "random");
    one("2d_align1", {2, 2, 3}, {2, 3, 5, 6}, 1, "random");
    one("3d_align0", {1, 3, 4}, {1, 2, 3, 4, 5}, 0, "random");
    one("3d_align1", {2, 3, 4}, {2, 1, 2, 3, 3}, 1, "random");
    one("one_pixel_align1", {1, 2, 3}, {1, 1, 1, 4}, 1, "one-pixel-axis");
    one("one_pixel_align0", {1, 2, 3}, {1, 1, 4, 1}, 0, "random");
    one("empty_size", {1, 2, 3}, {1, 1, 0, 4}, 0, "empty");
    // theta of the type's specials (zero-padded to whole (2, 3) matrices).
    const int64_t matrices = (special_values(t).size() + 5) / 6;
    add(out, "special_values", {specials_as(t, {matrices, 2, 3}), tensor_of(DType::kInt64, {4}, {static_cast<double>(matrices), 1, 2, 3})},
        {make_attr("align_corners", int64_t{0})}, {"special-values"}, "", false);
  }
  const Tensor theta = random_of("affine_refusal", DType::kFloat, {1, 2, 3});
  add(out, "refuse_theta_shape", {random_of("affine_refusal", DType::kFloat, {1, 2, 4}), tensor_of(DType::kInt64, {4}, {1, 1, 2, 2})},
      {}, {"attribute"}, row.label() + ": theta is (N, 2, 3) for 2-D or (N, 3, 4) for 3-D", false);
  add(out, "refuse_size_batch", {theta, tensor_of(DType::kInt64, {4}, {2, 1, 2, 2})}, {}, {"attribute"},
      row.label() + ": size's N is theta's N", false);
  add(out, "refuse_size_length", {theta, tensor_of(DType::kInt64, {5}, {1, 1, 2, 2, 2})}, {}, {"attribute"},
      row.label() + ": size is (N, C, H, W) for 2-D or (N, C, D, H, W) for 3-D", false);
}

}  // namespace touchstone::cases
