// Case specs of STFT-17 (reference/ops/signal/stft.cpp).
// Sweeps: every T1 with a window and frame_length; frame_length only (window ones), the
// window only (its length), onesided=0 on a real and on a complex signal, an odd frame
// length, a step past the frame's end (gaps), an int32 frame_step, a double signal, NaN in
// one frame (impl.-defined). Refusals: neither window nor frame_length, a window of
// another length, frame_step 0, a frame longer than the signal, a complex signal with the
// default onesided=1, a 2-D window, a signal of rank 2.
// Judging (stft_element_bounds): each frame is DFT's case (dft_specs.cpp) over the
// products x_k w_k, each rounded once more by the backend: u (12 L + 6) sum_k |x_k w_k|.
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/signal/signal_cases.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

Tensor scalar_of(DType t, int64_t v) { return tensor_of(t, {}, {static_cast<double>(v)}); }

Tensor values(const std::string& seed, DType t, const Shape& shape) {
  Rng rng(seed_of(seed));
  return random_tensor(rng, t, shape, Domain{.exp_lo = -2, .exp_hi = 2});
}

// signal, frame_step, then window and frame_length when given.
void add_stft(const CatalogRow& row, std::vector<CaseDraft>& out, std::string name, Tensor signal,
              Tensor step, std::optional<Tensor> window, std::optional<Tensor> length, Attrs attrs = {},
              std::vector<std::string> tags = {}, std::string rule = "") {
  CaseDraft c;
  c.name = std::move(name);
  c.inputs = {std::move(signal), std::move(step)};
  if (window) c.inputs.push_back(*window);
  if (length) {
    if (!window) c.omitted_inputs.push_back(2);
    c.inputs.push_back(*length);
  }
  c.attributes = std::move(attrs);
  c.tags = std::move(tags);
  if (!rule.empty()) {
    c.tags.insert(c.tags.begin(), "negative");
    c.invalid_rule = row.label() + ": " + rule;
  }
  out.push_back(std::move(c));
}

Attrs onesided(int64_t v) { return {make_attr("onesided", v)}; }

}  // namespace

