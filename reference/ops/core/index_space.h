// Index arithmetic over row-major tensors, written once: strides, the multi-index of a
// flat position (unravel) and back (ravel), products of dimension runs, and the walker
// over an index space that the window ops (convolution, pooling, resize) will loop with,
// as StableHLO's reference interpreter walks one: every index of a shape in row-major
// order, the last dimension fastest.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include "reference/tensor.h"

namespace touchstone::ops::core {

// A multi-index: one coordinate per dimension.
using Index = std::vector<int64_t>;

// Row-major strides of a shape, in elements (the last dimension has stride 1).
Shape strides_of(const Shape& shape);

// The product of dimensions [from, to) of `shape` (1 for an empty run).
int64_t product_of(const Shape& shape, size_t from = 0, size_t to = SIZE_MAX);

// The multi-index of flat element `flat` of `shape`, for 0 <= flat < element_count(shape).
Index unravel(int64_t flat, const Shape& shape);

// The flat position of `index` under `strides`: sum of index[d] * strides[d].
int64_t ravel(const Index& index, const Shape& strides);

// Every index of a shape, in row-major order:
//   for (const Index& i : IndexSpace(shape)) ...
// A shape with a zero dimension has no index; a scalar (rank 0) has one, the empty index.
class IndexSpace {
 public:
  explicit IndexSpace(Shape shape) : shape_(std::move(shape)) {}

  class Iterator {
   public:
    Iterator(const Shape& shape, bool done) : shape_(&shape), index_(shape.size(), 0), done_(done) {}
    const Index& operator*() const { return index_; }
    // The next index: the last dimension counts up, carrying into the ones before it.
    Iterator& operator++() {
      for (size_t d = index_.size(); d-- > 0;) {
        if (++index_[d] < (*shape_)[d]) return *this;
        index_[d] = 0;
      }
      done_ = true;
      return *this;
    }
    bool operator==(std::default_sentinel_t) const { return done_; }

   private:
    const Shape* shape_;
    Index index_;
    bool done_;
  };

  Iterator begin() const { return Iterator(shape_, element_count(shape_) == 0); }
  std::default_sentinel_t end() const { return {}; }
  const Shape& shape() const { return shape_; }

 private:
  Shape shape_;
};

// Calls f(flat, index) for every index of `shape`, in row-major order (flat counts 0, 1, ...).
template <class F>
void for_each_index(const Shape& shape, const F& f) {
  int64_t flat = 0;
  for (const Index& index : IndexSpace(shape)) f(flat++, index);
}

// Calls f(outer, window) for every index of `outer` and, inside it, every index of
// `window`: the loop of a window op (an output position, then each tap of its window).
template <class F>
void for_each_window(const Shape& outer, const Shape& window, const F& f) {
  const IndexSpace taps(window);
  for (const Index& o : IndexSpace(outer))
    for (const Index& w : taps) f(o, w);
}

}  // namespace touchstone::ops::core
