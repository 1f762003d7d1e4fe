// Case specs of DFT-17 and DFT-20 (reference/ops/signal/dft.cpp). One recipe for both: 17
// takes the axis as an attribute, 20 as an optional input (its third).
// Sweeps: every T1 with a real and a complex signal; lengths 1, 2, 3, 5, 7, 8, 10, 16, 64
// (powers of two and not); inverse on complex and real input; RFFT (onesided, even and odd
// n) and IRFFT (default n = 2 (dim - 1), an odd dft_length); dft_length padding and cutting
// (int32 and int64); axis 0, a negative axis and a middle axis of a rank-4 signal; the
// default axis of a rank-4 signal (17: 1, 20: -2, so `touchstone diff DFT 17 20` shows it); a
// constant signal (exact zeros) and an impulse (exact ones); NaN in a line (impl.-defined).
// 20 also: the axis input left out (default -2) and dft_length left out with the axis given.
// Refusals: the last axis as axis (-1 and r - 1), a last axis of 3, dft_length 0 and not a
// scalar, RFFT of a complex input, IRFFT of a real one, inverse 2, a rank-1 input.
// Judging (fourier_element_bounds): an FFT computes each output through L levels of
// butterflies (L = log2 n for a power of two); each level's complex product with a twiddle
// (itself a rounded cos/sin of a rounded angle, within about 8u) and its addition err by
// at most about 12u relative to the magnitudes that flow through it, and the magnitudes
// reaching one output sum to at most M = sum_k |xr_k| + |xi_k| over the line (times the
// mirror's 2 in an IRFFT, over n for an inverse). So |y - y*| <= u (12 L + 4) M per element
// (the 4: the output's own rounding and slack). A length that is not a power of two may be
// summed directly (Bluestein's or the O(n^2) sum: n terms, twiddles of angles up to
// 2 pi n): L = n there.
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/signal/signal_cases.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

struct DftDraft {
  std::string name;
  Tensor signal;
  std::optional<int64_t> length;  // dft_length (an int64 scalar unless length_type says)
  std::optional<int64_t> axis;    // 17: the attribute; 20: the input
  Attrs attrs = {};
  std::vector<std::string> tags = {};
  std::string rule = "";
  DType length_type = DType::kInt64;
};

Tensor scalar_of(DType t, int64_t v) { return tensor_of(t, {}, {static_cast<double>(v)}); }

void add_dft(const CatalogRow& row, std::vector<CaseDraft>& out, DftDraft d) {
  CaseDraft c;
  c.name = d.name;
  c.inputs.push_back(d.signal);
  c.attributes = d.attrs;
  const bool axis_input = row.since_version >= 20;
  if (d.length) c.inputs.push_back(scalar_of(d.length_type, *d.length));
  if (d.axis && !axis_input) c.attributes.push_back(make_attr("axis", *d.axis));
  if (d.axis && axis_input) {
    if (!d.length) c.omitted_inputs.push_back(1);
    c.inputs.push_back(scalar_of(DType::kInt64, *d.axis));
  }
  c.tags = d.tags;
  if (!d.rule.empty()) {
    c.tags.insert(c.tags.begin(), "negative");
    c.invalid_rule = row.label() + ": " + d.rule;
  }
  out.push_back(std::move(c));
}

Tensor signal(const std::string& seed, DType t, const Shape& shape) {
  Rng rng(seed_of(seed));
  return random_tensor(rng, t, shape, Domain{.exp_lo = -2, .exp_hi = 2});
}

Attrs flags(int64_t inverse, int64_t onesided) {
  Attrs a;
  if (inverse) a.push_back(make_attr("inverse", inverse));
  if (onesided) a.push_back(make_attr("onesided", onesided));
  return a;
}

}  // namespace

