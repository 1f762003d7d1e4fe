// LinearAttention-27 (linear_attention_plan.h: shapes, heads, refusals). Per batch entry and KV
// head the state S (d_k x d_v, past_state or zeros) steps through the sequence by the text's
// update rule, e = exp(g_t) (per key dimension, or the head's one value):
//   linear       S = S + k (x) v
//   gated        S = e * S + k (x) v
//   delta        S = S + beta k (x) (v - S^T k)
//   gated_delta  S' = e * S; S = S' + beta k (x) (v - S'^T k)
// ("exp(g_t) * S_{t-1}^T k_t" is (e * S)^T k: with a per-key decay no other reading has the
// dimensions), and every query head h of the group reads o_t = scale q_t^T S_t. output and
// present_state are the exact real numbers rounded once (to T and to S): the whole recurrence
// runs on enclosures (recurrent/enclosure.h: every step rounded outward in MPFR, exp
// included) at a working precision that doubles, from the format's precision + 64, until both
// ends of every element round alike; exact values stay points (the linear rule, zero states).
// Past 2048 bits an undecided element takes its lower end's rounding (marked). NaN or inf in an
// input: a long double evaluation of the same loops, marked implementation-defined. d_k = 0:
// 1/sqrt(0) times an empty sum, the reference gives zeros (marked).
#include <algorithm>
#include <cmath>

#include "reference/numeric/functions.h"
#include "reference/ops/attention/attention_ops.h"
#include "reference/ops/attention/linear_attention_plan.h"
#include "reference/ops/norm/standardize.h"
#include "reference/ops/recurrent/enclosure.h"

