// What the ml kernels share: the list attributes ai.onnx.ml uses (floats, strings), the
// per-feature lists of length 1 or F (Scaler's offset and scale, Imputer's values), and
// an element's exact product with a double, added to an exact accumulator.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "reference/node.h"
#include "reference/numeric/accumulator.h"

namespace touchstone::ops::ml {

// The attribute's floats (empty when it is absent).
std::vector<float> attr_floats(const Node& node, const std::string& name);

// A per-feature list: length 1 (one value for every feature) or the input's last
// dimension F. Refuses any other length, naming the attribute.
void check_feature_list(size_t length, const Shape& x_shape, const std::string& what);
// The list index of flat element i of an input whose last dimension is F.
inline size_t feature_of(size_t i, size_t list_length, const Shape& x_shape) {
  return list_length == 1 ? 0 : i % static_cast<size_t>(x_shape.back());
}

// x * s exactly into `acc`: an int64 beyond 2^53 enters as two exact doubles.
template <class T>
void add_times(numeric::ExactAccumulator& acc, T x, double s) {
  if constexpr (std::is_same_v<T, int64_t>) {
    const int64_t high = x & ~int64_t{0x7ff};  // at most 53 significant bits: an exact double
    acc.add_product(static_cast<double>(high), s);
    acc.add_product(static_cast<double>(x - high), s);
  } else {
    acc.add_product(static_cast<double>(x), s);
  }
}

}  // namespace touchstone::ops::ml
