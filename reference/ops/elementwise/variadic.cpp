// Max, Min, Mean, Sum — every version. One or more inputs of one type, elementwise.
//
// Versions 1 and 6 need every input to have the same shape ("All inputs and outputs must
// have the same shape"); 8 and later broadcast all inputs together by numpy's rule. Max-1,
// Min-1, Mean-1 and Sum-1 also take the legacy `consumed_inputs`, which changes nothing.
// Max/Min-12 add the integer types, 13 bfloat16 (Mean/Sum-13 bfloat16 too); the executor
// checks the types, so these share their predecessor's kernel.
//
// Sum is the exact real sum of all n inputs, rounded once (not a chain of pairwise
// roundings); Mean is that exact sum divided by n, rounded once. Both are float-only in
// every version. inf + -inf is NaN; an exact zero sum is -0 only when every term is -0
// (IEEE 754's sign rule for sums when rounding to nearest).
//
// What ONNX leaves open for Max and Min, and the reference's answer (marked
// implementation-defined where it decides the result):
// - a NaN among the inputs: the result is NaN (as numpy's maximum/minimum).
// - -0 against +0: Max gives +0 and Min gives -0 (IEEE 754-2019 maximum/minimum).
#include <cmath>
#include <vector>

#include "reference/numeric/functions.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

// For every input, the flat index it is read at for each output element.
struct Gather {
  Shape out;
  std::vector<std::vector<int64_t>> index;  // index[k][i]: input k at output element i
};

Gather gather(const BroadcastPlan& plan) {
  Gather g{plan.out, {}};
  for (const auto& strides : plan.strides) {
    const auto charge = scratch_for<int64_t>(element_count(plan.out), "an index map");
    std::vector<int64_t> index(static_cast<size_t>(element_count(plan.out)));
    for_each_broadcast<1>(BroadcastPlan{plan.out, {strides}},
                          [&](int64_t i, const std::array<int64_t, 1>& k) { index[i] = k[0]; });
    g.index.push_back(std::move(index));
  }
  return g;
}

std::vector<Shape> shapes_of(const Inputs& in) {
  std::vector<Shape> shapes;
  for (size_t k = 0; k < in.size(); ++k) shapes.push_back(in[k].shape());
  return shapes;
}

// Versions 1 and 6: every input has the first input's shape.
Gather same_shape(const Inputs& in) {
  for (size_t k = 1; k < in.size(); ++k)
    if (in[k].shape() != in[0].shape())
      invalid_model("all inputs must have the same shape (no broadcasting before opset 8): input 0 is " +
                    shape_to_string(in[0].shape()) + ", input " + std::to_string(k) + " is " +
                    shape_to_string(in[k].shape()));
  return gather(multidirectional_broadcast(shapes_of(in)));
}

// Versions 8 and later: numpy broadcasting over all inputs.
Gather numpy_shapes(const Inputs& in) { return gather(multidirectional_broadcast(shapes_of(in))); }

// Y[i] = f(values of every input at i), for numeric inputs of one type; Y has that type.
template <class F>
Tensor map_variadic(const Gather& g, const Inputs& in, const F& f) {
  Tensor out(in[0].dtype(), g.out);
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      std::vector<std::span<const T>> data;
      for (size_t k = 0; k < in.size(); ++k) data.push_back(in[k].data<T>());
      auto y = out.data<T>();
      std::vector<T> values(in.size());
      for (size_t i = 0; i < y.size(); ++i) {
        for (size_t k = 0; k < data.size(); ++k) values[k] = data[k][g.index[k][i]];
        y[i] = f(values);
      }
    } else {
      throw std::logic_error("map_variadic on a non-numeric type");  // the schema check prevents it
    }
  });
  return out;
}

// Max (larger = true) or Min of the values, with the documented NaN and zero answers.
struct Extreme {
  const Node& node;
  bool larger;

