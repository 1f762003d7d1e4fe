// The random family's shared rules and the distribution tests (distribution.h).
#include "reference/ops/random/distribution.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

#include "reference/error.h"
#include "reference/numeric/exact.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops::randomness {

namespace {

std::string shown(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

// A tensor's elements as doubles (floats widen exactly; integers and bools as numbers).
std::vector<double> doubles_of(const Tensor& t) {
  std::vector<double> v;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (const auto& x : t.data<T>()) v.push_back(numeric::widen(x));
    } else if constexpr (is_integer<T> || std::is_same_v<T, bool>) {
      for (const auto& x : t.data<T>()) v.push_back(static_cast<double>(x));
    }
  });
  return v;
}

numeric::FloatFormat format_of(DType dtype) {
  numeric::FloatFormat f = numeric::float_format<double>();
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_real_float<T>) f = numeric::float_format<T>();
  });
  return f;
}

// One unit in the last place of `format` at |x|.
double ulp_at(double x, numeric::FloatFormat f) {
  const int e = x == 0 || !std::isfinite(x) ? f.min_exponent : std::max(std::ilogb(x), f.min_exponent);
  return std::ldexp(1.0, e - (f.precision - 1));
}

bool representable(double x, numeric::FloatFormat f) {
  if (!std::isfinite(x) || x == 0) return true;
  const double u = ulp_at(x, f);
  return std::fabs(x) <= std::ldexp(2.0, f.max_exponent) && std::fmod(x, u) == 0;
}

// The DKW test: sorted values v against the distribution function F, each value allowed
// `slack(v)` of rounding. The statistic never exceeds that of the unrounded draws (rounding
// is monotone, so the i-th value of the sample is within its slack of the i-th draw).
Verdict dkw(std::vector<double> v, const std::function<double(double)>& cdf,
            const std::function<double(double)>& slack, double alpha, const std::string& what) {
  if (v.empty()) return {};
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size());
  const double eps = std::sqrt(std::log(2 / alpha) / (2 * n));
  double worst = 0, at = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    const double d = slack(v[i]);
    const double above = static_cast<double>(i + 1) / n - cdf(v[i] + d);
    const double below = cdf(v[i] - d) - static_cast<double>(i) / n;
    if (std::max(above, below) > worst) worst = std::max(above, below), at = v[i];
  }
  if (worst <= eps) return {};
  return {"the values are not " + what + ": the empirical distribution is " + shown(worst) + " from it at " +
              shown(at) + " (allowed " + shown(eps) + " for " + std::to_string(v.size()) +
              " values at false-alarm rate " + shown(alpha) + ")",
          1};
}

DType dtype_attr(const Node& node, DType fallback, std::string_view param) {
  if (!node.has_attr("dtype")) return fallback;
  const int64_t code = node.attr_int("dtype", 0);
  const auto d = dtype_from_code(static_cast<int>(code));
  if (!d) invalid_model("dtype " + std::to_string(code) + " is not an element type");
  shape::check_output_type(node, param, *d, "dtype");
  return *d;
}

}  // namespace

Fill read_fill(const Node& node, const Inputs& in, bool uniform) {
  Fill f;
  const bool like = in.size() > 0;
  if (like) {
    f.shape = in[0].shape();
    f.dtype = dtype_attr(node, in[0].dtype(), "T2");
    if (!node.has_attr("dtype")) shape::check_output_type(node, "T2", f.dtype, "the input (no dtype given)");
  } else {
    f.dtype = dtype_attr(node, DType::kFloat, "T");
    if (!node.has_attr("shape")) invalid_model("the attribute shape is required");
    f.shape = node.attr_ints("shape");
    for (int64_t d : f.shape)
      if (d < 0) invalid_model("shape has a negative dimension " + std::to_string(d));
  }
  f.a = uniform ? node.attr_float("low", 0.0f) : node.attr_float("mean", 0.0f);
  f.b = uniform ? node.attr_float("high", 1.0f) : node.attr_float("scale", 1.0f);
  return f;
}

