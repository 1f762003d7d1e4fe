#include "cases/judging.h"

#include <cmath>
#include <limits>

#include "reference/numeric/exact.h"

namespace touchstone::cases {

std::optional<int64_t> BoundCase::int_attr(const std::string& name) const {
  for (const auto& a : node.attribute())
    if (a.name() == name && a.type() == onnx::AttributeProto::INT) return a.i();
  return std::nullopt;
}

std::string BoundCase::string_attr(const std::string& name, const std::string& fallback) const {
  for (const auto& a : node.attribute())
    if (a.name() == name && a.type() == onnx::AttributeProto::STRING) return a.s();
  return fallback;
}

std::string Judging::describe(const CatalogRow& row) const {
  std::string s;
  const std::string plus = extra > 0 ? "+" + std::to_string(extra) : "";
  switch (kind) {
    case kExact: s = "exact"; break;
    case kUlp: s = "ulp(" + std::to_string(ulps) + ")"; break;
    case kProductUlps: s = "ulp(n+" + std::to_string(ulps) + ")"; break;
    case kProperty: s = "property (" + std::string(function) + ")"; break;
    case kBound:
      if (bounds) s = "element bound (" + std::string(function) + (plus.empty() ? "" : ", n" + plus) + ")";
      else s = of_inputs ? "sum bound n (inputs)" : "sum bound n" + plus;
      break;
  }
  if (refine && row.since_version >= refined_since) s += "; " + std::string(refined);
  return s;
}

BoundUnits::BoundUnits(DType dtype) {
  numeric::FloatFormat f = numeric::float_format<double>();
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_real_float<T>) f = numeric::float_format<T>();
  });
  u = std::ldexp(1.0, -f.precision);
  phi = 2 * kFunctionUlps * u;
  eta = std::ldexp(1.0, f.min_exponent - f.precision + 1);
}

double BoundUnits::gamma(double n) const {
  const double nu = n * u;
  return nu < 1 ? nu / (1 - nu) : std::numeric_limits<double>::infinity();
}

std::vector<double> values_of(const Tensor& t) {
  std::vector<double> v;
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      for (const auto& x : t.data<T>()) v.push_back(numeric::widen(x));
    } else if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
      for (const auto& x : t.data<T>()) v.push_back(static_cast<double>(x));
    }
  });
  return v;
}

}  // namespace touchstone::cases
