// Dropout-1, 6, 7, 10, 12 (13, 22): in inference mode the identity, with a mask of all
// ones; in training mode each element dropped with probability `ratio` (drawn from the run's
// seeded source, graph.h RandomSource: kept when the uniform draw is >= ratio) and the kept
// ones scaled by 1 / (1 - ratio), the exact quotient rounded once.
//
// - 1: attributes is_test (default 0: training), ratio, consumed_inputs (legacy, ignored);
//   the mask is of type T; with is_test the text says the mask "is not filled": the
//   reference gives ones, marked implementation-defined. 6: consumed_inputs removed.
// - 7: is_test removed, and nothing else says how training is asked for: a model is run in
//   inference mode (Y = X), as ONNX's and ONNX Runtime's implementations do. What the mask
//   then holds the texts of 7 and 10 do not say: the reference gives ones (kept), as 12
//   states, marked implementation-defined (ONNX Runtime gives zeros).
// - 10: the mask becomes bool. 12: ratio and training_mode become optional scalar inputs
//   (ratio default 0.5, training default false; ratio ignored when not training), output =
//   scale * data * mask with scale = 1 / (1 - ratio), and the attribute seed (the reference
//   ignores it: its draws come from the run's source; implementation-defined anyway).
//   13: +bfloat16. 22: +the float8 types (ratio too).
// What ONNX leaves open: ratio = 1 is outside the text's [0, 1) (undefined; the reference
// drops everything: zeros, mask all false; the scale 1/0 is never formed); a ratio outside
// [0, 1] is refused.
#include "reference/ops/norm/dropout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "reference/error.h"
#include "reference/graph.h"
#include "reference/minifloat.h"
#include "reference/numeric/binomial.h"
#include "reference/numeric/functions.h"
#include "reference/ops/norm/norm_ops.h"