void dft_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string l = row.label() + "/";
  for (DType t : allowed_dtypes(schema_of(row), "T1")) {
    const std::string ts(dtype_short_name(t));
    add_dft(row, out, {"real_2x8_" + ts, signal(l + "r" + ts, t, {2, 8, 1})});
    add_dft(row, out, {"complex_2x8_" + ts, signal(l + "c" + ts, t, {2, 8, 2})});
    for (DType lt : {DType::kInt64, DType::kInt32}) {
      add_dft(row, out,
              {"pad_to_10_" + ts + "_" + std::string(dtype_short_name(lt)),
               signal(l + "p" + ts, t, {1, 8, 2}),
               10,
               -2,  // 20: all three inputs
               {},
               {},
               "",
               lt});
      out.back().smoke = true;  // the smoke profile's case of each type pair
    }
  }
  const DType f = DType::kFloat;
  for (int64_t n : {1, 2, 3, 5, 7, 8, 10, 16, 64})
    add_dft(row, out, {"complex_n" + std::to_string(n), signal(l + "n" + std::to_string(n), f, {1, n, 2})});
  add_dft(row, out, {"real_n10", signal(l + "rn10", f, {3, 10, 1})});
  add_dft(row, out, {"inverse_complex_n8", signal(l + "i8", f, {2, 8, 2}), {}, {}, flags(1, 0)});
  add_dft(row, out, {"inverse_complex_n6", signal(l + "i6", f, {2, 6, 2}), {}, {}, flags(1, 0)});
  add_dft(row, out, {"inverse_real_n5", signal(l + "ir5", f, {1, 5, 1}), {}, {}, flags(1, 0)});
  add_dft(row, out, {"rfft_n8", signal(l + "rf8", f, {2, 8, 1}), {}, {}, flags(0, 1)});
  add_dft(row, out, {"rfft_n7", signal(l + "rf7", f, {2, 7, 1}), {}, {}, flags(0, 1)});
  add_dft(row, out, {"irfft_default_length", signal(l + "irf", f, {2, 5, 2}), {}, {}, flags(1, 1)});
  add_dft(row, out, {"irfft_length_7", signal(l + "irf7", f, {1, 4, 2}), 7, {}, flags(1, 1)});
  add_dft(row, out, {"pad_to_12", signal(l + "p12", f, {2, 8, 2}), 12});
  add_dft(row, out, {"cut_to_5_int32", signal(l + "c5", f, {2, 8, 1}), 5, {}, {}, {}, "", DType::kInt32});
  add_dft(row, out, {"axis_0", signal(l + "a0", f, {6, 2, 2}), {}, 0});
  add_dft(row, out, {"axis_minus_3", signal(l + "am3", f, {4, 3, 2}), {}, -3});
  add_dft(row, out, {"axis_2_rank_4", signal(l + "a2", f, {2, 3, 4, 2}), {}, 2});
  add_dft(row, out,
          {"default_axis_rank_4", signal(l + "d4", f, {2, 3, 2, 2})});  // 17: axis 1; 20: -2 (axis 2)
  add_dft(row, out, {"constant_n5", tensor_of(f, {1, 5, 1}, {1, 1, 1, 1, 1})});
  add_dft(row, out, {"impulse_n7", tensor_of(f, {1, 7, 1}, {1, 0, 0, 0, 0, 0, 0})});
  add_dft(row, out, {"double_n12", signal(l + "d12", DType::kDouble, {1, 12, 2})});
  add_dft(
      row, out,
      {"nan_in_a_line", tensor_of(f, {2, 4, 1}, {1, NAN, 2, 3, 1, 2, 3, 4}), {}, {}, {}, {"special-values"}});
  if (row.since_version >= 20) {
    add_dft(row, out, {"axis_input_omitted", signal(l + "ao", f, {2, 4, 2})});
    add_dft(row, out, {"dft_length_omitted_axis_0", signal(l + "lo", f, {4, 3, 1}), {}, 0});
  }
  const Tensor base = signal(l + "base", f, {2, 4, 2});
  add_dft(row, out,
          {"refuse_axis_minus_1", base, {}, -1, {}, {"attribute"}, "axis -1 is the complex parts' axis"});
  add_dft(row, out,
          {"refuse_axis_last", base, {}, 2, {}, {"attribute"}, "axis r - 1 is the complex parts' axis"});
  add_dft(row, out,
          {"refuse_last_axis_3",
           signal(l + "l3", f, {2, 4, 3}),
           {},
           {},
           {},
           {"shape"},
           "the last axis is 1 or 2"});
  add_dft(row, out, {"refuse_dft_length_0", base, 0, {}, {}, {"shape"}, "dft_length 0 is not positive"});
  add_dft(row, out,
          {"refuse_rfft_complex",
           base,
           {},
           {},
           flags(0, 1),
           {"attribute"},
           "RFFT (onesided=1, inverse=0) takes a real input"});
  add_dft(row, out,
          {"refuse_irfft_real",
           signal(l + "ireal", f, {2, 4, 1}),
           {},
           {},
           flags(1, 1),
           {"attribute"},
           "IRFFT (onesided=1, inverse=1) takes a complex input"});
  add_dft(row, out,
          {"refuse_inverse_2",
           base,
           {},
           {},
           {make_attr("inverse", int64_t{2})},
           {"attribute"},
           "inverse is 0 or 1"});
  add_dft(row, out,
          {"refuse_rank_1",
           signal(l + "r1", f, {4}),
           {},
           0,
           {},
           {"shape"},
           "the input needs a signal axis and a last axis"});
  add_dft(row, out, {"refuse_dft_length_not_scalar", base, {}, {}, {}, {"shape"}, "dft_length is a scalar"});
  out.back().inputs.push_back(tensor_of(DType::kInt64, {1}, {4}));
  if (row.since_version >= 20) out.back().omitted_inputs.clear();
}

