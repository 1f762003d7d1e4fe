// Comparing an op's outputs with an oracle, element by element, for the activation tests
// (test_activations.cpp, elementwise/test_gated_activations.cpp).
#pragma once
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "reference/tests/oracle.h"
#include "reference/tests/run_node.h"

namespace touchstone::testing {

// A float (or integer) tensor's values as doubles.
inline std::vector<double> tensor_doubles(const Tensor& t) {
  std::vector<double> out;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T> || is_integer<T>)
      for (T v : t.data<T>()) out.push_back(oracle::value_of(v));
  });
  return out;
}

// Runs `op` at `opset` on `inputs` and checks each result against oracle_fn(x): same
// value and zero sign, NaN for NaN (the first five differences are reported).
template <class T>
void check_outputs_against(const std::string& op, int opset, const std::vector<onnx::AttributeProto>& attrs,
                           const std::function<double(double)>& oracle_fn, const std::vector<T>& inputs) {
  const Tensor out = run_node_output(op, opset, {vec<T>(inputs)}, attrs);
  REQUIRE(out.dtype() == dtype_of<T>);
  const auto got = tensor_doubles(out);
  int bad = 0;
  for (size_t i = 0; i < inputs.size() && bad < 5; ++i) {
    const double x = oracle::value_of(inputs[i]);
    const double want = oracle_fn(x);
    if (!oracle::same_result(got[i], want)) {
      ++bad;
      FAIL_CHECK(op << "-" << opset << " " << oracle::type_name<T>() << " x = " << oracle::show(x) << ": got "
                    << oracle::show(got[i]) << ", want " << oracle::show(want));
    }
  }
  CHECK(bad == 0);
}

// f.operator()<T>() for float16, float, double, and bfloat16 when asked.
template <class F>
void for_float_types(bool bfloat16, F&& f) {
  f.template operator()<Float16>();
  f.template operator()<float>();
  f.template operator()<double>();
  if (bfloat16) f.template operator()<BFloat16>();
}

}  // namespace touchstone::testing
