// GridSample-16 (4-D X; modes bilinear, nearest, bicubic), 20 (N-D X; modes linear, nearest,
// cubic; "nearest" rounds a halfway point to the even index; 22 shares it: +bfloat16).
//
// Each output position reads its normalized location from grid (the last axis lists the
// coordinates innermost axis first). Along each spatial axis of size S the location g maps
// to the pixel coordinate c (geometry_exact.h: ((g + 1) S - 1) / 2, or (g + 1)(S - 1) / 2
// with align_corners), exactly; padding_mode border clamps c to [0, S - 1], reflection
// reflects it by the borders -1 and 1 name (cubic leaves it and pads each tap instead, as
// PyTorch does; for reflection the same values). Then, per axis, the taps and their weights:
// nearest the one pixel nearest c; linear floor(c) and floor(c) + 1 weighted 1 - t and t
// (t = c - floor(c)); cubic floor(c) - 1 .. floor(c) + 2 weighted by Keys' kernel with
// a = -3/4. A tap outside X is 0 (zeros), the nearest border pixel (border) or its
// reflection (reflection). Y is the exact sum over the product of the axes' taps of the
// product of their weights times X, rounded once. This is what ONNX's reference and
// PyTorch's grid_sample compute (PyTorch clips a reflected coordinate to [0, S - 1]
// first, which changes no linear result).
//
// Integer X: "intermediate values are computed as floating point and cast to integer at
// the end": the exact value truncated toward zero (Cast's float -> int); bool: nonzero.
// What ONNX leaves open (marked, the reference's answer):
// - a nearest pick exactly halfway (16: the even index), or within float rounding of a half
//   (any version; the exact nearest): implementation-defined;
// - an integer result within float rounding of an integer, where truncation can go either
//   way: implementation-defined; outside the integer type: undefined (saturated);
// - cubic with border padding at a location outside X: the taps clamped one by one
//   (PyTorch's), where "border values for out-of-bound grid locations" could also mean the
//   clamped location's value: implementation-defined;
// - an infinity or NaN of X under a zero weight (IEEE 0 x inf: NaN): implementation-defined;
// - a NaN or infinite grid value: undefined (NaN; integer types 0);
// - zeros padding on a string X (the empty string): implementation-defined;
// - linear or cubic on a string X (no arithmetic: the string of the tap with the largest
//   weight): undefined.
// Complex X: real and imaginary parts sampled alike.
#include <functional>
#include <string>
#include <vector>

#include "reference/error.h"
#include "reference/ops/geometry/geometry_exact.h"
#include "reference/ops/geometry/geometry_ops.h"