void stft_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string l = row.label() + "/";
  const DType f = DType::kFloat, i64 = DType::kInt64;
  for (DType t : allowed_dtypes(schema_of(row), "T1"))
    for (DType st : allowed_dtypes(schema_of(row), "T2")) {
      const std::string ts(dtype_short_name(t)), sts(dtype_short_name(st));
      add_stft(row, out, "window_8_step_4_" + ts + "_" + sts, values(l + ts, t, {2, 24, 1}), scalar_of(st, 4),
               values(l + "w" + ts, t, {8}), scalar_of(st, 8), {});
      out.back().smoke = true;
    }
  add_stft(row, out, "frame_length_only", values(l + "fl", f, {1, 20, 1}), scalar_of(i64, 5), {},
           scalar_of(i64, 8));
  add_stft(row, out, "window_only", values(l + "wo", f, {2, 16, 1}), scalar_of(i64, 3),
           values(l + "wow", f, {6}), {});
  add_stft(row, out, "twosided_real", values(l + "tr", f, {1, 16, 1}), scalar_of(i64, 4),
           values(l + "trw", f, {8}), {}, onesided(0));
  add_stft(row, out, "twosided_complex", values(l + "tc", f, {2, 12, 2}), scalar_of(i64, 4),
           values(l + "tcw", f, {4}), {}, onesided(0));
  add_stft(row, out, "odd_frame_5", values(l + "o5", f, {1, 17, 1}), scalar_of(i64, 3),
           values(l + "o5w", f, {5}), scalar_of(i64, 5));
  add_stft(row, out, "step_past_frame", values(l + "sp", f, {1, 20, 1}), scalar_of(i64, 7), {},
           scalar_of(i64, 4));
  add_stft(row, out, "step_int32", values(l + "s32", f, {1, 16, 1}), scalar_of(DType::kInt32, 4),
           values(l + "s32w", f, {8}), scalar_of(DType::kInt32, 8));
  add_stft(row, out, "double_frames_10", values(l + "d", DType::kDouble, {1, 30, 1}), scalar_of(i64, 10),
           values(l + "dw", DType::kDouble, {10}), {});
  add_stft(row, out, "nan_in_a_frame", tensor_of(f, {1, 8, 1}, {1, 2, 3, 4, NAN, 1, 2, 3}), scalar_of(i64, 4),
           {}, scalar_of(i64, 4), {}, {"special-values"});
  const Tensor base = values(l + "base", f, {1, 16, 1});
  add_stft(row, out, "refuse_no_window_no_length", base, scalar_of(i64, 4), {}, {}, {}, {"shape"},
           "a window or frame_length is needed");
  add_stft(row, out, "refuse_window_length_differs", base, scalar_of(i64, 4), values(l + "wd", f, {6}),
           scalar_of(i64, 8), {}, {"shape"}, "the window's length is frame_length");
  add_stft(row, out, "refuse_step_0", base, scalar_of(i64, 0), {}, scalar_of(i64, 8), {}, {"shape"},
           "frame_step 0 is not positive");
  add_stft(row, out, "refuse_frame_past_signal", base, scalar_of(i64, 4), {}, scalar_of(i64, 32), {},
           {"shape"}, "frame_length 32 exceeds the signal's 16");
  add_stft(row, out, "refuse_complex_onesided", values(l + "co", f, {1, 16, 2}), scalar_of(i64, 4), {},
           scalar_of(i64, 8), {}, {"attribute"}, "onesided output is not possible for a complex signal");
  add_stft(row, out, "refuse_window_2d", base, scalar_of(i64, 4), values(l + "w2", f, {2, 4}), {}, {},
           {"shape"}, "the window has rank 1");
  add_stft(row, out, "refuse_signal_rank_2", values(l + "r2", f, {1, 16}), scalar_of(i64, 4), {},
           scalar_of(i64, 8), {}, {"shape"}, "the signal is [batch][length][1 or 2]");
}

std::vector<std::vector<double>> stft_element_bounds(const BoundCase& c) {
  const Tensor& x = *c.inputs.at(0);
  const Tensor& y = c.expected.at(0);
  const int64_t length = x.shape()[1], parts = x.shape()[2];
  const int64_t frames = y.shape()[1], bins = y.shape()[2];
  const std::vector<double> v = values_of(x);
  const auto step = static_cast<int64_t>(values_of(*c.inputs.at(1)).front());
  std::vector<double> w;
  if (c.inputs.size() > 2 && c.inputs[2]) w = values_of(*c.inputs[2]);
  const int64_t frame = c.inputs.size() > 3 && c.inputs[3]
                            ? static_cast<int64_t>(values_of(*c.inputs[3]).front())
                            : static_cast<int64_t>(w.size());
  const BoundUnits k(y.dtype());
  const double factor = k.u * (12 * fourier_levels(frame) + 6);
  std::vector<double> out(static_cast<size_t>(y.size()));
  for (int64_t b = 0; b < x.shape()[0]; ++b)
    for (int64_t f = 0; f < frames; ++f) {
      double m = 0;
      for (int64_t kk = 0; kk < frame; ++kk)
        for (int64_t p = 0; p < parts; ++p)
          m += std::fabs(v[static_cast<size_t>((b * length + f * step + kk) * parts + p)]) *
               (w.empty() ? 1.0 : std::fabs(w[static_cast<size_t>(kk)]));
      if (!std::isfinite(m)) m = INFINITY;
      for (int64_t j = 0; j < bins * 2; ++j)
        out[static_cast<size_t>((b * frames + f) * bins * 2 + j)] = factor * m + k.eta;
    }
  return {out};
}

}  // namespace touchstone::cases