namespace touchstone::ops::linear_attention {

namespace {

using recurrent::Enclosure;

constexpr mpfr_prec_t kCap = 2048;

struct Enclosed {
  std::vector<Enclosure> output, state;
};

Enclosure scale_of(const Plan& p, mpfr_prec_t prec) {
  Enclosure s(prec);
  if (p.scale) {
    s.set(*p.scale);
  } else {
    mpfr_set_si(s.lo(), p.dk, MPFR_RNDN);
    mpfr_rec_sqrt(s.hi(), s.lo(), MPFR_RNDU);
    mpfr_rec_sqrt(s.lo(), s.lo(), MPFR_RNDD);
  }
  return s;
}

// One batch entry and KV head through the sequence at precision prec.
void walk(const Plan& p, int64_t b, int64_t hk, mpfr_prec_t prec, const Enclosure& scale, Enclosed& out) {
  std::vector<Enclosure> s;
  for (int64_t i = 0; i < p.dk; ++i)
    for (int64_t j = 0; j < p.dv; ++j) s.emplace_back(prec, p.past_at(b, hk, i, j));
  auto at = [&](int64_t i, int64_t j) -> Enclosure& { return s[static_cast<size_t>(i * p.dv + j)]; };
  const int64_t group = p.q_heads / p.kv_heads;
  for (int64_t t = 0; t < p.seq; ++t) {
    if (p.gated())
      for (int64_t i = 0; i < p.dk; ++i) {
        Enclosure e(prec, p.decay_at(b, t, hk, i));
        mpfr_exp(e.lo(), e.lo(), MPFR_RNDD);
        mpfr_exp(e.hi(), e.hi(), MPFR_RNDU);
        for (int64_t j = 0; j < p.dv; ++j) recurrent::multiply(at(i, j), at(i, j), e);
      }
    if (p.delta()) {
      const double beta = p.beta_at(b, t, hk);
      for (int64_t j = 0; j < p.dv; ++j) {
        Enclosure r(prec, p.v_at(b, t, hk, j));  // v - S^T k, then beta times it
        for (int64_t i = 0; i < p.dk; ++i) r.add_product(at(i, j), -p.k_at(b, t, hk, i));
        Enclosure u(prec);
        u.add_product(r, beta);
        for (int64_t i = 0; i < p.dk; ++i) at(i, j).add_product(u, p.k_at(b, t, hk, i));
      }
    } else {
      for (int64_t i = 0; i < p.dk; ++i)
        for (int64_t j = 0; j < p.dv; ++j) at(i, j).add_product(p.k_at(b, t, hk, i), p.v_at(b, t, hk, j));
    }
    for (int64_t h = hk * group; h < (hk + 1) * group; ++h)
      for (int64_t j = 0; j < p.dv; ++j) {
        Enclosure o(prec);
        for (int64_t i = 0; i < p.dk; ++i) o.add_product(at(i, j), p.q_at(b, t, h, i));
        recurrent::multiply(o, o, scale);
        out.output[static_cast<size_t>(p.output_index(b, t, h, j))] = o;
      }
  }
  for (int64_t i = 0; i < p.dk; ++i)
    for (int64_t j = 0; j < p.dv; ++j) out.state[static_cast<size_t>(p.state_index(b, hk, i, j))] = at(i, j);
}

Enclosed enclose(const Plan& p, mpfr_prec_t prec) {
  Enclosed e;
  const Enclosure scale = scale_of(p, prec);
  for (int64_t n = element_count(p.output_shape()); n > 0; --n) e.output.emplace_back(prec);
  for (int64_t n = element_count(p.state_shape()); n > 0; --n) e.state.emplace_back(prec);
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t hk = 0; hk < p.kv_heads; ++hk) walk(p, b, hk, prec, scale, e);
  return e;
}

// The same loops in long double (NaN or inf among the inputs).
void plain(const Plan& p, std::vector<double>& output, std::vector<double>& state) {
  const long double scale = p.scale ? *p.scale : 1.0L / std::sqrt(static_cast<long double>(p.dk));
  const int64_t group = p.q_heads / p.kv_heads;
  for (int64_t b = 0; b < p.batch; ++b)
    for (int64_t hk = 0; hk < p.kv_heads; ++hk) {
      std::vector<long double> s(static_cast<size_t>(p.dk * p.dv));
      auto at = [&](int64_t i, int64_t j) -> long double& { return s[static_cast<size_t>(i * p.dv + j)]; };
      for (int64_t i = 0; i < p.dk; ++i)
        for (int64_t j = 0; j < p.dv; ++j) at(i, j) = p.past_at(b, hk, i, j);
      for (int64_t t = 0; t < p.seq; ++t) {
        if (p.gated())
          for (int64_t i = 0; i < p.dk; ++i)
            for (int64_t j = 0; j < p.dv; ++j)
              at(i, j) *= std::exp(static_cast<long double>(p.decay_at(b, t, hk, i)));
        for (int64_t j = 0; j < p.dv; ++j) {
          long double r = p.v_at(b, t, hk, j);
          if (p.delta()) {
            for (int64_t i = 0; i < p.dk; ++i) r -= at(i, j) * p.k_at(b, t, hk, i);
            r *= p.beta_at(b, t, hk);
          }
          for (int64_t i = 0; i < p.dk; ++i) at(i, j) += p.k_at(b, t, hk, i) * r;
        }
        for (int64_t h = hk * group; h < (hk + 1) * group; ++h)
          for (int64_t j = 0; j < p.dv; ++j) {
            long double o = 0;
            for (int64_t i = 0; i < p.dk; ++i) o += p.q_at(b, t, h, i) * at(i, j);
            output[static_cast<size_t>(p.output_index(b, t, h, j))] = static_cast<double>(scale * o);
          }
      }
      for (int64_t i = 0; i < p.dk; ++i)
        for (int64_t j = 0; j < p.dv; ++j)
          state[static_cast<size_t>(p.state_index(b, hk, i, j))] = static_cast<double>(at(i, j));
    }
}

bool has_special(const Plan& p) {
  for (const auto* list : {&p.q, &p.k, &p.v, &p.past, &p.decay, &p.beta})
    for (double x : *list)
      if (!std::isfinite(x)) return true;
  return false;
}

std::optional<double> decided(const Enclosure& e, numeric::FloatFormat f) {
  const double a = numeric::round_to_format(e.lo(), f), b = numeric::round_to_format(e.hi(), f);
  if (a != b) return std::nullopt;
  return a == 0 ? 0.0 : a;
}

// Rounds each element once: doubling the precision until every enclosure decides.
void round_all(const Node& node, const Plan& p, std::vector<double>& output, std::vector<double>& state) {
  const numeric::FloatFormat fo = norm::format_of(p.out_type), fs = norm::format_of(p.state_type);
  std::vector<bool> done(output.size() + state.size(), false);
  for (mpfr_prec_t prec = std::max(fo.precision, fs.precision) + 64;; prec *= 2) {
    const Enclosed e = enclose(p, prec);
    bool all = true;
    for (size_t n = 0; n < done.size(); ++n) {
      if (done[n]) continue;
      const bool out = n < output.size();
      const Enclosure& x = out ? e.output[n] : e.state[n - output.size()];
      double& target = out ? output[n] : state[n - output.size()];
      if (auto r = decided(x, out ? fo : fs)) {
        target = *r, done[n] = true;
      } else if (prec >= kCap) {
        target = numeric::round_to_format(x.lo(), out ? fo : fs), done[n] = true;
        node.mark(Semantics::kImplementationDefined,
                  "an element its enclosure did not decide at 2048 bits (the lower end's rounding)");
      } else {
        all = false;
      }
    }
    if (all) return;
  }
}

}  // namespace

}  // namespace touchstone::ops::linear_attention

namespace touchstone::ops {

Tensors linear_attention_v27(const Node& node, const Inputs& in) {
  const linear_attention::Plan p = linear_attention::linear_attention_plan(node, in);
  node.record_terms(std::max<int64_t>({1, p.dk, p.seq}));
  std::vector<double> output(static_cast<size_t>(element_count(p.output_shape())), 0.0);
  std::vector<double> state(static_cast<size_t>(element_count(p.state_shape())), 0.0);
  if (p.dk == 0 && !p.scale) {
    node.mark(Semantics::kImplementationDefined,
              "d_k = 0: the default scale 1/sqrt(0) times an empty sum (the reference: zeros)");
  } else if (linear_attention::has_special(p)) {
    node.mark(Semantics::kImplementationDefined,
              "NaN or inf in an input (a long double evaluation of the recurrence)");
    linear_attention::plain(p, output, state);
  } else {
    linear_attention::round_all(node, p, output, state);
  }
  Tensors out;
  out.push_back(norm::tensor_of(p.out_type, p.output_shape(), output));
  if (node.proto().output_size() > 1) out.push_back(norm::tensor_of(p.state_type, p.state_shape(), state));
  return out;
}

}  // namespace touchstone::ops
