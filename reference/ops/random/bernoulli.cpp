// Bernoulli-15, 22 (+bfloat16 input): each output element 1 with the probability its input
// element gives, else 0, in dtype (any T2 type: numbers, bool) or, without it, the input's
// type. The draw is exact: a uniform real U in [0, 1) is compared with p bit by bit, 64 of
// U's bits (one next_u64() of the run's source) at a time, until they differ, so
// P[U < p] = p exactly (p has finitely many bits). Open: p outside [0, 1] or NaN (undefined:
// the reference gives 1 above 1, else 0). `seed` is implementation-defined and ignored.
#include <cmath>

#include "reference/graph.h"
#include "reference/numeric/exact.h"
#include "reference/ops/random/distribution.h"
#include "reference/ops/random/random_ops.h"

namespace touchstone::ops {

namespace {

// Whether a uniform real in [0, 1), drawn 64 bits at a time from `source`, is below p.
bool uniform_below(RandomSource& source, double p) {
  if (!(p > 0)) return false;
  if (p >= 1) return true;
  for (;;) {
    const double scaled = std::ldexp(p, 64);  // exact
    const double head = std::floor(scaled);   // p's next 64 bits, as an integer
    const uint64_t bits = head >= 0x1p64 ? UINT64_MAX : static_cast<uint64_t>(head);
    const uint64_t drawn = source.next_u64();
    if (drawn != bits) return drawn < bits;
    p = scaled - head;         // exact: the remaining bits of p
    if (p == 0) return false;  // U >= p from here on (U's later bits are >= 0)
  }
}

std::vector<double> probabilities_of(const Tensor& t) {
  std::vector<double> v;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (const auto& x : t.data<T>()) v.push_back(numeric::widen(x));
  });
  return v;
}

}  // namespace

Tensors bernoulli_v15(const Node& node, const Inputs& in) {
  const DType dtype = randomness::bernoulli_type(node, in[0]);
  const std::vector<double> p = probabilities_of(in[0]);
  RandomSource& source = node.random();
  Tensor out(dtype, in[0].shape());
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_real_float<T> || is_integer<T> || std::is_same_v<T, bool>) {
      auto y = out.data<T>();
      for (size_t i = 0; i < p.size(); ++i) {
        if (!(p[i] >= 0 && p[i] <= 1))
          node.mark(Semantics::kUndefined,
                    "a probability outside [0, 1] (the reference gives 1 above 1, else 0)");
        const bool one = uniform_below(source, p[i]);
        if constexpr (is_real_float<T>)
          y[i] = numeric::narrow<T>(one ? 1.0 : 0.0);
        else
          y[i] = static_cast<T>(one ? 1 : 0);
      }
    } else {
      throw std::logic_error("Bernoulli: an output type T2 does not allow");  // the dtype check prevents it
    }
  });
  return {out};
}

}  // namespace touchstone::ops