namespace touchstone::ops {

namespace dropout {

namespace {

template <class T>
double value_of(T x) {
  if constexpr (is_minifloat<T>) return to_double(x);
  else return numeric::widen(x);
}

template <class T>
T typed(double v) {
  if constexpr (is_minifloat<T>) return minifloat_from<T>(v, false);
  else return numeric::narrow<T>(v);
}

template <class T>
constexpr bool is_dropout_type = is_real_float<T> || is_minifloat<T>;

// The single value of a scalar input (`what` names it in the refusal).
double scalar_of(const Tensor& t, const std::string& what) {
  if (t.rank() != 0) invalid_model(what + " is a scalar, not " + shape_to_string(t.shape()));
  return visit_dtype(t.dtype(), [&]<class T>() -> double {
    if constexpr (is_dropout_type<T>) return value_of(t.data<T>()[0]);
    else if constexpr (std::is_same_v<T, bool>) return t.data<bool>()[0] ? 1 : 0;
    else throw std::logic_error("Dropout: ratio or training_mode of another type");  // the schema check prevents it
  });
}

void check_ratio(const Node& node, double ratio, bool training) {
  if (!(ratio >= 0 && ratio <= 1)) invalid_model("ratio is a probability in [0, 1), not " + std::to_string(ratio));
  if (training && ratio == 1)
    node.mark(Semantics::kUndefined, "ratio = 1, outside [0, 1) (the reference drops everything: zeros, mask all false)");
}

// x / (1 - ratio) rounded once to `format`, as the exact double of that value.
double kept_value(double x, double ratio, numeric::FloatFormat format) {
  if (ratio == 0 || !std::isfinite(x) || x == 0) return x;
  const double d = 1 - ratio;
  int exponent = 0;
  if (d + ratio == 1 && d - 1 == -ratio && std::frexp(d, &exponent) == 0.5)  // d exact and a power of two
    return numeric::correctly_rounded([&](mpfr_ptr out) {
      mpfr_set_d(out, x / d, MPFR_RNDN);
      return numeric::kExactResult;
    }, format);
  return numeric::correctly_rounded([&](mpfr_ptr out) {
    numeric::MpfrValue one_minus(1200, 1.0);
    mpfr_sub_d(one_minus, one_minus, ratio, MPFR_RNDN);  // exact at 1200 bits
    numeric::MpfrValue numerator(64, x);
    return mpfr_div(out, numerator, one_minus, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
  }, format);
}

template <class T>
constexpr numeric::FloatFormat format_of() {
  return numeric::float_format<T>();
}

}  // namespace

Mode read_mode(const Node& node, const Inputs& in, int since) {
  Mode m;
  m.mask_type = since >= 10 ? DType::kBool : in[0].dtype();
  if (since < 12) {
    m.ratio = node.attr_float("ratio", 0.5f);
    m.training = since < 7 && node.attr_int("is_test", 0) == 0;
    check_ratio(node, m.ratio, m.training);
    return m;
  }
  m.training = in.has(2) && scalar_of(in[2], "training_mode") != 0;
  if (!m.training) return m;  // "ratio is ignored"
  if (in.has(1)) m.ratio = scalar_of(in[1], "ratio");
  check_ratio(node, m.ratio, true);
  return m;
}

Tensors apply(const Tensor& x, const Mode& mode, const std::vector<char>& keep, bool with_mask) {
  Tensor y(x.dtype(), x.shape()), mask(mode.mask_type, x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_dropout_type<T>) {
      auto xd = x.data<T>();
      auto yd = y.data<T>();
      const double ratio = mode.training ? mode.ratio : 0;
      for (size_t i = 0; i < xd.size(); ++i) {
        const double v = value_of(xd[i]);
        yd[i] = keep[i] ? typed<T>(kept_value(v, ratio, format_of<T>())) : typed<T>(std::signbit(v) ? -0.0 : 0.0);
        if (mode.mask_type == DType::kBool) mask.data<bool>()[i] = keep[i] != 0;
        else mask.data<T>()[i] = typed<T>(keep[i] ? 1.0 : 0.0);
      }
    } else {
      throw std::logic_error("Dropout on a non-float type");  // the schema check prevents it
    }
  });
  Tensors out;
  out.push_back(std::move(y));
  if (with_mask) out.push_back(std::move(mask));
  return out;
}

namespace {

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

// Whether y is x / (1 - ratio) within 2 ulps of T (NaN matches NaN, infinities themselves).
bool near_kept(double y, double kept, numeric::FloatFormat f) {
  if (std::isnan(kept) || std::isnan(y)) return std::isnan(kept) && std::isnan(y);
  if (std::isinf(kept) || std::isinf(y)) return y == kept;
  const int exponent = kept == 0 ? f.min_exponent : std::max(std::ilogb(kept), f.min_exponent);
  return std::fabs(y - kept) <= 2 * std::ldexp(1.0, exponent - (f.precision - 1));
}

// The mask's element i as kept (true) or dropped; nullopt when it is neither 0 nor 1.
std::optional<bool> mask_at(const Tensor& mask, size_t i) {
  return visit_dtype(mask.dtype(), [&]<class T>() -> std::optional<bool> {
    if constexpr (std::is_same_v<T, bool>) return mask.data<bool>()[i];
    else if constexpr (is_dropout_type<T>) {
      const double v = value_of(mask.data<T>()[i]);
      if (v == 1 || v == 0) return v == 1;
      return std::nullopt;
    } else {
      return std::nullopt;
    }
  });
}

// What the elements say: those breaking the rule, and the trials and drops the statistic counts.
struct Tally {
  Verdict verdict;
  int64_t trials = 0, dropped = 0;
  void bad(const std::string& why) {
    if (verdict.bad++ == 0) verdict.failure = why;
  }
};

template <class T>
void tally_elements(const Tensor& x, const Tensor& y, const Tensor* mask, double ratio, Tally& t) {
  auto xd = x.data<T>();
  auto yd = y.data<T>();
  for (size_t i = 0; i < xd.size(); ++i) {
    const double xv = value_of(xd[i]), yv = value_of(yd[i]);
    const double kept = value_of(typed<T>(kept_value(xv, ratio, format_of<T>())));  // as T holds it (float8: NaN past the top)
    const bool is_kept = near_kept(yv, kept, format_of<T>());
    const bool is_dropped = yv == 0 || (!std::isfinite(xv) && std::isnan(yv));
    const std::string at = "element " + std::to_string(i) + " (x = " + element_to_string(x, static_cast<int64_t>(i)) +
                           "): output " + element_to_string(y, static_cast<int64_t>(i));
    if (mask) {
      const std::optional<bool> m = mask_at(*mask, i);
      if (!m) {
        t.bad(at + ", mask " + element_to_string(*mask, static_cast<int64_t>(i)) + " is neither 0 nor 1");
        continue;
      }
      ++t.trials;
      t.dropped += *m ? 0 : 1;
      if (*m && !is_kept)
        t.bad(at + " is not x / (1 - ratio) = " + number(kept) + " (within 2 ulps), yet the mask keeps it");
      if (!*m && !is_dropped) t.bad(at + " is not 0, yet the mask drops it");
      continue;
    }
    if (!is_kept && !is_dropped) t.bad(at + " is neither 0 nor x / (1 - ratio) = " + number(kept));
    if (std::isfinite(xv) && xv != 0) {
      ++t.trials;
      t.dropped += is_kept ? 0 : 1;
    }
  }
}

}  // namespace

Verdict check(const Node& node, const Inputs& in, int since, const std::vector<Tensor>& outputs) {
  const Mode mode = read_mode(node, in, since);
  const Tensor& x = in[0];
  Tally t;
  if (outputs.empty() || outputs[0].dtype() != x.dtype() || outputs[0].shape() != x.shape())
    return {"the output is not of X's type and shape", 1};
  const Tensor* mask = outputs.size() > 1 ? &outputs[1] : nullptr;
  if (mask && (mask->dtype() != mode.mask_type || mask->shape() != x.shape()))
    return {"the mask is not " + std::string(dtype_name(mode.mask_type)) + " of X's shape", 1};
  const double ratio = mode.training ? mode.ratio : 0;
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_dropout_type<T>) tally_elements<T>(x, outputs[0], mask, ratio, t);
  });
  const double p = numeric::binomial_two_sided_p(t.trials, t.dropped, ratio);
  if (p < numeric::kFalseAlarmRate)
    t.bad("dropped " + std::to_string(t.dropped) + " of " + std::to_string(t.trials) + " where ratio " +
          number(ratio) + " expects about " + std::to_string(std::llround(ratio * static_cast<double>(t.trials))) +
          ": two-sided binomial p-value " + number(p) + " < 1e-6");
  return t.verdict;
}

}  // namespace dropout

