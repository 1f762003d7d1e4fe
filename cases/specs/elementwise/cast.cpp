// Case specs of Cast (1, 6, 9, 13) and CastLike (15).
//
// Every (input type, target type) pair the version allows: seeded random values where the
// conversion is defined (whole numbers in range when the target is an integer or bool),
// the source type's special values, rounding ties of each float target (from double,
// float and the wide integers), float values just outside each integer target's range,
// and string literals (the spec's spellings, scientific forms, junk). The target is the
// `to` attribute for Cast (tagged "output:<type>" so coverage counts it) and the second
// input's type for CastLike. Refusals: targets outside T2, `to` codes that are no type,
// and Cast-1's type names; the schema-level ones come from the generator (cases/refusals.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>

#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/values.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

std::vector<DType> allowed_types(const CatalogRow& row, const std::string& param) {
  return allowed_dtypes(schema_of(row), param);
}

bool has(const std::vector<DType>& types, DType d) { return std::find(types.begin(), types.end(), d) != types.end(); }

// Cast-1 spells the type by its TensorProto.DataType name.
onnx::AttributeProto to_attribute(const CatalogRow& row, DType to) {
  if (row.since_version > 1) return make_attr("to", static_cast<int64_t>(to));
  std::string name(dtype_name(to));
  for (auto& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return make_attr("to", name);
}

Shape length(size_t n) { return {static_cast<int64_t>(n)}; }

Tensor strings(const std::vector<std::string>& values) { return Tensor::from_values<std::string>(length(values.size()), values); }

bool is_unsigned(DType t) {
  return visit_dtype(t, [&]<class T>() {
    if constexpr (is_integer<T>) return std::is_unsigned_v<T>;
    else return false;
  });
}

// Random values of `from` whose cast to `to` is defined: whole numbers in every integer
// type's range when the target or source is an integer or bool; strings are those
// values' literals (integers as digits).
Tensor random_source(Rng& rng, DType from, DType to, const Shape& shape) {
  const bool whole = is_integer_dtype(to) || to == DType::kBool || is_integer_dtype(from) || from == DType::kBool;
  if (from != DType::kString) {
    Domain d;
    if (whole) d.integral = true, d.int_lo = 0, d.int_hi = to == DType::kBool ? 1 : 100;  // 0/1: defined before Cast-13
    if (from == DType::kBool) {
      std::vector<double> v;
      for (int64_t i = 0; i < element_count(shape); ++i) v.push_back(static_cast<double>(rng.integer(0, 1)));
      return tensor_of(from, shape, v);
    }
    return random_tensor(rng, from, shape, d);
  }
  std::vector<std::string> text;
  for (int64_t i = 0; i < element_count(shape); ++i) {
    char buf[40];
    if (to == DType::kBool) {
      std::snprintf(buf, sizeof buf, "%d", static_cast<int>(rng.integer(0, 1)));
    } else if (is_integer_dtype(to)) {
      std::snprintf(buf, sizeof buf, "%d", static_cast<int>(rng.integer(is_unsigned(to) ? 0 : -100, 100)));
    } else {
      const double x = std::ldexp(1 + rng.unit(), static_cast<int>(rng.integer(-20, 20)));
      std::snprintf(buf, sizeof buf, "%.17g", rng.integer(0, 1) ? -x : x);
    }
    text.emplace_back(buf);
  }
  return Tensor::from_values<std::string>(shape, text);
}

// The special values of a source type, strings and bool included.
Tensor specials(DType from) {
  if (from == DType::kBool) return tensor_of(from, {2}, {0, 1});
  if (from == DType::kString)
    return strings({"1.5", "-INF", "+INF", "inf", "-Inf", "NaN", "nan", "1e40", "-1e-40", "1E8", ".5", "5.", "-0", "007",
                    "1000", "-7", "2.718", "1e3", "300", "99999999999999999999", "-1", " 12", "abc", "", "Infinity",
                    "0x10", "-NaN", "true"});
  return special_values(from);
}

// Values on and beside the rounding ties of a float target, as `from` holds them.
std::vector<double> ties_for(DType to) {
  const int p = to == DType::kFloat16 ? 11 : to == DType::kBFloat16 ? 8 : 24;
  const double half = std::ldexp(1.0, -p);  // half an ulp of 1
  std::vector<double> v = {1 + half, 1 + 3 * half, 1 + half + std::ldexp(1.0, -40), 1 + half - std::ldexp(1.0, -40),
                           -(1 + half), std::ldexp(1.0, p) + 1, std::ldexp(1.0, p) + 3, std::ldexp(1.0, p + 1) + 2};
  if (to == DType::kFloat16) v.insert(v.end(), {65519, 65520, -65520, 0x1p-25, 3 * 0x1p-25, 0x1p-25 + 0x1p-50});
  if (to == DType::kBFloat16) v.insert(v.end(), {0x1p-134, 0x1p60 + 0x1p52 + 0x1p20});
  if (to == DType::kFloat) v.insert(v.end(), {0x1p60 + 0x1p36 + 0x1p4, 0x1p-150, 0x1p-150 + 0x1p-180});
  return v;
}

// Floats just inside and outside an integer type's range.
std::vector<double> range_edges(DType to) {
  return visit_dtype(to, [&]<class T>() -> std::vector<double> {
    if constexpr (is_integer<T>) {
      const double lo = static_cast<double>(std::numeric_limits<T>::min());
      const double hi = std::ldexp(1.0, std::numeric_limits<T>::digits);  // max + 1
      return {hi, hi - 0.5, hi * 2, lo - 1, lo - 0.5, lo, -0.5, -1, 2.5, -2.5, 0x1p63, -0x1p63, 0x1p64, NAN, INFINITY, -INFINITY};
    } else {
      return {};
    }
  });
}

void add(std::vector<CaseDraft>& out, std::string name, std::vector<Tensor> inputs, std::vector<onnx::AttributeProto> attrs,
         std::vector<std::string> tags, std::string rule, bool smoke) {
  if (!rule.empty()) tags.insert(tags.begin(), "negative");
  out.push_back({std::move(name), std::move(inputs), std::move(attrs), std::move(tags), std::move(rule), smoke});
}

}  // namespace

