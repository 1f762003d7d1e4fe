#include "harness/compare.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <complex>
#include <limits>
#include <sstream>

#include "reference/numeric/exact.h"

namespace touchstone::harness {

namespace {

// The ordered integer representation: sign-magnitude bits mapped so that integer order
// is float order and +0, -0 both map to 0.
__int128 ordered(double x, DType dtype) {
  uint64_t bits = 0, sign = 0;
  switch (dtype) {
    case DType::kFloat16: bits = small_float_from_double(x, kFloat16Format); sign = 0x8000; break;
    case DType::kBFloat16: bits = small_float_from_double(x, kBFloat16Format); sign = 0x8000; break;
    case DType::kFloat: bits = std::bit_cast<uint32_t>(static_cast<float>(x)); sign = 0x80000000u; break;
    default: bits = std::bit_cast<uint64_t>(x); sign = 0x8000000000000000ull; break;
  }
  const __int128 magnitude = static_cast<__int128>(bits & ~sign);
  return (bits & sign) ? -magnitude : magnitude;
}

double min_normal(DType dtype) {
  switch (dtype) {
    case DType::kFloat16: return std::ldexp(1.0, -14);
    case DType::kBFloat16: case DType::kFloat: return std::ldexp(1.0, -126);
    default: return std::numeric_limits<double>::min();
  }
}

struct ElementResult {
  bool ok;
  double ulp, abs;
  double margin = -1;    // error / allowed error, where the policy has one
  double allowed = -1;   // the bound policy's allowed error (+inf: vacuous), -1 otherwise
};

// `allowed`: the oracle's per-element allowed error for the bound policy (NaN: use the formula).
ElementResult judge(double e, double a, DType dtype, const ComparePolicy& p, double magnitude, double allowed) {
  const bool ne = std::isnan(e), na = std::isnan(a);
  if (ne || na) {
    const double inf = std::numeric_limits<double>::infinity();
    return {ne && na, ne && na ? 0 : inf, ne && na ? 0 : inf};
  }
  if (std::isinf(e) || std::isinf(a)) {
    const bool same = e == a;
    const double inf = std::numeric_limits<double>::infinity();
    return {same, same ? 0 : inf, same ? 0 : inf};
  }
  const double ulp = ulp_distance(e, a, dtype);
  const double abs = std::fabs(a - e);
  if (p.flush_subnormals && e != 0 && std::fabs(e) < min_normal(dtype) && a == 0) return {true, ulp, abs};
  const auto kind = p.tolerance.kind;
  const auto ratio = [](double err, double limit) {
    return err == 0 ? 0.0 : limit > 0 ? err / limit : std::numeric_limits<double>::infinity();
  };
  ElementResult r{false, ulp, abs};
  switch (kind) {
    case Tolerance::kExact: case Tolerance::kUnordered: case Tolerance::kProperty: r.ok = ulp == 0; break;
    case Tolerance::kUlp:
      r.ok = ulp <= p.tolerance.ulps;
      r.margin = ratio(ulp, p.tolerance.ulps);
      break;
    case Tolerance::kBound:
      r.allowed = std::isnan(allowed) ? accumulation_bound(e, magnitude, p.tolerance.bound_terms, dtype) : allowed;
      r.ok = abs <= r.allowed;
      r.margin = ratio(abs, r.allowed);
      break;
    case Tolerance::kOnnx: {
      const double limit = 1e-7 + 1e-3 * std::fabs(e);
      r.ok = abs <= limit;
      r.margin = ratio(abs, limit);
      break;
    }
  }
  const bool check_sign = !p.ignore_zero_sign && (kind == Tolerance::kExact || kind == Tolerance::kUlp || kind == Tolerance::kUnordered);
  if (r.ok && check_sign && e == 0 && a == 0 && std::signbit(e) != std::signbit(a)) r.ok = false;
  return r;
}

void record(Comparison& c, const Tensor& expected, const Tensor& actual, int64_t index,
            const ComparePolicy& p, double margin = -1) {
  ++c.bad_count;
  if (c.first_mismatches.size() < p.max_listed)
    c.first_mismatches.push_back({index, element_to_string(expected, index), element_to_string(actual, index), margin});
}

// Sums for the suspicious-accumulator statistic of one output.
struct StatSums {
  int64_t count = 0;
  double r = 0, r2 = 0, q2 = 0;
};

template <class T>
void compare_values(Comparison& c, const Tensor& expected, const Tensor& actual, const ComparePolicy& p,
                    std::span<const double> magnitudes, std::span<const double> allowed, StatSums& stats) {
  auto e = expected.data<T>(), a = actual.data<T>();
  const DType dtype = expected.dtype();
  const bool screened = p.tolerance.kind == Tolerance::kBound && !magnitudes.empty() && allowed.empty() &&
                        (dtype == DType::kFloat16 || dtype == DType::kBFloat16);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (size_t i = 0; i < e.size(); ++i) {
    const auto index = static_cast<int64_t>(i);
    if constexpr (is_real_float<T>) {
      const double ev = numeric::widen(e[i]), av = numeric::widen(a[i]);
      const double m = i < magnitudes.size() ? magnitudes[i] : std::fabs(ev);
      const auto r = judge(ev, av, dtype, p, m, i < allowed.size() ? allowed[i] : nan);
      c.max_ulp = std::max(c.max_ulp, r.ulp);
      c.max_abs = std::max(c.max_abs, r.abs);
      if (std::isfinite(ev)) c.max_expected_abs = std::max(c.max_expected_abs, std::fabs(ev));
      if (r.margin >= 0) c.max_margin = std::max(c.max_margin, r.margin);
      if (r.allowed >= 0 && std::isfinite(ev)) {
        ++c.bound_elements;
        if (std::isinf(r.allowed)) ++c.vacuous_elements;
      }
      if (screened && std::isfinite(ev) && std::isfinite(av) && r.allowed > 0) {
        // What rounding after a float32 accumulation explains; the unit where the bound is vacuous.
        const double w = ulp_at(ev, dtype) + accumulation_bound(0, m, p.tolerance.bound_terms, DType::kFloat);
        const double unit = std::isfinite(r.allowed) ? r.allowed : w;
        const double x = (av - ev) / unit;
        const double q = std::min(1.0, w / unit);
        ++stats.count;
        stats.r += x;
        stats.r2 += x * x;
        stats.q2 += q * q;
      }
      if (!r.ok) record(c, expected, actual, index, p, r.margin);
    } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
      const DType part = std::is_same_v<T, std::complex<float>> ? DType::kFloat : DType::kDouble;
      const auto re = judge(e[i].real(), a[i].real(), part, p, std::fabs(e[i].real()), nan);
      const auto im = judge(e[i].imag(), a[i].imag(), part, p, std::fabs(e[i].imag()), nan);
      c.max_ulp = std::max({c.max_ulp, re.ulp, im.ulp});
      c.max_abs = std::max({c.max_abs, re.abs, im.abs});
      if (!re.ok || !im.ok) record(c, expected, actual, index, p);
    } else if constexpr (is_minifloat<T>) {
      // float8/float4 results are exact conversions: the same value (NaN matches NaN,
      // the sign of zero counts), whatever the policy.
      const double ev = numeric::widen(e[i]), av = numeric::widen(a[i]);
      if (std::isnan(ev) && std::isnan(av)) continue;
      if (e[i] != a[i]) {
        const double d = std::isnan(ev) || std::isnan(av) ? std::numeric_limits<double>::infinity() : std::fabs(ev - av);
        c.max_abs = std::max(c.max_abs, d);
        record(c, expected, actual, index, p);
      }
    } else if constexpr (is_small_int<T>) {
      if (e[i] != a[i]) {
        c.max_abs = std::max(c.max_abs, std::fabs(static_cast<double>(e[i].value) - a[i].value));
        record(c, expected, actual, index, p);
      }
    } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, bool>) {
      if (e[i] != a[i]) {
        if constexpr (std::is_same_v<T, bool>) c.max_abs = 1;
        record(c, expected, actual, index, p);
      }
    } else {
      if (e[i] != a[i]) {
        const double d = std::fabs(static_cast<double>(e[i]) - static_cast<double>(a[i]));
        c.max_abs = std::max(c.max_abs, d);
        record(c, expected, actual, index, p);
      }
    }
  }
}

