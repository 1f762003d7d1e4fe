// Interval arithmetic over MPFR for the recurrent ops (enclosure.cpp): each value is an
// enclosure [lo, hi] at a working precision, every operation rounding lo down and hi up, so
// the exact real value stays inside. The activations are piecewise monotone: an enclosure's
// image is the hull of its ends' images (and the one-sided limits at a kink inside it).
#pragma once
#include <mpfr.h>

#include "reference/ops/recurrent/recurrent_plan.h"

namespace touchstone::ops::recurrent {

class Enclosure {
 public:
  explicit Enclosure(mpfr_prec_t p);
  Enclosure(mpfr_prec_t p, double exact);
  Enclosure(Enclosure&& other) noexcept;
  Enclosure(const Enclosure& other);
  Enclosure& operator=(const Enclosure& other);
  Enclosure& operator=(Enclosure&&) = delete;
  ~Enclosure();

  mpfr_ptr lo() { return lo_; }
  mpfr_ptr hi() { return hi_; }
  mpfr_srcptr lo() const { return lo_; }
  mpfr_srcptr hi() const { return hi_; }
  mpfr_prec_t precision() const { return mpfr_get_prec(lo_); }
  void set(double exact);
  bool is_point() const { return mpfr_equal_p(lo_, hi_) != 0; }

  void add_product(double a, double b);          // += a * b (exact doubles)
  void add_product(const Enclosure& e, double v);  // += e * v
  void add(double v);
  void add(const Enclosure& e);

 private:
  mpfr_t lo_, hi_;
  bool owns_ = true;
};

// out = a * b.
void multiply(Enclosure& out, const Enclosure& a, const Enclosure& b);
// out = 1 - a.
void one_minus(Enclosure& out, const Enclosure& a);
// x clamped to [-threshold, threshold].
void clamp(Enclosure& x, double threshold);
// x replaced by f(x), f one of the texts' activation functions.
void activate(Enclosure& x, const Activation& f);

}  // namespace touchstone::ops::recurrent