  template <class T>
  T operator()(const std::vector<T>& values) const {
    if constexpr (is_real_float<T>) {
      T best = values[0];
      bool mixed_zeros = false;
      for (size_t k = 1; k < values.size(); ++k) {
        const double a = numeric::widen(best), b = numeric::widen(values[k]);
        if (std::isnan(a)) break;
        if (std::isnan(b)) {
          best = values[k];
          break;
        }
        if (a == 0 && b == 0 && std::signbit(a) != std::signbit(b)) {
          mixed_zeros = true;
          if (std::signbit(b) != larger) best = values[k];  // Max takes +0, Min -0
        } else if (larger ? b > a : b < a) {
          best = values[k];
        }
      }
      const double result = numeric::widen(best);
      if (std::isnan(result))
        node.mark(Semantics::kImplementationDefined, "NaN input to Max/Min (the result is NaN)");
      else if (mixed_zeros && result == 0)
        node.mark(Semantics::kImplementationDefined, "Max/Min of -0 and +0 (Max gives +0, Min -0)");
      return best;
    } else {
      T best = values[0];
      for (const T& v : values)
        if (larger ? v > best : v < best) best = v;
      return best;
    }
  }
};

// The exact sum of the values divided by `divisor`, rounded once to T.
//
// The terms enter MPFR exactly (every float type widens to a double, 53 bits). mpfr_sum
// rounds the exact sum correctly at the working precision p: relative error at most 2^-p,
// slack 1. For Mean, mpfr_div_ui rounds again (another 2^-p): (1 + 2^-p)^2 - 1 < 2^(2-p),
// slack 2. When both are exact (ternary 0) the result is exact. An exact sum of doubles
// needs at most about 2100 + log2(n) bits, below kMaxWorkingPrecision, so the Ziv loop
// always ends decided. mpfr_sum gives inf + -inf = NaN and the IEEE sign of a zero sum.
struct ExactSum {
  unsigned long divisor;

  template <class T>
  T operator()(const std::vector<T>& values) const {
    if constexpr (is_real_float<T>) {
      std::vector<__mpfr_struct> terms(values.size());
      std::vector<mpfr_ptr> pointers;
      for (size_t k = 0; k < values.size(); ++k) {
        mpfr_init2(&terms[k], 53);
        mpfr_set_d(&terms[k], numeric::widen(values[k]), MPFR_RNDN);  // exact
        pointers.push_back(&terms[k]);
      }
      const T result = numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
        if (divisor == 1)
          return mpfr_sum(out, pointers.data(), pointers.size(), MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
        numeric::MpfrValue sum(mpfr_get_prec(out));
        const int t1 = mpfr_sum(sum, pointers.data(), pointers.size(), MPFR_RNDN);
        const int t2 = mpfr_div_ui(out, sum, divisor, MPFR_RNDN);
        return t1 == 0 && t2 == 0 ? numeric::kExactResult : 2;
      });
      for (auto& t : terms) mpfr_clear(&t);
      return result;
    } else {
      throw std::logic_error("Sum/Mean on a non-float type");  // the schema check prevents it
    }
  }
};

}  // namespace

// Max-1, Max-6: equal shapes. Max-8, 12, 13: numpy broadcasting over all inputs.
Tensors max_v1(const Node& node, const Inputs& in) {
  return {map_variadic(same_shape(in), in, Extreme{node, true})};
}
Tensors max_v8(const Node& node, const Inputs& in) {
  return {map_variadic(numpy_shapes(in), in, Extreme{node, true})};
}

// Min-1, Min-6: equal shapes. Min-8, 12, 13: numpy broadcasting over all inputs.
Tensors min_v1(const Node& node, const Inputs& in) {
  return {map_variadic(same_shape(in), in, Extreme{node, false})};
}
Tensors min_v8(const Node& node, const Inputs& in) {
  return {map_variadic(numpy_shapes(in), in, Extreme{node, false})};
}

// Mean-1, Mean-6: equal shapes. Mean-8, 13: numpy broadcasting over all inputs.
Tensors mean_v1(const Node&, const Inputs& in) {
  return {map_variadic(same_shape(in), in, ExactSum{in.size()})};
}
Tensors mean_v8(const Node&, const Inputs& in) {
  return {map_variadic(numpy_shapes(in), in, ExactSum{in.size()})};
}

// Sum-1, Sum-6: equal shapes. Sum-8, 13: numpy broadcasting over all inputs.
Tensors sum_v1(const Node&, const Inputs& in) { return {map_variadic(same_shape(in), in, ExactSum{1})}; }
Tensors sum_v8(const Node&, const Inputs& in) {
  return {map_variadic(numpy_shapes(in), in, ExactSum{1})};
}

}  // namespace touchstone::ops
