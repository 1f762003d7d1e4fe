// Adagrad-1, Adam-1, Momentum-1 (ai.onnx.preview.training): one optimizer step over n tensors.
// Inputs R, T, then X_1..X_n, G_1..G_n and each accumulator group (Adagrad H; Adam V, H;
// Momentum V); outputs the new X's, then the new accumulators in the same group order.
// Each output element is the exact real value of the Changelog's pseudo code on the exact
// inputs and float attributes, rounded once to that output's type (each tensor keeps its
// own type: the inputs are heterogeneous). The polynomial parts (G + c X, the accumulators,
// all of Momentum) are exact at kExactBits; square roots, quotients and Adam's alpha^T,
// beta^T round at the working precision with a tracked bound (Tracked below), and Ziv's
// strategy (numeric/functions.h) raises the precision until the rounding is decided.
// Special values follow IEEE 754 on the pseudo code's operations (r G / H_adaptive is
// taken as R G / ((1 + T decay) H_adaptive), the same real number).
// G and the accumulators must have X's shape; R and T must hold one element.
#include <mpfr.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/error.h"
#include "reference/half.h"
#include "reference/numeric/functions.h"
#include "reference/ops/training/training_ops.h"

namespace touchstone::ops {

namespace {

// Wide enough for every sum of products these formulas form from doubles and floats
// exactly (the widest, Momentum's nesterov X_new and Adam's H_new, span about 5030 bits).
constexpr mpfr_prec_t kExactBits = 6000;
constexpr int kUndecided = 1 << 20;  // slack of a zero that inexact operands gave

// A value with relative error at most 2^(slack - w), w the working precision; exact
// values (slack 0, exact true) are held at kExactBits.
struct Tracked {
  mpfr_t v;
  bool exact = true;
  int slack = 0;
  explicit Tracked(mpfr_prec_t p) { mpfr_init2(v, p); }
  ~Tracked() { mpfr_clear(v); }
  Tracked(const Tracked&) = delete;
  Tracked& operator=(const Tracked&) = delete;
};

class Arith {
 public:
  explicit Arith(mpfr_prec_t working) : w_(working) {}

  void set_exact(Tracked& t, double x) const {
    mpfr_set_d(t.v, x, MPFR_RNDN);
    t.exact = true;
    t.slack = 0;
  }

  // z = a + sign b. Exact when both are and the sum fits kExactBits (checked).
  void add(Tracked& z, const Tracked& a, const Tracked& b, int sign) const {
    const int ternary = sign > 0 ? mpfr_add(z.v, a.v, b.v, MPFR_RNDN) : mpfr_sub(z.v, a.v, b.v, MPFR_RNDN);
    z.exact = a.exact && b.exact && ternary == 0;
    if (z.exact || !mpfr_regular_p(z.v)) {
      z.slack = mpfr_zero_p(z.v) && !z.exact ? kUndecided : std::max(a.slack, b.slack);
      return;
    }
    // |error| <= |a| 2^(sa - w) + |b| 2^(sb - w) + |z| 2^-w, with |x| < 2^EXP(x) and
    // |z| >= 2^(EXP(z) - 1): relative to z, at most 2^(top - EXP(z) + 3 - w).
    mpfr_exp_t top = mpfr_get_exp(z.v);
    for (const Tracked* t : {&a, &b})
      if (mpfr_regular_p(t->v)) top = std::max(top, mpfr_get_exp(t->v) + t->slack);
    z.slack = static_cast<int>(std::min<mpfr_exp_t>(top - mpfr_get_exp(z.v) + 3, kUndecided));
  }
  // z = a * b or a / b: (1 + ea)(1 + eb)(1 + 2^-w) or (1 + ea)(1 + 2^-w) / (1 + eb).
  void mul(Tracked& z, const Tracked& a, const Tracked& b) const {
    product(z, a, b, mpfr_mul(z.v, a.v, b.v, MPFR_RNDN));
  }
  void div(Tracked& z, const Tracked& a, const Tracked& b) const {
    product(z, a, b, mpfr_div(z.v, a.v, b.v, MPFR_RNDN));
  }
  // z = sqrt(a): half a's relative error plus one rounding.
  void sqrt(Tracked& z, const Tracked& a) const {
    const int ternary = mpfr_sqrt(z.v, a.v, MPFR_RNDN);
    z.exact = a.exact && ternary == 0;
    z.slack = z.exact ? 0 : a.slack + 1;
  }
  // z = a^n (a exact): one correctly rounded MPFR call.
  void pow(Tracked& z, const Tracked& a, long n) const {
    const int ternary = mpfr_pow_si(z.v, a.v, n, MPFR_RNDN);
    z.exact = a.exact && ternary == 0;
    z.slack = z.exact ? 0 : 1;
  }
  mpfr_prec_t working() const { return w_; }
  // What a Formula returns for its final value.
  int result_slack(const Tracked& t) const {
    if (t.exact) return numeric::kExactResult;
    return std::min<int>(t.slack, static_cast<int>(w_));
  }