// The unordered policy: for every slice along `axis`, the tuples (one element of each
// output at the same position) of expected and actual are equal as multisets. Elements are
// compared by their exact text (NaN equals NaN, -0 differs from +0). Outputs of different
// shapes, or an axis beyond their rank, never match this way.
bool same_multisets(const std::vector<Tensor>& expected, const std::vector<Tensor>& actual, int64_t axis) {
  const Shape& shape = expected.front().shape();
  if (axis >= static_cast<int64_t>(shape.size())) return false;
  for (size_t k = 0; k < expected.size(); ++k)
    if (expected[k].shape() != shape || actual[k].shape() != shape) return false;
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d)
    (d < axis ? outer : inner) *= d == axis ? 1 : shape[static_cast<size_t>(d)];
  const int64_t n = shape[static_cast<size_t>(axis)];
  using Tuples = std::vector<std::vector<std::string>>;
  auto tuples = [&](const std::vector<Tensor>& outs, int64_t o, int64_t i) {
    Tuples t(static_cast<size_t>(n));
    for (int64_t j = 0; j < n; ++j)
      for (const Tensor& out : outs) t[static_cast<size_t>(j)].push_back(element_to_string(out, (o * n + j) * inner + i));
    std::sort(t.begin(), t.end());
    return t;
  };
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i)
      if (tuples(expected, o, i) != tuples(actual, o, i)) return false;
  return true;
}

}  // namespace

