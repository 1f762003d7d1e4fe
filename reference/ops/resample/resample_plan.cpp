// Each axis's sampling plan, exactly (resample_plan.h). The source coordinate follows the
// text of Resize-11 and later (Resize-10 and Upsample: asymmetric); its floor and fraction t
// pick the taps:
// - nearest: one tap, the coordinate rounded by nearest_mode, clamped into [0, in);
// - linear: floor(x) and floor(x) + 1 with weights 1 - t and t;
// - cubic: floor(x) - 1 ... floor(x) + 2 with Keys' weights W(j - x);
// - antialias (18) with scale s < 1: every j with |s (j - x)| inside the filter's support
//   (1 linear, 2 cubic), weights K(s (j - x)) divided by their sum;
// - taps outside [0, in): clamped to the edge (ONNX's reference, ONNX Runtime), or with
//   exclude_outside dropped and the rest renormalized.
// What is marked implementation-defined here (the reference's answer in parentheses):
// - a nearest pick whose exact coordinate lies within float rounding of its rounding boundary
//   (a half for the round modes, an integer for floor/ceil): a backend computes the
//   coordinate in float32 and may land on the other side (the exact pick). An exact tie is
//   marked only when some step of the text's formula is not exact in float32;
// - Resize-10 and Upsample's nearest off the grid of an integer upscale: their texts never
//   say how "nearest" rounds (floor, which gives the Upsample example's replication);
// - Resize-11+: a scales input whose in x scale is not an integer: the text defines
//   scale = length_resized / length_original, implementations use the given scale (the
//   reference too); align_corners with one output (0/0: 0);
// - antialias reaching past X without exclude_outside (edge values, as ONNX's reference;
//   PyTorch's antialiased interpolation drops those taps).
#include "reference/ops/resample/resample_plan.h"

#include <cmath>
#include <string>

