// Forward and backward rules of the structured ops Gradient-1 differentiates
// (derivative_rules.h): MatMul of two rank-2 operands (other ranks not yet), Gemm (every
// version; C broadcast to (M, N), its gradient summed back), ReduceSum and ReduceMean (axes an
// attribute before 13 / 18, an input from then, with noop_with_empty_axes), Softmax (before
// 13 over the 2-D coercion at axis, default 1; from 13 along axis, default -1).
#include "reference/error.h"
#include "reference/ops/training/derivative_rules.h"

namespace touchstone::ops::training {

namespace {

Gradients only_first(RealTensor r) {
  Gradients out;
  out.emplace_back(std::move(r));
  return out;
}

// scale * op(A) op(B), op a transpose when asked; A and B rank 2.
RealTensor product(const RealTensor& a, bool ta, const RealTensor& b, bool tb, double scale,
                   const std::string& label) {
  if (a.shape.size() != 2 || b.shape.size() != 2)
    not_implemented(label + ": operands of rank other than 2 have no derivative here yet");
  const int64_t m = ta ? a.shape[1] : a.shape[0], k = ta ? a.shape[0] : a.shape[1];
  const int64_t kb = tb ? b.shape[1] : b.shape[0], n = tb ? b.shape[0] : b.shape[1];
  if (k != kb)
    invalid_model(label + ": inner dimensions " + std::to_string(k) + " and " + std::to_string(kb) +
                  " differ");
  RealTensor r({m, n}, a.precision());
  mpfi_t t;
  mpfi_init2(t, a.precision());
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      mpfi_ptr out = r.at[static_cast<size_t>(i * n + j)].get();
      for (int64_t q = 0; q < k; ++q) {
        const auto& x = a.at[static_cast<size_t>(ta ? q * a.shape[1] + i : i * a.shape[1] + q)];
        const auto& y = b.at[static_cast<size_t>(tb ? j * b.shape[1] + q : q * b.shape[1] + j)];
        mpfi_mul(t, x.get(), y.get());
        mpfi_add(out, out, t);
      }
      mpfi_mul_d(out, out, scale);
    }
  mpfi_clear(t);
  return r;
}

RealTensor scaled(const RealTensor& a, double scale) {
  return map_unary(a, [scale](mpfi_ptr o, mpfi_srcptr x) { mpfi_mul_d(o, x, scale); });
}

struct GemmParams {
  bool ta, tb;
  double alpha, beta;
};
GemmParams gemm_params(const OpSite& s) {
  return {s.node.attr_int("transA", 0) != 0, s.node.attr_int("transB", 0) != 0,
          s.node.attr_float("alpha", 1.0f), s.node.attr_float("beta", 1.0f)};
}

RealTensor gemm_forward(const OpSite& s) {
  const auto p = gemm_params(s);
  RealTensor y = product(operand(s, 0), p.ta, operand(s, 1), p.tb, p.alpha, s.label);
  if (s.in.size() > 2 && s.in[2]) {
    const RealTensor c = scaled(operand(s, 2), p.beta);
    if (broadcast_shape(c.shape, y.shape, s.label) != y.shape)
      invalid_model(s.label + ": C " + shape_to_string(c.shape) + " does not broadcast to " +
                    shape_to_string(y.shape));
    y = map_binary(
        y, c, [](mpfi_ptr o, mpfi_srcptr a, mpfi_srcptr b) { mpfi_add(o, a, b); }, s.label);
  }
  return y;
}

Gradients gemm_backward(const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>& w) {
  const auto p = gemm_params(s);
  const RealTensor &a = operand(s, 0), &b = operand(s, 1);
  Gradients out(s.in.size());
  if (w[0])
    out[0] =
        p.ta ? product(b, p.tb, g, true, p.alpha, s.label) : product(g, false, b, !p.tb, p.alpha, s.label);
  if (w[1])
    out[1] =
        p.tb ? product(g, true, a, p.ta, p.alpha, s.label) : product(a, !p.ta, g, false, p.alpha, s.label);
  if (s.in.size() > 2 && s.in[2] && w[2]) out[2] = sum_to_shape(scaled(g, p.beta), operand(s, 2).shape);
  return out;
}

// Which output element each input element of a reduction adds to.
struct ReducePlan {
  Shape out_shape;
  std::vector<size_t> target;  // per input element
  int64_t count = 1;           // input elements per output element
};

ReducePlan reduce_plan(const OpSite& s, int axes_input_from) {
  const Shape& shape = operand(s, 0).shape;
  const int64_t rank = static_cast<int64_t>(shape.size());
  std::vector<int64_t> axes;
  if (s.version >= axes_input_from) {
    if (s.in.size() > 1 && s.in[1]) {
      if (!s.given[1])
        not_implemented(s.label + ": axes must be a given tensor (in zs, an initializer or a Constant)");
      for (int64_t a : s.given[1]->data<int64_t>()) axes.push_back(a);
    }
  } else {
    axes = s.node.attr_ints("axes");
  }
  std::vector<bool> reduced(static_cast<size_t>(rank), false);
  if (axes.empty()) {
    if (s.version >= axes_input_from && s.node.attr_int("noop_with_empty_axes", 0) != 0)
      reduced.assign(reduced.size(), false);
    else
      reduced.assign(reduced.size(), true);
  }
  for (int64_t a : axes) {
    if (a < -rank || a >= rank)
      invalid_model(s.label + ": axis " + std::to_string(a) + " is outside the input's rank");
    reduced[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
  }
  const bool keep = s.node.attr_int("keepdims", 1) != 0;
  ReducePlan plan;
  std::vector<int64_t> out_dims;
  for (int64_t k = 0; k < rank; ++k) {
    if (reduced[static_cast<size_t>(k)]) plan.count *= shape[static_cast<size_t>(k)];
    if (!reduced[static_cast<size_t>(k)]) out_dims.push_back(shape[static_cast<size_t>(k)]);
    if (!reduced[static_cast<size_t>(k)] || keep)
      plan.out_shape.push_back(reduced[static_cast<size_t>(k)] ? 1 : shape[static_cast<size_t>(k)]);
  }
  const RealTensor& x = operand(s, 0);
  std::vector<int64_t> index(static_cast<size_t>(rank), 0);
  for (size_t i = 0; i < x.at.size(); ++i) {
    size_t flat = 0;
    for (int64_t k = 0; k < rank; ++k)
      if (!reduced[static_cast<size_t>(k)])
        flat = flat * static_cast<size_t>(shape[static_cast<size_t>(k)]) +
               static_cast<size_t>(index[static_cast<size_t>(k)]);
    plan.target.push_back(flat);
    for (int64_t k = rank; k-- > 0;) {
      if (++index[static_cast<size_t>(k)] < shape[static_cast<size_t>(k)]) break;
      index[static_cast<size_t>(k)] = 0;
    }
  }
  return plan;
}

RealTensor reduce_forward(const OpSite& s, int axes_input_from, bool mean) {
  const ReducePlan plan = reduce_plan(s, axes_input_from);
  const RealTensor& x = operand(s, 0);
  RealTensor y(plan.out_shape, s.precision);
  for (size_t i = 0; i < x.at.size(); ++i)
    mpfi_add(y.at[plan.target[i]].get(), y.at[plan.target[i]].get(), x.at[i].get());
  if (mean)
    for (auto& v : y.at)
      mpfi_div_si(v.get(), v.get(), static_cast<long>(plan.count));  // an empty set: 0 / 0 = NaN
  return y;
}

Gradients reduce_backward(const OpSite& s, const RealTensor& g, int axes_input_from, bool mean) {
  const ReducePlan plan = reduce_plan(s, axes_input_from);
  RealTensor dx(operand(s, 0).shape, s.precision);
  for (size_t i = 0; i < dx.at.size(); ++i) {
    mpfi_set(dx.at[i].get(), g.at[plan.target[i]].get());
    if (mean) mpfi_div_si(dx.at[i].get(), dx.at[i].get(), static_cast<long>(plan.count));
  }
  Gradients out(s.in.size());
  out[0] = std::move(dx);
  return out;
}

// Softmax's rows: [outer, length, inner] around the axis (before 13: the 2-D coercion).
struct Rows {
  int64_t outer = 1, length = 1, inner = 1;
};
Rows softmax_rows(const OpSite& s) {
  const Shape& shape = operand(s, 0).shape;
  const int64_t rank = static_cast<int64_t>(shape.size());
  int64_t axis = s.node.attr_int("axis", s.version >= 13 ? -1 : 1);
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    invalid_model(s.label + ": axis " + std::to_string(axis) + " is outside the input's rank");
  if (axis < 0) axis += rank;
  Rows r;
  for (int64_t k = 0; k < rank; ++k) {
    const int64_t d = shape[static_cast<size_t>(k)];
    if (k < axis)
      r.outer *= d;
    else if (k == axis || s.version < 13)
      r.length *= d;
    else
      r.inner *= d;
  }
  return r;
}

RealTensor softmax_forward(const OpSite& s) {
  const RealTensor& x = operand(s, 0);
  const Rows r = softmax_rows(s);
  RealTensor y(x.shape, s.precision);
  mpfi_t sum, shift;
  mpfi_init2(sum, s.precision);
  mpfi_init2(shift, s.precision);
  mpfr_t top;
  mpfr_init2(top, s.precision);
  for (int64_t o = 0; o < r.outer; ++o)
    for (int64_t in = 0; in < r.inner; ++in) {
      const auto at = [&](int64_t k) { return static_cast<size_t>((o * r.length + k) * r.inner + in); };
      // exp(x_k - c) / sum_j exp(x_j - c) for any real c: c the largest left end keeps exp in range.
      mpfr_set_inf(top, -1);
      for (int64_t k = 0; k < r.length; ++k) mpfr_max(top, top, x.at[at(k)].left(), MPFR_RNDN);
      if (!mpfr_number_p(top)) mpfr_set_zero(top, 1);
      mpfi_set_fr(shift, top);
      mpfi_set_ui(sum, 0);
      for (int64_t k = 0; k < r.length; ++k) {
        mpfi_sub(y.at[at(k)].get(), x.at[at(k)].get(), shift);
        mpfi_exp(y.at[at(k)].get(), y.at[at(k)].get());
        mpfi_add(sum, sum, y.at[at(k)].get());
      }
      for (int64_t k = 0; k < r.length; ++k) mpfi_div(y.at[at(k)].get(), y.at[at(k)].get(), sum);
    }
  mpfr_clear(top);
  mpfi_clear(sum);
  mpfi_clear(shift);
  return y;
}

// dx_k = y_k (g_k - sum_j g_j y_j) along each row.
Gradients softmax_backward(const OpSite& s, const RealTensor& y, const RealTensor& g,
                           const std::vector<bool>&) {
  const Rows r = softmax_rows(s);
  RealTensor dx(y.shape, s.precision);
  mpfi_t dot, t;
  mpfi_init2(dot, s.precision);
  mpfi_init2(t, s.precision);
  for (int64_t o = 0; o < r.outer; ++o)
    for (int64_t in = 0; in < r.inner; ++in) {
      const auto at = [&](int64_t k) { return static_cast<size_t>((o * r.length + k) * r.inner + in); };
      mpfi_set_ui(dot, 0);
      for (int64_t k = 0; k < r.length; ++k) {
        mpfi_mul(t, g.at[at(k)].get(), y.at[at(k)].get());
        mpfi_add(dot, dot, t);
      }
      for (int64_t k = 0; k < r.length; ++k) {
        mpfi_sub(t, g.at[at(k)].get(), dot);
        mpfi_mul(dx.at[at(k)].get(), t, y.at[at(k)].get());
      }
    }
  mpfi_clear(dot);
  mpfi_clear(t);
  return only_first(std::move(dx));
}

const std::vector<DerivativeRule> kStructuredRules = {
    {"Gemm", gemm_forward, gemm_backward},
    {"MatMul",
     [](const OpSite& s) { return product(operand(s, 0), false, operand(s, 1), false, 1.0, s.label); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>& w) {
       Gradients out(2);
       if (w[0]) out[0] = product(g, false, operand(s, 1), true, 1.0, s.label);
       if (w[1]) out[1] = product(operand(s, 0), true, g, false, 1.0, s.label);
       return out;
     }},
    {"ReduceMean", [](const OpSite& s) { return reduce_forward(s, 18, true); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>&) {
       return reduce_backward(s, g, 18, true);
     }},
    {"ReduceSum", [](const OpSite& s) { return reduce_forward(s, 13, false); },
     [](const OpSite& s, const RealTensor&, const RealTensor& g, const std::vector<bool>&) {
       return reduce_backward(s, g, 13, false);
     }},
    {"Softmax", softmax_forward, softmax_backward},
};

}  // namespace

const std::vector<DerivativeRule>& structured_rules() { return kStructuredRules; }

}  // namespace touchstone::ops::training