double ulp_distance(double expected, double actual, DType dtype) {
  if (std::isnan(expected) || std::isnan(actual)) return std::numeric_limits<double>::infinity();
  const __int128 d = ordered(expected, dtype) - ordered(actual, dtype);
  return static_cast<double>(d < 0 ? -d : d);
}

double unit_roundoff(DType dtype) {
  switch (dtype) {
    case DType::kFloat16: return std::ldexp(1.0, -11);
    case DType::kBFloat16: return std::ldexp(1.0, -8);
    case DType::kFloat: return std::ldexp(1.0, -24);
    default: return std::ldexp(1.0, -53);
  }
}

double ulp_at(double x, DType dtype) {
  const int p = dtype == DType::kFloat16 ? 11 : dtype == DType::kBFloat16 ? 8 : dtype == DType::kFloat ? 24 : 53;
  const int emin = dtype == DType::kFloat16 ? -14 : dtype == DType::kDouble ? -1022 : -126;
  const double a = std::fabs(x);
  const int e = a == 0 || !std::isfinite(a) ? emin : std::max(emin, std::ilogb(a));
  return std::ldexp(1.0, e - p + 1);
}

double accumulation_bound(double expected, double magnitude, double n, DType dtype) {
  const double u = unit_roundoff(dtype);
  const double nu = n * u;
  const double gamma = nu < 1 ? nu / (1 - nu) : std::numeric_limits<double>::infinity();
  return gamma * magnitude + u * std::fabs(expected);
}

Comparison compare_tensor(const Tensor& expected, const Tensor& actual, const ComparePolicy& policy,
                          std::span<const double> magnitudes, std::span<const double> allowed) {
  Comparison c;
  if (expected.dtype() != actual.dtype()) {
    c.kind = Comparison::kWrongDtype;
    c.message = "element type " + std::string(dtype_short_name(actual.dtype())) + ", expected " +
                std::string(dtype_short_name(expected.dtype()));
    return c;
  }
  if (expected.shape() != actual.shape()) {
    c.kind = Comparison::kWrongShape;
    c.message = "shape " + shape_to_string(actual.shape()) + ", expected " + shape_to_string(expected.shape());
    return c;
  }
  StatSums sums;
  const auto kind = policy.tolerance.kind;
  c.margin_defined = kind == Tolerance::kUlp || kind == Tolerance::kBound || kind == Tolerance::kOnnx;
  visit_dtype(expected.dtype(), [&]<class T>() { compare_values<T>(c, expected, actual, policy, magnitudes, allowed, sums); });
  if (sums.count > 0) {
    const double n = static_cast<double>(sums.count);
    auto& s = c.stats;
    s.count = sums.count;
    s.mean = sums.r / n;
    s.variance = std::max(0.0, sums.r2 / n - s.mean * s.mean);
    s.rms_floor = std::sqrt(sums.q2 / n);
    s.suspicious = std::sqrt(sums.r2 / n) > s.rms_floor;
    if (s.suspicious) {
      std::ostringstream w;
      w.precision(3);
      w << "suspicious accumulator: error/bound has mean " << s.mean << ", variance " << s.variance << " over "
        << s.count << " elements (rms " << std::sqrt(sums.r2 / n) << " > " << s.rms_floor
        << ", the most rounding after a float32 accumulation explains); 16-bit data summed in 16 bits?";
      c.warning = w.str();
    }
  }
  if (c.bad_count > 0) {
    c.kind = Comparison::kValues;
    const auto& m = c.first_mismatches.front();
    std::ostringstream margin;
    margin.precision(3);
    if (m.margin >= 0) margin << " (error/allowed " << m.margin << ")";
    c.message = std::to_string(c.bad_count) + " of " + std::to_string(expected.size()) +
                " elements differ under " + policy.tolerance.to_string() + "; first at " +
                std::to_string(m.index) + ": " + m.actual + ", expected " + m.expected + margin.str();
  }
  return c;
}