namespace touchstone::ops {

namespace {

using geometry::Rational;

enum class GridInterpolation { kNearest, kLinear, kCubic };
enum class GridPadding { kZeros, kBorder, kReflection };

// What one version's text gives.
struct GridRules {
  bool n_dimensional;  // 20: any rank r + 2; 16: 4-D only
  const char* linear;  // the mode names: "bilinear"/"bicubic" (16), "linear"/"cubic" (20)
  const char* cubic;
  bool halfway_named;  // 20: "rounds to the nearest even index" when halfway
};

struct GridSetup {
  GridInterpolation mode = GridInterpolation::kLinear;
  GridPadding padding = GridPadding::kZeros;
  bool align = false;
  Shape sizes;        // X's spatial sizes, outermost first
  double grid_u = 0;  // the grid type's unit roundoff
};

// One tap along one axis: its pixel (-1: zero padding) and weight.
struct GridTap {
  int64_t index;
  Rational weight;
};

GridSetup grid_setup(const Node& node, const Tensor& x, const Tensor& grid, const GridRules& rules) {
  if (!rules.n_dimensional && x.rank() != 4) invalid_model("X is 4-D (N, C, H, W), not " + shape_to_string(x.shape()));
  if (x.rank() < 3) invalid_model("X is (N, C, D1, ..., Dr) with r >= 1, not " + shape_to_string(x.shape()));
  const int64_t r = x.rank() - 2;
  if (grid.rank() != x.rank() || grid.shape()[0] != x.shape()[0] || grid.shape().back() != r)
    invalid_model("grid is (N, D1_out, ..., Dr_out, r) with X's N and r = " + std::to_string(r) + ", not " +
                  shape_to_string(grid.shape()));
  GridSetup s;
  const std::string mode = node.attr_string("mode", rules.linear);
  if (mode == "nearest") s.mode = GridInterpolation::kNearest;
  else if (mode == rules.linear) s.mode = GridInterpolation::kLinear;
  else if (mode == rules.cubic) s.mode = GridInterpolation::kCubic;
  else invalid_model("mode is one of " + std::string(rules.linear) + ", nearest, " + rules.cubic + ", not " + mode);
  const std::string padding = node.attr_string("padding_mode", "zeros");
  if (padding == "zeros") s.padding = GridPadding::kZeros;
  else if (padding == "border") s.padding = GridPadding::kBorder;
  else if (padding == "reflection") s.padding = GridPadding::kReflection;
  else invalid_model("padding_mode is one of zeros, border, reflection, not " + padding);
  const int64_t align = node.attr_int("align_corners", 0);
  if (align != 0 && align != 1) invalid_model("align_corners is 0 or 1");
  s.align = align == 1;
  s.sizes.assign(x.shape().begin() + 2, x.shape().end());
  s.grid_u = std::ldexp(1.0, -numeric::float_format<float>().precision);
  return s;
}

// A tap's pixel under the padding mode (-1: the zero of zeros padding).
int64_t padded_index(const mpz_class& k, int64_t size, const GridSetup& s) {
  const mpz_class last = size - 1;
  if (k >= 0 && k <= last) return k.get_si();
  if (s.padding == GridPadding::kZeros) return -1;
  if (s.padding == GridPadding::kBorder) return k < 0 ? 0 : size - 1;
  const Rational reflected = geometry::reflect(Rational(k), geometry::reflection_borders(size, s.align));
  return std::clamp<long>(geometry::floor_of(reflected).get_si(), 0, size - 1);
}

// The taps of one axis for grid value g; empty for a NaN or infinite g.
std::vector<GridTap> axis_taps(const Node& node, const GridSetup& s, const GridRules& rules, int64_t size, double g) {
  if (!std::isfinite(g)) {
    node.mark(Semantics::kUndefined, "a NaN or infinite grid value (NaN; integer types 0)");
    return {};
  }
  Rational c = geometry::unnormalize(geometry::exact(g), size, s.align);
  const Rational last(static_cast<long>(size - 1));
  if (s.mode == GridInterpolation::kCubic) {
    // Cubic pads each tap, not the coordinate (PyTorch, ONNX's reference, ONNX Runtime). For
    // reflection that is the same (Keys' kernel is even, the borders integer or half-integer);
    // for border at a location outside X, "border values for out-of-bound grid locations" could
    // also mean the clamped location's value.
    if (s.padding == GridPadding::kBorder && (c < 0 || c > last))
      node.mark(Semantics::kImplementationDefined, "cubic with border padding at a location outside X (taps clamped one by one)");
  } else if (s.padding == GridPadding::kBorder) {
    c = std::clamp(c, Rational(0), last);
  } else if (s.padding == GridPadding::kReflection) {
    c = geometry::reflect(c, geometry::reflection_borders(size, s.align));
  }
  if (s.mode == GridInterpolation::kNearest) {
    bool tie = false;
    const mpz_class k = geometry::nearest_even(c, &tie);
    if (tie && !rules.halfway_named)
      node.mark(Semantics::kImplementationDefined, "a nearest pick halfway between two pixels (16: the even one)");
    if (!tie && geometry::distance_to_half(c) <= geometry::coordinate_tolerance(g, size, s.grid_u))
      node.mark(Semantics::kImplementationDefined, "a nearest pick within float rounding of a half (the exact one)");
    return {{padded_index(k, size, s), Rational(1)}};
  }
  const mpz_class f = geometry::floor_of(c);
  const Rational t = c - Rational(f);
  if (s.mode == GridInterpolation::kLinear)
    return {{padded_index(f, size, s), 1 - t}, {padded_index(f + 1, size, s), t}};
  const auto w = geometry::cubic_weights(t);
  std::vector<GridTap> taps;
  for (int k = 0; k < 4; ++k) taps.push_back({padded_index(f + (k - 1), size, s), w[static_cast<size_t>(k)]});
  return taps;
}

// Every combination of the axes' taps: its flat offset in an image (-1: a zero) and weight.
std::vector<GridTap> combined_taps(const std::vector<std::vector<GridTap>>& axes, const Shape& sizes) {
  std::vector<GridTap> out = {{0, Rational(1)}};
  for (size_t d = 0; d < axes.size(); ++d) {
    std::vector<GridTap> next;
    for (const GridTap& a : out)
      for (const GridTap& b : axes[d]) {
        const int64_t offset = (a.index < 0 || b.index < 0) ? -1 : a.index * sizes[d] + b.index;
        next.push_back({offset, a.weight * b.weight});
      }
    out = std::move(next);
  }
  return out;
}

// The exact weighted sum of one image's taps, as IEEE arithmetic would treat infinities.
template <class T>
T weighted_value(const Node& node, const T* image, const std::vector<GridTap>& taps) {
  Rational sum(0);
  bool nan = false, plus_inf = false, minus_inf = false, whole = true;
  for (const GridTap& tap : taps) {
    if (tap.index < 0 || tap.weight == 0) {
      if (tap.index >= 0) {
        const double v = static_cast<double>(numeric::widen(image[tap.index]));
        if (!std::isfinite(v)) {
          node.mark(Semantics::kImplementationDefined, "an infinity or NaN of X under a zero weight (0 x inf: NaN)");
          nan = true;
        }
      }
      continue;
    }
    if (tap.weight.get_den() != 1) whole = false;
    if constexpr (is_real_float<T>) {
      const double v = numeric::widen(image[tap.index]);
      if (std::isnan(v)) nan = true;
      else if (std::isinf(v)) ((v > 0) == (tap.weight > 0) ? plus_inf : minus_inf) = true;
      else sum += tap.weight * geometry::exact(v);
    } else if constexpr (std::is_same_v<T, bool>) {
      if (image[tap.index]) sum += tap.weight;
    } else if constexpr (std::is_signed_v<T>) {
      sum += tap.weight * Rational(static_cast<long>(image[tap.index]));
    } else {
      sum += tap.weight * Rational(static_cast<unsigned long>(image[tap.index]));
    }
  }
  if constexpr (is_real_float<T>) {
    if (nan || (plus_inf && minus_inf)) return numeric::narrow<T>(NAN);
    if (plus_inf || minus_inf) return numeric::narrow<T>(plus_inf ? INFINITY : -INFINITY);
    return geometry::rounded_as<T>(sum);
  } else if constexpr (std::is_same_v<T, bool>) {
    return sum != 0;
  } else {
    const mpz_class truncated(sum);  // toward zero
    const Rational gap = abs(sum - Rational(geometry::nearest_even(sum)));
    if (!whole && gap * 65536 <= std::max(Rational(abs(sum)), Rational(1)))
      node.mark(Semantics::kImplementationDefined, "an integer result within float rounding of an integer (truncated exactly)");
    using L = std::numeric_limits<T>;
    const mpz_class lowest = std::is_signed_v<T> ? mpz_class(static_cast<long>(L::min())) : mpz_class(0);
    const mpz_class highest(static_cast<unsigned long>(L::max()));
    if (truncated < lowest || truncated > highest) {
      node.mark(Semantics::kUndefined, "an integer result outside the type (saturated)");
      return truncated < 0 ? L::min() : L::max();
    }
    if constexpr (std::is_signed_v<T>) return static_cast<T>(truncated.get_si());
    else return static_cast<T>(truncated.get_ui());
  }
}

// A complex X: real and imaginary parts sampled alike (the weights are real).
template <class C>
C complex_value(const Node& node, const C* image, const std::vector<GridTap>& taps) {
  using R = typename C::value_type;
  std::vector<GridTap> shifted;  // the taps renumbered over two images of their pixels' parts
  std::vector<R> parts_re, parts_im;
  for (const GridTap& t : taps) {
    parts_re.push_back(t.index < 0 ? R(0) : image[t.index].real());
    parts_im.push_back(t.index < 0 ? R(0) : image[t.index].imag());
    shifted.push_back({t.index < 0 ? -1 : static_cast<int64_t>(shifted.size()), t.weight});
  }
  return C(weighted_value(node, parts_re.data(), shifted), weighted_value(node, parts_im.data(), shifted));
}

// The value of one image at one output position.
template <class T>
T grid_value(const Node& node, const GridSetup& s, const T* image, const std::vector<GridTap>& taps) {
  if (s.mode == GridInterpolation::kNearest || std::is_same_v<T, std::string>) {
    size_t pick = 0;  // nearest: the one tap; a string under linear/cubic: the largest weight
    for (size_t k = 1; k < taps.size(); ++k)
      if (taps[k].weight > taps[pick].weight) pick = k;
    if (s.mode != GridInterpolation::kNearest)
      node.mark(Semantics::kUndefined, "linear/cubic sampling of strings (no arithmetic: the string of the largest weight)");
    const int64_t k = taps[pick].index;
    if (k >= 0) return image[k];
    if constexpr (std::is_same_v<T, std::string>)
      node.mark(Semantics::kImplementationDefined, "zeros padding of a string X (the empty string)");
    return T{};
  }
  if constexpr (is_real_float<T> || std::is_integral_v<T>) return weighted_value(node, image, taps);
  else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
    return complex_value(node, image, taps);
  else throw std::logic_error("GridSample on a type outside T1");
}

Tensors grid_sample(const Node& node, const Inputs& in, const GridRules& rules) {
  const Tensor& x = in[0];
  const Tensor& grid = in[1];
  GridSetup s = grid_setup(node, x, grid, rules);
  visit_dtype(grid.dtype(), [&]<class G>() {
    if constexpr (is_real_float<G>) s.grid_u = std::ldexp(1.0, -numeric::float_format<G>().precision);
  });
  const int64_t n = x.shape()[0], channels = x.shape()[1], r = x.rank() - 2;
  Shape out_shape = {n, channels};
  out_shape.insert(out_shape.end(), grid.shape().begin() + 1, grid.shape().end() - 1);
  Tensor y(x.dtype(), out_shape);
  int64_t image = 1, positions = 1;
  for (int64_t d : s.sizes) image *= d;
  for (size_t d = 2; d < out_shape.size(); ++d) positions *= out_shape[d];
  node.record_terms(s.mode == GridInterpolation::kNearest ? 1 : (s.mode == GridInterpolation::kLinear ? 1 << r : 1 << (2 * r)));
  const std::vector<double> g = [&] {
    std::vector<double> v(static_cast<size_t>(grid.size()));
    visit_dtype(grid.dtype(), [&]<class G>() {
      if constexpr (is_real_float<G>)
        for (size_t i = 0; i < v.size(); ++i) v[i] = numeric::widen(grid.data<G>()[i]);
    });
    return v;
  }();
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || std::is_integral_v<T> || std::is_same_v<T, std::string> ||
                  std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
      const T* xs = x.data<T>().data();
      T* ys = y.data<T>().data();
      for (int64_t b = 0; b < n; ++b)
        for (int64_t p = 0; p < positions; ++p) {
          std::vector<std::vector<GridTap>> axes(static_cast<size_t>(r));
          bool bad_grid = false;
          for (int64_t d = 0; d < r; ++d) {  // grid lists the innermost axis first
            const double gv = g[static_cast<size_t>((b * positions + p) * r + (r - 1 - d))];
            axes[static_cast<size_t>(d)] = axis_taps(node, s, rules, s.sizes[static_cast<size_t>(d)], gv);
            bad_grid = bad_grid || axes[static_cast<size_t>(d)].empty();
          }
          const std::vector<GridTap> taps = bad_grid ? std::vector<GridTap>{} : combined_taps(axes, s.sizes);
          for (int64_t c = 0; c < channels; ++c) {
            T& out = ys[(b * channels + c) * positions + p];
            if (bad_grid) {
              if constexpr (is_real_float<T>) out = numeric::narrow<T>(NAN);
              else out = T{};
              continue;
            }
            out = grid_value(node, s, xs + (b * channels + c) * image, taps);
          }
        }
    } else {
      throw std::logic_error("GridSample on a type outside T1");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace

Tensors grid_sample_v16(const Node& node, const Inputs& in) {
  return grid_sample(node, in, {.n_dimensional = false, .linear = "bilinear", .cubic = "bicubic", .halfway_named = false});
}

Tensors grid_sample_v20(const Node& node, const Inputs& in) {
  return grid_sample(node, in, {.n_dimensional = true, .linear = "linear", .cubic = "cubic", .halfway_named = true});
}

}  // namespace touchstone::ops
