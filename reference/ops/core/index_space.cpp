#include "reference/ops/core/index_space.h"

namespace touchstone::ops::core {

Shape strides_of(const Shape& shape) {
  Shape strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  return strides;
}

int64_t product_of(const Shape& shape, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t d = from; d < shape.size() && d < to; ++d) p *= shape[d];
  return p;
}

Index unravel(int64_t flat, const Shape& shape) {
  Index index(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] == 0) return index;
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

int64_t ravel(const Index& index, const Shape& strides) {
  int64_t flat = 0;
  for (size_t d = 0; d < index.size(); ++d) flat += index[d] * strides[d];
  return flat;
}

}  // namespace touchstone::ops::core
