// STFT-17: the short-time Fourier transform of signal [batch][length][1 or 2] (real or
// complex): frame f starts at f frame_step, holds frame_length values, each times the
// window's value, and its DFT of length frame_length is output[b][f]; frames =
// (length - frame_length) / frame_step + 1 (the frames that fit). frame_length defaults to
// the window's length; the window defaults to ones. onesided (default 1) keeps the bins
// j <= frame_length/2 and is refused for a complex signal ("not possible").
// Every value is the exact sum of x_k w_k e^(-2 pi i jk/L), the products exact, rounded
// once (fourier_sum.h). Refused, each naming its rule: neither window nor frame_length, a
// window that is not 1-D or whose length differs from frame_length (the text pairs each
// window value with a frame value), frame_step or frame_length not positive, a frame longer
// than the signal, a signal not [batch][length][1 or 2]. Open (impl.-defined): NaN or
// infinity in a frame (NaN throughout that frame's spectrum).
#include <cmath>
#include <string>

#include "reference/node_check.h"
#include "reference/ops/shape/core.h"
#include "reference/ops/signal/fourier.h"
#include "reference/ops/signal/signal_ops.h"

namespace touchstone::ops {

namespace {

int64_t positive_scalar(const Tensor& t, const std::string& what) {
  if (t.rank() != 0)
    invalid_model(what + " has shape " + shape_to_string(t.shape()) + "; it must be a scalar");
  const int64_t v = shape::int_values(t, what).front();
  if (v <= 0) invalid_model(what + " " + std::to_string(v) + " is not positive");
  return v;
}

}  // namespace

Tensors stft_v17(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  if (x.rank() != 3 || (x.shape()[2] != 1 && x.shape()[2] != 2))
    invalid_model("signal has shape " + shape_to_string(x.shape()) + "; it must be [batch][length][1 or 2]");
  const int64_t batch = x.shape()[0], length = x.shape()[1], parts = x.shape()[2];
  const int64_t step = positive_scalar(in[1], "frame_step");
  if (!in.has(2) && !in.has(3))
    invalid_model("neither window nor frame_length is given: the frame's length is unknown");
  if (in.has(2) && in[2].rank() != 1)
    invalid_model("window has shape " + shape_to_string(in[2].shape()) + "; it must be 1-D");
  const int64_t frame = in.has(3) ? positive_scalar(in[3], "frame_length") : in[2].shape()[0];
  if (in.has(2) && in[2].shape()[0] != frame)
    invalid_model("window has length " + std::to_string(in[2].shape()[0]) + ", frame_length is " +
                  std::to_string(frame) + ": they must agree");
  if (frame <= 0) invalid_model("the window is empty: frame_length 0");
  const int64_t onesided = node.attr_int("onesided", 1);
  if (onesided != 0 && onesided != 1)
    invalid_model("onesided " + std::to_string(onesided) + " is not 0 or 1");
  if (onesided == 1 && parts == 2)
    invalid_model("onesided=1 with a complex signal: onesided output is not possible");
  if (length < frame)
    invalid_model("frame_length " + std::to_string(frame) + " exceeds the signal's length " +
                  std::to_string(length));
  const int64_t frames = (length - frame) / step + 1, bins = onesided ? frame / 2 + 1 : frame;
  node.record_terms(frame);

  const std::vector<double> v = signal::values_as_double(x);
  const std::vector<double> window =
      in.has(2) ? signal::values_as_double(in[2]) : std::vector<double>(static_cast<size_t>(frame), 1.0);
  Tensor out(x.dtype(), {batch, frames, bins, 2});
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto y = out.data<T>();
      signal::FourierSum sum(frame);
      std::vector<double> xr(static_cast<size_t>(frame)), xi(parts == 2 ? static_cast<size_t>(frame) : 0);
      std::vector<double> re(static_cast<size_t>(bins)), im(static_cast<size_t>(bins));
      for (int64_t b = 0; b < batch; ++b)
        for (int64_t f = 0; f < frames; ++f) {
          bool finite = true;
          for (int64_t k = 0; k < frame; ++k) {
            const size_t at = static_cast<size_t>((b * length + f * step + k) * parts);
            xr[static_cast<size_t>(k)] = v[at];
            if (parts == 2) xi[static_cast<size_t>(k)] = v[at + 1];
            finite = finite && std::isfinite(v[at]) && (parts == 1 || std::isfinite(v[at + 1])) &&
                     std::isfinite(window[static_cast<size_t>(k)]);
          }
          if (finite) {
            signal::transform_line(sum, xr, xi, window, false, bins, numeric::float_format<T>(), re, im);
          } else {
            node.mark(Semantics::kImplementationDefined,
                      "a NaN or infinity in a frame or the window: the reference gives NaN throughout that "
                      "frame's spectrum");
            std::fill(re.begin(), re.end(), NAN);
            std::fill(im.begin(), im.end(), NAN);
          }
          for (int64_t j = 0; j < bins; ++j) {
            const size_t at = static_cast<size_t>(((b * frames + f) * bins + j) * 2);
            y[at] = numeric::narrow<T>(re[static_cast<size_t>(j)]);
            y[at + 1] = numeric::narrow<T>(im[static_cast<size_t>(j)]);
          }
        }
    } else {
      throw std::logic_error("an STFT of a type T1 does not allow");
    }
  });
  return {out};
}

}  // namespace touchstone::ops
