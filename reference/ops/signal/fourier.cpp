// The line transforms of fourier.h. Every output element is one FourierSum: its terms are
// the inputs times the cosines of multiples of pi/(2n). With m = j k mod n the angle
// 2 pi j k/n is 4m such units; sin t = cos(t - pi/2) is 4m - n, -sin t = cos(t + pi/2)
// is 4m + n. So, with e^(-+it) = cos t -+ i sin t:
//   forward  Re = xr cos t + xi sin t,  Im = xi cos t - xr sin t
//   inverse  Re = xr cos t - xi sin t,  Im = xi cos t + xr sin t   (then / n)
#include "reference/ops/signal/fourier.h"

#include "reference/numeric/exact.h"

namespace touchstone::ops::signal {

std::vector<double> values_as_double(const Tensor& t) {
  std::vector<double> out;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (T v : t.data<T>()) out.push_back(numeric::widen(v));
    } else {
      throw std::logic_error("a Fourier op read a tensor that is not of a real float type");
    }
  });
  return out;
}

void transform_line(FourierSum& sum, std::span<const double> xr, std::span<const double> xi,
                    std::span<const double> w, bool inverse, int64_t bins, numeric::FloatFormat format,
                    std::span<double> re, std::span<double> im) {
  const int64_t n = sum.length(), quarter = inverse ? n : -n;  // sin t's shift for Re
  const auto used = static_cast<int64_t>(xr.size());
  for (int64_t j = 0; j < bins; ++j) {
    for (int part = 0; part < 2; ++part) {  // 0: Re, 1: Im
      sum.clear();
      for (int64_t k = 0; k < used; ++k) {
        const int64_t a = 4 * ((j * k) % n);
        const double weight = w.empty() ? 1.0 : w[static_cast<size_t>(k)];
        const double r = xr[static_cast<size_t>(k)], i = xi.empty() ? 0.0 : xi[static_cast<size_t>(k)];
        if (part == 0) {
          sum.add(r, weight, a);            // xr cos t
          sum.add(i, weight, a + quarter);  // forward +xi sin t, inverse -xi sin t
        } else {
          sum.add(i, weight, a);            // xi cos t
          sum.add(r, weight, a - quarter);  // forward -xr sin t, inverse +xr sin t
        }
      }
      (part == 0 ? re : im)[static_cast<size_t>(j)] = sum.rounded(inverse ? n : 1, format);
    }
  }
}

void inverse_onesided_line(FourierSum& sum, std::span<const double> xr, std::span<const double> xi,
                           numeric::FloatFormat format, std::span<double> x) {
  const int64_t n = sum.length();
  const auto used = static_cast<int64_t>(xr.size());
  for (int64_t t = 0; t < n; ++t) {
    sum.clear();
    for (int64_t k = 0; k < used; ++k) {
      const int64_t a = 4 * ((k * t) % n);
      const double c = (k == 0 || 2 * k == n) ? 1.0 : 2.0;
      sum.add(xr[static_cast<size_t>(k)], c, a);      // Re(X e^(it)) = xr cos t - xi sin t
      sum.add(xi[static_cast<size_t>(k)], c, a + n);  // (0 at k = 0 and k = n/2: cos(pi/2 + m pi))
    }
    x[static_cast<size_t>(t)] = sum.rounded(n, format);
  }
}

}  // namespace touchstone::ops::signal