DType bernoulli_type(const Node& node, const Tensor& input) { return dtype_attr(node, input.dtype(), "T2"); }

Draws read_draws(const Node& node, const Tensor& input) {
  if (input.rank() != 2)
    invalid_model("the input must be 2-D [batch_size, class_size], got " + shape_to_string(input.shape()));
  Draws d;
  const int64_t code = node.attr_int("dtype", 6);
  if (code != 6 && code != 7)
    invalid_model("dtype " + std::to_string(code) + " is not int32 (6) or int64 (7)");
  d.dtype = code == 6 ? DType::kInt32 : DType::kInt64;
  d.samples = node.attr_int("sample_size", 1);
  if (d.samples < 0) invalid_model("sample_size is negative (" + std::to_string(d.samples) + ")");
  return d;
}

std::vector<long double> class_probabilities(const std::vector<double>& logits) {
  long double top = -INFINITY;
  for (double x : logits) {
    if (std::isnan(x) || x == INFINITY) return {};
    top = std::max<long double>(top, x);
  }
  if (std::isinf(top)) return {};
  std::vector<long double> p;
  long double sum = 0;
  for (double x : logits) sum += p.emplace_back(std::exp(static_cast<long double>(x) - top));
  for (auto& q : p) q /= sum;
  return p;
}

Verdict check_uniform(double low, double high, const Tensor& out, double alpha) {
  const auto f = format_of(out.dtype());
  const double lo = representable(low, f) ? low : low - ulp_at(low, f);
  const double hi = representable(high, f) ? high : high + ulp_at(high, f);
  const auto v = doubles_of(out);
  int64_t outside = 0;
  double first = 0;
  for (double x : v)
    if (!(x >= lo && x <= hi)) first = outside++ == 0 ? x : first;
  if (outside > 0)
    return {std::to_string(outside) + " values outside [low, high] = [" + shown(low) + ", " + shown(high) +
                "], the first " + shown(first),
            outside};
  if (!(high > low)) return {};
  const auto cdf = [&](double x) { return std::clamp((x - low) / (high - low), 0.0, 1.0); };
  return dkw(
      v, cdf, [&](double x) { return 2 * ulp_at(x, f); }, alpha,
      "uniform on [" + shown(low) + ", " + shown(high) + ")");
}

Verdict check_normal(double mean, double scale, const Tensor& out, double alpha) {
  const auto f = format_of(out.dtype());
  const auto v = doubles_of(out);
  int64_t bad = 0;
  for (double x : v) bad += std::isfinite(x) ? 0 : 1;
  if (bad > 0) return {std::to_string(bad) + " values are NaN or infinite", bad};
  const double s = std::fabs(scale);
  const auto cdf = [&](double x) {
    if (s == 0) return x < mean ? 0.0 : 1.0;
    return 0.5 * std::erfc(-(x - mean) / (s * std::sqrt(2.0)));
  };
  return dkw(
      v, cdf, [&](double x) { return 2 * ulp_at(x, f); }, alpha,
      "normal with mean " + shown(mean) + " and scale " + shown(scale));
}