void cast_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool like = row.op == "CastLike";
  const std::vector<DType> sources = allowed_types(row, "T1"), targets = allowed_types(row, "T2");
  const std::string label = row.label();
  // One case of `from` to `to`: Cast names the target in `to`, CastLike by its second input.
  auto draft = [&](DType to, const std::string& name, Tensor x, std::vector<std::string> tags, bool smoke) {
    const std::string short_to(dtype_short_name(to));
    if (like) {
      add(out, name, {std::move(x), tensor_of(to, {1}, {0})}, {}, std::move(tags), "", smoke);
    } else {
      tags.push_back("output:" + short_to);
      add(out, "to_" + short_to + "_" + name, {std::move(x)}, {to_attribute(row, to)}, std::move(tags), "", smoke);
    }
  };
  bool first = true;
  for (DType from : sources) {
    for (DType to : targets) {
      const std::string base = like ? "" : "to_" + std::string(dtype_short_name(to)) + "_";
      const std::vector<DType> id_types = like ? std::vector<DType>{from, to} : std::vector<DType>{from};
      Rng rng(seed_of(case_id(row, id_types, base + "random")));
      // Printing floats and bools, and reading strings as bool, are implementation-defined
      // for every value: those random cases say so first.
      const bool open = (to == DType::kString && (is_float_dtype(from) || from == DType::kBool)) ||
                        (from == DType::kString && to == DType::kBool);
      // The float8/float4 and 4-/2-bit types are drawn over every bit pattern (NaN, the
      // extremes), and targets of those types saturate or are open (negative to e8m0):
      // such random cases may hold undefined elements, and say so first.
      const bool any_bits = is_minifloat_dtype(from) || is_small_int_dtype(from) || is_minifloat_dtype(to) ||
                            is_small_int_dtype(to);
      draft(to, "random", random_source(rng, from, to, {3, 4}),
            open       ? std::vector<std::string>{"implementation-defined", "random"}
            : any_bits ? std::vector<std::string>{"every-bit-pattern", "random"}
                       : std::vector<std::string>{"random"},
            first || from == to);
      first = false;
      draft(to, "special_values", specials(from), {"special-values"}, true);
      if (is_float_dtype(to) && from != to && from != DType::kBool && from != DType::kString && to != DType::kDouble) {
        const auto v = ties_for(to);
        draft(to, "ties", tensor_of(from, length(v.size()), v), {"special-values", "rounding"}, false);
      }
      if (is_float_dtype(from) && is_integer_dtype(to)) {
        const auto v = range_edges(to);
        draft(to, "range_edges", tensor_of(from, length(v.size()), v), {"special-values", "out-of-range"}, false);
      }
    }
  }
  // Refusals of Cast's own: a target outside T2 (an attribute value, not an input type),
  // `to` naming no type. Types outside T1 (and CastLike's T2), `to` missing or of the wrong
  // kind come from the generator (cases/refusals.h).
  if (like) return;
  const DType ok_from = sources.front();
  auto input = [&](DType d) { return d == DType::kString ? strings({"1"}) : tensor_of(d, {1}, {1}); };
  for (DType d : all_dtypes())
    if (!has(targets, d))
      add(out, "refuse_to_" + std::string(dtype_short_name(d)), {input(ok_from)}, {to_attribute(row, d)},
          {"type", "attribute"}, label + ": target " + std::string(dtype_name(d)) + " is outside T2", false);
  const Tensor x = input(ok_from);
  if (row.since_version == 1) {
    add(out, "refuse_to_lowercase", {x}, {make_attr("to", std::string("float"))}, {"attribute"},
        label + ": to must be a TensorProto.DataType name", false);
    add(out, "refuse_to_undefined", {x}, {make_attr("to", std::string("UNDEFINED"))}, {"attribute"},
        label + ": UNDEFINED is no element type", false);
  } else {
    // 17 (float8e4m3fn) is a type from Cast-19 on; 27 is none in ONNX 1.23.
    for (int64_t code : {int64_t{0}, int64_t{row.since_version < 19 ? 17 : 27}, int64_t{99}, int64_t{-1}})
      add(out, "refuse_to_code_" + std::to_string(code), {x}, {make_attr("to", code)}, {"attribute"},
          label + ": to = " + std::to_string(code) + " is no element type", false);
  }
}

}  // namespace touchstone::cases