namespace {

int64_t scalar_value(const std::optional<Tensor>& t, int64_t fallback) {
  if (!t) return fallback;
  const std::vector<double> v = values_of(*t);
  return v.empty() ? fallback : static_cast<int64_t>(v.front());
}

}  // namespace

// u (12 L + 4) M per element, M the line's magnitudes (the recipe's comment).
double fourier_levels(int64_t n) {
  if (n <= 1) return 0;
  if ((n & (n - 1)) == 0) return std::log2(static_cast<double>(n));
  return static_cast<double>(n);
}

std::vector<std::vector<double>> dft_element_bounds(const BoundCase& c) {
  const Tensor& x = *c.inputs.at(0);
  const Tensor& y = c.expected.at(0);
  const Shape& s = x.shape();
  const auto r = static_cast<int64_t>(s.size());
  const int64_t parts = s.back();
  int64_t axis = c.since_version >= 20 ? scalar_value(c.inputs.size() > 2 ? c.inputs[2] : std::nullopt, -2)
                                       : c.int_attr("axis").value_or(1);
  if (axis < 0) axis += r;
  const bool inverse = c.int_attr("inverse").value_or(0) == 1,
             onesided = c.int_attr("onesided").value_or(0) == 1;
  const bool irfft = inverse && onesided;
  const int64_t dim = s[static_cast<size_t>(axis)];
  const int64_t n =
      scalar_value(c.inputs.size() > 1 ? c.inputs[1] : std::nullopt, irfft ? 2 * (dim - 1) : dim);
  const int64_t used = std::min(dim, irfft ? n / 2 + 1 : n), bins = y.shape()[static_cast<size_t>(axis)];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= s[static_cast<size_t>(d)];
  for (int64_t d = axis + 1; d < r - 1; ++d) inner *= s[static_cast<size_t>(d)];
  const std::vector<double> v = values_of(x);
  const BoundUnits k(y.dtype());
  const double factor =
      k.u * (12 * fourier_levels(n) + 4) * (irfft ? 2.0 : 1.0) / (inverse ? static_cast<double>(n) : 1.0);
  const int64_t out_parts = y.shape().back();
  std::vector<double> out(static_cast<size_t>(y.size()));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      double m = 0;
      for (int64_t kk = 0; kk < used; ++kk)
        for (int64_t p = 0; p < parts; ++p)
          m += std::fabs(v[static_cast<size_t>(((o * dim + kk) * inner + i) * parts + p)]);
      if (!std::isfinite(m)) m = INFINITY;
      for (int64_t j = 0; j < bins; ++j)
        for (int64_t p = 0; p < out_parts; ++p)
          out[static_cast<size_t>(((o * bins + j) * inner + i) * out_parts + p)] = factor * m + k.eta;
    }
  return {out};
}

}  // namespace touchstone::cases