namespace {

// Output i's per-element numbers when there are as many as its elements (else none).
std::span<const double> per_element(const std::vector<std::vector<double>>& all, size_t i, int64_t size) {
  return i < all.size() && static_cast<int64_t>(all[i].size()) == size ? std::span<const double>(all[i])
                                                                        : std::span<const double>();
}

Comparison wrong_count(size_t expected, size_t actual) {
  Comparison c;
  c.kind = Comparison::kWrongCount;
  c.message = std::to_string(actual) + " outputs, expected " + std::to_string(expected);
  return c;
}

// Folds output i (of `count`) into the case's comparison: metrics merged, the first
// failure kept. False when the remaining outputs need not be compared (a wrong type or
// shape ends the comparison).
bool fold_output(Comparison& total, Comparison& c, size_t i, size_t count) {
  const std::string prefix = count > 1 ? "output " + std::to_string(i) + ": " : "";
  total.max_ulp = std::max(total.max_ulp, c.max_ulp);
  total.max_abs = std::max(total.max_abs, c.max_abs);
  if (c.max_expected_abs > 0) total.max_relative = std::max(total.max_relative, c.max_abs / c.max_expected_abs);
  total.max_margin = std::max(total.max_margin, c.max_margin);
  total.margin_defined |= c.margin_defined;
  total.bound_elements += c.bound_elements;
  total.vacuous_elements += c.vacuous_elements;
  if (total.warning.empty() && !c.warning.empty()) {
    total.warning = prefix + c.warning;
    total.stats = c.stats;
  } else if (total.stats.count == 0) {
    total.stats = c.stats;
  }
  total.bad_count += c.bad_count;
  if (total.ok() && !c.ok()) {
    total.kind = c.kind;
    total.output = static_cast<int>(i);
    total.message = prefix + c.message;
    total.first_mismatches = std::move(c.first_mismatches);
    if (c.kind != Comparison::kValues) return false;
  }
  return true;
}

}  // namespace

Comparison compare_outputs(const std::vector<Tensor>& expected, const std::vector<Tensor>& actual,
                           const ComparePolicy& policy, const std::vector<std::vector<double>>& magnitudes,
                           const std::vector<std::vector<double>>& allowed) {
  if (policy.tolerance.kind == Tolerance::kUnordered) {
    // Positionally first (types, shapes, and the common case of the same order); values
    // that differ there may still be the same tuples in another order.
    ComparePolicy exact = policy;
    exact.tolerance.kind = Tolerance::kExact;
    Comparison c = compare_outputs(expected, actual, exact);
    if (c.kind != Comparison::kValues) return c;
    if (same_multisets(expected, actual, policy.tolerance.unordered_axis)) return Comparison{};
    c.message = "not the same multiset of tuples along axis " + std::to_string(policy.tolerance.unordered_axis) +
                "; positionally, " + c.message;
    return c;
  }
  if (expected.size() != actual.size()) return wrong_count(expected.size(), actual.size());
  Comparison total;
  for (size_t i = 0; i < expected.size(); ++i) {
    Comparison c = compare_tensor(expected[i], actual[i], policy, per_element(magnitudes, i, expected[i].size()),
                                  per_element(allowed, i, expected[i].size()));
    if (!fold_output(total, c, i, expected.size())) break;
  }
  return total;
}

Comparison compare_by_property(const std::vector<Tensor>& expected, const std::vector<Tensor>& actual,
                               const ComparePolicy& policy, const PropertyCheck& property) {
  ComparePolicy exact = policy;
  exact.tolerance.kind = Tolerance::kExact;
  Comparison c = compare_outputs(expected, actual, exact);
  if (c.kind != Comparison::kValues || !property) return c;
  const auto [why, bad] = property(actual);
  if (why.empty()) return Comparison{};
  Comparison failed;
  failed.kind = Comparison::kValues;
  failed.output = 0;
  failed.bad_count = bad;
  failed.message = "property (" + policy.tolerance.property + "): " + why;
  return failed;
}

