// The DFT fault modes (signal_modes.h): the line geometry read from the node as a backend
// reads it (axis attribute in 17, input in 20; dft_length pads or cuts), each line
// transformed in the working precision: an iterative radix-2 FFT (bit reversal, then
// butterflies with twiddles cos/sin(2 pi k/len) of the rounded angle) for a power-of-two n,
// else the direct sum with the angle 2 pi (jk mod n)/n; inverse scaled by 1/n.
#include "harness/testing/signal_modes.h"

#include <cmath>
#include <complex>

#include "harness/case_contents.h"
#include "reference/numeric/exact.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::testing {

namespace {

using Round = double (*)(double);
double in_float(double v) { return static_cast<float>(v); }
double in_double(double v) { return v; }

struct Z {
  double re = 0, im = 0;
};

Z mul(Z a, Z b, Round r) { return {r(r(a.re * b.re) - r(a.im * b.im)), r(r(a.re * b.im) + r(a.im * b.re))}; }

// The transform of x (length n, already padded or cut), sign -1 forward, +1 inverse.
std::vector<Z> transform(std::vector<Z> x, int sign, Round r) {
  const auto n = static_cast<int64_t>(x.size());
  const double pi = 3.14159265358979323846;
  if (n > 1 && (n & (n - 1)) == 0) {
    for (int64_t i = 1, j = 0; i < n; ++i) {  // bit reversal
      int64_t bit = n >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
      if (i < j) std::swap(x[static_cast<size_t>(i)], x[static_cast<size_t>(j)]);
    }
    for (int64_t len = 2; len <= n; len <<= 1)
      for (int64_t k = 0; k < len / 2; ++k) {
        const double angle = r(r(sign * 2 * pi * static_cast<double>(k)) / static_cast<double>(len));
        const Z w = {r(std::cos(angle)), r(std::sin(angle))};
        for (int64_t s = 0; s < n; s += len) {
          Z& a = x[static_cast<size_t>(s + k)];
          Z& b = x[static_cast<size_t>(s + k + len / 2)];
          const Z t = mul(w, b, r);
          b = {r(a.re - t.re), r(a.im - t.im)};
          a = {r(a.re + t.re), r(a.im + t.im)};
        }
      }
    return x;
  }
  std::vector<Z> y(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j)
    for (int64_t k = 0; k < n; ++k) {
      const double angle = r(r(sign * 2 * pi * static_cast<double>((j * k) % n)) / static_cast<double>(n));
      const Z t = mul({r(std::cos(angle)), r(std::sin(angle))}, x[static_cast<size_t>(k)], r);
      y[static_cast<size_t>(j)] = {r(y[static_cast<size_t>(j)].re + t.re),
                                   r(y[static_cast<size_t>(j)].im + t.im)};
    }
  return y;
}

int64_t int_attr(const onnx::NodeProto& node, const char* name, int64_t fallback) {
  for (const auto& a : node.attribute())
    if (a.name() == name) return a.i();
  return fallback;
}

std::vector<double> as_doubles(const Tensor& t) {
  std::vector<double> out;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || is_integer<T>)
      for (T v : t.data<T>()) out.push_back(static_cast<double>(numeric::widen(v)));
  });
  return out;
}

}  // namespace

bool is_signal_mode(const std::string& mode) { return mode == "fft-float" || mode == "fft-twiddle-sign"; }

void retransform(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || outputs.empty()) return;
  const onnx::NodeProto& node = proto.graph().node(0);
  if (node.op_type() != "DFT") return;
  int version = 17;
  for (const auto& opset : proto.opset_import())
    if (opset.domain().empty() || opset.domain() == "ai.onnx") version = opset.version() >= 20 ? 20 : 17;
  std::vector<std::optional<Tensor>> in;  // by node-input position
  size_t next = 0;
  for (const auto& name : node.input())
    in.push_back(name.empty() || next >= files.inputs.size()
                     ? std::nullopt
                     : std::optional(harness::case_input_tensor(files, next++)));
  const Tensor& x = *in.at(0);
  const bool inverse = int_attr(node, "inverse", 0) == 1, onesided = int_attr(node, "onesided", 0) == 1;
  if (inverse && onesided) return;
  const auto r = static_cast<int64_t>(x.rank());
  const int64_t parts = x.shape().back();
  int64_t axis = version >= 20
                     ? (in.size() > 2 && in[2] ? static_cast<int64_t>(as_doubles(*in[2]).front()) : -2)
                     : int_attr(node, "axis", 1);
  if (axis < 0) axis += r;
  const int64_t dim = x.shape()[static_cast<size_t>(axis)];
  const int64_t n = in.size() > 1 && in[1] ? static_cast<int64_t>(as_doubles(*in[1]).front()) : dim;
  const int64_t bins = outputs[0].shape()[static_cast<size_t>(axis)];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.shape()[static_cast<size_t>(d)];
  for (int64_t d = axis + 1; d < r - 1; ++d) inner *= x.shape()[static_cast<size_t>(d)];
  const std::vector<double> v = as_doubles(x);
  const Round round = x.dtype() == DType::kDouble ? in_double : in_float;
  const int sign = (inverse ? 1 : -1) * (mode == "fft-twiddle-sign" ? -1 : 1);
  std::vector<double> y(static_cast<size_t>(outputs[0].size()));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      std::vector<Z> line(static_cast<size_t>(n));
      for (int64_t k = 0; k < std::min(n, dim); ++k) {
        const size_t at = static_cast<size_t>(((o * dim + k) * inner + i) * parts);
        line[static_cast<size_t>(k)] = {v[at], parts == 2 ? v[at + 1] : 0.0};
      }
      const std::vector<Z> t = transform(line, sign, round);
      for (int64_t j = 0; j < bins; ++j) {
        const size_t at = static_cast<size_t>(((o * bins + j) * inner + i) * 2);
        Z z = t[static_cast<size_t>(j)];
        if (inverse) z = {round(z.re / static_cast<double>(n)), round(z.im / static_cast<double>(n))};
        y[at] = z.re;
        y[at + 1] = z.im;
      }
    }
  outputs[0] = ops::norm::tensor_of(outputs[0].dtype(), outputs[0].shape(), y);
}

}  // namespace touchstone::testing
