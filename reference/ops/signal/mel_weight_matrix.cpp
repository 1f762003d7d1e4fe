// MelWeightMatrix-17: the [dft_length/2 + 1][num_mel_bins] matrix of triangular filters
// that maps a one-sided spectrum's bins onto mel bands. The text fixes the mel scale,
// mel(f) = 2595 log10(1 + f/700), the range [lower_edge_hertz, upper_edge_hertz] and peaks
// of 1; it does not say how a band's edges become spectrogram bins. The reference follows
// ONNX's own reference implementation (its test data, test_melweightmatrix): M + 2 edges
// spaced in mel by (mel(upper) - mel(lower))/(M + 2) — M + 2, not M + 1, so the last edge
// stops one step short of upper_edge_hertz, as the test data shows —
// edge i at mel_i = mel(lower) + i (mel(upper) - mel(lower))/(M + 2), in hertz
// f_i = 700 (10^(mel_i/2595) - 1), as a bin floor((dft_length + 1) f_i / sample_rate). Band
// i rises from bin l = edge i to c = edge i+1 as (j - l)/(c - l) and falls to h = edge i+2
// as (h - j)/(h - c) (1 at c; a band with l = c is 1 at c alone).
// Exactly: 10^(mel_i/2595) = A^(1 - t) B^t with A = 1 + lower/700, B = 1 + upper/700,
// t = i/(M + 2) (the 2595 and log10 cancel), so each edge's bin is the floor of an exact real,
// decided on an enclosure (MPFR, directed roundings; every step is monotone for
// lower >= 0) at rising precision; the first edge (t = 0), and every edge when lower =
// upper, are rational and floored exactly. An enclosure still holding an integer at
// kEdgePrecisionCap bits takes that integer (the edge is taken as exactly on it). Each
// value is a quotient of integers rounded once. Open (impl.-defined, marked): the bins
// themselves (above); an integer output_datatype (the value truncated: 1 only at a peak);
// a bin past dft_length/2 (upper_edge_hertz above the Nyquist frequency: its entries are
// left out). Refused: num_mel_bins < 0, dft_length or sample_rate not positive, an edge
// below 0 or NaN, upper below lower, inputs that are not scalars, an output_datatype T3
// does not allow.
#include <mpfr.h>

#include <cmath>
#include <string>

#include "reference/node_check.h"
#include "reference/numeric/functions.h"
#include "reference/ops/shape/core.h"
#include "reference/ops/signal/fourier.h"
#include "reference/ops/signal/signal_ops.h"

namespace touchstone::ops {

namespace {

using numeric::MpfrValue;

constexpr mpfr_prec_t kEdgePrecisionCap = 1024;

int64_t int_scalar(const Tensor& t, const std::string& what) {
  if (t.rank() != 0)
    invalid_model(what + " has shape " + shape_to_string(t.shape()) + "; it must be a scalar");
  return shape::int_values(t, what).front();
}

double float_scalar(const Tensor& t, const std::string& what) {
  if (t.rank() != 0)
    invalid_model(what + " has shape " + shape_to_string(t.shape()) + "; it must be a scalar");
  return signal::values_as_double(t).front();
}

// floor((n + 1) x / rate) for an exact double x >= 0 (a rational: exact at 200 bits after
// an exact product, and rounding the quotient down never passes an integer below it).
int64_t rational_bin(double x, int64_t n, int64_t rate) {
  MpfrValue q(256);
  mpfr_set_d(q, x, MPFR_RNDN);
  mpfr_mul_si(q, q, n + 1, MPFR_RNDN);  // exact: 53 + 64 bits
  mpfr_div_si(q, q, rate, MPFR_RNDD);
  mpfr_floor(q, q);
  return mpfr_get_si(q, MPFR_RNDN);
}

// One end of floor((n + 1) 700 (A^(1 - t) B^t - 1) / rate), every step rounded `dir`
// (A, B >= 1 and t in [0, 1], so each step is monotone increasing in what it rounds).
void edge_end(mpfr_ptr z, double lower, double upper, int64_t i, int64_t m, int64_t n, int64_t rate,
              mpfr_rnd_t dir) {
  const mpfr_prec_t p = mpfr_get_prec(z);
  MpfrValue a(p), b(p), t(p), s(p);
  mpfr_set_d(a, lower, MPFR_RNDN);
  mpfr_div_ui(a, a, 700, dir);
  mpfr_add_ui(a, a, 1, dir);
  mpfr_log(a, a, dir);  // log A >= 0
  mpfr_set_d(b, upper, MPFR_RNDN);
  mpfr_div_ui(b, b, 700, dir);
  mpfr_add_ui(b, b, 1, dir);
  mpfr_log(b, b, dir);  // log B >= log A
  // (1 - t) log A + t log B: two nonnegative products, each factor rounded `dir`.
  mpfr_set_si(t, i, MPFR_RNDN);
  mpfr_div_si(t, t, m + 2, dir);  // t
  mpfr_set_si(s, m + 2 - i, MPFR_RNDN);
  mpfr_div_si(s, s, m + 2, dir);  // 1 - t
  mpfr_mul(a, a, s, dir);
  mpfr_mul(b, b, t, dir);
  mpfr_add(z, a, b, dir);
  mpfr_exp(z, z, dir);
  mpfr_sub_ui(z, z, 1, dir);
  mpfr_mul_si(z, z, 700 * (n + 1), dir);
  mpfr_div_si(z, z, rate, dir);
}

int64_t edge_bin(double lower, double upper, int64_t i, int64_t m, int64_t n, int64_t rate) {
  if (i == 0 || lower == upper) return rational_bin(lower, n, rate);
  for (mpfr_prec_t p = 96;; p *= 2) {
    MpfrValue lo(p), hi(p);
    edge_end(lo, lower, upper, i, m, n, rate, MPFR_RNDD);
    edge_end(hi, lower, upper, i, m, n, rate, MPFR_RNDU);
    mpfr_floor(lo, lo);
    mpfr_floor(hi, hi);
    if (mpfr_equal_p(lo, hi) || p >= kEdgePrecisionCap) return mpfr_get_si(hi, MPFR_RNDN);
  }
}

// num / den (integers, den > 0) rounded once to `format`.
double quotient(int64_t num, int64_t den, numeric::FloatFormat format) {
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        MpfrValue q(128);
        mpfr_set_si(q, num, MPFR_RNDN);
        return mpfr_div_si(out, q, den, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
      },
      format);
}

}  // namespace