namespace {

// Folds element `where`'s comparison into `c` (the first failure names it); false when the
// failure is not of values (a wrong shape or type ends the comparison).
bool fold_element(Comparison& c, Comparison e, const std::string& where) {
  c.max_ulp = std::max(c.max_ulp, e.max_ulp);
  c.max_abs = std::max(c.max_abs, e.max_abs);
  c.bad_count += e.bad_count;
  if (c.ok() && !e.ok()) {
    c.kind = e.kind;
    c.message = where + ": " + e.message;
    c.first_mismatches = std::move(e.first_mismatches);
    if (e.kind != Comparison::kValues) return false;
  }
  return true;
}

// Two maps of one type: the keys exactly (a missing or extra key is a wrong shape), each
// key's value by the policy.
Comparison compare_map(const Value& expected, const Value& actual, const ComparePolicy& policy) {
  Comparison c;
  if (expected.map_keys() != actual.map_keys()) {
    auto keys = [](const Value& m) {
      std::string s;
      for (const auto& k : m.map_keys()) s += (s.empty() ? "" : ", ") + map_key_string(k);
      return "{" + s + "}";
    };
    c.kind = Comparison::kWrongShape;
    c.message = "a map with keys " + keys(actual) + ", expected " + keys(expected);
    return c;
  }
  for (size_t i = 0; i < expected.map_keys().size(); ++i)
    if (!fold_element(c, compare_tensor(expected.map_values()[i].tensor(), actual.map_values()[i].tensor(), policy),
                      "key " + map_key_string(expected.map_keys()[i])))
      return c;
  return c;
}

}  // namespace

Comparison compare_value(const Value& expected, const Value& actual, const ComparePolicy& policy) {
  if (expected.is_tensor() && actual.is_tensor()) return compare_tensor(expected.tensor(), actual.tensor(), policy);
  Comparison c;
  if (expected.type() != actual.type()) {
    c.kind = Comparison::kWrongDtype;
    c.message = actual.type_string() + ", expected " + expected.type_string();
    return c;
  }
  if (expected.is_optional() && expected.has_value() != actual.has_value()) {
    c.kind = Comparison::kWrongShape;
    c.message = actual.has_value() ? "an optional holding a value, expected an empty optional"
                                   : "an empty optional, expected one holding a value";
    return c;
  }
  if (expected.is_optional() && !expected.has_value()) return c;  // both empty
  if (expected.type().holds_map()) return compare_map(expected, actual, policy);
  if (!expected.type().holds_sequence()) return compare_tensor(expected.tensor(), actual.tensor(), policy);
  if (expected.type().element && expected.type().element->kind == ValueType::kMap) {  // seq(map(...)): ZipMap's
    const auto want = expected.elements(), got = actual.elements();
    if (want.size() != got.size()) {
      c.kind = Comparison::kWrongShape;
      c.message = "a sequence of " + std::to_string(got.size()) + " maps, expected " + std::to_string(want.size());
      return c;
    }
    for (size_t k = 0; k < want.size(); ++k)
      if (!fold_element(c, compare_map(want[k], got[k], policy), "element " + std::to_string(k))) return c;
    return c;
  }
  const auto& want = expected.items();
  const auto& got = actual.items();
  if (want.size() != got.size()) {
    c.kind = Comparison::kWrongShape;
    c.message = "a sequence of " + std::to_string(got.size()) + " tensors, expected " + std::to_string(want.size());
    return c;
  }
  for (size_t k = 0; k < want.size(); ++k)
    if (!fold_element(c, compare_tensor(want[k], got[k], policy), "element " + std::to_string(k))) return c;
  return c;
}

Comparison compare_output_values(const Values& expected, const Values& actual, const ComparePolicy& policy,
                                 const std::vector<std::vector<double>>& magnitudes,
                                 const std::vector<std::vector<double>>& allowed) {
  const auto tensor = [](const Value& v) { return v.is_tensor(); };
  if (std::all_of(expected.begin(), expected.end(), tensor) && std::all_of(actual.begin(), actual.end(), tensor)) {
    std::vector<Tensor> e, a;
    for (const auto& v : expected) e.push_back(v.tensor());
    for (const auto& v : actual) a.push_back(v.tensor());
    return compare_outputs(e, a, policy, magnitudes, allowed);
  }
  if (expected.size() != actual.size()) return wrong_count(expected.size(), actual.size());
  Comparison total;
  for (size_t i = 0; i < expected.size(); ++i) {
    const bool tensors = expected[i].is_tensor() && actual[i].is_tensor();
    const int64_t size = expected[i].is_tensor() ? expected[i].tensor().size() : 0;
    Comparison c = tensors ? compare_tensor(expected[i].tensor(), actual[i].tensor(), policy,
                                            per_element(magnitudes, i, size), per_element(allowed, i, size))
                           : compare_value(expected[i], actual[i], policy);
    if (!fold_output(total, c, i, expected.size())) break;
  }
  return total;
}

}  // namespace touchstone::harness