 private:
  void product(Tracked& z, const Tracked& a, const Tracked& b, int ternary) const {
    z.exact = a.exact && b.exact && ternary == 0;
    z.slack = z.exact ? 0 : std::min(std::max(a.slack, b.slack) + 3, kUndecided);
    const bool zero_factor = (a.exact && mpfr_zero_p(a.v)) || (b.exact && mpfr_zero_p(b.v));
    if (mpfr_zero_p(z.v) && !z.exact && !zero_factor) z.slack = kUndecided;
  }
  mpfr_prec_t w_;
};

double element(const Tensor& t, int64_t k) {
  switch (t.dtype()) {
    case DType::kFloat:
      return t.data<float>()[static_cast<size_t>(k)];
    case DType::kDouble:
      return t.data<double>()[static_cast<size_t>(k)];
    default:
      invalid_model("optimizer inputs must be float or double, got " + std::string(dtype_name(t.dtype())));
  }
}

void check_one_element(const Tensor& t, const char* name) {
  if (t.size() != 1)
    invalid_model(std::string(name) + " has shape " + shape_to_string(t.shape()) +
                  "; it must hold one element");
}
double rate_of(const Tensor& r) {
  check_one_element(r, "R");
  return element(r, 0);
}
long count_of(const Tensor& t) {
  check_one_element(t, "T");
  return static_cast<long>(t.data<int64_t>()[0]);
}

// The number of optimized tensors n, after checking the input count and shapes: inputs
// are R, T and `groups` groups of n tensors, each of X_i's shape.
size_t tensor_count(const Inputs& in, size_t groups) {
  if (in.size() < 2 + groups || (in.size() - 2) % groups != 0)
    invalid_model("expected R, T and " + std::to_string(groups) + " groups of n tensors, got " +
                  std::to_string(in.size()) + " inputs");
  const size_t n = (in.size() - 2) / groups;
  for (size_t g = 1; g < groups; ++g)
    for (size_t i = 0; i < n; ++i)
      if (in[2 + g * n + i].shape() != in[2 + i].shape())
        invalid_model("input " + std::to_string(2 + g * n + i) + " has shape " +
                      shape_to_string(in[2 + g * n + i].shape()) + "; it must have X_" +
                      std::to_string(i + 1) + "'s shape " + shape_to_string(in[2 + i].shape()));
  return n;
}

// The element rounded once to `out`'s type from a Formula.
void store(Tensor& out, int64_t k, const numeric::Formula& f) {
  if (out.dtype() == DType::kFloat)
    out.data<float>()[static_cast<size_t>(k)] = numeric::correctly_rounded_as<float>(f);
  else
    out.data<double>()[static_cast<size_t>(k)] = numeric::correctly_rounded_as<double>(f);
}

// An exact value rounded once to `out`'s type.
void store_exact(Tensor& out, int64_t k, const Tracked& t) {
  if (!t.exact) throw std::logic_error("an optimizer's exact value did not fit kExactBits");
  mpfr_srcptr v = t.v;
  if (out.dtype() == DType::kFloat)
    out.data<float>()[static_cast<size_t>(k)] =
        numeric::narrow<float>(numeric::round_to_format(v, numeric::float_format<float>()));
  else
    out.data<double>()[static_cast<size_t>(k)] = numeric::round_to_format(v, numeric::float_format<double>());
}

// g = c x + G_i[k], exact.
void regularized_gradient(Tracked& g, double c, double x, double grad) {
  mpfr_t cx;
  mpfr_init2(cx, 128);
  mpfr_set_d(cx, c, MPFR_RNDN);
  mpfr_mul_d(cx, cx, x, MPFR_RNDN);  // 24 + 53 bits: exact at 128
  mpfr_add_d(g.v, cx, grad, MPFR_RNDN);
  mpfr_clear(cx);
  g.exact = true;
  g.slack = 0;
}

float required_float(const Node& node, const char* name) {
  if (!node.has_attr(name)) invalid_model(std::string("attribute '") + name + "' is required");
  return node.attr_float(name, 0.0f);
}

}  // namespace

Tensors adagrad_v1(const Node& node, const Inputs& in) {
  const size_t n = tensor_count(in, 3);
  const double r = rate_of(in[0]);
  const long t = count_of(in[1]);
  const double decay = node.attr_float("decay_factor", 0.0f), epsilon = node.attr_float("epsilon", 0.0f);
  const double norm = node.attr_float("norm_coefficient", 0.0f);
  Tensors out;
  for (size_t i = 0; i < n; ++i) out.emplace_back(in[2 + i].dtype(), in[2 + i].shape());
  for (size_t i = 0; i < n; ++i) out.emplace_back(in[2 + 2 * n + i].dtype(), in[2 + i].shape());
  const Arith exact(kExactBits);
  for (size_t i = 0; i < n; ++i) {
    const Tensor &x = in[2 + i], &grad = in[2 + n + i], &h = in[2 + 2 * n + i];
    for (int64_t k = 0; k < x.size(); ++k) {
      const double xk = element(x, k);
      Tracked g(kExactBits), h_new(kExactBits), term(kExactBits), h_old(kExactBits);
      regularized_gradient(g, norm, xk, element(grad, k));
      exact.mul(term, g, g);
      exact.set_exact(h_old, element(h, k));
      exact.add(h_new, h_old, term, +1);  // H_new = H + g^2
      store_exact(out[n + i], k, h_new);
      store(out[i], k, [&](mpfr_ptr result) {
        // X_new = X - R g / ((1 + T decay) (sqrt(H_new) + epsilon))
        const Arith a(mpfr_get_prec(result));
        Tracked root(a.working()), eps(64), adaptive(a.working()), count(kExactBits), one(64),
            lr_den(kExactBits);
        Tracked den(a.working()), num(kExactBits), rr(64), step(a.working()), xv(64),
            y(mpfr_get_prec(result));
        a.sqrt(root, h_new);
        a.set_exact(eps, epsilon);
        a.add(adaptive, root, eps, +1);
        mpfr_set_si(count.v, t, MPFR_RNDN);
        mpfr_mul_d(count.v, count.v, decay, MPFR_RNDN);  // T decay: 64 + 24 bits, exact
        exact.set_exact(one, 1.0);
        exact.add(lr_den, one, count, +1);
        a.mul(den, lr_den, adaptive);
        exact.set_exact(rr, r);
        exact.mul(num, rr, g);
        a.div(step, num, den);
        a.set_exact(xv, xk);
        a.add(y, xv, step, -1);
        mpfr_set(result, y.v, MPFR_RNDN);
        return a.result_slack(y);
      });
    }
  }
  return out;
}

Tensors adam_v1(const Node& node, const Inputs& in) {
  const size_t n = tensor_count(in, 4);
  const double r = rate_of(in[0]);
  const long t = count_of(in[1]);
  const double alpha = node.attr_float("alpha", 0.9f), beta = node.attr_float("beta", 0.999f);
  const double epsilon = node.attr_float("epsilon", 0.0f), norm = node.attr_float("norm_coefficient", 0.0f);
  const double norm_post = node.attr_float("norm_coefficient_post", 0.0f);
  Tensors out;
  for (size_t g = 0; g < 3; ++g)
    for (size_t i = 0; i < n; ++i)
      out.emplace_back(in[2 + (g == 0 ? 0 : g + 1) * n + i].dtype(), in[2 + i].shape());
  const Arith exact(kExactBits);
  Tracked one(64), a(64), b(64), one_minus_a(kExactBits), one_minus_b(kExactBits), post(kExactBits),
      post_c(64);
  exact.set_exact(one, 1.0);
  exact.set_exact(a, alpha);
  exact.set_exact(b, beta);
  exact.set_exact(post_c, norm_post);
  exact.add(one_minus_a, one, a, -1);
  exact.add(one_minus_b, one, b, -1);
  exact.add(post, one, post_c, -1);
  for (size_t i = 0; i < n; ++i) {
    const Tensor &x = in[2 + i], &grad = in[2 + n + i], &v = in[2 + 2 * n + i], &h = in[2 + 3 * n + i];
    for (int64_t k = 0; k < x.size(); ++k) {
      const double xk = element(x, k);
      Tracked g(kExactBits), old(kExactBits), t1(kExactBits), t2(kExactBits), g2(kExactBits);
      Tracked v_new(kExactBits), h_new(kExactBits);
      regularized_gradient(g, norm, xk, element(grad, k));
      exact.set_exact(old, element(v, k));
      exact.mul(t1, a, old);
      exact.mul(t2, one_minus_a, g);
      exact.add(v_new, t1, t2, +1);  // V_new = alpha V + (1 - alpha) g
      exact.set_exact(old, element(h, k));
      exact.mul(t1, b, old);
      exact.mul(g2, g, g);
      exact.mul(t2, one_minus_b, g2);
      exact.add(h_new, t1, t2, +1);  // H_new = beta H + (1 - beta) g^2
      store_exact(out[n + i], k, v_new);
      store_exact(out[2 * n + i], k, h_new);
      store(out[i], k, [&](mpfr_ptr result) {
        // X_final = (1 - post) (X - R_adjusted V_new / (sqrt(H_new) + epsilon)),
        // R_adjusted = R sqrt(1 - beta^T) / (1 - alpha^T) for T > 0, else R.
        const Arith w(mpfr_get_prec(result));
        const mpfr_prec_t p = w.working();
        Tracked root(p), eps(64), adaptive(p), rr(64), num(kExactBits), den(p), step(p), xv(64), y(p),
            final(p);
        w.sqrt(root, h_new);
        w.set_exact(eps, epsilon);
        w.add(adaptive, root, eps, +1);
        w.set_exact(rr, r);
        if (t > 0) {
          Tracked bt(p), ob(p), sob(p), at(p), oa(p), lr(p), lr_v(p);
          w.pow(bt, b, t);
          w.add(ob, one, bt, -1);
          w.sqrt(sob, ob);
          w.pow(at, a, t);
          w.add(oa, one, at, -1);
          w.mul(lr, rr, sob);
          w.mul(lr_v, lr, v_new);
          w.mul(den, oa, adaptive);
          w.div(step, lr_v, den);
        } else {
          exact.mul(num, rr, v_new);
          w.div(step, num, adaptive);
        }
        w.set_exact(xv, xk);
        w.add(y, xv, step, -1);
        w.mul(final, post, y);
        mpfr_set(result, final.v, MPFR_RNDN);
        return w.result_slack(final);
      });
    }
  }
  return out;
}

Tensors momentum_v1(const Node& node, const Inputs& in) {
  const size_t n = tensor_count(in, 3);
  const double r = rate_of(in[0]);
  const long t = count_of(in[1]);
  const double alpha = required_float(node, "alpha"), beta = required_float(node, "beta");
  const double norm = required_float(node, "norm_coefficient");
  if (!node.has_attr("mode")) invalid_model("attribute 'mode' is required");
  const std::string mode = node.attr_string("mode", "");
  if (mode != "standard" && mode != "nesterov")
    invalid_model("mode '" + mode + "' is not one of standard, nesterov");
  Tensors out;
  for (size_t i = 0; i < n; ++i) out.emplace_back(in[2 + i].dtype(), in[2 + i].shape());
  for (size_t i = 0; i < n; ++i) out.emplace_back(in[2 + 2 * n + i].dtype(), in[2 + i].shape());
  const Arith exact(kExactBits);
  Tracked a(64), b(64), rr(64);
  exact.set_exact(a, alpha);
  exact.set_exact(b, t > 0 ? beta : 1.0);  // beta_adjusted
  exact.set_exact(rr, r);
  for (size_t i = 0; i < n; ++i) {
    const Tensor &x = in[2 + i], &grad = in[2 + n + i], &v = in[2 + 2 * n + i];
    for (int64_t k = 0; k < x.size(); ++k) {
      Tracked g(kExactBits), old(kExactBits), t1(kExactBits), t2(kExactBits), v_new(kExactBits);
      Tracked dir(kExactBits), step(kExactBits), xv(64), y(kExactBits);
      exact.set_exact(xv, element(x, k));
      regularized_gradient(g, norm, element(x, k), element(grad, k));
      exact.set_exact(old, element(v, k));
      exact.mul(t1, a, old);
      exact.mul(t2, b, g);
      exact.add(v_new, t1, t2, +1);  // V_new = alpha V + beta_adjusted g
      if (mode == "standard") {
        exact.mul(step, rr, v_new);  // X_new = X - R V_new
      } else {
        exact.mul(t1, a, v_new);  // X_new = X - R (g + alpha V_new)
        exact.add(dir, g, t1, +1);
        exact.mul(step, rr, dir);
      }
      exact.add(y, xv, step, -1);
      store_exact(out[i], k, y);
      store_exact(out[n + i], k, v_new);
    }
  }
  return out;
}

}  // namespace touchstone::ops
