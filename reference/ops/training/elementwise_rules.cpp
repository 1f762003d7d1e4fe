// Forward and backward rules of the elementwise ops Gradient-1 differentiates
// (derivative_rules.h). Binary ops broadcast as numpy does (Add/Sub/Mul/Div/Pow from 7; before
// 7 equal shapes, and broadcast=1 is not implemented); an input's gradient is summed over the
// axes broadcasting stretched. Kinks: Relu'(0) and Abs'(0) are taken as 0 (a subgradient; the
// derivative does not exist there), marked implementation-defined.
#include <algorithm>

#include "reference/error.h"
#include "reference/ops/training/derivative_rules.h"

namespace touchstone::ops::training {

namespace {

void check_legacy_broadcast(const OpSite& s) {
  if (s.version >= 7) return;
  if (s.node.attr_int("broadcast", 0) != 0)
    not_implemented(s.label + ": broadcast=1 (before opset 7) has no derivative here yet");
  if (operand(s, 0).shape != operand(s, 1).shape)
    invalid_model(s.label + ": without broadcast=1, A and B have one shape");
}

// x^n for an integer n by squaring; x^y = exp(y log x) otherwise (NaN for x < 0).
void power(mpfi_ptr out, mpfi_srcptr x, mpfi_srcptr y) {
  mpfr_t n;
  mpfr_init2(n, mpfi_get_prec(y));
  mpfi_get_left(n, y);
  const bool integral =
      mpfr_equal_p(&y->left, &y->right) && mpfr_integer_p(n) && mpfr_cmpabs_ui(n, 1u << 20) <= 0;
  if (integral) {
    long e = mpfr_get_si(n, MPFR_RNDN);
    const bool negative = e < 0;
    if (negative) e = -e;
    mpfi_t base, acc;
    mpfi_init2(base, mpfi_get_prec(out));
    mpfi_init2(acc, mpfi_get_prec(out));
    mpfi_set(base, x);
    mpfi_set_ui(acc, 1);
    for (; e > 0; e >>= 1) {
      if (e & 1) mpfi_mul(acc, acc, base);
      if (e > 1) mpfi_sqr(base, base);
    }
    if (negative) mpfi_inv(acc, acc);
    mpfi_set(out, acc);
    mpfi_clear(base);
    mpfi_clear(acc);
  } else {
    mpfi_t l;
    mpfi_init2(l, mpfi_get_prec(out));
    mpfi_log(l, x);
    mpfi_mul(l, l, y);
    mpfi_exp(out, l);
    mpfi_clear(l);
  }
  mpfr_clear(n);
}

// The derivative of a kink function (Relu: 0 and 1, Abs: -1 and 1) at x: the hull of both
// sides when the enclosure holds 0 without being 0, 0 at an exact 0 (marked).
void kink(mpfi_ptr out, mpfi_srcptr x, double below, const OpSite& s) {
  if (mpfi_is_strictly_pos(x))
    mpfi_set_d(out, 1);
  else if (mpfi_is_strictly_neg(x))
    mpfi_set_d(out, below);
  else if (mpfi_is_zero(x)) {
    mpfi_set_d(out, 0);
    s.gradient.mark(Semantics::kImplementationDefined,
                    s.label + ": the derivative at 0 does not exist; the reference takes 0");
  } else
    mpfi_interv_d(out, std::min(below, 0.0), 1);
}

RealTensor unary_forward(const OpSite& s, void (*f)(mpfi_ptr, mpfi_srcptr)) {
  return map_unary(operand(s, 0), [f](mpfi_ptr o, mpfi_srcptr a) { f(o, a); });
}

// g times the local derivative d(x, y), for the one input.
template <class D>
Gradients unary_backward(const OpSite& s, const RealTensor& y, const RealTensor& g, D d) {
  const RealTensor& x = operand(s, 0);
  RealTensor r(x.shape, s.precision);
  mpfi_t t;
  mpfi_init2(t, s.precision);
  for (size_t i = 0; i < r.at.size(); ++i) {
    d(t, x.at[i].get(), y.at[i].get());
    mpfi_mul(r.at[i].get(), t, g.at[i].get());
  }
  mpfi_clear(t);
  Gradients out;
  out.emplace_back(std::move(r));
  return out;
}

RealTensor binary_forward(const OpSite& s, int (*f)(mpfi_ptr, mpfi_srcptr, mpfi_srcptr)) {
  check_legacy_broadcast(s);
  return map_binary(
      operand(s, 0), operand(s, 1), [f](mpfi_ptr o, mpfi_srcptr a, mpfi_srcptr b) { f(o, a, b); }, s.label);
}

// The gradients of A and B: g times the local partial derivatives da(a, b), db(a, b), each
// summed back to its input's shape.
template <class DA, class DB>
Gradients binary_backward(const OpSite& s, const RealTensor& g, const std::vector<bool>& wanted, DA da,
                          DB db) {
  const RealTensor &a = operand(s, 0), &b = operand(s, 1);
  Gradients out(2);
  const auto times_g = [&](auto d, const Shape& shape) {
    RealTensor local = map_binary(a, b, d, s.label);
    for (size_t i = 0; i < local.at.size(); ++i)
      mpfi_mul(local.at[i].get(), local.at[i].get(), g.at[i].get());
    return sum_to_shape(local, shape);
  };
  if (wanted[0]) out[0] = times_g(da, a.shape);
  if (wanted[1]) out[1] = times_g(db, b.shape);
  return out;
}

void set_one(mpfi_ptr o, mpfi_srcptr, mpfi_srcptr) { mpfi_set_ui(o, 1); }
void set_minus_one(mpfi_ptr o, mpfi_srcptr, mpfi_srcptr) { mpfi_set_si(o, -1); }
void second(mpfi_ptr o, mpfi_srcptr, mpfi_srcptr b) { mpfi_set(o, b); }
void first(mpfi_ptr o, mpfi_srcptr a, mpfi_srcptr) { mpfi_set(o, a); }

void sigmoid(mpfi_ptr o, mpfi_srcptr x) {  // 1 / (1 + exp(-x))
  mpfi_neg(o, x);
  mpfi_exp(o, o);
  mpfi_add_ui(o, o, 1);
  mpfi_inv(o, o);
}
void relu(mpfi_ptr o, mpfi_srcptr x) {
  mpfr_t l, r;
  mpfr_inits2(mpfi_get_prec(o), l, r, static_cast<mpfr_ptr>(nullptr));
  mpfi_get_left(l, x);
  mpfi_get_right(r, x);
  if (mpfr_sgn(l) < 0) mpfr_set_zero(l, 1);
  if (mpfr_sgn(r) < 0) mpfr_set_zero(r, 1);
  mpfi_interv_fr(o, l, r);
  mpfr_clears(l, r, static_cast<mpfr_ptr>(nullptr));
}
void copy(mpfi_ptr o, mpfi_srcptr x) { mpfi_set(o, x); }
void negate(mpfi_ptr o, mpfi_srcptr x) { mpfi_neg(o, x); }
void absolute(mpfi_ptr o, mpfi_srcptr x) { mpfi_abs(o, x); }
void exponential(mpfi_ptr o, mpfi_srcptr x) { mpfi_exp(o, x); }
void logarithm(mpfi_ptr o, mpfi_srcptr x) { mpfi_log(o, x); }
void square_root(mpfi_ptr o, mpfi_srcptr x) { mpfi_sqrt(o, x); }
void hyperbolic_tangent(mpfi_ptr o, mpfi_srcptr x) { mpfi_tanh(o, x); }
int power_int(mpfi_ptr o, mpfi_srcptr a, mpfi_srcptr b) {
  power(o, a, b);
  return 0;
}

const std::vector<DerivativeRule> kElementwiseRules = {
    {"Abs", [](const OpSite& s) { return unary_forward(s, absolute); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [&](mpfi_ptr d, mpfi_srcptr x, mpfi_srcptr) { kink(d, x, -1, s); });
     }},
    {"Add", [](const OpSite& s) { return binary_forward(s, mpfi_add); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>& w) {
       return binary_backward(s, g, w, set_one, set_one);
     }},
    {"Div", [](const OpSite& s) { return binary_forward(s, mpfi_div); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>& w) {
       return binary_backward(
           s, g, w, [](mpfi_ptr o, mpfi_srcptr, mpfi_srcptr b) { mpfi_inv(o, b); },
           [](mpfi_ptr o, mpfi_srcptr a, mpfi_srcptr b) {  // -a / b^2
             mpfi_sqr(o, b);
             mpfi_div(o, a, o);
             mpfi_neg(o, o);
           });
     }},
    {"Exp", [](const OpSite& s) { return unary_forward(s, exponential); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [](mpfi_ptr d, mpfi_srcptr, mpfi_srcptr v) { mpfi_set(d, v); });
     }},
    {"Identity", [](const OpSite& s) { return unary_forward(s, copy); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [](mpfi_ptr d, mpfi_srcptr, mpfi_srcptr) { mpfi_set_ui(d, 1); });
     }},
    {"Log", [](const OpSite& s) { return unary_forward(s, logarithm); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [](mpfi_ptr d, mpfi_srcptr x, mpfi_srcptr) { mpfi_inv(d, x); });
     }},
    {"Mul", [](const OpSite& s) { return binary_forward(s, mpfi_mul); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>& w) {
       return binary_backward(s, g, w, second, first);
     }},
    {"Neg", [](const OpSite& s) { return unary_forward(s, negate); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [](mpfi_ptr d, mpfi_srcptr, mpfi_srcptr) { mpfi_set_si(d, -1); });
     }},
    {"Pow", [](const OpSite& s) { return binary_forward(s, power_int); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>& w) {
       return binary_backward(
           s, g, w,
           [](mpfi_ptr o, mpfi_srcptr a, mpfi_srcptr b) {  // b a^(b - 1)
             mpfi_t e;
             mpfi_init2(e, mpfi_get_prec(o));
             mpfi_sub_ui(e, b, 1);
             power(o, a, e);
             mpfi_mul(o, o, b);
             mpfi_clear(e);
           },
           [](mpfi_ptr o, mpfi_srcptr a, mpfi_srcptr b) {  // a^b log a
             mpfi_t l;
             mpfi_init2(l, mpfi_get_prec(o));
             mpfi_log(l, a);
             power(o, a, b);
             mpfi_mul(o, o, l);
             mpfi_clear(l);
           });
     }},
    {"Relu", [](const OpSite& s) { return unary_forward(s, relu); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [&](mpfi_ptr d, mpfi_srcptr x, mpfi_srcptr) { kink(d, x, 0, s); });
     }},
    {"Sigmoid", [](const OpSite& s) { return unary_forward(s, sigmoid); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [](mpfi_ptr d, mpfi_srcptr, mpfi_srcptr v) {  // y (1 - y)
         mpfi_ui_sub(d, 1, v);
         mpfi_mul(d, d, v);
       });
     }},
    {"Sqrt", [](const OpSite& s) { return unary_forward(s, square_root); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [](mpfi_ptr d, mpfi_srcptr, mpfi_srcptr v) {  // 1 / (2 y)
         mpfi_mul_ui(d, v, 2);
         mpfi_inv(d, d);
       });
     }},
    {"Sub", [](const OpSite& s) { return binary_forward(s, mpfi_sub); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>& w) {
       return binary_backward(s, g, w, set_one, set_minus_one);
     }},
    {"Tanh", [](const OpSite& s) { return unary_forward(s, hyperbolic_tangent); },
     [](const OpSite& s, const RealTensor& y, const RealTensor& g, const std::vector<bool>&) {
       return unary_backward(s, y, g, [](mpfi_ptr d, mpfi_srcptr, mpfi_srcptr v) {  // 1 - y^2
         mpfi_sqr(d, v);
         mpfi_ui_sub(d, 1, d);
       });
     }},
};

}  // namespace

const std::vector<DerivativeRule>& elementwise_rules() { return kElementwiseRules; }

}  // namespace touchstone::ops::training