namespace touchstone::ops::resample {

namespace {

const mpq_class kHalf(1, 2);

mpz_class floor_of(const mpq_class& q) {
  mpz_class f;
  mpz_fdiv_q(f.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
  return f;
}

// The coordinate with the intermediate values of the text's formula (for the float32 check).
struct Coordinate {
  mpq_class value;
  std::vector<mpq_class> steps;
};

Coordinate half_pixel_family(const AxisRequest& a, const Options& o, int64_t x) {
  const mpq_class shifted = (mpq_class(x) + kHalf) / a.scale;
  Coordinate c{shifted - kHalf, {shifted}};
  if (o.coordinates == Coordinates::kTfHalfPixelForNn) c.value = shifted;
  if (o.coordinates == Coordinates::kPytorchHalfPixel && a.out <= 1) c = {0, {}};
  if (o.coordinates == Coordinates::kHalfPixelSymmetric) {
    // adjustment = output_width_int / output_width (the fractional in x scale); center = in / 2.
    const mpq_class adjustment = mpq_class(a.out) / (mpq_class(a.in) * a.scale);
    const mpq_class offset = mpq_class(a.in, 2) * (1 - adjustment);
    c = {offset + shifted - kHalf, {adjustment, offset, shifted}};
  }
  return c;
}

Coordinate coordinate_of(const AxisRequest& a, const Options& o, int64_t x) {
  const mpq_class span = a.in - 1;
  switch (o.coordinates) {
    case Coordinates::kAsymmetric: {
      const mpq_class v = mpq_class(x) / a.scale;
      return {v, {v}};
    }
    case Coordinates::kAlignCorners: {
      if (a.out <= 1) return {0, {}};
      const mpq_class v = mpq_class(x) * span / (a.out - 1);
      return {v, {mpq_class(x) * span}};
    }
    case Coordinates::kTfCropAndResize: {
      const mpq_class width = a.roi_end - a.roi_start;
      if (a.out <= 1) {
        const mpq_class v = kHalf * (a.roi_start + a.roi_end) * span;
        return {v, {a.roi_start + a.roi_end}};
      }
      const mpq_class start = a.roi_start * span, moved = mpq_class(x) * width * span;
      const mpq_class step = moved / (a.out - 1);
      return {start + step, {start, width, moved, step}};
    }
    default:
      return half_pixel_family(a, o, x);
  }
}

bool float32_exact(const mpq_class& q) {
  if (sgn(q) == 0) return true;
  if (mpz_popcount(q.get_den_mpz_t()) != 1) return false;  // not a power of two
  mpz_class n = abs(q.get_num());
  mpz_tdiv_q_2exp(n.get_mpz_t(), n.get_mpz_t(), mpz_scan1(n.get_mpz_t(), 0));
  return mpz_sizeinbase(n.get_mpz_t(), 2) <= 24;
}

// The nearest pick of coordinate v, and the distance to the boundary that decided it.
struct Pick {
  int64_t index;
  mpq_class distance;
};

Pick nearest_pick(const mpq_class& v, Rounding r) {
  const mpz_class f = floor_of(v);
  const mpq_class t = v - mpq_class(f);
  const int64_t base = f.get_si();
  const mpq_class to_integer = t < kHalf ? t : 1 - t;  // floor and ceil change at the integers
  if (r == Rounding::kFloor || r == Rounding::kFloorUnstated) return {base, to_integer};
  if (r == Rounding::kCeil) return {sgn(t) == 0 ? base : base + 1, to_integer};
  const bool up = r == Rounding::kRoundPreferFloor ? t > kHalf : t >= kHalf;
  return {up ? base + 1 : base, abs(t - kHalf)};
}

// |x| plus the magnitudes of the formula's steps: a float32 evaluation errs by a few units
// of roundoff of this.
double magnitude_of(const Coordinate& c) {
  mpq_class m = abs(c.value);
  for (const mpq_class& s : c.steps) m += abs(s);
  return m.get_d();
}

bool steps_exact(const Coordinate& c) {
  bool exact = float32_exact(c.value);
  for (const mpq_class& s : c.steps) exact = exact && float32_exact(s);
  return exact;
}

// How far a float32 backend's coordinate can be from the exact one.
double coordinate_error(const Coordinate& c) { return 8 * kCoordinateRoundoff * (magnitude_of(c) + 1); }

void mark_near_boundary(const Node& node, const Coordinate& c, const Pick& p) {
  const bool on_boundary = sgn(p.distance) == 0;
  if ((on_boundary && !steps_exact(c)) || (!on_boundary && p.distance.get_d() <= coordinate_error(c)))
    node.mark(Semantics::kImplementationDefined,
              "a nearest pick whose source coordinate lies within float32 rounding of its rounding boundary "
              "(the exact coordinate decides)");
}

// Nearest: one tap.
AxisSample nearest_sample(const Node& node, const AxisRequest& a, const Options& o, const Coordinate& c) {
  const Pick p = nearest_pick(c.value, o.rounding);
  mark_near_boundary(node, c, p);
  if (o.rounding == Rounding::kFloorUnstated && sgn(p.distance) != 0 && !(a.scale >= 1 && a.scale.get_den() == 1))
    node.mark(Semantics::kImplementationDefined,
              "nearest off the grid of an integer upscale: the text does not say how 'nearest' rounds (floor)");
  return {false, {{std::clamp<int64_t>(p.index, 0, a.in - 1), mpq_class(1), 0}}};
}

mpq_class triangle(const mpq_class& s) {
  const mpq_class w = 1 - abs(s);
  return sgn(w) > 0 ? w : mpq_class(0);
}

// Bounds on |K'(d)| and on the float evaluation of K(d) (the sum of its terms' magnitudes).
struct KernelSlope {
  double slope, terms;
};
KernelSlope kernel_slope(bool cubic, double d, double a) {
  d = std::fabs(d);
  if (!cubic) return {1, 1 + d};
  if (d <= 1) return {3 * std::fabs(a + 2) * d * d + 2 * std::fabs(a + 3) * d, std::fabs(a + 2) * d * d * d + std::fabs(a + 3) * d * d + 1};
  const double b = std::fabs(a);
  return {b * (3 * d * d + 10 * d + 8), b * (d * d * d + 5 * d * d + 8 * d + 4)};
}

// Divides the taps' weights by their sum, the errors by the quotient rule (first order).
void normalize(std::vector<Tap>& taps) {
  mpq_class sum = 0;
  double errors = 0;
  for (const Tap& t : taps) sum += t.weight, errors += t.error;
  const double total = sum.get_d(), n = static_cast<double>(taps.size());
  for (Tap& t : taps) {
    t.weight /= sum;
    const double w = std::fabs(t.weight.get_d());
    t.error = (t.error + w * errors) / std::fabs(total) + (n + 1) * kCoordinateRoundoff * w;
  }
}

// Linear or cubic: the filter's taps around c, stretched by 1/s when antialiasing downscales.
std::vector<Tap> filter_taps(const AxisRequest& a, const Options& o, const Coordinate& c) {
  const bool cubic = o.mode == Mode::kCubic;
  const bool stretch = o.antialias && a.scale < 1;
  const mpq_class s = stretch ? a.scale : mpq_class(1);
  const mpq_class reach = mpq_class(cubic ? 2 : 1) / s;
  const mpq_class& v = c.value;
  const int64_t first = floor_of(v - reach).get_si(), last = floor_of(v + reach).get_si() + 1;
  const double dx = coordinate_error(c), a_coeff = o.cubic_a.get_d();
  std::vector<Tap> taps;
  for (int64_t j = first; j <= last; ++j) {
    const mpq_class d = s * (mpq_class(j) - v);
    mpq_class w = cubic ? keys_weight(d, o.cubic_a) : triangle(d);
    if (sgn(w) == 0) continue;
    const KernelSlope k = kernel_slope(cubic, d.get_d(), a_coeff);
    taps.push_back({j, w, k.slope * s.get_d() * dx + 8 * kCoordinateRoundoff * k.terms});
  }
  if (stretch) normalize(taps);
  return taps;
}

AxisSample interpolated_sample(const Node& node, const AxisRequest& a, const Options& o, const Coordinate& c) {
  std::vector<Tap> taps = filter_taps(a, o, c);
  bool outside = false;
  for (const Tap& t : taps) outside = outside || t.index < 0 || t.index >= a.in;
  AxisSample sample;
  if (outside && o.exclude_outside) {
    for (const Tap& t : taps)
      if (t.index >= 0 && t.index < a.in) sample.taps.push_back(t);
    normalize(sample.taps);
    return sample;
  }
  if (outside && o.antialias && a.scale < 1)
    node.mark(Semantics::kImplementationDefined,
              "antialias filter reaching past X without exclude_outside (edge values, as ONNX's reference; PyTorch drops those taps)");
  for (Tap& t : taps) t.index = std::clamp<int64_t>(t.index, 0, a.in - 1);
  sample.taps = std::move(taps);
  return sample;
}

}  // namespace

mpq_class exact_rational(double v) {
  mpq_class q;
  mpq_set_d(q.get_mpq_t(), v);
  return q;
}

mpq_class keys_weight(const mpq_class& s, const mpq_class& a) {
  const mpq_class d = abs(s), d2 = d * d, d3 = d2 * d;
  if (d <= 1) return (a + 2) * d3 - (a + 3) * d2 + 1;
  if (d < 2) return a * d3 - 5 * a * d2 + 8 * a * d - 4 * a;
  return 0;
}

mpq_class source_coordinate(const AxisRequest& a, const Options& o, int64_t x) { return coordinate_of(a, o, x).value; }

AxisPlan axis_plan(const Node& node, const AxisRequest& a, const Options& o) {
  AxisPlan plan;
  plan.reserve(static_cast<size_t>(a.out));
  if (a.out > 0 && a.in == 0) invalid_model("an axis of length 0 cannot be resized to a nonzero length (nothing to sample)");
  if (o.coordinates == Coordinates::kAlignCorners && a.out == 1 && a.in > 1)
    node.mark(Semantics::kImplementationDefined, "align_corners with one output position: the text divides by 0 (0)");
  for (int64_t x = 0; x < a.out; ++x) {
    const Coordinate c = coordinate_of(a, o, x);
    if (o.coordinates == Coordinates::kTfCropAndResize && (c.value < 0 || c.value > a.in - 1)) {
      plan.push_back({true, {}});
      continue;
    }
    plan.push_back(o.mode == Mode::kNearest ? nearest_sample(node, a, o, c) : interpolated_sample(node, a, o, c));
  }
  return plan;
}

}  // namespace touchstone::ops::resample