namespace {

Tensors dropout_kernel(const Node& node, const Inputs& in, int since) {
  const dropout::Mode mode = dropout::read_mode(node, in, since);
  const bool with_mask = node.proto().output_size() > 1 && !node.proto().output(1).empty();
  if (since < 7 && !mode.training && with_mask)
    node.mark(Semantics::kImplementationDefined, "is_test: the mask is \"not filled\" (the reference: all ones)");
  if ((since == 7 || since == 10) && with_mask)
    node.mark(Semantics::kImplementationDefined,
              "the mask in inference mode: 7's and 10's texts say nothing of it (the reference: all ones, as 12 states)");
  const Tensor& x = in[0];
  std::vector<char> keep(static_cast<size_t>(x.size()), 1);
  if (mode.random()) {
    RandomSource& source = node.random();
    for (char& k : keep) k = source.next_double() >= mode.ratio ? 1 : 0;
  }
  return dropout::apply(x, mode, keep, with_mask);
}

}  // namespace

Tensors dropout_v1(const Node& node, const Inputs& in) { return dropout_kernel(node, in, 1); }
Tensors dropout_v7(const Node& node, const Inputs& in) { return dropout_kernel(node, in, 7); }
Tensors dropout_v10(const Node& node, const Inputs& in) { return dropout_kernel(node, in, 10); }
Tensors dropout_v12(const Node& node, const Inputs& in) { return dropout_kernel(node, in, 12); }

}  // namespace touchstone::ops
