// DFT-17 and DFT-20: the discrete Fourier transform along one signal axis of a tensor whose
// last axis holds the real (size 1) or real and imaginary (size 2) parts.
//   y_j = sum_k x_k e^(-2 pi i j k/n)      inverse: x_t = (1/n) sum_k y_k e^(2 pi i k t/n)
// n = dft_length (an input in both versions): the signal is zero-padded to n or cut to its
// first n values. onesided=1 with inverse=0 (RFFT) takes a real signal and gives the bins
// j <= n/2; with inverse=1 (IRFFT) it takes the complex half spectrum (its first n/2 + 1
// values along the axis) and gives the real signal of length n whose spectrum is that half
// and its conjugate mirror; its default n is 2 (dim - 1).
// 17: axis is an attribute (default 1, the first axis after the batch). 20: axis is an
// optional scalar input (default -2, the last signal axis). Both accept [-r, -2] and
// [0, r - 2] (the last axis holds the complex parts).
// Every value is the exact sum rounded once (fourier_sum.h). Open (impl.-defined): a NaN or
// infinity in a line (the reference gives NaN throughout that line's transform); the
// imaginary parts of an IRFFT's X_0 and X_(n/2), which a real signal's spectrum has as 0
// (the reference ignores them, as the conjugate mirror's real part does).
#include <cmath>
#include <optional>
#include <string>

#include "reference/node_check.h"
#include "reference/ops/shape/core.h"
#include "reference/ops/signal/fourier.h"
#include "reference/ops/signal/signal_ops.h"

namespace touchstone::ops {

namespace {

using signal::FourierSum;

int64_t flag_attr(const Node& node, const std::string& name) {
  const int64_t v = node.attr_int(name, 0);
  if (v != 0 && v != 1) invalid_model(name + " " + std::to_string(v) + " is not 0 or 1");
  return v;
}

int64_t scalar_input(const Tensor& t, const std::string& what) {
  if (t.rank() != 0)
    invalid_model(what + " has shape " + shape_to_string(t.shape()) + "; it must be a scalar");
  return shape::int_values(t, what).front();
}

Tensors dft(const Node& node, const Tensor& x, std::optional<int64_t> length, int64_t axis) {
  const Shape& shape = x.shape();
  const int64_t r = x.rank();
  if (r < 2)
    invalid_model("input has rank " + std::to_string(r) +
                  "; it needs a signal axis and a last axis of the complex parts");
  const int64_t parts = shape.back();
  if (parts != 1 && parts != 2)
    invalid_model("input's last axis has size " + std::to_string(parts) +
                  "; it must be 1 (real) or 2 (complex)");
  if (axis < -r || axis > r - 2 || axis == -1)
    invalid_model("axis " + std::to_string(axis) + " is outside [-r, -2] and [0, r - 2] (r = " +
                  std::to_string(r) + "): the last axis holds the complex parts");
  if (axis < 0) axis += r;
  const bool inverse = flag_attr(node, "inverse") == 1, onesided = flag_attr(node, "onesided") == 1;
  if (onesided && !inverse && parts == 2)
    invalid_model("onesided=1 with inverse=0 (RFFT) takes a real input only (last axis 1)");
  if (onesided && inverse && parts == 1)
    invalid_model("onesided=1 with inverse=1 (IRFFT) takes a complex input only (last axis 2)");
  const int64_t dim = shape[static_cast<size_t>(axis)];
  const bool irfft = onesided && inverse;
  const int64_t n = length ? *length : irfft ? 2 * (dim - 1) : dim;
  if (n <= 0)
    invalid_model(std::string(length ? "dft_length " : "the default dft_length ") + std::to_string(n) +
                  " is not positive");
  const int64_t bins = irfft ? n : onesided ? n / 2 + 1 : n;
  const int64_t used = std::min(dim, irfft ? n / 2 + 1 : n);
  node.record_terms(n);

  Shape out_shape = shape;
  out_shape[static_cast<size_t>(axis)] = bins;
  out_shape.back() = irfft ? 1 : 2;
  Tensor out(x.dtype(), out_shape);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= shape[static_cast<size_t>(d)];
  for (int64_t d = axis + 1; d < r - 1; ++d) inner *= shape[static_cast<size_t>(d)];
  const std::vector<double> v = signal::values_as_double(x);

  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      const auto format = numeric::float_format<T>();
      auto y = out.data<T>();
      FourierSum sum(n);
      std::vector<double> xr(static_cast<size_t>(used)), xi(parts == 2 ? static_cast<size_t>(used) : 0);
      std::vector<double> re(static_cast<size_t>(bins)), im(static_cast<size_t>(bins));
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          bool finite = true;
          for (int64_t k = 0; k < used; ++k) {
            const size_t at = static_cast<size_t>(((o * dim + k) * inner + i) * parts);
            xr[static_cast<size_t>(k)] = v[at];
            if (parts == 2) xi[static_cast<size_t>(k)] = v[at + 1];
            finite = finite && std::isfinite(v[at]) && (parts == 1 || std::isfinite(v[at + 1]));
          }
          if (!finite) {
            node.mark(Semantics::kImplementationDefined,
                      "a NaN or infinity in a transformed line: the reference gives NaN throughout that "
                      "line's transform");
            std::fill(re.begin(), re.end(), NAN);
            std::fill(im.begin(), im.end(), NAN);
          } else if (irfft) {
            if ((used > 0 && xi[0] != 0) ||
                (n % 2 == 0 && used > n / 2 && xi[static_cast<size_t>(n / 2)] != 0))
              node.mark(Semantics::kImplementationDefined,
                        "an IRFFT's X_0 or X_(n/2) with an imaginary part (a real signal's are 0): the "
                        "reference ignores it");
            signal::inverse_onesided_line(sum, xr, xi, format, re);
          } else {
            signal::transform_line(sum, xr, xi, {}, inverse, bins, format, re, im);
          }
          const int64_t out_parts = irfft ? 1 : 2;
          for (int64_t j = 0; j < bins; ++j) {
            const size_t at = static_cast<size_t>(((o * bins + j) * inner + i) * out_parts);
            y[at] = numeric::narrow<T>(re[static_cast<size_t>(j)]);
            if (!irfft) y[at + 1] = numeric::narrow<T>(im[static_cast<size_t>(j)]);
          }
        }
    } else {
      throw std::logic_error("a DFT of a type T1 does not allow");
    }
  });
  return {out};
}

}  // namespace

Tensors dft_v17(const Node& node, const Inputs& in) {
  std::optional<int64_t> length;
  if (in.has(1)) length = scalar_input(in[1], "dft_length");
  return dft(node, in[0], length, node.attr_int("axis", 1));
}

Tensors dft_v20(const Node& node, const Inputs& in) {
  std::optional<int64_t> length;
  if (in.has(1)) length = scalar_input(in[1], "dft_length");
  const int64_t axis = in.has(2) ? scalar_input(in[2], "axis") : -2;
  return dft(node, in[0], length, axis);
}

}  // namespace touchstone::ops