Tensors mel_weight_matrix_v17(const Node& node, const Inputs& in) {
  const int64_t m = int_scalar(in[0], "num_mel_bins"), n = int_scalar(in[1], "dft_length");
  const int64_t rate = int_scalar(in[2], "sample_rate");
  const double lower = float_scalar(in[3], "lower_edge_hertz"),
               upper = float_scalar(in[4], "upper_edge_hertz");
  if (m < 0) invalid_model("num_mel_bins " + std::to_string(m) + " is negative");
  if (n <= 0) invalid_model("dft_length " + std::to_string(n) + " is not positive");
  if (rate <= 0) invalid_model("sample_rate " + std::to_string(rate) + " is not positive");
  if (!(lower >= 0) || !std::isfinite(upper))
    invalid_model("lower_edge_hertz " + std::to_string(lower) +
                  " is not a frequency >= 0 (or upper_edge_hertz is not finite)");
  if (upper < lower) invalid_model("upper_edge_hertz is below lower_edge_hertz");
  const int64_t code = node.attr_int("output_datatype", 1);
  const auto dtype = dtype_from_code(static_cast<int>(code));
  if (!dtype) invalid_model("output_datatype " + std::to_string(code) + " is not an element type");
  shape::check_output_type(node, "T3", *dtype, "output_datatype");
  node.mark(Semantics::kImplementationDefined,
            "the text does not say how a band's edge becomes a spectrogram bin: the reference takes ONNX's "
            "reference "
            "implementation's: edges spaced by a (M + 2)th of the mel range, bin floor((dft_length + 1) f / "
            "sample_rate)");
  if (is_integer_dtype(*dtype))
    node.mark(Semantics::kImplementationDefined,
              "an integer output_datatype: the text does not say how a weight in [0, 1] becomes an integer; "
              "the reference truncates");
  const int64_t rows = n / 2 + 1;
  std::vector<int64_t> edge(static_cast<size_t>(m + 2));
  for (int64_t i = 0; i < m + 2; ++i) edge[static_cast<size_t>(i)] = edge_bin(lower, upper, i, m, n, rate);
  if (edge.back() >= rows)
    node.mark(
        Semantics::kImplementationDefined,
        "upper_edge_hertz puts a band's edge past bin dft_length/2: the reference leaves those entries out");
  // The weights as exact fractions (num, den); 0/1 where no band reaches.
  std::vector<std::pair<int64_t, int64_t>> w(static_cast<size_t>(rows * m), {0, 1});
  auto set = [&](int64_t j, int64_t i, int64_t num, int64_t den) {
    if (j >= 0 && j < rows) w[static_cast<size_t>(j * m + i)] = {num, den};
  };
  for (int64_t i = 0; i < m; ++i) {
    const int64_t l = edge[static_cast<size_t>(i)], c = edge[static_cast<size_t>(i + 1)],
                  h = edge[static_cast<size_t>(i + 2)];
    if (c == l)
      set(c, i, 1, 1);
    else
      for (int64_t j = l; j <= c; ++j) set(j, i, j - l, c - l);
    if (h > c)
      for (int64_t j = c; j < h; ++j) set(j, i, h - j, h - c);
  }
  Tensor out(*dtype, {rows, m});
  visit_dtype(*dtype, [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto y = out.data<T>();
      for (size_t e = 0; e < w.size(); ++e)
        y[e] = numeric::narrow<T>(quotient(w[e].first, w[e].second, numeric::float_format<T>()));
    } else if constexpr (is_integer<T>) {
      auto y = out.data<T>();
      for (size_t e = 0; e < w.size(); ++e)
        y[e] = T(w[e].first == w[e].second ? 1 : 0);  // truncated: only 1 is >= 1
    } else {
      throw std::logic_error("a MelWeightMatrix of a type T3 does not allow");
    }
  });
  return {out};
}

}  // namespace touchstone::ops
