// Real tensors for Gradient-1 (gradient.cpp): every element an interval (MPFI) that holds the
// exact real value, at one working precision. Operations round the lower end down and the
// upper end up, so the exact value of a real formula stays inside its enclosure; at rising
// precision the enclosures shrink until each output's rounding is decided (Ziv).
#pragma once
#include <mpfi.h>

#include <functional>
#include <vector>

#include "reference/tensor.h"

namespace touchstone::ops::training {

// One enclosure [left, right], freed with its owner.
class Interval {
 public:
  explicit Interval(mpfr_prec_t p) {
    mpfi_init2(v_, p);
    mpfi_set_ui(v_, 0);
  }
  Interval(const Interval& o) {
    mpfi_init2(v_, mpfi_get_prec(o.v_));
    mpfi_set(v_, o.v_);
  }
  Interval(Interval&& o) noexcept {
    mpfi_init2(v_, mpfi_get_prec(o.v_));
    mpfi_swap(v_, o.v_);
  }
  Interval& operator=(const Interval& o) {
    if (this != &o) mpfi_set(v_, o.v_);
    return *this;
  }
  ~Interval() { mpfi_clear(v_); }
  mpfi_ptr get() { return v_; }
  mpfi_srcptr get() const { return v_; }
  mpfr_srcptr left() const { return &v_->left; }
  mpfr_srcptr right() const { return &v_->right; }

 private:
  mpfi_t v_;
};

struct RealTensor {
  Shape shape;
  std::vector<Interval> at;  // row-major
  RealTensor(Shape s, mpfr_prec_t p);
  int64_t size() const { return static_cast<int64_t>(at.size()); }
  mpfr_prec_t precision() const;
};

// The exact values of a float or integer tensor as point enclosures.
RealTensor real_of(const Tensor& t, mpfr_prec_t p);
// A tensor of `shape` with every element `value`.
RealTensor filled(const Shape& shape, double value, mpfr_prec_t p);

using Unary = std::function<void(mpfi_ptr out, mpfi_srcptr a)>;
using Binary = std::function<void(mpfi_ptr out, mpfi_srcptr a, mpfi_srcptr b)>;
RealTensor map_unary(const RealTensor& a, const Unary& f);
// Elementwise with numpy (multidirectional) broadcasting; throws invalid_model naming
// `label` when the shapes do not broadcast.
RealTensor map_binary(const RealTensor& a, const RealTensor& b, const Binary& f, const std::string& label);
Shape broadcast_shape(const Shape& a, const Shape& b, const std::string& label);
// A gradient of broadcast shape summed back to `shape` (over the axes broadcasting added or
// stretched): the adjoint of broadcasting `shape` to g.shape.
RealTensor sum_to_shape(const RealTensor& g, const Shape& shape);
// a += b, same shapes.
void accumulate(RealTensor& a, const RealTensor& b);

}  // namespace touchstone::ops::training
