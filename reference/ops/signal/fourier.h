// The transforms the Fourier ops share (DFT-17/20 in dft.cpp, STFT-17 in stft.cpp): one
// line of a signal in, one line of a spectrum (or, for the one-sided inverse, a real
// signal) out, every value the exact sum rounded once (fourier_sum.h).
#pragma once
#include <span>
#include <vector>

#include "reference/node.h"
#include "reference/ops/signal/fourier_sum.h"

namespace touchstone::ops::signal {

// The input's values, widened exactly to double (any real float type).
std::vector<double> values_as_double(const Tensor& t);

// y_j = sum_k (xr_k + i xi_k) w_k e^(-+2 pi i j k / n) for j < bins (forward: e^-, inverse:
// e^+ and 1/n), over the k < xr.size() given (the rest of the n are the zero padding). xi
// empty: a real signal; w empty: weights 1. Writes re[j], im[j] (the exact doubles of
// the values rounded to `format`).
void transform_line(FourierSum& sum, std::span<const double> xr, std::span<const double> xi,
                    std::span<const double> w, bool inverse, int64_t bins, numeric::FloatFormat format,
                    std::span<double> re, std::span<double> im);

// The one-sided inverse (IRFFT): the real signal x_t, t < n, whose spectrum's first values
// are X_k = xr_k + i xi_k (k < xr.size() <= n/2 + 1; the rest of the half spectrum is 0)
// and whose other half is their conjugate mirror: x_t = (1/n) sum_k c_k Re(X_k e^(2 pi i k t/n)),
// c_k = 2 except at k = 0 and k = n/2 (1). The imaginary parts of X_0 and X_(n/2) do not
// enter (a real signal's are 0).
void inverse_onesided_line(FourierSum& sum, std::span<const double> xr, std::span<const double> xi,
                           numeric::FloatFormat format, std::span<double> x);

}  // namespace touchstone::ops::signal