Verdict check_bernoulli(const Tensor& p_tensor, const Tensor& out, double alpha) {
  const auto p = doubles_of(p_tensor), y = doubles_of(out);
  Verdict v;
  std::map<double, std::pair<int64_t, int64_t>> groups;  // p -> (trials, ones)
  double expected = 0, ones = 0;
  int64_t n = 0;
  for (size_t i = 0; i < y.size() && i < p.size(); ++i) {
    if (y[i] != 0 && y[i] != 1) {
      if (v.bad++ == 0) v.failure = "element " + std::to_string(i) + " is " + shown(y[i]) + ", not 0 or 1";
      continue;
    }
    if (!(p[i] >= 0 && p[i] <= 1)) continue;  // undefined
    if ((p[i] == 0 && y[i] != 0) || (p[i] == 1 && y[i] != 1)) {
      if (v.bad++ == 0)
        v.failure = "element " + std::to_string(i) + " is " + shown(y[i]) + " where p = " + shown(p[i]);
      continue;
    }
    auto& g = groups[p[i]];
    ++g.first;
    g.second += static_cast<int64_t>(y[i]);
    expected += p[i], ones += y[i], ++n;
  }
  if (v.bad > 0) return v;
  int64_t tests = 1;
  for (const auto& [q, g] : groups) tests += q > 0 && q < 1 && g.first >= 2 ? 1 : 0;
  const double a = alpha / static_cast<double>(tests);
  for (const auto& [q, g] : groups) {
    if (!(q > 0 && q < 1) || g.first < 2) continue;
    if (numeric::binomial_two_sided_p(g.first, g.second, q) < a)
      return {std::to_string(g.second) + " ones among the " + std::to_string(g.first) +
                  " elements of p = " + shown(q) + " (expected " + shown(q * static_cast<double>(g.first)) +
                  "; exact binomial test at " + shown(a) + ")",
              1};
  }
  const double allowed = std::sqrt(static_cast<double>(n) * std::log(2 / a) / 2);
  if (std::fabs(ones - expected) > allowed)
    return {shown(ones) + " ones in all, the probabilities sum to " + shown(expected) + " (Hoeffding at " +
                shown(a) + " allows " + shown(allowed) + ")",
            1};
  return {};
}

Verdict check_multinomial(const Tensor& logits, const Tensor& out, double alpha) {
  if (logits.rank() != 2 || out.rank() != 2) return {"the input and output must be 2-D", 1};
  const int64_t batch = logits.shape()[0], classes = logits.shape()[1], samples = out.shape()[1];
  const auto x = doubles_of(logits), y = doubles_of(out);
  std::vector<std::vector<long double>> probabilities;
  int64_t tests = 0;
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<double> row(x.begin() + b * classes, x.begin() + (b + 1) * classes);
    probabilities.push_back(class_probabilities(row));
    for (long double q : probabilities.back()) tests += q > 0 && q < 1 ? 1 : 0;
  }
  const double a = alpha / static_cast<double>(std::max<int64_t>(tests, 1));
  for (int64_t b = 0; b < batch; ++b) {
    const auto& p = probabilities[static_cast<size_t>(b)];
    if (p.empty()) continue;  // undefined row
    std::vector<int64_t> counts(static_cast<size_t>(classes));
    for (int64_t s = 0; s < samples; ++s) {
      const double c = y[static_cast<size_t>(b * samples + s)];
      if (!(c >= 0 && c < static_cast<double>(classes)) || p[static_cast<size_t>(c)] == 0)
        return {"row " + std::to_string(b) + " draws class " + shown(c) +
                    ", which has probability 0 or does not exist",
                1};
      ++counts[static_cast<size_t>(c)];
    }
    for (int64_t j = 0; j < classes; ++j) {
      const double q = static_cast<double>(p[static_cast<size_t>(j)]);
      if (!(q > 0 && q < 1)) continue;
      if (numeric::binomial_two_sided_p(samples, counts[static_cast<size_t>(j)], q) < a)
        return {"row " + std::to_string(b) + " draws class " + std::to_string(j) + " " +
                    std::to_string(counts[static_cast<size_t>(j)]) + " times in " + std::to_string(samples) +
                    " (probability " + shown(q) + ", expected " + shown(q * static_cast<double>(samples)) +
                    "; exact binomial test at " + shown(a) + ")",
                1};
    }
  }
  return {};
}

Verdict check(const Node& node, const Inputs& in, const std::vector<Tensor>& outputs, double alpha) {
  if (outputs.empty()) return {"no output", 1};
  const std::string& op = node.proto().op_type();
  if (op == "Bernoulli") return check_bernoulli(in[0], outputs[0], alpha);
  if (op == "Multinomial") return check_multinomial(in[0], outputs[0], alpha);
  const bool uniform = op == "RandomUniform" || op == "RandomUniformLike";
  const Fill f = read_fill(node, in, uniform);
  return uniform ? check_uniform(f.a, f.b, outputs[0], alpha) : check_normal(f.a, f.b, outputs[0], alpha);
}

}  // namespace touchstone::ops::randomness
